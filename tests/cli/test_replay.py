"""``spieltisch replay``: validated records, any seat or a spectator, any step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import spieltisch
from spieltisch.analysis.tournament import play_bot_game

from .conftest import KC, assert_user_error, run


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    state = play_bot_game(spieltisch.game(KC), ["random", "random", "random"], seed=4)
    path = tmp_path / "record.json"
    state.record().save(path)
    return path


def test_replay_to_the_end(record_file: Path) -> None:
    result = run(["replay", str(record_file)])
    assert result.exit_code == 0, result.output
    assert "spectator view" in result.output
    assert "Game over" in result.output
    assert "Winner" in result.output
    assert "Your hand" not in result.output


def test_replay_from_a_seat_at_a_step(record_file: Path) -> None:
    result = run(["replay", str(record_file), "--seat", "1", "--step", "7"])
    assert result.exit_code == 0, result.output
    assert "Table after move 7 of" in result.output
    assert "you are Player 2" in result.output
    assert "Your hand" in result.output
    assert "plays so far: 7" in result.output


def test_replay_every_step(record_file: Path) -> None:
    moves = len(json.loads(record_file.read_text())["moves"])
    result = run(["replay", str(record_file), "--all", "--spectator"])
    assert result.exit_code == 0, result.output
    assert "Start" in result.output
    assert f"Move {moves}:" in result.output
    assert result.output.count("spectator view") == moves + 1


def test_replay_every_step_up_to_a_step(record_file: Path) -> None:
    result = run(["replay", str(record_file), "--all", "--step", "3", "--seat", "0"])
    assert result.exit_code == 0, result.output
    assert "Move 3:" in result.output and "Move 4:" not in result.output


def test_bad_seat_and_step(record_file: Path) -> None:
    assert_user_error(run(["replay", str(record_file), "--seat", "3"]), "no seat 3")
    assert_user_error(run(["replay", str(record_file), "--step", "9999"]), "past the end")
    assert_user_error(run(["replay", str(record_file), "--seat", "0", "--spectator"]), "either")


def test_corrupt_records(record_file: Path, tmp_path: Path) -> None:
    not_json = tmp_path / "a.json"
    not_json.write_text("{not json", encoding="utf-8")
    assert_user_error(run(["replay", str(not_json)]), "not valid JSON")

    missing = tmp_path / "b.json"
    missing.write_text('{"game": "kingdoms-of-crusaders"}', encoding="utf-8")
    assert_user_error(run(["replay", str(missing)]), "lacks field")

    data = json.loads(record_file.read_text())
    data["moves"][5]["action"]["territory"] = 9
    illegal = tmp_path / "c.json"
    illegal.write_text(json.dumps(data), encoding="utf-8")
    assert_user_error(run(["replay", str(illegal)]), "move 5")

    data["game"] = "no-such-game"
    unknown = tmp_path / "d.json"
    unknown.write_text(json.dumps(data), encoding="utf-8")
    assert_user_error(run(["replay", str(unknown)]), "no-such-game")

    assert_user_error(run(["replay", str(tmp_path / "absent.json")]), "cannot read")
