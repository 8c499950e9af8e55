"""``spieltisch tournament``: the tables, the JSON, the PNG, the curve, local processes
giving the same games as one process, and bad input refused before anything is written."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import KC, assert_user_error, run

PNG = b"\x89PNG\r\n\x1a\n"
TIMES = {"seconds", "cpu_seconds", "seconds_per_decision", "cpu_seconds_per_decision"}


def without_times(data: Any) -> Any:
    """The JSON of a tournament without what the clock measured (which differs run to run);
    a curve's ``seconds`` and its order by them go too."""
    if isinstance(data, dict):
        return {k: without_times(v) for k, v in data.items() if k not in TIMES | {"curve"}}
    if isinstance(data, list):
        return [without_times(v) for v in data]
    return data


def tournament(tmp_path: Path, *args: str, name: str = "t") -> tuple[str, dict[str, Any]]:
    out = tmp_path / f"{name}.json"
    result = run(["tournament", KC, *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(out.read_text())
    return result.output, data


def test_a_round_robin_prints_pairings_and_ratings_and_writes_json_and_png(
    tmp_path: Path,
) -> None:
    plot = tmp_path / "t.png"
    text, data = tournament(
        tmp_path, "--bots", "normal,hard@5it,random", "--games", "4", "--seed", "7",
        "--plot", str(plot),
    )  # fmt: skip
    for words in ("Pairings", "normal vs hard@5it", "Ratings (OpenSkill", "Ordinal", "95% CI"):
        assert words in text
    # no terminal: plain progress lines instead of a bar, the last at the end
    assert "tournament: 1/12 games" in text and "tournament: 12/12 games" in text
    assert plot.read_bytes().startswith(PNG)
    assert data["schema"] == "spieltisch.round-robin/1"
    assert (data["game"], data["players"], data["seed"]) == (KC, 2, 7)
    assert data["bots"] == ["normal", "hard@5it", "random"] and data["reference"] is None
    assert data["games_per_pairing"] == 4 and data["fair_share"] == 0.5
    pairings = data["pairings"]
    assert [p["bots"] for p in pairings] == [
        ["normal", "hard@5it"],
        ["normal", "random"],
        ["hard@5it", "random"],
    ]
    for p in pairings:
        assert p["games"] == 4 and len(p["sides"]) == 2
        assert math.isclose(sum(s["points"] for s in p["sides"]), 4)
        for s in p["sides"]:
            low, high = s["ci95"]
            assert 0 <= low <= s["win_rate"] <= high <= 1
            assert s["thinking"]["decisions"] > 0
    ratings = data["ratings"]
    assert {r["bot"] for r in ratings} == {"normal", "hard@5it", "random"}
    ordinals = [r["ordinal"] for r in ratings]
    assert ordinals == sorted(ordinals, reverse=True)
    for r in ratings:
        assert set(r) >= {"ordinal", "mu", "sigma", "games", "seconds_per_decision"}
        assert r["games"] == 8
    results = data["results"]
    assert [r["seed"] for r in results] == list(range(7, 19))
    for r in results:
        assert set(r) >= {"pairing", "index", "seed", "seats", "standing", "winners", "length"}
        assert sorted(s for place in r["standing"] for s in place) == [0, 1]


def test_three_players_rate_one_bot_alone_against_two_of_the_other(tmp_path: Path) -> None:
    text, data = tournament(tmp_path, "--bots", "normal,random", "--games", "6", "--players", "3")
    assert "alone against 2 of the other" in " ".join(text.split())  # a wrapped caption
    assert data["fair_share"] == pytest.approx(1 / 3)
    line_ups = [r["seats"] for r in data["results"]]
    assert line_ups[:2] == [["normal", "random", "random"], ["random", "normal", "normal"]]
    (pairing,) = data["pairings"]
    assert [s["games"] for s in pairing["sides"]] == [3, 3]
    assert all(r["games"] == 6 for r in data["ratings"])


def test_alone_seats_one_bot_alone_against_two_of_the_other_in_every_game(
    tmp_path: Path,
) -> None:
    text, data = tournament(
        tmp_path, "--bots", "normal,random", "--games", "3", "--players", "3", "--alone", "normal"
    )
    assert [r["seats"] for r in data["results"]] == [
        ["normal", "random", "random"],
        ["random", "normal", "random"],
        ["random", "random", "normal"],
    ]
    assert data["alone"] == "normal"
    (pairing,) = data["pairings"]
    assert [s["games"] for s in pairing["sides"]] == [3, 0]
    assert "—" in text  # random never sat alone: no rate for it
    assert "multiple of" not in text  # 3 games seat normal alone in every seat once


def test_two_local_processes_play_the_same_games_as_one(tmp_path: Path) -> None:
    args = ("--bots", "normal,hard@5it,random", "--games", "2", "--seed", "11")
    _, one = tournament(tmp_path, *args, "--workers", "1", name="one")
    _, two = tournament(tmp_path, *args, "--workers", "2", name="two")
    assert without_times(one) == without_times(two)
    assert one["results"][0]["decisions"] == two["results"][0]["decisions"]


def test_a_curve_plots_each_budget_against_the_reference(tmp_path: Path) -> None:
    plot = tmp_path / "curve.png"
    text, data = tournament(
        tmp_path, "--curve", "normal", "--bots", "hard@4it,hard@12it", "--games", "2",
        "--plot", str(plot),
    )  # fmt: skip
    assert "Strength against thinking time (reference: normal)" in text
    assert plot.read_bytes().startswith(PNG)
    assert data["reference"] == "normal"
    assert [p["bots"] for p in data["pairings"]] == [
        ["normal", "hard@4it"],
        ["normal", "hard@12it"],
    ]
    assert sorted(p["bot"] for p in data["curve"]) == ["hard@12it", "hard@4it"]
    for point in data["curve"]:
        assert point["clock"] == "cpu" and point["seconds"] > 0 and point["games"] == 2


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--bots", "normal,wizard"], ["wizard"]),
        (["--bots", "normal"], ["at least two bots"]),
        (["--bots", "normal,,random"], ["--bots"]),
        (["--bots", "normal,hard@quick"], ["budget", "hard@quick"]),
        (["--bots", "normal,hard@-2s"], ["positive"]),
        (["--bots", "normal,random", "--players", "5"], ["2 to 4 players", "not 5"]),
        (["--bots", "normal,random", "--players", "1"], ["not 1"]),
        (["--bots", "normal,random", "--games", "0"], ["--games", "0"]),
        (["--bots", "normal,random", "--workers", "0"], ["--workers"]),
        (["--bots", "normal,random", "--option", "claims=sometimes"], ["claims"]),
        (["--bots", "normal,random", "--curve", "random"], ["reference"]),
        (["--bots", "normal,random", "--workers", "2", "--ray", "auto"], ["--ray"]),
    ],
)
def test_bad_input_is_a_clear_error_and_writes_nothing(
    tmp_path: Path, args: list[str], words: list[str]
) -> None:
    out, plot = tmp_path / "t.json", tmp_path / "t.png"
    result = run(["tournament", KC, *args, "--out", str(out), "--plot", str(plot)])
    assert_user_error(result, *words)
    assert not out.exists() and not plot.exists()


def test_output_files_are_checked_before_the_games(tmp_path: Path) -> None:
    base = ["tournament", KC, "--bots", "normal,random", "--games", "2"]
    assert_user_error(run([*base, "--plot", str(tmp_path / "t.svg")]), ".png")
    assert_user_error(run([*base, "--out", str(tmp_path / "no" / "t.json")]), "does not exist")
    assert_user_error(run(["tournament", "chess", "--bots", "normal,random"]), "chess")


def test_an_expert_in_a_game_process_ends_its_own_processes(tmp_path: Path) -> None:
    """An expert searches on processes of its own inside a game process; the game process
    must end them before it ends, or the tournament waits for it forever."""
    out = tmp_path / "expert.json"
    args = ["tournament", KC, "--bots", "normal,expert@4it", "--games", "2", "--workers", "2"]
    done = subprocess.run(
        [sys.executable, "-m", "spieltisch.cli.main", *args, "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=240,  # a deadlock fails here instead of hanging the suite
    )
    assert done.returncode == 0, done.stdout + done.stderr
    _, here = tournament(tmp_path, *args[2:6], "--workers", "1", name="here")
    assert without_times(json.loads(out.read_text())) == without_times(here)
