"""The web table's pages (the lobby, a seat's or a spectator's table) and their static
files. Pages are not part of the API's schema."""

from __future__ import annotations

from importlib import resources

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from . import analysis, pages
from .live import TableManager
from .wire import TableError

# the static files there are, with their media types (no other name is served)
MEDIA = {
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
    "bots.js": "text/javascript",
    "analysis.js": "text/javascript",
    "session.js": "text/javascript",
    "account.js": "text/javascript",
    "rules_page.js": "text/javascript",
    "players.js": "text/javascript",
}


def router(manager: TableManager) -> APIRouter:
    api = APIRouter()
    api.include_router(analysis.router(manager))  # "Analyse this game" (server/analysis.py)

    @api.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby() -> str:
        return pages.lobby()

    @api.get("/account", response_class=HTMLResponse, include_in_schema=False)
    async def account_page() -> str:
        return pages.account_page()

    @api.get("/play/{token}", response_class=HTMLResponse, include_in_schema=False)
    async def play_page(token: str) -> str:
        await manager.by_token(token)
        return pages.table_page(token)

    @api.get("/watch/{token}", response_class=HTMLResponse, include_in_schema=False)
    async def watch_page(token: str) -> str:
        await manager.by_token(token)
        return pages.table_page(token)

    @api.get("/static/{name}", include_in_schema=False)
    async def static(name: str) -> Response:
        if name not in MEDIA:
            raise TableError(f"no static file {name!r}", 404)
        text = resources.files(__package__).joinpath("static", name).read_text("utf-8")
        return Response(text, media_type=MEDIA[name])

    return api
