"""``spieltisch tournament --ray ADDRESS`` against a Ray instance this test starts itself
(``ray start --head --block`` as a subprocess, ended by a signal that also ends every
process it started): the same games and tables as a local run.

Ray is kept on the loopback interface: ``ray start`` and the driver replace 127.0.0.1 by
the machine's outward address unless RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 (Ray's
single-machine mode), so the driver runs as a subprocess with that environment too."""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import KC, run
from .test_tournament import without_times

ARGS = ["tournament", KC, "--bots", "normal,hard@5it,random", "--games", "2", "--seed", "5"]
ENV = {
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",  # stay on 127.0.0.1
    "RAY_AUTH_MODE": "disabled",  # a throwaway local instance needs no token
    "RAY_USAGE_STATS_ENABLED": "0",
}
STARTED = "Ray runtime started"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_for(process: subprocess.Popen[str], seconds: float) -> list[str]:
    """The head's output up to the line that says it runs; fails after ``seconds``."""
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    seen: list[str] = []
    while True:
        try:
            line = lines.get(timeout=seconds)
        except queue.Empty:
            pytest.fail("Ray did not start in time:\n" + "".join(seen))
        if line is None:
            pytest.fail("Ray stopped while starting:\n" + "".join(seen))
        seen.append(line)
        if STARTED in line:
            return seen


@pytest.fixture
def ray_address() -> Iterator[str]:
    """A one-machine Ray instance with 2 CPUs, ended after the test."""
    port = _free_port()
    temp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")  # short: Ray puts sockets under it
    head = subprocess.Popen(
        [sys.executable, "-m", "ray.scripts.scripts", "start", "--head", f"--port={port}",
         "--node-ip-address=127.0.0.1", "--num-cpus=2", "--include-dashboard=false",
         "--disable-usage-stats", f"--temp-dir={temp}", "--block"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, **ENV},
        start_new_session=True,
    )  # fmt: skip
    try:
        _wait_for(head, 50)
        yield f"127.0.0.1:{port}"
    finally:
        head.send_signal(signal.SIGTERM)  # --block: ends the processes it started
        try:
            head.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()
        shutil.rmtree(temp, ignore_errors=True)


def test_a_tournament_on_ray_plays_the_same_games_as_a_local_one(
    tmp_path: Path, ray_address: str
) -> None:
    here, there = tmp_path / "here.json", tmp_path / "there.json"
    local = run([*ARGS, "--out", str(here)])
    assert local.exit_code == 0, local.output
    done = subprocess.run(
        [sys.executable, "-m", "spieltisch.cli.main", *ARGS, "--ray", ray_address,
         "--out", str(there)],
        capture_output=True,
        text=True,
        env={**os.environ, **ENV},
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Ratings (OpenSkill" in done.stdout
    assert without_times(json.loads(there.read_text())) == without_times(
        json.loads(here.read_text())
    )


def test_an_address_without_a_cluster_is_a_clear_error(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    done = subprocess.run(
        [sys.executable, "-m", "spieltisch.cli.main", *ARGS, "--ray",
         f"127.0.0.1:{_free_port()}", "--out", str(out)],
        capture_output=True,
        text=True,
        env={**os.environ, **ENV},
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 2, done.stdout + done.stderr
    assert "cannot connect to the Ray cluster" in done.stderr
    assert not out.exists()
