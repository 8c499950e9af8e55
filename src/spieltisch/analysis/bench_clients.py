"""The scripted clients of ``spieltisch bench-server``: one per seat, over a WebSocket, that
records when each table version arrives and how big each update is, and plays a random
legal move whenever its seat may act, until its table has made the asked moves."""

from __future__ import annotations

import asyncio
import json
import random
import time
import zlib
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from .patch_client import Follower

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

WS_MAX_SIZE = 16 * 1024 * 1024


@dataclass
class Table:
    index: int
    tokens: list[str]
    target: int  # the version at which the table stops
    # version -> (mover, time the act was sent), for acknowledged moves
    sent: dict[int, tuple[int, float]] = field(default_factory=dict)
    stale: int = 0
    errors: int = 0
    over: bool = False


class SeatClient:
    """One seat's scripted client: a reader that records every message, and a player that
    sends a random legal move whenever the seat may act."""

    def __init__(self, table: Table, seat: int, url: str, rng: random.Random, think: float) -> None:
        self.table = table
        self.seat = seat
        self.url = url
        self.rng = rng
        self.think = think
        self.seen: dict[int, float] = {}  # version -> first receipt
        self.sizes: list[int] = []  # bytes of each update's JSON
        self.wire: list[int] = []  # bytes of each update as sent
        self.latest: dict[str, Any] | None = None
        self.follower = Follower()  # the latest update and what patches refer to
        self.resyncs = 0  # patches against a message this client did not have
        self.pending: tuple[int, int, float] | None = None  # (id, expected version, sent at)
        self.tried: int | None = None  # the version last acted on
        self.changed = asyncio.Event()
        self.closed = False
        self.done = False
        self.next_id = 0

    def finished(self) -> bool:
        latest = self.latest
        if latest is None:
            return False
        return bool(latest.get("over")) or int(latest["version"]) >= self.table.target

    async def connect(self, limit: asyncio.Semaphore) -> ClientConnection:
        from websockets.asyncio.client import connect

        async with limit:
            ws = await connect(
                self.url, max_size=WS_MAX_SIZE, proxy=None, open_timeout=60, ping_interval=None
            )
            raw = await ws.recv()
            self._record(raw, time.perf_counter())
            return ws

    async def play(self, ws: ClientConnection, start: asyncio.Event) -> None:
        reader = asyncio.create_task(self._read(ws))
        try:
            await start.wait()
            while not self.closed:
                if self.finished() and self.pending is None:
                    break
                await self._maybe_act(ws)
                await self.changed.wait()
                self.changed.clear()
        finally:
            self.done = True
            await ws.close()
            await reader

    async def _read(self, ws: ClientConnection) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for raw in ws:
                self._record(raw, time.perf_counter())
        except ConnectionClosed:
            pass
        finally:
            self.closed = True
            self.changed.set()

    def _record(self, raw: str | bytes, now: float) -> None:
        data = zlib.decompress(raw) if isinstance(raw, bytes) else raw.encode("utf-8")
        message = orjson.loads(data)  # the clients share the machine: the cheaper, the fairer
        kind = message.get("type")
        if kind in ("patch", "update"):
            whole = self.follower.receive(message)
            if whole is None:
                self.resyncs += 1  # cannot happen unless the server is wrong: counted
                return
            message, kind = whole, "update"
        if kind == "update":
            self.sizes.append(len(data))
            self.wire.append(len(raw) if isinstance(raw, bytes) else len(data))
            version = int(message["version"])
            self.seen.setdefault(version, now)
            if self.latest is None or version >= int(self.latest["version"]):
                self.latest = message
            if message.get("over"):
                self.table.over = True
        elif kind in ("ack", "error") and self.pending and message.get("id") == self.pending[0]:
            _, _, sent_at = self.pending
            self.pending = None
            if kind == "ack":
                self.table.sent[int(message["version"])] = (self.seat, sent_at)
            elif message.get("stale"):
                self.table.stale += 1  # another seat came first: wait for its update
            else:
                self.table.errors += 1
                self.tried = None  # try again on a fresh update
        self.changed.set()

    async def _maybe_act(self, ws: ClientConnection) -> None:
        latest = self.latest
        if self.pending is not None or latest is None or self.finished():
            return
        version = int(latest["version"])
        if self.seat not in latest["actors"] or not latest["legal"] or version == self.tried:
            return
        if self.table.errors > 10 * max(1, self.table.target):
            return  # something is wrong; the timeout ends the run
        if self.think > 0:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
            if self.latest is not latest:
                return  # something happened meanwhile: decide again
        action = self.rng.choice(latest["legal"])
        self.next_id += 1
        self.tried = version
        self.pending = (self.next_id, version, time.perf_counter())
        message = {"type": "act", "id": self.next_id, "expected_version": version}
        await ws.send(json.dumps({**message, "action": action}))


def first_seen(seen: dict[int, float], version: int) -> float | None:
    """When a socket first saw ``version`` or a later one (updates may skip versions)."""
    if version in seen:
        return seen[version]
    versions = sorted(seen)
    i = bisect_left(versions, version)
    return None if i == len(versions) else min(seen[v] for v in versions[i:])
