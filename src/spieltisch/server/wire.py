"""What goes over the wire between the table and its connections: a connection, how a
message is encoded (and compressed for a connection that asked for it), and the error a
request is refused with."""

from __future__ import annotations

import json
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

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


def encode(message: dict[str, Any]) -> str:
    """A message as the WebSocket text sent for it (compact JSON; ASCII escapes are the
    fastest way through the C encoder)."""
    return json.dumps(message, separators=(",", ":"))


def deflate(text: str) -> bytes:
    """An update compressed for a connection that asked for it (zlib format, which the
    browsers' ``DecompressionStream("deflate")`` reads)."""
    return zlib.compress(text.encode("utf-8"), DEFLATE_LEVEL)


@dataclass
class Connection:
    """One open WebSocket: which seat it speaks for (``None``: spectator), its language,
    whether it takes compressed updates, and how to send it a message (already encoded —
    text, or compressed bytes — so that connections of the same seat and language share
    one encoding and one compression)."""

    seat: int | None
    lang: str
    send: Callable[[str | bytes], Awaitable[None]]
    compress: bool = False
