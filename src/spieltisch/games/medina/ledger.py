"""The public ledger of each seat (MD-R67): its supply at setup, the pieces it placed, the
buildings it returned when a colour retired (MD-R36) and the merchants it received from
tower tiles (MD-R56). A seat's supply is always its ledger, and the pieces on the board are
always the pieces the ledgers placed: what ``resample`` recomputes, what the invariant
suite counts and what a loaded position must keep."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.errors import PositionError
from .cells import (
    BUILDING,
    MERCHANT,
    MERCHANTS,
    NEUTRAL,
    NEUTRAL_ROOF_PIECE,
    NEUTRAL_ROOFS,
    ROOF_PIECE,
    ROOFS,
    STABLE,
    STABLES,
    SUPPLY_NAMES,
    WALL,
    WALLS,
)

if TYPE_CHECKING:
    from .state import MedinaState


def _fail(message: str, rule: str) -> PositionError:
    return PositionError(f"{message} ({rule})")


def supply_of(st: MedinaState, seat: int) -> list[int]:
    """MD-R67: supply = initial - placed - removed + received."""
    out = [st.initial[seat][i] - st.placed[seat][i] for i in range(9)]
    for colour in range(4):
        out[colour] -= st.removed[seat][colour]
    out[MERCHANTS] += st.received[seat]
    return out


def conserved(st: MedinaState) -> dict[str, int]:
    """Pieces per slot (supplies, board and box), tower merchants and tea tiles, and how far
    the board is from the ledgers (always 0)."""
    n = st.players
    out = {
        name: sum(st.supply[s][i] + st.placed[s][i] for s in range(n))
        for i, name in enumerate(SUPPLY_NAMES)
    }
    for colour in range(4):
        out[SUPPLY_NAMES[colour]] += sum(st.removed[s][colour] for s in range(n))
    out["merchants"] -= sum(st.received)
    out["tower merchants"] = sum(st.tower_merchants) + sum(st.received) + st.boxed_merchants
    out["tea"] = st.tea_pool + sum(st.tea) + st.tea_box
    out["board minus ledger"] = _board_minus_ledger(st)
    return out


def _board_minus_ledger(st: MedinaState) -> int:
    """Every piece on the board is in some seat's ledger (the start merchant in none)."""
    on_board = {BUILDING: 0, STABLE: 0, MERCHANT: 0, WALL: 0, ROOF_PIECE: 0}
    on_board[NEUTRAL_ROOF_PIECE] = 0
    for _, kind, _, _ in st.pieces:
        on_board[kind] += 1
    if on_board[MERCHANT]:
        on_board[MERCHANT] -= 1  # the start merchant is always the first merchant
    n = st.players
    placed = [sum(st.placed[s][i] for s in range(n)) for i in range(9)]
    return (
        abs(on_board[BUILDING] - sum(placed[:4]))
        + abs(on_board[STABLE] - placed[STABLES])
        + abs(on_board[MERCHANT] - placed[MERCHANTS])
        + abs(on_board[WALL] - placed[WALLS])
        + abs(on_board[ROOF_PIECE] - placed[ROOFS])
        + abs(on_board[NEUTRAL_ROOF_PIECE] - placed[NEUTRAL_ROOFS])
    )


def check(st: MedinaState) -> None:
    """MD-R67: every seat's supply is its public ledger, and the pieces on the board are
    exactly the pieces the ledgers say were placed; MD-R36: buildings leave a supply only
    when their colour retires."""
    for s in range(st.players):
        if st.supply[s] != st.ledger_supply(s):
            raise _fail(f"seat {s}'s supply does not match its public ledger", "MD-R67")
        for colour in range(4):
            if st.removed[s][colour] and not st.retired >> colour & 1:
                raise _fail(
                    f"seat {s} returned {st.colours[colour]} buildings, but "
                    f"{st.colours[colour]} has not retired",
                    "MD-R36",
                )
            if st.supply[s][colour] and st.retired >> colour & 1:
                raise _fail(
                    f"seat {s} still holds {st.colours[colour]} buildings, but "
                    f"{st.colours[colour]} has retired",
                    "MD-R36",
                )
    _board_against_ledger(st)


def _board_against_ledger(st: MedinaState) -> None:
    n = st.players
    placed = [sum(st.placed[s][i] for s in range(n)) for i in range(9)]
    buildings = [0, 0, 0, 0]
    for p in range(1, len(st.pal_colour)):
        buildings[st.pal_colour[p]] += len(st.pal_buildings[p])
    for colour in range(4):
        if buildings[colour] != placed[colour]:
            raise _fail(
                f"{buildings[colour]} {st.colours[colour]} buildings on the board, "
                f"but the ledgers placed {placed[colour]}",
                "MD-R67",
            )
    counts = {STABLE: 0, MERCHANT: -1, WALL: 0}  # the start merchant is in no ledger
    for _, kind, _, _ in st.pieces:
        if kind in counts:
            counts[kind] += 1
    for kind, slot, name in (
        (STABLE, 6, "stables"),
        (MERCHANT, 7, "merchants"),
        (WALL, 8, "walls"),
    ):
        if max(counts[kind], 0) != placed[slot]:
            raise _fail(
                f"{max(counts[kind], 0)} {name} on the board (start merchant aside), "
                f"but the ledgers placed {placed[slot]}",
                "MD-R67",
            )
    for s in range(n):
        roofs = sum(1 for owner in st.pal_owner[1:] if owner == s)
        if roofs != st.placed[s][4]:
            raise _fail(
                f"seat {s} owns {roofs} palaces but its ledger placed {st.placed[s][4]} roofs",
                "MD-R67",
            )
    neutral = sum(1 for owner in st.pal_owner[1:] if owner == NEUTRAL)
    if neutral != placed[5]:
        raise _fail(
            f"{neutral} neutral palaces, but the ledgers placed {placed[5]} neutral roofs",
            "MD-R67",
        )
