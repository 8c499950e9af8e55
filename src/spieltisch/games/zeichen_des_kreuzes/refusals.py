"""Why an action is illegal: a sentence in plain words naming the problem, and the rule that
forbids it, in the reader's language (the game's catalogs). The phases give it in English
(``ZkPhase.explain``, the kernel's ``State.explain``); ``refusal`` says it in the reader's
language for ``Game.why_illegal``. Nothing here changes a state.

This module holds the words shared by every phase (what a player wants and what the pending
decision asks), the refusals of the turn itself, and the reasons of the fight's windows,
the symbol move, the second step and the discard phase; ``card_refusals`` has the card and
city phases'.

Cards are named as the picture prints them (``Plain + army (ZK002)``), cells by their city or
their coordinates, units by their names, players as ``Player 1``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ...engine.errors import IllegalAction
from ...engine.i18n import Catalog
from .actions import ZkAction
from .board import TERRAIN_NAMES
from .catalog import catalog, gettext, pgettext
from .components import SHOWN_EDITION, card_code
from .constants import ATTACK
from .edition import edition_key
from .ending import ENDING_RULES
from .fight import MIN_COMMIT
from .movement import unit_moves
from .names import card_text, city_name, seat_name, terrain_word, unit_name

if TYPE_CHECKING:
    from .state import ZkState

# what a player wants to do with an action of each kind, and the rule about it
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
# a reason and the rule that gives it, or None when the check finds nothing wrong
Found = tuple[str, str | None] | None


@contextmanager
def edition_of(state: ZkState) -> Iterator[None]:
    """Names cards and units from the edition in play (the names read the shown one)."""
    token = SHOWN_EDITION.set(edition_key(state.options["edition_data"]))
    try:
        yield
    finally:
        SHOWN_EDITION.reset(token)


def refusal(state: ZkState, seat: Any, action: Any, lang: str = "en") -> IllegalAction | None:
    """``Game.why_illegal``: why ``seat`` may not make ``action`` now, in ``lang``; ``None``
    if it may. Covers the end of the game, seats and turns as well as the moves themselves
    (the pending decision's phase gives those, ``ZkPhase.why``)."""
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
    if action in state.legal_now():
        return None
    return IllegalAction(*state.pending_phase().why(state, seat, action, _))


def mismatch(decision: str, action: ZkAction, _: Catalog) -> tuple[str, str | None]:
    """An action of a kind the pending decision does not take."""
    text = _("You cannot {what} now; it is time to {task}").format(
        what=_.pgettext("you cannot ... now", WANTS.get(action.kind, action.kind)),
        task=_(TASKS.get(decision, decision)),
    )
    return text, KIND_RULES.get(action.kind)


def not_possible(action: ZkAction, _: Catalog) -> tuple[str, str | None]:
    """The reason when no check names anything more precise."""
    return _("This move is not possible now"), KIND_RULES.get(action.kind)


# -- names --------------------------------------------------------------------------------
def card_name(state: ZkState, card: int, _: Catalog) -> str:
    return card_text(card_code(card), _.lang)


def place_name(state: ZkState, cell: int, _: Catalog) -> str:
    """A cell as the picture shows it: its city, else its coordinates."""
    board = state.comp.board
    city = board.city_at.get(cell)
    if city is not None:
        return city_name(board.cities[city].name, _.lang)
    return board.cell_str(cell)


def terrain_name(index: int, _: Catalog) -> str:
    return terrain_word(TERRAIN_NAMES[index], _.lang)


def player_name(seat: int, _: Catalog) -> str:
    return seat_name(seat, None, _.lang)


# -- checks shared by the phases ----------------------------------------------------------
def not_in_hand(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    if action.card not in state.hands[seat]:
        card = card_name(state, action.card, _)
        return _("{card} is not in your hand").format(card=card), "ZK-H2"
    return None


def not_adjacent(state: ZkState, seat: int, to: int, rule: str, _: Catalog) -> Found:
    board = state.comp.board
    here = state.pawn[seat]
    if to not in board.neighbours[here]:
        return (
            _(
                "{cell} is not adjacent to your knight on {pawn}: a step goes to one of the "
                "8 cells around it"
            ).format(cell=place_name(state, to, _), pawn=place_name(state, here, _)),
            rule,
        )
    return None


# -- the fight's windows, the symbol move, the second step, the discard phase -------------
def commit_refusal(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    fight = state.fight
    if fight is None:
        return None
    army = state.army[fight.fighter]
    only = _.ngettext("You have only {n} troop", "You have only {n} troops", army)
    if state.decision_kind == ATTACK:
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
        found = not_in_hand(state, seat, action, _)
        if found:
            return found
        if state.comp.cards[action.card].event != "holy_lance":
            card = card_name(state, action.card, _)
            return _("{card} is not a Holy Lance").format(card=card), "ZK-EV13"
        if fight.lance >= 0:
            return _("A Holy Lance has already been played in this fight"), "ZK-EV13"
    return None


def defend_refusal(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    lo, hi = state.defend_range()
    if lo == hi:
        text = _("With a garrison of {garrison} the garrison commits all {lo}, not {n}")
    else:
        text = _("With a garrison of {garrison} the garrison commits {lo} to {hi}, not {n}")
    return text.format(garrison=state.garrison, lo=lo, hi=hi, n=action.amount), "ZK-J5"


def empty_refusal(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    if state.tower.total() == 0:
        return _("The tower is empty: there is nothing to empty"), "ZK-E40"
    if action.card < 0:
        return _("You have no purple marker left"), "ZK-T5"
    found = not_in_hand(state, seat, action, _)
    if found:
        return found
    card = card_name(state, action.card, _)
    return _("{card} is not a Tower shaking").format(card=card), "ZK-EV10"


def retreat_refusal(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    return (
        _(
            "You cannot retreat to {cell}: choose an adjacent cell without a fleet or army, "
            "a land cell if there is one"
        ).format(cell=place_name(state, action.to, _)),
        "ZK-C12",
    )


def unit_move_refusal(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
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
    if all(u != action.unit for u, _n in unit_moves(state, unit.kind)):
        return _("{unit} has no free field to move to").format(unit=name), "ZK-R20"
    cell = place_name(state, action.to, _)
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


def discard_refusal(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    return not_in_hand(state, seat, action, _)


def step_refusal(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    board = state.comp.board
    event = state.comp.cards[state.two_step].event if state.two_step >= 0 else ""
    rule = "ZK-EV05" if event == "forced_march" else "ZK-EV11"
    found = not_adjacent(state, seat, action.to, rule, _)
    if found:
        return found
    if event == "forced_march":
        text = _("The second step must go to an adjacent land cell, not {terrain}")
    else:
        text = _("The second step must go to an adjacent sea cell, not {terrain}")
    return text.format(terrain=terrain_name(board.terrain[action.to], _)), rule


def truce_refusal(state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
    found = not_in_hand(state, seat, action, _)
    if found:
        return found
    card = card_name(state, action.card, _)
    return _("{card} is not a Truce").format(card=card), "ZK-EV09"
