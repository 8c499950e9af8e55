"""Connections under abuse (issue 18, item 4): a seat keeps at most a few connections (the
oldest is closed), and a slow or dead socket never holds up the other players' updates: it
has a bounded outbox, and one that cannot keep up is closed."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from spieltisch.server.live import SEAT_CONNECTIONS, TOO_MANY
from spieltisch.server.wire import OUTBOX, TOO_SLOW, Connection

from .test_result import run  # asyncio.run in a thread of its own

KC = "kingdoms-of-crusaders"


def _token(link: str) -> str:
    return link.rsplit("/", 1)[1]


def test_a_seat_keeps_its_newest_connections_and_the_oldest_is_closed(client: Any) -> None:
    made = client.post("/api/tables", json={"game": KC, "seed": 2}).json()
    token = _token(made["seats"][0]["link"])
    sockets = []
    for _ in range(SEAT_CONNECTIONS + 2):
        ws = client.websocket_connect(f"/ws/{token}")
        sockets.append(ws.__enter__())
        assert sockets[-1].receive_json()["type"] == "update"
    table = client.app.state.manager.tables[made["table"]]
    assert sum(1 for c in table.connections if c.seat == 0) == SEAT_CONNECTIONS
    for oldest in sockets[:2]:  # closed with the reason
        with pytest.raises(WebSocketDisconnect) as closed:
            oldest.receive_json()
        assert closed.value.code == TOO_MANY
    # the newest still play and get updates
    sockets[-1].send_json({"type": "refresh"})
    assert sockets[-1].receive_json()["type"] == "update"
    for ws in sockets:
        ws.__exit__(None, None, None)


def test_a_connection_that_cannot_keep_up_is_closed_without_waiting_for_it() -> None:
    async def scenario() -> tuple[list[tuple[int, str]], bool, int]:
        # a socket whose writer never gets a message through
        stuck = asyncio.Event()
        closed: list[tuple[int, str]] = []

        async def send(_message: str | bytes) -> None:
            await stuck.wait()  # a dead peer: never takes anything

        async def close(code: int, reason: str) -> None:
            closed.append((code, reason))

        conn = Connection(0, "en", send, close=close)
        accepted = [conn.push(f"update {i}") for i in range(OUTBOX + 2)]
        await asyncio.sleep(0)  # let the close run
        await asyncio.sleep(0)
        return closed, conn.closed, accepted.count(True)

    closed, is_closed, accepted = run(scenario())
    assert is_closed and closed and closed[0][0] == TOO_SLOW
    assert accepted == OUTBOX  # the outbox is full; the next one overflows


def test_a_dead_socket_does_not_hold_up_a_move_or_the_other_seats_updates(
    client: Any,
) -> None:
    made = client.post("/api/tables", json={"game": KC, "seed": 2}).json()
    tokens = [_token(s["link"]) for s in made["seats"]]
    table = client.app.state.manager.tables[made["table"]]
    sent_to_dead: list[str | bytes] = []

    async def never(message: str | bytes) -> None:
        sent_to_dead.append(message)
        await asyncio.Event().wait()  # the peer takes nothing, ever

    table.connections.append(Connection(None, "en", never))  # a dead spectator
    with client.websocket_connect(f"/ws/{tokens[1]}") as other:
        assert other.receive_json()["type"] == "update"
        view = client.get(f"/api/seat/{tokens[0]}").json()
        mover = view["actors"][0]
        mine = client.get(f"/api/seat/{tokens[mover]}").json()
        answer = client.post(
            f"/api/seat/{tokens[mover]}/act",
            json={"expected_version": mine["version"], "action": mine["legal"][0]},
        )
        assert answer.status_code == 200  # the move did not wait for the dead socket
        assert other.receive_json()["version"] == mine["version"] + 1  # nor did the update
    assert len(sent_to_dead) == 1  # its first update is still "being sent"
