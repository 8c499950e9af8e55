"""A search bot thinking at the table (issue 17, item 2): every connection, spectators too,
is told which seat is thinking at which level, the update with the move clears it, and a
search in the worker processes does not hold up the other tables."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from .test_app import create, token_of, wait_turn

# the module (``spieltisch.bots.levels`` is also a function of the package)
LEVELS = importlib.import_module("spieltisch.bots.levels")
HARD = [{"kind": "human"}, {"kind": "bot", "bot": "hard"}]


def messages_until_turn(ws: Any, seat: int | None, version: int) -> list[dict[str, Any]]:
    """Messages on ``ws`` until an update past ``version`` hands the turn back to ``seat``
    (0 for a spectator) or ends the game."""
    seen = []
    while True:
        message = ws.receive_json()
        seen.append(message)
        turn = message["type"] == "update" and message["version"] > version
        if turn and (message["over"] or (seat or 0) in message["actors"]):
            return seen


def human_move(client: Any, token: str, rng: random.Random) -> tuple[int, dict[str, Any]]:
    data = wait_turn(client, token, 0)
    return data["version"], rng.choice(data["legal"])


def test_every_connection_hears_that_the_bot_thinks_and_the_move_clears_it(
    client: Any,
) -> None:
    client.app.state.manager.turns.search_iterations = 60
    made = create(client, seats=HARD, seed=21)
    token = token_of(made["seats"][0]["link"])
    watcher = token_of(made["spectator_link"])
    rng = random.Random(2)
    with (
        client.websocket_connect(f"/ws/{token}") as seat_ws,
        client.websocket_connect(f"/ws/{watcher}") as watch_ws,
    ):
        assert seat_ws.receive_json()["thinking"] == []
        watch_ws.receive_json()
        thought = 0
        for _ in range(3):
            version, action = human_move(client, token, rng)
            seat_ws.send_json(
                {"type": "act", "id": 1, "expected_version": version, "action": action}
            )
            for ws, seat in ((seat_ws, 0), (watch_ws, None)):
                seen = messages_until_turn(ws, seat, version + 1)
                kinds = [m["type"] for m in seen]
                pushes = [m for m in seen if m["type"] == "thinking"]
                for push in pushes:
                    assert push["table"] == made["table"]
                    assert push["thinking"] == [{"seat": 1, "level": "hard"}]
                    # the push comes before the update that brings the bot's move
                    assert kinds.index("thinking") < len(kinds) - 1
                assert seen[-1]["thinking"] == []  # cleared with the move
                thought += len(pushes)
    assert thought > 0


def test_a_table_answers_moves_while_a_bot_thinks_at_another(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While table A's hard bot searches (for 2.5 s, in a worker process), a move at table
    B is answered, and A's bot is still thinking afterwards."""
    monkeypatch.setattr(LEVELS, "HARD_SECONDS", 2.5)
    a = create(client, seats=HARD, seed=21)
    b = create(client, seats=[{"kind": "human"}, {"kind": "human"}], seed=5)
    a_token = token_of(a["seats"][0]["link"])
    b_tokens = [token_of(s["link"]) for s in b["seats"]]
    b_data = client.get(f"/api/seat/{b_tokens[0]}").json()
    b_mover = b_tokens[0] if 0 in b_data["actors"] else b_tokens[1]
    b_data = client.get(f"/api/seat/{b_mover}").json()
    rng = random.Random(2)
    with client.websocket_connect(f"/ws/{a_token}") as ws:
        ws.receive_json()
        while True:
            version, action = human_move(client, a_token, rng)
            ws.send_json({"type": "act", "id": 1, "expected_version": version, "action": action})
            message = ws.receive_json()
            while message["type"] != "thinking" and not (
                message["type"] == "update" and 0 in message["actors"]
            ):
                message = ws.receive_json()
            if message["type"] == "thinking":
                break  # the bot searches now (else it had one move only: try again)
        r = client.post(
            f"/api/seat/{b_mover}/act",
            json={"expected_version": b_data["version"], "action": b_data["legal"][0]},
        )
        assert r.status_code == 200, r.text
        a_now = client.get(f"/api/seat/{a_token}").json()
        assert a_now["version"] == version + 1  # the bot has not moved yet
        assert a_now["thinking"] == [{"seat": 1, "level": "hard"}]
        seen = messages_until_turn(ws, 0, version + 1)
        assert seen[-1]["thinking"] == []
    assert client.app.state.manager.turns.late == 0
