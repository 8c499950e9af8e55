"""The report of ``spieltisch bench-server``: its figures, as JSON and for a terminal."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Group

REPORT_SCHEMA = "spieltisch.bench-server/1"


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) with linear interpolation between closest ranks."""
    if not values:
        raise ValueError("a percentile needs at least one value")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


@dataclass(frozen=True)
class Spread:
    """The distribution of one figure: count, mean, p50/p95/p99, max."""

    count: int
    mean: float
    p50: float
    p95: float
    p99: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread | None:
        if not values:
            return None
        return cls(
            count=len(values),
            mean=sum(values) / len(values),
            p50=percentile(values, 50),
            p95=percentile(values, 95),
            p99=percentile(values, 99),
            max=max(values),
        )


@dataclass(frozen=True)
class ServerBenchReport:
    schema: str
    game: str
    players: int
    tables: int
    moves_per_table: int
    think_s: float
    db: str  # "temporary SQLite" or the URL given
    # the play
    moves: int  # acknowledged moves
    stale: int  # moves refused as stale (simultaneous actors racing)
    errors: int  # other refusals (should be 0)
    tables_finished: int  # reached the asked moves or the end of the game
    games_over: int
    timed_out: bool
    duration_s: float  # from the first move to the last client done
    moves_per_second: float
    latency_ms: Spread | None  # act sent -> update with the new version on the mover's socket
    fanout_ms: Spread | None  # act sent -> the other seats' sockets get that version
    payload_kb: Spread | None  # every update or patch message, KiB of JSON text
    wire_kb: Spread | None  # every update message, KiB sent (compressed where asked)
    compress: bool  # the clients asked for compressed updates, as the game page does
    patch: bool  # the clients asked for patches after the first update, as the page does
    resyncs: int  # patches against a message the client did not have (should be 0)
    updates: int
    # memory of the server process (None where /proc is missing)
    rss_start_mb: float | None  # right after start-up
    rss_baseline_mb: float | None  # after the warm-up table
    rss_live_mb: float | None  # every table created, every socket connected
    rss_end_mb: float | None  # after the moves
    memory_per_table_mb: float | None  # (live - baseline) / tables
    memory_per_table_end_mb: float | None  # (end - baseline) / tables
    # who used the CPU during the play
    server_cpu_s: float | None
    loop_cpu_s: float | None  # of which the event loop's thread (the rest: worker threads)
    client_cpu_s: float
    # the machine
    python: str
    platform: str
    cpus: int
    load_average: list[float] | None  # 1, 5, 15 minutes, before the run
    sockets: int = 0
    notes: list[str] = field(default_factory=list)
    workers: int = 1  # server processes (spieltisch serve --workers)
    server: str = "started by the benchmark"  # or the URL of the running server driven


def report_to_json(report: ServerBenchReport) -> dict[str, Any]:
    return asdict(report)


def _mb(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f} MB"


def format_report(report: ServerBenchReport) -> Group:
    """The report for a terminal: the distributions, then one row per other figure."""
    from rich.console import Group
    from rich.table import Table

    title = (
        f"bench-server: {report.tables} tables of {report.game} ({report.players} players, "
        f"{report.sockets} WebSockets), {report.moves_per_table} moves each"
        + (f", think {report.think_s:g} s" if report.think_s else "")
        + (f", {report.workers} server processes" if report.workers > 1 else "")
        + ("" if report.server == "started by the benchmark" else f", server {report.server}")
    )
    spreads = Table(title=title, title_justify="left")
    spreads.add_column("Figure")
    for name in ("n", "mean", "p50", "p95", "p99", "max"):
        spreads.add_column(name, justify="right")
    for name, spread in (
        ("Move-to-update latency (ms)", report.latency_ms),
        ("Update to the other seats (ms)", report.fanout_ms),
        ("Update" + (" or patch" if report.patch else "") + " (KB of JSON)", report.payload_kb),
        ("Update on the wire (KB" + (", deflate)" if report.compress else ")"), report.wire_kb),
    ):
        if spread is None:
            spreads.add_row(name, "0", *["-"] * 5)
            continue
        values = (spread.mean, spread.p50, spread.p95, spread.p99, spread.max)
        spreads.add_row(name, str(spread.count), *(f"{v:.1f}" for v in values))
    rest = Table(show_header=False)
    rest.add_column("Figure")
    rest.add_column("Value")
    rest.add_row(
        "Memory per table",
        f"{_mb(report.memory_per_table_mb, 2)} (connected), "
        f"{_mb(report.memory_per_table_end_mb, 2)} (after the moves)",
    )
    rest.add_row(
        "Server RSS",
        f"{_mb(report.rss_baseline_mb)} → {_mb(report.rss_live_mb)} → {_mb(report.rss_end_mb)}",
    )
    rest.add_row(
        "Moves",
        f"{report.moves} in {report.duration_s:.1f} s = {report.moves_per_second:.0f}/s "
        f"(stale {report.stale}, errors {report.errors}"
        + (f", resyncs {report.resyncs}" if report.patch else "")
        + ")",
    )
    rest.add_row(
        "Tables finished", f"{report.tables_finished}/{report.tables} ({report.games_over} over)"
    )
    cpu = "-" if report.server_cpu_s is None else f"{report.server_cpu_s:.1f} s"
    if report.loop_cpu_s is not None:
        cpu += f" (event loop {report.loop_cpu_s:.1f} s)"
    rest.add_row("CPU during the moves", f"server {cpu}, clients {report.client_cpu_s:.1f} s")
    if report.moves and report.server_cpu_s is not None:
        per = 1000 * report.server_cpu_s / report.moves
        loop = (
            ""
            if report.loop_cpu_s is None
            else f", event loop {1000 * report.loop_cpu_s / report.moves:.2f} ms"
        )
        rest.add_row("Server CPU per move", f"{per:.2f} ms{loop}")
    load = "-" if report.load_average is None else " ".join(f"{x:.2f}" for x in report.load_average)
    rest.add_row("Machine", f"{report.cpus} CPUs, load average before the run {load}")
    if report.timed_out:
        rest.add_row("[red]Timed out[/red]", "[red]yes: the figures cover the moves made[/red]")
    return Group(spreads, rest)
