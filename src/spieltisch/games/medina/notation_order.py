"""The ``order`` line of the Medina notation: every piece in placement order, turned into
the ``pieces`` and ``palaces`` facts of a state document (``document.py``).

A building joins the palace of a king-adjacent component (two palaces never come that
close, MD-R7(c)), else founds the next palace; a stable joins the palace of an adjacent
building; a roof names any building cell of its palace. Whether each piece was legal when
it was placed is checked with the rest of the position (``rebuild.py``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...engine.errors import PositionError
from ...engine.game import JSON
from .notation_write import colour_letters, first_time

_TOKEN = re.compile(r"^(?:([a-z])|r([0-9]|n):)(\d+),(\d+)(?:@(\d+))?$")
_KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
_ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]

XY = tuple[int, int]


class Line:
    """A line of the notation, numbered as in the text (ignored lines count too)."""

    __slots__ = ("no", "text")

    def __init__(self, no: int, text: str) -> None:
        self.no = no
        self.text = text

    def fail(self, msg: str, col: int | None = None) -> PositionError:
        where = f"line {self.no}" + ("" if col is None else f", character {col + 1}")
        return PositionError(f"Medina notation, {where}: {msg}")

    def words(self) -> list[tuple[int, str]]:
        """(column, word) pairs of the whitespace-separated words."""
        return [(m.start(), m.group()) for m in re.finditer(r"\S+", self.text)]


def read_int(line: Line, col: int, text: str, what: str, minimum: int = 0) -> int:
    """A count written in ``line`` at ``col``."""
    if not re.fullmatch(r"\d+", text) or int(text) < minimum:
        raise line.fail(f"{what} must be an integer >= {minimum}, not {text!r}", col)
    return int(text)


@dataclass
class Order:
    """The pieces of the ``order`` line as facts, and which palace each cell belongs to."""

    line: Line
    tokens: list[tuple[int, str]]  # (column, token) per piece
    pieces: list[list[Any]] = field(default_factory=list)  # [time, kind, [x, y], palace]
    palaces: list[JSON] = field(default_factory=list)  # {"id", "colour", "owner"}
    pal_cells: dict[int, list[XY]] = field(default_factory=dict)
    cell_palace: dict[XY, int] = field(default_factory=dict)
    buildings: set[XY] = field(default_factory=set)


def read_order(
    line: Line, colours: tuple[str, ...], width: int, height: int, edition: int
) -> Order:
    """Turn the order tokens into pieces and palaces; ``PositionError`` names a token that
    is no piece, off the board or out of time."""
    order = Order(line, line.words()[1:])
    letters = colour_letters(colours)
    expected = first_time(edition)
    last = -1
    for col, token in order.tokens:
        m = _TOKEN.match(token)
        if not m:
            raise line.fail(
                f"{token!r} is not a piece such as g3,4 (building), s3,5, m8,6, w1,0, "
                "r0:3,4 (roof by seat 0) or rn:3,4 (neutral roof), optionally with @time",
                col,
            )
        code, roof, xs, ys, ts = m.groups()
        x, y = int(xs), int(ys)
        if not (0 <= x < width and 0 <= y < height):
            raise line.fail(f"{token!r}: cell ({x},{y}) is off the {width}x{height} board", col)
        t = int(ts) if ts is not None else expected
        if t < last or (t == last and t > 0):
            raise line.fail(f"{token!r}: time {t} is not after the previous piece's {last}", col)
        last, expected = t, t + 1
        where = (col, token, (x, y), t)
        if roof is not None:
            _roof(order, where, roof)
        elif code in letters:
            _building(order, where, colours[letters.index(code)])
        elif code == "s":
            _stable(order, where)
        elif code in ("m", "w"):
            order.pieces.append([t, "merchant" if code == "m" else "wall", [x, y], 0])
        else:
            raise line.fail(f"{token!r}: unknown piece code {code!r}", col)
    return order


Where = tuple[int, str, XY, int]  # (column, token, cell, time)


def _roof(order: Order, where: Where, owner: str) -> None:
    """``r0:x,y`` / ``rn:x,y``: the palace with a building on (x, y) gets its roof."""
    col, token, cell, t = where
    p = order.cell_palace.get(cell)
    if p is None or cell not in order.buildings:
        raise order.line.fail(
            f"{token!r}: no palace building at ({cell[0]},{cell[1]}) to roof", col
        )
    entry = order.palaces[p - 1]
    if entry["owner"] is not None:
        raise order.line.fail(
            f"{token!r}: the palace at ({cell[0]},{cell[1]}) already has a roof", col
        )
    entry["owner"] = "neutral" if owner == "n" else int(owner)
    order.pieces.append([t, "neutral_roof" if owner == "n" else "roof", list(cell), p])


def _building(order: Order, where: Where, colour: str) -> None:
    """A building joins the palace it touches (king-adjacent), else founds the next one."""
    col, token, (x, y), t = where
    near = sorted(
        {
            order.cell_palace[(x + dx, y + dy)]
            for dx, dy in _KING
            if (x + dx, y + dy) in order.cell_palace
        }
    )
    if len(near) > 1:
        a, b = (order.pal_cells[q][0] for q in near[:2])
        raise order.line.fail(
            f"{token!r}: the building at ({x},{y}) would touch two palaces, at "
            f"({a[0]},{a[1]}) and ({b[0]},{b[1]}) (MD-R7)",
            col,
        )
    if near:
        p = near[0]
        other = order.palaces[p - 1]["colour"]
        if other != colour:
            article = "an" if colour[0] in "aeiou" else "a"
            at = order.pal_cells[p][0]
            raise order.line.fail(
                f"{token!r}: {article} {colour} building at ({x},{y}) would touch the "
                f"{other} palace at ({at[0]},{at[1]}) (MD-R7)",
                col,
            )
    else:
        p = len(order.palaces) + 1
        order.palaces.append({"id": p, "colour": colour, "owner": None})
        order.pal_cells[p] = []
    order.pal_cells[p].append((x, y))
    order.cell_palace.setdefault((x, y), p)
    order.buildings.add((x, y))
    order.pieces.append([t, "building", [x, y], p])


def _stable(order: Order, where: Where) -> None:
    """A stable joins the palace of a building it touches (MD-R29)."""
    col, token, (x, y), t = where
    near = sorted(
        {
            order.cell_palace[(x + dx, y + dy)]
            for dx, dy in _ROOK
            if (x + dx, y + dy) in order.buildings
        }
    )
    if not near:
        raise order.line.fail(
            f"{token!r}: the stable at ({x},{y}) touches no building (MD-R29)", col
        )
    order.cell_palace.setdefault((x, y), near[0])
    order.pieces.append([t, "stable", [x, y], near[0]])
