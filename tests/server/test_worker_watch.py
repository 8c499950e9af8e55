"""The server's pools of worker processes (searches, analyses) do not outlive a server that
was killed: their workers leave on their own (``server/worker_watch.py``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes")

# a "server" that starts both pools, prints their workers' pids and dies without shutting
# them down, as a server killed with SIGKILL does
SERVER = """
import os, sys
from spieltisch.server import analysis, thinking
pools = [thinking.pool(), analysis.pool()]
for p in pools:
    p.submit(os.getpid).result(timeout=60)
pids = [pid for p in pools for pid in p._processes]
open(sys.argv[1], "w").write(" ".join(str(pid) for pid in pids))
os._exit(0)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie has left: only its parent (init here) has not reaped it yet
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_workers_of_a_killed_server_leave(tmp_path: Path) -> None:
    out = tmp_path / "pids"
    # no pipes: a worker left behind would hold them open
    subprocess.run(
        [sys.executable, "-c", SERVER, str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=120,
        check=True,
    )
    pids = [int(p) for p in out.read_text().split()]
    assert len(pids) >= 2  # a worker of each pool (they start workers as jobs come)
    end = time.monotonic() + 15
    while time.monotonic() < end and any(_alive(p) for p in pids):
        time.sleep(0.2)
    left = [p for p in pids if _alive(p)]
    for pid in left:  # do not leave them to the rest of the suite
        os.kill(pid, signal.SIGKILL)
    assert not left, f"pool workers {left} outlived their server"
