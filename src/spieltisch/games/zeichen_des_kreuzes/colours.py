"""The cubes' colours and counts (ZK-R2, ZK-R3, ZK-T6): seats ``0..4`` are the player
colours ``P0``..``P4``, :data:`GREEN` (5) is green; every throw is logged by colour
(:class:`ThrowRecord`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine.errors import StateFormatError

if TYPE_CHECKING:
    from .tower_models import Tower

GREEN = 5
COLOURS = 6


def colour_name(colour: int) -> str:
    """``"P0"``..``"P4"`` for the player colours, ``"G"`` for green."""
    if colour == GREEN:
        return "G"
    if 0 <= colour < GREEN:
        return f"P{colour}"
    raise ValueError(f"{colour!r} is not a colour id (0..{GREEN})")


def colour_from_name(name: str) -> int:
    """The inverse of :func:`colour_name`."""
    if name == "G":
        return GREEN
    if len(name) == 2 and name[0] == "P" and name[1] in "01234":
        return int(name[1])
    raise ValueError(f"{name!r} is not a colour name (P0..P4 or G)")


def tally(cubes: Iterable[int]) -> list[int]:
    """Counts per colour, a list of length :data:`COLOURS`."""
    out = [0] * COLOURS
    for c in cubes:
        out[c] += 1
    return out


def check_cubes(cubes: Sequence[int]) -> None:
    for c in cubes:
        if c.__class__ is not int or not 0 <= c < COLOURS:
            raise ValueError(f"{c!r} is not a colour id (0..{GREEN})")


def named_counts(counts: Sequence[int]) -> dict[str, int]:
    """Colour counts (a ``tally``) by colour name, non-zero colours only."""
    return {colour_name(c): n for c, n in enumerate(counts) if n}


# -- the throw log (ZK-T6) ----------------------------------------------------------------


@dataclass(frozen=True)
class ThrowRecord:
    """One logged throw (ZK-T6, ZK-H1): cubes in, tray and the tower after, per colour
    (non-zero colours only)."""

    thrown: dict[int, int]
    tray: dict[int, int]
    after: dict[int, int]

    @classmethod
    def of(cls, thrown: Iterable[int], tray: Iterable[int], tower: Tower) -> ThrowRecord:
        """The record of a throw that has just happened in ``tower``."""
        t_in, t_out = tally(thrown), tally(tray)
        return cls(
            {c: n for c, n in enumerate(t_in) if n},
            {c: n for c, n in enumerate(t_out) if n},
            tower.counts(),
        )

    def to_json(self) -> dict[str, dict[str, int]]:
        """``{"thrown": {"P0": 5, "G": 3}, "tray": {...}, "after": {...}}``."""
        return {
            key: {colour_name(c): n for c, n in sorted(getattr(self, key).items())}
            for key in ("thrown", "tray", "after")
        }

    @classmethod
    def from_json(cls, obj: object) -> ThrowRecord:
        if not isinstance(obj, dict):
            raise StateFormatError("a throw record must be an object")
        parts: list[dict[int, int]] = []
        for key in ("thrown", "tray", "after"):
            part = obj.get(key)
            if not isinstance(part, dict):
                raise StateFormatError(f"throw record {key!r} must map colour names to counts")
            try:
                counts = {colour_from_name(str(k)): v for k, v in part.items()}
            except ValueError as exc:
                raise StateFormatError(f"throw record {key!r}: {exc}") from None
            if not all(v.__class__ is int and v > 0 for v in counts.values()):
                raise StateFormatError(f"throw record {key!r} counts must be positive integers")
            parts.append(dict(sorted(counts.items())))
        return cls(parts[0], parts[1], parts[2])
