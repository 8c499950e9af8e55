"""Where a search's time goes (``spieltisch bench GAME --search``): timers around the parts
of the inner loop, with each call's own time kept apart from the timed calls inside it.

The parts are the state's ``resample``, ``clone``, ``legal_actions``, ``_apply``, ``actors``
and ``is_over`` (patched on the game's state class for the duration of one measurement; the
last two are cheap and called often, so their timers cost most), the game's search hooks
(``prior``, ``rollout_action``, ``evaluate``, ``simultaneous``: a wrapper around them, the
game's own object untouched) and the tree's PUCT ``select``. A heuristic prior that plays
a move on a clone shows its ``clone`` and ``_apply`` under those parts and only its own
reckoning under ``prior``; what no timed call covers is the search's own loop (descent,
expansion, backing up). The timers cost time themselves: the report gives their slowdown."""

from __future__ import annotations

import random
import statistics
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

STATE_PARTS = ("resample", "clone", "legal_actions", "_apply", "actors", "is_over")
HOOK_PARTS = ("prior", "rollout_action", "evaluate", "simultaneous")
TREE_PART = "select"
LOOP = "search loop"  # the time outside every timed call
PARTS = (*STATE_PARTS, *HOOK_PARTS, TREE_PART, LOOP)
CALIBRATION_CALLS = 20_000


@dataclass(frozen=True)
class PartTime:
    """One part of the inner loop, per search iteration: how often it was called, the CPU
    µs spent in it apart from the timed calls inside it (``own``, which adds up to the whole
    over the parts), its share of the whole, and the µs from entry to exit (``inclusive``:
    a prior's clones included; 0 for the loop, which has no entry)."""

    part: str
    calls: float
    own_us: float
    share: float
    inclusive_us: float


class Timers:
    """Call counts and times per part; a stack keeps each call's own time apart from the
    timed calls it makes. The clock is the wall clock (a CPU clock costs microseconds a
    read here): on a loaded machine every part waits alike, so the shares hold."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.own: Counter[str] = Counter()
        self.inclusive: Counter[str] = Counter()
        self.total_ns = 0  # the timed runs' whole time (the caller adds it)
        self.overhead_ns: list[float] = []  # per calibration: a timer's cost outside itself
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

    def calibrate(self, n: int = CALIBRATION_CALLS) -> None:
        """Measure what a timer costs outside the time it measures (that cost lands in its
        caller's own time): a timed no-op, less a bare one, less what the timer saw."""
        probe = Timers()
        timed = probe.wrap("probe", _noop)
        clock = time.perf_counter_ns
        start = clock()
        for _ in range(n):
            _noop()
        bare = clock() - start
        start = clock()
        for _ in range(n):
            timed()
        wrapped = clock() - start
        self.overhead_ns.append(max((wrapped - bare - probe.own["probe"]) / n, 0.0))

    def parts(self, iterations: int, cpu_us: float) -> list[PartTime]:
        """Per iteration; ``cpu_us`` is an untimed iteration's CPU time, shared out by the
        timed shares. The loop's own time is what the timed parts leave, less the timers'
        cost outside themselves."""
        per = max(iterations, 1)
        overhead = statistics.median(self.overhead_ns) if self.overhead_ns else 0.0
        timed = sum(self.own.values())
        loop = max(self.total_ns - timed - overhead * sum(self.calls.values()), 0.0)
        whole = timed + loop
        scale = cpu_us / (whole / per) if whole else 0.0  # wall ns per iteration -> CPU µs
        rows = [
            PartTime(
                part,
                self.calls[part] / per,
                self.own[part] / per * scale,
                self.own[part] / whole if whole else 0.0,
                self.inclusive[part] / per * scale,
            )
            for part in PARTS[:-1]
        ]
        rows.append(PartTime(LOOP, 1.0, loop / per * scale, loop / whole if whole else 0.0, 0.0))
        return rows


def _noop() -> None:
    return None


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
