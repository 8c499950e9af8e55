"""The API's routes and pages of players and ratings: a game's leaderboard, and a player's
page (ratings per game, rating history, finished games). Public: they show names,
ratings and results, never a link, a seed or anything of an account but its name."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse

from ..engine.errors import SpieltischError
from ..engine.registry import game as lookup_game
from . import pages
from .accounts import Accounts
from .api_models import errors
from .ratings import Ratings
from .store import OVER, Store
from .wire import TableError


def _game_name(game_id: str) -> str:
    try:
        return lookup_game(game_id).name
    except SpieltischError:
        return game_id


def router(ratings: Ratings, accounts: Accounts, store: Store) -> APIRouter:
    api = APIRouter()

    @api.get(
        "/api/ratings/{game_id}",
        summary="A game's leaderboard: its rated players, best first",
        responses=errors(404),
    )
    async def api_leaderboard(
        game_id: str,
        limit: int = Query(50, ge=1, le=200),
        offset: int = Query(0, ge=0, le=1_000_000),
    ) -> dict[str, Any]:
        try:
            game = lookup_game(game_id)
        except SpieltischError as exc:
            raise TableError(str(exc), 404) from None
        rows = await asyncio.to_thread(ratings.leaderboard, game.id, limit, offset)
        return {"game": game.id, "game_name": game.name, "players": [r.to_json() for r in rows]}

    @api.get(
        "/api/players/{name}",
        summary="A player's ratings, rating history and finished games",
        responses=errors(404),
    )
    async def api_player(name: str) -> dict[str, Any]:
        account = await asyncio.to_thread(accounts.by_name, name)
        if account is None or account.name is None:
            raise TableError(f"there is no player named {name!r}", 404)
        rated = await asyncio.to_thread(ratings.of_account, account.id)
        history = await asyncio.to_thread(ratings.history, account.id)
        finished, _ = await asyncio.to_thread(store.list_tables, OVER, account.id, None, 20)
        games = []
        for record in finished:
            seats = [s.seat for s in record.seats if s.account_id == account.id]
            if not seats:
                continue  # invited, or made the table, but did not play
            winners = record.winners or []
            games.append(
                {
                    "table": record.id,
                    "game": record.game,
                    "game_name": _game_name(record.game),
                    "rated": record.rated,
                    "when": record.updated or record.created,
                    "won": any(s in winners for s in seats),
                    "players": [s.player_name or s.bot or "guest" for s in record.seats],
                    "replay_link": f"/replay/{record.spectator_token}",
                }
            )
        for row in rated:
            row["game_name"] = _game_name(row["game"])
        return {
            "name": account.name,
            "since": account.created,
            "ratings": rated,
            "history": history,
            "games": games,
        }

    @api.get("/players/{name}", response_class=HTMLResponse, include_in_schema=False)
    async def player_page(name: str) -> str:
        return pages.player_page(name)

    @api.get("/ratings", response_class=HTMLResponse, include_in_schema=False)
    async def ratings_page() -> str:
        return pages.ratings_page()

    return api
