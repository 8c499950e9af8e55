"""Shared helpers for the Tumult Royal rule tests: fresh games, scripted chance, and direct
edits of a position that keep ``conserved()`` unchanged (tiles and statues)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import spieltisch
from spieltisch.games.tumult_royal.actions import DONE, END_TURN, KEEP, PUT_BACK, WAIT, TumultAction
from spieltisch.games.tumult_royal.state import TumultState
from spieltisch.games.tumult_royal.table import ASIDE, POOL

GAME = spieltisch.game("tumult-royal")
GOODS = ("bread", "marble", "tools")
DESIGNS = ["L01", "L02", "L03", "L04", "L05", "L06", "L07", "L08", "L09", "L10"]
A, B, C, D = 0, 1, 2, 3

__all__ = [
    "ASIDE",
    "DONE",
    "END_TURN",
    "KEEP",
    "POOL",
    "PUT_BACK",
    "WAIT",
    "TumultAction",
]


def new(players: int = 4, seed: int = 1, **options: Any) -> TumultState:
    s = GAME.new_game(players, seed=seed, options=options)
    assert isinstance(s, TumultState)
    return s


def peek(slot: int) -> TumultAction:
    return TumultAction("peek", slot=slot)


def build(r: int, c: int, *payment: tuple[str, int]) -> TumultAction:
    return TumultAction("build", field=(r, c), payment=tuple(sorted(payment)))


def place(r: int, c: int) -> TumultAction:
    return TumultAction("place_start", field=(r, c))


def to_grab(
    players: int = 4,
    seed: int = 1,
    *,
    rank: list[int] | None = None,
    designs: list[str] | None = None,
    spin: int | None = None,
    aside: list[int] | None = None,
    slots: list[int] | None = None,
    starts: Iterable[tuple[int, int]] | None = None,
    **options: Any,
) -> TumultState:
    """A game in the grab of round 1. ``aside``/``slots`` are tile indices forced through
    the 'set aside' and 'slots' chance events; ``spin`` is the spinner outcome index."""
    s = new(players, seed, **options)
    if rank is not None:
        s.rank = list(rank)
        s.decide()
    if designs is not None:
        s.designs = list(designs)
        refresh(s)
    if spin is not None:
        s.chance.script("spinner", spin)
    if aside is not None:
        pool = list(range(len(s.tiles)))
        rest = [t for t in pool if t not in aside]
        s.chance.script("set aside", list(aside) + rest)
        if slots is not None:
            s.chance.script("slots", list(slots))
    starts = list(starts) if starts is not None else None
    i = 0
    while s.phase == "setup_start_statues":
        seat = s.actors()[0]
        action = place(*starts[i]) if starts else s.legal_actions(seat)[0]
        s.apply(seat, action)
        i += 1
    return s


def all_act(s: TumultState, action: TumultAction = DONE) -> None:
    for seat in s.actors():
        s.apply(seat, action)


def to_build(players: int = 4, seed: int = 1, **kw: Any) -> TumultState:
    """A game in the build phase of round 1 (everyone pressed done in tick 1)."""
    s = to_grab(players, seed, **kw)
    all_act(s, DONE)
    assert s.phase == "build"
    return s


def tiles_of(s: TumultState, good: str, value: int) -> list[int]:
    g = GOODS.index(good)
    return [t for t, tile in enumerate(s.tiles) if tile.good == g and tile.value == value]


def assign(s: TumultState, where: Mapping[Any, Iterable[tuple[str, int]]]) -> None:
    """Give faces to seats (int keys) or set them aside ('aside'); everything else goes to
    the pool. Only outside the grab (slots are not touched)."""
    taken: set[int] = set()
    loc = [POOL] * len(s.tiles)
    for key, faces in where.items():
        for good, value in faces:
            t = next(t for t in tiles_of(s, good, value) if t not in taken)
            taken.add(t)
            loc[t] = ASIDE if key == "aside" else key
    s.loc = loc
    s.carried = [False] * len(s.tiles)
    s.aside = sorted(t for t in range(len(loc)) if loc[t] == ASIDE)


def faces_of(s: TumultState, seat: int, good: str | None = None) -> list[tuple[str, int]]:
    return sorted(s.faces[t] for t in s.holdings(seat) if good is None or s.faces[t][0] == good)


def pool_units(s: TumultState, good: str) -> int:
    return sum(v for t, (g, v) in enumerate(s.faces) if g == good and s.loc[t] == POOL)


def set_board(s: TumultState, fields: Mapping[tuple[int, int], Any], chronicle=()) -> None:
    """Replace the board: ``{(r, c): seat}`` or ``{(r, c): (seat, statues)}``; reserves
    follow so that statues are conserved. ``chronicle``: list of (seat, statues)."""
    s.chronicle = [tuple(c) for c in chronicle]
    s.reserve = [s.rules.statues_per_player] * s.players
    board = []
    for (r, c), v in fields.items():
        seat, n = (v, 1) if isinstance(v, int) else v
        board.append((s.land.field(r, c), seat, n))
        s.reserve[seat] -= n
    s.board = sorted(board)
    for seat, n in s.chronicle:
        s.reserve[seat] -= n
    refresh(s)


def set_placed(s: TumultState, placed: list[int]) -> None:
    """Give every seat ``placed[seat]`` statues on the landscape (up to 3 per field, on
    fields of any tile); no chronicle. Only the counts matter to the callers."""
    fields: dict[tuple[int, int], tuple[int, int]] = {}
    f = 0
    for seat, n in enumerate(placed):
        while n > 0:
            k = min(3, n)
            fields[s.land.rc(f)] = (seat, k)
            f += 1
            n -= k
    set_board(s, fields)


def expected_conserved(s: TumultState) -> dict[str, int]:
    return {
        "tiles": len(s.tiles),
        "set-aside bookkeeping errors": 0,
        "statues": s.rules.statues_per_player * s.players,
    }


def spin_index(value: int) -> int:
    """A spinner outcome index (0..99) that maps to ``value`` (weights 15/35/35/15)."""
    return {2: 0, 3: 15, 4: 50, 5: 85}[value]


def refresh(s: TumultState) -> None:
    """Recompute the caches (terrain, statues per field, whose decision) after editing
    facts directly."""
    s.rebuild_caches()


def set_designs(s: TumultState, designs: list[str], face_up: list[bool] | None = None) -> None:
    """Lay the landscape: ``face_up`` per tile position in reading order, or per tile
    column (both rows alike) when it has one entry per column."""
    s.designs = list(designs)
    if face_up is not None:
        s.face_up = column_fog(s, face_up) if len(face_up) == s.land.columns else list(face_up)
    refresh(s)


def column_fog(s: TumultState, columns_up: list[bool]) -> list[bool]:
    """``face_up`` per tile position when whole columns are face up or down (TR-D8)."""
    return list(columns_up) * 2  # row 0, then row 1
