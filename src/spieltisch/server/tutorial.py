"""Learn to play: a guided first game at the web table.

A tutorial table is an ordinary table (stored, reloadable) with the setting ``tutorial``:
the learner's seat is human, the other seats are bots that play the script's moves
(``engine.tutorial``) at a pace the learner can follow, and a real-time step waits for
the learner. Each update carries the guide: what to look at, the suggested move (the page
highlights it), the bots' narration, and — when the learner made another legal move —
what follows from it with the offer to take it back (a new tutorial table at that step).
After the script the game goes on against the bots as at any table."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from ..engine.action import Action
from ..engine.errors import SpieltischError
from ..engine.i18n import lang_of
from ..engine.registry import game as lookup_game
from ..engine.tutorial import Tutorial, tutorial
from .access import account_of, open_link
from .live import LiveTable, TableManager
from .ratelimit import limit
from .store import BOT, HUMAN
from .wire import TableError

BOT_PACE_S = 0.9  # a scripted bot waits this long, so the learner sees each move happen


def script_of(table: LiveTable) -> Tutorial | None:
    return tutorial(table.game) if table.settings.tutorial else None


def _played(table: LiveTable) -> list[tuple[int, dict[str, Any]]]:
    moves = table.state.record().moves if table.state.move_count else []
    return [(seat, action) for seat, action in moves]


def deviation(table: LiveTable) -> int | None:
    script = script_of(table)
    return None if script is None else script.deviation(_played(table))


def in_script(table: LiveTable) -> bool:
    """Whether the table still follows its script (and the script has moves left)."""
    script = script_of(table)
    if script is None or table.state.move_count >= len(script.steps):
        return False
    return script.deviation(_played(table)) is None


def scripted_seats(table: LiveTable, bot_seats: list[int]) -> list[int]:
    """The bot seats that may move now at a tutorial table: while the script runs, only
    the seat of the next scripted move, if it is a bot's."""
    script = script_of(table)
    if script is None or not in_script(table):
        return bot_seats
    step = script.steps[table.state.move_count]
    return [step.seat] if step.seat in bot_seats else []


def scripted_move(table: LiveTable, seat: int) -> Action | None:
    """The script's next move when it is ``seat``'s (a bot of a tutorial table)."""
    script = script_of(table)
    if script is None or not in_script(table):
        return None
    step = script.steps[table.state.move_count]
    if step.seat != seat:
        return None
    return table.game.action_from_json(step.action)


def guide(table: LiveTable, seat: int | None, legal: list[dict[str, Any]], lang: str) -> Any:
    """The guide's part of ``seat``'s update (``None`` at an ordinary table)."""
    script = script_of(table)
    if script is None:
        return None
    lang = lang_of(lang)
    words = script.words
    moves = _played(table)
    n = len(moves)
    mine = script.learner_steps()
    out: dict[str, Any] = {
        "title": words(script.title, lang),
        "intro": words(script.intro, lang) if not any(i < n for i in mine) else None,
        "total": len(mine),
        "done_steps": sum(1 for i in mine if i < n),
        "say": None,
        "look": [],
        "rules": [],
        "suggested": None,
        "narration": [],
        "deviated": None,
        "done": False,
        "outro": None,
    }
    wrong = script.deviation(moves)
    if wrong is not None:
        step = script.steps[wrong]
        out["deviated"] = {
            "step": wrong,
            "text": words(step.otherwise, lang) if step.otherwise else None,
            "rules": list(step.rules),
            "learner": step.seat == script.learner,
        }
        return out
    # what the bots did since the learner's last scripted move
    last_mine = max((i for i in mine if i < n), default=-1)
    out["narration"] = [
        words(script.steps[i].say, lang)
        for i in range(last_mine + 1, min(n, len(script.steps)))
        if script.steps[i].say
    ]
    if n >= len(script.steps):
        out["done"] = True
        out["outro"] = words(script.outro, lang)
        return out
    step = script.steps[n]
    if step.seat == script.learner:
        out["say"] = words(step.say, lang)
        out["look"] = list(step.look)
        out["rules"] = list(step.rules)
        if seat == script.learner and step.action in legal:
            out["suggested"] = legal.index(step.action)
    return out


async def start(manager: TableManager, game_id: str, step: int = 0) -> tuple[LiveTable, str]:
    """A new tutorial table of ``game_id``, its script played up to ``step``; the table and
    the learner's token."""
    try:
        game = lookup_game(game_id)
    except SpieltischError as exc:
        raise TableError(str(exc), 404) from None
    script = tutorial(game)
    if script is None:
        raise TableError(f"{game.name} has no tutorial yet", 404)
    if not 0 <= step <= len(script.steps):
        raise TableError(f"the tutorial has steps 0 to {len(script.steps)}, not {step}")
    kinds: list[tuple[str, str | None]] = [
        (HUMAN, None) if s == script.learner else (BOT, script.bot) for s in range(script.players)
    ]
    table = await manager.create(
        game.id,
        script.players,
        dict(script.options),
        kinds,
        seed=script.seed,
        settings={"tutorial": True},
    )
    async with table.lock:
        for i in range(step):
            move = script.steps[i]
            await manager.commit_scripted(table, move.seat, game.action_from_json(move.action))
    await manager.broadcast(table)
    manager.kick_bots(table)
    token = next(s.token for s in table.record.seats if s.seat == script.learner)
    return table, token


class StartTutorial(BaseModel):
    game: str = Field(..., description="game id, e.g. medina")
    step: int = Field(0, ge=0, le=10_000, description="start at this step of the script")


def router(manager: TableManager, errors: Any) -> APIRouter:
    api = APIRouter()

    @api.get("/api/tutorials", summary="The games with a guided first game", responses=errors())
    async def api_tutorials(lang: str = "en") -> list[dict[str, Any]]:
        from ..engine.registry import games

        out = []
        for game in games():
            script = tutorial(game)
            if script is not None:
                out.append(
                    {
                        "game": game.id,
                        "name": game.name,
                        "title": script.words(script.title, lang_of(lang)),
                        "steps": len(script.learner_steps()),
                    }
                )
        return out

    @api.post(
        "/api/tutorials",
        summary="Start a guided first game (Learn to play)",
        status_code=201,
        responses=errors(404),
    )
    async def api_start(body: StartTutorial, request: Request) -> dict[str, Any]:
        await limit(request, "tables", account_of(request))
        table, token = await start(manager, body.game, body.step)
        base = str(request.base_url).rstrip("/")
        return {"table": table.id, "game": table.game.id, "link": f"{base}/play/{token}"}

    @api.post(
        "/api/seat/{token}/take-back",
        summary="At a tutorial table: start again at the step where the learner left the script",
        status_code=201,
        responses=errors(403, 404),
    )
    async def api_take_back(token: str, request: Request) -> dict[str, Any]:
        table, seat = await open_link(manager, token, request)
        script = script_of(table)
        if script is None or seat != script.learner:
            raise TableError("only the learner of a tutorial table can take a move back", 403)
        wrong = deviation(table)
        if wrong is None:
            raise TableError("there is no move to take back: the game follows the guide")
        new, new_token = await start(manager, table.game.id, wrong)
        base = str(request.base_url).rstrip("/")
        return {"table": new.id, "game": new.game.id, "link": f"{base}/play/{new_token}"}

    return api
