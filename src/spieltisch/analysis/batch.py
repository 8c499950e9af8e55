"""Many seeded bot games, each finished game reduced to what a report needs: the work behind
a game's own commands (``engine.manifest.ToolContext.play_games``), e.g. Tumult Royal's
calibration report.

The bot of seat s in the game of seed g draws from ``bot_rng(g, 0, s)``, so a game's moves
depend on its seed only, never on which process plays it or in which order."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from ..engine.game import State
from ..engine.registry import game as lookup_game
from .tournament import bot_rng, play_bot_game

T = TypeVar("T")

Job = tuple[str, tuple[str, ...], int, dict[str, Any], Callable[[State], Any]]


def _play(job: Job) -> Any:
    game_id, seats, seed, options, extract = job
    rngs = [bot_rng(seed, 0, seat) for seat in range(len(seats))]
    return extract(play_bot_game(lookup_game(game_id), seats, seed, options, rngs))


def play_games(
    game_id: str,
    seats: Sequence[str],
    seeds: Sequence[int],
    options: Mapping[str, Any],
    extract: Callable[[State], T],
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[T]:
    """One game of ``game_id`` per seed with the bots named in ``seats``, each final state
    mapped by ``extract``; in the order of ``seeds``. With ``jobs`` > 1 the games are
    spread over processes (``extract`` must then be a module-level function and the game
    installed, so that the other processes find both); the results are the same."""
    work: list[Job] = [(game_id, tuple(seats), s, dict(options), extract) for s in seeds]
    out: list[T] = []
    if jobs > 1 and len(work) > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for result in pool.imap(_play, work, chunksize=4):
                out.append(result)
                if progress is not None:
                    progress(1)
        return out
    for job in work:
        out.append(_play(job))
        if progress is not None:
            progress(1)
    return out
