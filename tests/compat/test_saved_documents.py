"""Nothing a user saved breaks: state documents, game records and web-table databases
written by release 0.1 (the engine before kernel v2) load and replay exactly with this
engine. The fixtures were written once by ``make_fixtures.py`` and are never regenerated."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import spieltisch
from spieltisch.engine import GameRecord, replay
from spieltisch.engine.record import replay_steps
from spieltisch.server.app import create_app
from spieltisch.server.store import Store
from tests.shipped import shipped_ids

RELEASE_0_1 = Path(__file__).parent / "release_0_1"
FIXTURES = sorted(RELEASE_0_1.glob("*.json"))


def _doc(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def _plain(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_saved_record_replays_to_the_same_end(path: Path) -> None:
    doc = _doc(path)
    record = GameRecord.from_json(doc["record"])
    end = replay(record)
    assert end.is_over()
    assert end.scores() == doc["end"]["scores"]
    assert end.winners() == doc["end"]["winners"]
    assert end.returns() == doc["end"]["returns"]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_saved_state_document_loads_as_the_position_its_moves_make(path: Path) -> None:
    doc = _doc(path)
    record = GameRecord.from_json(doc["record"])
    game = spieltisch.game(record.game)
    middle = doc["middle"]
    replayed = None
    for n, (state, _seat, _action) in enumerate(replay_steps(record)):
        if n == middle["move"]:
            replayed = state.clone()
            break
    assert replayed is not None
    loaded = game.state_from_json(middle["state"])
    assert loaded.to_json() == replayed.to_json()
    assert list(loaded.actors()) == middle["actors"]
    for seat, actions in middle["legal"].items():
        assert [a.to_json() for a in loaded.legal_actions(int(seat))] == actions
    for seat in [None, *range(loaded.players)]:
        assert _plain(loaded.view(seat)) == _plain(replayed.view(seat))
    # the saved document goes on: the rest of the record plays from it
    for seat, action in record.moves[middle["move"] :]:
        loaded.apply(seat, game.action_from_json(action))
    ended = game.state_from_json(doc["end"]["state"])
    assert loaded.to_json() == ended.to_json()
    assert ended.scores() == doc["end"]["scores"] and ended.winners() == doc["end"]["winners"]


def test_the_web_tables_of_release_0_1_replay_after_the_upgrade(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    shutil.copy(RELEASE_0_1 / "tables.sqlite", db)
    url = f"sqlite:///{db}"
    store = Store.open(url)
    tables = {t.game: t for t in (store.table(i) for i in store.table_ids()) if t is not None}
    store.engine.dispose()
    assert set(tables) == set(shipped_ids())  # release 0.1 had the four built-in games
    with TestClient(create_app(url)) as client:
        for game_id, table in tables.items():
            game = spieltisch.game(game_id)
            record = GameRecord.from_json(_doc(RELEASE_0_1 / f"{game_id}-0.json")["record"])
            played = len(record.moves) // 2
            then = game.new_game(record.players, record.seed, record.options)
            for seat, action in record.moves[:played]:
                then.apply(seat, game.action_from_json(action))
            for seat in table.seats:
                data = client.get(f"/api/seat/{seat.token}").json()
                assert data["version"] == played
                assert data["view"] == _plain(then.view(seat.seat))
            watched = client.get(f"/api/seat/{table.spectator_token}").json()
            assert watched["view"] == _plain(then.view(None))
