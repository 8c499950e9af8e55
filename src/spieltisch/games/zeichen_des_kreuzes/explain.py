"""Why an action is illegal: a sentence naming the problem and the rule (bad input gets a
clear error; the state is never changed), in the reader's language (the game's catalogs;
the state raises it in English, ``why_illegal(..., lang)`` says it in another)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.i18n import Catalog
from .actions import ZkAction
from .board import CRETE, GREEN_CITY, JERUSALEM, RED, TERRAIN_NAMES
from .catalog import catalog
from .components import HELD, JOKER, MOVEMENT, card_code
from .fight import MIN_COMMIT
from .names import city_name, event_name, terrain_word

if TYPE_CHECKING:
    from .state import ZkState

# the action kinds each decision accepts
ACCEPTS = {
    "cards": ("move", "event", "end_cards"),
    "city": ("pray", "recruit", "plunder", "siege", "pass"),
    "discard": ("discard", "end_discard"),
    "second_step": ("step", "stop_steps"),
    "symbol": ("move_unit", "no_unit_move"),
    "truce": ("truce", "fight"),
    "empty": ("empty_tower", "keep_tower"),
    "commit": ("commit",),
    "attack": ("commit",),
    "defend": ("defend",),
    "retreat": ("retreat",),
    "continue": ("continue_siege", "stop_siege"),
}
KIND_RULES = {
    "move": "ZK-R13",
    "event": "ZK-R38",
    "end_cards": "ZK-R13",
    "pray": "ZK-R25",
    "recruit": "ZK-R25",
    "plunder": "ZK-R25",
    "siege": "ZK-J1",
    "pass": "ZK-R25",
    "discard": "ZK-R33",
    "end_discard": "ZK-R33",
    "step": "ZK-EV05",
    "stop_steps": "ZK-EV05",
    "move_unit": "ZK-R16",
    "no_unit_move": "ZK-R16",
    "truce": "ZK-EV09",
    "fight": "ZK-C3",
    "empty_tower": "ZK-T5",
    "keep_tower": "ZK-T5",
    "commit": "ZK-C3",
    "defend": "ZK-J5",
    "retreat": "ZK-C12",
    "continue_siege": "ZK-J10",
    "stop_siege": "ZK-J10",
}


def _decision_name(decision: str, _: Catalog) -> str:
    """The pending decision as a player calls it."""
    names = {
        "cards": _("card phase"),
        "city": _("city phase"),
        "discard": _("discard phase"),
        "second_step": _("second step of a two-step card"),
        "symbol": _("symbol move"),
        "truce": _("Truce window"),
        "empty": _("tower emptying window"),
        "commit": _("troop commitment"),
        "attack": _("secret siege commitment"),
        "defend": _("garrison commitment"),
        "retreat": _("retreat"),
        "continue": _("continue-or-stop decision of the siege"),
    }
    return names.get(decision, decision)


Found = tuple[str, str] | None
Check = Callable[["ZkState", int, ZkAction, str], Found]


def why_illegal(
    state: ZkState, seat: int, action: ZkAction, lang: str = "en"
) -> tuple[str, str | None]:
    """Why ``action`` of ``seat`` is not legal now, in ``lang``, and the rule that says so."""
    _ = catalog(lang)
    decision = state.decision
    if action.kind not in ACCEPTS.get(decision, ()):
        return (
            _("'{kind}' is not possible now: this is the {decision} of {player}").format(
                kind=action.kind,
                decision=_decision_name(decision, _),
                player=_("Player {n}").format(n=state.decider + 1),  # seat 0 is Player 1
            ),
            KIND_RULES.get(action.kind),
        )
    check = _CHECKS.get(action.kind)
    if check is not None:
        found = check(state, seat, action, lang)
        if found is not None:
            return found
    return _("{action} is not legal now").format(action=action), KIND_RULES.get(action.kind)


def _hand(state: ZkState, seat: int, action: ZkAction, lang: str) -> Found:
    _ = catalog(lang)
    if action.card not in state.hands[seat]:
        return _("card {code} is not in your hand").format(code=card_code(action.card)), "ZK-H2"
    return None


def _adjacent(state: ZkState, seat: int, to: int, rule: str, lang: str) -> Found:
    _ = catalog(lang)
    board = state.comp.board
    if to not in board.neighbours[state.pawn[seat]]:
        return (
            _("{cell} is not adjacent to your pawn on {pawn} (8 neighbours)").format(
                cell=board.cell_str(to), pawn=board.cell_str(state.pawn[seat])
            ),
            rule,
        )
    return None


def _terrain(index: int, lang: str) -> str:
    return terrain_word(TERRAIN_NAMES[index], lang)


def _move(state: ZkState, seat: int, action: ZkAction, lang: str) -> Found:
    _ = catalog(lang)
    found = _hand(state, seat, action, lang)
    if found:
        return found
    code = card_code(action.card)
    card = state.comp.cards[action.card]
    if card.kind != MOVEMENT:
        return _("card {code} is not a movement card").format(code=code), "ZK-R14"
    found = _adjacent(state, seat, action.to, "ZK-R14", lang)
    if found:
        return found
    board = state.comp.board
    terrain = board.terrain[action.to]
    if card.terrain != JOKER and terrain != card.terrain:
        return (
            _("card {code} moves onto {terrain} only; {cell} is {here}").format(
                code=code,
                terrain=_terrain(card.terrain, lang),
                cell=board.cell_str(action.to),
                here=_terrain(terrain, lang),
            ),
            "ZK-R14",
        )
    return None


def _event(state: ZkState, seat: int, action: ZkAction, lang: str) -> Found:
    from .components import EVENT_RULES

    _ = catalog(lang)
    found = _hand(state, seat, action, lang)
    if found:
        return found
    card = state.comp.cards[action.card]
    if card.kind != HELD:
        code = card_code(action.card)
        return _("card {code} is not a held event card").format(code=code), "ZK-R38"
    event = card.event or ""
    rule = EVENT_RULES[event]
    name = event_name(event, lang)
    if event in ("truce", "tower_shaking", "holy_lance"):
        return _("{name} is played only in its window during a fight").format(name=name), "ZK-R38"
    if event in ("forced_march", "genoese_ships") and action.to >= 0:
        found = _adjacent(state, seat, action.to, rule, lang)
        if found:
            return found
    return _("the condition of {name} does not hold now").format(name=name), rule


def _city_action(state: ZkState, seat: int, action: ZkAction, lang: str) -> Found:
    _ = catalog(lang)
    board = state.comp.board
    city = state.city_here(seat)
    if city < 0:
        return _("your pawn is not on a city"), "ZK-R24"
    info = board.cities[city]
    name = city_name(info.name, lang)
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
            return _("plundering needs at least 1 troop"), "ZK-R28"
        if info.kind == GREEN_CITY:
            held = len(state.green_tiles[seat])
            return (
                _.ngettext(
                    "you already hold {n} green tile, the Muslim plunder limit with {players} "
                    "players",
                    "you already hold {n} green tiles, the Muslim plunder limit with {players} "
                    "players",
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
            top = min(t, (s + 1) // 2)
            return (
                _(
                    "you may recruit for 1..{top} treasure (treasure {treasure}, supply "
                    "{supply}), not {amount}"
                ).format(top=top, treasure=t, supply=s, amount=action.amount),
                "ZK-R27",
            )
    if kind == "siege":
        found = _siege(state, seat, info.kind, _)
        if found:
            return found
    if info.kind == RED and plundered:
        return _("{city} has been plundered: only PASS is left").format(city=name), "ZK-R25"
    return None


def _siege(state: ZkState, seat: int, city_kind: str, _: Catalog) -> Found:
    """ZK-J1: Jerusalem, enough Muslim plunders, motivation 6 and an army of 5."""
    if city_kind != JERUSALEM:
        return _("only Jerusalem can be besieged"), "ZK-R32"
    held = len(state.green_tiles[seat])
    if held < state.jerusalem_tiles:
        need = state.jerusalem_tiles
        text = _.ngettext(
            "a siege needs {need} Muslim plunder; you have {n}",
            "a siege needs {need} Muslim plunders; you have {n}",
            need,
        )
        return text.format(need=need, n=held), "ZK-J1"
    if state.motivation[seat] < 6:
        text = _("a siege needs motivation 6; yours is {n}")
        return text.format(n=state.motivation[seat]), "ZK-J1"
    if state.army[seat] < 5:
        return _("a siege needs an army of 5; yours is {n}").format(n=state.army[seat]), "ZK-J1"
    return None


def _commit(state: ZkState, seat: int, action: ZkAction, lang: str) -> Found:
    _ = catalog(lang)
    fight = state.fight
    if fight is None:
        return None
    army = state.army[fight.fighter]
    only = _.ngettext("you have only {n} troop", "you have only {n} troops", army)
    if state.decision == "attack":
        if action.amount < 5:
            text = _("a siege round needs at least 5 troops, not {n}")
            return text.format(n=action.amount), "ZK-J5"
        if action.amount > army:
            return only.format(n=army), "ZK-J5"
    else:
        low = min(MIN_COMMIT[fight.kind], army)
        if action.amount < low:
            return (
                _("this fight needs a commitment of at least {low}, not {n}").format(
                    low=low, n=action.amount
                ),
                "ZK-C3",
            )
        if action.amount > army:
            return only.format(n=army), "ZK-C3"
    if action.card >= 0:
        found = _hand(state, seat, action, lang)
        if found:
            return found
        if state.comp.cards[action.card].event != "holy_lance":
            code = card_code(action.card)
            return _("card {code} is not a Holy Lance").format(code=code), "ZK-EV13"
        if fight.lance >= 0:
            return _("a Holy Lance has already been played in this fight"), "ZK-EV13"
    return None


def _defend(state: ZkState, seat: int, action: ZkAction, lang: str) -> Found:
    _ = catalog(lang)
    lo, hi = state.defend_range()
    return (
        _("with a garrison of {garrison} the commitment must be {lo}..{hi}, not {n}").format(
            garrison=state.garrison, lo=lo, hi=hi, n=action.amount
        ),
        "ZK-J5",
    )


def _empty(state: ZkState, seat: int, action: ZkAction, lang: str) -> Found:
    _ = catalog(lang)
    if state.tower.total() == 0:
        return _("the tower is empty"), "ZK-E40"
    if action.card < 0:
        return _("you have no purple marker left"), "ZK-T5"
    found = _hand(state, seat, action, lang)
    if found:
        return found
    code = card_code(action.card)
    return _("card {code} is not a Tower shaking").format(code=code), "ZK-EV10"


def _retreat(state: ZkState, seat: int, action: ZkAction, lang: str) -> Found:
    _ = catalog(lang)
    board = state.comp.board
    return (
        _(
            "{cell} is not an allowed retreat: choose an adjacent cell without a neutral unit, "
            "land if there is one"
        ).format(cell=board.cell_str(action.to)),
        "ZK-C12",
    )


def _move_unit(state: ZkState, seat: int, action: ZkAction, lang: str) -> Found:
    _ = catalog(lang)
    units = state.comp.units
    if not 0 <= action.unit < len(units):
        return _("there is no neutral unit {n}").format(n=action.unit), "ZK-R16"
    unit = units[action.unit]
    if unit.kind != state.symbol:
        symbol = (
            _.pgettext("unit kind", "fleet")
            if state.symbol == "fleet"
            else _.pgettext("unit kind", "army")
        )
        text = _("the card's symbol moves a {kind}, not {unit}")
        return text.format(kind=symbol, unit=unit.id), "ZK-R16"
    if state.units[action.unit] < 0:
        return _("{unit} has been removed from the game").format(unit=unit.id), "ZK-R18"
    cell = state.comp.board.cell_str(action.to)
    if unit.kind == "fleet":
        text = _(
            "{unit} cannot move to {cell}: one field, sea only, not onto another unit or "
            "another unit's start cell"
        )
    else:
        text = _(
            "{unit} cannot move to {cell}: one field, land outside cities only, not onto "
            "another unit or another unit's start cell"
        )
    return text.format(unit=unit.id, cell=cell), "ZK-R20"


def _discard(state: ZkState, seat: int, action: ZkAction, lang: str) -> Found:
    return _hand(state, seat, action, lang)


def _step(state: ZkState, seat: int, action: ZkAction, lang: str) -> Found:
    _ = catalog(lang)
    board = state.comp.board
    event = state.comp.cards[state.two_step].event if state.two_step >= 0 else ""
    rule = "ZK-EV05" if event == "forced_march" else "ZK-EV11"
    found = _adjacent(state, seat, action.to, rule, lang)
    if found:
        return found
    if event == "forced_march":
        text = _("the second step must go to an adjacent land cell, not {terrain}")
    else:
        text = _("the second step must go to an adjacent sea cell, not {terrain}")
    return text.format(terrain=_terrain(board.terrain[action.to], lang)), rule


def _truce(state: ZkState, seat: int, action: ZkAction, lang: str) -> Found:
    return _hand(state, seat, action, lang)


_CHECKS: dict[str, Check] = {
    "move": _move,
    "event": _event,
    "pray": _city_action,
    "recruit": _city_action,
    "plunder": _city_action,
    "siege": _city_action,
    "commit": _commit,
    "defend": _defend,
    "empty_tower": _empty,
    "retreat": _retreat,
    "move_unit": _move_unit,
    "discard": _discard,
    "step": _step,
    "truce": _truce,
}
