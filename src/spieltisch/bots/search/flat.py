"""Flat search: the root's best few moves compared in shared re-deals.

For a game whose hooks set ``root_candidates`` k > 0, the search keeps no tree below the
root. It takes the k moves the prior likes best and, in every iteration, re-deals one world
from the searching seat's view (``state.resample(observer, rng)``) and plays *each* of them
in that same world, followed by ``flat_rollout_depth`` steps of the game's rollout policy and
the game's evaluation. Comparing the moves in the same worlds (common random numbers)
cancels most of the luck of the deal, which in a game decided largely by the draws would
otherwise drown the small differences between good moves. A move that falls clearly
behind the leader (its paired difference more than ``PRUNE_SE`` standard errors below
zero, after ``MIN_WORLDS`` worlds) is dropped, and the search stops once one is left.

It is one level of information-set Monte Carlo search: the root is the searching seat's
information set, every iteration a world consistent with it. As the tree search does, it
reads the state it is given only through ``resample`` and the observer's legal actions.
An iteration is one world; with an iteration budget the search is repeatable."""

from __future__ import annotations

import math
import random
import time

from ...engine.action import Action
from ...engine.search_hooks import SearchHooks
from ...engine.state import State
from .ismcts import ActionStats, Search, SearchResult, play_out

MIN_WORLDS = 8  # worlds before any move may be dropped
PRUNE_SE = 3.0  # a move this many standard errors behind the leader is dropped


class FlatSearch:
    """A flat search for ``observer`` over a root position (see the module's text)."""

    def __init__(
        self, hooks: SearchHooks, root_state: State, observer: int, rng: random.Random
    ) -> None:
        self.hooks = hooks
        self.root_state = root_state
        self.observer = observer
        self.rng = rng
        self.iterations = 0
        self.rollouts = 0  # moves played in a world and rolled out (the benchmark counts them)
        self.seconds = 0.0
        self.candidates: list[Action] | None = None  # chosen in the first world
        self.alive: list[int] = []
        #: per candidate: the observer's value in each world it was played in, and each
        #: seat's summed value
        self.samples: list[list[float]] = []
        self.totals: list[list[float]] = []
        self.root_totals = [0.0] * root_state.players  # when the observer does not move

    # -- running ---------------------------------------------------------------------------
    def run(self, iterations: int | None = None, seconds: float | None = None) -> SearchResult:
        """Play worlds until ``iterations`` more have run or ``seconds`` have passed
        (whichever is given; both: the first reached), or until one move is left."""
        if iterations is None and seconds is None:
            raise ValueError("give the search an iteration or a time budget")
        start = time.perf_counter()
        deadline = start + seconds if seconds is not None else None
        done = 0
        while iterations is None or done < iterations:
            self.iterate()
            done += 1
            if self.candidates and len(self.alive) == 1:
                break  # one move left (or only one legal): nothing to compare
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.seconds += time.perf_counter() - start
        return self.result()

    def iterate(self) -> None:
        """One world: every move still compared, each followed by a rollout."""
        observer = self.observer
        world = self.root_state.resample(observer, self.rng)
        if self.candidates is None:
            self._choose_candidates(world)
        if not self.candidates:  # the observer does not move here: judge the position
            for seat, v in enumerate(self._rollout(world)):
                self.root_totals[seat] += v
            self.iterations += 1
            return
        last = len(self.alive) - 1
        for n, i in enumerate(self.alive):
            state = world if n == last else world.clone()
            state._apply(observer, self.candidates[i])
            values = self._rollout(state)
            self.samples[i].append(values[observer])
            totals = self.totals[i]
            for seat, v in enumerate(values):
                totals[seat] += v
        self.iterations += 1
        self._prune()

    def _choose_candidates(self, world: State) -> None:
        observer = self.observer
        legal = world.legal_actions(observer) if observer in world.actors() else []
        if len(legal) > 1:
            prior = self.hooks.prior(world, observer, legal, self.rng)
            order = sorted(range(len(legal)), key=lambda i: -prior[i])  # stable: ties keep order
            legal = [legal[i] for i in order[: self.hooks.root_candidates]]
        self.candidates = legal
        self.alive = list(range(len(legal)))
        self.samples = [[] for _ in legal]
        self.totals = [[0.0] * world.players for _ in legal]

    def _rollout(self, state: State) -> list[float]:
        self.rollouts += 1
        return play_out(self.hooks, state, self.hooks.flat_rollout_depth, self.rng)

    def _prune(self) -> None:
        """Drop the moves clearly behind the leader in the worlds they shared with it."""
        worlds = len(self.samples[self.alive[0]])
        if worlds < MIN_WORLDS or len(self.alive) < 2:
            return
        leader = max(self.alive, key=lambda i: sum(self.samples[i]))
        best = self.samples[leader]
        keep = []
        for i in self.alive:
            if i == leader:
                keep.append(i)
                continue
            diffs = [a - b for a, b in zip(self.samples[i], best, strict=True)]
            mean = sum(diffs) / worlds
            var = sum((d - mean) ** 2 for d in diffs) / (worlds - 1)
            if mean + PRUNE_SE * math.sqrt(var / worlds) >= 0.0:
                keep.append(i)
        self.alive = keep

    # -- reading ---------------------------------------------------------------------------
    def result(self) -> SearchResult:
        """The moves still compared first, by their mean value; then the dropped ones."""
        candidates = self.candidates or []
        stats = [
            ActionStats(a, len(s), sum(s) / len(s) if s else 0.0)
            for a, s in zip(candidates, self.samples, strict=True)
        ]
        alive = set(self.alive)
        order = sorted(
            range(len(stats)), key=lambda i: (i not in alive, -stats[i].value, -stats[i].visits)
        )
        actions = tuple(stats[i] for i in order)
        if actions and actions[0].visits:
            best = order[0]
            values = tuple(t / actions[0].visits for t in self.totals[best])
        else:
            worlds = max(self.iterations, 1)
            values = tuple(t / worlds for t in self.root_totals)
            if not self.iterations:
                values = tuple(1.0 / self.root_state.players for _ in values)
        return SearchResult(
            observer=self.observer,
            iterations=self.iterations,
            seconds=self.seconds,
            values=values,
            actions=actions,
        )


def make_search(
    hooks: SearchHooks, state: State, observer: int, rng: random.Random
) -> FlatSearch | Search:
    """The search a game's hooks ask for: flat with ``root_candidates`` > 0, else the tree."""
    if hooks.root_candidates > 0:
        return FlatSearch(hooks, state, observer, rng)
    return Search(hooks, state, observer, rng)
