"""Where pieces may go (ZK-R8, ZK-R14, ZK-R20, ZK-C12, section 6): the cells a step, a
second step, a neutral unit's move or a retreat can reach. Pure look-ups on the map and
the position; nothing here changes a state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import SEA
from .components import FLEET

if TYPE_CHECKING:
    from .state import ZkState

FORCED_MARCH, GENOESE_SHIPS = "forced_march", "genoese_ships"  # the two-step cards
TWO_STEP_EVENTS = (FORCED_MARCH, GENOESE_SHIPS)


def event_steps(state: ZkState, seat: int, event: str) -> list[int]:
    """The cells one step of Forced march (land to land, ZK-EV05) or Genoese ships (onto
    sea, ZK-EV11) reaches from ``seat``'s pawn."""
    board = state.comp.board
    here = state.pawn[seat]
    terrain = board.terrain
    if event == FORCED_MARCH:
        if terrain[here] == SEA:
            return []
        return [n for n in board.neighbours[here] if terrain[n] != SEA]
    return [n for n in board.neighbours[here] if terrain[n] == SEA]


def second_step_cells(state: ZkState) -> list[int]:
    """Where the second step of the two-step card being played goes (ZK-EV05, ZK-EV11)."""
    event = state.comp.cards[state.two_step].event or ""
    return event_steps(state, state.active, event)


def unit_moves(state: ZkState, kind: str) -> list[tuple[int, int]]:
    """ZK-R20: every legal one-field move ``(unit, cell)`` of a unit of ``kind`` in play: a
    fleet onto sea, an army onto land outside the cities; never onto another unit, nor
    onto the start cell of another unit still in play."""
    comp = state.comp
    board = comp.board
    units = state.units
    occupied = {c for c in units if c >= 0}
    out = []
    for unit in comp.units:
        here = units[unit.index]
        if unit.kind != kind or here < 0:
            continue
        blocked = {
            other.start_cell
            for other in comp.units
            if other.index != unit.index and units[other.index] >= 0
        }
        for n in board.neighbours[here]:
            if n in occupied or n in blocked:
                continue
            if kind == FLEET:
                if board.terrain[n] != SEA:
                    continue
            elif board.terrain[n] == SEA or n in board.city_at:
                continue
            out.append((unit.index, n))
    return out


def retreat_cells(state: ZkState, seat: int) -> list[int]:
    """ZK-C12 (b): the adjacent cells without a neutral unit, land ones if any."""
    board = state.comp.board
    occupied = set(state.units)
    free = [n for n in board.neighbours[state.pawn[seat]] if n not in occupied]
    land = [n for n in free if board.terrain[n] != SEA]
    return land or free
