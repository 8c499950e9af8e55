"""The one phase of Toy Goofspiel: everybody bids at once (GS-R2), then the bids are
compared (GS-R3) and the next prize is turned up (GS-R1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.engine import Action, IllegalAction
from spieltisch.engine.decision import Phase

from .actions import Bid, bid

if TYPE_CHECKING:
    from .state import GoofState


class Bidding(Phase):
    """GS-R2: every player still bidding picks one card of their hand; nobody sees the
    other bids until all are in."""

    kind = "bid"

    def legal(self, state: GoofState, seat: int) -> list[Action]:
        return [bid(card) for card in state.hands[seat]]

    def explain(self, state: GoofState, seat: int, action: Action) -> IllegalAction | None:
        if not isinstance(action, Bid) or action.kind != "bid":
            return IllegalAction(f"{action} is not a bid", "GS-R2")
        if action.card not in state.hands[seat]:
            return IllegalAction(f"you do not hold card {action.card}", "GS-R2")
        return None

    def apply(self, state: GoofState, seat: int, action: Action) -> None:
        state.bids.submit(seat, action)
        if state.bids.complete():
            resolve(state)
        else:
            state.decide()


def resolve(state: GoofState) -> None:
    """GS-R3: the unique highest bid takes the prize's points; a tie for the highest
    discards the prize. The bid cards are spent."""
    bids = {seat: action.card for seat, action in state.bids.choices()}  # type: ignore[attr-defined]
    for seat, card in bids.items():
        state.hands[seat].remove(card)
    best = max(bids.values())
    top = [seat for seat, card in bids.items() if card == best]
    winner = top[0] if len(top) == 1 else None
    if winner is not None:
        state.points[winner] += state.prize
    bid_list = [bids[s] for s in sorted(bids)]
    state.events.append({"type": "round", "prize": state.prize, "bids": bid_list, "winner": winner})
    state.next_prize()
