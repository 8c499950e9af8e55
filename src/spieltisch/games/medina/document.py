"""How each fact of a Medina position is written in a state document's ``data`` and read
back (``engine.fields``: ``fact(save=..., load=...)``). Cells are written ``[x, y]`` as the
players read them; palaces and tiles by palace id (1, 2, ... in founding order).

Reading checks the form of each fact and names the field that is wrong
(``StateFormatError``); whether the facts make a position that can happen is the business
of ``rebuild.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.errors import StateFormatError
from .cells import NEUTRAL, PHASES, PIECE_CODES, PIECE_NAMES, UNCLAIMED

if TYPE_CHECKING:
    from .state import MedinaState, Piece


def _fail(msg: str) -> StateFormatError:
    return StateFormatError(f"medina state data: {msg}")


def integer(value: Any, name: str, minimum: int = 0) -> int:
    if type(value) is not int or value < minimum:
        raise _fail(f"'{name}' must be an integer >= {minimum}, not {value!r}")
    return value


def integers(value: Any, size: int, name: str) -> list[int]:
    if not isinstance(value, list) or len(value) != size:
        raise _fail(f"'{name}' must be a list of {size} integers >= 0, not {value!r}")
    return [integer(v, name) for v in value]


def seat_rows(value: Any, st: MedinaState, width: int, name: str) -> list[list[int]]:
    """One row of ``width`` counts per seat."""
    if not isinstance(value, list) or len(value) != st.players:
        raise _fail(f"'{name}' must hold {st.players} rows of {width} non-negative integers")
    return [integers(row, width, name) for row in value]


# -- cells ---------------------------------------------------------------------------------
def cell_json(cell: int, st: MedinaState) -> list[int] | None:
    """A cell as ``[x, y]``; ``None`` for no cell (-1)."""
    return None if cell < 0 else st.xy(cell)


def read_cell(value: Any, st: MedinaState) -> int:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise _fail(f"a cell must be [x, y], not {value!r}")
    if not st.board.on_board(*value):
        raise _fail(f"cell {value} is off the board")
    return st.board.cell(*value)


def read_optional_cell(value: Any, st: MedinaState) -> int:
    return -1 if value is None else read_cell(value, st)


# -- pieces and palaces --------------------------------------------------------------------
def pieces_json(pieces: list[Piece], st: MedinaState) -> list[list[Any]]:
    """``[time, kind, [x, y], palace or chain]`` per piece, in placement order."""
    return [[t, PIECE_NAMES[k], st.xy(c), x] for t, k, c, x in pieces]


def read_pieces(value: Any, st: MedinaState) -> list[Piece]:
    if not isinstance(value, list):
        raise _fail("'pieces' must be a list")
    out = []
    for entry in value:
        if not (isinstance(entry, list) and len(entry) == 4):
            raise _fail(f"a piece is [time, kind, [x, y], palace or chain], not {entry!r}")
        t, name, xy, extra = entry
        kind = PIECE_CODES.get(name) if isinstance(name, str) else None
        if kind is None:
            raise _fail(f"piece {entry!r}: unknown kind {name!r}")
        out.append((integer(t, "piece time"), kind, read_cell(xy, st), integer(extra, "piece")))
    return out


def owner_code(owner: int) -> int | str | None:
    return "neutral" if owner == NEUTRAL else None if owner == UNCLAIMED else owner


def palaces_json(palaces: list[tuple[int, int]], st: MedinaState) -> list[dict[str, Any]]:
    """``{"id", "colour", "owner"}`` per palace; the owner a seat, "neutral" or null."""
    return [
        {"id": i, "colour": st.colours[colour], "owner": owner_code(owner)}
        for i, (colour, owner) in enumerate(palaces, start=1)
    ]


def read_palaces(value: Any, st: MedinaState) -> list[tuple[int, int]]:
    if not isinstance(value, list):
        raise _fail("'palaces' must be a list")
    out = []
    for i, entry in enumerate(value, start=1):
        if not isinstance(entry, dict) or entry.get("id") != i:
            raise _fail(f"palace {i}: ids run 1, 2, ... in founding order, not {entry!r}")
        colour = entry.get("colour")
        if colour not in st.colours:
            raise _fail(f"palace {i}: colour {colour!r} is not one of {', '.join(st.colours)}")
        owner = entry.get("owner")
        if owner == "neutral":
            code = NEUTRAL
        elif owner is None:
            code = UNCLAIMED
        elif type(owner) is int and 0 <= owner < st.players:
            code = owner
        else:
            raise _fail(f"palace {i}: bad owner {owner!r}")
        out.append((st.colours.index(colour), code))
    return out


def holders_json(holders: list[int]) -> list[int | None]:
    """Per tile, the id of its holder palace; null if unheld."""
    return [p or None for p in holders]


def read_holders(value: Any, st: MedinaState) -> list[int]:
    if not isinstance(value, list) or len(value) != 4:
        raise _fail(f"tile holders are a list of 4 palace ids or nulls, not {value!r}")
    return [0 if p is None else integer(p, "tile holder", 1) for p in value]


# -- counts and the turn -------------------------------------------------------------------
def read_count(value: Any, st: MedinaState) -> int:
    return integer(value, "count")


def read_four(value: Any, st: MedinaState) -> list[int]:
    return integers(value, 4, "tower_merchants")


def read_per_seat(value: Any, st: MedinaState) -> list[int]:
    return integers(value, st.players, "per-seat count")


def read_supply_rows(value: Any, st: MedinaState) -> list[list[int]]:
    return seat_rows(value, st, 9, "supply rows")


def read_removed(value: Any, st: MedinaState) -> list[list[int]]:
    return seat_rows(value, st, 4, "removed")


def read_active(value: Any, st: MedinaState) -> int:
    if type(value) is not int or not 0 <= value < st.players:
        raise _fail(f"'active' must be a seat 0-{st.players - 1}, not {value!r}")
    return value


def read_phase(value: Any, st: MedinaState) -> str:
    if value not in PHASES:
        raise _fail(f"unknown phase {value!r}; the phases are {', '.join(PHASES)}")
    return str(value)


def read_flags(value: Any, st: MedinaState) -> list[bool]:
    if not isinstance(value, list) or len(value) != st.players:
        raise _fail("'first_turn_done' must have one flag per seat")
    if not all(isinstance(v, bool) for v in value):
        raise _fail("'first_turn_done' holds true or false per seat")
    return list(value)


def read_events(value: Any, st: MedinaState) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
        raise _fail("'events' must be a list of objects")
    return [dict(e) for e in value]
