"""Medina's position format: a compact text notation, like FEN for chess
(``docs/positions/medina.md``). ``Game.from_position`` reads it; ``State.to_position``
writes it (``notation_write.py``).

``parse_position(text)`` reads a position into a ``MedinaState``: the notation becomes the
facts of a state document, which are checked as every loaded document is (``rebuild.py``:
each piece legal when placed, every component accounted for once, a turn that can happen),
and then normalized (automatic passes, MD-R18 to MD-R20). The notation round-trips
exactly: ``format_position(parse_position(t)) == t`` for every ``t`` that
``format_position`` wrote. In short::

    medina/1 edition=1 players=3 phase=turn active=1 quota=2 placed=1
    1WWW..............3       <- H grid rows of W characters, y = 0 first
    ...
    4................2
    order m8,6 g3,3 g4,3 w1,0 r0:3,3 ...
    tiles g=3,3 k=- n=- o=- T1=3,3 T2=- T3=- T4=-
    pool tea=0 towers=0,0,0,0
    seat 0 supply=g5,k6,n6,o6,r3,x0,s4,m8,w9 tea=0 opened=yes
    ...

The grid shows what is on each cell; the ``order`` line lists every piece in placement order
(the grid cannot show the order, which matters for palace ids, merchant lines, wall chains and
roof times). The reader checks that both agree. Errors are ``PositionError`` naming the line,
the character and the cell."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...engine.errors import OptionError, PositionError, StateFormatError
from ...engine.game import JSON
from ...engine.options import resolve_options
from .data import ruleset_of
from .notation_order import Line, Order, read_int, read_order
from .notation_seats import check_ledger, read_seats
from .notation_write import (
    COUNTERS,
    NOTATION_TAG,
    colour_letters,
    format_position,
)
from .options import OPTIONS, check_options
from .rebuild import PieceError
from .state import MedinaState

__all__ = ["format_position", "parse_position"]

_CELL = re.compile(r"^(\d+),(\d+)$")
_POOL_KEYS = ("tea", "towers", "teabox", "boxed", "purple")
_HEADER_KEYS = ("edition", "players", "phase", "active", "quota", "placed")


@dataclass
class _Header:
    line: Line
    fields: dict[str, tuple[int, str]]  # key -> (column of the value's word, value)
    players: int
    options: dict[str, Any]

    def int(self, key: str) -> int:
        return read_int(self.line, *self.fields[key], key)


def _option_value(text: str) -> Any:
    if text in ("true", "false"):
        return text == "true"
    if text == "null":
        return None
    m = _CELL.match(text)
    if m:
        return [int(m.group(1)), int(m.group(2))]
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def _key_values(
    line: Line, words: list[tuple[int, str]], known: tuple[str, ...] | None
) -> dict[str, tuple[int, str]]:
    """``key=value`` words; ``known`` (if given) are the keys allowed. Values keep the
    column where they start."""
    out: dict[str, tuple[int, str]] = {}
    for col, word in words:
        key, eq, value = word.partition("=")
        if not eq or not key or not value:
            raise line.fail(f"expected key=value, not {word!r}", col)
        if key in out:
            raise line.fail(f"{key!r} is given twice", col)
        if known is not None and key not in known:
            raise line.fail(f"unknown field {key!r}", col)
        out[key] = (col + len(key) + 1, value)
    return out


# -- reading ---------------------------------------------------------------------------------
def parse_position(text: str) -> MedinaState:
    """Read a position written by ``format_position`` or by hand (``docs/positions``).
    Raises ``PositionError`` naming the line, character and cell of the problem."""
    if not isinstance(text, str):
        raise PositionError("Medina notation: the position must be a string")
    lines = [
        Line(i + 1, raw.rstrip())
        for i, raw in enumerate(text.splitlines())
        if raw.strip() and not raw.lstrip().startswith("#")
    ]
    if not lines:
        raise PositionError("Medina notation: the text is empty")
    head = _read_header(lines[0])
    rules = ruleset_of(head.options)
    edition = int(head.options["edition"])
    colours: tuple[str, ...] = rules.colours[edition]
    width, height = rules.boards["small" if edition == 2 and head.players == 2 else "standard"]
    grid, well = _read_grid(lines, width, height, colour_letters(colours))
    sections, seats = _sections(lines[1 + height :], head.players)
    order_line = sections["order"]
    order = read_order(order_line, colours, width, height, edition)
    data = _facts(head, order, sections, seats, colours)
    data["well"] = well
    for key, value in _derived(head, data, order, sections["pool"]).items():
        data.setdefault(key, value)
    state = _load(head, data, order, seats, colours)
    _same_grid(state, grid)
    return state


def _read_header(header: Line) -> _Header:
    words = header.words()
    if words[0][1] != NOTATION_TAG:
        raise header.fail(f"a position starts with {NOTATION_TAG!r}, not {words[0][1]!r}", 0)
    fields = _key_values(header, words[1:], None)
    for key in _HEADER_KEYS:
        if key not in fields:
            raise header.fail(f"the header lacks {key}=...")
    players = read_int(header, *fields["players"], "players", 1)
    raw: dict[str, Any] = {}
    option_names = {o.name for o in OPTIONS} - {"ruleset_data"}
    for key, (col, value) in fields.items():
        if key in _HEADER_KEYS or key == "time":
            continue
        if key not in option_names:
            raise header.fail(f"unknown header field or option {key!r}", col - len(key) - 1)
        raw[key] = _option_value(value)
    raw["edition"] = _option_value(fields["edition"][1])
    try:
        options = resolve_options(OPTIONS, raw, players)
        check_options(players, options)
    except OptionError as exc:
        raise header.fail(f"options: {exc}") from None
    head = _Header(header, fields, players, options)
    phase_col, phase = fields["phase"]
    if phase not in ("start_merchant", "turn", "over"):
        raise header.fail(f"phase must be start_merchant, turn or over, not {phase!r}", phase_col)
    if head.int("active") >= players:
        raise header.fail(f"active must be a seat 0-{players - 1}", fields["active"][0])
    return head


def _read_grid(
    lines: list[Line], width: int, height: int, letters: list[str]
) -> tuple[list[Line], list[int] | None]:
    """The grid rows (checked against the position later) and the well's cell."""
    if len(lines) < 1 + height:
        raise PositionError(
            f"Medina notation: expected {height} grid rows after the header, "
            f"found {len(lines) - 1} lines"
        )
    rows = lines[1 : 1 + height]
    chars = set(".1234Wm@sS") | set(letters) | {ch.upper() for ch in letters}
    wells = []
    for y, gl in enumerate(rows):
        row = gl.text.strip()
        if len(row) != width:
            raise gl.fail(f"grid row y={y} must have {width} characters, not {len(row)}")
        for x, ch in enumerate(row):
            if ch not in chars:
                raise gl.fail(f"cell ({x},{y}): unknown character {ch!r}", gl.text.index(row) + x)
            if ch == "@":
                wells.append((x, y))
    if len(wells) > 1:
        x, y = wells[1]
        raise rows[y].fail(f"a second well at ({x},{y})")
    return rows, list(wells[0]) if wells else None


def _sections(lines: list[Line], players: int) -> tuple[dict[str, Line], dict[int, Line]]:
    """The keyword lines: ``order``, ``tiles``, ``pool`` once each, one ``seat N`` each."""
    sections: dict[str, Line] = {}
    seats: dict[int, Line] = {}
    for ln in lines:
        words = ln.words()
        key = words[0][1]
        if key == "seat":
            if len(words) < 2:
                raise ln.fail("a seat line starts with 'seat N'")
            s = read_int(ln, words[1][0], words[1][1], "seat")
            if s >= players:
                raise ln.fail(f"there is no seat {s} with {players} players", words[1][0])
            if s in seats:
                raise ln.fail(f"seat {s} is described twice", 0)
            seats[s] = ln
        elif key in ("order", "tiles", "pool"):
            if key in sections:
                raise ln.fail(f"a second {key!r} line", 0)
            sections[key] = ln
        else:
            raise ln.fail(f"unknown line {key!r}; expected order, tiles, pool or seat", 0)
    for key in ("order", "tiles", "pool"):
        if key not in sections:
            raise PositionError(f"Medina notation: the {key!r} line is missing")
    for s in range(players):
        if s not in seats:
            raise PositionError(f"Medina notation: the line 'seat {s}' is missing")
    return sections, seats


def _facts(
    head: _Header,
    order: Order,
    sections: dict[str, Line],
    seats: dict[int, Line],
    colours: tuple[str, ...],
) -> JSON:
    """The facts of a state document (``document.py``) the notation gives."""
    data: JSON = {"pieces": order.pieces, "palaces": order.palaces}
    data.update(_read_tiles(sections["tiles"], order, colours))
    data.update(_read_pool(sections["pool"]))
    data.update(read_seats(seats, head.options, head.players, colours))
    last_time = order.pieces[-1][0] if order.pieces else 0
    data.update(
        time=head.int("time") if "time" in head.fields else last_time,
        active=head.int("active"),
        phase=head.fields["phase"][1],
        quota=head.int("quota"),
        turn_placements=head.int("placed"),
        events=[],
    )
    return data


def _read_tiles(line: Line, order: Order, colours: tuple[str, ...]) -> JSON:
    """``tiles g=x,y ... T1=x,y ...``: each tile's holder palace by any of its cells."""
    letters = colour_letters(colours)
    keys = (*letters, "T1", "T2", "T3", "T4")
    fields = _key_values(line, line.words()[1:], None)
    for key, (col, _) in fields.items():
        if key not in keys:
            raise line.fail(f"unknown tile {key!r}; tiles are {' '.join(keys)}", col)
    holders: list[int | None] = []
    for key in keys:
        if key not in fields:
            raise line.fail(f"tile {key} is missing")
        col, value = fields[key]
        if value == "-":
            holders.append(None)
            continue
        m = _CELL.match(value)
        if not m:
            raise line.fail(f"tile {key} must be a cell x,y or '-', not {value!r}", col)
        cell = (int(m.group(1)), int(m.group(2)))
        if cell not in order.cell_palace:
            raise line.fail(f"tile {key}: cell ({cell[0]},{cell[1]}) holds no palace", col)
        holders.append(order.cell_palace[cell])
    return {"palace_tiles": holders[:4], "tower_tiles": holders[4:]}


def _read_pool(line: Line) -> JSON:
    """``pool tea=N towers=a,b,c,d`` (and the derivable counters, if given)."""
    fields = _key_values(line, line.words()[1:], None)
    for key, (col, _) in fields.items():
        if key not in _POOL_KEYS:
            raise line.fail(
                f"unexpected {key!r}; expected tea=, towers= (teabox=, boxed=, purple=)",
                col - len(key) - 1,
            )
    if "tea" not in fields or "towers" not in fields:
        raise line.fail("the pool line needs tea= and towers=")
    col, value = fields["towers"]
    parts = value.split(",")
    if len(parts) != 4:
        raise line.fail("towers= lists the merchants on the tower tiles T1,T2,T3,T4", col)
    out: JSON = {
        "tea_pool": read_int(line, *fields["tea"], "tea"),
        "tower_merchants": [read_int(line, col, v, "tower merchants") for v in parts],
    }
    for key, name in COUNTERS:
        if name in fields:
            out[key] = read_int(line, *fields[name], name)
    return out


def _load(
    head: _Header, data: JSON, order: Order, seats: dict[int, Line], colours: tuple[str, ...]
) -> MedinaState:
    """The state of the facts, checked (``rebuild.py``) and normalized; a problem is named
    where the notation causes it: the order token, or the seat lines."""
    try:
        state = MedinaState.load_data(head.players, 0, head.options, data)
    except PieceError as exc:
        col, token = order.tokens[exc.index]
        message = f"piece {exc.index + 1} {token!r} is not legal here: {exc}"
        raise order.line.fail(message, col) from None
    except StateFormatError as exc:
        if "MD-R67" in str(exc):  # a ledger problem: name the seat line that causes it
            check_ledger(seats, data, order, colours)
        raise PositionError(f"Medina notation: the position is not valid: {exc}") from None
    assert isinstance(state, MedinaState)
    state.normalize()
    return state


def _derived(head: _Header, data: JSON, order: Order, pool: Line) -> JSON:
    """The pool's counters a position need not give: what the rest leaves (MD-R56, MD-R57).
    More tiles or merchants than the game has are refused on the pool line."""
    rules = ruleset_of(head.options)
    second = head.options["edition"] == 2
    tea_total = rules.tea_tiles if second else 0
    tower_total = sum(rules.tower_merchants[v] for v in (1, 2, 3, 4)) if second else 0
    purple = sum(
        1
        for _, kind, _, p in order.pieces
        if kind != "building"
        and kind.endswith("roof")
        and order.palaces[p - 1]["colour"] == "purple"
    )
    tea = data["tea_pool"] + sum(data["tea"])
    if tea > tea_total:
        raise pool.fail(
            f"the pool and the seats hold {tea} tea tiles; the game has {tea_total} (MD-R57)"
        )
    merchants = sum(data["tower_merchants"]) + sum(data["received"])
    if merchants > tower_total:
        raise pool.fail(
            f"the tower tiles hold and the seats received {merchants} tower merchants; the "
            f"game has {tower_total} (MD-R56)"
        )
    return {
        "tea_box": tea_total - tea,
        "boxed_merchants": tower_total - merchants,
        "purple_roofs": purple if second else 0,
    }


def _same_grid(state: MedinaState, rows: list[Line]) -> None:
    """The grid must show what the order line built."""
    width = state.board.width
    mine = format_position(state).splitlines()[1 : 1 + state.board.height]
    for y, gl in enumerate(rows):
        row = gl.text.strip()
        if row != mine[y]:
            x = next(i for i in range(width) if row[i] != mine[y][i])
            raise gl.fail(
                f"cell ({x},{y}) shows {row[x]!r} but the order line puts {mine[y][x]!r} there",
                gl.text.index(row) + x,
            )
