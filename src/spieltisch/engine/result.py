"""What a finished game's result screen shows beyond the standing: each seat's score broken
down, the game's tie-breaks spelled out and how the game ended (``Game.result_sheet``), and
the measure of progress the standing chart draws over the game (``Game.progress``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ResultSheet:
    """The breakdown of a finished game, in the reader's language.

    ``columns`` head the breakdown table; ``rows`` hold one list per seat (in seat order),
    aligned with ``columns`` (numbers or short texts; the last column is usually the total).
    ``tie_breaks`` says in a sentence or two how this game orders seats with the same score
    (and which tie-break decided this game, if one did); ``ending`` how the game ended where
    a game can end in several ways (``None`` otherwise); ``notes`` any further lines."""

    columns: list[str]
    rows: list[list[Any]]
    tie_breaks: str = ""
    ending: str | None = None
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "columns": list(self.columns),
            "rows": [list(r) for r in self.rows],
            "tie_breaks": self.tie_breaks,
            "ending": self.ending,
            "notes": list(self.notes),
        }


def ranks(keys: list[tuple[Any, ...]]) -> list[int]:
    """Standing places (1 = first) from ``ranking_keys``: equal keys share a place."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]
