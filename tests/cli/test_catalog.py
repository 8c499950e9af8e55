"""``spieltisch games``, ``rules`` and ``bench`` (the bench wrapper only)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.table import Table

import spieltisch.analysis.bench as bench_module
from spieltisch.engine import registry
from spieltisch.engine.game import Game
from spieltisch.engine.manifest import GameManifest

from .conftest import KC, assert_user_error, run


def test_games_lists_the_registered_games() -> None:
    result = run(["games"])
    assert result.exit_code == 0, result.output
    assert KC in result.output
    assert "2-4" in result.output
    assert "heuristic" in result.output


def test_rules_of_kingdoms() -> None:
    result = run(["rules", KC])
    assert result.exit_code == 0, result.output
    assert "Kingdoms" in result.output
    raw = run(["rules", KC, "--markdown"])
    assert raw.exit_code == 0, raw.output
    assert raw.output.lstrip().startswith("#")
    for name in ("claims", "stop_when_decided", "first_player", "deck"):
        assert name in raw.output


@pytest.fixture
def terse_game(monkeypatch: pytest.MonkeyPatch) -> Game:
    """The example game under another id, its rules text without the options (registered
    by hand for one test)."""
    from tests.engine.toy_goofspiel import Goofspiel

    class Terse(Goofspiel):
        id = "toy-goofspiel-terse"

        def rules_markdown(self) -> str:
            return "Toy Goofspiel: bid for prizes at the same time."

    game = Terse()
    monkeypatch.setitem(registry._by_hand, game.id, GameManifest.of(game))
    monkeypatch.setitem(registry._games, game.id, game)
    return game


def test_rules_add_the_options_table_when_the_text_lacks_it(terse_game: Game) -> None:
    result = run(["rules", terse_game.id])
    assert result.exit_code == 0, result.output
    assert "bid for prizes" in result.output
    assert "Options of Toy Goofspiel" in result.output
    values = terse_game.options[0].describe_values()
    assert "variant" in result.output and values in result.output
    raw = run(["rules", terse_game.id, "--markdown"])
    cell = values.replace("|", "\\|")
    assert f"| `variant` | {cell} | plain |" in raw.output


def test_bench_passes_its_arguments_through(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: list[tuple[Any, ...]] = []

    def fake_run(*args: Any, **kwargs: Any) -> str:
        calls.append((*args, kwargs))
        return "report"

    table = Table(title="fake bench")
    table.add_column("figure")
    monkeypatch.setattr(bench_module, "run_bench", fake_run)
    monkeypatch.setattr(bench_module, "format_report", lambda report: table)
    monkeypatch.setattr(bench_module, "report_to_json", lambda report: {"report": report})
    out = tmp_path / "bench.json"
    result = run(
        [
            "bench",
            KC,
            "--players",
            "3",
            "--games",
            "5",
            "--seconds",
            "0.5",
            "--no-openspiel",
            "--option",
            "claims=manual",
            "--out",
            str(out),
        ]
    )
    assert result.exit_code == 0, result.output
    assert calls == [(KC, 3, 5, 0.5, False, {"options": {"claims": "manual"}})]
    assert "fake bench" in result.output
    assert json.loads(out.read_text()) == {"report": "report"}


def test_bench_rejects_a_bad_player_count() -> None:
    assert_user_error(run(["bench", KC, "--players", "7"]), "not 7")


def test_bench_rejects_a_bad_option() -> None:
    assert_user_error(run(["bench", KC, "--option", "claims=never"]), "claims")


def test_bench_runs_for_real_without_openspiel(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    result = run(["bench", KC, "--games", "4", "--no-openspiel", "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["rows"][0]["name"] == KC
