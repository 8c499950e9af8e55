"""``spieltisch bench GAME --search``: how many simulations (iterations) per second the
search bot runs on one core, and where their time goes.

Positions come from heuristic games (the game's ``normal`` bot, else random play) with fixed
seeds: for each game one early, one middle and one late position (a fraction of the game's
length; the nearest step where the player to move has a choice). From each, the player to
move searches a world re-dealt from its view, as ``bots.act`` hands it, with the game's own
``search_hooks()`` (whatever they are: the defaults included), by ``Search.run`` in short
slices until ``seconds`` of CPU time are spent: simulations per CPU second (per core) and
per wall second. A second, shorter run from the same position times the inner loop's parts
(``bench_search_parts``).

Benchmarks are not tests: nothing here asserts a time.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from .. import bots
from ..bots.search import Search
from ..bots.search.flat import FlatSearch
from ..engine.game import Game, State
from ..engine.registry import game as lookup_game
from .bench_batches import BENCH_SEED, MachineInfo
from .bench_report import machine_info
from .bench_search_parts import LOOP, PartTime, TimedHooks, Timers, timed_state_and_tree

if TYPE_CHECKING:
    from rich.table import Table

REPORT_SCHEMA = "spieltisch.bench-search/1"
PHASES = (("early", 0.15), ("middle", 0.5), ("late", 0.85))
GAMES = 2  # heuristic games the positions are taken from
DEFAULT_SECONDS = 1.0  # CPU seconds per position: the hard level's budget
PARTS_SHARE = 0.5  # the timed run takes this share of ``seconds``
SLICE = 32  # iterations per Search.run between two looks at the clock


@dataclass(frozen=True)
class PositionRow:
    """One searched position and its figures."""

    phase: str
    game: int  # which heuristic game (0, 1, ...)
    step: int  # steps played before it
    length: int  # steps of that whole game
    seat: int
    legal: int  # the searching seat's legal actions
    iterations: int
    cpu_seconds: float
    wall_seconds: float

    @property
    def per_cpu_second(self) -> float:
        return self.iterations / self.cpu_seconds if self.cpu_seconds else 0.0

    @property
    def per_wall_second(self) -> float:
        return self.iterations / self.wall_seconds if self.wall_seconds else 0.0


@dataclass(frozen=True)
class FlatRow:
    """A game that plays the flat search (``root_candidates``): its worlds and rollouts
    (a move played in a world and rolled out) at one position."""

    phase: str
    game: int
    worlds: int
    rollouts: int
    cpu_seconds: float

    @property
    def worlds_per_cpu_second(self) -> float:
        return self.worlds / self.cpu_seconds if self.cpu_seconds else 0.0

    @property
    def rollouts_per_cpu_second(self) -> float:
        return self.rollouts / self.cpu_seconds if self.cpu_seconds else 0.0


@dataclass
class SearchBenchReport:
    game_id: str
    players: int
    options: dict[str, Any]
    seconds: float  # CPU seconds per position
    hooks: str  # the search hooks' class: a game's own or the defaults
    rollout_depth: int
    flat_candidates: int  # the hooks' root_candidates (0: the game searches with the tree)
    flat_depth: int
    positions: list[PositionRow]
    parts: list[PartTime]
    timed_slowdown: float  # CPU per simulation timed ÷ untimed (over as many CPU s)
    machine: MachineInfo
    notes: list[str] = field(default_factory=list)
    flat: list[FlatRow] = field(default_factory=list)  # games that search flat

    @property
    def per_cpu_second(self) -> float:
        """The headline: all positions' simulations over all their CPU seconds."""
        cpu = sum(p.cpu_seconds for p in self.positions)
        return sum(p.iterations for p in self.positions) / cpu if cpu else 0.0

    @property
    def per_wall_second(self) -> float:
        wall = sum(p.wall_seconds for p in self.positions)
        return sum(p.iterations for p in self.positions) / wall if wall else 0.0


# -- positions ------------------------------------------------------------------------------
def sample_positions(
    game: Game, players: int, options: Mapping[str, Any], games: int = GAMES
) -> list[tuple[str, int, int, int, State]]:
    """``(phase, game, step, length, state)`` for each phase of each of ``games`` seeded
    heuristic games (the true states: the caller re-deals them for the searching seat)."""
    name = "normal" if "normal" in bots.available(game) else "random"
    found = []
    for index in range(games):
        seed = BENCH_SEED + index
        state = game.new_game(players, seed, dict(options))
        player = [bots.make(name, game) for _ in range(players)]
        rngs = [random.Random(f"bench-search/{seed}/{seat}") for seat in range(players)]
        choices: list[tuple[int, State]] = []  # the steps where the mover has a choice
        step = 0
        while not state.is_over():
            seat = state.actors()[0]
            if len(state.legal_actions(seat)) > 1:
                choices.append((step, state.clone()))
            state.apply(seat, bots.act(player[seat], state, seat, rngs[seat]))
            step += 1
        if not choices:
            continue
        for phase, fraction in PHASES:
            at, position = min(choices, key=lambda c: abs(c[0] - fraction * step))
            found.append((phase, index, at, step, position))
    if not found:
        raise ValueError(f"{game.name} offered no choice in {games} games: nothing to search")
    return found


# -- measuring ------------------------------------------------------------------------------
def _search_for(hooks: Any, position: State, seed: int) -> tuple[Search, int, int]:
    """A fresh search of ``position`` by its player to move, from a world re-dealt for it."""
    rng = random.Random(seed)
    seat = position.actors()[0]
    world = position.resample(seat, rng)
    legal = len(world.legal_actions(seat))
    return Search(hooks, world, seat, rng), seat, legal


@dataclass(frozen=True)
class Spent:
    iterations: int
    cpu: float
    wall: float
    early: tuple[int, float]  # (iterations, CPU seconds) once ``PARTS_SHARE`` was spent


def _spend(search: Search, seconds: float) -> Spent:
    """Run ``search`` in slices until ``seconds`` of CPU time are spent."""
    before = search.iterations
    cpu0, wall0 = time.process_time(), time.perf_counter()
    early: tuple[int, float] | None = None
    while True:
        search.run(iterations=SLICE)
        cpu = time.process_time() - cpu0
        if early is None and cpu >= seconds * PARTS_SHARE:
            early = (search.iterations - before, cpu)
        if cpu >= seconds:
            assert early is not None
            return Spent(search.iterations - before, cpu, time.perf_counter() - wall0, early)


def run_search_bench(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seconds: float = DEFAULT_SECONDS,
    games: int = GAMES,
) -> SearchBenchReport:
    """Measure the search bot on ``game_id``: ``seconds`` of CPU per position (the parts
    timed for ``PARTS_SHARE`` of that again), positions from ``games`` heuristic games."""
    if not seconds > 0:
        raise ValueError(f"seconds must be positive, not {seconds!r}")
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive integer, not {games!r}")
    game = lookup_game(game_id)
    seats = game.default_players if players is None else players
    opts = dict(options or {})
    hooks = game.search_hooks()
    positions: list[PositionRow] = []
    timers = Timers()
    timed = Measured()  # the timed runs
    flat: list[FlatRow] = []
    untimed = Measured()  # the untimed runs' first parts, as long as the timed runs
    for n, (phase, index, step, length, state) in enumerate(
        sample_positions(game, seats, opts, games)
    ):
        search, seat, legal = _search_for(hooks, state, BENCH_SEED + n)
        plain = _spend(search, seconds)
        positions.append(
            PositionRow(
                phase, index, step, length, seat, legal, plain.iterations, plain.cpu, plain.wall
            )
        )
        untimed.add(*plain.early)
        search, _, _ = _search_for(TimedHooks(hooks, timers), state, BENCH_SEED + n)
        start = time.perf_counter_ns()
        with timed_state_and_tree(type(state), timers):
            spent = _spend(search, seconds * PARTS_SHARE)
        timers.total_ns += time.perf_counter_ns() - start
        timers.calibrate()
        timed.add(spent.iterations, spent.cpu)
        if hooks.root_candidates > 0:
            flat.append(_spend_flat(hooks, state, BENCH_SEED + n, seconds, phase, index))
    report = SearchBenchReport(
        game_id=game.id,
        players=seats,
        options=opts,
        seconds=float(seconds),
        hooks=f"{type(hooks).__module__}.{type(hooks).__qualname__}",
        rollout_depth=hooks.rollout_depth,
        flat_candidates=hooks.root_candidates,
        flat_depth=hooks.flat_rollout_depth,
        positions=positions,
        parts=timers.parts(timed.iterations, untimed.cpu_us_per_iteration),
        timed_slowdown=timed.cpu_us_per_iteration / untimed.cpu_us_per_iteration,
        machine=machine_info(),
        flat=flat,
    )
    report.notes = _notes(report)
    return report


def _spend_flat(
    hooks: Any, position: State, seed: int, seconds: float, phase: str, index: int
) -> FlatRow:
    """The flat search from ``position`` (what hard and expert play in such a game), world
    after world until ``seconds`` of CPU time are spent."""
    rng = random.Random(seed)
    seat = position.actors()[0]
    search = FlatSearch(hooks, position.resample(seat, rng), seat, rng)
    cpu0 = time.process_time()
    while time.process_time() - cpu0 < seconds:
        search.iterate()
    return FlatRow(phase, index, search.iterations, search.rollouts, time.process_time() - cpu0)


@dataclass
class Measured:
    """Iterations and CPU seconds summed over positions."""

    iterations: int = 0
    cpu: float = 0.0

    def add(self, iterations: int, cpu: float) -> None:
        self.iterations += iterations
        self.cpu += cpu

    @property
    def cpu_us_per_iteration(self) -> float:
        return self.cpu / max(self.iterations, 1) * 1e6


def _notes(report: SearchBenchReport) -> list[str]:
    default = report.hooks == "spieltisch.engine.search_hooks.SearchHooks"
    return [
        f"positions: the early, middle and late steps ({', '.join(f'{f:.0%}' for _, f in PHASES)}"
        " of the game's length, the nearest with a choice) of seeded heuristic games; the "
        "player to move searches a world re-dealt from its view, as bots.act hands it.",
        f"sims/CPU-s: Search.run in slices of {SLICE} iterations until {report.seconds:g} CPU "
        "s (time.process_time) are spent; one process, one core. sims/wall-s: the same "
        "iterations over wall time (lower on a loaded machine).",
        f"hooks: {report.hooks}"
        + (" (the defaults: the game has none of its own)" if default else "")
        + f", rollout depth {report.rollout_depth}.",
        "where the time goes: a second run of half the time from each position with timers "
        "(wall clock) around each part; 'own' is a part's time without the timed calls "
        "inside it (a prior's clones count as clone), so the shares add up to 100%, the "
        "search loop's is what they leave (less the timers' own cost); 'incl.' from entry "
        "to exit. µs: the share of an untimed simulation's CPU time. The timers slow the "
        f"search down ×{report.timed_slowdown:.2f}.",
        "issue 17's target: ≥ 1,000 simulations per second per core in The Kingdoms of "
        "Crusaders at 2 players, ≥ 200 in the other games.",
    ] + (
        [
            "this game's hard and expert search flat (bots.search.flat): from each position "
            f"its {report.flat_candidates} best moves by the prior are played in every "
            f"re-dealt world and rolled out {report.flat_depth} steps; the last table gives "
            f"worlds and rollouts per CPU second over {report.seconds:g} CPU s per position. "
            "The simulations above are the tree search's, which the post-game analysis uses."
        ]
        if report.flat
        else []
    )


# -- the report -----------------------------------------------------------------------------
def report_to_json(report: SearchBenchReport) -> dict[str, Any]:
    data: dict[str, Any] = {"schema": REPORT_SCHEMA}
    data.update(asdict(report))
    data["per_cpu_second"] = report.per_cpu_second
    data["per_wall_second"] = report.per_wall_second
    for row, position in zip(data["positions"], report.positions, strict=True):
        row["per_cpu_second"] = position.per_cpu_second
        row["per_wall_second"] = position.per_wall_second
    for row, flat in zip(data["flat"], report.flat, strict=True):
        row["worlds_per_cpu_second"] = flat.worlds_per_cpu_second
        row["rollouts_per_cpu_second"] = flat.rollouts_per_cpu_second
    return data


def _rate(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


def format_report(report: SearchBenchReport) -> list[Table]:
    """Two Rich tables: simulations per second by position, and where the time goes."""
    from rich.table import Table

    m = report.machine
    options = ", ".join(f"{k}={v}" for k, v in report.options.items())
    speed = Table(
        title=f"spieltisch bench --search: {report.game_id}, {report.players} players"
        + (f" ({options})" if options else ""),
        caption=f"{m.python} · {m.platform} · {m.cpu}\nposition: phase, game, steps "
        "played / the game's steps",
        caption_justify="left",
    )
    speed.add_column("position", no_wrap=True)
    for name in ("seat", "legal", "sims", "sims/CPU-s", "sims/wall-s"):
        speed.add_column(name, justify="right")
    for p in report.positions:
        speed.add_row(
            f"{p.phase} {p.game}: {p.step}/{p.length}",
            str(p.seat),
            str(p.legal),
            f"{p.iterations:,}",
            _rate(p.per_cpu_second),
            _rate(p.per_wall_second),
        )
    for phase, _ in PHASES:
        rates = [p.per_cpu_second for p in report.positions if p.phase == phase]
        if rates:
            speed.add_row(f"{phase}: median", "", "", "", _rate(statistics.median(rates)), "")
    speed.add_row(
        "[bold]all[/bold]",
        "",
        "",
        f"{sum(p.iterations for p in report.positions):,}",
        f"[bold]{_rate(report.per_cpu_second)}[/bold]",
        _rate(report.per_wall_second),
    )
    parts = Table(
        title="where a simulation's time goes",
        caption="\n".join(f"{i}. {note}" for i, note in enumerate(report.notes, 1)),
        caption_justify="left",
    )
    parts.add_column("part")
    for name in ("calls/sim", "own µs/sim", "share", "incl. µs/sim"):
        parts.add_column(name, justify="right")
    for row in sorted(report.parts, key=lambda r: -r.share):
        parts.add_row(
            row.part,
            f"{row.calls:.3g}",
            _rate(row.own_us),
            f"{row.share:.1%}",
            "" if row.part == LOOP else _rate(row.inclusive_us),
        )
    if not report.flat:
        return [speed, parts]
    flat = Table(title="the flat search (hard and expert in this game)")
    flat.add_column("position", no_wrap=True)
    for name in ("worlds", "worlds/CPU-s", "rollouts", "rollouts/CPU-s"):
        flat.add_column(name, justify="right")
    for f in report.flat:
        flat.add_row(
            f"{f.phase} {f.game}",
            f"{f.worlds:,}",
            _rate(f.worlds_per_cpu_second),
            f"{f.rollouts:,}",
            _rate(f.rollouts_per_cpu_second),
        )
    return [speed, parts, flat]


__all__ = [
    "DEFAULT_SECONDS",
    "PHASES",
    "REPORT_SCHEMA",
    "FlatRow",
    "PositionRow",
    "SearchBenchReport",
    "format_report",
    "report_to_json",
    "run_search_bench",
    "sample_positions",
]
