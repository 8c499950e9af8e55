"""Reading Tumult Royal's position format ``tumult-royal/1`` (``position`` writes it;
``docs/positions/tumult-royal.md`` describes it): the text becomes a table, which
``checks`` then judges."""

from __future__ import annotations

import re
from typing import Any

from ...engine.errors import OptionError, PositionError
from ...engine.options import resolve_options
from .actions import DONE, KEEP, PUT_BACK, WAIT, Face, TumultAction, peek
from .options import OPTIONS
from .position import EMPTY, FORMAT, OPTION_WORDS, PHASE_WORDS
from .table import ASIDE, BUILD, ENDINGS, GRAB, OVER, START, Table

LINES = (
    *("ranks", "landscape", "unused", "chronicle", "demand", "seat"),
    *("aside", "slots", "memory", "pending", "last", "pool"),
)
_FIELD = re.compile(r"\((\d+),(\d+)\)(?:x(\d+))?$")
_FIELDS = re.compile(r"\(\d+,\d+\)(?:x\d+)?")
_FACE = re.compile(r"([a-z_]+)(\d+)$")
_SLOT = re.compile(r"([a-z_]+\d+)(?::(kept|hand)(\d+))?$")
_LAST = re.compile(r"(\d+):(peek|keep|put_back|done|wait)(\d+)?(?::(won|lost))?$")
_CHOICES = {"keep": KEEP, "put_back": PUT_BACK, "done": DONE, "wait": WAIT}


def _error(where: str, message: str) -> PositionError:
    return PositionError(f"{where}: {message}")


def _int(text: str, where: str, low: int = 0, high: int = 10**9) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise _error(where, f"{text!r} is not a whole number {low} to {high}")
    return int(text)


def _list(text: str) -> list[str]:
    return [] if text == EMPTY else text.split(",")


def split(text: str) -> tuple[dict[str, str], dict[str, list[str]], dict[int, dict[str, str]]]:
    """The header's ``key=value`` words, the keyword lines' words and the seat lines."""
    if not isinstance(text, str):
        raise PositionError("a position is text")
    lines = [
        (n, line.split())
        for n, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.strip().startswith("#")
    ]
    if not lines or lines[0][1][0] != FORMAT:
        raise PositionError(f"a position starts with the line '{FORMAT} players=... ...'")
    header = _pairs(lines[0][1][1:], f"line {lines[0][0]}")
    parts: dict[str, list[str]] = {}
    seats: dict[int, dict[str, str]] = {}
    for n, words in lines[1:]:
        key, rest = words[0], words[1:]
        if key not in LINES:
            raise _error(f"line {n}", f"unknown line {key!r}; the lines are {', '.join(LINES)}")
        if key == "seat":
            seat = _int(rest[0] if rest else "", f"line {n}: seat", 0, 3)
            if seat in seats:
                raise _error(f"line {n}", f"seat {seat} has two lines")
            seats[seat] = _pairs(rest[1:], f"line {n}")
        elif key in parts:
            raise _error(f"line {n}", f"a second {key} line")
        else:
            parts[key] = rest
    return header, parts, seats


def _pairs(words: list[str], where: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or key in out:
            raise _error(where, f"{word!r}: write each key=value once")
        out[key] = value
    return out


def read(text: str, cls: type[Table]) -> Table:
    """A table of class ``cls`` from the position ``text`` (not yet checked)."""
    header, parts, seats = split(text)
    players = _int(header.pop("players", ""), "header: players", 2, 4)
    given = {name: header.pop(name) for name in OPTION_WORDS if name in header}
    try:
        options = resolve_options(OPTIONS, given, players)
    except OptionError as exc:
        raise PositionError(f"header: {exc}") from None
    table = cls.__new__(cls)
    table._init_common(players, 0, options)
    table.configure()
    table.empty()
    table._moves = None  # a position has no game record
    actor = header.pop("actor", "")
    _read_turn(table, header)
    if sorted(seats) != list(range(players)):
        raise PositionError(f"give one line 'seat N ...' for each seat 0 to {players - 1}")
    _read_ranks(table, parts)
    _read_landscape(table, parts)
    _read_round_facts(table, parts)
    _read_statues(table, seats)
    _read_tiles(table, parts, seats)
    _read_grab(table, header, parts)
    if header:
        raise PositionError(f"header: unknown keys {', '.join(sorted(header))}")
    table.rebuild_caches()
    _read_actor(table, actor)
    return table


def _read_turn(table: Table, header: dict[str, str]) -> None:
    phase = header.pop("phase", "")
    if phase not in PHASE_WORDS:
        raise _error("header: phase", f"{phase!r} is not one of {', '.join(PHASE_WORDS)}")
    table.phase = phase
    table.round = _int(header.pop("round", ""), "header: round", 0, table.rules.max_rounds)
    table.tick = _int(header.pop("tick", "0"), "header: tick")
    table.built = header.pop("built", "no") == "yes"
    ending = header.pop("ending", "").replace("_", " ")
    if (phase == OVER) != (ending in ENDINGS):
        names = ", ".join(e.replace(" ", "_") for e in ENDINGS)
        raise _error("header: ending", f"a game that is over ends by one of {names}")
    table.end_reason = ending if phase == OVER else ""
    table.revealed = phase in (BUILD, OVER)
    table.turn = table.players  # every turn of the phase taken (grab, over)


def _read_actor(table: Table, actor: str) -> None:
    """``actor=S`` in the start statues and the build turns sets the turn (TR-S7, TR-R15)."""
    if table.phase not in (START, BUILD):
        if actor:
            raise _error("header: actor", "only the start statues and build turns have one")
        return
    if not actor:
        raise _error("header", "name the seat to act: actor=S")
    seat = _int(actor, "header: actor", 0, table.players - 1)
    order = table.start_order() if table.phase == START else table.rank
    table.turn = order.index(seat)
    table.decide()


def _read_ranks(table: Table, parts: dict[str, list[str]]) -> None:
    ranks = parts.get("ranks")
    if ranks is None:
        raise PositionError("give the line 'ranks S S ...': the seats, King first")
    table.rank = [_int(w, "ranks", 0, table.players - 1) for w in ranks]
    if sorted(table.rank) != list(range(table.players)):
        raise _error("ranks", f"name every seat 0 to {table.players - 1} once, King first (TR-D4)")


def _read_landscape(table: Table, parts: dict[str, list[str]]) -> None:
    """``landscape L04 (L07) / L10 L02``: tile rows, a face-down design in parentheses."""
    words = parts.get("landscape")
    columns = table.land.columns
    if words is None or len(words) != 2 * columns + 1 or words[columns] != "/":
        raise PositionError(
            f"give the line 'landscape' with {columns} designs, '/', {columns} designs"
        )
    designs, face_up = [], []
    for word in words[:columns] + words[columns + 1 :]:
        down = word.startswith("(") and word.endswith(")")
        designs.append(word[1:-1] if down else word)
        face_up.append(not down)
    unused = parts.get("unused")
    known = list(table.rules.landscape_tiles)
    if unused is None:
        unused = [d for d in known if d not in designs]
    elif unused == [EMPTY]:
        unused = []
    for design in designs + unused:
        if design not in known:
            raise _error("landscape", f"no landscape tile {design!r}; they are {', '.join(known)}")
    table.designs = designs + unused
    table.face_up = face_up


def _read_round_facts(table: Table, parts: dict[str, list[str]]) -> None:
    """The chronicle (``seat:statues`` per round) and the demand per good."""
    table.chronicle = []
    for word in parts.get("chronicle", [EMPTY]):
        if word == EMPTY:
            continue
        king, colon, n = word.partition(":")
        where = f"chronicle {word!r}"
        table.chronicle.append(
            (_int(king, where, 0, table.players - 1), _int(n if colon else "", where, 1, 25))
        )
    demand = parts.get("demand", [EMPTY] * 3)
    if len(demand) != 3:
        raise _error("demand", "give three values, bread marble tools ('-' when not spun)")
    table.demand = [0 if d == EMPTY else _int(d, "demand", 1, 99) for d in demand]


def _read_statues(table: Table, seats: dict[int, dict[str, str]]) -> None:
    """Followers, grace and statues of each seat; the reserve is what is left (TR-D3)."""
    land, rules = table.land, table.rules
    board: dict[int, tuple[int, int, int]] = {}
    for p, line in seats.items():
        where = f"seat {p}"
        table.followers[p] = _int(line.pop("followers", ""), f"{where}: followers")
        table.grace[p] = line.pop("grace", "no") == "yes"
        for word in _fields(line.pop("statues", EMPTY), where):
            match = _FIELD.match(word)
            if match is None or not land.on_grid(int(match[1]), int(match[2])):
                raise _error(where, f"{word!r} is not a field (row,col) of the landscape")
            f = land.field(int(match[1]), int(match[2]))
            if f in board:
                raise _error(where, f"field {word} is listed twice")
            n = int(match[3]) if match[3] else _capacity(table, f)
            board[f] = (f, p, n)
    table.board = [board[f] for f in sorted(board)]
    placed = [0] * table.players
    for _, seat, n in table.board:
        placed[seat] += n
    for king, n in table.chronicle:
        placed[king] += n
    for p in range(table.players):
        table.reserve[p] = rules.statues_per_player - placed[p]
        if table.reserve[p] < 0:
            raise _error(f"seat {p}", f"{placed[p]} statues placed; a seat has 25 (TR-D3)")


def _fields(text: str, where: str) -> list[str]:
    """``(2,1),(3,2)x1``: the fields of a seat's statues."""
    if text == EMPTY:
        return []
    found = _FIELDS.findall(text)
    if ",".join(found) != text:
        raise _error(where, f"statues={text}: fields (row,col) separated by commas")
    return list(found)


def _capacity(table: Table, f: int) -> int:
    """The statues a field holds: its terrain's capacity (TR-R17); 1 on a face-down tile
    (refused later, naming the field)."""
    tr, tc = table.land.pos[f]
    i = tr * table.land.columns + tc
    if not table.face_up[i]:
        return 1
    lr, lc = table.land.loc[f]
    code = table.rules.landscape_tiles[table.designs[i]][lr][lc]
    return table.rules.terrains[code].capacity


class _Tiles:
    """Hands out the game's tiles by face, each once."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.free: dict[Face, list[int]] = {}
        for t, face in enumerate(table.faces):
            self.free.setdefault(face, []).append(t)

    def take(self, word: str, where: str, avoid: frozenset[int] = frozenset()) -> int:
        match = _FACE.match(word)
        face = (match[1], int(match[2])) if match else None
        if face is None or face not in self.free:
            kinds = " ".join(sorted({f"{g}{v}" for g, v in self.table.faces}))
            raise _error(where, f"{word!r} is no goods tile of this game ({kinds})")
        for t in self.free[face]:
            if t not in avoid:
                self.free[face].remove(t)
                return t
        raise _error(where, f"more {word} tiles than the game has (TR-D1)")


def _read_tiles(
    table: Table, parts: dict[str, list[str]], seats: dict[int, dict[str, str]]
) -> None:
    """Every goods tile once: set aside, carried, held, in a slot (in the grab) or in the
    pool, which takes the rest (TR-D1, TR-S3)."""
    tiles, loc = _Tiles(table), table.loc
    for word in _words(parts, "aside"):
        loc[tiles.take(word, "aside")] = ASIDE
    for p, line in seats.items():
        for word in _list(line.pop("carried", EMPTY)):
            t = tiles.take(word, f"seat {p}: carried")
            loc[t], table.carried[t] = p, True
        for word in _list(line.pop("goods", EMPTY)):
            loc[tiles.take(word, f"seat {p}: goods")] = p
        if line:
            raise _error(f"seat {p}", f"unknown keys {', '.join(sorted(line))}")
    table.aside = sorted(t for t, w in enumerate(loc) if w == ASIDE)
    _read_slots(table, parts, tiles)
    pool = sorted(t for ts in tiles.free.values() for t in ts)
    if "pool" in parts:
        named = _Tiles(table)
        listed = sorted(named.take(w, "pool") for w in _words(parts, "pool"))
        if sorted(table.faces[t] for t in listed) != sorted(table.faces[t] for t in pool):
            raise _error("pool", "the pool is every tile not named elsewhere, once")


def _read_slots(table: Table, parts: dict[str, list[str]], tiles: _Tiles) -> None:
    """``slots bread1 marble3:kept0 tools2:hand1``: in the grab the slots hold the people's
    tiles; after it they are its record (the tiles are where the other lines say)."""
    grab = table.phase == GRAB
    used: set[int] = set()
    for s, word in enumerate(_words(parts, "slots")):
        match = _SLOT.match(word)
        if match is None:
            raise _error("slots", f"{word!r} is not face, face:keptS or face:handS")
        if grab:
            t = tiles.take(match[1], "slots")
        else:  # the record: a tile of that face that was not set aside or carried
            record = _Tiles(table)
            avoid = frozenset(used | set(table.aside) | _carried(table))
            t = record.take(match[1], "slots", avoid)
        used.add(t)
        table.slot_tile.append(t)
        seat = -1 if match[3] is None else _int(match[3], "slots", 0, table.players - 1)
        table.slot_taker.append(seat if match[2] == "kept" else -1)
        table.slot_holder.append(seat if match[2] == "hand" else -1)
        if grab and match[2] == "kept":
            table.loc[t] = seat
        if match[2] == "hand":
            table.hand[seat] = s


def _carried(table: Table) -> set[int]:
    return {t for t, c in enumerate(table.carried) if c}


def _words(parts: dict[str, list[str]], key: str) -> list[str]:
    words = parts.get(key, [])
    return [] if words == [EMPTY] else words


def _read_grab(table: Table, header: dict[str, str], parts: dict[str, list[str]]) -> None:
    """Done flags, memories, this tick's choices and the last tick's (TR-G5 to TR-G12)."""
    players = table.players
    done = header.pop("done", None)
    if table.phase == GRAB:
        flags = {_int(w, "header: done", 0, players - 1) for w in _list(done or EMPTY)}
        table.done = [p in flags for p in range(players)]
        table.tick_seats = [p for p in range(players) if p not in flags]
    elif done is not None:
        raise _error("header: done", "only the grab has seats done")
    memory = parts.get("memory", [f"{p}:{EMPTY}" for p in range(players)])
    table.memory = [[] for _ in range(players)]
    for word in memory:
        seat, _, slots = word.partition(":")
        p = _int(seat, "memory", 0, players - 1)
        table.memory[p] = sorted({_int(s, f"memory of seat {p}") for s in _list(slots)})
    for word in _words(parts, "pending"):
        seat, _, choice = word.partition(":")
        p = _int(seat, "pending", 0, players - 1)
        table.pending[p] = _choice(choice, f"pending {word!r}")
    table.last_tick = [_last(word) for word in _words(parts, "last")]


def _choice(word: str, where: str) -> TumultAction:
    if word.startswith("peek"):
        return peek(_int(word[4:], where))
    action = _CHOICES.get(word)
    if action is None:
        raise _error(where, "a choice is peekS, keep, put_back, done or wait")
    return action


def _last(word: str) -> dict[str, Any]:
    match = _LAST.match(word)
    if match is None:
        raise _error("last", f"{word!r} is not seat:choice, e.g. 0:peek7:won, 1:keep4, 2:wait")
    entry: dict[str, Any] = {"seat": int(match[1]), "action": match[2]}
    if match[3] is not None:
        entry["slot"] = int(match[3])
    if match[4] is not None:
        entry["won"] = match[4] == "won"
    return entry
