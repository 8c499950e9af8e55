"""Where a search's time goes (``spieltisch bench GAME --search``): timers around the parts
of the inner loop, with each call's own time kept apart from the timed calls inside it.

The parts are the state's ``resample``, ``clone``, ``legal_actions`` and ``_apply`` (patched
on the game's state class for the duration of one measurement), the game's search hooks
(``prior``, ``rollout_action``, ``evaluate``, ``simultaneous``: a wrapper around them, the
game's own object untouched) and the tree's PUCT ``select``. A heuristic prior that plays
a move on a clone shows its ``clone`` and ``_apply`` under those parts and only its own
reckoning under ``prior``; what no timed call covers is the search's own loop (descent,
expansion, backing up). The timers cost time themselves: the report gives their slowdown."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..bots.search import ismcts
from ..engine.action import Action
from ..engine.search_hooks import SearchHooks
from ..engine.state import State

STATE_PARTS = ("resample", "clone", "legal_actions", "_apply")
HOOK_PARTS = ("prior", "rollout_action", "evaluate", "simultaneous")
TREE_PART = "select"
LOOP = "search loop"  # the time outside every timed call
PARTS = (*STATE_PARTS, *HOOK_PARTS, TREE_PART, LOOP)


@dataclass(frozen=True)
class PartTime:
    """One part of the inner loop, per search iteration: how often it was called, the time
    spent in it apart from the timed calls inside it (``own``, which adds up to the whole
    over the parts), its share of the whole, and the time from entry to exit
    (``inclusive``: a prior's clones included)."""

    part: str
    calls: float
    own_us: float
    share: float
    inclusive_us: float


class Timers:
    """Call counts and times per part; a stack keeps each call's own time apart from the
    timed calls it makes."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.own: Counter[str] = Counter()
        self.inclusive: Counter[str] = Counter()
        self._inner: list[int] = [0]  # per open call: time of the timed calls inside it
        self._open: Counter[str] = Counter()  # open calls per part (a part may recurse)

    def wrap(self, part: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        clock = time.perf_counter_ns
        inner, open_ = self._inner, self._open

        def timed(*args: Any, **kwargs: Any) -> Any:
            inner.append(0)
            open_[part] += 1
            start = clock()
            try:
                return fn(*args, **kwargs)
            finally:
                elapsed = clock() - start
                nested = inner.pop()
                inner[-1] += elapsed
                open_[part] -= 1
                self.calls[part] += 1
                self.own[part] += elapsed - nested
                if not open_[part]:  # the outermost call of a recursion counts once
                    self.inclusive[part] += elapsed

        return timed

    def parts(self, total_ns: int, iterations: int) -> list[PartTime]:
        """Per iteration, for a measurement that took ``total_ns`` in all; the loop's own
        share is what the timed parts leave."""
        per = max(iterations, 1)
        loop = max(total_ns - sum(self.own.values()), 0)
        rows = [
            PartTime(
                part,
                self.calls[part] / per,
                self.own[part] / per / 1e3,
                self.own[part] / total_ns if total_ns else 0.0,
                self.inclusive[part] / per / 1e3,
            )
            for part in PARTS[:-1]
        ]
        loop_us = loop / per / 1e3
        share = loop / total_ns if total_ns else 0.0
        rows.append(PartTime(LOOP, 1.0, loop_us, share, loop_us))
        return rows


class TimedHooks(SearchHooks):
    """The game's hooks, each call timed; the game's own hooks object is left as it is."""

    def __init__(self, hooks: SearchHooks, timers: Timers) -> None:
        super().__init__(hooks.game)
        self.rollout_depth = hooks.rollout_depth
        self.heuristic_weight = hooks.heuristic_weight
        self.exploration = hooks.exploration
        self._prior = timers.wrap("prior", hooks.prior)
        self._rollout_action = timers.wrap("rollout_action", hooks.rollout_action)
        self._evaluate = timers.wrap("evaluate", hooks.evaluate)
        self._simultaneous = timers.wrap("simultaneous", hooks.simultaneous)
        self._public = hooks.public

    def prior(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> list[float]:
        result: list[float] = self._prior(state, seat, legal, rng)
        return result

    def rollout_action(self, state: State, seat: int, rng: random.Random) -> Action:
        action: Action = self._rollout_action(state, seat, rng)
        return action

    def evaluate(self, state: State) -> list[float]:
        result: list[float] = self._evaluate(state)
        return result

    def simultaneous(self, state: State) -> tuple[int, ...] | None:
        result: tuple[int, ...] | None = self._simultaneous(state)
        return result

    def public(self, action: Action) -> bool:
        return self._public(action)


@contextmanager
def timed_state_and_tree(state_class: type[State], timers: Timers) -> Iterator[None]:
    """Time the state class's parts and the tree's ``select`` while the block runs; the
    class and the search module are restored afterwards, also on an error."""
    own = {name: state_class.__dict__.get(name) for name in STATE_PARTS}
    # the search module calls the name it imported from ``tree``: that name is replaced
    select = getattr(ismcts, TREE_PART)
    try:
        for name in STATE_PARTS:
            setattr(state_class, name, timers.wrap(name, getattr(state_class, name)))
        setattr(ismcts, TREE_PART, timers.wrap(TREE_PART, select))
        yield
    finally:
        setattr(ismcts, TREE_PART, select)
        for name, method in own.items():
            if method is None:  # inherited: the base class's method shows through again
                delattr(state_class, name)
            else:
                setattr(state_class, name, method)
