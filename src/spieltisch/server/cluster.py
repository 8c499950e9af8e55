"""Several server processes sharing one Redis and one database: which process owns which
table (``docs/web-table.md``, "Several server processes").

Each table is owned by at most one process at a time: only its owner writes the table's
moves and events, runs its bots and clocks, and serves its connections (the others relay
theirs to it). Ownership is a lease in Redis:

- every process keeps a heartbeat key alive (``st:proc:<id>``, ``HEARTBEAT_MS``); a
  process that stops beating is dead, whatever its leases say;
- a process takes a table when nobody owns it or its owner is dead, and then gets a new
  fencing token (``st:fence:<table>``, one more than the last): the database refuses every
  write of the table that carries an older token (``Store.take_table``), so a process that
  was thought dead but comes back cannot write after the table has moved on;
- the owner renews its leases with its heartbeat; a lease it finds taken it has lost.

Redis is one server (not Redis Cluster: the scripts read a process's heartbeat by a key
they work out). Nothing here is needed by a single process on SQLite."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from redis.asyncio import Redis

HEARTBEAT_MS = 3000  # a process that has not beaten for this long is dead
BEAT_EVERY_S = 0.5  # how often a process beats and renews its leases
LEASE_MS = 30_000  # a lease nobody renews goes (the heartbeat decides ownership first)
PREFIX = "st:"

# KEYS: lease, fence, my set of tables. ARGV: me, lease ms, heartbeat prefix, table id,
# owned-set prefix. Returns {fence, owner}: fence 0 when another live process owns it.
_TAKE = """
local owner = redis.call('GET', KEYS[1])
if owner == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {tonumber(redis.call('GET', KEYS[2]) or '0'), owner}
end
if owner and redis.call('EXISTS', ARGV[3] .. owner) == 1 then
  return {0, owner}
end
if owner then
  redis.call('SREM', ARGV[5] .. owner, ARGV[4])
end
local fence = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[3], ARGV[4])
return {fence, ARGV[1]}
"""

# KEYS: the leases to renew. ARGV: me, lease ms. Returns the indexes of those lost.
_RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  else
    table.insert(lost, i - 1)
  end
end
return lost
"""

# KEYS: lease, my set of tables. ARGV: me, table id. Gives the table up if it is mine.
_RELEASE = """
redis.call('SREM', KEYS[2], ARGV[2])
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


@dataclass(frozen=True)
class Lease:
    """A table this process owns, with the fencing token its writes carry."""

    table_id: str
    fence: int


class Cluster:
    """This server process among those sharing ``redis``: its heartbeat, and the leases
    of the tables it owns. ``on_lost(table_id)`` is called (on the event loop) for a table
    whose lease another process has taken."""

    def __init__(
        self,
        redis: Redis,
        on_lost: Callable[[str], Any] | None = None,
        process_id: str | None = None,
    ) -> None:
        self.redis = redis
        self.id = process_id or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.on_lost = on_lost
        self.leases: dict[str, Lease] = {}
        self._take = redis.register_script(_TAKE)
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)
        self._beating: asyncio.Task[None] | None = None

    # -- keys ------------------------------------------------------------------------------
    @staticmethod
    def heartbeat_key(process_id: str) -> str:
        return f"{PREFIX}proc:{process_id}"

    @staticmethod
    def lease_key(table_id: str) -> str:
        return f"{PREFIX}lease:{table_id}"

    @staticmethod
    def fence_key(table_id: str) -> str:
        return f"{PREFIX}fence:{table_id}"

    @staticmethod
    def owned_key(process_id: str) -> str:
        """The set of the tables a process owns: those of a dead one are adopted."""
        return f"{PREFIX}owned:{process_id}"

    # -- life ------------------------------------------------------------------------------
    async def start(self) -> None:
        """Beat once (so that this process counts as alive at once), then keep beating."""
        await self.beat()
        self._beating = asyncio.get_running_loop().create_task(self._beat_forever())

    async def stop(self) -> None:
        """Give every table up and stop beating: the others may take them at once."""
        if self._beating is not None:
            self._beating.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beating
        for table_id in list(self.leases):
            await self.release(table_id)
        await self.redis.delete(self.heartbeat_key(self.id), self.owned_key(self.id))

    async def beat(self) -> None:
        """Say this process is alive, and renew its leases (reporting those lost)."""
        await self.redis.set(self.heartbeat_key(self.id), "1", px=HEARTBEAT_MS)
        owned = list(self.leases)
        if not owned:
            return
        keys = [self.lease_key(t) for t in owned]
        lost = await self._renew(keys=keys, args=[self.id, LEASE_MS])
        for i in lost:
            table_id = owned[int(i)]
            self.leases.pop(table_id, None)
            if self.on_lost is not None:
                self.on_lost(table_id)

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(BEAT_EVERY_S)
            # a Redis hiccup must not stop the heartbeat for good: the next beat tries again
            with contextlib.suppress(Exception):
                await self.beat()

    # -- tables ----------------------------------------------------------------------------
    async def take(self, table_id: str) -> Lease | str:
        """Own ``table_id``: the lease (a new fencing token if the table changed hands),
        or the id of the live process that owns it."""
        fence, owner = await self._take(
            keys=[self.lease_key(table_id), self.fence_key(table_id), self.owned_key(self.id)],
            args=[self.id, LEASE_MS, f"{PREFIX}proc:", table_id, f"{PREFIX}owned:"],
        )
        owner = owner.decode() if isinstance(owner, bytes) else str(owner)
        if int(fence) == 0:
            return owner
        lease = Lease(table_id, int(fence))
        self.leases[table_id] = lease
        return lease

    async def owner(self, table_id: str) -> str | None:
        """The live process that owns ``table_id`` (``None``: nobody, or a dead one)."""
        owner = await self.redis.get(self.lease_key(table_id))
        if owner is None:
            return None
        owner = owner.decode() if isinstance(owner, bytes) else str(owner)
        if owner == self.id or await self.alive(owner):
            return owner
        return None

    async def alive(self, process_id: str) -> bool:
        return bool(await self.redis.exists(self.heartbeat_key(process_id)))

    async def release(self, table_id: str) -> None:
        """Give ``table_id`` up (it left this process's memory)."""
        self.leases.pop(table_id, None)
        await self._release(
            keys=[self.lease_key(table_id), self.owned_key(self.id)], args=[self.id, table_id]
        )

    async def orphans(self, most: int = 100) -> list[str]:
        """Up to ``most`` tables of processes that died (their heartbeat is gone), each
        handed to one caller only: the caller takes them over (their bots and clocks go
        on without anybody connecting)."""
        found: list[str] = []
        async for key in self.redis.scan_iter(match=f"{PREFIX}owned:*", count=100):
            name = key.decode() if isinstance(key, bytes) else str(key)
            process = name[len(f"{PREFIX}owned:") :]
            if process == self.id or await self.alive(process):
                continue
            popped = await self.redis.spop(name, most - len(found))
            found += [p.decode() if isinstance(p, bytes) else str(p) for p in popped or []]
            if len(found) >= most:
                break
        return found
