"""The heuristic bot of Toy Goofspiel: bid high for high prizes, low for low ones.

Rule of thumb: rank the prize among the prizes still to come (the turned-up one included)
and bid the card of the same rank in the own hand; a small prize gets the lowest card.
The bot reads only what its seat sees (its state is a resampled copy) and needs no
randomness."""

from __future__ import annotations

import random

from spieltisch.engine import Action, State

from .actions import bid
from .state import GoofState


class HeuristicBot:
    name = "heuristic"

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        assert isinstance(state, GoofState)
        hand = state.hands[seat]
        # the prizes still to come are known as a set (the deck's order is hidden)
        to_come = sorted([*state.prizes, state.prize])
        rank = to_come.index(state.prize) / max(1, len(to_come) - 1)
        return bid(hand[round(rank * (len(hand) - 1))])
