"""The claim phase (KC-R29, ``claims = manual`` only): after its play, or on a pass turn, the
active seat may claim every territory on which its claim is valid (KC-R25 to KC-R27), one at
a time, each taking the next victory marker (KC-R32), until it chooses ``end_claims``, no
valid claim remains, or the game ends (KC-R33, KC-R34)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.action import Action
from ...engine.decision import Phase
from ...engine.errors import IllegalAction
from .actions import CLAIM, CLAIMS, END_CLAIMS, END_CLAIMS_KIND, Move
from .deck import TERRITORIES
from .explain import claim_phase_reason
from .play import begin_turn
from .resolution import check_end, decide

if TYPE_CHECKING:
    from .state import KingdomsState


def claim(state: KingdomsState, seat: int, t: int) -> None:
    """``seat``'s valid claim on territory ``t`` (0-4) decides it at once (KC-R29)."""
    state.events.append({"type": "claim", "seat": seat, "territory": t + 1})
    decide(state, t, seat, "claim")
    if check_end(state):
        return
    if not state.valid_claims(seat):
        begin_turn(state, (seat + 1) % state.players)


def end_claims(state: KingdomsState, seat: int) -> None:
    """``seat`` claims nothing more this turn; the next seat's turn begins (KC-R17)."""
    state.events.append({"type": "end_claims", "seat": seat})
    begin_turn(state, (seat + 1) % state.players)


class ClaimPhase(Phase):
    """The active seat claims a proven territory or ends its claims (KC-R29)."""

    kind = CLAIM

    def legal(self, state: Any, seat: int) -> list[Action]:
        out: list[Action] = [CLAIMS[t + 1] for t in state.valid_claims(seat)]
        out.append(END_CLAIMS)
        return out

    def explain(self, state: Any, seat: int, action: Action) -> IllegalAction | None:
        if type(action) is Move:
            if action.kind == END_CLAIMS_KIND:
                return None
            t = action.territory
            if (
                action.kind == CLAIM
                and type(t) is int
                and 1 <= t <= TERRITORIES
                and state.claim_valid(t - 1, seat)
            ):
                return None
        found = claim_phase_reason(state, seat, action, "en")
        if found is None:  # both ways of telling agree on what is legal
            raise AssertionError(f"{action} of seat {seat} is legal but was not accepted")
        return IllegalAction(*found)

    def apply(self, state: Any, seat: int, action: Action) -> None:
        assert isinstance(action, Move)
        if action.kind == END_CLAIMS_KIND:
            end_claims(state, seat)
        else:
            claim(state, seat, action.territory - 1)


CLAIM_PHASE = ClaimPhase()
