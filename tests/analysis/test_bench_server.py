"""The web table's load benchmark produces sane, complete reports and stops its server.
Benchmarks are not tests: nothing here asserts how fast anything is."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from spieltisch.analysis.bench_server import (
    REPORT_SCHEMA,
    ServerBenchReport,
    ServerProcess,
    Spread,
    format_report,
    free_port,
    http_json,
    percentile,
    report_to_json,
    run_server_bench,
)
from tests.cli.conftest import run

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX server process")


def _check_spread(spread: Spread | None) -> None:
    assert spread is not None
    assert spread.count > 0
    assert math.isfinite(spread.mean) and spread.mean >= 0
    assert 0 <= spread.p50 <= spread.p95 <= spread.p99 <= spread.max


def _check_report(data: dict[str, object], tables: int, moves: int) -> None:
    assert data["schema"] == REPORT_SCHEMA
    assert data["tables"] == tables and data["moves_per_table"] == moves
    assert not data["timed_out"]
    assert data["tables_finished"] == tables
    assert data["moves"] == tables * moves  # every table made its moves (no game ends so soon)
    assert data["errors"] == 0
    assert isinstance(data["moves_per_second"], float) and data["moves_per_second"] > 0


def test_percentile_interpolates_and_orders() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0) == 1 and percentile(values, 100) == 100
    assert percentile(values, 50) == pytest.approx(50.5)
    assert percentile([3.0], 99) == 3.0
    with pytest.raises(ValueError):
        percentile([], 50)


def test_small_run_reports_every_figure() -> None:
    report = run_server_bench(tables=3, moves=5, timeout=60)
    assert isinstance(report, ServerBenchReport)
    data = report_to_json(report)
    _check_report(data, 3, 5)
    json.dumps(data)  # JSON-able
    _check_spread(report.latency_ms)
    _check_spread(report.fanout_ms)
    _check_spread(report.payload_kb)
    assert report.latency_ms is not None and report.latency_ms.count == 15
    assert report.payload_kb is not None and report.payload_kb.p50 > 0
    assert report.updates >= 3 * 2 * (5 + 1)  # 2 seats: the first update and one per move
    assert report.sockets == 3 * report.players
    if sys.platform.startswith("linux"):
        assert report.rss_live_mb is not None and report.rss_live_mb > 0
        assert report.memory_per_table_mb is not None
        assert math.isfinite(report.memory_per_table_mb)
    assert format_report(report) is not None


def test_bad_numbers_are_refused_before_a_server_starts() -> None:
    with pytest.raises(ValueError, match="tables"):
        run_server_bench(tables=0)
    with pytest.raises(ValueError, match="players"):
        run_server_bench(tables=1, players=9)


def test_cli_json(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    result = run(["bench-server", "--tables", "2", "--moves", "3", "--json", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    _check_report(data, 2, 3)
    assert data["latency_ms"]["p95"] >= data["latency_ms"]["p50"] >= 0
    assert data["payload_kb"]["mean"] > 0
    assert "memory_per_table_mb" in data
    assert json.loads(out.read_text()) == data


def test_cli_unknown_game_is_a_user_error() -> None:
    result = run(["bench-server", "--tables", "1", "--game", "nope"])
    assert result.exit_code == 2, result.output
    assert "error:" in result.output


def test_a_running_server_is_driven_at_its_url_and_measured_by_its_pid(tmp_path: Path) -> None:
    """``--url`` plays on a server the benchmark did not start (as a cluster behind its load
    balancer would be), which is still running afterwards; ``--pid`` measures its CPU."""
    with ServerProcess(free_port(), f"sqlite:///{tmp_path / 't.db'}") as server:
        report = run_server_bench(tables=2, moves=3, timeout=60, url=server.url + "/")
        _check_report(report_to_json(report), 2, 3)
        assert report.server == server.url
        assert report.server_cpu_s is None and report.rss_live_mb is None
        assert any("not measured" in note for note in report.notes)
        measured = run_server_bench(tables=1, moves=2, timeout=60, url=server.url, pid=server.pid)
        assert measured.moves == 2
        if sys.platform.startswith("linux"):
            assert measured.server_cpu_s is not None and measured.rss_live_mb is not None
        assert server.proc is not None and server.proc.poll() is None  # left running
        assert http_json("GET", server.url + "/api/games")  # and still serving


def test_url_refuses_the_options_of_a_started_server_and_a_silent_address() -> None:
    with pytest.raises(ValueError, match="--db, --workers"):
        run_server_bench(url="http://127.0.0.1:9", db="sqlite:///x.db", workers=2)
    with pytest.raises(ValueError, match="http:// or https://"):
        run_server_bench(url="ftp://example.org")
    with pytest.raises(ValueError, match="--pid measures a running server"):
        run_server_bench(pid=1)
    silent = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(RuntimeError, match=f"no Spieltisch server answers at {silent}"):
        run_server_bench(url=silent, timeout=5)
    result = run(["bench-server", "--url", "http://127.0.0.1:9", "--port", "8000"])
    assert result.exit_code != 0 and "--port" in result.output
