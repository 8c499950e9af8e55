"""The phases of a turn (KC-R17) and the decision each one asks for: ``play`` (pass or draw,
then play a card, KC-R13 to KC-R15), ``claim`` (the claim phase of ``claims = manual``,
KC-R29) and ``over`` (KC-R33, KC-R34), when nobody decides anything."""

from __future__ import annotations

from ...engine.decision import Decision

PLAY, CLAIM, OVER = "play", "claim", "over"
PHASES = (PLAY, CLAIM, OVER)

# the decision of each phase per seat, interned: ``state.decision()`` is asked several
# times a step, so the state keeps the current one (``KingdomsState.turn``)
PLAY_DECISIONS = tuple(Decision(PLAY, (seat,), "KC-R17") for seat in range(4))
CLAIM_DECISIONS = tuple(Decision(CLAIM, (seat,), "KC-R29") for seat in range(4))


def decision_of(phase: str, seat: int) -> Decision | None:
    """The decision of ``phase`` with ``seat`` to act (``None`` once the game is over)."""
    if phase == OVER:
        return None
    return (PLAY_DECISIONS if phase == PLAY else CLAIM_DECISIONS)[seat]
