"""Root parallelism: several processes search the same root independently (each with its
own re-deals) and their root statistics are summed.

The processes are started once (``spawn``: safe beside the web table's threads and event
loop) and kept for later decisions. A worker receives the pickled root state, which is
already a world re-dealt from the searching seat's view, never the true state."""

from __future__ import annotations

import atexit
import multiprocessing
import pickle
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from ...engine.action import Action
from ...engine.state import State
from .flat import make_search
from .ismcts import ActionStats, SearchResult

_POOLS: dict[int, ProcessPoolExecutor] = {}


def pool(workers: int) -> ProcessPoolExecutor:
    executor = _POOLS.get(workers)
    if executor is None:
        context = multiprocessing.get_context("spawn")
        executor = _POOLS[workers] = ProcessPoolExecutor(workers, mp_context=context)
    return executor


@atexit.register
def shutdown(wait: bool = False) -> None:
    """End the pools; ``wait`` until their processes have ended (a process that
    multiprocessing started must, before it exits: see ``analysis.pool``)."""
    for executor in _POOLS.values():
        executor.shutdown(wait=wait, cancel_futures=True)
    _POOLS.clear()


def _search_in_worker(
    game_id: str,
    blob: bytes,
    observer: int,
    iterations: int | None,
    seconds: float | None,
    seed: int,
) -> SearchResult:
    from ...engine.registry import game

    cpu0 = time.process_time()
    hooks = game(game_id).search_hooks()  # binds the state class before unpickling
    state = pickle.loads(blob)
    search = make_search(hooks, state, observer, random.Random(seed))
    result = search.run(iterations=iterations, seconds=seconds)
    return replace(result, helper_cpu_seconds=time.process_time() - cpu0)


def search_in_parallel(
    state: State,
    observer: int,
    workers: int,
    iterations: int | None,
    seconds: float | None,
    rng: random.Random,
) -> SearchResult:
    """``workers`` independent searches of ``state`` from ``observer``'s information,
    merged: visits and values summed per root action."""
    blob = pickle.dumps(state)
    seeds = [rng.getrandbits(63) for _ in range(workers)]
    futures = [
        pool(workers).submit(
            _search_in_worker, state.game.id, blob, observer, iterations, seconds, seed
        )
        for seed in seeds
    ]
    return merge([f.result() for f in futures])


def merge(results: list[SearchResult]) -> SearchResult:
    visits: dict[Action, int] = {}
    value: dict[Action, float] = {}
    for result in results:
        for stats in result.actions:
            visits[stats.action] = visits.get(stats.action, 0) + stats.visits
            value[stats.action] = value.get(stats.action, 0.0) + stats.value * stats.visits
    # most visited first; equal visits (a flat search's moves): the better value first
    order = sorted(visits, key=lambda a: (-visits[a], -value[a] / max(visits[a], 1)))
    total = sum(r.iterations for r in results) or 1
    players = len(results[0].values)
    values = tuple(sum(r.values[s] * r.iterations for r in results) / total for s in range(players))
    return SearchResult(
        observer=results[0].observer,
        iterations=sum(r.iterations for r in results),
        seconds=max(r.seconds for r in results),
        helper_cpu_seconds=sum(r.helper_cpu_seconds for r in results),
        values=values,
        actions=tuple(
            ActionStats(a, visits[a], value[a] / visits[a] if visits[a] else 0.0) for a in order
        ),
    )
