"""Several real ``spieltisch serve`` processes sharing one PostgreSQL and one Redis
(``server/cluster.py``, ``server/relay.py``): players connected to different processes play
the same tables live; one process after another is killed with SIGKILL in the middle of the
games, and every game goes on on the others, with every acknowledged move in the move log
exactly once and nothing applied twice."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest

from spieltisch.analysis.cluster_clients import SeatPlayer
from spieltisch.analysis.server_process import LOOPBACK, ServerProcess, free_port, http_json
from spieltisch.server import db
from spieltisch.server.live_table import LiveTable
from spieltisch.server.store import Store

from ..services import POSTGRES, REDIS
from .test_result import run

pytestmark = pytest.mark.skipif(
    not (POSTGRES and REDIS),
    reason="set SPIELTISCH_TEST_POSTGRES and SPIELTISCH_TEST_REDIS to run several processes",
)

GAME = "kingdoms-of-crusaders"
TABLES = 9
TARGET = 26  # moves per table (a game of two has 30 plays at most)


def _empty_services() -> None:
    assert POSTGRES and REDIS
    engine = db.connect(POSTGRES)
    db.drop_everything(engine)
    engine.dispose()
    import redis

    client = redis.Redis.from_url(REDIS)
    client.flushdb()
    client.close()


def _owner(table_id: str) -> str | None:
    import redis

    assert REDIS
    client = redis.Redis.from_url(REDIS)
    try:
        owner = client.get(f"st:lease:{table_id}")
    finally:
        client.close()
    return None if owner is None else owner.decode()


def _pid_of(process_id: str) -> int:
    return int(process_id.split(":")[1])


def test_three_processes_play_on_when_one_after_another_is_killed() -> None:
    _empty_services()
    assert POSTGRES and REDIS
    servers = [ServerProcess(free_port(), POSTGRES, redis_url=REDIS) for _ in range(3)]
    try:
        for server in servers:
            server.start()
        players, tables = run(_play_and_kill(servers))
    finally:
        for server in servers:
            server.stop()
    _check_log(players, tables)


async def _play_and_kill(servers: list[ServerProcess]) -> tuple[list[SeatPlayer], list[str]]:
    bases = [f"{LOOPBACK}:{s.port}" for s in servers]
    tables = []
    for i in range(TABLES):  # created on each process in turn: each owns some
        body = {"game": GAME, "seats": [{"kind": "human"}, {"kind": "human"}], "seed": i}
        made = await asyncio.to_thread(http_json, "POST", servers[i % 3].url + "/api/tables", body)
        tables.append((made["table"], [s["link"].rsplit("/", 1)[1] for s in made["seats"]]))
    players = [
        SeatPlayer(token, seat, bases, random.Random(f"{i}/{seat}"), TARGET, start=i + seat)
        for i, (_, tokens) in enumerate(tables)
        for seat, token in enumerate(tokens)
    ]
    deadline = time.monotonic() + 240
    playing = [asyncio.create_task(p.play(deadline)) for p in players]
    killed: list[tuple[float, list[str]]] = []  # when, and the unfinished tables it owned
    for victim, moves in ((0, 6), (1, 14)):  # kill one process, later another (the first back)
        await _until(lambda moves=moves: min(_version(p) for p in players) >= moves, deadline)
        server = servers[victim]
        owned = [
            t
            for t, tokens in tables
            if (o := _owner(t)) and _pid_of(o) == server.pid
            if min(_version(p) for p in players if p.token in tokens) < TARGET
        ]
        server.kill()
        killed.append((time.perf_counter(), owned))
        if victim == 0:
            await asyncio.sleep(1.0)
            server.start()  # restarted, as a supervisor would
    await asyncio.gather(*playing)
    assert all(p.finished() for p in players), [(_version(p), p.reconnects) for p in players]
    assert sum(p.reconnects for p in players) > 0
    assert any(owned for _, owned in killed), "the killed processes owned unfinished tables"
    for at, owned in killed:
        by_table = {t: i for i, (t, _) in enumerate(tables)}
        for table_id in owned:
            seats = [p for p in players if p.token in tables[by_table[table_id]][1]]
            # the first move sent after the kill and acknowledged (by the new owner)
            after = [a.acked for p in seats for a in p.acked if a.sent > at]
            assert after, f"table {table_id} made no move after its process was killed"
            # how long the table stood still (a figure for the docs; not asserted: timing)
            print(f"table {table_id}: a move acknowledged {min(after) - at:.2f} s after the kill")
    return players, [t for t, _ in tables]


def _version(player: SeatPlayer) -> int:
    return -1 if player.latest is None else int(player.latest["version"])


async def _until(condition: Any, deadline: float) -> None:
    while not condition():
        assert time.monotonic() < deadline, "the games did not get that far"
        await asyncio.sleep(0.05)


def _check_log(players: list[SeatPlayer], tables: list[str]) -> None:
    """Every acknowledged move is in the log at its version, with its seat and action; the
    versions of each table run 1, 2, 3 … without a gap or a repeat; every log replays."""
    assert POSTGRES
    store = Store(db.connect(POSTGRES))
    by_table: dict[str, dict[int, tuple[int, dict[str, Any]]]] = {}
    for table_id in tables:
        record = store.table(table_id)
        assert record is not None
        moves, events = store.history(table_id)
        assert len(moves) == record.version >= TARGET
        by_table[table_id] = {n: (m.seat, m.action) for n, m in enumerate(moves, 1)}
        LiveTable.rebuild(record, moves, events)  # the log is a legal game
    tokens = {p.token: p for p in players}
    assert tokens
    versions: dict[tuple[str, int], int] = {}
    for table_id in tables:
        record = store.table(table_id)
        assert record is not None
        for seat in record.seats:
            player = tokens[seat.token]
            for ack in player.acked:
                assert by_table[table_id][ack.version] == (ack.seat, ack.action)
                key = (table_id, ack.version)
                assert key not in versions, "a version acknowledged twice"
                versions[key] = ack.seat
    assert len(versions) == sum(len(p.acked) for p in players)


def test_an_account_deleted_on_one_process_is_renamed_at_its_tables_on_the_others() -> None:
    """Deleting an account is served by whichever process the request reaches; the tables
    it sits at may be held by another, which must show "deleted player" too."""
    import httpx

    _empty_services()
    assert POSTGRES and REDIS
    # with the default rate limits, counted in Redis (sign-up, tables) by both processes
    a, b = (ServerProcess(free_port(), POSTGRES, redis_url=REDIS, rate_limits="") for _ in range(2))
    try:
        a.start()
        b.start()
        with httpx.Client(timeout=10) as anna:  # one browser: its cookie goes to both
            password = {"name": "Anna", "password": "correct horse battery"}
            signed = anna.post(a.url + "/api/account/signup", json=password)
            assert signed.status_code == 201, signed.text
            csrf = {"X-CSRF-Token": signed.json()["csrf"]}
            body = {"game": GAME, "seats": [{"invite": "me"}, {"kind": "human"}]}
            made = anna.post(b.url + "/api/tables", json=body, headers=csrf)
            assert made.status_code == 201, made.text
            table = made.json()
            owner = _owner(table["table"])
            assert owner is not None and _pid_of(owner) == b.pid  # b holds it in memory
            watch = "/api/seat/" + table["spectator_link"].rsplit("/", 1)[1]

            def players() -> list[str | None]:
                view = httpx.get(b.url + watch, timeout=10).json()
                return [s["player"] for s in view["seats"]]

            assert players() == ["Anna", None]
            deleted = anna.post(
                a.url + "/api/account/delete", json={"password": password["password"]}, headers=csrf
            )
            assert deleted.status_code == 200, deleted.text
        deadline = time.monotonic() + 10
        while players() != ["deleted player", None]:
            assert time.monotonic() < deadline, f"b still shows {players()}"
            time.sleep(0.05)
        import redis

        counted = redis.Redis.from_url(REDIS).keys("LIMITS:LIMITER/*")
        assert any(b"/signup/" in k for k in counted) and any(b"/tables/" in k for k in counted)
        # and through a, which relays it to b
        assert httpx.get(a.url + watch, timeout=10).json()["seats"][0]["player"] == (
            "deleted player"
        )
    finally:
        a.stop()
        b.stop()
