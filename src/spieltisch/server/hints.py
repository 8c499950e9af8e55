"""Hints ("suggest a move"): the hard bot's choice for a seated player, from that seat's own
view, with its estimated win chance.

The search runs as the hard bot's does (``bot_turns``): on a world re-dealt from the seat's
view, in the worker processes, with the hard level's budget. A hint never changes the game.
One hint per seat is worked out at a time: asking again for the same position waits for
(or is given) the same answer; asking about another position while one is worked out is
refused (429). A table with the setting ``hints`` off refuses every hint (403), as a rated
or competitive table will."""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from .. import bots
from ..bots.search import SearchBot, SearchResult
from . import thinking
from .bot_turns import HANDOVER_S
from .store import BOT
from .wire import TableError

if TYPE_CHECKING:
    from .live import LiveTable, TableManager

HINT_LEVEL = "hard"


class Hints:
    """The hints of one server's tables."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        # per (table, seat): the version a hint was asked for and its answer (or the search)
        self._asked: dict[tuple[str, int], tuple[int, asyncio.Future[SearchResult]]] = {}

    async def suggest(self, table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
        """The suggested action for ``seat`` now: ``version``, ``action`` (JSON), ``index``
        (in the seat's ``legal`` list of that version), ``label``, ``win_chance``,
        ``level``, ``iterations``."""
        self._check(table, seat)
        assert seat is not None
        version = table.version
        key = (table.id, seat)
        asked = self._asked.get(key)
        if asked is not None and asked[1].done() and _failed(asked[1]):
            asked = None  # a search that broke is tried again
        if asked is not None and asked[0] != version:
            if not asked[1].done():
                raise TableError(
                    "a hint for this seat is still being worked out; ask again in a moment",
                    429,
                )
            asked = None
        if asked is None:
            future = asyncio.ensure_future(self._search(table, seat))
            asked = self._asked[key] = (version, future)
        try:
            result = await asyncio.shield(asked[1])
        except BrokenProcessPool:
            raise TableError("the search was interrupted; ask again", 503) from None
        return self._answer(table, seat, version, result, lang)

    def _check(self, table: LiveTable, seat: int | None) -> None:
        if seat is None:
            raise TableError("spectators cannot ask for hints", 403)
        if not table.settings.hints:
            raise TableError(
                "hints are off at this table (table setting 'hints'; rated and competitive "
                "tables play without them)",
                403,
            )
        if table.record.seats[seat].kind == BOT:
            raise TableError("a bot plays this seat; hints are for players", 403)
        if seat in table.timed_out:
            raise TableError("this seat ran out of time; a bot plays it now", 403)
        if table.is_over():
            raise TableError("the game is over: there is no move to suggest", 409)
        if seat not in table.state.actors():
            waiting = ", ".join(table.game.seat_name(s) for s in table.state.actors())
            raise TableError(
                f"it is not your turn (waiting for {waiting}): a hint is for a move you "
                "can make now",
                409,
            )

    async def _search(self, table: LiveTable, seat: int) -> SearchResult:
        """The hard bot's search from ``seat``'s view (a re-dealt world, never the truth)."""
        rng = random.Random(f"{table.id}/{table.version}/{seat}/hint")
        world = table.state.resample(seat, rng)
        bot = bots.make(HINT_LEVEL, table.game)
        assert isinstance(bot, SearchBot)
        budget = self.manager.turns.budget(table, bot)
        deadline = time.time() + self.manager.bot_budget - HANDOVER_S
        return await thinking.search(world, seat, budget, deadline, rng)

    def _answer(
        self, table: LiveTable, seat: int, version: int, result: SearchResult, lang: str
    ) -> dict[str, Any]:
        if table.version != version:
            raise TableError("the table moved on while the hint was worked out; ask again", 409)
        legal = table.state.legal_actions(seat)
        best = result.best if result.best in legal else None
        if best is None:  # no iteration ran (cannot happen with a positive budget)
            best = legal[0]
        view = table.state.view(seat)
        return {
            "version": version,
            "action": best.to_json(),
            "index": legal.index(best),
            "label": table.game.action_label(best, view, lang),
            "win_chance": round(result.win_chance, 4),
            "level": HINT_LEVEL,
            "iterations": result.iterations,
        }


def _failed(future: asyncio.Future[SearchResult]) -> bool:
    return future.cancelled() or future.exception() is not None
