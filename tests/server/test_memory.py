"""Memory follows the tables in play (issue 18, item 4): a table nobody uses leaves memory and
comes back from the move log unchanged when next opened; a table in use stays; a restart
loads the unfinished tables only."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from spieltisch.server.app import create_app

KC = "kingdoms-of-crusaders"


def _token(link: str) -> str:
    return link.rsplit("/", 1)[1]


def _move(client: Any, token: str) -> dict[str, Any]:
    view: dict[str, Any] = client.get(f"/api/seat/{token}").json()
    answer = client.post(
        f"/api/seat/{token}/act",
        json={"expected_version": view["version"], "action": view["legal"][0]},
    )
    assert answer.status_code == 200, answer.text
    after: dict[str, Any] = client.get(f"/api/seat/{token}").json()
    return after


def test_idle_tables_leave_memory_and_come_back_unchanged(client: Any) -> None:
    manager = client.app.state.manager
    seen = {}
    for seed in range(5):
        made = client.post("/api/tables", json={"game": KC, "seed": seed}).json()
        tokens = [_token(s["link"]) for s in made["seats"]]
        mover = client.get(f"/api/seat/{tokens[0]}").json()["actors"][0]
        seen[made["table"]] = (tokens[mover], _move(client, tokens[mover]))
    assert set(seen) <= set(manager.tables)
    assert manager.sweep(now=time.time()) == []  # just used: they stay
    dropped = manager.sweep(now=time.time() + manager.idle_s + 1)
    assert set(dropped) == set(seen) and not set(seen) & set(manager.tables)
    for table_id, (token, before) in seen.items():
        again = client.get(f"/api/seat/{token}").json()
        assert table_id in manager.tables
        assert again["version"] == before["version"] and again["view"] == before["view"]
        assert again["legal"] == before["legal"]


def test_a_table_in_use_stays_in_memory(client: Any) -> None:
    manager = client.app.state.manager
    watched = client.post("/api/tables", json={"game": KC, "seed": 1}).json()
    clocked = client.post(
        "/api/tables",
        json={"game": KC, "seed": 2, "settings": {"clock": "minutes", "minutes": 30}},
    ).json()
    later = time.time() + manager.idle_s + 1
    with client.websocket_connect(f"/ws/{_token(watched['seats'][0]['link'])}") as ws:
        ws.receive_json()
        dropped = manager.sweep(now=later)
        assert watched["table"] not in dropped  # a player is connected
        assert clocked["table"] not in dropped  # its clock runs: it must be watched
    assert watched["table"] in manager.sweep(now=later)  # the player left


def test_a_restart_loads_the_unfinished_tables_only(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        bots = [{"kind": "bot", "bot": "random"}] * 2
        over = client.post("/api/tables", json={"game": KC, "seats": bots, "seed": 4}).json()
        running = client.post("/api/tables", json={"game": KC, "seed": 5}).json()
        for _ in range(500):
            if client.get(f"/api/tables/{over['table']}").json()["status"] == "over":
                break
            time.sleep(0.02)
    with TestClient(create_app(db_url)) as client:
        tables = client.app.state.manager.tables
        assert running["table"] in tables and over["table"] not in tables
        # a finished table opens when somebody asks for it
        assert client.get(f"/api/tables/{over['table']}").json()["status"] == "over"
