"""``spieltisch bench``: the performance protocol of DESIGN.md §7.

Single thread, seeded random legal play, the same loop for our game and for the OpenSpiel
reference games, so that figures taken on different machines compare as ratios to the
references. Each measurement runs in batches and reports the median over batches, because
one slow batch (a GC pause, a scheduler hiccup) should not move the headline figure. The
garbage collector stays enabled: its pauses are part of what a bot pays.

Benchmarks are not tests: nothing here asserts a time.
"""

from __future__ import annotations

import importlib
import platform
import random
import statistics
import time
import tracemalloc
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..engine.action import Action
from ..engine.encoding import Encoding
from ..engine.errors import NoEncoding
from ..engine.game import Game
from ..engine.record import GameRecord, replay_steps
from ..engine.registry import game as lookup_game

if TYPE_CHECKING:
    from rich.table import Table

T = TypeVar("T")

REPORT_SCHEMA = "spieltisch.bench/1"
DEFAULT_REFERENCES = ("gin_rummy", "crazy_eights", "python_kuhn_poker")
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


# -- our games ----------------------------------------------------------------------------
class _OurGame(Subject):
    """The random-play loops and replays of one Spieltisch game configuration."""

    source = "spieltisch"
    view_kind = "view"

    def __init__(
        self,
        game: Game,
        players: int,
        options: Mapping[str, Any] | None,
        render: Callable[..., str] | None = None,
        encoding: Encoding | None = None,
    ) -> None:
        self.game = game
        self.encoding = encoding  # the game's numeric encoding, when --obs asks for it
        self._plan: Plan | None = None
        self.name = game.id
        self.players = players
        self.options = dict(options or {})
        self.render = render  # the game's ``render_svg``, when --svg asks for it
        self.records: list[list[GameRecord]] = []  # per plain batch
        self.parsed: list[list[tuple[int, list[tuple[int, Action]]]]] = []  # the same, parsed

    def play(self, plan: Plan, batch: int, mode: str) -> PlayBatch:
        rng = plan.rng(batch)
        new_game, players, options = self.game.new_game, self.players, self.options
        clock = time.perf_counter_ns
        keep: list[GameRecord] | None = [] if mode == PLAIN else None
        seeds = plan.seeds(batch)
        steps = step_ns = total_ns = 0
        for seed in seeds:
            t0 = clock()
            state = new_game(players, seed, options)
            t1 = clock()
            # three copies of the loop so that the plain one is exactly the protocol's loop
            if mode == PLAIN:
                while not state.is_over():
                    seat = rng.choice(state.actors())
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    steps += 1
            elif mode == CLONE:
                while not state.is_over():
                    state = state.clone()
                    seat = rng.choice(state.actors())
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    steps += 1
            elif mode == VIEW:
                while not state.is_over():
                    seat = rng.choice(state.actors())
                    state.view(seat)
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    steps += 1
            else:
                assert self.encoding is not None
                observe = self.encoding.observation
                while not state.is_over():
                    seat = rng.choice(state.actors())
                    observe(state, seat)
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    steps += 1
            t2 = clock()
            step_ns += t2 - t1
            total_ns += t2 - t0
            if keep is not None:
                keep.append(state.record())
        if keep is not None:
            self.records.append(keep)
            # parsed once, outside any timing: replay speed is the speed of ``apply``
            parse = self.game.action_from_json
            self.parsed.append([(r.seed, [(seat, parse(a)) for seat, a in r.moves]) for r in keep])
        return PlayBatch(len(seeds), steps, step_ns, total_ns)

    def forget(self) -> None:
        self.records.clear()
        self.parsed.clear()

    def replay(self, batch: int) -> Timed:
        new_game, players, options = self.game.new_game, self.players, self.options
        clock = time.perf_counter_ns
        units = ns = 0
        for seed, moves in self.parsed[batch % len(self.parsed)]:
            state = new_game(players, seed, options)
            t0 = clock()
            for seat, action in moves:
                state.apply(seat, action)
            ns += clock() - t0
            units += len(moves)
        return Timed(units, ns)

    def json_replay(self, batch: int) -> Timed:
        clock = time.perf_counter_ns
        units = ns = 0
        for record in self.records[batch % len(self.records)]:
            t0 = clock()
            for _ in replay_steps(record):
                pass
            ns += clock() - t0
            units += len(record.moves)
        return Timed(units, ns)

    def svg_renders(self, batch: int) -> Timed:
        """Replay the games kept by plain batch ``batch`` and render, before every step, the
        picture the web table sends the mover: ``render_svg(view, "en", legal)``. Only the
        rendering is timed (the view and the legal actions are the +view figure's)."""
        render = self.render
        assert render is not None
        new_game, players, options = self.game.new_game, self.players, self.options
        clock = time.perf_counter_ns
        units = ns = 0
        for seed, moves in self.parsed[batch % len(self.parsed)]:
            state = new_game(players, seed, options)
            for seat, action in moves:
                view = state.view(seat)
                legal = [a.to_json() for a in state.legal_actions(seat)]
                t0 = clock()
                render(view, "en", legal)
                ns += clock() - t0
                units += 1
                state.apply(seat, action)
        return Timed(units, ns)

    def start(self, plan: Plan) -> list[Series[Any]]:
        self._plan = plan  # the +obs batches play the plain batches' games
        return super().start(plan)

    def observed(self, batch: int) -> Timed:
        """The plain batch's games again, with the mover's observation tensor computed
        before every step (what a learning loop pays)."""
        assert self._plan is not None
        played = self.play(self._plan, batch, OBS)
        return Timed(played.steps, played.step_ns)

    def extra_series(self) -> dict[str, Series[Timed]]:
        extras = {"json_replay": Series(self.json_replay, lambda r: r.ns)}
        if self.render is not None:
            extras["svg"] = Series(self.svg_renders, lambda r: r.ns)
        if self.encoding is not None:
            extras["obs"] = Series(self.observed, lambda r: r.ns)
        return extras

    def clone_bytes(self) -> int:
        """Bytes newly allocated by cloning the state halfway through a recorded game (what
        a search pays in memory per stored node; shared immutable data is not counted)."""
        seed, moves = self.parsed[0][0]
        state = self.game.new_game(self.players, seed, self.options)
        for seat, action in moves[: len(moves) // 2]:
            state.apply(seat, action)
        started = not tracemalloc.is_tracing()
        if started:
            tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            copy = state.clone()
            size = tracemalloc.get_traced_memory()[0] - before
            del copy
        finally:
            if started:
                tracemalloc.stop()
        return size

    def row(self, notes: list[str]) -> BenchRow:
        out = super().row(notes)
        out.state_clone_bytes = self.clone_bytes()
        svg = self.extras.get("svg")
        if svg is not None:
            out.us_per_svg_render = Stat.of([b.ns / max(b.units, 1) / 1e3 for b in svg.results])
        obs = self.extras.get("obs")
        if obs is not None:
            out.us_per_step_obs = Stat.of([b.ns / max(b.units, 1) / 1e3 for b in obs.results])
            out.obs_over_plain = out.us_per_step_obs.median / out.us_per_step_plain.median
        return out


def svg_renderer(game: Game) -> Callable[..., str] | None:
    """The game's ``render_svg`` (module ``svg`` beside the game's own), if it has one."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(package + ".svg")
    except ImportError:
        return None
    render = getattr(module, "render_svg", None)
    return render if callable(render) else None


# -- the report ---------------------------------------------------------------------------
def _cpu_model() -> str:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    for key in ("model name", "Hardware", "cpu model", "Processor"):
        for line in text.splitlines():
            name, sep, value = line.partition(":")
            if sep and name.strip() == key and value.strip():
                return value.strip()
    return platform.processor() or platform.machine() or "unknown"


def machine_info(openspiel_version: str | None = None) -> MachineInfo:
    return MachineInfo(
        python=f"{platform.python_implementation()} {platform.python_version()}",
        platform=platform.platform(),
        cpu=_cpu_model(),
        threads=1,
        openspiel=openspiel_version,
    )


def run_bench(
    game_id: str,
    players: int | None = None,
    games: int = 200,
    seconds: float = 0.0,
    openspiel: bool = True,
    *,
    references: tuple[str, ...] | None = None,
    options: Mapping[str, Any] | None = None,
    svg: bool = False,
    obs: bool = False,
) -> BenchReport:
    """Measure ``game_id`` and, if ``openspiel`` and pyspiel imports, each of ``references``
    (OpenSpiel game names, played with their default player counts; by default the three of
    DESIGN.md §7 plus the game's own ``bench_references``, e.g. go and quoridor for Medina).

    ``games`` random games per measurement, split into batches; with ``seconds`` > 0 each
    measurement instead runs batches until it has taken at least that long. With ``svg``,
    also the µs per SVG picture of the mover's view (what the web table renders per seat and
    move). With ``obs``, also the µs per step with the mover's observation tensor computed
    before every step (the game's ``encoding``)."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ValueError(f"games must be a positive integer, not {games!r}")
    if seconds < 0:
        raise ValueError(f"seconds must not be negative, not {seconds!r}")
    game = lookup_game(game_id)
    if references is None:
        references = DEFAULT_REFERENCES + tuple(
            r for r in game.bench_references if r not in DEFAULT_REFERENCES
        )
    seats = game.default_players if players is None else players
    plan = Plan(games, float(seconds))
    notes = [
        f"µs/step and rates: median over batches (of about {max(1, games // plan.batches)} "
        "games each), interquartile range in brackets; single thread, GC enabled; games "
        "and modes interleaved batch by batch so that outside load hits them alike.",
        "plain: pick an actor, list its legal actions, apply a random one; game creation is "
        "excluded from µs/step and included in games/s.",
        "+clone: state = state.clone() before every step. +view: the acting seat's view "
        "before every step (OpenSpiel: observation_string, else information_state_string).",
        "OpenSpiel references: every chance outcome (a card dealt, a die rolled) counts as a "
        "step, sampled from chance_outcomes() with the same RNG; our games draw chance "
        "inside apply.",
        "replay: re-apply the recorded actions (parsed Action objects; OpenSpiel action ids "
        "with chance outcomes) to fresh states, creation excluded. JSON replay: replay_steps "
        "over each GameRecord, game creation and action parsing included.",
    ]

    render = svg_renderer(game) if svg else None
    if svg and render is None:
        notes.append(f"{game.id} has no SVG renderer: +svg omitted.")
    elif render is not None:
        notes.append(
            "+svg: µs per render_svg(view, 'en', legal) of the mover's view before every step "
            "of the plain games replayed (view and legal actions not timed; the renderers' "
            "caches stay warm from batch to batch, as on a running server)."
        )
    encoding = None
    if obs:
        try:
            encoding = game.encoding(seats, options)
        except NoEncoding:
            notes.append(f"{game.id} has no numeric encoding: +obs omitted.")
        else:
            notes.append(
                "+obs: the plain games again with encoding.observation(state, mover) before "
                "every step; ÷ plain is the issue's figure (target ≤ 2)."
            )
    subjects: list[Subject] = [_OurGame(game, seats, options, render, encoding)]
    openspiel_note: str | None = None
    version: str | None = None
    if not openspiel:
        openspiel_note = "OpenSpiel references not requested."
    elif not references:
        openspiel_note = "no OpenSpiel reference games were named."
    else:
        try:
            from . import bench_openspiel
        except ImportError as exc:
            openspiel_note = (
                f"OpenSpiel references omitted: pyspiel cannot be imported ({exc}); "
                "install it with `pip install open-spiel`."
            )
        else:
            version = bench_openspiel.openspiel_version()
            subjects.extend(bench_openspiel.Reference(name) for name in references)
    plan.run([series for subject in subjects for series in subject.start(plan)])
    rows = [subject.row(notes) for subject in subjects]
    ours = rows[0]
    for row in rows[1:]:
        ours.plain_over_reference[row.name] = (
            ours.us_per_step_plain.median / row.us_per_step_plain.median
        )
    if openspiel_note is not None:
        notes.append(openspiel_note)
    return BenchReport(
        game_id=game.id,
        players=seats,
        games=games,
        seconds=float(seconds),
        references=tuple(references) if openspiel else (),
        rows=rows,
        machine=machine_info(version),
        openspiel_note=openspiel_note,
        notes=notes,
    )


def report_to_json(report: BenchReport) -> dict[str, Any]:
    """The report as plain JSON types (for ``--json`` and for comparing machines later)."""
    out: dict[str, Any] = {"schema": REPORT_SCHEMA}
    out.update(asdict(report))
    out["references"] = list(report.references)
    return out


def _num(x: float) -> str:
    """Three significant digits, with k/M for large rates, so columns stay narrow."""
    for scale, suffix in ((1e6, "M"), (1e3, "k")):
        if abs(x) >= scale:
            return f"{x / scale:.3g}{suffix}"
    return f"{x:.3g}"


def _stat(s: Stat | None) -> str:
    if s is None:
        return "n/a"
    return f"{_num(s.median)} [{_num(s.q1)}–{_num(s.q3)}]"


def format_report(report: BenchReport) -> Table:
    """A Rich table, one row per game; machine and footnotes in the caption."""
    from rich.table import Table

    m = report.machine
    table = Table(
        title=f"spieltisch bench: {report.game_id}, {report.players} players",
        caption="\n".join(
            [
                f"{m.python} · {m.platform} · {m.cpu} · {m.threads} thread"
                + (f" · open_spiel {m.openspiel}" if m.openspiel else ""),
                *(f"{i}. {note}" for i, note in enumerate(report.notes, 1)),
            ]
        ),
        caption_justify="left",
    )
    table.add_column("game", no_wrap=True)
    table.add_column("players", justify="right")
    table.add_column("plain µs/step¹ ²", justify="right")
    table.add_column("+clone µs/step³", justify="right")
    table.add_column("+view µs/step³", justify="right")
    table.add_column("games/s²", justify="right")
    table.add_column("avg steps⁴", justify="right")
    table.add_column("replay act/s⁵", justify="right")
    table.add_column("JSON replay act/s⁵", justify="right")
    table.add_column("÷ plain: clone, view", justify="right")
    table.add_column("plain ÷ reference", justify="right", no_wrap=True)
    table.add_column("clone bytes", justify="right")
    svg = any(row.us_per_svg_render is not None for row in report.rows)
    if svg:
        table.add_column("+svg µs/render", justify="right")
    obs = any(row.us_per_step_obs is not None for row in report.rows)
    if obs:
        table.add_column("+obs µs/step (÷ plain)", justify="right")
    for row in report.rows:
        table.add_row(
            row.name,
            str(row.players),
            _stat(row.us_per_step_plain),
            _stat(row.us_per_step_clone),
            _stat(row.us_per_step_view),
            _stat(row.games_per_second),
            f"{row.avg_game_length:.1f}",
            _stat(row.replay_actions_per_second),
            _stat(row.json_replay_actions_per_second),
            f"{row.clone_over_plain:.2f}, "
            + ("n/a" if row.view_over_plain is None else f"{row.view_over_plain:.2f}"),
            "\n".join(f"{k} ×{v:.2f}" for k, v in row.plain_over_reference.items()) or "",
            "" if row.state_clone_bytes is None else f"{row.state_clone_bytes:,}",
            *([_stat(row.us_per_svg_render)] if svg else []),
            *(
                [
                    ""
                    if row.us_per_step_obs is None
                    else f"{_stat(row.us_per_step_obs)} ({row.obs_over_plain:.2f})"
                ]
                if obs
                else []
            ),
        )
    return table


__all__ = [
    "DEFAULT_REFERENCES",
    "BenchReport",
    "BenchRow",
    "MachineInfo",
    "Stat",
    "format_report",
    "machine_info",
    "report_to_json",
    "run_bench",
]
