"""What goes over the wire between the table and its connections: a connection, how a
message is encoded (and compressed for a connection that asked for it), and the error a
request is refused with."""

from __future__ import annotations

import asyncio
import contextlib
import time
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from ..engine.errors import SpieltischError

DEFLATE_LEVEL = 3  # ~1/9 of the JSON at a third of the default level's cost


class TableError(SpieltischError):
    """A request the table refuses; ``status`` is the HTTP status that fits, and
    ``retry_after`` the seconds after which the same request may succeed (a 429)."""

    def __init__(
        self,
        message: str,
        status: int = 400,
        rule: str | None = None,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.rule = rule
        self.retry_after = retry_after


def encode_bytes(message: dict[str, Any]) -> bytes:
    """A message as compact JSON in UTF-8 (orjson: an update is mostly its picture, a long
    string that the standard library's encoder escapes five times slower)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)


def encode(message: dict[str, Any]) -> str:
    """A message as the WebSocket text sent for it (compact JSON)."""
    return encode_bytes(message).decode("utf-8")


def deflate(data: str | bytes) -> bytes:
    """An update compressed for a connection that asked for it (zlib format, which the
    browsers' ``DecompressionStream("deflate")`` reads)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return zlib.compress(raw, DEFLATE_LEVEL)


# messages one connection may have waiting to be sent: a socket further behind cannot keep
# up (a dead or very slow client) and is closed; it reconnects and gets a fresh update
OUTBOX = 16
SEND_TIMEOUT_S = 10.0  # one message's send; a socket stuck longer is closed too
TOO_SLOW = 4008  # the close code for both


@dataclass(eq=False)
class Connection:
    """One open WebSocket: which seat it speaks for (``None``: spectator), its language,
    whether it takes compressed updates, and how to send it a message (already encoded —
    text, or compressed bytes — so that connections of the same seat and language share
    one encoding and one compression).

    The table pushes its updates with ``push``, which never waits: each connection has a
    bounded outbox and a task of its own that sends from it, so a slow or dead socket
    delays nobody else's updates. A connection whose outbox is full, or whose send takes
    longer than ``SEND_TIMEOUT_S``, is closed (``close``) and ends."""

    seat: int | None
    lang: str
    send: Callable[[str | bytes], Awaitable[None]]
    compress: bool = False
    close: Callable[[int, str], Awaitable[None]] | None = None
    # counts one of a rate limit (``ratelimit.limit``) for this socket's address and account
    count: Callable[[str], Awaitable[None]] | None = None
    patches: bool = False  # takes patches after its first full update (``patches``)
    seq: int = -1  # the sequence number of the update or patch it was sent last
    older_seq: int = -1  # and of the one before, if it was sent a patch last
    opened: float = field(default_factory=time.monotonic)
    closed: bool = False
    _outbox: asyncio.Queue[str | bytes] | None = field(default=None, repr=False)
    _writer: asyncio.Task[None] | None = field(default=None, repr=False)

    def push(self, message: str | bytes) -> bool:
        """Queue ``message`` for this socket; ``False`` (and the socket is being closed)
        if it cannot keep up or is closed."""
        if self.closed:
            return False
        if self._outbox is None:
            self._outbox = asyncio.Queue(OUTBOX)
            self._writer = asyncio.get_running_loop().create_task(self._write())
        try:
            self._outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.shut(TOO_SLOW, "too many updates waiting: reconnect for a fresh one")
            return False
        return True

    def shut(self, code: int, reason: str) -> None:
        """Close the socket (in the background) and send nothing more."""
        if self.closed:
            return
        self.closed = True
        if self._writer is not None and self._writer is not asyncio.current_task():
            self._writer.cancel()
        if self.close is not None:
            task = asyncio.get_running_loop().create_task(self._close(code, reason))
            _CLOSING.add(task)
            task.add_done_callback(_CLOSING.discard)

    def end(self) -> None:
        """The socket has closed: stop its writer."""
        self.closed = True
        if self._writer is not None and self._writer is not asyncio.current_task():
            self._writer.cancel()

    async def _close(self, code: int, reason: str) -> None:
        assert self.close is not None
        # closed already, or the peer is gone: nothing more to do
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.close(code, reason), SEND_TIMEOUT_S)

    async def _write(self) -> None:
        assert self._outbox is not None
        while not self.closed:
            message = await self._outbox.get()
            try:
                await asyncio.wait_for(self.send(message), SEND_TIMEOUT_S)
            except Exception:  # gone, or stuck: the socket's handler ends and cleans up
                self.shut(TOO_SLOW, "the connection could not take its updates")
                return


_CLOSING: set[asyncio.Task[None]] = set()  # closes under way (kept from the collector)
