"""Players that survive a server process dying: each seat's client connects to one of
several server processes, plays a random legal move whenever its seat may act, and when its
connection drops reconnects to the next process and goes on. Every acknowledged move is
recorded, so that a test or a benchmark can check it against the move log
(``tests/server/test_processes.py``, ``spieltisch bench-server --workers``)."""

from __future__ import annotations

import asyncio
import json
import random
import time
import zlib
from dataclasses import dataclass, field
from typing import Any

from .patch_client import Follower

WS_MAX_SIZE = 16 * 1024 * 1024
RETRY_S = 0.2  # the pause before connecting again after a failed attempt


@dataclass
class Acked:
    """A move the server acknowledged: the version it made, its seat and action, and when
    its act was sent and its ack came."""

    version: int
    seat: int
    action: dict[str, Any]
    sent: float
    acked: float


@dataclass
class SeatPlayer:
    """One seat's client over ``bases`` (``host:port`` of each server process)."""

    token: str
    seat: int
    bases: list[str]
    rng: random.Random
    target: int  # the table version at which it stops
    think: float = 0.0
    start: int = 0  # the index in ``bases`` it connects to first
    acked: list[Acked] = field(default_factory=list)
    seen: dict[int, float] = field(default_factory=dict)  # version -> first seen
    reconnects: int = 0
    latest: dict[str, Any] | None = None
    follower: Follower = field(default_factory=Follower)  # what patches refer to
    done: bool = False

    def finished(self) -> bool:
        latest = self.latest
        return latest is not None and (
            bool(latest.get("over")) or int(latest["version"]) >= self.target
        )

    async def play(self, deadline: float) -> None:
        """Play until the table reaches its target or the game ends (or ``deadline``)."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidStatus

        k = self.start
        while not self.finished() and time.monotonic() < deadline:
            base = self.bases[k % len(self.bases)]
            url = f"ws://{base}/ws/{self.token}?compress=deflate&patch=1"
            try:
                ws = await connect(
                    url, max_size=WS_MAX_SIZE, proxy=None, open_timeout=5, ping_interval=None
                )
            except (OSError, InvalidStatus, TimeoutError):
                k += 1
                await asyncio.sleep(RETRY_S)
                continue
            try:
                await self._session(ws, deadline)
            except (ConnectionClosed, OSError):
                pass
            finally:
                await ws.close()
            if not self.finished():
                self.reconnects += 1
                k += 1
        self.done = True

    async def _session(self, ws: Any, deadline: float) -> None:
        pending: tuple[int, int, dict[str, Any], float] | None = None  # id, version, action, at
        next_id = 0
        self.latest = None
        self.follower = Follower()  # a new connection starts with a whole update
        while not self.finished() and time.monotonic() < deadline:
            latest: dict[str, Any] | None = self.latest
            if (
                pending is None
                and latest is not None
                and self.seat in latest["actors"]
                and latest["legal"]
            ):
                if self.think:
                    await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                action = self.rng.choice(latest["legal"])
                next_id += 1
                pending = (next_id, int(latest["version"]), action, time.perf_counter())
                message = {"type": "act", "id": next_id, "expected_version": latest["version"]}
                await ws.send(json.dumps({**message, "action": action}))
            raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
            message = json.loads(zlib.decompress(raw) if isinstance(raw, bytes) else raw)
            kind = message.get("type")
            if kind in ("update", "patch"):
                whole = self.follower.receive(message)
                if whole is None:  # a patch against what this client lacks: start afresh
                    await ws.send(json.dumps({"type": "refresh"}))
                    continue
                self.latest = whole
                self.seen.setdefault(int(whole["version"]), time.perf_counter())
            elif pending is not None and message.get("id") == pending[0]:
                if kind == "ack":
                    self.acked.append(
                        Acked(
                            int(message["version"]),
                            self.seat,
                            pending[2],
                            pending[3],
                            time.perf_counter(),
                        )
                    )
                pending = None  # refused (stale: another came first): decide again
