"""Phase 1, the card phase (ZK-R13 to ZK-R17): the active player plays movement cards and
held events, one at a time, then ends the phase; a two-step event offers its second step
(ZK-EV05, ZK-EV11). Ending the phase leads to the city phase when the pawn stands in a
city (ZK-R24)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.i18n import Catalog
from . import actions as A
from .actions import ZkAction
from .card_refusals import event_refusal, move_refusal
from .city_phase import city_options
from .combat import step
from .components import HELD, MOVEMENT, card_code
from .constants import CARDS, CITY, SECOND_STEP
from .events import card_phase_plays, play_event
from .movement import second_step_cells
from .phase import ZkPhase
from .refusals import Found, step_refusal

if TYPE_CHECKING:
    from .state import ZkState


class CardPhase(ZkPhase):
    """ZK-R13: play a movement card (ZK-R14), a held event whose condition holds
    (ZK-R38), or end the card phase."""

    kind = CARDS
    accepts = ("move", "event", "end_cards")

    def listed(self, state: ZkState) -> list[ZkAction]:
        p = state.active
        cards = state.comp.cards
        around = state.comp.board.terrain_neighbours[state.pawn[p]]
        out: list[ZkAction] = []
        move = A.move
        for c in state.hands[p]:
            card = cards[c]
            if card.kind == MOVEMENT:
                out.extend(move(c, n) for n in around[card.terrain])
            elif card.kind == HELD:
                out.extend(card_phase_plays(state, p, c, card.event or ""))
        out.append(A.END_CARDS)
        return out

    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        if action.kind == "move":
            play_movement(state, seat, action)
        elif action.kind == "event":
            play_event(state, seat, action)
        else:
            state.log_event({"type": "end_cards", "seat": seat})
            enter_city_phase(state)

    def reason(self, state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
        if action.kind == "move":
            return move_refusal(state, seat, action, _)
        if action.kind == "event":
            return event_refusal(state, seat, action, _)
        return None


def play_movement(state: ZkState, seat: int, action: ZkAction) -> None:
    """ZK-R14: one step onto the card's terrain; a symbol then offers its move (ZK-R16)."""
    card = state.comp.cards[action.card]
    state.play_card(seat, action.card)
    state.log_event(
        {"type": "move", "seat": seat, "card": card_code(action.card), "to": state.xy(action.to)}
    )
    then: tuple[Any, ...] = ("card",)
    if card.symbol is not None:
        then = ("symbol", action.card)
    step(state, seat, action.to, then)


def enter_city_phase(state: ZkState) -> None:
    """ZK-R24: a city phase exactly when the pawn stands on a city cell; with nothing to
    choose but passing, it is skipped."""
    if len(city_options(state, state.active)) > 1:
        state.decide(CITY, state.active)
    else:
        state.enter_discard_phase()


def offer_second_step(state: ZkState, card: int, outcome: str) -> bool:
    """ZK-EV05, ZK-EV11: after the first step, unless it ended in a lost fight, the second
    step is offered where one exists (True when it is)."""
    if outcome == "lost":
        return False
    state.two_step = card
    if second_step_cells(state):
        state.decide(SECOND_STEP, state.active)
        return True
    state.two_step = -1
    return False


class SecondStep(ZkPhase):
    """ZK-EV05, ZK-EV11: the second step of Forced march or Genoese ships, or stop."""

    kind = SECOND_STEP
    accepts = ("step", "stop_steps")

    def listed(self, state: ZkState) -> list[ZkAction]:
        return [*(A.step(n) for n in second_step_cells(state)), A.STOP_STEPS]

    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        state.two_step = -1
        if action.kind == "step":
            state.log_event({"type": "step", "seat": seat, "to": state.xy(action.to)})
            step(state, seat, action.to, ("card",))
        else:
            state.decide(CARDS, state.active)

    def reason(self, state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
        return step_refusal(state, seat, action, _) if action.kind == "step" else None
