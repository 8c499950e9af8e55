"""The API's routes about games and tables: the games on offer, creating a table (the
links it answers with are the only way to its seats), and the tables' public summaries."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from .. import bots
from ..engine.errors import SpieltischError
from ..engine.game import Game
from ..engine.registry import game as lookup_game
from ..engine.registry import games as all_games
from . import rules
from .api_models import CreateTable, SeatSpec, errors, lang_or_en
from .live import LiveTable, TableManager
from .store import BOT, HUMAN
from .wire import TableError


def router(manager: TableManager) -> APIRouter:
    api = APIRouter()

    @api.get("/api/games", summary="The games, their options and bots", responses=errors())
    async def api_games(lang: str = "en") -> list[dict[str, Any]]:
        return [_game_info(game, lang_or_en(lang)) for game in all_games()]

    @api.post("/api/tables", summary="Create a table", status_code=201, responses=errors())
    async def api_create(body: CreateTable, request: Request) -> dict[str, Any]:
        try:
            game = lookup_game(body.game)
        except SpieltischError as exc:
            raise TableError(str(exc)) from None
        players = _players(game, body)
        seats = body.seats or [SeatSpec(kind=HUMAN, bot=None) for _ in range(players)]
        kinds = [(s.kind, s.bot if s.kind == BOT else None) for s in seats]
        settings = body.settings.model_dump() if body.settings else None
        table = await manager.create(
            game.id, players, body.options, kinds, seed=body.seed, settings=settings
        )
        return _links(request, table)

    @api.get("/api/tables", summary="Open, running and finished tables", responses=errors())
    async def api_tables() -> list[dict[str, Any]]:
        return [_summary(t) for t in await manager.all_tables()]

    @api.get("/api/tables/{table_id}", summary="One table's public summary", responses=errors(404))
    async def api_table(table_id: str) -> dict[str, Any]:
        return _summary(await manager.get(table_id))

    return api


def _game_info(game: Game, lang: str) -> dict[str, Any]:
    return {
        "id": game.id,
        "name": game.name,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "default_players": game.default_players,
        "bots": bots.available(game),
        "levels": bots.levels(game),  # what the lobby offers: easy, normal, hard, expert
        "rules": f"/rules/{game.id}",
        "options": rules.options_info(game, lang),
    }


def _players(game: Game, body: CreateTable) -> int:
    """How many play: as asked, else as many as the seats, else the game's usual number."""
    if body.players is not None:
        players = body.players
    else:
        players = len(body.seats) if body.seats else game.default_players
    if not game.min_players <= players <= game.max_players:
        raise TableError(
            f"{game.name} is for {game.min_players}-{game.max_players} players, not {players}"
        )
    return players


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
