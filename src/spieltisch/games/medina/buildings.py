"""Buildings (MD-R22 to MD-R24, MD-R37, MD-R50): a building extends its colour's
incomplete palace, or founds a new palace on a free start square."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import N_
from . import city, refusals
from .cells import BUILDING
from .explain import Forbidden

if TYPE_CHECKING:
    from .actions import MedinaAction
    from .state import MedinaState


def cells(st: MedinaState, colour: int) -> list[int]:
    """Where a building of ``colour`` may go (MD-R22 to MD-R24), ascending."""
    if st.retired >> colour & 1:
        return []
    p = st.incomplete[colour]
    if p:
        owner = st.exp_owner
        return [c for c in st.exp_cells if owner[c] == p]
    return st.free_start


def refuse(st: MedinaState, seat: int, c: int, action: MedinaAction) -> Forbidden | None:
    """Why ``seat`` may not build ``action.colour`` on ``c``; ``None`` if it may."""
    if action.colour not in st.colours:
        return Forbidden(
            N_("there are no {colour} buildings in this edition"), "MD-D4", colour=action.colour
        )
    colour = st.colours.index(action.colour)
    if st.retired >> colour & 1:
        return Forbidden(
            N_(
                "{colour} has retired: every player owns a {colour} palace, so the remaining "
                "{colour} buildings have left the game"
            ),
            "MD-R37",
            colour=action.colour,
        )
    if not st.supply[seat][colour]:
        return Forbidden(N_("you have no {colour} buildings left"), "MD-R16", colour=action.colour)
    p = st.incomplete[colour]
    if p:
        if st.exp_owner[c] == p:
            return None
    elif city.contains_sorted(st.free_start, c):
        return None
    return _why_not(st, c, colour, p, action.colour)


def _why_not(st: MedinaState, c: int, colour: int, p: int, name: str) -> Forbidden:
    if not p and not st.free_start:
        return Forbidden(
            N_(
                "no square is left for a new {colour} palace: every free square has a "
                "building or stable next to it"
            ),
            "MD-R24",
            colour=name,
        )
    taken = refusals.square_taken(
        st, c, "MD-R22", N_("a building needs an empty city square; {cell} lies on the wall ring")
    )
    if taken is not None:
        return taken
    if p:
        return refusals.not_an_expansion(st, c, p, name)
    return refusals.not_a_start_square(st, c, colour)


def place(st: MedinaState, seat: int, c: int, action: MedinaAction) -> None:
    """MD-R23/MD-R24: the building joins the incomplete palace or founds a new one."""
    colour = st.colours.index(action.colour)
    p = st.incomplete[colour] or city.new_palace(st, colour)
    st.time += 1
    st.take(seat, colour)
    city.add_building(st, c, p)
    st.pieces.append((st.time, BUILDING, c, p))
    st.note("build", seat, c, colour=action.colour, palace=p)
