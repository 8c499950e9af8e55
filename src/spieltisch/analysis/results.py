"""What a tournament produces: one outcome per game and the whole result, both JSON-able.

Kept apart from the loop (``tournament``) and the arithmetic (``stats``) so that saved
results can be re-summarized without playing again."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.record import GameRecord
from .stats import Summary, summarize

RESULT_SCHEMA = "spieltisch.tournament/1"


@dataclass(frozen=True)
class GameOutcome:
    """One finished game: which bot sat where, who won, how long it took, the scores."""

    index: int
    seed: int
    seats: tuple[str, ...]  # bot name per seat
    winners: tuple[int, ...]
    length: int  # moves in the game record
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    record: GameRecord | None = field(default=None, compare=False)
    ending: str | None = None  # State.ending(), for games that end in several ways

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "seats": list(self.seats),
            "winners": list(self.winners),
            "length": self.length,
            "scores": list(self.scores),
            "returns": list(self.returns),
            "ending": self.ending,
        }


@dataclass(frozen=True)
class TournamentResult:
    """Every game of a tournament and how it was configured."""

    game: str
    seats: tuple[str, ...]  # the line-up of game 0; rotated by one seat per game if rotate
    seed: int
    options: dict[str, Any]
    rotate: bool
    outcomes: tuple[GameOutcome, ...]

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def games(self) -> int:
        return len(self.outcomes)

    def summary(self) -> Summary:
        return summarize(self.outcomes, self.players)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": RESULT_SCHEMA,
            "game": self.game,
            "seats": list(self.seats),
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "rotate": self.rotate,
            **self.summary().to_json(),
            "results": [o.to_json() for o in self.outcomes],
        }
