"""``spieltisch replay FILE --web``: a saved record opened in the browser's replay page."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import spieltisch
from spieltisch.analysis.bench_server import free_port
from spieltisch.analysis.tournament import play_bot_game

from .conftest import KC, assert_user_error, run


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    state = play_bot_game(spieltisch.game(KC), ["heuristic", "heuristic"], seed=4)
    path = tmp_path / "record.json"
    state.record().save(path)
    return path


def _get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            body = response.read().decode("utf-8")
            status = response.status
    except urllib.error.HTTPError as exc:
        body, status = exc.read().decode("utf-8"), exc.code
    try:
        return status, json.loads(body)
    except json.JSONDecodeError:
        return status, body


class Replaying:
    """``spieltisch replay FILE --web --no-browser`` as a process: its output and address."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "spieltisch.cli.main", "replay", *args, "--no-browser"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.lines: list[str] = []

    def address(self, timeout: float = 60) -> str:
        """The replay address it prints (before the server starts)."""
        assert self.proc.stdout is not None
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            line = self.proc.stdout.readline().decode("utf-8")
            if not line:
                break
            self.lines.append(line)
            found = re.search(r"http://\S+/replay/\S+", line)
            if found:
                return found.group(0)
        raise AssertionError("no replay address printed:\n" + "".join(self.lines))

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # Ctrl+C
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


@pytest.fixture
def replaying() -> Iterator[list[Replaying]]:
    started: list[Replaying] = []
    yield started
    for process in started:
        process.stop()


def _wait_until_up(url: str, timeout: float = 60) -> tuple[int, Any]:
    end = time.monotonic() + timeout
    while True:
        try:
            return _get(url)
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.1)


def test_web_serves_the_records_replay(record_file: Path, replaying: list[Replaying]) -> None:
    moves = len(json.loads(record_file.read_text())["moves"])
    port = free_port()
    process = Replaying(str(record_file), "--web", "--port", str(port), "--step", "7")
    replaying.append(process)
    address = process.address()
    assert address.startswith(f"http://127.0.0.1:{port}/replay/") and address.endswith("?step=7")
    token = address.split("/replay/", 1)[1].split("?", 1)[0]
    base = f"http://127.0.0.1:{port}"
    status, page = _wait_until_up(address)
    assert status == 200 and "/static/replay.js" in page
    status, info = _get(f"{base}/api/replay/{token}")
    assert status == 200
    assert info["game"] == KC and info["moves"] == moves and info["over"] and info["seat_views"]
    assert [s["kind"] for s in info["seats"]] == ["human", "human"]
    status, step = _get(f"{base}/api/replay/{token}/step/{moves}?seat=1")
    assert status == 200 and step["over"] and step["winners"] == info["winners"]
    process.stop()
    assert process.proc.returncode is not None


def test_an_unfinished_record_opens_with_the_public_view(
    record_file: Path, tmp_path: Path, replaying: list[Replaying]
) -> None:
    data = json.loads(record_file.read_text())
    data["moves"] = data["moves"][:9]
    short = tmp_path / "short.json"
    short.write_text(json.dumps(data))
    process = Replaying(str(short), "--web")
    replaying.append(process)
    address = process.address()
    base, token = address.split("/replay/", 1)
    _wait_until_up(address)
    status, info = _get(f"{base}/api/replay/{token}")
    assert status == 200 and info["moves"] == 9
    assert not info["over"] and not info["seat_views"]
    status, refused = _get(f"{base}/api/replay/{token}/step/3?seat=0")
    assert status == 403 and "seat views open when the game has ended" in refused["error"]


def test_a_record_that_does_not_replay_is_refused_before_anything_starts(
    record_file: Path, tmp_path: Path
) -> None:
    data = json.loads(record_file.read_text())
    data["moves"][4]["seat"] = 1 - data["moves"][4]["seat"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert_user_error(run(["replay", str(bad), "--web", "--no-browser"]), "move 4")
    bad.write_text("{not json")
    assert_user_error(run(["replay", str(bad), "--web", "--no-browser"]), "not valid JSON")


def test_seat_views_of_an_unfinished_record_are_refused(record_file: Path, tmp_path: Path) -> None:
    data = json.loads(record_file.read_text())
    data["moves"] = data["moves"][:9]
    short = tmp_path / "short.json"
    short.write_text(json.dumps(data))
    assert_user_error(
        run(["replay", str(short), "--web", "--no-browser", "--seat", "0"]), "public view only"
    )
