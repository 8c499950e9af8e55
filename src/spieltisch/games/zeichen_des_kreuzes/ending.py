"""The end of the game (section 7): Jerusalem falls (ZK-W1), the deck runs out twice
(ZK-W2) or the turn limit is reached (ZK-W3); who wins without the fall (ZK-W4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import OVER

if TYPE_CHECKING:
    from .state import ZkState

JERUSALEM, DECK, TURN_LIMIT = "jerusalem", "deck", "turn_limit"  # how a game can end
ENDINGS = (JERUSALEM, DECK, TURN_LIMIT)
ENDING_RULES = {JERUSALEM: "ZK-W1", DECK: "ZK-W2", TURN_LIMIT: "ZK-W3"}


def exhaustion_keys(state: ZkState) -> list[tuple[int, ...]]:
    """ZK-W4: green tiles, then army, then treasure."""
    return [
        (len(state.green_tiles[s]), state.army[s], state.treasure[s]) for s in range(state.players)
    ]


def exhaustion_winners(state: ZkState) -> list[int]:
    """ZK-W4: nobody by default; with ``most_muslim_cities`` the greatest keys, unless the
    most green tiles anyone holds is 0."""
    if state.options["exhaustion_winner"] == "none":
        return []
    keys = exhaustion_keys(state)
    best = max(keys)
    if best[0] == 0:
        return []
    return [s for s, k in enumerate(keys) if k == best]


def end_game(state: ZkState, winners: list[int], reason: str) -> None:
    """The game is over: nobody decides any more (ZK-W1 to ZK-W3)."""
    state.winner_seats = winners
    state.end_reason_code = reason
    state.decide(OVER, -1)
    state.fight = None
    state.secret = None
    state.log_event({"type": "game_over", "reason": reason, "winners": winners})
