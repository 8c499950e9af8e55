"""``spieltisch bench GAME --search`` produces complete reports with whatever search hooks a
game has. Benchmarks are not tests: nothing here asserts how fast anything is."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from rich.table import Table
from typer.testing import CliRunner

from spieltisch.analysis import bench_search
from spieltisch.analysis.bench_search import (
    PHASES,
    SearchBenchReport,
    format_report,
    report_to_json,
    run_search_bench,
    sample_positions,
)
from spieltisch.analysis.bench_search_parts import (
    LOOP,
    PARTS,
    STATE_PARTS,
    TREE_PART,
    Timers,
    timed_state_and_tree,
)
from spieltisch.bots.search import ismcts
from spieltisch.cli.main import app
from spieltisch.engine.registry import game

SECONDS = 0.03  # CPU seconds per position: enough for a few slices


@pytest.fixture(scope="module")
def goofspiel() -> SearchBenchReport:
    """The example game, with the default hooks (it writes none of its own)."""
    return run_search_bench("toy-goofspiel", seconds=SECONDS)


def test_every_phase_of_every_game_is_searched(goofspiel: SearchBenchReport) -> None:
    report = goofspiel
    assert [p.phase for p in report.positions] == [phase for phase, _ in PHASES] * 2
    for p in report.positions:
        assert 0 <= p.step < p.length
        assert p.legal > 1
        assert p.iterations > 0 and p.cpu_seconds >= SECONDS and p.wall_seconds > 0
        assert p.per_cpu_second > 0 and p.per_wall_second > 0
    assert report.per_cpu_second > 0 and report.per_wall_second > 0
    assert report.hooks.endswith("SearchHooks")


def test_the_parts_add_up_to_the_whole(goofspiel: SearchBenchReport) -> None:
    parts = {row.part: row for row in goofspiel.parts}
    assert list(parts) == list(PARTS)
    assert sum(row.share for row in parts.values()) == pytest.approx(1.0, abs=1e-6)
    for name in ("resample", "legal_actions", "_apply", "evaluate", "select", LOOP):
        assert parts[name].calls > 0, name
    assert parts["resample"].calls == pytest.approx(1.0)  # one re-deal per simulation
    for row in parts.values():
        assert row.own_us >= 0
        assert row.part == LOOP or row.inclusive_us >= row.own_us - 1e-9
    assert sum(row.own_us for row in parts.values()) > 0
    assert goofspiel.timed_slowdown > 0


def test_the_report_as_json_and_as_tables(goofspiel: SearchBenchReport, tmp_path: Path) -> None:
    data = json.loads(json.dumps(report_to_json(goofspiel)))
    assert data["schema"] == bench_search.REPORT_SCHEMA
    assert data["per_cpu_second"] == pytest.approx(goofspiel.per_cpu_second)
    assert len(data["positions"]) == len(goofspiel.positions)
    assert {"per_cpu_second", "per_wall_second"} <= set(data["positions"][0])
    tables = format_report(goofspiel)
    assert len(tables) == 2 and all(isinstance(t, Table) for t in tables)  # no flat search
    assert data["flat"] == []
    assert tables[0].row_count == len(goofspiel.positions) + len(PHASES) + 1


def test_a_game_with_its_own_hooks_and_options() -> None:
    report = run_search_bench("medina", players=2, options={"edition": 2}, seconds=SECONDS)
    assert report.players == 2 and report.options == {"edition": 2}
    assert all(p.iterations > 0 for p in report.positions)


def test_a_game_that_searches_flat_also_reports_its_worlds_and_rollouts() -> None:
    report = run_search_bench("kingdoms-of-crusaders", seconds=SECONDS, games=1)
    assert report.flat_candidates == 6 and report.flat_depth == 16
    assert [f.phase for f in report.flat] == [phase for phase, _ in PHASES]
    for f in report.flat:
        assert f.worlds > 0 and f.rollouts >= f.worlds and f.cpu_seconds >= SECONDS
        assert f.rollouts_per_cpu_second >= f.worlds_per_cpu_second > 0
    data = json.loads(json.dumps(report_to_json(report)))
    assert {"worlds_per_cpu_second", "rollouts_per_cpu_second"} <= set(data["flat"][0])
    tables = format_report(report)
    assert len(tables) == 3 and tables[2].row_count == len(report.flat)
    assert any("search flat" in note for note in report.notes)


def test_positions_are_taken_before_a_choice_and_are_the_same_every_time() -> None:
    g = game("kingdoms-of-crusaders")
    first = sample_positions(g, 2, {}, games=1)
    again = sample_positions(g, 2, {}, games=1)
    assert [(phase, step) for phase, _, step, _, _ in first] == [
        (phase, step) for phase, _, step, _, _ in again
    ]
    for _, _, _, _, state in first:
        assert len(state.legal_actions(state.actors()[0])) > 1


def test_the_timers_leave_the_state_class_and_the_tree_as_they_were() -> None:
    state = game("kingdoms-of-crusaders").new_game(2, 1, {})
    cls = type(state)
    before = {name: cls.__dict__.get(name) for name in STATE_PARTS}
    select = getattr(ismcts, TREE_PART)
    timers = Timers()
    with pytest.raises(RuntimeError), timed_state_and_tree(cls, timers):
        state.clone().resample(0, random.Random(1))
        raise RuntimeError("a failing measurement")
    assert {name: cls.__dict__.get(name) for name in STATE_PARTS} == before
    assert getattr(ismcts, TREE_PART) is select
    assert timers.calls["resample"] == 1 and timers.calls["clone"] >= 2
    # the clone inside resample is resample's inclusive time, not its own
    assert timers.inclusive["resample"] >= timers.own["resample"]


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError, match="seconds"):
        run_search_bench("toy-goofspiel", seconds=0)
    with pytest.raises(ValueError, match="games"):
        run_search_bench("toy-goofspiel", seconds=SECONDS, games=0)


def test_the_command(tmp_path: Path) -> None:
    out = tmp_path / "search.json"
    args = ["bench", "toy-goofspiel", "--search", "--seconds", str(SECONDS), "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "sims/CPU-s" in result.output and "where a simulation" in result.output
    assert json.loads(out.read_text(encoding="utf-8"))["game_id"] == "toy-goofspiel"
