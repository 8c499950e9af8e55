"""The benchmark produces sane, complete reports. Benchmarks are not tests: nothing here
asserts how fast anything is, only that every figure is there, positive and JSON-able."""

from __future__ import annotations

import json
import math
import sys

import pytest
from rich.table import Table

import spieltisch.analysis
from spieltisch.analysis.bench import (
    DEFAULT_REFERENCES,
    BenchReport,
    BenchRow,
    Stat,
    format_report,
    report_to_json,
    run_bench,
)

GAME = "kingdoms-of-crusaders"


def _check_stat(stat: Stat | None) -> None:
    assert stat is not None
    assert math.isfinite(stat.median) and stat.median > 0
    assert 0 < stat.min <= stat.q1 <= stat.median <= stat.q3 <= stat.max
    assert stat.batches >= 1


def _check_row(row: BenchRow) -> None:
    for stat in (
        row.us_per_step_plain,
        row.us_per_step_clone,
        row.games_per_second,
        row.replay_actions_per_second,
    ):
        _check_stat(stat)
    if row.view_kind != "none":
        _check_stat(row.us_per_step_view)
    assert row.players >= 1
    assert row.games >= 1
    assert row.steps >= row.games
    assert row.avg_game_length == pytest.approx(row.steps / row.games)
    assert row.clone_over_plain > 0


@pytest.fixture(scope="module")
def ours_only() -> BenchReport:
    return run_bench(GAME, games=20, openspiel=False)


def test_our_game_alone(ours_only: BenchReport) -> None:
    report = ours_only
    assert report.game_id == GAME
    assert [row.name for row in report.rows] == [GAME]
    row = report.rows[0]
    _check_row(row)
    assert row.source == "spieltisch"
    assert row.players == report.players == 2  # the game's default
    assert row.games == 20
    assert row.us_per_step_plain.batches == 20
    _check_stat(row.json_replay_actions_per_second)
    assert row.view_over_plain is not None and row.view_over_plain > 0
    assert row.state_clone_bytes is not None and row.state_clone_bytes > 0
    assert row.plain_over_reference == {}
    assert report.openspiel_note  # says why there are no reference rows
    assert report.machine.threads == 1
    assert report.machine.python and report.machine.cpu and report.machine.platform


def test_json_round_trip(ours_only: BenchReport) -> None:
    obj = report_to_json(ours_only)
    text = json.dumps(obj, allow_nan=False)
    assert json.loads(text) == obj
    assert obj["schema"] == "spieltisch.bench/1"
    assert obj["rows"][0]["us_per_step_plain"]["median"] > 0


def test_format_report_has_a_row_per_game(ours_only: BenchReport) -> None:
    table = format_report(ours_only)
    assert isinstance(table, Table)
    assert table.row_count == len(ours_only.rows)


def test_seconds_mode_runs_at_least_a_few_batches() -> None:
    report = run_bench(GAME, players=3, games=5, seconds=0.001, openspiel=False)
    row = report.rows[0]
    _check_row(row)
    assert row.players == 3
    assert row.us_per_step_plain.batches >= 3


def test_arguments_are_checked() -> None:
    with pytest.raises(ValueError):
        run_bench(GAME, games=0, openspiel=False)
    with pytest.raises(ValueError):
        run_bench(GAME, seconds=-1.0, openspiel=False)


def test_openspiel_references() -> None:
    pytest.importorskip("pyspiel")
    report = run_bench(GAME, games=4, openspiel=True)
    assert report.openspiel_note is None
    assert [row.name for row in report.rows] == [GAME, *DEFAULT_REFERENCES]
    ours, *refs = report.rows
    for row in refs:
        _check_row(row)
        assert row.source == "openspiel"
        assert row.json_replay_actions_per_second is None
        assert ours.plain_over_reference[row.name] > 0
    assert report.machine.openspiel
    assert not [n for n in report.notes if n.startswith("warning")]
    json.dumps(report_to_json(report), allow_nan=False)
    assert format_report(report).row_count == 4
    with pytest.raises(ValueError, match="no game"):
        run_bench(GAME, games=1, references=("no_such_game",))


def test_missing_pyspiel_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(spieltisch.analysis, "bench_openspiel", raising=False)
    monkeypatch.setitem(sys.modules, "spieltisch.analysis.bench_openspiel", None)
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    report = run_bench(GAME, games=2, openspiel=True)
    assert [row.name for row in report.rows] == [GAME]
    assert report.openspiel_note and "pyspiel" in report.openspiel_note
    assert format_report(report).row_count == 1


def test_svg_figure_when_asked(ours_only: BenchReport) -> None:
    """``--svg`` adds µs per SVG picture of the mover's view; without it the row and the
    table are as before."""
    assert ours_only.rows[0].us_per_svg_render is None
    plain_columns = len(format_report(ours_only).columns)
    report = run_bench(GAME, games=4, openspiel=False, svg=True)
    row = report.rows[0]
    _check_row(row)
    _check_stat(row.us_per_svg_render)
    assert any(note.startswith("+svg") for note in report.notes)
    table = format_report(report)
    assert len(table.columns) == plain_columns + 1
    assert table.columns[-1].header == "+svg µs/render"
    obj = report_to_json(report)
    assert json.loads(json.dumps(obj, allow_nan=False)) == obj
    assert obj["rows"][0]["us_per_svg_render"]["median"] > 0


def test_obs_figure_when_asked(ours_only: BenchReport) -> None:
    """``--obs`` adds µs per step with the mover's observation tensor and its ratio to the
    plain step (issue 7's figure); a game without an encoding gets a note instead."""
    assert ours_only.rows[0].us_per_step_obs is None
    plain_columns = len(format_report(ours_only).columns)
    report = run_bench("tumult-royal", games=4, openspiel=False, obs=True)
    row = report.rows[0]
    _check_row(row)
    _check_stat(row.us_per_step_obs)
    assert row.obs_over_plain is not None and row.obs_over_plain > 1
    assert any(note.startswith("+obs") for note in report.notes)
    table = format_report(report)
    assert len(table.columns) == plain_columns + 1
    obj = report_to_json(report)
    assert json.loads(json.dumps(obj, allow_nan=False)) == obj
    assert obj["rows"][0]["obs_over_plain"] > 1
