"""Shared test code for the numeric encodings (``spieltisch.engine.encoding``): play seeded
games with random actions and check the contract at every step."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

import pytest

from spieltisch.engine.encoding import Encoding, check_layout
from spieltisch.engine.errors import IllegalAction
from spieltisch.engine.game import Game


def check_encoding(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    resample_every: int = 7,
    max_steps: int = 5000,
) -> int:
    """Play one random game and check the encoding at every step: legal indices distinct and
    in range, decoding the inverse of encoding, an illegal index refused without change,
    fixed-size finite observations for every seat and the spectator that resampled states
    reproduce (every ``resample_every`` steps), a game no longer than ``max_game_length``.
    Returns the number of moves."""
    encoding: Encoding = game.encoding(players, options)
    check_layout(encoding.observation_layout(), encoding.observation_size)
    low, high = observation_bounds(encoding)
    state = game.new_game(players, seed, options)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over() and moves < max_steps:
        for seat in state.actors():
            legal = state.legal_actions(seat)
            indices = [encoding.action_index(a) for a in legal]
            assert len(set(indices)) == len(indices), f"two legal actions share an index: {legal}"
            assert all(0 <= i < encoding.num_actions for i in indices)
            assert encoding.legal_indices(state, seat) == sorted(indices)
            for action, index in zip(legal, indices, strict=True):
                assert encoding.action_from_index(state, seat, index) == action
            taken = set(indices)
            illegal = next((i for i in range(encoding.num_actions) if i not in taken), None)
            if illegal is not None:
                before = state.to_json()
                with pytest.raises(IllegalAction):
                    encoding.action_from_index(state, seat, illegal)
                assert state.to_json() == before
        viewers: list[int | None] = [*range(players), None]
        for viewer in viewers:
            obs = encoding.observation(state, viewer)
            assert len(obs) == encoding.observation_size
            assert all(isinstance(x, (int, float)) and math.isfinite(x) for x in obs)
            outside = [
                (i, lo, x, hi)
                for i, (lo, x, hi) in enumerate(zip(low, obs, high, strict=True))
                if not lo <= x <= hi
            ]
            assert not outside, f"observation numbers outside observation_bounds: {outside[:5]}"
            if moves % resample_every == 0:
                again = state.resample(viewer, random.Random(moves))
                assert encoding.observation(again, viewer) == obs, (
                    f"seat {viewer}'s observation depends on facts hidden from it"
                )
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        moves += 1
    assert state.is_over(), "the game did not end"
    assert moves <= encoding.max_game_length
    return moves


def observation_bounds(encoding: Encoding) -> tuple[list[float], list[float]]:
    """The encoding's ``observation_bounds`` as two lists of ``observation_size`` numbers
    (unbounded where it promises nothing), after checking their shape: finite where given,
    low <= high."""
    size, bounds = encoding.observation_size, encoding.observation_bounds
    if bounds is None:
        return [-math.inf] * size, [math.inf] * size
    low, high = (
        [float(b)] * size if isinstance(b, (int, float)) else [float(x) for x in b] for b in bounds
    )
    assert len(low) == len(high) == size, "observation_bounds must give observation_size numbers"
    assert all(math.isfinite(x) for x in low + high), "observation_bounds must be finite"
    assert all(lo <= hi for lo, hi in zip(low, high, strict=True)), (
        "observation_bounds: low above high"
    )
    return low, high
