"""The Tumult Royal calibration report (issue: calibration of the reconstructed numbers)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

import spieltisch
from spieltisch.analysis.stats import wilson_interval
from spieltisch.analysis.tournament import play_bot_game
from spieltisch.cli.main import app
from spieltisch.cli.tools import RichToolContext
from spieltisch.games.tumult_royal import calibration as cal

CONTEXT = RichToolContext(spieltisch.game("tumult-royal"), "spieltisch calibrate tumult-royal")


def test_facts_of_a_game_are_consistent() -> None:
    state = play_bot_game(spieltisch.game("tumult-royal"), ("random",) * 3, 3)
    facts = cal.game_facts(state)
    assert facts.seed == 3
    assert 1 <= facts.rounds <= 10
    assert facts.tumult_checks <= facts.rounds
    assert all(0 <= t <= facts.tumult_checks for t in facts.tumults)
    assert all(p <= t for p, t in zip(facts.punished, facts.tumults, strict=True))
    assert facts.end_reason in ("threshold", "round limit", "25th statue")
    assert facts.winner_placed >= facts.last_placed >= 1


def test_processes_do_not_change_the_result() -> None:
    one = cal.calibrate(CONTEXT, 2, 6, seed=5, bots="random", jobs=1)
    two = cal.calibrate(CONTEXT, 2, 6, seed=5, bots="random", jobs=2)
    assert one.games == two.games
    assert len(one.games) == 6 and [g.seed for g in one.games] == list(range(5, 11))


def test_report_sections_and_verdict() -> None:
    reports = [cal.calibrate(CONTEXT, n, 4, bots="random") for n in (2, 3)]
    text = cal.report_markdown(
        reports, "spieltisch calibrate tumult-royal", {}, "random", wilson_interval
    )
    for heading in (
        "## Game length in rounds",
        "## Tumults",
        "## Statues placed at the end",
        "## How the game ends",
        "## Seat win rates",
        "## Verdict",
    ):
        assert heading in text
    assert "`random` in every seat" in text
    rows = [line for line in text.splitlines() if line.startswith("| 2 | 4 |")]
    assert len(rows) == 1


def test_cli_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "report.md"
    result = CliRunner().invoke(
        app,
        [
            "calibrate",
            "tumult-royal",
            "--games",
            "3",
            "--players",
            "2",
            "--bots",
            "random",
            "--jobs",
            "1",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("# Tumult Royal: calibration")


def test_cli_rejects_other_games_and_bad_counts() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["calibrate", "medina", "--games", "1"])
    assert result.exit_code == 2 and "tumult-royal only" in result.output
    result = runner.invoke(
        app, ["calibrate", "tumult-royal", "--bots", "random", "--players", "two"]
    )
    assert result.exit_code == 2 and "--players" in result.output
