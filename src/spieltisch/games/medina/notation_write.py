"""Writing a Medina position in its notation (``medina/1``, ``docs/positions/medina.md``);
``notation.py`` reads it back. The two share the letters and labels defined here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.errors import PositionError
from .cells import BUILDING, MERCHANT, ROOF_PIECE, STABLE, UNCLAIMED, WALL

if TYPE_CHECKING:
    from .state import MedinaState

NOTATION_TAG = "medina/1"
SUPPLY_LABELS_TAIL = ("r", "x", "s", "m", "w")  # roofs, neutral roofs, stables, merchants, walls
COLOUR_LETTERS = {
    "grey": "g",
    "black": "k",
    "purple": "p",
    "brown": "n",
    "orange": "o",
}
# counters written on the pool line only when they differ from the value derived
COUNTERS = (("tea_box", "teabox"), ("boxed_merchants", "boxed"), ("purple_roofs", "purple"))


def colour_letters(colours: tuple[str, ...]) -> list[str]:
    out = []
    for name in colours:
        letter = COLOUR_LETTERS.get(name)
        if letter is None:
            raise PositionError(f"colour {name!r} has no letter in the Medina notation")
        out.append(letter)
    return out


def supply_labels(colours: tuple[str, ...]) -> list[str]:
    return [*colour_letters(colours), *SUPPLY_LABELS_TAIL]


def option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def first_time(edition: int) -> int:
    """The implicit time of the first piece: the 2nd edition's start merchant is at 0."""
    return 0 if edition == 2 else 1


def derived_counters(st: MedinaState) -> dict[str, int]:
    """Counters that follow from the rest of the notation (MD-R56, MD-R57)."""
    rules, second = st.rules, st.edition == 2
    tea_total = rules.tea_tiles if second else 0
    tower_total = sum(rules.tower_merchants[v] for v in (1, 2, 3, 4)) if second else 0
    purple = 0
    if second:
        purple = sum(
            1
            for _, kind, _, p in st.pieces
            if kind < 0 and st.colours[st.pal_colour[p]] == "purple"
        )
    return {
        "tea_box": tea_total - st.tea_pool - sum(st.tea),
        "boxed_merchants": tower_total - sum(st.tower_merchants) - sum(st.received),
        "purple_roofs": purple,
    }


def format_position(st: MedinaState) -> str:
    """The notation of ``st``: header, grid, order, tiles, pool and one line per seat."""
    if st.options.get("ruleset_data", "default") != "default":
        raise PositionError("the Medina notation covers the default ruleset data only")
    lines = [_header(st), *_grid(st), _order(st), _tiles(st), _pool(st)]
    lines += [_seat(st, s) for s in range(st.players)]
    return "\n".join(lines) + "\n"


def _header(st: MedinaState) -> str:
    head = [
        NOTATION_TAG,
        f"edition={st.edition}",
        f"players={st.players}",
        f"phase={st.phase}",
        f"active={st.active}",
        f"quota={st.quota}",
        f"placed={st.turn_placements}",
    ]
    last_time = st.pieces[-1][0] if st.pieces else 0
    if st.time != last_time:
        head.append(f"time={st.time}")
    for opt in st.game.options:
        if opt.name in ("edition", "ruleset_data"):
            continue
        value = st.options[opt.name]
        if value != opt.default:
            head.append(f"{opt.name}={option_text(value)}")
    return " ".join(head)


def _grid(st: MedinaState) -> list[str]:
    """One row of characters per y: towers by value, walls, merchants, the well, buildings
    by colour letter (capital once roofed), stables ``s``/``S``."""
    board = st.board
    letters = colour_letters(st.colours)
    grid = [["."] * board.width for _ in range(board.height)]
    for c in board.tower_cells:
        x, y = board.xy(c)
        grid[y][x] = str(board.tower_value[c])
    if st.well >= 0:
        x, y = board.xy(st.well)
        grid[y][x] = "@"
    for _, kind, c, p in st.pieces:
        x, y = board.xy(c)
        if kind == BUILDING:
            letter = letters[st.pal_colour[p]]
            grid[y][x] = letter.upper() if st.pal_owner[p] != UNCLAIMED else letter
        elif kind == STABLE:
            grid[y][x] = "S" if st.pal_owner[p] != UNCLAIMED else "s"
        elif kind == MERCHANT:
            grid[y][x] = "m"
        elif kind == WALL:
            grid[y][x] = "W"
    return ["".join(row) for row in grid]


def _order(st: MedinaState) -> str:
    """Every piece in placement order, with ``@t`` where its time is not the next."""
    letters = colour_letters(st.colours)
    codes = {STABLE: "s", MERCHANT: "m", WALL: "w"}
    tokens = ["order"]
    expected = first_time(st.edition)
    for t, kind, c, p in st.pieces:
        if kind == BUILDING:
            code = letters[st.pal_colour[p]]
        elif kind in codes:
            code = codes[kind]
        elif kind == ROOF_PIECE:
            code = f"r{st.pal_owner[p]}:"
        else:
            code = "rn:"
        x, y = st.board.xy(c)
        tokens.append(f"{code}{x},{y}" + ("" if t == expected else f"@{t}"))
        expected = t + 1
    return " ".join(tokens)


def _tiles(st: MedinaState) -> str:
    """Each tile's holder by the canonical cell of the palace, ``-`` if unheld."""

    def holder(p: int) -> str:
        if not p:
            return "-"
        x, y = st.board.xy(st.canonical_cell(p))
        return f"{x},{y}"

    letters = colour_letters(st.colours)
    tiles = [f"{letters[i]}={holder(p)}" for i, p in enumerate(st.palace_tile)]
    tiles += [f"T{i + 1}={holder(p)}" for i, p in enumerate(st.tower_tile)]
    return " ".join(["tiles", *tiles])


def _pool(st: MedinaState) -> str:
    pool = ["pool", f"tea={st.tea_pool}", "towers=" + ",".join(map(str, st.tower_merchants))]
    derived = derived_counters(st)
    for key, name in COUNTERS:
        if getattr(st, key) != derived[key]:
            pool.append(f"{name}={getattr(st, key)}")
    return " ".join(pool)


def _seat(st: MedinaState, s: int) -> str:
    labels = supply_labels(st.colours)
    letters = labels[:4]
    row = [f"seat {s}", "supply=" + ",".join(f"{labels[i]}{v}" for i, v in enumerate(st.supply[s]))]
    if st.initial[s] != st.initial_supply():
        row.append("initial=" + ",".join(f"{labels[i]}{v}" for i, v in enumerate(st.initial[s])))
    removed = [f"{letters[i]}{v}" for i, v in enumerate(st.removed[s]) if v]
    if removed:
        row.append("removed=" + ",".join(removed))
    if st.received[s]:
        row.append(f"received={st.received[s]}")
    row.append(f"tea={st.tea[s]}")
    row.append(f"opened={'yes' if st.first_turn_done[s] else 'no'}")
    return " ".join(row)
