"""Tumult Royal's position format ``tumult-royal/1``: a position in words the players use
(designs ``L01``, fields ``(row,col)``, goods ``bread3``, seats 0 to P-1), one line per
part, documented in ``docs/positions/tumult-royal.md``. This module writes it;
``position_read`` reads it back."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.errors import PositionError
from .actions import Face, TumultAction
from .data import BUILTIN_RULESETS
from .table import BUILD, GRAB, OVER, POOL, START, Table

FORMAT = "tumult-royal/1"
PHASE_WORDS = (START, GRAB, BUILD, OVER)
# the options a position names when they differ from their defaults, in this order
OPTION_WORDS = (
    "variant",
    "keep_goods",
    "greed_measure",
    "consolation",
    "grab_ticks",
    "tick_ms",
    "ruleset_data",
)
EMPTY = "-"


def face_word(face: Face) -> str:
    """``bread3``: a goods tile by its face (TR-D1)."""
    return f"{face[0]}{face[1]}"


def field_word(rc: tuple[int, int]) -> str:
    """``(2,5)``: a field as the players read it, row then column (TR-D8)."""
    return f"({rc[0]},{rc[1]})"


def words(items: Iterable[str], sep: str = " ") -> str:
    """``items`` joined, or ``-`` for none."""
    out = sep.join(items)
    return out or EMPTY


def choice_word(action: TumultAction) -> str:
    """A grab choice: ``peek3``, ``keep``, ``put_back``, ``done``, ``wait``."""
    return f"peek{action.slot}" if action.kind == "peek" else action.kind


def write(table: Table, defaults: dict[str, object]) -> str:
    """The position of ``table``; ``defaults`` are the options' defaults (left out)."""
    if table.options["ruleset_data"] not in BUILTIN_RULESETS:
        raise PositionError(
            "a position names its ruleset by name (default or reconstructed-1); this game "
            "plays ruleset data of its own"
        )
    lines = [
        _header(table, defaults),
        "ranks " + " ".join(map(str, table.rank)),
        _landscape(table),
        "unused " + words(table.designs[len(table.face_up) :]),
        "chronicle " + words(f"{k}:{n}" for k, n in table.chronicle),
        "demand " + " ".join(str(d) if d else EMPTY for d in table.demand),
        *(_seat(table, p) for p in range(table.players)),
        "aside " + _faces(table, table.aside),
        "slots " + words(_slot_word(table, s) for s in range(len(table.slot_tile))),
        "memory " + " ".join(f"{p}:{words(map(str, m), ',')}" for p, m in enumerate(table.memory)),
        "pending " + words(f"{p}:{choice_word(a)}" for p, a in sorted(table.pending.items())),
        "last " + words(_last_word(e) for e in table.last_tick),
        "pool " + _faces(table, _pool(table)),
    ]
    return "\n".join(lines) + "\n"


def _header(table: Table, defaults: dict[str, object]) -> str:
    phase = table.phase
    head = [FORMAT, f"players={table.players}", f"round={table.round}", f"phase={phase}"]
    if phase in (START, BUILD):
        head.append(f"actor={table.actor()}")
    if phase == BUILD and table.built:
        head.append("built=yes")
    if table.tick:
        head.append(f"tick={table.tick}")
    if phase == GRAB:
        head.append("done=" + words((str(p) for p, d in enumerate(table.done) if d), ","))
    if phase == OVER:
        head.append("ending=" + table.end_reason.replace(" ", "_"))
    for name in OPTION_WORDS:
        value = table.options[name]
        if value != defaults[name]:
            text = str(value).lower() if isinstance(value, bool) else str(value)
            head.append(f"{name}={text}")
    return " ".join(head)


def _landscape(table: Table) -> str:
    """Tile row 0, ``/``, tile row 1; a face-down design in parentheses."""
    columns = table.land.columns
    cells = [d if up else f"({d})" for d, up in zip(table.designs, table.face_up, strict=False)]
    return f"landscape {' '.join(cells[:columns])} / {' '.join(cells[columns:])}"


def _seat(table: Table, p: int) -> str:
    statues = []
    capacity = {code: t.capacity for code, t in table.rules.terrains.items()}
    for f, seat, n in table.board:
        if seat == p:
            word = field_word(table.land.rc(f))
            statues.append(word if n == capacity[table.codes[f]] else f"{word}x{n}")
    held = [t for t in table.holdings(p) if not table.carried[t]]
    if table.phase == GRAB:
        held = []  # the tiles kept in this grab are in the slots line
    carried = [t for t in table.holdings(p) if table.carried[t]]
    return (
        f"seat {p} followers={table.followers[p]} grace={'yes' if table.grace[p] else 'no'} "
        f"statues={words(statues, ',')} goods={_faces(table, held, ',')} "
        f"carried={_faces(table, carried, ',')}"
    )


def _faces(table: Table, tiles: Iterable[int], sep: str = " ") -> str:
    goods = table.rules.goods
    faces = sorted((table.faces[t] for t in tiles), key=lambda f: (goods.index(f[0]), f[1]))
    return words((face_word(f) for f in faces), sep)


def _slot_word(table: Table, s: int) -> str:
    """``marble3``, ``marble3:kept0`` (kept by seat 0) or ``marble3:hand1`` (in its hand)."""
    word = face_word(table.faces[table.slot_tile[s]])
    if table.slot_taker[s] >= 0:
        return f"{word}:kept{table.slot_taker[s]}"
    if table.slot_holder[s] >= 0:
        return f"{word}:hand{table.slot_holder[s]}"
    return word


def _last_word(entry: dict[str, object]) -> str:
    """A resolved choice of the last tick: ``0:peek7:won``, ``2:keep4``, ``3:done``."""
    word = f"{entry['seat']}:{entry['action']}"
    if "slot" in entry:
        word += str(entry["slot"])
    if "won" in entry:
        word += ":won" if entry["won"] else ":lost"
    return word


def _pool(table: Table) -> list[int]:
    """The people's tiles outside the slots (in the grab, the pool lies in the slots)."""
    if table.phase == GRAB:
        in_slots = set(table.slot_tile)
        return [t for t, w in enumerate(table.loc) if w == POOL and t not in in_slots]
    return [t for t, w in enumerate(table.loc) if w == POOL]
