"""``spieltisch bench-server``: a load benchmark of the web table.

A real ``spieltisch serve`` process is started on loopback (so that the clients do not share
its event loop), N tables with human seats only are created through the HTTP API, and one
WebSocket per seat is opened for every table at once. Each seat's scripted client plays a
random legal move whenever it is an actor, until its table has made the asked number of
moves (or its game is over). The figures:

- **move-to-update latency**: from sending ``act`` to receiving, on the mover's own socket,
  the update that carries the new version;
- **fan-out delay**: from the same ``act`` to the other seats' sockets receiving that version;
- **update payload sizes**: bytes of every ``update`` message, as JSON text and as sent (the
  clients ask for compressed updates, ``?compress=deflate``, as the game page does);
- **memory per table**: growth of the server process's resident set (``VmRSS``) from after a
  warm-up table to when every table is created and every socket is connected, divided by N.

The clients run in this process, so on a small machine they compete with the server for the
CPU; the report gives both processes' CPU time so that this can be judged. Everything is
bounded: the numbers of tables and moves are capped, a global timeout ends the run (the
report then says ``timed_out``), and the server is stopped at the end whatever happened.

With ``url`` the benchmark drives a server that is already running (one process, or a
cluster behind a load balancer) instead of starting one; its CPU and memory are measured only
if ``pid`` names its process (tree) on this machine. Such a server must run without rate
limits (``SPIELTISCH_RATE_LIMITS=off``): the clients play from one address faster than any
person.

Benchmarks are not tests: nothing here asserts a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import platform
import random
import time
import urllib.error
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .bench_clients import SeatClient, Table, first_seen
from .bench_server_report import (
    REPORT_SCHEMA,
    ServerBenchReport,
    Spread,
    format_report,
    percentile,
    report_to_json,
)
from .server_process import (
    LOOPBACK,
    START_TIMEOUT_S,
    ServerProcess,
    cpu_seconds,
    database,
    free_port,
    http_json,
    process_tree,
    raise_fd_limit,
    rss_mb,
)

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

DEFAULT_GAME = "kingdoms-of-crusaders"
MAX_TABLES = 1000
MAX_MOVES = 1000
DEFAULT_TIMEOUT_S = 300.0
HTTP_PARALLEL = 8  # concurrent table creations
CONNECT_PARALLEL = 64  # concurrent WebSocket handshakes

Progress = Callable[[str], None]


# -- the benchmark ------------------------------------------------------------------------
@dataclass(frozen=True)
class RunningServer:
    """A server the benchmark did not start: its base URL and, if it runs on this machine,
    the process whose tree is measured (``spieltisch serve``'s pid)."""

    url: str
    pid: int | None = None

    @property
    def proc(self) -> None:  # nothing to watch: the benchmark did not start it
        return None

    def stderr_tail(self, chars: int = 2000) -> str:
        return "(a running server: its output is not read here)"


Server = ServerProcess | RunningServer


@dataclass(frozen=True)
class _Load:
    """What a run asks for: the game and its players, the tables, the moves per table, the
    clients' thinking time, the seed, and whether the clients ask for compressed updates."""

    game: str
    players: int
    tables: int
    moves: int
    think: float
    seed: int
    compress: bool
    patch: bool
    workers: int = 1


@dataclass
class _Run:
    tables: list[Table] = field(default_factory=list)
    seats: list[SeatClient] = field(default_factory=list)
    rss_live: float | None = None
    started: float = 0.0
    ended: float = 0.0
    timed_out: bool = False
    server_cpu: float | None = None
    loop_cpu: float | None = None  # the server's main thread: its event loop
    client_cpu: float = 0.0


async def _drive(
    server: Server, ask: _Load, deadline: float, progress: Progress, run: _Run
) -> None:
    """Create the tables, connect every seat, then play; fills ``run`` as it goes (so that a
    timeout still leaves the figures gathered so far)."""
    progress(f"creating {ask.tables} tables")
    run.tables = await _create_tables(server, ask)
    ws_base = "ws" + server.url.removeprefix("http") + "/ws/"  # http→ws, https→wss
    asks = (["compress=deflate"] if ask.compress else []) + (["patch=1"] if ask.patch else [])
    query = "?" + "&".join(asks) if asks else ""
    run.seats = [
        SeatClient(
            t,
            seat,
            ws_base + token + query,
            random.Random(f"{ask.seed}/{t.index}/{seat}"),
            ask.think,
        )
        for t in run.tables
        for seat, token in enumerate(t.tokens)
    ]
    progress(f"connecting {len(run.seats)} WebSockets")
    connect_limit = asyncio.Semaphore(CONNECT_PARALLEL)
    sockets = await asyncio.gather(*(s.connect(connect_limit) for s in run.seats))
    try:
        await asyncio.sleep(0.2)  # let the server settle before measuring
        run.rss_live = _rss(server.pid)
        progress(f"playing {ask.moves} moves on each table")
        await _play(server, run, sockets, deadline)
    finally:
        for ws in sockets:
            with contextlib.suppress(Exception):
                await ws.close()


def _seat_rng(ask: _Load, table: Table, seat: int) -> random.Random:
    """The seat's client's moves: seeded by the run's seed, the table and the seat."""
    return random.Random(f"{ask.seed}/{table.index}/{seat}")


async def _create_tables(server: Server, ask: _Load) -> list[Table]:
    """The tables, human seats only, created through the HTTP API a few at a time."""
    limit = asyncio.Semaphore(HTTP_PARALLEL)
    seats_spec = [{"kind": "human"}] * ask.players

    async def create(i: int) -> Table:
        body = {"game": ask.game, "players": ask.players, "seats": seats_spec, "seed": ask.seed + i}
        async with limit:
            made = await asyncio.to_thread(http_json, "POST", server.url + "/api/tables", body)
        tokens = [s["link"].rsplit("/", 1)[1] for s in made["seats"]]
        return Table(i, tokens, target=ask.moves)

    return list(await asyncio.gather(*(create(i) for i in range(ask.tables))))


async def _play(
    server: Server, run: _Run, sockets: Sequence[ClientConnection], deadline: float
) -> None:
    """Every seat's client plays at once until done or the deadline; the time taken and
    both processes' CPU time go into ``run``."""
    start = asyncio.Event()
    players_tasks = [
        asyncio.create_task(s.play(ws, start)) for s, ws in zip(run.seats, sockets, strict=True)
    ]
    cpu0, client0 = _cpu(server.pid), time.process_time()
    loop0 = _cpu(server.pid, main_thread=True)
    run.started = time.perf_counter()
    start.set()
    try:
        await asyncio.wait_for(
            asyncio.gather(*players_tasks), max(1.0, deadline - time.monotonic())
        )
    except TimeoutError:
        run.timed_out = True
    run.ended = time.perf_counter()
    cpu1, loop1 = _cpu(server.pid), _cpu(server.pid, main_thread=True)
    run.server_cpu = None if cpu0 is None or cpu1 is None else cpu1 - cpu0
    run.loop_cpu = None if loop0 is None or loop1 is None else loop1 - loop0
    run.client_cpu = time.process_time() - client0


def _cpu(pid: int | None, main_thread: bool = False) -> float | None:
    return None if pid is None else cpu_seconds(pid, main_thread)


def _rss(pid: int | None) -> float | None:
    return None if pid is None else rss_mb(pid)


def run_server_bench(
    tables: int = 100,
    moves: int = 20,
    game: str = DEFAULT_GAME,
    players: int | None = None,
    port: int = 0,
    db: str | None = None,
    think: float = 0.0,
    timeout: float = DEFAULT_TIMEOUT_S,
    compress: bool = True,
    seed: int = 0,
    progress: Progress | None = None,
    patch: bool = True,
    workers: int = 1,
    redis: str | None = None,
    url: str | None = None,
    pid: int | None = None,
) -> ServerBenchReport:
    """Run the load benchmark and return its report (see the module's docstring).
    ``workers``: server processes sharing the port, which need ``redis`` and a PostgreSQL
    ``db`` (``spieltisch serve --workers``). ``url``: drive that running server instead of
    starting one; ``pid``: its process on this machine, measured."""
    _check_limits(tables, moves, port, think, timeout)
    _check_target(url, pid, port=port, db=db, workers=workers, redis=redis)
    _check_processes(workers, redis, db)
    ask = _Load(
        *_game_and_players(game, players), tables, moves, think, seed, compress, patch, workers
    )
    say: Progress = progress or (lambda _message: None)
    deadline = time.monotonic() + timeout
    load = list(os.getloadavg()) if hasattr(os, "getloadavg") else None
    raise_fd_limit(2 * tables * ask.players + 256)
    run = _Run()
    with _server(url, pid, port=port, db=db, workers=workers, redis=redis, say=say) as server:
        rss_start = _rss(server.pid)
        _warm_up(server, ask)
        rss_baseline = _rss(server.pid)
        try:
            asyncio.run(_drive(server, ask, deadline, say, run))
        except OSError as exc:
            raise RuntimeError(f"{exc}; server said: {server.stderr_tail(500)}") from exc
        rss_end = _rss(server.pid)
        if server.proc is not None and server.proc.poll() is not None:
            raise RuntimeError(f"the server died during the run: {server.stderr_tail()}")
    if url is None:
        say("server stopped")
    return _report(
        run,
        ask,
        db=_db_label(url, db),
        rss=(rss_start, rss_baseline, run.rss_live, rss_end),
        load=load,
        server="started by the benchmark" if url is None else url.rstrip("/"),
    )


def _db_label(url: str | None, db: str | None) -> str:
    if url is not None:
        return "the running server's"
    return "temporary SQLite" if db is None else db


@contextlib.contextmanager
def _server(
    url: str | None,
    pid: int | None,
    *,
    port: int,
    db: str | None,
    workers: int,
    redis: str | None,
    say: Progress,
) -> Iterator[Server]:
    """The running server at ``url``, checked; or else one started for the run and stopped
    after it whatever happened."""
    if url is not None:
        running = RunningServer(url.rstrip("/"), pid)
        try:
            http_json("GET", running.url + "/api/games", timeout=10.0)
        except (OSError, ValueError) as exc:
            reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
            raise RuntimeError(f"no Spieltisch server answers at {url}: {reason}") from exc
        say(f"driving the running server at {running.url}")
        yield running
        return
    with (
        database(db) as db_url,
        ServerProcess(port or free_port(), db_url, redis_url=redis, workers=workers) as started,
    ):
        if workers > 1:
            _wait_for_workers(started, workers)
        say(f"server started (pid {started.pid}, port {started.port}, {workers} process(es))")
        yield started


def _check_target(
    url: str | None, pid: int | None, *, port: int, db: str | None, workers: int, redis: str | None
) -> None:
    """``--url`` drives a running server, so the options of a started one do not apply."""
    if url is None:
        if pid is not None:
            raise ValueError("--pid measures a running server: it needs --url")
        return
    if not url.startswith(("http://", "https://")):
        raise ValueError(f"--url must be an http:// or https:// URL, not {url!r}")
    given = [
        name
        for name, value in (
            ("--port", port != 0),
            ("--db", db is not None),
            ("--workers", workers != 1),
            ("--redis", redis is not None),
        )
        if value
    ]
    if given:
        raise ValueError(
            f"--url drives a running server; {', '.join(given)} configure(s) a server the "
            "benchmark starts and cannot be given with it"
        )
    if pid is not None and rss_mb(pid) is None:
        raise ValueError(f"--pid {pid}: no such process on this machine")


def _check_processes(workers: int, redis: str | None, db: str | None) -> None:
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, not {workers}")
    if workers > 1 and (redis is None or not (db or "").startswith("postgresql")):
        raise ValueError(
            "--workers needs --redis URL and a PostgreSQL --db (the processes share them)"
        )


def _wait_for_workers(server: ServerProcess, workers: int) -> None:
    """Until every worker process has started (the first answers before the others)."""
    end = time.monotonic() + 60
    while time.monotonic() < end:
        if len(process_tree(server.pid)) > workers:  # the supervisor and its workers
            time.sleep(2.0)  # their start-up: migrations checked, Redis reached
            return
        time.sleep(0.2)


def _check_limits(tables: int, moves: int, port: int, think: float, timeout: float) -> None:
    """Refuses a run outside the benchmark's bounds, naming the option."""
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"--tables must be between 1 and {MAX_TABLES}, not {tables}")
    if not 1 <= moves <= MAX_MOVES:
        raise ValueError(f"--moves must be between 1 and {MAX_MOVES}, not {moves}")
    if not 0 <= port <= 65535:
        raise ValueError(f"--port must be between 0 and 65535, not {port}")
    if think < 0 or timeout <= 0:
        raise ValueError("--think must be >= 0 and --timeout > 0")


def _game_and_players(game: str, players: int | None) -> tuple[str, int]:
    """The game's id and the number of players (the game's default if ``None``), checked."""
    from ..engine.registry import game as lookup_game

    g = lookup_game(game)
    n_players = g.default_players if players is None else players
    if not g.min_players <= n_players <= g.max_players:
        raise ValueError(
            f"{g.name} is for {g.min_players}-{g.max_players} players, not {n_players}"
        )
    return g.id, n_players


def _warm_up(server: Server, ask: _Load) -> None:
    """A table with one move, so that imports, the SVG renderer and the first commit stay
    out of the figures."""
    warm = http_json(
        "POST",
        server.url + "/api/tables",
        {"game": ask.game, "players": ask.players, "seats": [{"kind": "human"}] * ask.players},
    )
    token = warm["seats"][0]["link"].rsplit("/", 1)[1]
    seat_view = http_json("GET", f"{server.url}/api/seat/{token}")
    actor = seat_view["actors"][0] if seat_view["actors"] else None
    if actor is not None:
        actor_token = warm["seats"][actor]["link"].rsplit("/", 1)[1]
        mine = http_json("GET", f"{server.url}/api/seat/{actor_token}")
        http_json(
            "POST",
            f"{server.url}/api/seat/{actor_token}/act",
            {"expected_version": mine["version"], "action": mine["legal"][0]},
        )


def _report(
    run: _Run,
    ask: _Load,
    *,
    db: str,
    rss: tuple[float | None, float | None, float | None, float | None],
    load: list[float] | None,
    server: str = "started by the benchmark",
) -> ServerBenchReport:
    by_table: dict[int, list[SeatClient]] = {}
    for s in run.seats:
        by_table.setdefault(s.table.index, []).append(s)
    latency, fanout = _delays(run, by_table)
    sizes = [size / 1024.0 for s in run.seats for size in s.sizes]
    wire = [size / 1024.0 for s in run.seats for size in s.wire]
    acked = sum(len(t.sent) for t in run.tables)
    duration = max(run.ended - run.started, 1e-9)
    finished = sum(1 for t in run.tables if all(s.finished() for s in by_table.get(t.index, [])))
    return ServerBenchReport(
        schema=REPORT_SCHEMA,
        game=ask.game,
        players=ask.players,
        tables=ask.tables,
        moves_per_table=ask.moves,
        think_s=ask.think,
        db=db,
        moves=acked,
        stale=sum(t.stale for t in run.tables),
        errors=sum(t.errors for t in run.tables),
        tables_finished=finished,
        games_over=sum(1 for t in run.tables if t.over),
        timed_out=run.timed_out,
        duration_s=duration,
        moves_per_second=acked / duration,
        latency_ms=Spread.of(latency),
        fanout_ms=Spread.of(fanout),
        payload_kb=Spread.of(sizes),
        wire_kb=Spread.of(wire),
        compress=ask.compress,
        patch=ask.patch,
        resyncs=sum(s.resyncs for s in run.seats),
        updates=len(sizes),
        **_memory(rss, ask.tables),
        server_cpu_s=run.server_cpu,
        loop_cpu_s=run.loop_cpu,
        client_cpu_s=run.client_cpu,
        python=platform.python_version(),
        platform=platform.platform(),
        cpus=os.cpu_count() or 1,
        load_average=load,
        workers=ask.workers,
        sockets=len(run.seats),
        server=server,
        notes=_notes(run, rss[2], server),
    )


def _memory(
    rss: tuple[float | None, float | None, float | None, float | None], tables: int
) -> dict[str, float | None]:
    """The memory figures: the server's resident set at start-up, after the warm-up table,
    with every table connected and after the moves; the growth per table."""
    rss_start, rss_baseline, rss_live, rss_end = rss

    def per_table(after: float | None) -> float | None:
        if after is None or rss_baseline is None:
            return None
        return (after - rss_baseline) / tables

    return {
        "rss_start_mb": rss_start,
        "rss_baseline_mb": rss_baseline,
        "rss_live_mb": rss_live,
        "rss_end_mb": rss_end,
        "memory_per_table_mb": per_table(rss_live),
        "memory_per_table_end_mb": per_table(rss_end),
    }


def _delays(run: _Run, by_table: dict[int, list[SeatClient]]) -> tuple[list[float], list[float]]:
    """Milliseconds from each acknowledged move's ``act`` to the update with its version:
    (on the mover's own socket, on the other seats' sockets)."""
    latency: list[float] = []
    fanout: list[float] = []
    for table in run.tables:
        seats = by_table.get(table.index, [])
        for version, (mover, sent_at) in table.sent.items():
            for s in seats:
                got = first_seen(s.seen, version)
                if got is None:
                    continue
                (latency if s.seat == mover else fanout).append((got - sent_at) * 1000.0)
    return latency, fanout


def _notes(run: _Run, rss_live: float | None, server: str) -> list[str]:
    """What the reader should know: a timeout, missing memory figures, the shared CPU."""
    notes = []
    if run.timed_out:
        notes.append("the global timeout ended the run: the figures cover the moves made")
    if rss_live is None and server != "started by the benchmark" and run.server_cpu is None:
        notes.append("a running server without --pid: its memory and CPU are not measured")
    elif rss_live is None:
        notes.append("no /proc on this system: memory figures are missing")
    notes.append("the clients run in the benchmark's process and share the CPUs with the server")
    return notes


__all__ = [
    "DEFAULT_GAME",
    "LOOPBACK",
    "MAX_MOVES",
    "MAX_TABLES",
    "REPORT_SCHEMA",
    "START_TIMEOUT_S",
    "RunningServer",
    "ServerBenchReport",
    "ServerProcess",
    "Spread",
    "cpu_seconds",
    "format_report",
    "free_port",
    "http_json",
    "percentile",
    "report_to_json",
    "rss_mb",
    "run_server_bench",
]
