"""Statistics for tournaments: Wilson score intervals and per-seat / per-bot aggregation.

Strength is measured, not asserted (DESIGN.md §4): every win rate comes with a 95% interval.
Wilson's interval stays inside [0, 1] and behaves at rates near 0 or 1 and at small n, where
the normal approximation does not."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .results import GameOutcome

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion; ``(0, 1)`` when ``n`` is 0."""
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes}/{n}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    margin = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - margin), min(1.0, centre + margin))


def mean(values: Iterable[float]) -> float:
    """The arithmetic mean; 0.0 for no values (an empty tournament reports zeros)."""
    items = list(values)
    return sum(items) / len(items) if items else 0.0


@dataclass(frozen=True)
class Rate:
    """How one seat or one bot did: ``wins`` of ``n`` games (a shared win counts as a win),
    ``points`` (a win shared by k players counts 1/k), mean score and mean return."""

    wins: int
    n: int
    points: float
    avg_score: float
    avg_return: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.n)

    @property
    def point_rate(self) -> float:
        return self.points / self.n if self.n else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = self.ci95
        return {
            "wins": self.wins,
            "games": self.n,
            "win_rate": self.win_rate,
            "ci95": [low, high],
            "win_points": self.points,
            "point_rate": self.point_rate,
            "avg_score": self.avg_score,
            "avg_return": self.avg_return,
        }


@dataclass(frozen=True)
class Summary:
    """The aggregate of a tournament."""

    games: int
    per_seat: tuple[Rate, ...]
    per_bot: dict[str, Rate]
    avg_length: float
    shared_wins: int  # games won by more than one seat
    no_winner: int  # games nobody won
    # how games ended (State.ending): ending -> (games, mean length); empty if untold
    endings: dict[str, tuple[int, float]] = field(default_factory=dict)

    @property
    def shared_win_share(self) -> float:
        return self.shared_wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "per_seat": [{"seat": s, **r.to_json()} for s, r in enumerate(self.per_seat)],
            "per_bot": {name: r.to_json() for name, r in self.per_bot.items()},
            "avg_length": self.avg_length,
            "shared_wins": self.shared_wins,
            "shared_win_share": self.shared_win_share,
            "no_winner": self.no_winner,
            "endings": {
                name: {"games": n, "avg_length": length}
                for name, (n, length) in sorted(self.endings.items())
            },
        }


def _rate(entries: Sequence[tuple[GameOutcome, int]]) -> Rate:
    """Aggregate (game, seat) entries: one per game in which the seat or bot took part."""
    wins = sum(1 for o, seat in entries if seat in o.winners)
    points = sum(1 / len(o.winners) for o, seat in entries if seat in o.winners)
    return Rate(
        wins=wins,
        n=len(entries),
        points=points,
        avg_score=mean(o.scores[seat] for o, seat in entries),
        avg_return=mean(o.returns[seat] for o, seat in entries),
    )


def summarize(outcomes: Sequence[GameOutcome], players: int) -> Summary:
    """Per seat and per bot rates (a bot that holds two seats counts both), the mean game
    length in moves, and how many games ended in a shared win."""
    per_seat = tuple(_rate([(o, seat) for o in outcomes]) for seat in range(players))
    names = sorted({name for o in outcomes for name in o.seats})
    per_bot = {
        name: _rate([(o, s) for o in outcomes for s, n in enumerate(o.seats) if n == name])
        for name in names
    }
    return Summary(
        games=len(outcomes),
        per_seat=per_seat,
        per_bot=per_bot,
        avg_length=mean(o.length for o in outcomes),
        shared_wins=sum(1 for o in outcomes if len(o.winners) > 1),
        no_winner=sum(1 for o in outcomes if not o.winners),
        endings={
            name: (
                sum(1 for o in outcomes if o.ending == name),
                mean(o.length for o in outcomes if o.ending == name),
            )
            for name in sorted({o.ending for o in outcomes if o.ending is not None})
        },
    )
