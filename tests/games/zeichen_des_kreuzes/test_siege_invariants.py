"""The invariant checks in real sieges: heuristic games reach Jerusalem (random ones almost
never do), so these run the leak, round-trip and illegal-action checks of the generic suite
at every step of the sieges of a few seeded heuristic games (ZK-H2, ZK-H4, ZK-H6, ZK-J4)."""

from __future__ import annotations

import random

from spieltisch import bots
from spieltisch.engine.conformance import _check_illegal, _check_leaks, _check_round_trip
from spieltisch.engine.game import ConformanceCase

from .helpers import GAME


def test_sieges_of_heuristic_games_pass_the_deep_checks() -> None:
    """ZK-H6: a resampled mid-siege state looks the same to the seat; ZK-H2/ZK-H4: the
    attacker's secret number never reaches the defender or a spectator."""
    siege_steps = 0
    falls = 0
    for seed in (3, 8, 21):
        case = ConformanceCase(players=3)
        state = GAME.new_game(3, seed)
        heuristic = bots.make("heuristic", GAME)
        rng = random.Random(seed)
        checks = random.Random(seed + 1)
        seen: list = []
        step = 0
        while not state.is_over():
            if state.fight is not None and state.fight.kind == "jerusalem_round":
                siege_steps += 1
                _check_round_trip(GAME, case, seed, step, state)
                _check_leaks(GAME, case, seed, step, state, checks)
                _check_illegal(GAME, case, seed, step, state, seen, checks)
            seat = state.actors()[0]
            action = bots.act(heuristic, state, seat, rng)
            state.apply(seat, action)
            seen.append((seat, action))
            step += 1
        falls += state.ending() == "jerusalem"
    assert siege_steps >= 6
    assert falls >= 1
