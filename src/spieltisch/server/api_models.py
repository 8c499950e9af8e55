"""What the web table's HTTP API reads and how it refuses: the request bodies (pydantic
models, which the OpenAPI schema documents), the size limit of a request, the languages,
and the error body every refused request gets."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from .store import HUMAN

MAX_BODY = 64 * 1024  # bytes of one request or WebSocket message
LANGS = ("en", "de")


def lang_or_en(lang: str | None) -> str:
    """A language the pages have: ``lang`` if known, else English."""
    return lang if lang in LANGS else "en"


class SeatSpec(BaseModel):
    kind: str = Field(HUMAN, description="'human' or 'bot'")
    bot: str | None = Field(None, description="the bot's name for a bot seat, e.g. heuristic")
    invite: str | None = Field(
        None,
        description="how a human seat is offered: 'me' (the creator's: taken by the creator's "
        "account if signed in), 'open' (anyone signed in may take it from the lobby), 'name' "
        "(kept for the account named in 'name'), 'link' (the default: the creator receives "
        "its invitation link)",
    )
    name: str | None = Field(None, max_length=64, description="the invited player, for 'name'")


class Settings(BaseModel):
    """How the table is timed, who plays a seat whose player is gone, how long the expert
    bot thinks, and whether players may ask for hints."""

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
    expert_seconds: float = Field(
        4.0,
        strict=True,
        description="seconds the 'expert' bot thinks per decision at this table, 1 to 4.5 "
        "(inside the table's 5-second limit per bot decision)",
    )
    hints: bool = Field(
        True,
        strict=True,
        description="whether a seated player may ask for a suggested move (POST "
        "/api/seat/{token}/hint); casual tables have hints, a rated or competitive table "
        "turns them off",
    )


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
    rated: bool = Field(
        False,
        strict=True,
        description="the result changes the players' ratings (the creator must be signed in; "
        "every human seat is an account's)",
    )
    rated_against_bots: bool = Field(
        False,
        strict=True,
        description="a rated table may have bots, and their results change the humans' ratings",
    )
    listed: bool | None = Field(
        None,
        strict=True,
        description="shown among the lobby's tables; by default when a seat is 'open'",
    )


class Join(BaseModel):
    seat: int | None = Field(
        None, description="the seat to take; by default the first free one offered to you"
    )


class Act(BaseModel):
    expected_version: int = Field(
        ...,
        strict=True,  # 12, not "12" or true: the WebSocket's act takes integers only too
        description="the table version the move is made on (an integer)",
    )
    action: dict[str, Any] = Field(..., description="the action's JSON, as in 'legal'")


class Why(BaseModel):
    pick: str | None = Field(None, description="the selected pick's key (data-pick), if any")
    place: str | None = Field(None, description="the clicked place's key (data-place), if any")


class ErrorBody(BaseModel):
    """What every refused request gets; it changes nothing."""

    error: str = Field(..., description="what is wrong, in a sentence")
    rule: str | None = Field(None, description="the rule an illegal move breaks, e.g. ZK-R14")


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for the error statuses a route may answer with."""
    meaning = {
        400: "malformed request or action",
        401: "not signed in, or a wrong name or password",
        403: "refused: a spectator link, a table that does not allow it, a wrong password, "
        "or a request without the page's CSRF token",
        404: "unknown link or table",
        409: "stale version: another move came first",
        413: f"request body over {MAX_BODY} bytes",
        422: "illegal move (the engine's reason and the rule)",
        429: "too many requests (a hint still being worked out, a locked account): "
        "the Retry-After header says when to try again",
    }
    out: dict[int | str, dict[str, Any]] = {
        status: {"model": ErrorBody, "description": meaning[status]}
        for status in (400, 413, *statuses)
    }
    # any other refusal (e.g. 405); also keeps FastAPI from documenting its own 422 body
    out["4XX"] = {"model": ErrorBody, "description": "another refused request"}
    return out


def error(
    status: int, message: str, rule: str | None = None, headers: dict[str, str] | None = None
) -> JSONResponse:
    """The refusal as the API sends it: ``{"error": ..., "rule": ...}``."""
    body: dict[str, Any] = {"error": message}
    if rule:
        body["rule"] = rule
    return JSONResponse(body, status_code=status, headers=headers)
