"""What a game tells the search bot (``spieltisch.bots.search``) about itself.

The search is generic: information-set Monte Carlo tree search over re-dealt states. A game
makes it strong by overriding a few of these methods in its own ``search.py``: a prior over
the legal actions, a cheap rollout policy, and an evaluation of an unfinished position. The
defaults work for any game (uniform prior, random rollouts, no knowledge before the end).

Every method here receives a *determinized* state (one the search re-dealt from its seat's
view), never the true one, and may read all of it: in a re-dealt world nothing is hidden."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .action import Action

if TYPE_CHECKING:
    from .game import Game
    from .state import State


def win_shares(state: State) -> list[float]:
    """At the end: each winner's share of the win (1/|W|), 0 for the others; 1/N each when
    nobody or everybody won. Values in [0, 1] that sum to 1, the scale of every evaluation."""
    players = state.players
    winners = state.winners()
    if not winners or len(winners) == players:
        return [1.0 / players] * players
    share = 1.0 / len(winners)
    won = set(winners)
    return [share if seat in won else 0.0 for seat in range(players)]


class SearchHooks:
    """A game's knowledge for the search; ``Game.search_hooks()`` returns one per game."""

    #: steps a rollout plays after the tree before ``evaluate`` judges the position
    rollout_depth: int = 12
    #: the share of the prior that goes to the heuristic's own choice (the rest is uniform)
    heuristic_weight: float = 0.5
    #: exploration constant of PUCT (values are win chances in [0, 1])
    exploration: float = 1.0
    #: 0: the tree search. k > 0: the flat search (``bots.search.flat``), which compares the
    #: prior's k best root moves in shared re-deals, each followed by a rollout
    root_candidates: int = 0
    #: steps of ``rollout_action`` a flat search plays after each move before ``evaluate``
    #: (the tree search plays ``rollout_depth``)
    flat_rollout_depth: int = 12
    #: how often the ``easy`` level slips: looks at ``mistake_candidates`` only, not at its
    #: heuristic's choice (a game where mistakes cost little sets more)
    easy_slip: float = 0.35

    def __init__(self, game: Game) -> None:
        self.game = game
        self._heuristic: Any = None

    # -- knowledge -------------------------------------------------------------------------
    def heuristic(self) -> Any:
        """The game's one-ply heuristic bot (``normal``), or ``None`` if it has none."""
        if self._heuristic is None:
            factory = self.game.bots().get("heuristic")
            self._heuristic = factory() if factory is not None else False
        return self._heuristic or None

    def prior(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> list[float]:
        """Probabilities over ``legal`` (same order) that guide the search's first visits:
        by default ``heuristic_weight`` on the heuristic's choice, the rest spread evenly."""
        n = len(legal)
        bot = self.heuristic()
        if bot is None or n == 1:
            return [1.0 / n] * n
        choice = bot.choose(state, seat, rng)
        base = (1.0 - self.heuristic_weight) / n
        return [base + (self.heuristic_weight if a == choice else 0.0) for a in legal]

    def rollout_action(self, state: State, seat: int, rng: random.Random) -> Action:
        """The action a rollout plays for ``seat``: by default a uniformly random one."""
        return rng.choice(state.legal_actions(seat))

    def evaluate(self, state: State) -> list[float]:
        """Each seat's chance of winning from ``state``, in [0, 1], summing to 1. At the end
        the win shares; before it, without knowledge, an even split."""
        if state.is_over():
            return win_shares(state)
        return [1.0 / state.players] * state.players

    # -- structure ------------------------------------------------------------------------
    def simultaneous(self, state: State) -> tuple[int, ...] | None:
        """The seats that choose now without seeing each other's choices (a simultaneous
        step or a round of secret commitments), or ``None`` for an ordinary decision. The
        search treats such a round as one node where each seat picks from its own
        statistics (decoupled), so no seat's choice is informed by another's."""
        actors = state.actors()
        return actors if len(actors) > 1 else None

    def public(self, action: Action) -> bool:
        """Whether every seat learns the whole of ``action`` once it is applied. The search
        keeps its tree between decisions only across public moves (by default: none)."""
        return False

    def mistake_candidates(self, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        """The moves an inattentive player looks at (``easy`` level): a random third of the
        legal ones, at least two."""
        k = max(2, len(legal) // 3)
        return rng.sample(list(legal), min(k, len(legal)))
