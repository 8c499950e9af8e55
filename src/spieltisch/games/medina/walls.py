"""Walls (MD-R11, MD-R12, MD-R34, MD-R44): a wall continues a tower's chain along the
wall ring; a claimed palace it touches takes that tower's tile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import N_
from . import city, refusals, tiles
from .cells import UNCLAIMED, WALL, WALLS
from .explain import Forbidden

if TYPE_CHECKING:
    from .state import MedinaState


def refuse(st: MedinaState, seat: int, c: int) -> Forbidden | None:
    """Why ``seat`` may not put a wall on ``c``; ``None`` if it may."""
    if not st.supply[seat][WALLS]:
        return Forbidden(N_("you have no walls left"), "MD-R16")
    if c in st.wall_legal:
        return None
    if not st.wall_legal:
        return Forbidden(
            N_("no wall fits anywhere: every side is built up to its open gate"), "MD-R34"
        )
    return refusals.no_wall_square(st, c)


def place(st: MedinaState, seat: int, c: int) -> None:
    st.time += 1
    st.take(seat, WALLS)
    chain, p = city.add_wall(st, c)
    st.pieces.append((st.time, WALL, c, chain))
    st.note("wall", seat, c, chain=chain)
    if p and st.pal_owner[p] != UNCLAIMED and tiles.takes_tiles(st, p):
        tiles.give_tower(st, st.board.chain_tower(chain), p)  # MD-R44
