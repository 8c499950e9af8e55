"""Seeded tournaments between bots: game i uses seed ``seed + i``, every bot its own RNG.

The same arguments give the same games on any machine: the game's chance comes from its seed,
and each bot's ``random.Random`` is seeded from (seed, game index, seat) by a string, which
Python hashes with SHA-512, independent of ``PYTHONHASHSEED``."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .. import bots
from ..engine.errors import OptionError
from ..engine.game import Game, State
from ..engine.options import resolve_options
from ..engine.registry import game as lookup_game
from .results import GameOutcome, TournamentResult

Progress = Callable[[int, int], None]  # (games done, games in total)


def bot_rng(seed: int, index: int, seat: int) -> random.Random:
    """The RNG of the bot in ``seat`` during game ``index`` of a tournament seeded ``seed``."""
    return random.Random(f"spieltisch/{seed}/{index}/{seat}")


def line_up(seats: Sequence[str], index: int, rotate: bool) -> tuple[str, ...]:
    """Who sits where in game ``index``: with rotation, every bot moves one seat on per game,
    so over ``players`` games each bot has played each seat once."""
    n = len(seats)
    shift = index % n if rotate else 0
    return tuple(seats[(seat + shift) % n] for seat in range(n))


def check_line_up(game: Game, seats: Sequence[str], options: Mapping[str, Any]) -> None:
    """Reject unknown bots, a bad player count or bad options before any game starts."""
    if not seats:
        raise OptionError("give at least one seat")
    for name in dict.fromkeys(seats):
        bots.make(name, game)  # names every bot it knows, or the budget's problem, when refused
    players = len(seats)
    if not game.min_players <= players <= game.max_players:
        raise OptionError(
            f"{game.name} is played by {game.min_players} to {game.max_players} players, "
            f"not {players}"
        )
    resolve_options(game.options, options, players)


def play_bot_game(
    game: Game,
    seats: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    rngs: Sequence[random.Random] | None = None,
) -> State:
    """Play one game to the end with the named bots in ``seats``; returns the final state."""
    players = len(seats)
    state = game.new_game(players, seed, dict(options or {}))
    seat_bots = [bots.make(name, game) for name in seats]
    rngs = rngs or [random.Random(f"spieltisch/{seed}/{seat}") for seat in range(players)]
    while not state.is_over():
        seat = state.actors()[0]
        action = bots.act(seat_bots[seat], state, seat, rngs[seat])
        state.apply(seat, action)
    return state


def run_tournament(
    game_id: str,
    seats: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    rotate: bool = True,
    progress: Progress | None = None,
    keep_records: bool = False,
) -> TournamentResult:
    """Play ``games`` seeded games between the bots named in ``seats`` (one per seat).

    ``progress(done, total)`` is called after every game; ``keep_records`` keeps each game's
    record on its outcome (for saving)."""
    game = lookup_game(game_id)
    options = dict(options or {})
    if games < 0:
        raise OptionError(f"the number of games must be 0 or more, not {games}")
    check_line_up(game, seats, options)
    outcomes = []
    for index in range(games):
        lineup = line_up(seats, index, rotate)
        game_seed = seed + index
        rngs = [bot_rng(seed, index, seat) for seat in range(len(lineup))]
        state = play_bot_game(game, lineup, game_seed, options, rngs)
        outcomes.append(
            GameOutcome(
                index=index,
                seed=game_seed,
                seats=lineup,
                winners=tuple(state.winners()),
                length=state.move_count,
                scores=tuple(state.scores()),
                returns=tuple(state.returns()),
                record=state.record() if keep_records else None,
                ending=state.ending(),
            )
        )
        if progress is not None:
            progress(index + 1, games)
    return TournamentResult(
        game=game.id,
        seats=tuple(seats),
        seed=seed,
        options=options,
        rotate=rotate,
        outcomes=tuple(outcomes),
    )
