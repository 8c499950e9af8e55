"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random

from ..engine.action import Action
from ..engine.game import State


class RandomBot:
    name = "random"

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions(seat))
