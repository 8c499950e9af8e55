"""Browser tests: a real server process and Debian's Chromium driven by Playwright.

Skipped (with the reason) where Chromium or Playwright is missing; CI installs both."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a ``spieltisch serve`` process on its own database."""
    db = tmp_path_factory.mktemp("browser") / "tables.db"
    port = _free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "spieltisch.cli.main",
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{db}",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    end = time.time() + 30
    while True:
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if time.time() > end:
            proc.kill()
            raise RuntimeError("the server did not start")
        time.sleep(0.1)
    yield url
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()
