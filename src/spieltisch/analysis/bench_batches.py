"""The measurements of ``spieltisch bench`` (``analysis/bench.py``): the figures of a report,
and how every game is measured alike - batches of seeded random games, interleaved round
robin between games and modes, the median over batches as the headline figure.

Benchmarks are not tests: nothing here asserts a time.
"""

from __future__ import annotations

import random
import statistics
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

T = TypeVar("T")

BATCHES = 20  # batches per measurement when counting games
MIN_BATCHES = 3  # a median needs a few batches even when timing by seconds
WARMUP_GAMES = 2  # untimed, so first-use costs (imports, caches) stay out of the figures
BENCH_SEED = 7_000_000  # batch b plays with random.Random(BENCH_SEED + b)

PLAIN, CLONE, VIEW, OBS = "plain", "clone", "view", "obs"


# -- figures ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Stat:
    """The spread of one figure over batches: median (the headline), quartiles, extremes."""

    median: float
    q1: float
    q3: float
    min: float
    max: float
    batches: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Stat:
        if not values:
            raise ValueError("a statistic needs at least one batch")
        if len(values) == 1:
            q1 = q3 = values[0]
        else:
            q1, _, q3 = statistics.quantiles(values, n=4, method="inclusive")
        return cls(
            median=statistics.median(values),
            q1=q1,
            q3=q3,
            min=min(values),
            max=max(values),
            batches=len(values),
        )


@dataclass(frozen=True)
class PlayBatch:
    """One batch of played games: step time excludes game creation, total time includes it."""

    games: int
    steps: int
    step_ns: int
    total_ns: int


@dataclass(frozen=True)
class Timed:
    """``units`` (actions replayed) done in ``ns`` nanoseconds."""

    units: int
    ns: int


@dataclass
class BenchRow:
    """The figures of one game. ``plain_over_reference`` is filled for our game only:
    our plain µs/step divided by each reference's, the machine-independent figure."""

    name: str
    source: str  # "spieltisch" or "openspiel"
    players: int
    games: int  # games played in the plain measurement
    steps: int  # steps taken in the plain measurement
    avg_game_length: float
    us_per_step_plain: Stat
    us_per_step_clone: Stat
    us_per_step_view: Stat | None  # None: the game offers no per-player view
    view_kind: str
    games_per_second: Stat
    replay_actions_per_second: Stat
    json_replay_actions_per_second: Stat | None  # our games only (replay_steps)
    clone_over_plain: float
    view_over_plain: float | None
    plain_over_reference: dict[str, float] = field(default_factory=dict)
    state_clone_bytes: int | None = None  # tracemalloc size of one mid-game clone (ours)
    us_per_svg_render: Stat | None = None  # --svg: one SVG picture of the mover's view
    us_per_step_obs: Stat | None = None  # --obs: a step plus the mover's observation tensor
    obs_over_plain: float | None = None


@dataclass(frozen=True)
class MachineInfo:
    python: str
    platform: str
    cpu: str
    threads: int
    openspiel: str | None


@dataclass
class BenchReport:
    game_id: str
    players: int
    games: int
    seconds: float
    references: tuple[str, ...]
    rows: list[BenchRow]
    machine: MachineInfo
    openspiel_note: str | None  # why the reference rows are missing, if they are
    notes: list[str]


# -- batching -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    """Which games each batch plays: ``games`` split over at most ``BATCHES`` batches, or,
    when ``seconds`` > 0, as many batches as it takes to spend that long on a measurement.
    Batch ``b`` always plays the same seeds with the same RNG, so the plain, +clone and
    +view measurements play identical games and differ only by the work they add."""

    games: int
    seconds: float

    @property
    def batches(self) -> int:
        return min(BATCHES, self.games)

    def seeds(self, batch: int) -> range:
        n, k = self.games, self.batches
        if batch < k:
            return range(n * batch // k, n * (batch + 1) // k)
        size = max(1, n // k)
        start = n + (batch - k) * size
        return range(start, start + size)

    @staticmethod
    def rng(batch: int) -> random.Random:
        return random.Random(BENCH_SEED + batch)

    def run(self, series: Sequence[Series[Any]]) -> None:
        """Round-robin: batch ``b`` of every measurement before batch ``b + 1`` of any, so
        a burst of load from elsewhere on the machine hits all games and modes alike and the
        ratios between them stay honest."""
        while True:
            pending = [s for s in series if not s.done(self)]
            if not pending:
                return
            for s in pending:
                s.step()


class Series(Generic[T]):
    """One measurement (say, +clone play of one game): its batches so far."""

    def __init__(self, run: Callable[[int], T], elapsed: Callable[[T], int]) -> None:
        self._run = run
        self._elapsed = elapsed
        self.results: list[T] = []
        self.spent_ns = 0

    def step(self) -> None:
        result = self._run(len(self.results))
        self.results.append(result)
        self.spent_ns += self._elapsed(result)

    def done(self, plan: Plan) -> bool:
        if plan.seconds > 0:
            return self.spent_ns >= plan.seconds * 1e9 and len(self.results) >= MIN_BATCHES
        return len(self.results) >= plan.batches


def _per_step(batches: Sequence[PlayBatch]) -> Stat:
    return Stat.of([b.step_ns / max(b.steps, 1) / 1e3 for b in batches])


def _rate(batches: Sequence[Timed]) -> Stat:
    return Stat.of([b.units / (max(b.ns, 1) / 1e9) for b in batches])


def _same_games(plain: Sequence[PlayBatch], other: Sequence[PlayBatch]) -> bool:
    """Whether two measurements took the same number of steps batch by batch. They play the
    same seeds with the same RNG, so a difference means that ``clone`` or the view changed
    the course of the game: a bug worth reporting."""
    return all(a.steps == b.steps for a, b in zip(plain, other, strict=False))


class Subject(ABC):
    """One game under the protocol. Subclasses supply the play loop and the replay; the
    measurements, their batching and the row are common, so every game is measured alike."""

    name: str
    source: str
    players: int
    view_kind: str  # "none" if the game offers no per-player view
    plain: Series[PlayBatch]
    clone: Series[PlayBatch]
    view: Series[PlayBatch] | None
    replays: Series[Timed]
    extras: dict[str, Series[Timed]]

    @abstractmethod
    def play(self, plan: Plan, batch: int, mode: str) -> PlayBatch:
        """Play the batch's games; in ``PLAIN`` mode also keep what ``replay`` needs."""

    @abstractmethod
    def replay(self, batch: int) -> Timed:
        """Re-apply the actions of the games kept by plain batch ``batch`` (modulo the
        number kept, for the extra batches of a timed run)."""

    @abstractmethod
    def forget(self) -> None:
        """Drop the games kept so far (after the warm-up)."""

    def extra_series(self) -> dict[str, Series[Timed]]:
        """Further measurements of this game, by name."""
        return {}

    def start(self, plan: Plan) -> list[Series[Any]]:
        """Warm up (first-use costs stay out of the figures) and set up the measurements."""
        warm = Plan(WARMUP_GAMES, 0.0)
        modes = (PLAIN, CLONE) if self.view_kind == "none" else (PLAIN, CLONE, VIEW)
        for mode in modes:
            self.play(warm, 0, mode)
        self.replay(0)
        for extra in self.extra_series().values():
            extra.step()
        self.forget()

        def playing(mode: str) -> Series[PlayBatch]:
            return Series(lambda b: self.play(plan, b, mode), lambda r: r.total_ns)

        self.plain = playing(PLAIN)
        self.clone = playing(CLONE)
        self.view = None if self.view_kind == "none" else playing(VIEW)
        self.replays = Series(self.replay, lambda r: r.ns)
        self.extras = self.extra_series()
        series: list[Series[Any]] = [self.plain, self.clone]
        if self.view is not None:
            series.append(self.view)
        return [*series, self.replays, *self.extras.values()]

    def row(self, notes: list[str]) -> BenchRow:
        plain = self.plain.results
        for label, other in (("+clone", self.clone), ("+view", self.view)):
            if other is not None and not _same_games(plain, other.results):
                notes.append(f"warning: {self.name} played different games under {label}")
        us_plain = _per_step(plain)
        us_clone = _per_step(self.clone.results)
        us_view = None if self.view is None else _per_step(self.view.results)
        json_replay = self.extras.get("json_replay")
        games = sum(b.games for b in plain)
        steps = sum(b.steps for b in plain)
        return BenchRow(
            name=self.name,
            source=self.source,
            players=self.players,
            games=games,
            steps=steps,
            avg_game_length=steps / max(games, 1),
            us_per_step_plain=us_plain,
            us_per_step_clone=us_clone,
            us_per_step_view=us_view,
            view_kind=self.view_kind,
            games_per_second=Stat.of([b.games / (max(b.total_ns, 1) / 1e9) for b in plain]),
            replay_actions_per_second=_rate(self.replays.results),
            json_replay_actions_per_second=None
            if json_replay is None
            else _rate(json_replay.results),
            clone_over_plain=us_clone.median / us_plain.median,
            view_over_plain=None if us_view is None else us_view.median / us_plain.median,
        )
