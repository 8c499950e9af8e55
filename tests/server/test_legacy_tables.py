"""Tables stored before an option existed replay after the upgrade: a table of Im Zeichen
des Kreuzes without ``papal_reward`` and tables of Tumult Royal without ``consolation``
(on the data of their day) rebuild to the positions their moves made then (ZK-O12, TR-R21,
TR-D8)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.engine import GameRecord, replay
from spieltisch.server.app import create_app
from spieltisch.server.store import HUMAN, Store

GAMES = Path(__file__).resolve().parents[1] / "games"
FIXTURES = [
    GAMES / "zeichen_des_kreuzes" / "legacy" / "zk_3p_seed29.json",
    GAMES / "tumult_royal" / "legacy" / "tr_3p_seed11.json",
]
NEW_OPTIONS = {"im-zeichen-des-kreuzes": "papal_reward", "tumult-royal": "consolation"}


def _stored_before(db_url: str, record: GameRecord) -> Any:
    """Write the table and its moves as the server of rules version 1 stored them: the
    options it resolved then, which lack the option added since."""
    store = Store.open(db_url)
    assert NEW_OPTIONS[record.game] not in record.options
    table = store.create_table(
        record.game, record.players, record.seed, record.options, [(HUMAN, None)] * record.players
    )
    moves = [(table.id, n, seat, action, float(n)) for n, (seat, action) in enumerate(record.moves)]
    assert store.append_moves(moves) == list(range(1, len(moves) + 1))
    store.engine.dispose()
    return table


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_table_stored_before_the_option_existed_replays_as_it_was_played(
    db_url: str, path: Path
) -> None:
    record = GameRecord.from_json(json.loads(path.read_text(encoding="utf-8"))["record"])
    table = _stored_before(db_url, record)
    then = replay(record)  # the engine's own upgrade of a version-1 record
    with TestClient(create_app(db_url)) as client:
        for seat in table.seats:
            data = client.get(f"/api/seat/{seat.token}").json()
            assert data["version"] == len(record.moves) and data["over"]
            assert data["view"] == json.loads(json.dumps(then.view(seat.seat)))
        summary = client.get(f"/api/tables/{table.id}").json()
        assert summary["status"] == "over"
