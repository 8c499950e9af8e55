"""Root parallelism: several processes search the same root independently (each with its
own re-deals) and their root statistics are summed.

The processes are started once (``spawn``: safe beside the web table's threads and event
loop) and kept for later decisions. A worker receives the pickled root state, which is
already a world re-dealt from the searching seat's view, never the true state.

Each process is a slot of its own: the bot's k-th search always goes to the k-th process.
So a process can keep the tree it built for a bot, and move it down the public moves made
until the bot's next decision (``reuse``), as the bot does in its own process; and with an
iteration budget the decisions stay the same from run to run."""

from __future__ import annotations

import atexit
import multiprocessing
import pickle
import random
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import NamedTuple

from ...engine.action import Action
from ...engine.state import State
from .flat import make_search
from .ismcts import ActionStats, Search, SearchResult
from .reuse import Moves, reroot

_SLOTS: dict[int, list[ProcessPoolExecutor]] = {}
#: in a search process: the last tree of each bot by its token, with the bot's decision
#: number; at most ``KEPT`` bots (the least recently searched go first)
_KEPT: OrderedDict[str, tuple[int, Search]] = OrderedDict()
KEPT = 4


class Keep(NamedTuple):
    """What a search process needs to keep a bot's tree: the bot's name for it, the number
    of this decision, and the moves since the last one (``None``: one was not public)."""

    token: str
    decision: int
    moves: Moves | None


def slots(workers: int) -> list[ProcessPoolExecutor]:
    """``workers`` processes, each an executor of its own."""
    executors = _SLOTS.get(workers)
    if executors is None:
        context = multiprocessing.get_context("spawn")
        executors = _SLOTS[workers] = [
            ProcessPoolExecutor(1, mp_context=context) for _ in range(workers)
        ]
    return executors


@atexit.register
def shutdown(wait: bool = False) -> None:
    """End the processes; ``wait`` until they have ended (a process that multiprocessing
    started must, before it exits: see ``analysis.pool``)."""
    for executors in _SLOTS.values():
        for executor in executors:
            executor.shutdown(wait=wait, cancel_futures=True)
    _SLOTS.clear()


def _search_in_worker(
    game_id: str,
    blob: bytes,
    observer: int,
    iterations: int | None,
    seconds: float | None,
    seed: int,
    keep: Keep | None,
) -> SearchResult:
    from ...engine.registry import game

    cpu0 = time.process_time()
    hooks = game(game_id).search_hooks()  # binds the state class before unpickling
    state = pickle.loads(blob)
    rng = random.Random(seed)
    search = _kept(keep, state, observer, rng) or make_search(hooks, state, observer, rng)
    result = search.run(iterations=iterations, seconds=seconds)
    if keep is not None and isinstance(search, Search):
        _KEPT[keep.token] = (keep.decision, search)
        while len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)
    return replace(result, helper_cpu_seconds=time.process_time() - cpu0)


def _kept(keep: Keep | None, state: State, observer: int, rng: random.Random) -> Search | None:
    """This process's tree from the bot's previous decision, moved down the moves since."""
    if keep is None:
        return None
    kept = _KEPT.pop(keep.token, None)
    if kept is None or kept[0] != keep.decision - 1 or keep.moves is None:
        return None
    return reroot(kept[1], keep.moves, state, observer, rng)


def search_in_parallel(
    state: State,
    observer: int,
    workers: int,
    iterations: int | None,
    seconds: float | None,
    rng: random.Random,
    keep: Keep | None = None,
) -> SearchResult:
    """``workers`` independent searches of ``state`` from ``observer``'s information,
    merged: visits and values summed per root action. With ``keep`` each process goes on
    from the tree it kept for the bot."""
    blob = pickle.dumps(state)
    seeds = [rng.getrandbits(63) for _ in range(workers)]
    futures = [
        executor.submit(
            _search_in_worker, state.game.id, blob, observer, iterations, seconds, seed, keep
        )
        for executor, seed in zip(slots(workers), seeds, strict=True)
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
