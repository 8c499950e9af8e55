"""What the search bot knows of Medina (``SearchHooks``): the heuristic's graded preference as
the prior, and a fitted win chance (``search_eval.py``) as the evaluation of a position.

Medina hides nothing that cannot be derived (MD-R70): every re-dealt world equals the true
state, and every action is logged whole for every seat (MD-R69), so the search keeps its
tree across every move. There are no simultaneous steps: one seat acts at a time (MD-R13,
MD-R21)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...engine.action import Action
from ...engine.search_hooks import SearchHooks, win_shares
from .actions import MedinaAction
from .heuristic import HeuristicBot
from .search_eval import win_chances
from .state import MedinaState

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.state import State


class MedinaSearchHooks(SearchHooks):
    """Medina's knowledge for the search."""

    #: the fitted evaluation judges a new node directly: a few cheap rollout steps only
    #: blur it (measured, ``docs/games/medina-search.md``)
    rollout_depth = 0
    exploration = 1.0
    #: the prior's temperature in the heuristic's points (mine minus the best other's)
    temperature = 1.0
    #: the share of the prior spread evenly over every legal action, so that placements
    #: the heuristic does not try at all keep a chance
    floor = 0.1

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.bot = HeuristicBot()

    def heuristic(self) -> HeuristicBot:
        return self.bot

    def prior(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> list[float]:
        """The heuristic's values of the placements it tries, through a softmax; the
        placements it does not try share ``floor``."""
        n = len(legal)
        even = 1.0 / n
        if n == 1:
            return [1.0]
        assert isinstance(state, MedinaState)
        if state.phase != "turn":  # the start merchant (1st ed.): the heuristic's own pick
            choice = self.bot.choose(state, seat, rng)
            base = (1.0 - self.heuristic_weight) * even
            return [base + (self.heuristic_weight if a == choice else 0.0) for a in legal]
        values = self.bot.values(state, seat, list(legal))
        if not values:
            return [even] * n
        top = max(v for _, v in values)
        t = self.temperature
        weights = {a: math.exp((v - top) / t) for a, v in values}
        scale = (1.0 - self.floor) / sum(weights.values())
        base = self.floor * even
        return [base + scale * weights.get(a, 0.0) for a in legal]

    def rollout_action(self, state: State, seat: int, rng: random.Random) -> Action:
        """The heuristic's own choice (used only when ``rollout_depth`` > 0)."""
        return self.bot.choose(state, seat, rng)

    def evaluate(self, state: State) -> list[float]:
        """Each seat's win chance: the win shares at the end, the fitted model before."""
        assert isinstance(state, MedinaState)
        if state.is_over():
            return win_shares(state)
        return win_chances(state, self.bot)

    def mistake_candidates(self, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        """A random tenth of the placements (at least two): a third of Medina's hundreds still
        holds good ones, and easy, picking the best of them one step ahead, scored 37% of
        200 games against normal; with a tenth, 26% (2nd edition, 2 players)."""
        k = max(2, len(legal) // 10)
        return rng.sample(list(legal), min(k, len(legal)))

    def public(self, action: Action) -> bool:
        """Every Medina action is logged whole, with seat, kind, colour and cell (MD-R69),
        and the view shows the board it changed to every seat (MD-R68)."""
        return isinstance(action, MedinaAction)
