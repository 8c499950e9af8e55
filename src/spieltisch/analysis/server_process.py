"""A real ``spieltisch serve`` process on loopback for benchmarks and screenshots, and what
is read of it from outside: its resident memory and CPU time (Linux ``/proc``), and JSON
requests with the standard library."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

START_TIMEOUT_S = 30.0  # until the server answers HTTP
LOOPBACK = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def process_tree(pid: int) -> list[int]:
    """``pid`` and every process it started, and they started (the server's worker
    processes and the bots' process pools; Linux only: just ``pid`` elsewhere)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            tasks = list(Path(f"/proc/{p}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                todo += [int(c) for c in (task / "children").read_text().split()]
            except (OSError, ValueError):
                continue
    return out


def rss_mb(pid: int) -> float | None:
    """Resident set size of the server (process ``pid`` and the processes it started)
    in MiB (``VmRSS``; Linux only)."""
    total = None
    for p in process_tree(pid):
        try:
            text = Path(f"/proc/{p}/status").read_text()
        except OSError:
            continue
        for line in text.splitlines():
            if line.startswith("VmRSS:"):
                total = (total or 0.0) + int(line.split()[1]) / 1024.0  # kB
    return total


def cpu_seconds(pid: int, main_thread: bool = False) -> float | None:
    """User + system CPU time of the server (process ``pid`` and the processes it
    started), or of their main threads only (the event loops'; Linux only)."""
    total = None
    ticks = os.sysconf("SC_CLK_TCK")
    for p in process_tree(pid):
        try:
            where = f"/proc/{p}/task/{p}/stat" if main_thread else f"/proc/{p}/stat"
            text = Path(where).read_text()
        except OSError:
            continue
        fields = text.rsplit(")", 1)[1].split()
        # utime, stime
        used = int(fields[11]) + int(fields[12])
        total = (total or 0.0) + used / ticks
    return total


class ServerProcess:
    """``python -m spieltisch.cli.main serve`` on loopback, stopped on exit."""

    def __init__(
        self,
        port: int,
        db_url: str,
        rate_limits: str = "off",
        redis_url: str | None = None,
        workers: int = 1,
    ) -> None:
        self.port = port
        self.db_url = db_url
        self.redis_url = redis_url  # one of several processes sharing this Redis
        self.workers = workers
        # SPIELTISCH_RATE_LIMITS of the server: a load benchmark or a screenshot run drives
        # a server from one address faster than any person (server/ratelimit.py)
        self.rate_limits = rate_limits
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
                *(["--redis", self.redis_url] if self.redis_url else []),
                *(["--workers", str(self.workers)] if self.workers > 1 else []),
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self._stderr,
            env={**os.environ, "SPIELTISCH_RATE_LIMITS": self.rate_limits},
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

    def kill(self) -> None:
        """SIGKILL: the process ends at once, as in a crash (nothing is cleaned up)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

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


def raise_fd_limit(needed: int) -> None:
    """Enough file descriptors for every socket (the server inherits the limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


@contextlib.contextmanager
def database(db: str | None) -> Iterator[str]:
    if db is not None:
        yield db
        return
    with tempfile.TemporaryDirectory(prefix="spieltisch-bench-") as tmp:
        yield f"sqlite:///{Path(tmp) / 'bench.db'}"


async def play_first_moves(
    base: str, tokens: list[str], moves: int, pause_s: float = 0.05
) -> list[float]:
    """At a table of human seats (``tokens``, one per seat), the seat to move makes its
    first legal move, ``moves`` times or until the game ends, as a player does over HTTP.
    Returns each move's time from request to answer, in ms (every move must be accepted)."""
    import asyncio

    times = []
    for _ in range(moves):
        view = await asyncio.to_thread(http_json, "GET", f"{base}/api/seat/{tokens[0]}")
        if view["over"]:
            break
        mover = tokens[view["actors"][0]]
        mine = await asyncio.to_thread(http_json, "GET", f"{base}/api/seat/{mover}")
        body = {"expected_version": mine["version"], "action": mine["legal"][0]}
        start = time.perf_counter()
        answer = await asyncio.to_thread(http_json, "POST", f"{base}/api/seat/{mover}/act", body)
        times.append((time.perf_counter() - start) * 1000)
        if answer.get("version") != mine["version"] + 1:
            raise RuntimeError(f"the move was not taken: {answer}")
        await asyncio.sleep(pause_s)
    return times
