"""Requests about a table that another server process owns, carried to that process over
Redis (``docs/web-table.md``, "Several server processes").

Any process may receive any request: a load balancer does not know which process owns which
table. The ``Relay`` middleware, outermost in the application, looks at the table a request
is about (by its path: a table id, or a seat's or spectator's link). If this process owns
it, or nobody does and this process takes it (``cluster.Cluster.take``), the request is
served here. Otherwise it is run by the owner: this process hands the owner the request's
ASGI scope and every event it receives from the client, and sends the client every event
the owner's application sends back. The owner runs the request through its whole
application (security headers, sessions, rate limits, the table), exactly as if the client
had reached it directly; a WebSocket stays relayed for as long as it is open.

The events travel on Redis pub/sub, one channel per process (``st:to:<process id>``), all
published by one task per process so that they arrive in order. A relayed request whose
other end dies (its process stops beating) is ended: a WebSocket is closed with 1012
("service restart"), and the page reconnects to whichever process now owns the table.

News that concerns every process (an account deleted: its seats are renamed wherever its
tables are held) goes out on one channel all processes hear (``st:all``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import uuid
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .cluster import PREFIX, Cluster, Lease

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.client import PubSub

log = logging.getLogger(__name__)

WATCH_S = 0.5  # how often the other ends of relayed requests are checked for life
WAITING = 256  # events waiting for a slow client before its relayed request is ended
RESTART = 1012  # the WebSocket close code of a request whose other end went away
_END = {"type": "spieltisch.end"}
EVERYONE = f"{PREFIX}all"  # the channel every process hears (``Relay.tell_everyone``)

# the paths that are about one table: by its id, or by a seat's or spectator's link
_BY_ID = re.compile(r"^/(?:table|api/tables)/([A-Za-z0-9_-]+)(?:/|$)")
_BY_TOKEN = re.compile(
    r"^/(?:ws|play|watch|replay|api/replay|api/analysis|api/seat)/([A-Za-z0-9_-]+)(?:/|$)"
)

TableOf = Callable[[str], Awaitable[str | None]]  # a link -> its table's id


class Relay:
    """This process's end of the relays: the middleware that sends requests on, and the
    runner of requests other processes send here. ``table_of`` finds a link's table;
    ``mine(table_id)`` says whether this process holds the table in memory already;
    ``take(table_id)`` makes it take a table nobody owns (the lease)."""

    def __init__(
        self,
        cluster: Cluster,
        redis: Redis,
        table_of: TableOf,
        mine: Callable[[str], bool],
    ) -> None:
        self.app: ASGIApp | None = None  # the whole application (``create_app`` sets it)
        self.cluster = cluster
        self.redis = redis
        self.table_of = table_of
        self.mine = mine
        self.channel = f"{PREFIX}to:{cluster.id}"
        # requests this process sends on: id -> (owner, events from the owner)
        self.sent: dict[str, tuple[str, asyncio.Queue[Message]]] = {}
        self._kinds: dict[str, str] = {}  # their scope's type (http, websocket)
        self._started: set[str] = set()  # the http ones whose answer has begun
        # requests this process runs for others: id -> (sender, events from the client)
        self.served: dict[str, tuple[str, asyncio.Queue[Message]]] = {}
        self._outgoing: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._running: set[asyncio.Task[None]] = set()
        self._pubsub: PubSub | None = None
        # what this process does when another tells everyone: news kind -> handler
        self.news_handlers: dict[str, Callable[[str], None]] = {}

    # -- life ------------------------------------------------------------------------------
    async def start(self) -> None:
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.channel, EVERYONE)
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._publish_forever()),
            loop.create_task(self._listen_forever()),
            loop.create_task(self._watch_forever()),
        ]

    async def stop(self) -> None:
        for task in [*self._tasks, *self._running]:
            task.cancel()
        for task in [*self._tasks, *self._running]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()  # type: ignore[no-untyped-call]

    # -- the middleware --------------------------------------------------------------------
    async def handle(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve a request here (``app``), or send it on to the table's owner."""
        if scope["type"] not in ("http", "websocket") or scope.get("spieltisch.relayed"):
            await app(scope, receive, send)
            return
        table_id = await self._table(scope["path"])
        owner = None if table_id is None else await self.where(table_id)
        if owner is None or owner == self.cluster.id:
            await app(scope, receive, send)
        else:
            await self._send_on(owner, scope, receive, send)

    async def _table(self, path: str) -> str | None:
        found = _BY_ID.match(path)
        if found:
            return found.group(1)
        found = _BY_TOKEN.match(path)
        return None if found is None else await self.table_of(found.group(1))

    async def where(self, table_id: str) -> str | None:
        """The process that serves ``table_id``: this one if it holds it or could take it,
        else the live process that owns it (``None``: a table that does not exist)."""
        if self.mine(table_id):
            return self.cluster.id
        taken = await self.cluster.take(table_id)
        return self.cluster.id if isinstance(taken, Lease) else taken

    # -- sending a request on --------------------------------------------------------------
    async def _send_on(self, owner: str, scope: Scope, receive: Receive, send: Send) -> None:
        rid = uuid.uuid4().hex
        events: asyncio.Queue[Message] = asyncio.Queue(WAITING)
        self.sent[rid] = (owner, events)
        self._kinds[rid] = scope["type"]
        self._post(owner, {"op": "open", "rid": rid, "from": self.cluster.id}, _scope_out(scope))
        upstream = asyncio.get_running_loop().create_task(self._upstream(owner, rid, receive))
        ended = False
        try:
            while True:
                event = await events.get()
                if event is _END:
                    ended = True
                    break
                if event["type"] == "http.response.start":
                    self._started.add(rid)
                await send(event)
        finally:
            upstream.cancel()
            self.sent.pop(rid, None)
            self._kinds.pop(rid, None)
            self._started.discard(rid)
            if not ended:  # the client went away first: the owner's request ends too
                gone = "websocket.disconnect" if scope["type"] == "websocket" else "http.disconnect"
                self._post(owner, {"op": "recv", "rid": rid}, _event_out({"type": gone}))

    async def _upstream(self, owner: str, rid: str, receive: Receive) -> None:
        """The client's events, to the owner, until the client goes."""
        while True:
            event = await receive()
            self._post(owner, {"op": "recv", "rid": rid}, _event_out(event))
            if event["type"] in ("websocket.disconnect", "http.disconnect"):
                return

    # -- running a request for another process --------------------------------------------
    def _open(self, head: dict[str, Any], body: bytes) -> None:
        rid, sender = str(head["rid"]), str(head["from"])
        events: asyncio.Queue[Message] = asyncio.Queue()
        self.served[rid] = (sender, events)
        scope = _scope_in(body)
        task = asyncio.get_running_loop().create_task(self._run(rid, sender, scope, events))
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _run(
        self, rid: str, sender: str, scope: Scope, events: asyncio.Queue[Message]
    ) -> None:
        async def receive() -> Message:
            return await events.get()

        async def send(event: Message) -> None:
            self._post(sender, {"op": "send", "rid": rid}, _event_out(event))

        try:
            assert self.app is not None, "the middleware is installed before requests come"
            await self.app(scope, receive, send)
        except Exception:  # the application's own errors are answered by it; this is a bug
            log.exception("a relayed request failed")
        finally:
            self.served.pop(rid, None)
            self._post(sender, {"op": "end", "rid": rid}, b"")

    # -- news for every process -----------------------------------------------------------
    def tell_everyone(self, kind: str, subject: str) -> None:
        """Tell every other process ``kind`` happened to ``subject`` (an account's id...);
        each runs its handler for ``kind``. Pub/sub delivers it to the processes alive now,
        which are the only ones holding anything in memory it could concern."""
        head = {"op": "news", "kind": kind, "from": self.cluster.id}
        self._outgoing.put_nowait((EVERYONE, orjson.dumps(head) + b"\n" + subject.encode()))

    def _news(self, head: dict[str, Any], body: bytes) -> None:
        if head.get("from") == self.cluster.id:  # its sender acted on it already
            return
        handler = self.news_handlers.get(str(head.get("kind")))
        if handler is None:
            log.warning("news of an unknown kind %r", head.get("kind"))
            return
        try:
            handler(body.decode())
        except Exception:
            log.exception("acting on news %r failed", head.get("kind"))

    # -- the wire --------------------------------------------------------------------------
    def _post(self, process: str, head: dict[str, Any], body: bytes) -> None:
        """Queue a message for ``process`` (published in order by ``_publish_forever``)."""
        self._outgoing.put_nowait((f"{PREFIX}to:{process}", orjson.dumps(head) + b"\n" + body))

    async def _publish_forever(self) -> None:
        while True:
            batch = [await self._outgoing.get()]
            while not self._outgoing.empty() and len(batch) < 256:
                batch.append(self._outgoing.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    await pipe.execute()
            except Exception:  # Redis unreachable: these messages are lost, the watch ends
                log.exception("publishing %d relayed messages failed", len(batch))

    async def _listen_forever(self) -> None:
        assert self._pubsub is not None
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except Exception:
                log.exception("reading relayed messages failed")
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            data = message["data"]
            head_bytes, _, body = bytes(data).partition(b"\n")
            self._deliver(orjson.loads(head_bytes), body)

    def _deliver(self, head: dict[str, Any], body: bytes) -> None:
        op, rid = head.get("op"), str(head.get("rid"))
        if op == "open":
            self._open(head, body)
        elif op == "news":
            self._news(head, body)
        elif op == "recv":
            served = self.served.get(rid)
            if served is not None:
                served[1].put_nowait(_event_in(body))
        elif op in ("send", "end"):
            sent = self.sent.get(rid)
            if sent is None:
                return
            event = _END if op == "end" else _event_in(body)
            try:
                sent[1].put_nowait(event)
            except asyncio.QueueFull:  # the client cannot keep up: it is ended
                self._end_sent(rid, "too many updates waiting: reconnect for a fresh one")

    def _end_sent(self, rid: str, reason: str) -> None:
        """End a request this process sent on: its owner is gone or its client too slow."""
        sent = self.sent.get(rid)
        if sent is None:
            return
        owner, events = sent
        while not events.empty():
            events.get_nowait()
        if self._kinds.get(rid) == "websocket":
            events.put_nowait({"type": "websocket.close", "code": RESTART, "reason": reason})
            gone = "websocket.disconnect"
        else:
            gone = "http.disconnect"
            if rid not in self._started:  # an answer not begun: 503, and the client retries
                body = orjson.dumps({"error": reason})
                head = [(b"content-type", b"application/json"), (b"retry-after", b"1")]
                events.put_nowait({"type": "http.response.start", "status": 503, "headers": head})
                events.put_nowait({"type": "http.response.body", "body": body})
        events.put_nowait(_END)
        self._post(owner, {"op": "recv", "rid": rid}, _event_out({"type": gone}))

    async def _watch_forever(self) -> None:
        """End the relayed requests whose other end stopped beating."""
        while True:
            await asyncio.sleep(WATCH_S)
            try:
                await self._watch()
            except Exception:
                log.exception("watching the relayed requests failed")

    async def _watch(self) -> None:
        others = {owner for owner, _ in self.sent.values()} | {s for s, _ in self.served.values()}
        dead = {p for p in others if not await self.cluster.alive(p)}
        if not dead:
            return
        for rid, (owner, _) in list(self.sent.items()):
            if owner in dead:
                self._end_sent(rid, "the table's server went away: reconnect")
        for sender, events in list(self.served.values()):
            if sender in dead:
                events.put_nowait({"type": "websocket.disconnect", "code": RESTART})


class RelayMiddleware:
    """The outermost middleware of an application run by several processes (``Relay``)."""

    def __init__(self, app: ASGIApp, relay: Relay) -> None:
        self.app = app
        self.relay = relay

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.relay.handle(self.app, scope, receive, send)


# -- ASGI scopes and events as bytes ---------------------------------------------------------
_SCOPE_KEYS = (
    "type",
    "http_version",
    "method",
    "scheme",
    "path",
    "root_path",
    "subprotocols",
)


def _scope_out(scope: Scope) -> bytes:
    """What the owner needs of a request's scope, as JSON (bytes as Latin-1 text)."""
    out: dict[str, Any] = {k: scope[k] for k in _SCOPE_KEYS if k in scope}
    out["raw_path"] = (scope.get("raw_path") or b"").decode("latin-1")
    out["query_string"] = scope.get("query_string", b"").decode("latin-1")
    out["headers"] = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope["headers"]]
    out["client"] = list(scope["client"]) if scope.get("client") else None
    out["server"] = list(scope["server"]) if scope.get("server") else None
    out["denial"] = "websocket.http.response" in scope.get("extensions", {})
    return orjson.dumps(out)


def _scope_in(data: bytes) -> Scope:
    raw = orjson.loads(data)
    scope: dict[str, Any] = {k: raw[k] for k in _SCOPE_KEYS if k in raw}
    scope["raw_path"] = raw["raw_path"].encode("latin-1")
    scope["query_string"] = raw["query_string"].encode("latin-1")
    scope["headers"] = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in raw["headers"]]
    scope["client"] = tuple(raw["client"]) if raw["client"] else None
    scope["server"] = tuple(raw["server"]) if raw["server"] else None
    scope["asgi"] = {"version": "3.0", "spec_version": "2.4"}
    scope["extensions"] = {"websocket.http.response": {}} if raw["denial"] else {}
    scope["spieltisch.relayed"] = True  # run here: never sent on again
    scope["state"] = {}
    return scope


def _event_out(event: Message) -> bytes:
    """An ASGI event as bytes: its fields as JSON, its binary payload after a newline."""
    head = {k: v for k, v in event.items() if not isinstance(v, bytes | bytearray)}
    binary = next(
        ((k, bytes(v)) for k, v in event.items() if isinstance(v, bytes | bytearray)), None
    )
    if binary is not None:
        head["_bytes"] = binary[0]
    if "headers" in head:  # a response's headers: pairs of bytes
        head["headers"] = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in head["headers"]]
    return orjson.dumps(head) + b"\n" + (binary[1] if binary is not None else b"")


def _event_in(data: bytes) -> Message:
    head_bytes, _, binary = data.partition(b"\n")
    event: dict[str, Any] = orjson.loads(head_bytes)
    key = event.pop("_bytes", None)
    if key is not None:
        event[key] = binary
    if "headers" in event:
        event["headers"] = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in event["headers"]]
    return event
