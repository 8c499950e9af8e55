"""Live play over a WebSocket (``/ws/<token>``): the seat's update on connecting and after
every change, and the client's messages — a move, a language, a refresh, a "why not?" and a
rematch answer. Every problem is answered on the socket and changes nothing."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ..engine.errors import SpieltischError
from . import why
from .access import account_of, open_link
from .api_models import LANGS, MAX_BODY, error, lang_or_en
from .live import LiveTable, TableManager, outgoing
from .ratelimit import TOO_MANY_CONNECTIONS, limit
from .rematch import Rematches
from .wire import Connection, TableError, encode

BINARY = "binary frames are not understood here: send each message as JSON text"


def router(manager: TableManager, rematches: Rematches) -> APIRouter:
    api = APIRouter()
    messages = _Messages(manager, rematches)

    @api.websocket("/ws/{token}")
    async def live(
        websocket: WebSocket,
        token: str,
        lang: str = "en",
        compress: str | None = None,
        patch: str | None = None,
    ) -> None:
        try:
            await limit(websocket, "sockets", account_of(websocket))
        except TableError as exc:
            # refused before the upgrade, as the HTTP answer 429 with Retry-After: a flood of
            # connections costs the server no WebSocket at all
            if "websocket.http.response" in websocket.scope.get("extensions", {}):
                headers = {"Retry-After": str(exc.retry_after)}
                await websocket.send_denial_response(error(429, str(exc), headers=headers))
                return
            await websocket.accept()  # a server without denial responses: say it, then close
            await websocket.send_json(
                {"type": "error", "error": str(exc), "retry_after": exc.retry_after}
            )
            await websocket.close(code=TOO_MANY_CONNECTIONS)
            return
        await websocket.accept()
        try:
            table, seat = await open_link(manager, token, websocket)
        except TableError as exc:
            await websocket.send_json({"type": "error", "error": str(exc)})
            await websocket.close(code=4403 if exc.status == 403 else 4404)
            return

        async def send(message: str | bytes) -> None:
            if isinstance(message, bytes):
                await websocket.send_bytes(message)
            else:
                await websocket.send_text(message)

        async def close(code: int, reason: str) -> None:
            await websocket.close(code=code, reason=reason)

        packed = compress == "deflate"  # updates as compressed binary frames

        async def count(name: str) -> None:
            await limit(websocket, name, account_of(websocket))

        conn = Connection(seat, lang_or_en(lang), send, packed, close, count)
        conn.patches = patch == "1"  # patches after the first update (server/patches.py)
        await manager.join(table, conn)
        try:
            await _update(table, seat, conn)
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:  # a binary frame: answered, and the connection stays
                    conn.push(encode({"type": "error", "error": BINARY}))
                    continue
                reply = await messages.handle(table, seat, conn, text)
                # replies go through the outbox too: after the updates their message made
                if reply is not None:
                    conn.push(encode(reply))
        except WebSocketDisconnect:
            pass
        finally:
            conn.end()
            manager.leave(table, conn)
            rematches.left(table, seat)  # a rematch offer waits ~10 s for a reload

    return api


async def _update(table: LiveTable, seat: int | None, conn: Connection) -> None:
    """The seat's whole current update to one connection, compressed if it asked so."""
    message, _ = table.message(seat, conn.lang, for_all=False)
    conn.seq = message.seq
    conn.older_seq = -1  # a whole update: the page keeps no message before it
    # through the outbox, as every update: they reach the socket in the order they were made
    conn.push(await outgoing(message.whole(), conn.compress))


def _parse(text: str) -> dict[str, Any] | str:
    """The client's message as a JSON object, or what is wrong with it."""
    if len(text.encode("utf-8")) > MAX_BODY:
        return f"message larger than {MAX_BODY} bytes"
    try:
        message = json.loads(text)
    except json.JSONDecodeError as exc:
        return f"malformed JSON: {exc.msg}"
    except RecursionError:
        return "malformed JSON: nested too deeply"
    if not isinstance(message, dict):
        return "a message must be a JSON object with a 'type'"
    return message


class _Messages:
    """What the server does with one client message and what it answers (``None``: no
    answer but the update the message asked for)."""

    def __init__(self, manager: TableManager, rematches: Rematches) -> None:
        self.manager = manager
        self.rematches = rematches

    async def handle(
        self, table: LiveTable, seat: int | None, conn: Connection, text: str
    ) -> dict[str, Any] | None:
        """One client message; every problem is answered and changes nothing."""
        message = _parse(text)
        if isinstance(message, str):
            return {"type": "error", "error": message}
        ref = message.get("id")
        kind = message.get("type")
        if kind == "lang":
            lang = message.get("lang")
            if lang not in LANGS:
                return {"type": "error", "id": ref, "error": f"language must be one of {LANGS}"}
            conn.lang = lang
            await _update(table, seat, conn)
            return None
        if kind == "refresh":
            await _update(table, seat, conn)
            return None
        if kind == "why":
            reason = why.explain(table, seat, message.get("pick"), message.get("place"), conn.lang)
            return {"type": "why", "id": ref, **reason}
        if kind == "rematch":
            return await self.rematches.message(table, seat, message)
        if kind != "act":
            return {"type": "error", "id": ref, "error": f"unknown message type {kind!r}"}
        return await self._act(table, seat, conn, message, ref)

    async def _act(
        self,
        table: LiveTable,
        seat: int | None,
        conn: Connection,
        message: dict[str, Any],
        ref: Any,
    ) -> dict[str, Any]:
        """A move: acknowledged with the new version, or refused with the reason (and the
        rule, and ``stale`` when another move came first)."""
        if seat is None:
            return {"type": "error", "id": ref, "error": "a spectator link cannot make moves"}
        try:
            if conn.count is not None:
                await conn.count("moves")
            version = await self.manager.act(
                table, seat, message.get("expected_version"), message.get("action")
            )
        except TableError as exc:
            out: dict[str, Any] = {"type": "error", "id": ref, "error": str(exc)}
            if exc.rule:
                out["rule"] = exc.rule
            if exc.retry_after is not None:
                out["retry_after"] = exc.retry_after
            if exc.status == 409:
                out["stale"] = True
            return out
        except SpieltischError as exc:
            return {"type": "error", "id": ref, "error": str(exc)}
        return {"type": "ack", "id": ref, "version": version}
