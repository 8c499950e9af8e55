""" "Analyse this game" at the web table: a finished table's post-game analysis
(``spieltisch.analysis.postgame``), worked out in a process pool, its progress, and the
result as a chart (``analysis_chart``) and each seat's turning points in words.

The searches run in worker processes (``spawn``), never on the event loop nor in one of
its threads: they are pure Python and would hold the GIL for minutes. The positions go to
the pool in about twenty chunks, so the page can show how far the analysis has got. A
finished analysis is kept in memory per table and in the database (``analysis_store``).

Every seat sees every seat's line and turning points: at the end of a game the project
makes everything public — the replay of a finished table opens every seat's view at every
step to anyone with its link (``replay.py``), and its record holds the seed that decides
every hidden card. A running game has no analysis (409)."""

from __future__ import annotations

import asyncio
import atexit
import logging
import multiprocessing
import os
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from starlette.requests import HTTPConnection

from ..analysis.postgame import (
    DEFAULT_ITERATIONS,
    Decision,
    GameAnalysis,
    assemble,
    chunks,
    replay_summary,
)
from ..analysis.postgame_search import PositionWork, analyse_steps
from ..engine.i18n import translator
from . import analysis_store
from .access import open_link
from .api_models import lang_or_en
from .chart import NARROW, WIDE
from .live import LiveTable, TableManager
from .result import mark_svg, seat_colours
from .wire import TableError
from .worker_watch import watch_parent

log = logging.getLogger(__name__)

ITERATIONS_ENV = "SPIELTISCH_ANALYSIS_ITERATIONS"  # search iterations per seat and position
WORKERS_ENV = "SPIELTISCH_ANALYSIS_WORKERS"  # processes of the pool (default 1)
SEED = 0  # the same game gives the same analysis
PARTS = 20  # chunks per analysis: the steps of its progress bar
KEPT = 32  # analyses kept in memory (least recently used dropped)
RUNNING = "the game is still running; its analysis opens when it has ended"

_POOL: list[ProcessPoolExecutor] = []


def iterations() -> int:
    """The budget per search: ``SPIELTISCH_ANALYSIS_ITERATIONS`` or the default."""
    text = os.environ.get(ITERATIONS_ENV, "")
    return int(text) if text.isdigit() and int(text) > 0 else DEFAULT_ITERATIONS


def pool() -> ProcessPoolExecutor:
    if not _POOL:
        text = os.environ.get(WORKERS_ENV, "")
        workers = int(text) if text.isdigit() and int(text) > 0 else 1
        context = multiprocessing.get_context("spawn")  # safe beside the loop's threads
        _POOL.append(
            ProcessPoolExecutor(
                workers, mp_context=context, initializer=watch_parent, initargs=(os.getpid(),)
            )
        )
    return _POOL[0]


@atexit.register
def _shutdown() -> None:
    for executor in _POOL:
        executor.shutdown(wait=False, cancel_futures=True)
    _POOL.clear()


@dataclass
class Job:
    """One table's analysis: running (``done`` of ``total`` positions), done or failed."""

    table_id: str
    version: int
    iterations: int
    total: int
    done: int = 0
    status: str = "running"
    error: str | None = None
    analysis: GameAnalysis | None = None
    task: asyncio.Task[None] | None = None
    payloads: dict[tuple[int | None, str], dict[str, Any]] = field(default_factory=dict)


class Analyses:
    """The analyses of the server's tables (the last ``KEPT`` in memory)."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.jobs: OrderedDict[str, Job] = OrderedDict()

    async def finished(
        self, token: str, connection: HTTPConnection
    ) -> tuple[LiveTable, int | None]:
        """The finished table of a seat's or spectator's link, and the seat."""
        table, seat = await open_link(self.manager, token, connection)
        if not table.is_over():
            raise TableError(RUNNING, 409)
        return table, seat

    async def find(self, table: LiveTable) -> Job | None:
        """The table's analysis in memory, or the one kept in the database."""
        budget = iterations()
        job = self.jobs.get(table.id)
        if job is not None and job.version == table.version and job.iterations == budget:
            self.jobs.move_to_end(table.id)
            return job
        kept = await asyncio.to_thread(
            analysis_store.load, self.manager.store, table.id, table.version, budget
        )
        if kept is None:
            return None
        job = Job(table.id, table.version, budget, kept.moves + 1, kept.moves + 1, "done")
        job.analysis = kept
        self._keep(job)
        return job

    async def start(self, table: LiveTable) -> Job:
        """The table's analysis: the one found, or a new one started (a failed one again)."""
        job = await self.find(table)
        if job is not None and job.status != "failed":
            return job
        job = Job(table.id, table.version, iterations(), table.version + 1)
        self._keep(job)
        job.task = asyncio.create_task(self._run(job, table))
        return job

    def _keep(self, job: Job) -> None:
        self.jobs[job.table_id] = job
        self.jobs.move_to_end(job.table_id)
        while len(self.jobs) > KEPT:
            oldest = next(iter(self.jobs))
            if self.jobs[oldest].status == "running":
                break  # a running analysis stays until it is done
            self.jobs.popitem(last=False)

    async def _run(self, job: Job, table: LiveTable) -> None:
        began = time.perf_counter()
        try:
            record = table.state.record()
            over, rounds = await asyncio.to_thread(replay_summary, record)
            loop = asyncio.get_running_loop()
            futures = [
                loop.run_in_executor(pool(), analyse_steps, record, part, job.iterations, SEED)
                for part in chunks(job.total, PARTS)
            ]
            for future in futures:  # one failure is reported once, not once per chunk
                future.add_done_callback(_quiet)
            works: dict[int, PositionWork] = {}
            for next_done in asyncio.as_completed(futures):
                for work in await next_done:
                    works[work.step] = work
                job.done = len(works)
            outcome = None
            if table.ended is not None:  # out of time: the table's result, not the rules'
                winners = table.winners()
                outcome = [1 / len(winners) if s in winners else 0.0 for s in range(record.players)]
            every = [works[k] for k in range(job.total)]
            wall = time.perf_counter() - began
            analysis = assemble(record, every, job.iterations, SEED, rounds, over, outcome, wall)
            await asyncio.to_thread(
                analysis_store.save, self.manager.store, table.id, job.version, analysis
            )
            job.analysis, job.status = analysis, "done"
        except Exception as exc:  # the page says so and offers to try again
            log.exception("analysis of table %s failed", table.id)
            if isinstance(exc, BrokenProcessPool):  # a worker died: the next try gets new ones
                _shutdown()
            job.status, job.error = "failed", f"the analysis failed: {exc}"


def _quiet(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()  # retrieved: the job reports it


# -- what the page shows ---------------------------------------------------------------------
def payload(job: Job, table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """The analysis as the page draws it, for ``seat`` (``None``: a spectator) in ``lang``."""
    out: dict[str, Any] = {
        "status": job.status,
        "done": job.done,
        "total": job.total,
        "iterations": job.iterations,
    }
    if job.status == "failed":
        out["error"] = job.error
    if job.analysis is None:
        return out
    key = (seat, lang)
    if key not in job.payloads:
        job.payloads[key] = _drawn(job.analysis, table, seat, lang)
    return {**out, **job.payloads[key]}


def _drawn(analysis: GameAnalysis, table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    from .analysis_chart import analysis_svg

    _ = translator(__package__, lang)
    game = table.game
    colour = seat_colours(game.id)
    names = [game.seat_name(s, lang) for s in range(analysis.players)]
    return {
        "chart": {
            "wide": analysis_svg(analysis, names, colour, lang, WIDE),
            "narrow": analysis_svg(analysis, names, colour, lang, NARROW),
            "wide_width": WIDE,
            "narrow_width": NARROW,
        },
        "seats": [
            {
                "seat": s,
                "name": names[s],
                "you": s == seat,
                "mark": mark_svg(s, colour(s)),
                "points": [_point(d, names[s], s == seat, lang) for d in points],
                "none": None if points else _("No move lowered the estimate."),
            }
            for s, points in enumerate(analysis.turning_points)
        ],
        "cost": analysis.cost.to_json(),
    }


def _point(d: Decision, name: str, you: bool, lang: str) -> dict[str, Any]:
    """A turning point in words: "Move 23: you played X; the bot preferred Y; your chances
    54% → 31%"."""
    _ = translator(__package__, lang)
    played = d.played.labels.get(lang, d.played.labels["en"])
    preferred = d.preferred.labels.get(lang, d.preferred.labels["en"])
    numbers = {
        "move": d.move,
        "name": name,
        "played": played,
        "preferred": preferred,
        "before": _("{n}%").format(n=round(100 * d.before)),
        "after": _("{n}%").format(n=round(100 * d.after)),
    }
    if you and d.same:
        text = _(
            "Move {move}: you chose “{played}”, as the bot would have; your chances "
            "{before} → {after}"
        )
    elif you:
        text = _(
            "Move {move}: you chose “{played}”; the bot preferred “{preferred}”; your "
            "chances {before} → {after}"
        )
    elif d.same:
        text = _(
            "Move {move}: {name} chose “{played}”, as the bot would have; their chances "
            "{before} → {after}"
        )
    else:
        text = _(
            "Move {move}: {name} chose “{played}”; the bot preferred “{preferred}”; their "
            "chances {before} → {after}"
        )
    return {
        "move": d.move,
        "text": text.format(**numbers),
        "played": played,
        "preferred": None if d.same else preferred,
        "before": round(d.before, 4),
        "after": round(d.after, 4),
    }


# -- the routes ------------------------------------------------------------------------------
def router(manager: TableManager) -> APIRouter:
    """``GET /api/analysis/<token>`` (how far it has got, and the result when done) and
    ``POST /api/analysis/<token>`` (start it), for a seat's or a spectator's link."""
    analyses = Analyses(manager)
    api = APIRouter()
    responses = _errors()

    @api.get(
        "/api/analysis/{token}",
        summary="A finished table's post-game analysis: its progress, or the chart and "
        "turning points",
        responses=responses,
    )
    async def api_analysis(token: str, request: Request, lang: str = "en") -> dict[str, Any]:
        table, seat = await analyses.finished(token, request)
        job = await analyses.find(table)
        if job is None:
            return {
                "status": "none",
                "done": 0,
                "total": table.version + 1,
                "iterations": iterations(),
            }
        return await asyncio.to_thread(payload, job, table, seat, lang_or_en(lang))

    @api.post(
        "/api/analysis/{token}",
        summary="Start the post-game analysis of a finished table (again only if it failed)",
        responses=responses,
    )
    async def api_start(token: str, request: Request, lang: str = "en") -> dict[str, Any]:
        table, seat = await analyses.finished(token, request)
        job = await analyses.start(table)
        return await asyncio.to_thread(payload, job, table, seat, lang_or_en(lang))

    return api


def _errors() -> dict[int | str, dict[str, Any]]:
    from .api_models import ErrorBody

    meaning = {404: "unknown link", 409: "the game is still running"}
    return {status: {"model": ErrorBody, "description": text} for status, text in meaning.items()}
