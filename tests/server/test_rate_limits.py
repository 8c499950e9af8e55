"""Rate limits (issue 18, item 4): per client address and per account on creating tables
(and tables of bots only), moves over HTTP and the WebSocket, sign-in attempts and new
WebSocket connections; each answered 429 with Retry-After (a WebSocket: an error and the
close code 4429), and a refused request changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse

from spieltisch.server.app import create_app
from spieltisch.server.ratelimit import RateLimits
from spieltisch.server.wire import TableError

from ..services import REDIS

KC = "kingdoms-of-crusaders"
TIGHT = RateLimits(
    tables="3/minute",
    bot_tables="2/hour",
    moves="3/minute",
    signin="4/minute",
    signup="2/hour",
    sockets="3/minute",
)


@pytest.fixture
def tight(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, rate_limits=TIGHT)) as client:
        yield client


def _refused(answer: Any, what: str) -> None:
    assert answer.status_code == 429, answer.text
    assert what in answer.json()["error"]
    assert int(answer.headers["Retry-After"]) >= 1


def test_creating_tables_is_limited_per_address(tight: TestClient) -> None:
    for _ in range(3):
        assert tight.post("/api/tables", json={"game": KC}).status_code == 201
    _refused(tight.post("/api/tables", json={"game": KC}), "too many tables created")
    _refused(tight.post("/api/tutorials", json={"game": KC}), "too many tables created")
    assert len(tight.app.state.manager.store.table_ids()) == 3


def test_tables_of_bots_only_have_a_limit_of_their_own(tight: TestClient) -> None:
    bots = {"game": KC, "seats": [{"kind": "bot", "bot": "random"}] * 2}
    assert tight.post("/api/tables", json=bots).status_code == 201
    assert tight.post("/api/tables", json=bots).status_code == 201
    _refused(tight.post("/api/tables", json=bots), "tables of bots only")
    assert tight.post("/api/tables", json={"game": KC}).status_code == 201  # humans: fine


def test_moves_are_limited_over_http_and_the_websocket(tight: TestClient) -> None:
    made = tight.post("/api/tables", json={"game": KC, "seed": 1}).json()
    tokens = [s["link"].rsplit("/", 1)[1] for s in made["seats"]]

    def move_http() -> Any:
        view = tight.get(f"/api/seat/{tokens[0]}").json()
        mover = tokens[view["actors"][0]]
        mine = tight.get(f"/api/seat/{mover}").json()
        return tight.post(
            f"/api/seat/{mover}/act",
            json={"expected_version": mine["version"], "action": mine["legal"][0]},
        )

    for _ in range(3):
        assert move_http().status_code == 200
    _refused(move_http(), "too many moves")
    version = tight.get(f"/api/seat/{tokens[0]}").json()["version"]
    assert version == 3  # the refused move changed nothing
    view = tight.get(f"/api/seat/{tokens[0]}").json()
    mover = view["actors"][0]
    with tight.websocket_connect(f"/ws/{tokens[mover]}") as ws:
        update = ws.receive_json()
        ws.send_text(
            json.dumps(
                {
                    "type": "act",
                    "id": 5,
                    "expected_version": update["version"],
                    "action": update["legal"][0],
                }
            )
        )
        refused = ws.receive_json()
        assert refused["type"] == "error" and "too many moves" in refused["error"]
        assert refused["retry_after"] >= 1 and refused["id"] == 5
        ws.send_text(json.dumps({"type": "refresh"}))  # the connection stays usable
        assert ws.receive_json()["version"] == 3


def test_sign_in_attempts_are_limited_per_address(tight: TestClient) -> None:
    body = {"name": "Anna", "password": "a good password"}
    assert tight.post("/api/account/signup", json=body).status_code == 201  # 1
    tight.cookies.clear()
    for _ in range(3):  # 2, 3, 4
        wrong = tight.post("/api/account/signin", json={**body, "password": "not right"})
        assert wrong.status_code == 401
    _refused(tight.post("/api/account/signin", json=body), "too many sign-in attempts")
    assert tight.get("/api/account").json()["account"] is None


def test_new_websocket_connections_are_limited_per_address(tight: TestClient) -> None:
    made = tight.post("/api/tables", json={"game": KC}).json()
    token = made["seats"][0]["link"].rsplit("/", 1)[1]
    for _ in range(3):
        with tight.websocket_connect(f"/ws/{token}") as ws:
            assert ws.receive_json()["type"] == "update"
    # refused before the upgrade: the HTTP answer 429 with Retry-After, no WebSocket
    with pytest.raises(WebSocketDenialResponse) as refused:
        tight.websocket_connect(f"/ws/{token}").__enter__()
    _refused(refused.value, "too many connections opened")


def test_an_account_is_limited_wherever_it_comes_from(db_url: str) -> None:
    limits = RateLimits(tables="2/minute")
    app = create_app(db_url, rate_limits=limits)
    with TestClient(app) as first:
        answer = first.post(
            "/api/account/signup", json={"name": "Anna", "password": "a good password"}
        )
        csrf = {"X-CSRF-Token": answer.json()["csrf"]}
        for _ in range(2):
            assert first.post("/api/tables", json={"game": KC}, headers=csrf).status_code == 201
        # the same account from another address: still its limit
        limiter = app.state.limiter
        limiter.window.storage.reset()  # forget the address's count, keep nothing
        for _ in range(2):
            first.portal.call(limiter.check, "tables", "account:other")
        with pytest.raises(Exception, match="too many tables"):
            first.portal.call(limiter.check, "tables", "address:10.0.0.9", "account:other")


@pytest.mark.parametrize(
    ("value", "problem"),
    [("moves=fast", "no rate like"), ("dances=1/second", "no rate limit 'dances'")],
)
def test_a_bad_setting_is_refused_with_the_reason(value: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        RateLimits.from_env(value)


def test_the_setting_turns_limits_off_or_changes_some() -> None:
    assert RateLimits.from_env("off") is None
    assert RateLimits.from_env("") == RateLimits()
    assert RateLimits.from_env("moves=20/second").moves == "20/second"


@pytest.mark.skipif(not REDIS, reason="set SPIELTISCH_TEST_REDIS to a Redis URL")
def test_processes_sharing_redis_count_against_one_limit() -> None:
    """With several server processes the counts live in Redis (awaited, never blocking the
    event loop): what one process counted, another refuses beyond, with the wait."""
    import asyncio

    from redis import Redis

    from spieltisch.server.ratelimit import Limiter

    assert REDIS
    Redis.from_url(REDIS).flushdb()

    async def main() -> None:
        first = Limiter(RateLimits(moves="3/minute"), REDIS)
        second = Limiter(RateLimits(moves="3/minute"), REDIS)
        await first.check("moves", "address:10.0.0.1")
        await second.check("moves", "address:10.0.0.1")
        await first.check("moves", "address:10.0.0.1")
        with pytest.raises(TableError, match=r"too many moves: at most 3 per minute") as refused:
            await second.check("moves", "address:10.0.0.1")
        assert refused.value.status == 429 and 1 <= (refused.value.retry_after or 0) <= 60
        await second.check("moves", "address:10.0.0.2")  # another address: its own count

    try:
        asyncio.run(main())
    finally:
        Redis.from_url(REDIS).flushdb()
