"""Shared test code for the research adapters: PettingZoo's own checks, run so that any
warning other than the two that every Dict-observation environment gets fails the test."""

from __future__ import annotations

import functools
import types
import warnings
from collections.abc import Mapping
from typing import Any

from spieltisch.engine.game import Game

# api_test warns about these for every environment whose observation is a dict with an
# action mask (PettingZoo exempts its own classic games from them by name)
EXPECTED_WARNINGS = (
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",
)


def run_pettingzoo_checks(
    game: str | Game,
    players: int,
    options: Mapping[str, Any] | None = None,
    cycles: int = 50,
) -> None:
    """``api_test``, ``seed_test`` and ``max_cycles_test`` on one configuration."""
    from pettingzoo.test import api_test, max_cycles_test, seed_test

    from spieltisch.research import pettingzoo as pz

    opts = dict(options or {})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(pz.env(game, players=players, options=opts, seed=1), num_cycles=cycles)
        seed_test(functools.partial(pz.env, game, players=players, options=opts), cycles)
        # max_cycles_test samples actions without masks: illegal ones are replaced by a
        # random legal action instead of ending the game (the "random" policy)
        module = types.SimpleNamespace(
            env=functools.partial(
                pz.env, game, players=players, options=opts, illegal_action="random"
            ),
            parallel_env=functools.partial(
                pz.parallel_env, game, players=players, options=opts, illegal_action="random"
            ),
        )
        max_cycles_test(module)
    unexpected = [
        str(w.message)
        for w in caught
        if not any(str(w.message).startswith(text) for text in EXPECTED_WARNINGS)
    ]
    assert not unexpected, unexpected
