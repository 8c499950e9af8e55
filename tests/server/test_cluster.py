"""Leases of tables between server processes (``server/cluster.py``), against a real Redis
server: one owner at a time, a dead owner's tables taken over with a newer fencing token,
leases renewed with the heartbeat and reported when lost, and given up on stop."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from spieltisch.server import cluster as cluster_module
from spieltisch.server.cluster import Cluster, Lease

from ..services import REDIS  # e.g. redis://localhost:6379/15 (one per worker)
from .test_result import run

pytestmark = pytest.mark.skipif(
    not REDIS, reason="set SPIELTISCH_TEST_REDIS to a Redis URL (a database the tests empty)"
)


def with_redis(test: Callable[[Any], Awaitable[None]]) -> None:
    """Run ``test(redis)`` on an emptied test database, then close the client."""

    async def main() -> None:
        from redis.asyncio import Redis

        assert REDIS is not None
        redis = Redis.from_url(REDIS)
        await redis.flushdb()
        try:
            await test(redis)
        finally:
            await redis.flushdb()
            await redis.aclose()

    run(main())


def test_one_owner_at_a_time_and_a_new_token_for_each_new_owner() -> None:
    async def test(redis: Any) -> None:
        a, b = Cluster(redis, process_id="a"), Cluster(redis, process_id="b")
        await a.beat()
        await b.beat()
        lease = await a.take("t1")
        assert lease == Lease("t1", 1)
        assert await a.take("t1") == Lease("t1", 1)  # taking it again changes nothing
        assert await b.take("t1") == "a"  # a is alive: b gets the owner's id
        assert await b.owner("t1") == "a" and await a.owner("t2") is None
        await a.release("t1")
        assert await b.owner("t1") is None
        assert await b.take("t1") == Lease("t1", 2)  # a new owner, a newer token
        assert b.leases == {"t1": Lease("t1", 2)} and a.leases == {}

    with_redis(test)


def test_a_dead_owners_tables_are_taken_over_and_it_learns_it_lost_them() -> None:
    async def test(redis: Any) -> None:
        lost: list[str] = []
        a = Cluster(redis, on_lost=lost.append, process_id="a")
        b = Cluster(redis, process_id="b")
        await a.beat()
        await b.beat()
        assert isinstance(await a.take("t1"), Lease)
        assert isinstance(await a.take("t2"), Lease)
        # a stops beating (killed, or stalled): once its heartbeat is gone, b takes over
        await redis.delete(Cluster.heartbeat_key("a"))
        assert not await b.alive("a")
        assert await b.owner("t1") is None
        assert await b.take("t1") == Lease("t1", 2)
        # a comes back: its next beat finds t1 taken (it keeps t2, which nobody took)
        await a.beat()
        assert lost == ["t1"] and set(a.leases) == {"t2"}

    with_redis(test)


def test_a_process_beats_while_it_runs_and_gives_everything_up_on_stop() -> None:
    async def test(redis: Any) -> None:
        a = Cluster(redis, process_id="a")
        await a.start()
        await a.take("t1")
        ttl = await redis.pttl(Cluster.heartbeat_key("a"))
        assert 0 < ttl <= cluster_module.HEARTBEAT_MS
        await asyncio.sleep(cluster_module.BEAT_EVERY_S * 2.5)
        assert await redis.pttl(Cluster.heartbeat_key("a")) > ttl - 400  # renewed
        await a.stop()
        assert not await redis.exists(Cluster.heartbeat_key("a"))
        assert not await redis.exists(Cluster.lease_key("t1"))
        b = Cluster(redis, process_id="b")
        await b.beat()
        assert await b.take("t1") == Lease("t1", 2)

    with_redis(test)


def test_the_tables_of_a_dead_process_are_handed_out_once() -> None:
    async def test(redis: Any) -> None:
        a, b, c = (Cluster(redis, process_id=p) for p in "abc")
        for process in (a, b, c):
            await process.beat()
        for t in ("t1", "t2", "t3"):
            await a.take(t)
        await a.release("t3")  # given up, not orphaned
        assert await b.orphans() == []  # a is alive
        await redis.delete(Cluster.heartbeat_key("a"))
        first = await b.orphans(most=1)
        second = await c.orphans()
        assert sorted(first + second) == ["t1", "t2"] and len(first) == 1
        assert await b.orphans() == [] and await c.orphans() == []

    with_redis(test)
