"""Game records ``{game, version, options, players, seed, moves}`` and replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import spieltisch
from spieltisch.engine import GameRecord, RecordError, replay
from spieltisch.engine.errors import UnknownGame
from spieltisch.engine.game import returns_from_winners


def _played(seed: int = 3, moves: int | None = None) -> spieltisch.State:
    game = spieltisch.game("kingdoms-of-crusaders")
    state = game.new_game(2, seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_over() and (moves is None or n < moves):
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        n += 1
    return state


def test_record_round_trip_and_replay(tmp_path: Path) -> None:
    state = _played()
    record = state.record()
    assert set(record.to_json()) == {"game", "version", "options", "players", "seed", "moves"}
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    assert json.dumps(replay(loaded).to_json()) == json.dumps(state.to_json())


def test_partial_record_replays_to_the_same_position() -> None:
    state = _played(moves=11)
    assert replay(state.record()).to_json() == state.to_json()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.pop("moves"), "lacks field"),
        (lambda r: r.update(extra=1), "unknown field"),
        (lambda r: r.update(seed="x"), "'seed' must be an integer"),
        (lambda r: r.update(moves={}), "'moves' must be a list"),
        (lambda r: r["moves"].append({"seat": 0}), "move"),
        (lambda r: r.update(game="chess"), "no game 'chess'"),
        (lambda r: r.update(version=99), "rules version 99"),
        (lambda r: r.update(options={"claims": "sometimes"}), "claims"),
        (
            lambda r: r["moves"].__setitem__(
                0, {"seat": 1 - r["moves"][0]["seat"], "action": r["moves"][0]["action"]}
            ),
            "move 0",
        ),
        (
            lambda r: r["moves"].__setitem__(
                2, {"seat": r["moves"][2]["seat"], "action": {"type": "dance"}}
            ),
            "move 2",
        ),
    ],
)
def test_corrupt_records_are_rejected_with_the_reason(mutate: object, message: str) -> None:
    doc = _played().record().to_json()
    mutate(doc)  # type: ignore[operator]
    with pytest.raises(RecordError, match=message):
        replay(GameRecord.from_json(doc))


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        GameRecord.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.load(bad)


def test_resampled_state_has_no_record() -> None:
    state = _played(moves=5)
    with pytest.raises(RecordError, match="resampled"):
        state.resample(0, random.Random(1)).record()


def test_registry() -> None:
    assert spieltisch.game("kingdoms-of-crusaders").id == "kingdoms-of-crusaders"
    assert "kingdoms-of-crusaders" in [g.id for g in spieltisch.games()]
    with pytest.raises(UnknownGame, match="no game 'go'.*kingdoms-of-crusaders"):
        spieltisch.game("go")


@pytest.mark.parametrize(
    ("players", "winners", "expected"),
    [
        (2, [0], [1.0, -1.0]),
        (3, [1], [-0.5, 1.0, -0.5]),
        (4, [0, 2], [0.5, -0.5, 0.5, -0.5]),
        (3, [], [0.0, 0.0, 0.0]),
        (3, [0, 1, 2], [0.0, 0.0, 0.0]),
    ],
)
def test_returns_formula(players: int, winners: list[int], expected: list[float]) -> None:
    assert returns_from_winners(players, winners) == expected
