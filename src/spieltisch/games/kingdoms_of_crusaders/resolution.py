"""Deciding territories and ending the game: the resolution step after every play (KC-R28),
the winner of a completed territory (KC-R23), victory markers (KC-R32) and the end (KC-R33,
KC-R34)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .army import KEY
from .deck import TERRITORIES
from .phases import OVER
from .standing import winners_fixed

if TYPE_CHECKING:
    from .state import KingdomsState


def resolve(state: KingdomsState) -> None:
    """The resolution step after a play (KC-R28), then the end checks: for t = 1..5, a
    territory every player has completed is decided by completion; under ``claims = auto``
    one with a valid claim is decided for its claimant."""
    auto, players = state.auto, state.players
    decided_any = False
    full, decided, armies = state.full, state.decided, state.armies
    for t in range(TERRITORIES):
        if not full[t] or decided[t] is not None:
            continue  # nobody complete there: neither completion nor claim possible
        if full[t] == players:
            decide(state, t, completion_winner(state, t), "completion")  # KC-R23
            decided_any = True
        elif auto:
            for p in range(players):
                if len(armies[p][t]) == 4 and state.claim_valid(t, p):
                    decide(state, t, p, "claim")
                    decided_any = True
                    break  # at most one valid claimant (KC-E9)
    if decided_any:
        check_end(state)


def completion_winner(state: KingdomsState, t: int) -> int:
    """The strongest army in ``t`` (0-4), the earlier completer on equal keys (KC-R22)."""
    counts, comp = state.counts, state.comp
    return max(range(state.players), key=lambda p: (KEY[counts[p][t]], -comp[p][t]))


def decide(state: KingdomsState, t: int, winner: int, method: str) -> None:
    """``winner`` wins territory ``t`` (0-4) and the next victory marker (KC-R32)."""
    marker = sum(1 for d in state.decided if d is not None) + 1
    state.decided[t] = (winner, marker, method, state.play_counter)
    state.markers[winner].append(marker)
    state.events.append(
        {
            "type": "decide",
            "territory": t + 1,
            "winner": winner,
            "marker": marker,
            "method": method,
            "play": state.play_counter,
        }
    )


def check_end(state: KingdomsState) -> bool:
    """KC-R33 and KC-R34; returns True if the game ended."""
    reason = None
    if all(d is not None for d in state.decided):
        reason = "all territories decided"
    elif state.options["stop_when_decided"] and winners_fixed(state.markers) is not None:
        reason = "winners fixed"
    if reason is None:
        return False
    state.phase = OVER
    state.turn = None
    state.drawn = -1
    state.open_now = []
    state.events.append({"type": "end", "reason": reason, "winners": state.winners()})
    return True
