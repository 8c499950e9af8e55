"""Round robins between bots: every pair of the listed bots plays the same number of games.

Line-ups: game k of the pairing {A, B} at P players puts one bot alone against P−1 of the
other — A alone in even games, B alone in odd games — and the lone bot sits in seat
(k // 2) mod P. Over 2P games each bot has sat alone in every seat once. At 2 players this
is simply A and B taking turns in each seat.

With ``alone`` set (``--alone BOT``), that bot sits alone in every game of its pairings, in
seat k mod P of game k, against P−1 of the other: the line-up for "one hard against two
normal" at 3 players, which spends no games on the reverse. Pairings without it keep the
alternating line-up.

Seeds: game k of pairing p in a tournament seeded S with N games per pairing has the game
seed S + p·N + k, so every game of the tournament has its own deal (seeds S up to
S + pairings·N − 1). The bot in a seat draws from ``random.Random("spieltisch/S/p/k/seat")``,
seeded by a string as in ``analysis.tournament`` (independent of ``PYTHONHASHSEED``). With
iteration budgets the same arguments therefore give the same games in any process, on any
machine.

In "curve" mode (``reference`` set) every listed bot plays only the reference bot: the
games behind a plot of strength against thinking time."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from .. import bots
from ..engine.errors import OptionError
from ..engine.options import resolve_options
from ..engine.registry import game as lookup_game

Progress = Callable[[int, int], None]  # (games done, games in total)


@dataclass(frozen=True)
class GameJob:
    """Everything one game needs, small and picklable (sent to processes and Ray tasks)."""

    game: str
    options: dict[str, Any]
    tournament_seed: int
    pairing: int
    index: int  # the game's number within its pairing
    seed: int  # the game's own seed
    seats: tuple[str, ...]  # bot name per seat


@dataclass(frozen=True)
class GameResult:
    """One finished game: the line-up, the finishing order and how long the bots thought.

    ``decisions`` counts the moves where a seat had more than one legal action (the others
    are not asked); ``seconds`` and ``cpu_seconds`` are the wall-clock and CPU time of those
    decisions per seat. Times differ between runs, so they take no part in equality."""

    pairing: int
    index: int
    seed: int
    seats: tuple[str, ...]
    standing: tuple[tuple[int, ...], ...]  # places, best first; tied seats share a place
    winners: tuple[int, ...]
    length: int  # moves in the game record
    scores: tuple[float, ...]
    decisions: tuple[int, ...]
    seconds: tuple[float, ...] = field(compare=False)
    cpu_seconds: tuple[float, ...] = field(compare=False)

    def shares(self) -> list[float]:
        """Each seat's share of the win: 1/|W| for each of the winners W; a game nobody
        wins is a tie of all seats, 1/P each."""
        players = len(self.seats)
        if not self.winners:
            return [1 / players] * players
        return [1 / len(self.winners) if s in self.winners else 0.0 for s in range(players)]

    def to_json(self) -> dict[str, Any]:
        return {
            "pairing": self.pairing,
            "index": self.index,
            "seed": self.seed,
            "seats": list(self.seats),
            "standing": [list(place) for place in self.standing],
            "winners": list(self.winners),
            "length": self.length,
            "scores": list(self.scores),
            "decisions": list(self.decisions),
            "seconds": list(self.seconds),
            "cpu_seconds": list(self.cpu_seconds),
        }


def bot_rng(seed: int, pairing: int, index: int, seat: int) -> random.Random:
    """The RNG of the bot in ``seat`` during game ``index`` of pairing ``pairing``."""
    return random.Random(f"spieltisch/{seed}/{pairing}/{index}/{seat}")


def line_up(a: str, b: str, players: int, index: int, alone: str | None = None) -> tuple[str, ...]:
    """Who sits where in game ``index`` of the pairing {a, b} (see the module's text)."""
    if alone in (a, b):
        lone, crowd = (a, b) if alone == a else (b, a)
        seat = index % players
    else:
        lone, crowd = (a, b) if index % 2 == 0 else (b, a)
        seat = (index // 2) % players
    return tuple(lone if s == seat else crowd for s in range(players))


@dataclass(frozen=True)
class RoundRobin:
    """A tournament: ``games`` games for every pairing of ``bots`` at ``players`` players.

    With a ``reference`` the pairings are the reference against each listed bot only."""

    game: str
    bots: tuple[str, ...]
    games: int
    players: int = 2
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    reference: str | None = None
    alone: str | None = None  # the bot that always sits alone in its pairings

    def pairings(self) -> list[tuple[str, str]]:
        if self.reference is not None:
            return [(self.reference, name) for name in self.bots]
        return list(combinations(self.bots, 2))

    def balanced(self) -> int:
        """A number of games per pairing that seats each bot alone in every seat equally
        often (2 at 2 players, where both bots are alone in every game; P with ``alone``,
        where only that bot is alone)."""
        if self.players == 2:
            return 2
        return self.players if self.alone is not None else 2 * self.players

    def names(self) -> list[str]:
        """Every bot that plays, the reference first."""
        return ([self.reference] if self.reference else []) + list(self.bots)

    def jobs(self) -> list[GameJob]:
        """Every game of the tournament, pairing by pairing, in the order results come."""
        return [
            GameJob(
                game=self.game,
                options=dict(self.options),
                tournament_seed=self.seed,
                pairing=p,
                index=k,
                seed=self.seed + p * self.games + k,
                seats=line_up(a, b, self.players, k, self.alone),
            )
            for p, (a, b) in enumerate(self.pairings())
            for k in range(self.games)
        ]

    def check(self) -> None:
        """Reject a bad tournament before any game starts, with a message that says why."""
        game = lookup_game(self.game)
        if self.games < 1:
            raise OptionError(f"--games must be 1 or more, not {self.games}")
        if len(set(self.bots)) != len(self.bots):
            twice = sorted({n for n in self.bots if self.bots.count(n) > 1})
            raise OptionError(f"each bot once in --bots; given twice: {', '.join(twice)}")
        if self.reference is None and len(self.bots) < 2:
            raise OptionError("a round robin needs at least two bots in --bots")
        if self.reference is not None and not self.bots:
            raise OptionError("a curve needs at least one bot in --bots besides the reference")
        if self.reference in self.bots:
            raise OptionError(f"the reference {self.reference!r} plays every bot: not in --bots")
        if self.alone is not None and self.alone not in self.names():
            raise OptionError(f"--alone {self.alone!r} is not one of the bots that play")
        for name in self.names():
            bots.make(name, game)  # an unknown bot or a bad budget raises, naming it
        if not game.min_players <= self.players <= game.max_players:
            raise OptionError(
                f"{game.name} is played by {game.min_players} to {game.max_players} players, "
                f"not {self.players} (--players)"
            )
        resolve_options(game.options, self.options, self.players)


def play_job(job: GameJob) -> GameResult:
    """Play one game of a tournament to the end (in whatever process runs it)."""
    game = lookup_game(job.game)
    players = len(job.seats)
    state = game.new_game(players, job.seed, dict(job.options))
    seat_bots = [bots.make(name, game) for name in job.seats]
    rngs = [bot_rng(job.tournament_seed, job.pairing, job.index, s) for s in range(players)]
    decisions = [0] * players
    seconds = [0.0] * players
    cpu = [0.0] * players
    while not state.is_over():
        seat = state.actors()[0]
        asked = len(state.legal_actions(seat)) > 1  # a forced move is not a decision
        bot = seat_bots[seat]
        wall0, cpu0, helpers0 = time.perf_counter(), time.process_time(), helper_cpu(bot)
        action = bots.act(bot, state, seat, rngs[seat])
        if asked:
            decisions[seat] += 1
            seconds[seat] += time.perf_counter() - wall0
            cpu[seat] += time.process_time() - cpu0 + helper_cpu(bot) - helpers0
        state.apply(seat, action)
    return GameResult(
        pairing=job.pairing,
        index=job.index,
        seed=job.seed,
        seats=job.seats,
        standing=tuple(tuple(place) for place in state.standing()),
        winners=tuple(state.winners()),
        length=state.move_count,
        scores=tuple(state.scores()),
        decisions=tuple(decisions),
        seconds=tuple(seconds),
        cpu_seconds=tuple(cpu),
    )


def helper_cpu(bot: object) -> float:
    """CPU seconds a bot's helper processes have spent for it (an expert's root
    parallelism), which this process's ``time.process_time`` does not count."""
    return float(getattr(bot, "helper_cpu_seconds", 0.0))


def processes_per_game(names: Sequence[str], game_id: str) -> int:
    """How many processes one game of these bots keeps busy: a search level with
    ``workers`` > 1 (expert) searches on that many processes of its own."""
    game = lookup_game(game_id)
    return max(int(getattr(bots.make(name, game), "workers", 1)) for name in names)
