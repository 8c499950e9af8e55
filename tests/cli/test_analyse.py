"""``spieltisch analyse RECORD``: the turning points as a table, a PNG chart and the JSON of
``docs/analysis.md``; bad input is one clear error line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import spieltisch
from spieltisch.analysis.tournament import play_bot_game

from .conftest import KC, assert_user_error, run

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    state = play_bot_game(spieltisch.game(KC), ["random", "random"], seed=4)
    path = tmp_path / "record.json"
    state.record().save(path)
    return path


def test_analyse_writes_the_chart_and_the_json(record_file: Path, tmp_path: Path) -> None:
    png, out = tmp_path / "chart.png", tmp_path / "analysis.json"
    result = run(
        [
            "analyse",
            str(record_file),
            "--iterations",
            "4",
            "--seed",
            "3",
            "--png",
            str(png),
            "--json",
            str(out),
        ]
    )
    assert result.exit_code == 0, result.output
    assert "Turning points" in result.output
    assert "Player 1" in result.output and "Player 2" in result.output
    assert "Cost:" in result.output and "iterations" in result.output
    assert png.read_bytes()[:8] == PNG_MAGIC
    doc = json.loads(out.read_text(encoding="utf-8"))
    record = json.loads(record_file.read_text(encoding="utf-8"))
    moves = len(record["moves"])
    assert doc["game"] == KC and doc["players"] == 2 and doc["moves"] == moves
    assert doc["over"] is True and doc["iterations"] == 4 and doc["seed"] == 3
    assert sorted(doc["result"]) == [0.0, 1.0]
    assert [p["step"] for p in doc["positions"]] == list(range(moves + 1))
    assert all(len(p["estimates"]) == 2 for p in doc["positions"])
    assert doc["positions"][-1]["estimates"] == doc["result"]
    assert doc["rounds"][0] == {"round": 1, "step": 0}
    assert doc["decisions"]
    for d in doc["decisions"]:
        assert set(d) == {
            "move",
            "seat",
            "options",
            "played",
            "preferred",
            "same",
            "loss",
            "played_searched",
            "before",
            "after",
            "drop",
        }
        assert set(d["played"]) == {"action", "label", "value", "visits"}
        assert d["played"]["action"] == record["moves"][d["move"] - 1]["action"]
    assert len(doc["turning_points"]) == 2
    for seat, points in enumerate(doc["turning_points"]):
        assert len(points) <= 3
        assert all(p["seat"] == seat and p["drop"] > 0 for p in points)
    assert set(doc["cost"]) == {"cpu_seconds", "wall_seconds", "searches", "iterations", "workers"}


def test_the_same_seed_gives_the_same_json(record_file: Path, tmp_path: Path) -> None:
    docs = []
    for name in ("a.json", "b.json"):
        path = tmp_path / name
        result = run(["analyse", str(record_file), "--iterations", "3", "--json", str(path)])
        assert result.exit_code == 0, result.output
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc.pop("cost")
        docs.append(doc)
    assert docs[0] == docs[1]


def test_a_missing_record(tmp_path: Path) -> None:
    assert_user_error(run(["analyse", str(tmp_path / "nothing.json")]), "cannot read record")


def test_a_corrupt_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    assert_user_error(run(["analyse", str(path)]), "not valid JSON")
    path.write_text(json.dumps({"game": KC}), encoding="utf-8")
    assert_user_error(run(["analyse", str(path)]), "lacks field")


def test_a_record_of_another_game(record_file: Path, tmp_path: Path) -> None:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    path = tmp_path / "other.json"
    path.write_text(json.dumps({**record, "game": "no-such-game"}), encoding="utf-8")
    assert_user_error(run(["analyse", str(path)]), "no-such-game")
    # moves of The Kingdoms of Crusaders do not replay as Medina's
    path.write_text(
        json.dumps({**record, "game": "medina", "options": {"edition": 2}}), encoding="utf-8"
    )
    assert_user_error(run(["analyse", str(path), "--iterations", "1"]), "move 0")


def test_an_unwritable_output(record_file: Path, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "chart.png"
    assert_user_error(run(["analyse", str(record_file), "--png", str(missing)]), "does not exist")


def test_a_bad_budget(record_file: Path) -> None:
    result = run(["analyse", str(record_file), "--iterations", "0"])
    assert result.exit_code == 2
    assert "iterations" in result.output
