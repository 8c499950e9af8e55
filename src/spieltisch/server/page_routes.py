"""The web table's pages (the lobby, a seat's or a spectator's table) and their static
files. Pages are not part of the API's schema."""

from __future__ import annotations

from importlib import resources

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from . import analysis, pages
from .live import TableManager
from .wire import TableError

SEAT_COOKIE = "spieltisch_seat"  # a seat's token, sent to that seat's page only
SEAT_COOKIE_S = 90 * 24 * 3600

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

    @api.get("/play/{token}", include_in_schema=False)
    async def play_link(token: str, request: Request) -> Response:
        """A seat's invitation link: its token goes into a cookie for the seat's page only,
        and the browser moves on to that page, whose address shows no token (nor does the
        history, nor a referrer)."""
        table, seat = await manager.by_token(token)
        if seat is None:  # a spectator's token in a seat's link: its own page
            return RedirectResponse(f"/watch/{token}", status_code=303)
        page = f"/table/{table.id}/{seat}"
        response = RedirectResponse(page, status_code=303)
        response.set_cookie(
            SEAT_COOKIE,
            token,
            max_age=SEAT_COOKIE_S,
            path=page,  # sent to this seat's page and nowhere else
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )
        return response

    @api.get("/table/{table_id}/{seat}", response_class=HTMLResponse, include_in_schema=False)
    async def seat_page(table_id: str, seat: int, request: Request) -> Response:
        token = request.cookies.get(SEAT_COOKIE, "")
        try:
            found = await manager.by_token(token) if token else None
        except TableError:  # a token of a table that is no more
            found = None
        if found is None or found[0].id != table_id or found[1] != seat:
            raise TableError(
                "this browser has no link to this seat: open your invitation link again", 403
            )
        # the page carries the seat's token: nobody's cache keeps it
        return HTMLResponse(pages.table_page(token), headers={"Cache-Control": "no-store"})

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
