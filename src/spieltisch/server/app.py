"""The web table: HTTP API, WebSocket live play and the pages (FastAPI).

Links carry tokens: one unguessable token per seat (it acts for that seat only) and one per
table for spectators (public view only). Players may also have accounts (``accounts``,
``api_accounts``): a session cookie, and a CSRF token on every change the page makes
(``csrf``). Every error names the problem and changes nothing.

This module assembles the application: its limits, its error answers and the routes, each
group in a module of its own — ``api_tables`` (games and tables), ``api_seats`` (a link's
view, moves, why, hints and rematch), ``live_socket`` (``/ws``), ``page_routes`` (pages and static
files), besides ``rules``, ``tutorial`` and ``replay``. The request bodies and the error body
are in ``api_models``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..engine.errors import SpieltischError
from . import (
    api_accounts,
    api_players,
    api_seats,
    api_tables,
    live_socket,
    page_routes,
    replay,
    rules,
    thinking,
    tutorial,
)
from .accounts import Accounts
from .api_models import LANGS, MAX_BODY, Act, CreateTable, ErrorBody, SeatSpec, Settings, Why
from .api_models import error as _error
from .api_models import errors as _errors
from .cluster import Cluster
from .csrf import SessionAndCsrf
from .headers import SecurityHeaders
from .hints import Hints
from .live import TableManager
from .ratelimit import Limiter, RateLimits
from .ratings import Ratings
from .relay import Relay, RelayMiddleware
from .rematch import Rematches
from .store import Store
from .wire import TableError

__all__ = [
    "LANGS",
    "MAX_BODY",
    "Act",
    "CountedBody",
    "CreateTable",
    "ErrorBody",
    "SeatSpec",
    "Settings",
    "Why",
    "create_app",
]


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


def create_app(
    db_url: str | None = None,
    store: Store | None = None,
    rate_limits: RateLimits | str | None = "env",
    redis_url: str | None = None,
) -> FastAPI:
    """The application; ``db_url`` defaults to SQLite in the user's data directory;
    ``rate_limits`` to what ``SPIELTISCH_RATE_LIMITS`` says (``RateLimits.from_env``:
    the defaults unless it says otherwise), ``None`` for none. ``redis_url``: one of
    several server processes sharing that Redis and the database, which must then be
    PostgreSQL (``server/cluster.py``, ``server/relay.py``)."""
    limits = RateLimits.from_env() if rate_limits == "env" else rate_limits
    assert limits is None or isinstance(limits, RateLimits)
    if redis_url is not None:
        check_shared(db_url if store is None else str(store.engine.url))
    store = store or Store.open(db_url)
    manager = TableManager(store)
    relay = None if redis_url is None else _cluster(redis_url, manager, store)
    rematches = Rematches(manager)  # mutual rematch offers (server/rematch.py)
    hints = Hints(manager)  # suggested moves (server/hints.py)
    accounts = Accounts(store.engine)  # players' accounts and sessions (server/accounts.py)
    ratings = Ratings(store.engine)  # players' ratings per game (server/ratings.py)
    manager.ratings = ratings

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        thinking.warm()  # the search bots' worker processes, ready before the first search
        loop = asyncio.get_running_loop()
        background = []
        if relay is not None:
            await relay.cluster.start()
            await relay.start()
            background.append(loop.create_task(manager.adopt_forever()))
        await manager.resume_all()
        background.append(loop.create_task(manager.sweep_forever()))
        try:
            yield
        finally:
            for task in background:
                task.cancel()
            if relay is not None:
                await relay.stop()
                await relay.cluster.stop()
                await relay.redis.aclose()

    app = FastAPI(
        title="Spieltisch",
        description="Play Im Zeichen des Kreuzes, Tumult Royal, Medina and The Kingdoms of "
        "Crusaders in the browser, with friends and bots.",
        version="1",
        lifespan=lifespan,
    )
    app.state.manager = manager
    app.state.rematches = rematches
    app.state.hints = hints
    app.state.accounts = accounts
    # per address and account (server/ratelimit.py), counted in Redis by every process
    app.state.limiter = Limiter(limits, redis_url)
    app.include_router(rules.router(_errors))
    app.include_router(tutorial.router(manager, _errors))
    replay.install(app, manager, store)  # /replay/<token> and /api/replay/...
    app.add_middleware(SessionAndCsrf, accounts=accounts)
    app.add_middleware(CountedBody)
    app.add_middleware(SecurityHeaders)  # on every answer, refusals included
    if relay is not None:  # outermost: a request another process serves goes there whole
        app.add_middleware(RelayMiddleware, relay=relay)
        relay.app = app  # and requests other processes send here run through all of it
    app.middleware("http")(_limit_body)
    _answer_errors(app)
    # in this order, which is the order of the paths in the OpenAPI schema
    app.include_router(api_tables.router(manager, accounts))
    app.include_router(api_seats.router(manager, rematches, hints))
    app.include_router(api_accounts.router(accounts, manager))
    app.include_router(api_players.router(ratings, accounts, store))
    app.include_router(live_socket.router(manager, rematches))
    app.include_router(page_routes.router(manager))
    return app


def app_from_env() -> FastAPI:
    """The application of one of ``spieltisch serve --workers N``'s processes: the
    database and Redis URLs come from the environment the command set."""
    import os

    tune_gc()
    return create_app(os.environ["SPIELTISCH_DB"], redis_url=os.environ["SPIELTISCH_REDIS"])


def tune_gc() -> None:
    """For a server process: its heap holds many long-lived objects (the tables in play),
    which the collector's default thresholds go through again and again. Young objects are
    collected in larger batches, and what start-up made is left out of full collections
    (these thresholds alone: p95 of a move 477 -> 322 ms with 1,000 tables, two processes)."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


def check_shared(db_url: str | None) -> None:
    """Several server processes share one database server: SQLite is one process's file."""
    if not (db_url or "").startswith(("postgresql", "postgres")):
        raise ValueError(
            "several server processes (--redis, --workers) need a PostgreSQL database "
            "(--db postgresql://user:password@host/db); SQLite serves one process only"
        )


def _cluster(redis_url: str, manager: TableManager, store: Store) -> Relay:
    """This process's lease keeper and relay, on the Redis at ``redis_url``."""
    from redis.asyncio import Redis

    redis = Redis.from_url(redis_url)
    cluster = Cluster(redis, on_lost=manager.lost)
    manager.cluster = cluster
    tables_of: dict[str, str] = {}  # link -> table (a link never changes its table)

    async def table_of(token: str) -> str | None:
        found = tables_of.get(token)
        if found is None:
            hit = await asyncio.to_thread(store.find_token, token)
            if hit is None:
                return None
            if len(tables_of) > 100_000:
                tables_of.clear()
            found = tables_of[token] = hit[0]
        return found

    relay = Relay(cluster, redis, table_of, manager.holds)
    relay.news_handlers["account_deleted"] = manager.forget_account
    manager.tell_everyone = relay.tell_everyone
    return relay


async def _limit_body(request: Request, call_next: Any) -> Response:
    """Refuses a request whose Content-Length is over ``MAX_BODY`` before reading it."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        return _error(413, f"the request body is larger than {MAX_BODY} bytes")
    response: Response = await call_next(request)
    return response


def _answer_errors(app: FastAPI) -> None:
    """Every refusal as the API's error body (``api_models.ErrorBody``)."""

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
        return _error(exc.status, str(exc), exc.rule, headers=headers)

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


def _routes(routes: Any) -> Iterator[Any]:
    """Every route, those of included routers too (FastAPI keeps them in the router)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from _routes(inner.routes)
        else:
            yield route
