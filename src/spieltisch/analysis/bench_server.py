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

Benchmarks are not tests: nothing here asserts a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import platform
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import zlib
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Group
    from websockets.asyncio.client import ClientConnection

REPORT_SCHEMA = "spieltisch.bench-server/1"
DEFAULT_GAME = "kingdoms-of-crusaders"
MAX_TABLES = 1000
MAX_MOVES = 1000
DEFAULT_TIMEOUT_S = 300.0
START_TIMEOUT_S = 30.0  # until the server answers HTTP
HTTP_PARALLEL = 8  # concurrent table creations
CONNECT_PARALLEL = 64  # concurrent WebSocket handshakes
WS_MAX_SIZE = 16 * 1024 * 1024
LOOPBACK = "127.0.0.1"

Progress = Callable[[str], None]


# -- figures ------------------------------------------------------------------------------
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
    payload_kb: Spread | None  # every update message, KiB of JSON text
    wire_kb: Spread | None  # every update message, KiB sent (compressed where asked)
    compress: bool  # the clients asked for compressed updates, as the game page does
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
    client_cpu_s: float
    # the machine
    python: str
    platform: str
    cpus: int
    load_average: list[float] | None  # 1, 5, 15 minutes, before the run
    sockets: int = 0
    notes: list[str] = field(default_factory=list)


def report_to_json(report: ServerBenchReport) -> dict[str, Any]:
    return asdict(report)


# -- the server process -------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def rss_mb(pid: int) -> float | None:
    """Resident set size of process ``pid`` in MiB (``VmRSS``; Linux only)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024.0  # kB
    return None


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of process ``pid`` (Linux only)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime


class ServerProcess:
    """``python -m spieltisch.cli.main serve`` on loopback, stopped on exit."""

    def __init__(self, port: int, db_url: str) -> None:
        self.port = port
        self.db_url = db_url
        self.proc: subprocess.Popen[bytes] | None = None
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed in stop())

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "spieltisch.cli.main",
                "serve",
                "--host",
                LOOPBACK,
                "--port",
                str(self.port),
                "--db",
                self.db_url,
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self._stderr,
        )
        end = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server ended at start-up: {self.stderr_tail()}")
            try:
                http_json("GET", self.url + "/api/tables", timeout=1.0)
                return
            except (OSError, ValueError):
                time.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {START_TIMEOUT_S:.0f} s")

    def stderr_tail(self, chars: int = 2000) -> str:
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")[-chars:].strip()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._stderr.close()

    def __enter__(self) -> ServerProcess:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def http_json(method: str, url: str, body: Any = None, timeout: float = 30.0) -> Any:
    """One JSON request with the standard library (the benchmark needs no HTTP client)."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read())


def _raise_fd_limit(needed: int) -> None:
    """Enough file descriptors for every socket (the server inherits the limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


@contextlib.contextmanager
def _database(db: str | None) -> Iterator[str]:
    if db is not None:
        yield db
        return
    with tempfile.TemporaryDirectory(prefix="spieltisch-bench-") as tmp:
        yield f"sqlite:///{Path(tmp) / 'bench.db'}"


# -- the clients --------------------------------------------------------------------------
@dataclass
class _Table:
    index: int
    tokens: list[str]
    target: int  # the version at which the table stops
    # version -> (mover, time the act was sent), for acknowledged moves
    sent: dict[int, tuple[int, float]] = field(default_factory=dict)
    stale: int = 0
    errors: int = 0
    over: bool = False


class _Seat:
    """One seat's scripted client: a reader that records every message, and a player that
    sends a random legal move whenever the seat may act."""

    def __init__(
        self, table: _Table, seat: int, url: str, rng: random.Random, think: float
    ) -> None:
        self.table = table
        self.seat = seat
        self.url = url
        self.rng = rng
        self.think = think
        self.seen: dict[int, float] = {}  # version -> first receipt
        self.sizes: list[int] = []  # bytes of each update's JSON
        self.wire: list[int] = []  # bytes of each update as sent
        self.latest: dict[str, Any] | None = None
        self.pending: tuple[int, int, float] | None = None  # (id, expected version, sent at)
        self.tried: int | None = None  # the version last acted on
        self.changed = asyncio.Event()
        self.closed = False
        self.done = False
        self.next_id = 0

    def finished(self) -> bool:
        latest = self.latest
        if latest is None:
            return False
        return bool(latest.get("over")) or int(latest["version"]) >= self.table.target

    async def connect(self, limit: asyncio.Semaphore) -> ClientConnection:
        from websockets.asyncio.client import connect

        async with limit:
            ws = await connect(
                self.url, max_size=WS_MAX_SIZE, proxy=None, open_timeout=60, ping_interval=None
            )
            raw = await ws.recv()
            self._record(raw, time.perf_counter())
            return ws

    async def play(self, ws: ClientConnection, start: asyncio.Event) -> None:
        reader = asyncio.create_task(self._read(ws))
        try:
            await start.wait()
            while not self.closed:
                if self.finished() and self.pending is None:
                    break
                await self._maybe_act(ws)
                await self.changed.wait()
                self.changed.clear()
        finally:
            self.done = True
            await ws.close()
            await reader

    async def _read(self, ws: ClientConnection) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for raw in ws:
                self._record(raw, time.perf_counter())
        except ConnectionClosed:
            pass
        finally:
            self.closed = True
            self.changed.set()

    def _record(self, raw: str | bytes, now: float) -> None:
        data = zlib.decompress(raw) if isinstance(raw, bytes) else raw.encode("utf-8")
        message = json.loads(data)
        kind = message.get("type")
        if kind == "update":
            self.sizes.append(len(data))
            self.wire.append(len(raw) if isinstance(raw, bytes) else len(data))
            version = int(message["version"])
            self.seen.setdefault(version, now)
            if self.latest is None or version >= int(self.latest["version"]):
                self.latest = message
            if message.get("over"):
                self.table.over = True
        elif kind in ("ack", "error") and self.pending and message.get("id") == self.pending[0]:
            _, _, sent_at = self.pending
            self.pending = None
            if kind == "ack":
                self.table.sent[int(message["version"])] = (self.seat, sent_at)
            elif message.get("stale"):
                self.table.stale += 1  # another seat came first: wait for its update
            else:
                self.table.errors += 1
                self.tried = None  # try again on a fresh update
        self.changed.set()

    async def _maybe_act(self, ws: ClientConnection) -> None:
        latest = self.latest
        if self.pending is not None or latest is None or self.finished():
            return
        version = int(latest["version"])
        if self.seat not in latest["actors"] or not latest["legal"] or version == self.tried:
            return
        if self.table.errors > 10 * max(1, self.table.target):
            return  # something is wrong; the timeout ends the run
        if self.think > 0:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
            if self.latest is not latest:
                return  # something happened meanwhile: decide again
        action = self.rng.choice(latest["legal"])
        self.next_id += 1
        self.tried = version
        self.pending = (self.next_id, version, time.perf_counter())
        message = {"type": "act", "id": self.next_id, "expected_version": version}
        await ws.send(json.dumps({**message, "action": action}))


def _first_seen(seen: dict[int, float], version: int) -> float | None:
    """When a socket first saw ``version`` or a later one (updates may skip versions)."""
    if version in seen:
        return seen[version]
    versions = sorted(seen)
    i = bisect_left(versions, version)
    return None if i == len(versions) else min(seen[v] for v in versions[i:])


# -- the benchmark ------------------------------------------------------------------------
@dataclass
class _Run:
    tables: list[_Table] = field(default_factory=list)
    seats: list[_Seat] = field(default_factory=list)
    rss_live: float | None = None
    started: float = 0.0
    ended: float = 0.0
    timed_out: bool = False
    server_cpu: float | None = None
    client_cpu: float = 0.0


async def _drive(
    server: ServerProcess,
    game: str,
    players: int,
    tables: int,
    moves: int,
    think: float,
    seed: int,
    deadline: float,
    progress: Progress,
    run: _Run,
    compress: bool = True,
) -> None:
    """Create the tables, connect every seat, then play; fills ``run`` as it goes (so that a
    timeout still leaves the figures gathered so far)."""
    limit = asyncio.Semaphore(HTTP_PARALLEL)
    seats_spec = [{"kind": "human"}] * players

    async def create(i: int) -> _Table:
        body = {"game": game, "players": players, "seats": seats_spec, "seed": seed + i}
        async with limit:
            made = await asyncio.to_thread(http_json, "POST", server.url + "/api/tables", body)
        tokens = [s["link"].rsplit("/", 1)[1] for s in made["seats"]]
        return _Table(i, tokens, target=moves)

    progress(f"creating {tables} tables")
    run.tables = list(await asyncio.gather(*(create(i) for i in range(tables))))
    ws_base = f"ws://{LOOPBACK}:{server.port}/ws/"
    query = "?compress=deflate" if compress else ""
    run.seats = [
        _Seat(t, seat, ws_base + token + query, random.Random(f"{seed}/{t.index}/{seat}"), think)
        for t in run.tables
        for seat, token in enumerate(t.tokens)
    ]
    progress(f"connecting {len(run.seats)} WebSockets")
    connect_limit = asyncio.Semaphore(CONNECT_PARALLEL)
    sockets = await asyncio.gather(*(s.connect(connect_limit) for s in run.seats))
    try:
        await asyncio.sleep(0.2)  # let the server settle before measuring
        run.rss_live = rss_mb(server.pid)
        progress(f"playing {moves} moves on each table")
        start = asyncio.Event()
        players_tasks = [
            asyncio.create_task(s.play(ws, start)) for s, ws in zip(run.seats, sockets, strict=True)
        ]
        cpu0, client0 = cpu_seconds(server.pid), time.process_time()
        run.started = time.perf_counter()
        start.set()
        try:
            await asyncio.wait_for(
                asyncio.gather(*players_tasks), max(1.0, deadline - time.monotonic())
            )
        except TimeoutError:
            run.timed_out = True
        run.ended = time.perf_counter()
        cpu1 = cpu_seconds(server.pid)
        run.server_cpu = None if cpu0 is None or cpu1 is None else cpu1 - cpu0
        run.client_cpu = time.process_time() - client0
    finally:
        for ws in sockets:
            with contextlib.suppress(Exception):
                await ws.close()


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
) -> ServerBenchReport:
    """Run the load benchmark and return its report (see the module's docstring)."""
    from ..engine.registry import game as lookup_game

    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"--tables must be between 1 and {MAX_TABLES}, not {tables}")
    if not 1 <= moves <= MAX_MOVES:
        raise ValueError(f"--moves must be between 1 and {MAX_MOVES}, not {moves}")
    if not 0 <= port <= 65535:
        raise ValueError(f"--port must be between 0 and 65535, not {port}")
    if think < 0 or timeout <= 0:
        raise ValueError("--think must be >= 0 and --timeout > 0")
    g = lookup_game(game)
    n_players = g.default_players if players is None else players
    if not g.min_players <= n_players <= g.max_players:
        raise ValueError(
            f"{g.name} is for {g.min_players}-{g.max_players} players, not {n_players}"
        )
    say: Progress = progress or (lambda _message: None)
    deadline = time.monotonic() + timeout
    load = list(os.getloadavg()) if hasattr(os, "getloadavg") else None
    _raise_fd_limit(2 * tables * n_players + 256)
    run = _Run()
    with _database(db) as url, ServerProcess(port or free_port(), url) as server:
        say(f"server started (pid {server.pid}, port {server.port})")
        rss_start = rss_mb(server.pid)
        # a warm-up table: imports, SVG renderer and first commit stay out of the figures
        warm = http_json(
            "POST",
            server.url + "/api/tables",
            {"game": g.id, "players": n_players, "seats": [{"kind": "human"}] * n_players},
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
        rss_baseline = rss_mb(server.pid)
        try:
            asyncio.run(
                _drive(
                    server,
                    g.id,
                    n_players,
                    tables,
                    moves,
                    think,
                    seed,
                    deadline,
                    say,
                    run,
                    compress,
                )
            )
        except OSError as exc:
            raise RuntimeError(f"{exc}; server said: {server.stderr_tail(500)}") from exc
        rss_end = rss_mb(server.pid)
        if server.proc is not None and server.proc.poll() is not None:
            raise RuntimeError(f"the server died during the run: {server.stderr_tail()}")
    say("server stopped")
    return _report(
        run,
        game=g.id,
        players=n_players,
        tables=tables,
        moves=moves,
        think=think,
        compress=compress,
        db="temporary SQLite" if db is None else db,
        rss=(rss_start, rss_baseline, run.rss_live, rss_end),
        load=load,
    )


def _report(
    run: _Run,
    *,
    game: str,
    players: int,
    tables: int,
    moves: int,
    think: float,
    compress: bool,
    db: str,
    rss: tuple[float | None, float | None, float | None, float | None],
    load: list[float] | None,
) -> ServerBenchReport:
    by_table: dict[int, list[_Seat]] = {}
    for s in run.seats:
        by_table.setdefault(s.table.index, []).append(s)
    latency: list[float] = []
    fanout: list[float] = []
    for table in run.tables:
        seats = by_table.get(table.index, [])
        for version, (mover, sent_at) in table.sent.items():
            for s in seats:
                got = _first_seen(s.seen, version)
                if got is None:
                    continue
                (latency if s.seat == mover else fanout).append((got - sent_at) * 1000.0)
    sizes = [size / 1024.0 for s in run.seats for size in s.sizes]
    wire = [size / 1024.0 for s in run.seats for size in s.wire]
    acked = sum(len(t.sent) for t in run.tables)
    duration = max(run.ended - run.started, 1e-9)
    finished = sum(1 for t in run.tables if all(s.finished() for s in by_table.get(t.index, [])))
    rss_start, rss_baseline, rss_live, rss_end = rss

    def per_table(after: float | None) -> float | None:
        if after is None or rss_baseline is None:
            return None
        return (after - rss_baseline) / tables

    notes = []
    if run.timed_out:
        notes.append("the global timeout ended the run: the figures cover the moves made")
    if rss_live is None:
        notes.append("no /proc on this system: memory figures are missing")
    notes.append("the clients run in the benchmark's process and share the CPUs with the server")
    return ServerBenchReport(
        schema=REPORT_SCHEMA,
        game=game,
        players=players,
        tables=tables,
        moves_per_table=moves,
        think_s=think,
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
        compress=compress,
        updates=len(sizes),
        rss_start_mb=rss_start,
        rss_baseline_mb=rss_baseline,
        rss_live_mb=rss_live,
        rss_end_mb=rss_end,
        memory_per_table_mb=per_table(rss_live),
        memory_per_table_end_mb=per_table(rss_end),
        server_cpu_s=run.server_cpu,
        client_cpu_s=run.client_cpu,
        python=platform.python_version(),
        platform=platform.platform(),
        cpus=os.cpu_count() or 1,
        load_average=load,
        sockets=len(run.seats),
        notes=notes,
    )


# -- output -------------------------------------------------------------------------------
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
    )
    spreads = Table(title=title, title_justify="left")
    spreads.add_column("Figure")
    for name in ("n", "mean", "p50", "p95", "p99", "max"):
        spreads.add_column(name, justify="right")
    for name, spread in (
        ("Move-to-update latency (ms)", report.latency_ms),
        ("Update to the other seats (ms)", report.fanout_ms),
        ("Update payload (KB of JSON)", report.payload_kb),
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
        f"(stale {report.stale}, errors {report.errors})",
    )
    rest.add_row(
        "Tables finished", f"{report.tables_finished}/{report.tables} ({report.games_over} over)"
    )
    cpu = "-" if report.server_cpu_s is None else f"{report.server_cpu_s:.1f} s"
    rest.add_row("CPU during the moves", f"server {cpu}, clients {report.client_cpu_s:.1f} s")
    load = "-" if report.load_average is None else " ".join(f"{x:.2f}" for x in report.load_average)
    rest.add_row("Machine", f"{report.cpus} CPUs, load average before the run {load}")
    if report.timed_out:
        rest.add_row("[red]Timed out[/red]", "[red]yes: the figures cover the moves made[/red]")
    return Group(spreads, rest)
