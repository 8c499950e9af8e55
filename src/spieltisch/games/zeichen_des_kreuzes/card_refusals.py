"""Why a card or city action is illegal (the card phase, ZK-R13 to ZK-R16 and section 6;
the city phase, ZK-R24 to ZK-R32, ZK-J1): the reason in plain words and the rule, in the
reader's language (see ``refusals``). Nothing here changes a state."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.i18n import Catalog
from .actions import ZkAction
from .board import CRETE, GREEN_CITY, JERUSALEM, RED, SEA
from .components import EVENT_RULES, HELD, JOKER, MOVEMENT
from .constants import JERUSALEM_MOTIVATION, SIEGE_ARMY
from .names import city_name, event_name
from .refusals import (
    Found,
    card_name,
    not_adjacent,
    not_in_hand,
    place_name,
    player_name,
    terrain_name,
)

if TYPE_CHECKING:
    from .state import ZkState


def move_refusal(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    found = not_in_hand(state, seat, action, _)
    if found:
        return found
    name = card_name(state, action.card, _)
    card = state.comp.cards[action.card]
    if card.kind != MOVEMENT:
        return _("{card} is not a movement card").format(card=name), "ZK-R14"
    board = state.comp.board
    here = state.pawn[seat]
    if card.terrain != JOKER and not board.terrain_neighbours[here][card.terrain]:
        text = _("No {terrain} cell is next to your knight on {pawn}: {card} cannot move you now")
        return (
            text.format(
                terrain=terrain_name(card.terrain, _), pawn=place_name(state, here, _), card=name
            ),
            "ZK-R14",
        )
    found = not_adjacent(state, seat, action.to, "ZK-R14", _)
    if found:
        return found
    terrain = board.terrain[action.to]
    if card.terrain != JOKER and terrain != card.terrain:
        return (
            _("{card} moves onto {terrain} only; {cell} is {here}").format(
                card=name,
                terrain=terrain_name(card.terrain, _),
                cell=place_name(state, action.to, _),
                here=terrain_name(terrain, _),
            ),
            "ZK-R14",
        )
    return None


def event_refusal(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    found = not_in_hand(state, seat, action, _)
    if found:
        return found
    card = state.comp.cards[action.card]
    if card.kind != HELD:
        name = card_name(state, action.card, _)
        return _("{card} is not an event card").format(card=name), "ZK-R38"
    event = card.event or ""
    rule = EVENT_RULES[event]
    name = event_name(event, _.lang)
    if event in ("truce", "tower_shaking", "holy_lance"):
        return (
            _("{name} is played only at its moment in a fight, not in the card phase").format(
                name=name
            ),
            "ZK-R38",
        )
    check = _EVENT_CHECKS.get(event)
    text = None if check is None else check(state, seat, action, _, name)
    if text is None:
        text = _("{name} cannot be played like this now").format(name=name)
    return text, rule


# the condition of each card-phase event (section 6): the reason it fails, or None
EventCheck = Callable[["ZkState", int, ZkAction, Catalog, str], str | None]


def _steps(land: bool) -> EventCheck:
    """Forced march (land) and Genoese ships (sea): where the steps may go."""

    def check(state: ZkState, seat: int, action: ZkAction, _: Catalog, name: str) -> str | None:
        board = state.comp.board
        here = state.pawn[seat]
        seas = [n for n in board.neighbours[here] if board.terrain[n] == SEA]
        if land and board.terrain[here] == SEA:
            return _("{name} starts on land; your knight is at sea").format(name=name)
        if not land and not seas:
            text = _("{name} needs a sea cell next to your knight; there is none")
            return text.format(name=name)
        if action.to < 0:
            return _("{name} needs the cell to step to").format(name=name)
        found = not_adjacent(state, seat, action.to, "", _)
        if found:
            return found[0]
        terrain = board.terrain[action.to]
        cell = place_name(state, action.to, _)
        if land and terrain == SEA:
            return _("{name} steps onto land only; {cell} is sea").format(name=name, cell=cell)
        if not land and terrain != SEA:
            text = _("{name} steps onto sea only; {cell} is {terrain}")
            return text.format(name=name, cell=cell, terrain=terrain_name(terrain, _))
        return None

    return check


def _mercenaries(state: ZkState, seat: int, action: ZkAction, _: Catalog, name: str) -> str | None:
    if state.treasure[seat] < 1:
        return _("{name} costs 1 treasure; you have none").format(name=name)
    if state.supply[seat] < 1:
        return _("Your supply is empty: {name} finds no troops to hire").format(name=name)
    return None


def _relic(state: ZkState, seat: int, action: ZkAction, _: Catalog, name: str) -> str | None:
    if state.pawn[seat] not in state.comp.board.city_at:
        return _("{name} is played in a city; your knight is not in one").format(name=name)
    return None


def _tribute(state: ZkState, seat: int, action: ZkAction, _: Catalog, name: str) -> str | None:
    if not state.green_tiles[seat]:
        text = _("{name} needs a green tile (a plundered Muslim city); you hold none")
        return text.format(name=name)
    return None


def _sermon(state: ZkState, seat: int, action: ZkAction, _: Catalog, name: str) -> str | None:
    board = state.comp.board
    city = board.city_at.get(state.pawn[seat], -1)
    kind = board.cities[city].kind if city >= 0 else ""
    if not (kind == CRETE or (kind == RED and state.plundered_by[city] < 0)):
        return _(
            "{name} is preached in an unplundered Christian city or in Candia; your "
            "knight is not in one"
        ).format(name=name)
    if state.supply[seat] < 1:
        return _("Your supply is empty: {name} finds no troops").format(name=name)
    return None


def _ambush(state: ZkState, seat: int, action: ZkAction, _: Catalog, name: str) -> str | None:
    board = state.comp.board
    jerusalem = board.jerusalem.cell

    def exposed(y: int) -> bool:
        return board.terrain[state.pawn[y]] != SEA and state.pawn[y] != jerusalem

    if not any(exposed(y) for y in range(state.players) if y != seat):
        text = _("{name} needs another player's knight on land outside Jerusalem; there is none")
        return text.format(name=name)
    y = action.target
    if y < 0:
        return _("{name} needs the player to ambush").format(name=name)
    if y == seat:
        return _("You cannot ambush yourself")
    if y >= state.players:
        return _("There is no such player in a game of {n}").format(n=state.players)
    player = player_name(y, _)
    if board.terrain[state.pawn[y]] == SEA:
        text = _("{player} is at sea: {name} strikes only on land")
        return text.format(player=player, name=name)
    if state.pawn[y] == jerusalem:
        text = _("{player} stands on Jerusalem: {name} cannot strike there")
        return text.format(player=player, name=name)
    return None


_EVENT_CHECKS: dict[str, EventCheck] = {
    "forced_march": _steps(land=True),
    "genoese_ships": _steps(land=False),
    "mercenaries": _mercenaries,
    "relic": _relic,
    "tribute": _tribute,
    "crusade_sermon": _sermon,
    "ambush": _ambush,
}


def city_refusal(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    board = state.comp.board
    city = state.city_here(seat)
    if city < 0:
        return _("Your knight is not in a city"), "ZK-R24"
    info = board.cities[city]
    name = city_name(info.name, _.lang)
    kind = action.kind
    plundered = state.plundered_by[city] >= 0
    if kind == "plunder":
        if info.kind == CRETE:
            return _("Candia (Crete) can never be plundered"), "ZK-R31"
        if info.kind == JERUSALEM:
            return _("Jerusalem is not plundered; it is besieged"), "ZK-R32"
        if plundered:
            return _("{city} has already been plundered").format(city=name), "ZK-R28"
        if state.army[seat] < 1:
            return _("Plundering needs at least 1 troop in your army"), "ZK-R28"
        if info.kind == GREEN_CITY:
            held = len(state.green_tiles[seat])
            return (
                _.ngettext(
                    "You already hold {n} green tile, the limit of Muslim plunders with "
                    "{players} players",
                    "You already hold {n} green tiles, the limit of Muslim plunders with "
                    "{players} players",
                    held,
                ).format(n=held, players=state.players),
                "ZK-R29",
            )
    if kind in ("pray", "recruit"):
        if info.kind in (GREEN_CITY, JERUSALEM):
            return (
                _("{city} is a Muslim city: you cannot pray or recruit there").format(city=name),
                "ZK-R25",
            )
        if plundered:
            return (
                _("{city} has been plundered: it is closed to praying and recruiting").format(
                    city=name
                ),
                "ZK-R28",
            )
        if kind == "recruit":
            t, s = state.treasure[seat], state.supply[seat]
            if t < 1:
                return _("Recruiting costs treasure; you have none"), "ZK-R27"
            if s < 1:
                return _("Your supply is empty: there are no troops to recruit"), "ZK-R27"
            top = min(t, (s + 1) // 2)
            return (
                _(
                    "You may pay 1 to {top} treasure for recruits (treasure {treasure}, "
                    "supply {supply}), not {amount}"
                ).format(top=top, treasure=t, supply=s, amount=action.amount),
                "ZK-R27",
            )
    if kind == "siege":
        found = _siege(state, seat, info.kind, _)
        if found:
            return found
    if info.kind == RED and plundered:
        return _("{city} has been plundered: you can only pass").format(city=name), "ZK-R25"
    return None


def _siege(state: ZkState, seat: int, city_kind: str, _: Catalog) -> Found:
    """ZK-J1: Jerusalem, enough Muslim plunders, motivation 6 and an army of 5."""
    if city_kind != JERUSALEM:
        return _("Only Jerusalem can be besieged"), "ZK-R32"
    held = len(state.green_tiles[seat])
    if held < state.jerusalem_tiles:
        need = state.jerusalem_tiles
        text = _.ngettext(
            "A siege needs {need} Muslim plunder (a green tile); you have {n}",
            "A siege needs {need} Muslim plunders (green tiles); you have {n}",
            need,
        )
        return text.format(need=need, n=held), "ZK-J1"
    if state.motivation[seat] < JERUSALEM_MOTIVATION:
        text = _("A siege needs motivation 6; yours is {n}")
        return text.format(n=state.motivation[seat]), "ZK-J1"
    if state.army[seat] < SIEGE_ARMY:
        return _("A siege needs an army of 5; yours is {n}").format(n=state.army[seat]), "ZK-J1"
    return None
