"""Ratings from finishing orders: OpenSkill's Plackett–Luce model, which rates games of any
number of players with ties (tied seats share a place).

A bot may hold several seats of one game ("one hard against two normal"). Each seat is then
a team of its own, rated from a copy of the bot's rating as it stood before the game, and
the bot's new mean and uncertainty are the averages over its seats. So a game moves a
bot's rating as one game does, however many seats it held, and a bot's seats placed apart
(second and third behind another bot) count as the average of the two places.

Games are rated one after another in the order given (a tournament gives them round by
round), so the same games always give the same ratings."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma


@dataclass(frozen=True)
class Rating:
    """A bot's skill estimate: mean ``mu``, uncertainty ``sigma``, from ``games`` games."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate OpenSkill ranks by: mu − 3·sigma (about 99.7% sure the
        skill is at least this)."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"ordinal": self.ordinal, "mu": self.mu, "sigma": self.sigma, "games": self.games}


def places(standing: Sequence[Sequence[int]], players: int) -> list[int]:
    """Each seat's place (0 best) from a standing ``[[seats of 1st], [seats of 2nd], ...]``;
    tied seats share a place."""
    rank = [0] * players
    for place, seats in enumerate(standing):
        for seat in seats:
            rank[seat] = place
    return rank


def update(
    ratings: dict[str, Rating], seats: Sequence[str], standing: Sequence[Sequence[int]]
) -> dict[str, Rating]:
    """The ratings after one game: ``seats`` names the bot in each seat, ``standing`` is
    ``State.standing()``. Bots not in the game keep theirs; a bot not rated yet starts at
    OpenSkill's default."""
    before = {name: ratings.get(name, Rating()) for name in seats}
    teams = [[MODEL.rating(mu=before[n].mu, sigma=before[n].sigma)] for n in seats]
    rated = MODEL.rate(teams, ranks=[float(p) for p in places(standing, len(seats))])
    after = dict(ratings)
    for name in dict.fromkeys(seats):  # each bot once, in seat order
        mine = [team[0] for team, n in zip(rated, seats, strict=True) if n == name]
        after[name] = Rating(
            mu=sum(r.mu for r in mine) / len(mine),
            sigma=sum(r.sigma for r in mine) / len(mine),
            games=before[name].games + 1,
        )
    return after


def rate_games(
    games: Iterable[tuple[Sequence[str], Sequence[Sequence[int]]]], names: Sequence[str] = ()
) -> dict[str, Rating]:
    """The ratings after the games ``(seats, standing)`` in order; every bot in ``names``
    is listed, also one that played no game."""
    ratings = {name: Rating() for name in names}
    for seats, standing in games:
        ratings = update(ratings, seats, standing)
    return ratings


def ranked(ratings: dict[str, Rating]) -> list[tuple[str, Rating]]:
    """Best first by ordinal; equal ordinals by name, so the order is stable."""
    return sorted(ratings.items(), key=lambda item: (-item[1].ordinal, item[0]))
