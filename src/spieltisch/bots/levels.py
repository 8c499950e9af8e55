"""Playing strengths: the names a player chooses at the table, in the terminal and in the
API. ``easy`` is the game's heuristic that now and then overlooks moves, ``normal`` the
heuristic itself, ``hard`` and ``expert`` the search bot with about 1 s and about 4 s per
decision (the expert on several processes at once)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.action import Action
from ..engine.game import Game
from ..engine.state import State
from .search import SearchBot

LEVELS = ("easy", "normal", "hard", "expert")
HARD_SECONDS = 1.0
EXPERT_SECONDS = 4.0  # inside the web table's 5-second budget, with room to hand over
EXPERT_WORKERS = max(2, min(4, os.cpu_count() or 2))


@dataclass(frozen=True)
class Level:
    name: str
    summary: str
    make: Callable[[Game], Any]


class EasyBot:
    """The heuristic, except that in about one decision in three it looks at only some of
    the legal moves and takes the one that looks best at a glance (one step ahead, by the
    game's evaluation): the mistakes of a player who overlooks things."""

    name = "easy"

    def __init__(self, game: Game, slip: float | None = None) -> None:
        self.hooks = game.search_hooks()
        self.slip = self.hooks.easy_slip if slip is None else slip

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        heuristic = self.hooks.heuristic()
        if heuristic is not None and rng.random() >= self.slip:
            action: Action = heuristic.choose(state, seat, rng)
            return action
        seen = self.hooks.mistake_candidates(legal, rng)
        return max(seen, key=lambda action: self._glance(state, seat, action, rng))

    def _glance(self, state: State, seat: int, action: Action, rng: random.Random) -> float:
        after = state.clone()
        after._apply(seat, action)
        return self.hooks.evaluate(after)[seat] + rng.random() * 1e-6


def _hard(game: Game) -> SearchBot:
    return SearchBot("hard", seconds=HARD_SECONDS)


def _expert(game: Game) -> SearchBot:
    return SearchBot("expert", seconds=EXPERT_SECONDS, workers=EXPERT_WORKERS)


def _normal(game: Game) -> Any:
    factory = game.bots().get("heuristic")
    if factory is None:
        raise LookupError(f"{game.name} has no heuristic bot")
    bot = factory()
    return bot


LEVEL_TABLE = {
    "easy": Level("easy", "makes the mistakes of a player who overlooks moves", EasyBot),
    "normal": Level("normal", "the game's heuristic: plays sensibly, one move ahead", _normal),
    "hard": Level("hard", f"searches about {HARD_SECONDS:g} s per decision", _hard),
    "expert": Level(
        "expert",
        f"searches about {EXPERT_SECONDS:g} s per decision on {EXPERT_WORKERS} processes",
        _expert,
    ),
}
