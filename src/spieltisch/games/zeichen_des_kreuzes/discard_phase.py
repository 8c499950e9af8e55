"""Phase 3, the discard phase (ZK-R33): the active player discards any of his cards, one at
a time, then ends the phase and draws (``draw_phase``). With an empty hand there is nothing
to choose: the draw phase follows at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import Catalog
from . import actions as A
from .actions import ZkAction
from .components import card_code
from .constants import DISCARD
from .draw_phase import draw, end_turn
from .phase import ZkPhase
from .refusals import Found, discard_refusal

if TYPE_CHECKING:
    from .state import ZkState


def enter(state: ZkState) -> None:
    """The discard phase begins (after the card or city phase, a fight or a siege)."""
    state.decide(DISCARD, state.active)
    state.fight = None
    if not state.hands[state.active]:
        finish_turn(state)


def finish_turn(state: ZkState) -> None:
    """The draw phase and the end of the turn."""
    draw(state, state.active)
    end_turn(state)


class DiscardPhase(ZkPhase):
    """ZK-R33: discard a card, or end the phase and draw (ZK-R34)."""

    kind = DISCARD
    accepts = ("discard", "end_discard")

    def listed(self, state: ZkState) -> list[ZkAction]:
        return [*(A.discard(c) for c in state.hands[state.active]), A.END_DISCARD]

    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        if action.kind == "discard":
            state.play_card(seat, action.card)
            state.log_event({"type": "discard", "seat": seat, "card": card_code(action.card)})
            if state.hands[seat]:
                return
        finish_turn(state)

    def reason(self, state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
        return discard_refusal(state, seat, action, _) if action.kind == "discard" else None
