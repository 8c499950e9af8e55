"""The web table: HTTP API, WebSocket live play and the pages (FastAPI).

Links carry tokens: one unguessable token per seat (it acts for that seat only) and one per
table for spectators (public view only). Every error names the problem and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import bots
from ..engine.errors import SpieltischError
from ..engine.registry import game as lookup_game
from ..engine.registry import games as all_games
from . import pages, replay, rules, tutorial, why
from .live import Connection, LiveTable, TableError, TableManager, deflate, encode
from .rematch import RematchAnswer, Rematches
from .store import BOT, HUMAN, Store

MAX_BODY = 64 * 1024  # bytes of one request or WebSocket message
LANGS = ("en", "de")


class SeatSpec(BaseModel):
    kind: str = Field(HUMAN, description="'human' or 'bot'")
    bot: str | None = Field(None, description="the bot's name for a bot seat, e.g. heuristic")


class Settings(BaseModel):
    """How the table is timed, and who plays a seat whose player is gone."""

    clock: str = Field(
        "none",
        description="'none'; 'days' (turn-based: each decision within days_per_move days); "
        "'minutes' (real time: each seat has 'minutes' for the whole game)",
    )
    days_per_move: float = Field(1.0, description="turn-based clock: days per decision")
    minutes: float = Field(10.0, description="real-time clock: minutes per seat and game")
    increment_s: float = Field(0.0, description="real-time clock: seconds added per own move")
    on_timeout: str = Field(
        "bot",
        description="'bot': a bot plays the seat that ran out of time for the rest of the "
        "game (the seat has lost on time); 'end': the game ends, that seat loses and every "
        "other seat wins",
    )
    zombie_after_s: float | None = Field(
        None,
        description="zombie mode: a bot plays for a human seat that must act and has had no "
        "open connection for this many seconds, until its player comes back; null: never",
    )
    zombie_bot: str = Field("heuristic", description="the bot that takes over seats")


class CreateTable(BaseModel):
    game: str = Field(..., description="game id, e.g. medina")
    players: int | None = Field(None, description="number of players; the game's default")
    options: dict[str, Any] = Field(default_factory=dict, description="game options")
    seats: list[SeatSpec] | None = Field(None, description="one per seat; default all human")
    seed: int | None = Field(
        None,
        ge=-(2**31),
        lt=2**31,
        description="seed of the game, a 32-bit integer (random if omitted)",
    )
    settings: Settings | None = Field(None, description="clock and zombie mode; none if omitted")


class Act(BaseModel):
    expected_version: int = Field(..., description="the table version the move is made on")
    action: dict[str, Any] = Field(..., description="the action's JSON, as in 'legal'")


class Why(BaseModel):
    pick: str | None = Field(None, description="the selected pick's key (data-pick), if any")
    place: str | None = Field(None, description="the clicked place's key (data-place), if any")


class ErrorBody(BaseModel):
    """What every refused request gets; it changes nothing."""

    error: str = Field(..., description="what is wrong, in a sentence")
    rule: str | None = Field(None, description="the rule an illegal move breaks, e.g. ZK-R14")


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for the error statuses a route may answer with."""
    meaning = {
        400: "malformed request or action",
        403: "a spectator link cannot do this",
        404: "unknown link or table",
        409: "stale version: another move came first",
        413: f"request body over {MAX_BODY} bytes",
        422: "illegal move (the engine's reason and the rule)",
    }
    out: dict[int | str, dict[str, Any]] = {
        status: {"model": ErrorBody, "description": meaning[status]}
        for status in (400, 413, *statuses)
    }
    # any other refusal (e.g. 405); also keeps FastAPI from documenting its own 422 body
    out["4XX"] = {"model": ErrorBody, "description": "another refused request"}
    return out


def _error(
    status: int, message: str, rule: str | None = None, headers: dict[str, str] | None = None
) -> JSONResponse:
    body: dict[str, Any] = {"error": message}
    if rule:
        body["rule"] = rule
    return JSONResponse(body, status_code=status, headers=headers)


def _links(request: Request, table: LiveTable) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    return {
        "table": table.id,
        "game": table.game.id,
        "players": table.record.players,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                **({"link": f"{base}/play/{s.token}"} if s.kind == HUMAN else {}),
            }
            for s in table.record.seats
        ],
        "spectator_link": f"{base}/watch/{table.record.spectator_token}",
    }


def _summary(table: LiveTable) -> dict[str, Any]:
    return {
        "table": table.id,
        "game": table.game.id,
        "game_name": table.game.name,
        "players": table.record.players,
        "status": table.status(),
        "version": table.version,
        "created": table.record.created,
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot} for s in table.record.seats],
        "settings": table.settings.to_json(),
        "spectator_link": f"/watch/{table.record.spectator_token}",
    }


class CountedBody:
    """Refuses a request body that grows past ``MAX_BODY`` while it arrives (a chunked
    upload has no Content-Length to check up front)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise StarletteHTTPException(
                    413, f"the request body is larger than {MAX_BODY} bytes"
                )
            return message

        await self.app(scope, counted, send)


def create_app(db_url: str | None = None, store: Store | None = None) -> FastAPI:
    """The application; ``db_url`` defaults to SQLite in the user's data directory."""
    store = store or Store.open(db_url)
    manager = TableManager(store)
    rematches = Rematches(manager)  # mutual rematch offers (server/rematch.py)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await manager.resume_all()
        yield

    app = FastAPI(
        title="Spieltisch",
        description="Play Im Zeichen des Kreuzes, Tumult Royal, Medina and The Kingdoms of "
        "Crusaders in the browser, with friends and bots.",
        version="1",
        lifespan=lifespan,
    )
    app.state.manager = manager
    app.state.rematches = rematches
    app.include_router(rules.router(_errors))
    app.include_router(tutorial.router(manager, _errors))
    replay.install(app, manager, store)  # /replay/<token> and /api/replay/...
    app.add_middleware(CountedBody)

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Any) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return _error(413, f"the request body is larger than {MAX_BODY} bytes")
        response: Response = await call_next(request)
        return response

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        return _error(exc.status, str(exc), exc.rule)

    @app.exception_handler(SpieltischError)
    async def game_error(_request: Request, exc: SpieltischError) -> JSONResponse:
        return _error(400, str(exc), getattr(exc, "rule", None))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}"
            for e in exc.errors()
        )
        return _error(400, f"malformed request: {problems}")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # every method of the path, not just the first route's
            methods = {
                method
                for route in _routes(request.app.router.routes)
                if isinstance(route, Route) and route.methods
                if route.matches(request.scope)[0] != Match.NONE
                for method in route.methods
            }
            if methods:
                headers["Allow"] = ", ".join(sorted(methods))
        return _error(exc.status_code, str(exc.detail), headers=headers)

    # -- API ---------------------------------------------------------------------------
    @app.get("/api/games", summary="The games, their options and bots", responses=_errors())
    async def api_games(lang: str = "en") -> list[dict[str, Any]]:
        lang = lang if lang in LANGS else "en"
        return [
            {
                "id": game.id,
                "name": game.name,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "default_players": game.default_players,
                "bots": bots.available(game),
                "rules": f"/rules/{game.id}",
                "options": rules.options_info(game, lang),
            }
            for game in all_games()
        ]

    @app.post("/api/tables", summary="Create a table", status_code=201, responses=_errors())
    async def api_create(body: CreateTable, request: Request) -> dict[str, Any]:
        try:
            game = lookup_game(body.game)
        except SpieltischError as exc:
            raise TableError(str(exc)) from None
        if body.players is not None:
            players = body.players
        else:  # the seats say how many play, else the game's usual number
            players = len(body.seats) if body.seats else game.default_players
        if not game.min_players <= players <= game.max_players:
            raise TableError(
                f"{game.name} is for {game.min_players}-{game.max_players} players, not {players}"
            )
        seats = body.seats or [SeatSpec(kind=HUMAN, bot=None) for _ in range(players)]
        kinds = [(s.kind, s.bot if s.kind == BOT else None) for s in seats]
        settings = body.settings.model_dump() if body.settings else None
        table = await manager.create(
            game.id, players, body.options, kinds, seed=body.seed, settings=settings
        )
        return _links(request, table)

    @app.get("/api/tables", summary="Open, running and finished tables", responses=_errors())
    async def api_tables() -> list[dict[str, Any]]:
        return [_summary(t) for t in await manager.all_tables()]

    @app.get("/api/tables/{table_id}", summary="One table's public summary", responses=_errors(404))
    async def api_table(table_id: str) -> dict[str, Any]:
        return _summary(await manager.get(table_id))

    @app.post(
        "/api/seat/{token}/rematch",
        summary="Propose, accept, decline or withdraw a rematch (the seat's view of the offer)",
        responses=_errors(403, 404, 409),
    )
    async def api_rematch(token: str, body: RematchAnswer | None = None) -> dict[str, Any]:
        table, seat = await manager.by_token(token)
        answer = body.answer if body is not None else "propose"  # an empty POST proposes
        return {"rematch": await rematches.answer(table, seat, answer)}

    @app.get(
        "/api/seat/{token}",
        summary="What a seat (or a spectator link) sees now",
        responses=_errors(404),
    )
    async def api_seat(token: str, lang: str = "en") -> dict[str, Any]:
        table, seat = await manager.by_token(token)
        return table.payload(seat, lang if lang in LANGS else "en")

    @app.post(
        "/api/seat/{token}/act",
        summary="Make a move for the link's seat",
        responses=_errors(403, 404, 409, 422),
    )
    async def api_act(token: str, body: Act) -> dict[str, Any]:
        table, seat = await manager.by_token(token)
        if seat is None:
            raise TableError("a spectator link cannot make moves", 403)
        version = await manager.act(table, seat, body.expected_version, body.action)
        return {"ok": True, "version": version}

    @app.post(
        "/api/seat/{token}/why",
        summary="Why the link's seat cannot make the move a click on the board means",
        responses=_errors(404),
    )
    async def api_why(token: str, body: Why, lang: str = "en") -> dict[str, Any]:
        table, seat = await manager.by_token(token)
        return why.explain(table, seat, body.pick, body.place, lang)

    # -- live play -----------------------------------------------------------------------
    @app.websocket("/ws/{token}")
    async def live(
        websocket: WebSocket, token: str, lang: str = "en", compress: str | None = None
    ) -> None:
        await websocket.accept()
        try:
            table, seat = await manager.by_token(token)
        except TableError as exc:
            await websocket.send_json({"type": "error", "error": str(exc)})
            await websocket.close(code=4404)
            return

        async def send(message: str | bytes) -> None:
            if isinstance(message, bytes):
                await websocket.send_bytes(message)
            else:
                await websocket.send_text(message)

        packed = compress == "deflate"  # updates as compressed binary frames
        conn = Connection(seat, lang if lang in LANGS else "en", send, packed)
        await manager.join(table, conn)
        try:
            first = encode(table.payload(seat, conn.lang))
            await send(deflate(first) if packed else first)
            while True:
                text = await websocket.receive_text()
                reply = await _handle(table, seat, conn, text)
                if reply is not None:
                    await websocket.send_text(encode(reply))
        except WebSocketDisconnect:
            pass
        finally:
            manager.leave(table, conn)
            rematches.left(table, seat)  # a rematch offer waits ~10 s for a reload

    async def _update(table: LiveTable, seat: int | None, conn: Connection) -> None:
        """The seat's current update to one connection, compressed if it asked so."""
        text = encode(table.payload(seat, conn.lang))
        await conn.send(deflate(text) if conn.compress else text)

    async def _handle(
        table: LiveTable, seat: int | None, conn: Connection, text: str
    ) -> dict[str, Any] | None:
        """One client message; every problem is answered and changes nothing."""
        if len(text.encode("utf-8")) > MAX_BODY:
            return {"type": "error", "error": f"message larger than {MAX_BODY} bytes"}
        try:
            message = json.loads(text)
        except json.JSONDecodeError as exc:
            return {"type": "error", "error": f"malformed JSON: {exc.msg}"}
        except RecursionError:
            return {"type": "error", "error": "malformed JSON: nested too deeply"}
        if not isinstance(message, dict):
            return {"type": "error", "error": "a message must be a JSON object with a 'type'"}
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
            return await rematches.message(table, seat, message)
        if kind != "act":
            return {"type": "error", "id": ref, "error": f"unknown message type {kind!r}"}
        if seat is None:
            return {"type": "error", "id": ref, "error": "a spectator link cannot make moves"}
        try:
            version = await manager.act(
                table, seat, message.get("expected_version"), message.get("action")
            )
        except TableError as exc:
            out: dict[str, Any] = {"type": "error", "id": ref, "error": str(exc)}
            if exc.rule:
                out["rule"] = exc.rule
            if exc.status == 409:
                out["stale"] = True
            return out
        except SpieltischError as exc:
            return {"type": "error", "id": ref, "error": str(exc)}
        return {"type": "ack", "id": ref, "version": version}

    # -- pages ---------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby() -> str:
        return pages.lobby()

    @app.get("/play/{token}", response_class=HTMLResponse, include_in_schema=False)
    async def play_page(token: str) -> str:
        await manager.by_token(token)
        return pages.table_page(token)

    @app.get("/watch/{token}", response_class=HTMLResponse, include_in_schema=False)
    async def watch_page(token: str) -> str:
        await manager.by_token(token)
        return pages.table_page(token)

    @app.get("/static/{name}", include_in_schema=False)
    async def static(name: str) -> Response:
        media = {
            "table.js": "text/javascript",
            "board.js": "text/javascript",
            "messages.js": "text/javascript",
            "style.css": "text/css",
            "lobby.js": "text/javascript",
            "rules.js": "text/javascript",
            "result.js": "text/javascript",
            "tutorial.js": "text/javascript",
            "replay.js": "text/javascript",
            "rematch.js": "text/javascript",
        }
        if name not in media:
            raise TableError(f"no static file {name!r}", 404)
        text = resources.files(__package__).joinpath("static", name).read_text("utf-8")
        return Response(text, media_type=media[name])

    return app


def _routes(routes: Any) -> Iterator[Any]:
    """Every route, those of included routers too (FastAPI keeps them in the router)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from _routes(inner.routes)
        else:
            yield route
