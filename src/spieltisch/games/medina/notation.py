"""A compact text notation for Medina positions, like FEN for chess.

``format_position(state)`` writes a position; ``parse_position(text)`` reads it back into a
``MedinaState`` built through ``spieltisch.game("medina").state_from_json`` (so every rule check
of a constructed position, MD-E25, is shared with the engine). The notation round-trips
exactly: ``format_position(parse_position(t)) == t`` for every ``t`` that ``format_position``
wrote, and the parsed state has the same views and legal actions as the original.

The full description is in ``docs/games/medina-notation.md``. In short::

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
roof times). The parser checks that both agree."""

from __future__ import annotations

import re
from typing import Any

from ...engine.errors import OptionError, StateFormatError
from ...engine.game import JSON, STATE_SCHEMA
from ...engine.options import resolve_options
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
_TOKEN = re.compile(r"^(?:([a-z])|r([0-9]|n):)(\d+),(\d+)(?:@(\d+))?$")
_CELL = re.compile(r"^(\d+),(\d+)$")
# counters written on the pool line only when they differ from the value derived
_COUNTERS = (("tea_box", "teabox"), ("boxed_merchants", "boxed"), ("purple_roofs", "purple"))
_POOL_KEYS = ("tea", "towers", "teabox", "boxed", "purple")
_HEADER_KEYS = ("edition", "players", "phase", "active", "quota", "placed")


def _game() -> Any:
    from . import GAME

    return GAME


# -- helpers shared by both directions -----------------------------------------------------
def _colour_letters(colours: tuple[str, ...]) -> list[str]:
    out = []
    for name in colours:
        letter = COLOUR_LETTERS.get(name)
        if letter is None:
            raise ValueError(f"colour {name!r} has no letter in the Medina notation")
        out.append(letter)
    return out


def _supply_labels(colours: tuple[str, ...]) -> list[str]:
    return [*_colour_letters(colours), *SUPPLY_LABELS_TAIL]


def _default_initial(rules: Any, edition: int, players: int) -> list[int]:
    s = rules.supply[(edition, players)]
    return [s.buildings_per_colour] * 4 + [
        s.roofs,
        s.neutral_roofs if edition == 2 else 0,
        s.stables,
        s.merchants,
        s.walls,
    ]


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


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


def _first_time(edition: int) -> int:
    """The implicit time of the first piece: the 2nd edition's start merchant is at 0."""
    return 0 if edition == 2 else 1


# -- writing --------------------------------------------------------------------------------
def format_position(state: MedinaState) -> str:
    """The notation of ``state`` (see the module docstring and the documentation)."""
    doc = state.to_json()
    options: dict[str, Any] = doc["options"]
    data: JSON = doc["data"]
    players: int = doc["players"]
    game = _game()
    if options.get("ruleset_data", "default") != "default":
        raise ValueError("the Medina notation covers the default ruleset data only")
    edition = int(options["edition"])
    rules = game.ruleset(options)
    colours: tuple[str, ...] = rules.colours[edition]
    letters = _colour_letters(colours)
    labels = _supply_labels(colours)
    width, height = state.board.width, state.board.height

    def xy(cell: list[int]) -> str:
        return f"{cell[0]},{cell[1]}"

    palaces = {p["id"]: p for p in data["palaces"]}
    pal_buildings: dict[int, list[tuple[int, int]]] = {p: [] for p in palaces}
    pieces = data["pieces"]
    for _, kind, cell, extra in pieces:
        if kind == "building":
            pal_buildings[extra].append((cell[1], cell[0]))

    def canonical(p: int) -> str:
        y, x = min(pal_buildings[p])
        return f"{x},{y}"

    # header
    head = [
        NOTATION_TAG,
        f"edition={edition}",
        f"players={players}",
        f"phase={data['phase']}",
        f"active={data['active']}",
        f"quota={data['quota']}",
        f"placed={data['turn_placements']}",
    ]
    last_time = pieces[-1][0] if pieces else 0
    if data["time"] != last_time:
        head.append(f"time={data['time']}")
    for opt in game.options:
        if opt.name in ("edition", "ruleset_data"):
            continue
        value = options[opt.name]
        if value != opt.default:
            head.append(f"{opt.name}={_option_text(value)}")
    lines = [" ".join(head)]

    # grid
    grid = [["."] * width for _ in range(height)]
    for c in state.board.tower_cells:
        x, y = state.board.xy(c)
        grid[y][x] = str(state.board.tower_value[c])
    if data["well"] is not None:
        wx, wy = data["well"]
        grid[wy][wx] = "@"
    for _, kind, (x, y), extra in pieces:
        if kind == "building":
            p = palaces[extra]
            ch = letters[colours.index(p["colour"])]
            grid[y][x] = ch.upper() if p["owner"] is not None else ch
        elif kind == "stable":
            grid[y][x] = "S" if palaces[extra]["owner"] is not None else "s"
        elif kind == "merchant":
            grid[y][x] = "m"
        elif kind == "wall":
            grid[y][x] = "W"
    lines.extend("".join(row) for row in grid)

    # placement order
    tokens = []
    expected = _first_time(edition)
    for t, kind, cell, extra in pieces:
        if kind == "building":
            code = letters[colours.index(palaces[extra]["colour"])]
        elif kind == "stable":
            code = "s"
        elif kind == "merchant":
            code = "m"
        elif kind == "wall":
            code = "w"
        elif kind == "roof":
            code = f"r{palaces[extra]['owner']}:"
        else:
            code = "rn:"
        token = code + xy(cell)
        if t != expected:
            token += f"@{t}"
        tokens.append(token)
        expected = t + 1
    lines.append(" ".join(["order", *tokens]))

    # tiles
    tiles = ["tiles"]
    for i, p in enumerate(data["palace_tiles"]):
        tiles.append(f"{letters[i]}={'-' if p is None else canonical(p)}")
    for i, p in enumerate(data["tower_tiles"]):
        tiles.append(f"T{i + 1}={'-' if p is None else canonical(p)}")
    lines.append(" ".join(tiles))

    # shared pools; the derivable counters are written only when they differ
    pool = [
        "pool",
        f"tea={data['tea_pool']}",
        "towers=" + ",".join(str(v) for v in data["tower_merchants"]),
    ]
    derived = _derived_counters(doc, rules)
    for key, name in (
        ("tea_box", "teabox"),
        ("boxed_merchants", "boxed"),
        ("purple_roofs", "purple"),
    ):
        if data[key] != derived[key]:
            pool.append(f"{name}={data[key]}")
    lines.append(" ".join(pool))

    # seats
    default_initial = _default_initial(rules, edition, players)
    for s in range(players):
        row = [f"seat {s}"]
        row.append("supply=" + ",".join(f"{labels[i]}{v}" for i, v in enumerate(data["supply"][s])))
        if data["initial"][s] != default_initial:
            row.append(
                "initial=" + ",".join(f"{labels[i]}{v}" for i, v in enumerate(data["initial"][s]))
            )
        removed = [f"{letters[i]}{v}" for i, v in enumerate(data["removed"][s]) if v]
        if removed:
            row.append("removed=" + ",".join(removed))
        if data["received"][s]:
            row.append(f"received={data['received'][s]}")
        row.append(f"tea={data['tea'][s]}")
        row.append(f"opened={'yes' if data['first_turn_done'][s] else 'no'}")
        lines.append(" ".join(row))
    return "\n".join(lines) + "\n"


def _derived_counters(doc: JSON, rules: Any) -> dict[str, int]:
    """Counters that follow from the rest of the notation (MD-R56, MD-R57)."""
    data = doc["data"]
    edition = int(doc["options"]["edition"])
    colours = rules.colours[edition]
    tea_total = rules.tea_tiles if edition == 2 else 0
    tower_total = sum(rules.tower_merchants[v] for v in (1, 2, 3, 4)) if edition == 2 else 0
    colour_of = {p["id"]: p["colour"] for p in data["palaces"]}
    purple = 0
    if edition == 2:
        purple = sum(
            1
            for _, kind, _, extra in data["pieces"]
            if kind in ("roof", "neutral_roof") and colour_of[extra] == "purple"
        )
    del colours
    return {
        "tea_box": tea_total - data["tea_pool"] - sum(data["tea"]),
        "boxed_merchants": tower_total - sum(data["tower_merchants"]) - sum(data["received"]),
        "purple_roofs": purple,
    }


# -- reading --------------------------------------------------------------------------------
class _Line:
    __slots__ = ("no", "text")

    def __init__(self, no: int, text: str) -> None:
        self.no = no
        self.text = text

    def fail(self, msg: str, col: int | None = None) -> StateFormatError:
        where = f"line {self.no}" + ("" if col is None else f", character {col + 1}")
        return StateFormatError(f"Medina notation, {where}: {msg}")

    def words(self) -> list[tuple[int, str]]:
        """(column, word) pairs of the whitespace-separated words."""
        return [(m.start(), m.group()) for m in re.finditer(r"\S+", self.text)]


def _int(line: _Line, col: int, text: str, what: str, minimum: int = 0) -> int:
    if not re.fullmatch(r"\d+", text) or int(text) < minimum:
        raise line.fail(f"{what} must be an integer >= {minimum}, not {text!r}", col)
    return int(text)


def _labelled(
    line: _Line, col: int, text: str, labels: list[str], what: str, complete: bool
) -> list[int]:
    """``g5,k6,...``: one count per label (all labels if ``complete``, else missing = 0)."""
    out = [0] * len(labels)
    seen: set[str] = set()
    pos = col
    for item in text.split(","):
        m = re.fullmatch(r"([a-z])(\d+)", item)
        if not m or m.group(1) not in labels:
            raise line.fail(
                f"{what}: {item!r} is not a count such as {labels[0]}5 "
                f"(labels: {' '.join(labels)})",
                pos,
            )
        if m.group(1) in seen:
            raise line.fail(f"{what}: {m.group(1)!r} is given twice", pos)
        seen.add(m.group(1))
        out[labels.index(m.group(1))] = int(m.group(2))
        pos += len(item) + 1
    if complete and len(seen) != len(labels):
        missing = [lab for lab in labels if lab not in seen]
        raise line.fail(f"{what}: missing {', '.join(missing)}", col)
    return out


def parse_position(text: str) -> MedinaState:
    """Read a position written by ``format_position`` (or by hand, see the documentation).

    Raises ``StateFormatError`` naming the line, character and cell of the problem."""
    if not isinstance(text, str):
        raise StateFormatError("Medina notation: the position must be a string")
    lines = [
        _Line(i + 1, raw.rstrip())
        for i, raw in enumerate(text.splitlines())
        if raw.strip() and not raw.lstrip().startswith("#")
    ]
    if not lines:
        raise StateFormatError("Medina notation: the text is empty")
    game = _game()

    # header
    header = lines[0]
    words = header.words()
    if words[0][1] != NOTATION_TAG:
        raise header.fail(f"a position starts with {NOTATION_TAG!r}, not {words[0][1]!r}", 0)
    fields: dict[str, tuple[int, str]] = {}
    for col, word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq or not key or not value:
            raise header.fail(f"expected key=value, not {word!r}", col)
        if key in fields:
            raise header.fail(f"{key!r} is given twice", col)
        fields[key] = (col, value)
    for key in _HEADER_KEYS:
        if key not in fields:
            raise header.fail(f"the header lacks {key}=...")
    players = _int(header, *fields["players"], "players", 1)
    raw_options: dict[str, Any] = {}
    option_names = {o.name for o in game.options} - {"ruleset_data"}
    for key, (col, value) in fields.items():
        if key in _HEADER_KEYS or key == "time":
            continue
        if key not in option_names:
            raise header.fail(f"unknown header field or option {key!r}", col)
        raw_options[key] = _option_value(value)
    raw_options["edition"] = _option_value(fields["edition"][1])
    try:
        options = resolve_options(game.options, raw_options, players)
        game._check(players, options)
    except OptionError as exc:
        raise header.fail(f"options: {exc}") from None
    edition = int(options["edition"])
    rules = game.ruleset(options)
    colours: tuple[str, ...] = rules.colours[edition]
    letters = _colour_letters(colours)
    labels = _supply_labels(colours)
    small = edition == 2 and players == 2
    width, height = rules.boards["small" if small else "standard"]
    phase_col, phase = fields["phase"]
    if phase not in ("start_merchant", "turn", "over"):
        raise header.fail(f"phase must be start_merchant, turn or over, not {phase!r}", phase_col)
    active = _int(header, *fields["active"], "active")
    if active >= players:
        raise header.fail(f"active must be a seat 0-{players - 1}", fields["active"][0])
    quota = _int(header, *fields["quota"], "quota")
    placed_now = _int(header, *fields["placed"], "placed")

    # grid
    if len(lines) < 1 + height:
        raise StateFormatError(
            f"Medina notation: expected {height} grid rows after the header, "
            f"found {len(lines) - 1} lines"
        )
    grid_lines = lines[1 : 1 + height]
    grid_chars = set(".1234Wm@sS") | set(letters) | {ch.upper() for ch in letters}
    for y, gl in enumerate(grid_lines):
        row = gl.text.strip()
        if len(row) != width:
            raise gl.fail(f"grid row y={y} must have {width} characters, not {len(row)}")
        for x, ch in enumerate(row):
            if ch not in grid_chars:
                raise gl.fail(f"cell ({x},{y}): unknown character {ch!r}", gl.text.index(row) + x)

    # keyword lines
    sections: dict[str, _Line] = {}
    seats: dict[int, _Line] = {}
    for ln in lines[1 + height :]:
        words = ln.words()
        key = words[0][1]
        if key == "seat":
            if len(words) < 2:
                raise ln.fail("a seat line starts with 'seat N'")
            s = _int(ln, words[1][0], words[1][1], "seat")
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
            raise StateFormatError(f"Medina notation: the {key!r} line is missing")
    for s in range(players):
        if s not in seats:
            raise StateFormatError(f"Medina notation: the line 'seat {s}' is missing")

    # placement order
    order = sections["order"]
    tokens = order.words()[1:]
    built = _replay_tokens(order, tokens, letters, colours, width, height, edition)
    pieces, palace_list, _, cell_palace = built

    def palace_at(line: _Line, col: int, value: str, what: str) -> int | None:
        if value == "-":
            return None
        m = _CELL.match(value)
        if not m:
            raise line.fail(f"{what} must be a cell x,y or '-', not {value!r}", col)
        cell = (int(m.group(1)), int(m.group(2)))
        p = cell_palace.get(cell)
        if p is None:
            raise line.fail(f"{what}: cell ({cell[0]},{cell[1]}) holds no palace", col)
        return p

    # tiles
    tl = sections["tiles"]
    tile_fields: dict[str, tuple[int, str]] = {}
    for col, word in tl.words()[1:]:
        key, eq, value = word.partition("=")
        if not eq or key in tile_fields:
            raise tl.fail(f"expected a new key=value, not {word!r}", col)
        tile_fields[key] = (col + len(key) + 1, value)
    tile_keys = [*letters, "T1", "T2", "T3", "T4"]
    for key in tile_fields:
        if key not in tile_keys:
            raise tl.fail(f"unknown tile {key!r}; tiles are {' '.join(tile_keys)}")
    palace_tiles: list[int | None] = []
    tower_tiles: list[int | None] = []
    for key in tile_keys:
        if key not in tile_fields:
            raise tl.fail(f"tile {key} is missing")
        col, value = tile_fields[key]
        holder = palace_at(tl, col, value, f"tile {key}")
        (palace_tiles if key in letters else tower_tiles).append(holder)

    # pool
    pl = sections["pool"]
    pool_fields: dict[str, tuple[int, str]] = {}
    for col, word in pl.words()[1:]:
        key, eq, value = word.partition("=")
        if not eq or key in pool_fields or key not in _POOL_KEYS:
            raise pl.fail(
                f"unexpected {word!r}; expected tea=, towers= (teabox=, boxed=, purple=)", col
            )
        pool_fields[key] = (col, value)
    if "tea" not in pool_fields or "towers" not in pool_fields:
        raise pl.fail("the pool line needs tea= and towers=")
    tea_pool = _int(pl, *pool_fields["tea"], "tea")
    col, value = pool_fields["towers"]
    parts = value.split(",")
    if len(parts) != 4:
        raise pl.fail("towers= lists the merchants on the tower tiles T1,T2,T3,T4", col)
    tower_merchants = [_int(pl, col, v, "tower merchants") for v in parts]

    # seats
    default_initial = _default_initial(rules, edition, players)
    supply, initial, removed, received, tea, opened = [], [], [], [], [], []
    for s in range(players):
        ln = seats[s]
        f: dict[str, tuple[int, str]] = {}
        for col, word in ln.words()[2:]:
            key, eq, value = word.partition("=")
            if not eq or key in f:
                raise ln.fail(f"expected a new key=value, not {word!r}", col)
            if key not in ("supply", "initial", "removed", "received", "tea", "opened"):
                raise ln.fail(f"unknown seat field {key!r}", col)
            f[key] = (col + len(key) + 1, value)
        for key in ("supply", "tea", "opened"):
            if key not in f:
                raise ln.fail(f"seat {s} lacks {key}=")
        supply.append(_labelled(ln, *f["supply"], labels, "supply", True))
        initial.append(
            _labelled(ln, *f["initial"], labels, "initial", True)
            if "initial" in f
            else list(default_initial)
        )
        removed.append(
            _labelled(ln, *f["removed"], letters, "removed", False) if "removed" in f else [0] * 4
        )
        received.append(_int(ln, *f["received"], "received") if "received" in f else 0)
        tea.append(_int(ln, *f["tea"], "tea"))
        col, value = f["opened"]
        if value not in ("yes", "no"):
            raise ln.fail(f"opened= is yes or no, not {value!r}", col)
        opened.append(value == "yes")
    placed: list[list[int]] = []
    for s in range(players):
        counts = [initial[s][i] - supply[s][i] for i in range(9)]
        for c in range(4):
            counts[c] -= removed[s][c]
        counts[7] += received[s]
        for i, v in enumerate(counts):
            if v < 0:
                raise seats[s].fail(
                    f"seat {s}: supply {labels[i]}{supply[s][i]} exceeds what the ledger "
                    f"allows (initial - removed + received)"
                )
        placed.append(counts)

    last_time = pieces[-1][0] if pieces else 0
    time = _int(header, *fields["time"], "time") if "time" in fields else last_time
    data: JSON = {
        "well": None,
        "pieces": pieces,
        "palaces": palace_list,
        "palace_tiles": palace_tiles,
        "tower_tiles": tower_tiles,
        "tower_merchants": tower_merchants,
        "initial": initial,
        "supply": supply,
        "placed": placed,
        "removed": removed,
        "received": received,
        "tea_pool": tea_pool,
        "tea": tea,
        "tea_box": 0,
        "boxed_merchants": 0,
        "purple_roofs": 0,
        "time": time,
        "active": active,
        "phase": phase,
        "quota": quota,
        "turn_placements": placed_now,
        "first_turn_done": opened,
        "events": [],
    }
    wells = [
        (x, y)
        for y, gl in enumerate(grid_lines)
        for x, ch in enumerate(gl.text.strip())
        if ch == "@"
    ]
    if len(wells) > 1:
        raise grid_lines[wells[1][1]].fail(f"a second well at ({wells[1][0]},{wells[1][1]})")
    if wells:
        data["well"] = list(wells[0])
    doc: JSON = {
        "schema": STATE_SCHEMA,
        "game": game.id,
        "version": game.version,
        "players": players,
        "seed": 0,
        "options": options,
        "chance": {"splitmix64": 0},
        "moves": None,
        "data": data,
    }
    derived = _derived_counters(doc, rules)
    for key, name in (
        ("tea_box", "teabox"),
        ("boxed_merchants", "boxed"),
        ("purple_roofs", "purple"),
    ):
        data[key] = _int(pl, *pool_fields[name], name) if name in pool_fields else derived[key]
    try:
        state = game.state_from_json(doc)
    except StateFormatError as exc:
        if "MD-R67" in str(exc):  # a ledger problem: name the seat line that causes it
            _check_ledger(seats, placed, pieces, palace_list, colours, labels)
        raise _locate(
            game, doc, order, tokens, letters, colours, width, height, edition, exc
        ) from None
    assert isinstance(state, MedinaState)

    # the grid must show what the placement list built
    mine = format_position(state).splitlines()[1 : 1 + height]
    for y, gl in enumerate(grid_lines):
        row = gl.text.strip()
        if row != mine[y]:
            x = next(i for i in range(width) if row[i] != mine[y][i])
            raise gl.fail(
                f"cell ({x},{y}) shows {row[x]!r} but the order line puts {mine[y][x]!r} there",
                gl.text.index(row) + x,
            )
    return state


def _check_ledger(
    seats: dict[int, _Line],
    placed: list[list[int]],
    pieces: list[list[Any]],
    palace_list: list[JSON],
    colours: tuple[str, ...],
    labels: list[str],
) -> None:
    """MD-R67: the pieces the seat lines account for (initial - supply - removed + received)
    must be the pieces on the board (the first merchant is the shared start merchant)."""
    on_board = [0] * 9
    slot = {"roof": 4, "neutral_roof": 5, "stable": 6, "merchant": 7, "wall": 8}
    for _, kind, _, extra in pieces:
        if kind == "building":
            on_board[colours.index(palace_list[extra - 1]["colour"])] += 1
        else:
            on_board[slot[kind]] += 1
    if on_board[7]:
        on_board[7] -= 1
    names = [*(f"{c} buildings" for c in colours), "roofs", "neutral roofs", "stables"]
    names += ["merchants (besides the start merchant)", "walls"]
    for i in range(9):
        total = sum(row[i] for row in placed)
        if total != on_board[i]:
            raise seats[0].fail(
                f"the seat lines account for {total} placed {names[i]} "
                f"(initial - supply - removed + received, label {labels[i]!r}), "
                f"but the order line has {on_board[i]}"
            )


def _replay_tokens(
    order: _Line,
    tokens: list[tuple[int, str]],
    letters: list[str],
    colours: tuple[str, ...],
    width: int,
    height: int,
    edition: int,
) -> tuple[
    list[list[Any]], list[JSON], dict[int, list[tuple[int, int]]], dict[tuple[int, int], int]
]:
    """Turn the order tokens into the engine's ``pieces`` and ``palaces``.

    A building joins the palace of a king-adjacent component (two palaces never come that
    close, MD-R7(c)), else founds the next palace; a stable joins the palace of an adjacent
    building; a roof names any building cell of its palace. The engine checks the rest."""
    pieces: list[list[Any]] = []
    palace_list: list[JSON] = []
    pal_cells: dict[int, list[tuple[int, int]]] = {}
    cell_palace: dict[tuple[int, int], int] = {}
    buildings: set[tuple[int, int]] = set()
    expected = _first_time(edition)
    last = -1
    for col, token in tokens:
        m = _TOKEN.match(token)
        if not m:
            raise order.fail(
                f"{token!r} is not a piece such as g3,4 (building), s3,5, m8,6, w1,0, "
                "r0:3,4 (roof by seat 0) or rn:3,4 (neutral roof), optionally with @time",
                col,
            )
        code, roof, xs, ys, ts = m.groups()
        x, y = int(xs), int(ys)
        cell = (x, y)
        if not (0 <= x < width and 0 <= y < height):
            raise order.fail(f"{token!r}: cell ({x},{y}) is off the {width}x{height} board", col)
        t = int(ts) if ts is not None else expected
        if t < last or (t == last and t > 0):
            raise order.fail(f"{token!r}: time {t} is not after the previous piece's {last}", col)
        last = t
        expected = t + 1
        xy = [x, y]
        if roof is not None:
            p = cell_palace.get(cell)
            if p is None or cell not in buildings:
                raise order.fail(f"{token!r}: no palace building at ({x},{y}) to roof", col)
            entry = palace_list[p - 1]
            if entry["owner"] is not None:
                raise order.fail(f"{token!r}: the palace at ({x},{y}) already has a roof", col)
            entry["owner"] = "neutral" if roof == "n" else int(roof)
            pieces.append([t, "neutral_roof" if roof == "n" else "roof", xy, p])
        elif code in letters:
            colour = colours[letters.index(code)]
            near = sorted(
                {
                    cell_palace[(x + dx, y + dy)]
                    for dx in (-1, 0, 1)
                    for dy in (-1, 0, 1)
                    if (dx or dy) and (x + dx, y + dy) in cell_palace
                }
            )
            if len(near) > 1:
                a, b = (pal_cells[q][0] for q in near[:2])
                raise order.fail(
                    f"{token!r}: the building at ({x},{y}) would touch two palaces, at "
                    f"({a[0]},{a[1]}) and ({b[0]},{b[1]}) (MD-R7)",
                    col,
                )
            if near:
                p = near[0]
                if palace_list[p - 1]["colour"] != colour:
                    article = "an" if colour[0] in "aeiou" else "a"
                    raise order.fail(
                        f"{token!r}: {article} {colour} building at ({x},{y}) would touch the "
                        f"{palace_list[p - 1]['colour']} palace at "
                        f"({pal_cells[p][0][0]},{pal_cells[p][0][1]}) (MD-R7)",
                        col,
                    )
            else:
                p = len(palace_list) + 1
                palace_list.append({"id": p, "colour": colour, "owner": None})
                pal_cells[p] = []
            pal_cells[p].append(cell)
            cell_palace.setdefault(cell, p)
            buildings.add(cell)
            pieces.append([t, "building", xy, p])
        elif code == "s":
            near = sorted(
                {
                    cell_palace[(x + dx, y + dy)]
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if (x + dx, y + dy) in buildings
                }
            )
            if not near:
                raise order.fail(
                    f"{token!r}: the stable at ({x},{y}) touches no building (MD-R29)", col
                )
            p = near[0]
            cell_palace.setdefault(cell, p)
            pieces.append([t, "stable", xy, p])
        elif code == "m":
            pieces.append([t, "merchant", xy, 0])
        elif code == "w":
            pieces.append([t, "wall", xy, 0])
        else:
            raise order.fail(f"{token!r}: unknown piece code {code!r}", col)
    return pieces, palace_list, pal_cells, cell_palace


def _locate(
    game: Any,
    doc: JSON,
    order: _Line,
    tokens: list[tuple[int, str]],
    letters: list[str],
    colours: tuple[str, ...],
    width: int,
    height: int,
    edition: int,
    exc: StateFormatError,
) -> StateFormatError:
    """Name the first order token that the engine rejects, if a piece is the problem."""
    for k in range(1, len(tokens) + 1):
        pieces, palaces, _, _ = _replay_tokens(
            order, tokens[:k], letters, colours, width, height, edition
        )
        trial = dict(doc)
        data = dict(doc["data"])
        data.update(
            pieces=pieces,
            palaces=palaces,
            palace_tiles=[None] * 4,
            tower_tiles=[None] * 4,
        )
        trial["data"] = data
        try:
            game.state_from_json(trial)
        except StateFormatError as inner:
            if "ledger" in str(inner):
                continue
            col, token = tokens[k - 1]
            return order.fail(f"piece {k} {token!r} is not legal here: {inner}", col)
    return StateFormatError(f"Medina notation: the position is not valid: {exc}")
