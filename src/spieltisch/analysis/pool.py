"""Where a tournament's games run: here, on local processes, or as Ray tasks.

Every game is independent and fully seeded (``round_robin.play_job``), so all three give
the same results in the same order; only the time it takes differs. Local processes are
started with ``spawn`` (as the search's own worker processes are) and results are put back
in game order whatever order they finish in.

Ray is an optional dependency (the ``distributed`` extra), imported only when asked for.
The cluster's nodes need spieltisch installed in the same version, as the driver has it."""

from __future__ import annotations

import multiprocessing
import socket
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from ..engine.errors import OptionError, SpieltischError
from .round_robin import GameJob, GameResult, Progress, RoundRobin, play_job, processes_per_game
from .round_robin_results import RoundRobinResult


def play_round_robin(
    spec: RoundRobin,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
) -> RoundRobinResult:
    """Check ``spec``, play all its games (here, on ``workers`` processes, or on Ray) and
    return them in game order."""
    spec.check()
    cpus = processes_per_game(spec.names(), spec.game)
    games = run_jobs(spec.jobs(), workers, ray_address, progress, cpus)
    return RoundRobinResult(spec, tuple(games))


def run_jobs(
    jobs: Sequence[GameJob],
    workers: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
    cpus_per_game: int = 1,
) -> list[GameResult]:
    """Play ``jobs``; results in the order of ``jobs``. ``progress(done, total)`` is called
    after every game. ``cpus_per_game`` is what a Ray task reserves (an expert's processes)."""
    if workers < 1:
        raise OptionError(f"--workers must be 1 or more, not {workers}")
    if ray_address is not None:
        return run_on_ray(jobs, ray_address, progress, cpus_per_game)
    if workers == 1:
        return _run_here(jobs, progress)
    return _run_on_processes(jobs, workers, progress)


def _run_here(jobs: Sequence[GameJob], progress: Progress | None) -> list[GameResult]:
    results = []
    for job in jobs:
        results.append(play_job(job))
        if progress is not None:
            progress(len(results), len(jobs))
    return results


def _run_on_processes(
    jobs: Sequence[GameJob], workers: int, progress: Progress | None
) -> list[GameResult]:
    results: list[GameResult | None] = [None] * len(jobs)
    context = multiprocessing.get_context("spawn")
    executor = ProcessPoolExecutor(
        min(workers, max(1, len(jobs))), mp_context=context, initializer=_game_process_started
    )
    try:
        futures = {executor.submit(play_job, job): i for i, job in enumerate(jobs)}
        for done, future in enumerate(as_completed(futures), start=1):
            results[futures[future]] = future.result()
            if progress is not None:
                progress(done, len(jobs))
    finally:  # on an error or Ctrl-C, games not started yet are dropped
        executor.shutdown(wait=True, cancel_futures=True)
    return [r for r in results if r is not None]


def _game_process_started() -> None:
    """In a game process, end an expert's search processes before the game process ends:
    multiprocessing joins a process's children before its atexit handlers (which would end
    the search's pool) run, and would wait for them forever."""
    from multiprocessing import util

    from ..bots.search import parallel

    # before the finalizers (priority 10) that close the pool's queues, and waiting, so that
    # the pool's processes get their signal to stop
    util.Finalize(None, parallel.shutdown, kwargs={"wait": True}, exitpriority=100)


def play_on_ray(job: GameJob) -> GameResult:
    """One game as a Ray task. Ray ends its worker processes without the exit handlers that
    would end an expert's search processes, so they are ended after every game."""
    from ..bots.search import parallel

    try:
        return play_job(job)
    finally:
        parallel.shutdown(wait=True)


def ray_module() -> Any:
    """The ``ray`` package, or a clear error naming the extra that installs it."""
    try:
        import ray
    except ImportError:
        raise SpieltischError(
            "--ray needs Ray: pip install 'spieltisch[distributed]' (here and on the cluster)"
        ) from None
    return ray


def check_reachable(address: str, seconds: float = 5.0) -> None:
    """For a ``host:port`` address, fail at once when nothing listens there (Ray itself
    would retry for minutes); other forms (``auto``, ``ray://...``) are left to Ray."""
    host, _, port = address.rpartition(":")
    if not host or "/" in address or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=seconds).close()
    except OSError as exc:
        raise SpieltischError(
            f"cannot connect to the Ray cluster at {address}: {exc.strerror or exc}"
        ) from None


def run_on_ray(
    jobs: Sequence[GameJob],
    address: str,
    progress: Progress | None = None,
    cpus_per_game: int = 1,
) -> list[GameResult]:
    """Play ``jobs`` as Ray tasks on the cluster at ``address`` (``auto``, ``host:port`` or
    ``ray://host:10001``). A driver already connected (``ray.init`` called by the caller)
    is used as it is and left connected."""
    ray = ray_module()
    connected_here = not ray.is_initialized()
    if connected_here:
        check_reachable(address)
        try:
            ray.init(address=address, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise SpieltischError(
                f"cannot connect to the Ray cluster at {address}: {exc}"
            ) from None
    try:
        task = ray.remote(num_cpus=cpus_per_game, max_retries=2)(play_on_ray)
        refs = [task.remote(job) for job in jobs]
        index = {ref: i for i, ref in enumerate(refs)}
        results: list[GameResult | None] = [None] * len(jobs)
        pending = list(refs)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                results[index[ref]] = ray.get(ref)
            if progress is not None:
                progress(len(jobs) - len(pending), len(jobs))
    finally:
        if connected_here:
            ray.shutdown()
    return [r for r in results if r is not None]
