"""``spieltisch simulate``: seeded bot games, rates that add up, JSON and records."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from spieltisch.engine.record import GameRecord, replay

from .conftest import KC, assert_user_error, run


def _simulate(tmp_path: Path, *args: str) -> dict[str, Any]:
    out = tmp_path / "results.json"
    result = run(["simulate", KC, *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Win rate per seat" in result.output
    assert "Win rate per bot" in result.output
    assert "Average game length" in result.output
    data: dict[str, Any] = json.loads(out.read_text())
    return data


def test_json_has_every_field_and_the_rates_add_up(tmp_path: Path) -> None:
    data = _simulate(tmp_path, "--games", "20", "--seats", "random,random", "--seed", "5")
    for key in (
        "game",
        "seats",
        "players",
        "games",
        "seed",
        "options",
        "rotate",
        "per_seat",
        "per_bot",
        "avg_length",
        "shared_wins",
        "shared_win_share",
        "results",
    ):
        assert key in data, key
    assert data["games"] == 20 and data["players"] == 2 and data["seed"] == 5
    results = data["results"]
    assert [r["seed"] for r in results] == list(range(5, 25))
    for r in results:
        assert set(r) >= {"seed", "winners", "length", "scores", "seats"}
        assert len(r["scores"]) == 2 and r["length"] > 0 and r["winners"]

    per_seat = data["per_seat"]
    wins = [s["wins"] for s in per_seat]
    assert sum(wins) == sum(len(r["winners"]) for r in results)
    assert math.isclose(sum(s["point_rate"] for s in per_seat), 1.0)  # every game has a winner
    shared = sum(1 for r in results if len(r["winners"]) > 1)
    assert math.isclose(sum(s["win_rate"] for s in per_seat), 1.0 + shared / 20)
    assert data["shared_wins"] == shared
    for seat in per_seat:
        low, high = seat["ci95"]
        assert 0 <= low <= seat["win_rate"] <= high <= 1
        assert seat["games"] == 20
    assert math.isclose(data["avg_length"], sum(r["length"] for r in results) / 20)
    avg0 = sum(r["scores"][0] for r in results) / 20
    assert math.isclose(per_seat[0]["avg_score"], avg0)
    bot = data["per_bot"]["random"]
    assert bot["games"] == 40 and bot["wins"] == sum(wins)


def test_rotation_puts_every_bot_in_every_seat(tmp_path: Path) -> None:
    data = _simulate(tmp_path, "--games", "6", "--seats", "random,heuristic", "--seed", "1")
    line_ups = [r["seats"] for r in data["results"]]
    assert line_ups[:2] == [["random", "heuristic"], ["heuristic", "random"]]
    bots = data["per_bot"]
    assert bots["random"]["games"] == bots["heuristic"]["games"] == 6
    assert bots["random"]["wins"] + bots["heuristic"]["wins"] == sum(
        s["wins"] for s in data["per_seat"]
    )


def test_no_rotation_keeps_the_line_up(tmp_path: Path) -> None:
    data = _simulate(tmp_path, "--games", "4", "--seats", "heuristic,random", "--no-rotate")
    assert all(r["seats"] == ["heuristic", "random"] for r in data["results"])
    assert data["rotate"] is False


def test_same_arguments_give_the_same_results(tmp_path: Path) -> None:
    one = _simulate(tmp_path, "--games", "8", "--seats", "random,random,random", "--seed", "9")
    two = _simulate(tmp_path, "--games", "8", "--seats", "random,random,random", "--seed", "9")
    assert one == two


def test_players_fills_the_seats_from_one_name(tmp_path: Path) -> None:
    data = _simulate(tmp_path, "--games", "4", "--seats", "random", "--players", "4")
    assert data["players"] == 4
    assert_user_error(
        run(["simulate", KC, "--seats", "random,random", "--players", "3"]), "--players 3"
    )


def test_records_are_saved_and_replay(tmp_path: Path) -> None:
    records = tmp_path / "records"
    data = _simulate(
        tmp_path, "--games", "3", "--records", str(records), "--option", "claims=manual"
    )
    files = sorted(records.glob("*.json"))
    assert len(files) == 3
    for path, result in zip(files, data["results"], strict=True):
        state = replay(GameRecord.load(path))
        assert state.winners() == result["winners"]
        assert state.move_count == result["length"]
    assert data["options"] == {"claims": "manual"}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--seats", "you,random"], ["unknown seat 'you'"]),
        (["--seats", "random,nobody"], ["nobody"]),
        (["--seats", "random,normal@2s"], ["only hard and expert take a budget"]),
        (["--seats", "random,hard@soon"], ["hard@soon"]),
        (["--seats", "random"], ["2 to 4 players", "not 1"]),
        (["--option", "claims=sometimes"], ["claims"]),
        (["--option", "colour=red"], ["colour"]),
    ],
)
def test_bad_setups_are_user_errors(args: list[str], words: list[str]) -> None:
    assert_user_error(run(["simulate", KC, "--games", "2", *args]), *words)


def test_a_search_bot_with_a_budget_takes_a_seat(tmp_path: Path) -> None:
    # the levels and budgets of the tournament are accepted here too (issue 17)
    data = _simulate(tmp_path, "--games", "2", "--seats", "normal,hard@4it", "--seed", "3")
    assert data["seats"] == ["normal", "hard@4it"]
    assert sum(row["games"] for row in data["per_seat"]) >= 2
