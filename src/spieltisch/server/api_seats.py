"""The API's routes of a seat's link (or a spectator's): what it sees, its moves, why a
click means no move, a suggested move (hint), and its answer to a rematch offer."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from . import why
from .access import account_of, open_link
from .api_models import Act, Why, errors, lang_or_en
from .hints import Hints
from .live import TableManager
from .ratelimit import limit
from .rematch import RematchAnswer, Rematches
from .wire import TableError


def router(manager: TableManager, rematches: Rematches, hints: Hints) -> APIRouter:
    api = APIRouter()

    @api.post(
        "/api/seat/{token}/rematch",
        summary="Propose, accept, decline or withdraw a rematch (the seat's view of the offer)",
        responses=errors(403, 404, 409),
    )
    async def api_rematch(
        token: str, request: Request, body: RematchAnswer | None = None
    ) -> dict[str, Any]:
        table, seat = await open_link(manager, token, request)
        answer = body.answer if body is not None else "propose"  # an empty POST proposes
        return {"rematch": await rematches.answer(table, seat, answer)}

    @api.get(
        "/api/seat/{token}",
        summary="What a seat (or a spectator link) sees now",
        responses=errors(404),
    )
    async def api_seat(token: str, request: Request, lang: str = "en") -> dict[str, Any]:
        table, seat = await open_link(manager, token, request)
        return table.payload(seat, lang_or_en(lang))

    @api.post(
        "/api/seat/{token}/act",
        summary="Make a move for the link's seat",
        responses=errors(403, 404, 409, 422),
    )
    async def api_act(token: str, body: Act, request: Request) -> dict[str, Any]:
        await limit(request, "moves", account_of(request))
        table, seat = await open_link(manager, token, request)
        if seat is None:
            raise TableError("a spectator link cannot make moves", 403)
        version = await manager.act(table, seat, body.expected_version, body.action)
        return {"ok": True, "version": version}

    @api.post(
        "/api/seat/{token}/why",
        summary="Why the link's seat cannot make the move a click on the board means",
        responses=errors(404),
    )
    async def api_why(token: str, body: Why, request: Request, lang: str = "en") -> dict[str, Any]:
        table, seat = await open_link(manager, token, request)
        return why.explain(table, seat, body.pick, body.place, lang)

    @api.post(
        "/api/seat/{token}/hint",
        summary="Suggest a move for the link's seat (the hard bot's choice and win chance)",
        responses=errors(403, 404, 409, 429),
    )
    async def api_hint(token: str, request: Request, lang: str = "en") -> dict[str, Any]:
        table, seat = await open_link(manager, token, request)
        return await hints.suggest(table, seat, lang_or_en(lang))

    return api
