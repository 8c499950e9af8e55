"""Shared test code for bots: play a game to its end with a bot per seat, checking that every
action a bot chooses (through ``bots.act``, on a resampled state) is legal in the true state."""

from __future__ import annotations

import random
from collections.abc import Sequence

from spieltisch import bots
from spieltisch.engine.game import State


def seating(heuristic: bots.Bot, other: bots.Bot, seed: int, players: int) -> list[bots.Bot]:
    """The heuristic in every seat in even games, beside ``other`` bots in odd ones."""
    return [heuristic if seed % 2 == 0 or s == seed % players else other for s in range(players)]


def play_only_legal(state: State, seated: Sequence[bots.Bot], rng: random.Random) -> State:
    """Play ``state`` to the end; every chosen action must be legal. Returns ``state``."""
    while not state.is_over():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        action = bots.act(seated[seat], state, seat, rng)
        assert action in legal, f"{action} is not legal for seat {seat}"
        state.apply(seat, action)
    return state
