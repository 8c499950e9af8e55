"""What a round robin produces: every game, and from them the pairings' win rates with
95% Wilson intervals, each bot's thinking time and the rating table. JSON-able, so that a
saved tournament can be summarized and plotted again without playing.

A pairing's win rate for a bot counts the games where that bot sat alone against the
other (at 2 players: every game). Ties share the win: a game won by k seats gives each
1/k, a game nobody won gives each of the P seats 1/P. The fair share is then 1/P."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .ratings import Rating, ranked, rate_games
from .round_robin import GameResult, RoundRobin, processes_per_game
from .stats import wilson_interval

SCHEMA = "spieltisch.round-robin/1"


@dataclass(frozen=True)
class Side:
    """How ``bot`` did alone against the other bot of a pairing: ``points`` of ``games``."""

    bot: str
    games: int
    points: float

    @property
    def win_rate(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.points, self.games)

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "games": self.games,
            "points": self.points,
            "win_rate": self.win_rate,
            "ci95": list(self.ci95),
        }


@dataclass(frozen=True)
class Thinking:
    """A bot's decisions and the time they took (wall clock and CPU of the game's process)."""

    decisions: int
    seconds: float
    cpu_seconds: float

    @property
    def per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    @property
    def cpu_per_decision(self) -> float:
        return self.cpu_seconds / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "seconds_per_decision": self.per_decision,
            "cpu_seconds_per_decision": self.cpu_per_decision,
        }


def thinking(results: Sequence[GameResult], bot: str) -> Thinking:
    seats = [(r, s) for r in results for s, name in enumerate(r.seats) if name == bot]
    return Thinking(
        decisions=sum(r.decisions[s] for r, s in seats),
        seconds=sum(r.seconds[s] for r, s in seats),
        cpu_seconds=sum(r.cpu_seconds[s] for r, s in seats),
    )


def side(results: Sequence[GameResult], bot: str) -> Side:
    """``bot``'s points in the games of ``results`` where it held exactly one seat (at 2
    players every game it played)."""
    games = 0
    points = 0.0
    for result in results:
        if result.seats.count(bot) == 1:
            games += 1
            points += result.shares()[result.seats.index(bot)]
    return Side(bot, games, points)


@dataclass(frozen=True)
class PairingResult:
    """The games of one pairing, summarized for both of its bots."""

    a: str
    b: str
    games: tuple[GameResult, ...]

    @property
    def sides(self) -> tuple[Side, Side]:
        return side(self.games, self.a), side(self.games, self.b)

    def to_json(self) -> dict[str, Any]:
        return {
            "bots": [self.a, self.b],
            "games": len(self.games),
            "seeds": [self.games[0].seed, self.games[-1].seed] if self.games else [],
            "sides": [
                {**s.to_json(), "thinking": thinking(self.games, s.bot).to_json()}
                for s in self.sides
            ],
            "avg_length": sum(g.length for g in self.games) / len(self.games)
            if self.games
            else 0.0,
        }


@dataclass(frozen=True)
class RoundRobinResult:
    """A tournament as played: its arguments and every game in order."""

    spec: RoundRobin
    games: tuple[GameResult, ...]

    @property
    def fair_share(self) -> float:
        return 1 / self.spec.players

    def pairings(self) -> list[PairingResult]:
        return [
            PairingResult(a, b, tuple(g for g in self.games if g.pairing == p))
            for p, (a, b) in enumerate(self.spec.pairings())
        ]

    def ratings(self) -> list[tuple[str, Rating]]:
        """The rating table, best first. Games are rated round by round — the first game of
        every pairing, then the second, … — since one pass of updates depends on the order,
        and pairing after pairing would rate the last pairing against settled ratings."""
        rounds = sorted(self.games, key=lambda g: (g.index, g.pairing))
        rated = rate_games(((g.seats, g.standing) for g in rounds), self.spec.names())
        return ranked(rated)

    def thinking(self) -> dict[str, Thinking]:
        return {name: thinking(self.games, name) for name in self.spec.names()}

    def to_json(self) -> dict[str, Any]:
        spec = self.spec
        times = self.thinking()
        return {
            "schema": SCHEMA,
            "game": spec.game,
            "options": spec.options,
            "players": spec.players,
            "seed": spec.seed,
            "games_per_pairing": spec.games,
            "bots": list(spec.bots),
            "reference": spec.reference,
            "alone": spec.alone,
            "fair_share": self.fair_share,
            "pairings": [p.to_json() for p in self.pairings()],
            "ratings": [
                {"bot": name, **rating.to_json(), **times[name].to_json()}
                for name, rating in self.ratings()
            ],
            "curve": [p.to_json() for p in curve(self)] if spec.reference else None,
            "results": [g.to_json() for g in self.games],
        }


def from_json(data: dict[str, Any]) -> RoundRobinResult:
    """A saved tournament (``to_json``) read back, to summarize or plot it again."""
    if data.get("schema") != SCHEMA:
        raise ValueError(f"not a saved round robin ({SCHEMA}): schema {data.get('schema')!r}")
    spec = RoundRobin(
        game=data["game"],
        bots=tuple(data["bots"]),
        games=data["games_per_pairing"],
        players=data["players"],
        seed=data["seed"],
        options=dict(data["options"]),
        reference=data["reference"],
        alone=data.get("alone"),
    )
    games = tuple(
        GameResult(
            pairing=g["pairing"],
            index=g["index"],
            seed=g["seed"],
            seats=tuple(g["seats"]),
            standing=tuple(tuple(place) for place in g["standing"]),
            winners=tuple(g["winners"]),
            length=g["length"],
            scores=tuple(g["scores"]),
            decisions=tuple(g["decisions"]),
            seconds=tuple(g["seconds"]),
            cpu_seconds=tuple(g["cpu_seconds"]),
        )
        for g in data["results"]
    )
    return RoundRobinResult(spec, games)


@dataclass(frozen=True)
class CurvePoint:
    """One budgeted bot on the strength-against-thinking-time curve: its seconds per
    decision (CPU of its own process; wall clock for a bot that searches on several
    processes, whose work the game's process does not see) and its games against the
    reference."""

    bot: str
    seconds: float
    clock: str  # "cpu" or "wall"
    side: Side

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "seconds": self.seconds,
            "clock": self.clock,
            **self.side.to_json(),
        }


def curve(result: RoundRobinResult) -> list[CurvePoint]:
    """Every listed bot against the reference (curve mode), fastest first."""
    times = result.thinking()
    points = []
    for pairing in result.pairings():
        bot = pairing.b
        several = processes_per_game([bot], result.spec.game) > 1
        seconds = times[bot].per_decision if several else times[bot].cpu_per_decision
        points.append(CurvePoint(bot, seconds, "wall" if several else "cpu", pairing.sides[1]))
    return sorted(points, key=lambda p: (p.seconds, p.bot))
