"""The API's routes about games and tables: the games on offer, creating a table (the
links it answers with are the only way to its seats that are offered by link), the lobby's
tables (listed ones, or a player's own, a page at a time), joining a free seat, taking a
seat with an account, and a table's public summary."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Query, Request

from .. import bots
from ..engine.errors import SpieltischError
from ..engine.game import Game
from ..engine.registry import game as lookup_game
from ..engine.registry import games as all_games
from . import rules
from .access import open_link, session_of
from .accounts import Accounts, Session
from .api_models import CreateTable, Join, SeatSpec, errors, lang_or_en
from .live import LiveTable, TableManager
from .ratelimit import limit
from .store import (
    BOT,
    HUMAN,
    LINK,
    ME,
    NAME,
    OFFERS,
    OPEN,
    OPEN_STATUS,
    OVER,
    RUNNING,
    SeatOffer,
    TableRecord,
)
from .wire import TableError

PAGE_SIZE = 20  # tables per page of GET /api/tables
MAX_PAGE = 100


def router(manager: TableManager, accounts: Accounts) -> APIRouter:
    api = APIRouter()

    @api.get("/api/games", summary="The games, their options and bots", responses=errors())
    async def api_games(lang: str = "en") -> list[dict[str, Any]]:
        return [_game_info(game, lang_or_en(lang)) for game in all_games()]

    @api.post("/api/tables", summary="Create a table", status_code=201, responses=errors(401))
    async def api_create(body: CreateTable, request: Request) -> dict[str, Any]:
        try:
            game = lookup_game(body.game)
        except SpieltischError as exc:
            raise TableError(str(exc)) from None
        players = _players(game, body)
        seats = body.seats or [
            SeatSpec(kind=HUMAN, bot=None, invite=None, name=None) for _ in range(players)
        ]
        kinds = [(s.kind, s.bot if s.kind == BOT else None) for s in seats]
        session = session_of(request)
        account_id = session.account.id if session else None
        bots_only = all(kind == BOT for kind, _ in kinds)
        await limit(request, ("tables", "bot_tables") if bots_only else "tables", account_id)
        offers = [await _offer(accounts, spec, session) for spec in seats]
        _check_rated(body, kinds, offers, session)
        listed = body.listed if body.listed is not None else any(o.invite == OPEN for o in offers)
        settings = body.settings.model_dump() if body.settings else None
        table = await manager.create(
            game.id,
            players,
            body.options,
            kinds,
            seed=body.seed,
            settings=settings,
            offers=offers,
            creator_id=session.account.id if session else None,
            rated=body.rated,
            bots_rated=body.rated_against_bots,
            listed=listed,
        )
        return _links(request, table)

    @api.get(
        "/api/tables",
        summary="The lobby's tables, newest first, a page at a time: the listed ones, or "
        "(mine=true) the signed-in player's own",
        responses=errors(401),
    )
    async def api_tables(
        request: Request,
        status: str | None = Query(None, description="open, running or over"),
        mine: bool = Query(False, description="the tables you sit at, are invited to or made"),
        limit: int = Query(PAGE_SIZE, ge=1, le=MAX_PAGE, description="tables per page"),
        before: str | None = Query(None, description="the 'next' of the page before"),
        lang: str = Query("en", description="the language of the options' names"),
    ) -> dict[str, Any]:
        if status is not None and status not in (OPEN_STATUS, RUNNING, OVER):
            raise TableError(f"status is open, running or over, not {status!r}")
        session = session_of(request)
        if mine and session is None:
            raise TableError("sign in to see your games", 401)
        page, after = await asyncio.to_thread(
            manager.store.list_tables,
            status,
            session.account.id if mine and session else None,
            None if mine else True,
            limit,
            _cursor(before),
        )
        me = session.account.id if session else None
        actors = await asyncio.to_thread(manager.store.actors, [t.id for t in page]) if mine else {}
        return {
            "tables": [
                _listing(request, t, me, actors.get(t.id) if mine else None, lang_or_en(lang))
                for t in page
            ],
            "next": None if after is None else f"{after[0]!r}:{after[1]}",
        }

    @api.get("/api/tables/{table_id}", summary="One table's public summary", responses=errors(404))
    async def api_table(table_id: str) -> dict[str, Any]:
        return _summary(await manager.get(table_id))

    @api.post(
        "/api/tables/{table_id}/join",
        summary="Take a free seat (open to anyone, or kept for you) with your account",
        responses=errors(401, 404, 409),
    )
    async def api_join(table_id: str, request: Request, body: Join | None = None) -> dict[str, Any]:
        session = session_of(request)
        if session is None:
            raise TableError("sign in to take a seat", 401)
        table = await manager.get(table_id)
        if table.is_over():
            raise TableError("the game has ended", 409)
        seat = body.seat if body is not None and body.seat is not None else None
        if seat is None:
            seat = _free_seat_for(table.record, session.account.id)
        await manager.claim(table, seat, session.account.id, session.account.name, (OPEN,))
        return _seat_link(request, table, seat)

    @api.post(
        "/api/seat/{token}/claim",
        summary="Take the link's seat with your account: from then on only you can play it",
        responses=errors(401, 403, 404, 409),
    )
    async def api_claim(token: str, request: Request) -> dict[str, Any]:
        session = session_of(request)
        if session is None:
            raise TableError("sign in to take a seat", 401)
        table, seat = await manager.by_token(token)
        if seat is None:
            raise TableError("a spectator link has no seat to take", 403)
        record = table.record.seats[seat]
        if record.account_id == session.account.id:
            return _seat_link(request, table, seat)  # taken already: nothing to do
        await manager.claim(table, seat, session.account.id, session.account.name, (ME, LINK))
        await open_link(manager, token, request)
        return _seat_link(request, table, seat)

    return api


async def _offer(accounts: Accounts, spec: SeatSpec, session: Session | None) -> SeatOffer:
    """How a seat of a new table is offered, checked: the invited account must exist."""
    if spec.kind != HUMAN:
        if spec.invite is not None:
            raise TableError("a bot seat is offered to nobody: leave out 'invite'")
        return SeatOffer()
    invite = spec.invite or LINK
    if invite not in OFFERS:
        raise TableError(f"a seat is offered as one of {', '.join(OFFERS)}, not {invite!r}")
    if invite == ME:
        if session is None:
            return SeatOffer(ME)
        return SeatOffer(ME, account_id=session.account.id, player=session.account.name)
    if invite == NAME:
        if not spec.name:
            raise TableError("a seat offered by name needs the invited player's 'name'")
        invited = await asyncio.to_thread(accounts.by_name, spec.name)
        if invited is None or invited.name is None:
            raise TableError(f"there is no player named {spec.name!r}", 404)
        if session is not None and invited.id == session.account.id:
            raise TableError("to sit at your own table, offer the seat as 'me'")
        return SeatOffer(NAME, invited_id=invited.id)
    return SeatOffer(invite)


def _check_rated(
    body: CreateTable,
    kinds: list[tuple[str, str | None]],
    offers: list[SeatOffer],
    session: Session | None,
) -> None:
    """A rated table is made by an account, seats each account once, and has bots only
    when it says that it is rated against them."""
    if not body.rated:
        if body.rated_against_bots:
            raise TableError("'rated_against_bots' needs a rated table")
        return
    if session is None:
        raise TableError("sign in to make a rated table", 401)
    if any(kind == BOT for kind, _ in kinds) and not body.rated_against_bots:
        raise TableError(
            "a rated table has bots only when it is rated against them (rated_against_bots)"
        )
    accounts = [o.account_id or o.invited_id for o in offers if o.account_id or o.invited_id]
    if len(accounts) != len(set(accounts)):
        raise TableError("at a rated table an account plays one seat")
    if not any(kind == HUMAN for kind, _ in kinds):
        raise TableError("a rated table needs a human seat")


def _free_seat_for(record: TableRecord, account_id: str) -> int:
    """The seat kept for this account by name, else the first open one."""
    for seat in record.seats:
        if seat.free and seat.invite == NAME and seat.invited_id == account_id:
            return seat.seat
    for seat in record.seats:
        if seat.free and seat.invite == OPEN:
            return seat.seat
    raise TableError("this table has no free seat for you", 409)


def _cursor(before: str | None) -> tuple[float, str] | None:
    if before is None:
        return None
    created, _, table_id = before.partition(":")
    try:
        return float(created), table_id
    except ValueError:
        raise TableError(f"{before!r} is no page cursor: pass the 'next' of a page") from None


def _seat_link(request: Request, table: LiveTable, seat: int) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    token = table.record.seats[seat].token
    return {"table": table.id, "seat": seat, "link": f"{base}/play/{token}"}


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
    """What the creator of a table receives: the links of the seats offered by link and of
    their own seats, never a link to a seat offered to somebody else."""
    base = str(request.base_url).rstrip("/")
    return {
        "table": table.id,
        "game": table.game.id,
        "players": table.record.players,
        "rated": table.record.rated,
        "listed": table.record.listed,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                **({"invite": s.invite, "player": s.player_name} if s.kind == HUMAN else {}),
                **(
                    {"link": f"{base}/play/{s.token}"}
                    if s.kind == HUMAN and s.invite in (ME, LINK)
                    else {}
                ),
            }
            for s in table.record.seats
        ],
        "spectator_link": f"{base}/watch/{table.record.spectator_token}",
    }


def _public_seats(record: TableRecord) -> list[dict[str, Any]]:
    return [
        {
            "seat": s.seat,
            "kind": s.kind,
            "bot": s.bot,
            "player": s.player_name,
            "free": s.free,
            **({"invite": s.invite} if s.kind == HUMAN else {}),
        }
        for s in record.seats
    ]


def _options_in_words(game: Game, options: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The table's options that differ from the game's defaults, named as players do."""
    out = []
    for info in rules.options_info(game, lang):
        value = options.get(info["name"], info["default"])
        if value == info["default"]:
            continue
        labels = {json.dumps(v["value"]): v["label"] for v in info.get("value_labels", [])}
        out.append(
            {
                "name": info["name"],
                "label": info["label"],
                "value": value,
                "value_label": labels.get(json.dumps(value), str(value)),
            }
        )
    return out


def _listing(
    request: Request,
    record: TableRecord,
    me: str | None,
    actors: list[int] | None,
    lang: str = "en",
) -> dict[str, Any]:
    """A table as the lobby lists it, from the database alone (nothing is replayed); for
    the player's own tables also their seats, links and whether it is their turn."""
    try:
        game: Game | None = lookup_game(record.game)
    except SpieltischError:
        game = None
    out: dict[str, Any] = {
        "table": record.id,
        "game": record.game,
        "game_name": game.name if game is not None else record.game,
        "players": record.players,
        "status": record.status or RUNNING,
        "version": record.version,
        "created": record.created,
        "creator": record.creator,
        "options": _options_in_words(game, record.options, lang) if game is not None else [],
        "rated": record.rated,
        "seats": _public_seats(record),
        "spectator_link": f"/watch/{record.spectator_token}",
    }
    if record.status == OVER:
        out["winners"] = record.winners or []
        out["replay_link"] = f"/replay/{record.spectator_token}"
    if actors is not None and me is not None:
        base = str(request.base_url).rstrip("/")
        mine = [s for s in record.seats if s.account_id == me]
        out["my_seats"] = [s.seat for s in mine]
        out["links"] = {str(s.seat): f"{base}/play/{s.token}" for s in mine}
        out["invited"] = [s.seat for s in record.seats if s.free and s.invited_id == me]
        out["your_turn"] = record.status != OVER and any(s.seat in actors for s in mine)
    return out


def _summary(table: LiveTable) -> dict[str, Any]:
    return {
        "table": table.id,
        "game": table.game.id,
        "game_name": table.game.name,
        "players": table.record.players,
        "status": table.status(),
        "version": table.version,
        "created": table.record.created,
        "rated": table.record.rated,
        "seats": _public_seats(table.record),
        "settings": table.settings.to_json(),
        "spectator_link": f"/watch/{table.record.spectator_token}",
    }
