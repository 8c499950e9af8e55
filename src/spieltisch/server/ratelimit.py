"""Rate limits per client address and per account (issue 18), with the ``limits`` package:
a moving window per limit and key, kept in the server's memory. A request over a limit is
answered 429 with ``Retry-After`` (a WebSocket: an error naming it, then the close code
4429) and changes nothing.

The limits are generous for a person playing and tight for a script: a player makes a few
moves a minute, creates a table now and then, and opens a handful of connections (a tab,
a reload, another device)."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Awaitable
from dataclasses import dataclass, fields
from typing import TypeVar

from limits import RateLimitItem, parse
from limits.aio.strategies import MovingWindowRateLimiter as SharedWindow
from limits.storage import MemoryStorage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from .wire import TableError

TOO_MANY_CONNECTIONS = 4429  # the WebSocket close code of a refused connection
ENV = "SPIELTISCH_RATE_LIMITS"


@dataclass(frozen=True)
class RateLimits:
    """Each limit as ``limits`` writes it: "count/period"."""

    tables: str = "20/minute"  # tables created, per address and per account
    bot_tables: str = "10/hour"  # tables without a human seat, per account (or address)
    moves: str = "10/second"  # moves over HTTP and WebSocket, per address
    signin: str = "20/minute"  # sign-in and sign-up attempts, per address
    signup: str = "10/hour"  # accounts made, per address
    sockets: str = "60/minute"  # WebSocket connections opened, per address

    def parsed(self) -> dict[str, RateLimitItem]:
        return {f.name: parse(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_env(cls, value: str | None = None) -> RateLimits | None:
        """The limits ``SPIELTISCH_RATE_LIMITS`` asks for: unset, the defaults; ``off``,
        none (tests and load benchmarks, which play faster than any person from one
        address); ``moves=20/second,tables=5/minute``, the defaults with those changed."""
        value = os.environ.get(ENV, "") if value is None else value
        if value.strip().lower() == "off":
            return None
        changes: dict[str, str] = {}
        for part in filter(None, (p.strip() for p in value.split(","))):
            name, _, spec = part.partition("=")
            if name not in {f.name for f in fields(cls)}:
                raise ValueError(f"{ENV}: no rate limit {name!r} (one of {', '.join(WHAT)})")
            try:
                parse(spec)
            except ValueError:
                raise ValueError(f"{ENV}: {spec!r} is no rate like 10/minute") from None
            changes[name] = spec
        return cls(**changes)


# what a refusal says, per limit
WHAT = {
    "tables": "tables created",
    "bot_tables": "tables of bots only",
    "moves": "moves",
    "signin": "sign-in attempts",
    "signup": "accounts made",
    "sockets": "connections opened",
}


def client_address(connection: HTTPConnection) -> str:
    """The client's address (behind a proxy, the one the server was told to trust)."""
    return connection.client.host if connection.client is not None else "unknown"


class Limiter:
    """The server's rate limits (``None``: none at all)."""

    def __init__(self, limits: RateLimits | None, storage_uri: str | None = None) -> None:
        """``storage_uri``: where the counts are kept, ``redis://…`` when several server
        processes share them (every process counts against the same limit); this
        process's memory if ``None``. Counts in memory are taken at once; counts in Redis
        are awaited, so a round trip to Redis never holds up the event loop."""
        self.limits = limits
        self.items = limits.parsed() if limits is not None else {}
        self.window: MovingWindowRateLimiter | SharedWindow
        if storage_uri is None:
            self.window = MovingWindowRateLimiter(MemoryStorage())
        else:
            storage = storage_from_string(f"async+{storage_uri}", implementation="redispy")
            self.window = SharedWindow(storage)

    async def check(self, names: str | tuple[str, ...], *keys: str) -> None:
        """Count one more of each limit in ``names`` for each key (an address, an
        account); refuse with 429 if any is over. A refused request is counted nowhere."""
        if self.limits is None:
            return
        names = (names,) if isinstance(names, str) else names
        window = self.window
        for name in names:
            item = self.items[name]
            for key in keys:
                if not await _done(window.test(item, name, key)):
                    stats = await _done(window.get_window_stats(item, name, key))
                    wait = max(1, math.ceil(stats.reset_time - time.time()))
                    raise TableError(
                        f"too many {WHAT[name]}: at most {item.amount} per "
                        f"{_period(item)}; try again in {wait} s",
                        429,
                        retry_after=wait,
                    )
        for name in names:
            for key in keys:
                await _done(window.hit(self.items[name], name, key))

    def keys(self, connection: HTTPConnection, account_id: str | None = None) -> list[str]:
        """The keys a request counts under: its address, and its account if signed in."""
        keys = [f"address:{client_address(connection)}"]
        if account_id is not None:
            keys.append(f"account:{account_id}")
        return keys


_T = TypeVar("_T")


async def _done(result: _T | Awaitable[_T]) -> _T:
    """What a call of either window gave: at once (memory) or once awaited (Redis)."""
    if isinstance(result, Awaitable):
        return await result
    return result


def _period(item: RateLimitItem) -> str:
    unit = item.GRANULARITY.name
    return unit if item.multiples == 1 else f"{item.multiples} {unit}s"


async def limit(
    connection: HTTPConnection, names: str | tuple[str, ...], account_id: str | None = None
) -> None:
    """Count a request (or WebSocket message) of ``connection`` against the app's limits
    ``names``, under its address and its account; 429 if over any."""
    limiter: Limiter = connection.app.state.limiter
    await limiter.check(names, *limiter.keys(connection, account_id))
