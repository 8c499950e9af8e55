"""Searches of the web table in worker processes: the hard and expert bots and hints.

A search holds the GIL for its whole budget; in a thread of the server it would stall every
table's updates for that long. So the server re-deals the seat's world itself (never handing
the true state to anyone), and a shared pool of ``spawn`` processes, one per core, searches
it. The expert's several searches (root parallelism) are several jobs of the same pool,
merged as ``bots.search.parallel`` merges them.

Every job carries a deadline on the wall clock: a job that waited in the queue behind
another table's search searches only for the time left, so an answer always comes before
the table's 5-second limit, however busy the pool is."""

from __future__ import annotations

import asyncio
import atexit
import math
import multiprocessing
import os
import pickle
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from ..bots.search import SearchResult
from ..bots.search.flat import make_search
from ..bots.search.parallel import merge
from ..engine.state import State
from .worker_watch import watch_parent

MIN_SECONDS = 0.02  # a job whose deadline has passed still looks at a few iterations
# a search checks its clock every 16 iterations: it stops this long before the deadline
GUARD_S = 0.25
_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()
_warmed = False


@dataclass(frozen=True)
class Budget:
    """What one decision may spend: seconds and/or iterations (the first reached ends it),
    on ``workers`` processes at once."""

    seconds: float | None
    iterations: int | None
    workers: int = 1


def pool_size() -> int:
    """One process per core (at least two, so that one long search never blocks all)."""
    return max(2, os.cpu_count() or 2)


def pool() -> ProcessPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            context = multiprocessing.get_context("spawn")  # safe beside threads and the loop
            _pool = ProcessPoolExecutor(
                pool_size(), mp_context=context, initializer=watch_parent, initargs=(os.getpid(),)
            )
        return _pool


def warm() -> None:
    """Start the worker processes and load the games in them now (at the server's start),
    so that the first search does not spend its budget on it."""
    global _warmed
    if _warmed:
        return
    _warmed = True
    executor = pool()
    for _ in range(pool_size()):
        executor.submit(_load_games)


def _load_games() -> None:
    from ..engine.registry import games

    for game in games():
        game.search_hooks()
    time.sleep(0.2)  # hold this worker a moment, so that every worker gets one of these


@atexit.register
def shutdown() -> None:
    global _pool
    with _pool_lock:
        if _pool is not None:
            _pool.shutdown(wait=False, cancel_futures=True)
            _pool = None


def _search(
    game_id: str,
    blob: bytes,
    seat: int,
    iterations: int | None,
    seconds: float | None,
    deadline: float,
    seed: int,
) -> SearchResult:
    """In a worker: search the re-dealt world ``blob`` from ``seat``'s information until
    the budget or the deadline (``time.time()``), whichever comes first."""
    from ..engine.registry import game

    hooks = game(game_id).search_hooks()  # binds the game's state class before unpickling
    state = pickle.loads(blob)
    left = max(MIN_SECONDS, deadline - GUARD_S - time.time())
    seconds = left if seconds is None else min(seconds, left)
    return make_search(hooks, state, seat, random.Random(seed)).run(
        iterations=iterations, seconds=seconds
    )


async def search(
    world: State, seat: int, budget: Budget, deadline: float, rng: random.Random
) -> SearchResult:
    """Search ``world`` — a world already re-dealt from ``seat``'s view — in the pool,
    without holding the event loop; ``budget.workers`` jobs merged into one result."""
    blob = pickle.dumps(world)
    executor = pool()
    jobs = [
        asyncio.wrap_future(
            executor.submit(
                _search,
                world.game.id,
                blob,
                seat,
                budget.iterations,
                budget.seconds,
                deadline,
                rng.getrandbits(63),
            )
        )
        for _ in range(max(1, budget.workers))
    ]
    try:
        results = await asyncio.gather(*jobs)
    except BrokenProcessPool:
        _forget(executor)  # a worker died (killed, out of memory): the next search starts anew
        raise
    return results[0] if len(results) == 1 else merge(list(results))


def _forget(executor: ProcessPoolExecutor) -> None:
    global _pool
    with _pool_lock:
        if _pool is executor:
            _pool = None
    executor.shutdown(wait=False, cancel_futures=True)


def capped(budget: Budget, seconds: float) -> Budget:
    """``budget`` with at most ``seconds`` of thinking (a real-time step's share)."""
    limit = budget.seconds if budget.seconds is not None else math.inf
    return Budget(min(limit, seconds), budget.iterations, budget.workers)
