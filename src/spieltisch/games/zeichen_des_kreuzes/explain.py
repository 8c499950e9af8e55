"""Why an action is illegal: a sentence in plain words naming the problem, and the rule that
forbids it (the state is never changed), in the reader's language (the game's catalogs; the
state raises it in English, ``refusal(..., lang)`` and ``Game.why_illegal`` say it in
German too).

Cards are named as the picture prints them (``Plain + army (ZK002)``), cells by their city or
their coordinates, units by their names, players as ``Player 1``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ...engine.errors import IllegalAction
from ...engine.i18n import Catalog
from .actions import ZkAction
from .board import CRETE, GREEN_CITY, JERUSALEM, RED, SEA, TERRAIN_NAMES
from .catalog import catalog, gettext, pgettext
from .components import EVENT_RULES, HELD, JOKER, MOVEMENT, SHOWN_EDITION, card_code, edition_key
from .fight import MIN_COMMIT
from .names import card_text, city_name, event_name, seat_name, terrain_word, unit_name

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
# what a player wants to do with an action of each kind, as "You cannot ... now"
WANT = "you cannot ... now"
WANTS = {
    "move": pgettext("you cannot ... now", "play a movement card"),
    "event": pgettext("you cannot ... now", "play an event card"),
    "end_cards": pgettext("you cannot ... now", "end the card phase"),
    "pray": pgettext("you cannot ... now", "pray"),
    "recruit": pgettext("you cannot ... now", "recruit troops"),
    "plunder": pgettext("you cannot ... now", "plunder"),
    "siege": pgettext("you cannot ... now", "besiege Jerusalem"),
    "pass": pgettext("you cannot ... now", "skip the city action"),
    "discard": pgettext("you cannot ... now", "discard a card"),
    "end_discard": pgettext("you cannot ... now", "end the discard phase"),
    "step": pgettext("you cannot ... now", "take a second step"),
    "stop_steps": pgettext("you cannot ... now", "stop after one step"),
    "move_unit": pgettext("you cannot ... now", "move a fleet or an army"),
    "no_unit_move": pgettext("you cannot ... now", "leave the fleets and armies where they are"),
    "truce": pgettext("you cannot ... now", "play a Truce"),
    "fight": pgettext("you cannot ... now", "fight without a Truce"),
    "empty_tower": pgettext("you cannot ... now", "empty the tower"),
    "keep_tower": pgettext("you cannot ... now", "leave the tower as it is"),
    "commit": pgettext("you cannot ... now", "commit troops"),
    "defend": pgettext("you cannot ... now", "commit the garrison"),
    "retreat": pgettext("you cannot ... now", "retreat"),
    "continue_siege": pgettext("you cannot ... now", "continue the siege"),
    "stop_siege": pgettext("you cannot ... now", "stop the siege"),
}
# what the player to act does in each decision, as "it is time to ..."
TASKS = {
    "cards": gettext("play cards or end your card phase"),
    "city": gettext("choose your city action"),
    "discard": gettext("discard cards or end your discard phase"),
    "second_step": gettext("take the second step or stop"),
    "symbol": gettext("move a fleet or an army with the card's symbol, or leave them"),
    "truce": gettext("play a Truce or fight"),
    "empty": gettext("empty the tower before the throw, or leave it"),
    "commit": gettext("commit troops to the fight"),
    "attack": gettext("secretly commit troops to this siege round"),
    "defend": gettext("commit the garrison's green cubes"),
    "retreat": gettext("choose where to retreat"),
    "continue": gettext("continue or stop the siege"),
}
# each decision as a name, for "X decides now (...)"
DECISIONS = {
    "cards": pgettext("decision", "card phase"),
    "city": pgettext("decision", "city phase"),
    "discard": pgettext("decision", "discard phase"),
    "second_step": pgettext("decision", "second step of a card"),
    "symbol": pgettext("decision", "moving a fleet or army by a card's symbol"),
    "truce": pgettext("decision", "chance to play a Truce"),
    "empty": pgettext("decision", "chance to empty the tower"),
    "commit": pgettext("decision", "troop commitment for a fight"),
    "attack": pgettext("decision", "secret commitment of a siege round"),
    "defend": pgettext("decision", "garrison's commitment"),
    "retreat": pgettext("decision", "retreat after a lost fight"),
    "continue": pgettext("decision", "decision to continue or stop the siege"),
}
ENDING_RULES = {"jerusalem": "ZK-W1", "deck": "ZK-W2", "turn_limit": "ZK-W3"}

Found = tuple[str, str] | None
Check = Callable[["ZkState", int, ZkAction, Catalog], Found]


@contextmanager
def _edition_of(state: ZkState) -> Iterator[None]:
    """Names cards and units from the edition in play (the names read the shown one)."""
    token = SHOWN_EDITION.set(edition_key(state.options["edition_data"]))
    try:
        yield
    finally:
        SHOWN_EDITION.reset(token)


def refusal(state: ZkState, seat: Any, action: Any, lang: str = "en") -> IllegalAction | None:
    """``Game.why_illegal``: why ``seat`` may not make ``action`` now, ``None`` if it may.
    Covers the end of the game, seats and turns as well as the moves themselves."""
    _ = catalog(lang)
    if state.is_over():
        rule = ENDING_RULES.get(state.end_reason_code, "ZK-W2")
        return IllegalAction(_("The game is over"), rule)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        text = _("There is no such player in a game of {n}").format(n=state.players)
        return IllegalAction(text, "ZK-S1")
    if not isinstance(action, ZkAction):
        return IllegalAction(_("That is not a move of Im Zeichen des Kreuzes"))
    if seat != state.decider:
        text = _("It is not your turn: {player} decides now ({decision})").format(
            player=seat_name(state.decider, None, lang),
            decision=_.pgettext(
                "decision", DECISIONS.get(state.decision_kind, state.decision_kind)
            ),
        )
        return IllegalAction(text, state.turn_rule())
    if action in state.legal_actions(seat):
        return None
    return IllegalAction(*why_illegal(state, seat, action, lang))


def why_illegal(
    state: ZkState, seat: int, action: ZkAction, lang: str = "en"
) -> tuple[str, str | None]:
    """Why ``action`` of ``seat``, the player to decide, is not legal now, in ``lang``, and
    the rule that says so."""
    _ = catalog(lang)
    decision = state.decision_kind
    with _edition_of(state):
        if action.kind not in ACCEPTS.get(decision, ()):
            text = _("You cannot {what} now; it is time to {task}").format(
                what=_.pgettext("you cannot ... now", WANTS.get(action.kind, action.kind)),
                task=_(TASKS.get(decision, decision)),
            )
            return text, KIND_RULES.get(action.kind)
        check = _CHECKS.get(action.kind)
        if check is not None:
            found = check(state, seat, action, _)
            if found is not None:
                return found
    return _("This move is not possible now"), KIND_RULES.get(action.kind)


# -- names --------------------------------------------------------------------------------
def _card(state: ZkState, card: int, _: Catalog) -> str:
    return card_text(card_code(card), _.lang)


def _place(state: ZkState, cell: int, _: Catalog) -> str:
    """A cell as the picture shows it: its city, else its coordinates."""
    board = state.comp.board
    city = board.city_at.get(cell)
    if city is not None:
        return city_name(board.cities[city].name, _.lang)
    return board.cell_str(cell)


def _terrain(index: int, _: Catalog) -> str:
    return terrain_word(TERRAIN_NAMES[index], _.lang)


def _player(seat: int, _: Catalog) -> str:
    return seat_name(seat, None, _.lang)


# -- the checks of each kind ---------------------------------------------------------------
def _hand(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    if action.card not in state.hands[seat]:
        card = _card(state, action.card, _)
        return _("{card} is not in your hand").format(card=card), "ZK-H2"
    return None


def _adjacent(state: ZkState, seat: int, to: int, rule: str, _: Catalog) -> Found:
    board = state.comp.board
    here = state.pawn[seat]
    if to not in board.neighbours[here]:
        return (
            _(
                "{cell} is not adjacent to your knight on {pawn}: a step goes to one of the "
                "8 cells around it"
            ).format(cell=_place(state, to, _), pawn=_place(state, here, _)),
            rule,
        )
    return None


def _move(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    found = _hand(state, seat, action, _)
    if found:
        return found
    name = _card(state, action.card, _)
    card = state.comp.cards[action.card]
    if card.kind != MOVEMENT:
        return _("{card} is not a movement card").format(card=name), "ZK-R14"
    board = state.comp.board
    here = state.pawn[seat]
    if card.terrain != JOKER and not board.terrain_neighbours[here][card.terrain]:
        text = _("No {terrain} cell is next to your knight on {pawn}: {card} cannot move you now")
        return (
            text.format(terrain=_terrain(card.terrain, _), pawn=_place(state, here, _), card=name),
            "ZK-R14",
        )
    found = _adjacent(state, seat, action.to, "ZK-R14", _)
    if found:
        return found
    terrain = board.terrain[action.to]
    if card.terrain != JOKER and terrain != card.terrain:
        return (
            _("{card} moves onto {terrain} only; {cell} is {here}").format(
                card=name,
                terrain=_terrain(card.terrain, _),
                cell=_place(state, action.to, _),
                here=_terrain(terrain, _),
            ),
            "ZK-R14",
        )
    return None


def _event(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    found = _hand(state, seat, action, _)
    if found:
        return found
    card = state.comp.cards[action.card]
    if card.kind != HELD:
        name = _card(state, action.card, _)
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
        found = _adjacent(state, seat, action.to, "", _)
        if found:
            return found[0]
        terrain = board.terrain[action.to]
        cell = _place(state, action.to, _)
        if land and terrain == SEA:
            return _("{name} steps onto land only; {cell} is sea").format(name=name, cell=cell)
        if not land and terrain != SEA:
            text = _("{name} steps onto sea only; {cell} is {terrain}")
            return text.format(name=name, cell=cell, terrain=_terrain(terrain, _))
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
    player = _player(y, _)
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


def _city_action(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
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
    if state.motivation[seat] < 6:
        text = _("A siege needs motivation 6; yours is {n}")
        return text.format(n=state.motivation[seat]), "ZK-J1"
    if state.army[seat] < 5:
        return _("A siege needs an army of 5; yours is {n}").format(n=state.army[seat]), "ZK-J1"
    return None


def _commit(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    fight = state.fight
    if fight is None:
        return None
    army = state.army[fight.fighter]
    only = _.ngettext("You have only {n} troop", "You have only {n} troops", army)
    if state.decision_kind == "attack":
        if action.amount < 5:
            text = _("A siege round needs at least 5 troops, not {n}")
            return text.format(n=action.amount), "ZK-J5"
        if action.amount > army:
            return only.format(n=army), "ZK-J5"
    else:
        low = min(MIN_COMMIT[fight.kind], army)
        if action.amount < low:
            return (
                _("This fight needs a commitment of at least {low}, not {n}").format(
                    low=low, n=action.amount
                ),
                "ZK-C3",
            )
        if action.amount > army:
            return only.format(n=army), "ZK-C3"
    if action.card >= 0:
        found = _hand(state, seat, action, _)
        if found:
            return found
        if state.comp.cards[action.card].event != "holy_lance":
            card = _card(state, action.card, _)
            return _("{card} is not a Holy Lance").format(card=card), "ZK-EV13"
        if fight.lance >= 0:
            return _("A Holy Lance has already been played in this fight"), "ZK-EV13"
    return None


def _defend(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    lo, hi = state.defend_range()
    if lo == hi:
        text = _("With a garrison of {garrison} the garrison commits all {lo}, not {n}")
    else:
        text = _("With a garrison of {garrison} the garrison commits {lo} to {hi}, not {n}")
    return text.format(garrison=state.garrison, lo=lo, hi=hi, n=action.amount), "ZK-J5"


def _empty(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    if state.tower.total() == 0:
        return _("The tower is empty: there is nothing to empty"), "ZK-E40"
    if action.card < 0:
        return _("You have no purple marker left"), "ZK-T5"
    found = _hand(state, seat, action, _)
    if found:
        return found
    card = _card(state, action.card, _)
    return _("{card} is not a Tower shaking").format(card=card), "ZK-EV10"


def _retreat(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    return (
        _(
            "You cannot retreat to {cell}: choose an adjacent cell without a fleet or army, "
            "a land cell if there is one"
        ).format(cell=_place(state, action.to, _)),
        "ZK-C12",
    )


def _move_unit(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    units = state.comp.units
    if not 0 <= action.unit < len(units):
        return _("There is no such fleet or army"), "ZK-R16"
    unit = units[action.unit]
    name = unit_name(action.unit, _.lang)
    if unit.kind != state.symbol:
        if state.symbol == "fleet":
            text = _("The card's ship symbol moves a fleet, not {unit}")
        else:
            text = _("The card's army symbol moves a Muslim army, not {unit}")
        return text.format(unit=name), "ZK-R16"
    if state.units[action.unit] < 0:
        return _("{unit} has been removed from the game").format(unit=name), "ZK-R18"
    if all(u != action.unit for u, _n in state._unit_moves(unit.kind)):
        return _("{unit} has no free field to move to").format(unit=name), "ZK-R20"
    cell = _place(state, action.to, _)
    if unit.kind == "fleet":
        text = _(
            "{unit} cannot move to {cell}: a fleet moves one field, onto sea only, not onto "
            "another fleet or army or another one's start cell"
        )
    else:
        text = _(
            "{unit} cannot move to {cell}: an army moves one field, onto land outside the "
            "cities only, not onto another fleet or army or another one's start cell"
        )
    return text.format(unit=name, cell=cell), "ZK-R20"


def _discard(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    return _hand(state, seat, action, _)


def _step(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    board = state.comp.board
    event = state.comp.cards[state.two_step].event if state.two_step >= 0 else ""
    rule = "ZK-EV05" if event == "forced_march" else "ZK-EV11"
    found = _adjacent(state, seat, action.to, rule, _)
    if found:
        return found
    if event == "forced_march":
        text = _("The second step must go to an adjacent land cell, not {terrain}")
    else:
        text = _("The second step must go to an adjacent sea cell, not {terrain}")
    return text.format(terrain=_terrain(board.terrain[action.to], _)), rule


def _truce(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    found = _hand(state, seat, action, _)
    if found:
        return found
    card = _card(state, action.card, _)
    return _("{card} is not a Truce").format(card=card), "ZK-EV09"


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
