"""The steps the engine takes without asking anybody, for a position that stops at a
decision the rules would skip (a position written by hand, or an old document): after
``normalize`` the decider has a choice to make or the game is over.

The engine asks for a decision only when there is something to choose (and when asking
reveals nothing): the city phase with more than passing (ZK-R24), the discard phase with a
card in hand (ZK-R33), the truce window when the fighter holds a card (ZK-C3), the
emptying window when the tower holds cubes and the active player holds the means (ZK-T5),
a symbol move a unit can make (ZK-R16), a second step that exists (ZK-EV05, ZK-EV11), a
retreat with more than one cell (ZK-C12), a commitment with troops (ZK-C4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .card_phase import enter_city_phase
from .city_phase import city_options
from .combat import after_emptying_window, after_truce_window, finish_fight, move_retreat
from .constants import CARDS, CITY, COMMIT, DISCARD, EMPTY, RETREAT, SECOND_STEP, SYMBOL, TRUCE
from .discard_phase import finish_turn
from .movement import retreat_cells, second_step_cells, unit_moves

if TYPE_CHECKING:
    from .state import ZkState


def _skip(state: ZkState) -> bool:
    """Take one automatic step if the pending decision is one the engine skips."""
    kind = state.decision_kind
    p = state.active
    fight = state.fight
    x = -1 if fight is None else fight.fighter
    if kind == DISCARD and not state.hands[p]:
        finish_turn(state)
    elif kind == CITY and len(city_options(state, p)) <= 1:
        enter_city_phase(state)
    elif kind == TRUCE and not state.hands[x]:
        after_truce_window(state)
    elif kind == EMPTY and not (
        state.tower.total() > 0 and (state.markers[p] > 0 or state.hands[p])
    ):
        after_emptying_window(state)
    elif kind == COMMIT and state.army[x] == 0:
        after_truce_window(state)  # ZK-C4: lost without a throw
    elif kind == SYMBOL and not unit_moves(state, state.symbol):
        state.symbol = ""
        state.decide(CARDS, p)
    elif kind == SECOND_STEP and not second_step_cells(state):
        state.two_step = -1
        state.decide(CARDS, p)
    elif kind == RETREAT and len(cells := retreat_cells(state, x)) <= 1:
        if cells:
            move_retreat(state, x, cells[0])
        else:
            state.origin[x] = -1  # ZK-C12 (c): the pawn stays
        finish_fight(state)
    else:
        return False
    return True


def normalize(state: ZkState) -> None:
    """Apply the automatic steps until a decision with a choice is pending or the game is
    over (each step moves the turn on, so this ends within a few steps)."""
    state.forget_legal()
    while not state.is_over() and _skip(state):
        state.forget_legal()
