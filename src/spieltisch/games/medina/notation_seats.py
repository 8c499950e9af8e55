"""The ``seat N`` lines of the Medina notation: each seat's supply and public ledger
(MD-R67), and where the seat lines disagree with the board."""

from __future__ import annotations

import re
from typing import Any

from ...engine.game import JSON
from .data import ruleset_of
from .notation_order import Line, Order, read_int
from .notation_write import supply_labels

_SEAT_KEYS = ("supply", "initial", "removed", "received", "tea", "opened")


def _key_values(line: Line, words: list[tuple[int, str]]) -> dict[str, tuple[int, str]]:
    """``key=value`` words of a seat line, with the column where each value starts."""
    out: dict[str, tuple[int, str]] = {}
    for col, word in words:
        key, eq, value = word.partition("=")
        if not eq or not key or not value:
            raise line.fail(f"expected key=value, not {word!r}", col)
        if key in out:
            raise line.fail(f"{key!r} is given twice", col)
        if key not in _SEAT_KEYS:
            raise line.fail(f"unknown field {key!r}", col)
        out[key] = (col + len(key) + 1, value)
    return out


def _labelled(
    line: Line, col: int, text: str, labels: list[str], what: str, complete: bool
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


def read_seats(
    seats: dict[int, Line], options: dict[str, Any], players: int, colours: tuple[str, ...]
) -> JSON:
    """Each seat's supply and ledger; ``placed`` follows from them (MD-R67)."""
    default = ruleset_of(options).initial_supply(int(options["edition"]), players)
    rows: dict[str, list[Any]] = {
        key: [] for key in ("supply", "initial", "removed", "received", "tea", "placed")
    }
    rows["first_turn_done"] = []
    for s in range(players):
        seat = _read_seat(seats[s], s, colours, default)
        for key, value in seat.items():
            rows[key].append(value)
    return rows


def _read_seat(ln: Line, s: int, colours: tuple[str, ...], default: list[int]) -> JSON:
    """``seat N supply=... tea=N opened=yes|no [initial=...] [removed=...] [received=N]``."""
    labels = supply_labels(colours)
    f = _key_values(ln, ln.words()[2:])
    for key in ("supply", "tea", "opened"):
        if key not in f:
            raise ln.fail(f"seat {s} lacks {key}=")
    supply = _labelled(ln, *f["supply"], labels, "supply", True)
    initial = default
    if "initial" in f:
        initial = _labelled(ln, *f["initial"], labels, "initial", True)
    removed = [0] * 4
    if "removed" in f:
        removed = _labelled(ln, *f["removed"], labels[:4], "removed", False)
    received = read_int(ln, *f["received"], "received") if "received" in f else 0
    col, opened = f["opened"]
    if opened not in ("yes", "no"):
        raise ln.fail(f"opened= is yes or no, not {opened!r}", col)
    placed = [initial[i] - supply[i] for i in range(9)]
    for c in range(4):
        placed[c] -= removed[c]
    placed[7] += received
    for i, v in enumerate(placed):
        if v < 0:
            raise ln.fail(
                f"seat {s}: supply {labels[i]}{supply[i]} exceeds what the ledger "
                f"allows (initial - removed + received)"
            )
    return {
        "supply": supply,
        "initial": list(initial),
        "removed": removed,
        "received": received,
        "tea": read_int(ln, *f["tea"], "tea"),
        "first_turn_done": opened == "yes",
        "placed": placed,
    }


def check_ledger(
    seats: dict[int, Line], data: JSON, order: Order, colours: tuple[str, ...]
) -> None:
    """MD-R67: the pieces the seat lines account for (initial - supply - removed + received)
    must be the pieces on the board (the first merchant is the shared start merchant)."""
    labels = supply_labels(colours)
    on_board = [0] * 9
    slot = {"roof": 4, "neutral_roof": 5, "stable": 6, "merchant": 7, "wall": 8}
    for _, kind, _, extra in order.pieces:
        if kind == "building":
            on_board[colours.index(order.palaces[extra - 1]["colour"])] += 1
        else:
            on_board[slot[kind]] += 1
    if on_board[7]:
        on_board[7] -= 1
    names = [*(f"{c} buildings" for c in colours), "roofs", "neutral roofs", "stables"]
    names += ["merchants (besides the start merchant)", "walls"]
    for i in range(9):
        total = sum(row[i] for row in data["placed"])
        if total != on_board[i]:
            raise seats[0].fail(
                f"the seat lines account for {total} placed {names[i]} "
                f"(initial - supply - removed + received, label {labels[i]!r}), "
                f"but the order line has {on_board[i]}"
            )
