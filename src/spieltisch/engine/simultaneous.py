"""Support for simultaneous phases: several actors each submit once; choices stay hidden from
the other seats until every expected seat has chosen, then the game resolves them together."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .action import Action
from .errors import IllegalAction


class SimultaneousChoices:
    """The hidden, pending choices of one simultaneous step."""

    __slots__ = ("_chosen", "_expected")

    def __init__(self, seats: tuple[int, ...]) -> None:
        self._expected = tuple(sorted(seats))
        self._chosen: dict[int, Action] = {}

    @property
    def expected(self) -> tuple[int, ...]:
        return self._expected

    def waiting(self) -> tuple[int, ...]:
        """Seats that still have to choose (the actors of this step)."""
        return tuple(s for s in self._expected if s not in self._chosen)

    def submit(self, seat: int, action: Action) -> None:
        if seat not in self._expected:
            raise IllegalAction(f"seat {seat} takes no part in this simultaneous step")
        if seat in self._chosen:
            raise IllegalAction(f"seat {seat} has already chosen in this step")
        self._chosen[seat] = action

    def complete(self) -> bool:
        return len(self._chosen) == len(self._expected)

    def choices(self) -> list[tuple[int, Action]]:
        """Every choice in seat order; only meaningful once ``complete()``."""
        return [(s, self._chosen[s]) for s in self._expected if s in self._chosen]

    def own_choice(self, seat: int) -> Action | None:
        return self._chosen.get(seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Who has chosen is public; what they chose is private to each chooser."""
        out: dict[str, Any] = {"waiting_for": list(self.waiting())}
        if seat is not None and seat in self._chosen:
            out["my_choice"] = self._chosen[seat].to_json()
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimultaneousChoices):
            return NotImplemented
        return self._expected == other._expected and self._chosen == other._chosen

    __hash__ = None  # type: ignore[assignment]  # mutable: compared by value

    def clone(self) -> SimultaneousChoices:
        other = SimultaneousChoices.__new__(SimultaneousChoices)
        other._expected = self._expected
        other._chosen = dict(self._chosen)
        return other

    def redraw_others(
        self, seat: int | None, options_for: Callable[[int], list[Action]], rng: random.Random
    ) -> None:
        """Used by ``resample``: who has chosen is public, what they chose is not. Every
        other seat's pending choice is replaced by a random one of its legal choices."""
        for other in sorted(self._chosen):
            if other != seat:
                self._chosen[other] = rng.choice(options_for(other))
