"""Roofs (MD-R26, MD-R36, MD-R37, MD-R53): an own-colour roof claims an unclaimed palace
of a colour the seat does not own yet; a neutral roof (2nd edition) closes one for nobody.
When every seat owns a colour, that colour retires.

A roof names its palace by the palace's canonical cell, its row-major smallest building;
any other building of the palace names the same roof (MD-R21)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import N_
from . import city, tea, tiles
from .cells import (
    BUILDING,
    NEUTRAL,
    NEUTRAL_ROOF_PIECE,
    NEUTRAL_ROOFS,
    ROOF_PIECE,
    ROOFS,
    UNCLAIMED,
)
from .explain import Forbidden

if TYPE_CHECKING:
    from .state import MedinaState


def targets(st: MedinaState, seat: int) -> list[int]:
    """Unclaimed palaces of colours ``seat`` does not own (MD-R26)."""
    owns, colour = st.owns[seat], st.pal_colour
    return [p for p in st.unclaimed if not owns >> colour[p] & 1]


def refuse(st: MedinaState, seat: int, c: int, neutral: bool) -> Forbidden | None:
    """Why ``seat`` may not put a roof (``neutral``: a neutral roof) on the palace with a
    building on ``c``; ``None`` if it may."""
    rule = "MD-R53" if neutral else "MD-R26"
    if neutral:
        if st.edition != 2:
            return Forbidden(N_("neutral roofs exist only in the 2nd edition"), "MD-R53")
        if not st.supply[seat][NEUTRAL_ROOFS]:
            return Forbidden(N_("you have no neutral roofs left"), "MD-R16")
    elif not st.supply[seat][ROOFS]:
        return Forbidden(N_("you have no roofs left"), "MD-R16")
    if not st.unclaimed:
        return Forbidden(N_("every palace on the board already has a roof"), rule)
    if not neutral and not targets(st, seat):
        return Forbidden(
            N_(
                "every palace without a roof is of a colour you already own: one palace of "
                "each colour per player"
            ),
            "MD-R26",
        )
    p = st.cell_pal[c] if st.cellv[c] == BUILDING else 0
    if not p:
        name = st.board.name(c)
        return Forbidden(N_("there is no palace at {cell} to put a roof on"), rule, cell=name)
    colour = st.pal_colour[p]
    if st.pal_owner[p] != UNCLAIMED:
        return Forbidden(
            N_("the {colour} palace at {palace} already has a roof"),
            rule,
            colour=st.colours[colour],
            palace=st.board.name(st.canonical_cell(p)),
        )
    if not neutral and st.owns[seat] >> colour & 1:
        return Forbidden(
            N_("you already own a {colour} palace: one palace of each colour per player"),
            "MD-R26",
            colour=st.colours[colour],
        )
    return None


def place(st: MedinaState, seat: int, c: int, neutral: bool) -> None:
    """The roof claims the palace; tiles (MD-R39, MD-R43), tea (MD-R57) and retirement
    (MD-R36) follow."""
    p = st.cell_pal[c]
    colour = st.pal_colour[p]
    st.time += 1
    st.take(seat, NEUTRAL_ROOFS if neutral else ROOFS)
    city.claim(st, p, NEUTRAL if neutral else seat, st.time)
    # the roof is recorded at the palace's canonical cell, whichever cell was named
    canonical = st.canonical_cell(p)
    st.pieces.append((st.time, NEUTRAL_ROOF_PIECE if neutral else ROOF_PIECE, canonical, p))
    st.note("neutral_roof" if neutral else "roof", seat, canonical, palace=p)
    if tiles.takes_tiles(st, p):
        tiles.on_roof(st, p)
    if st.edition == 2 and st.colours[colour] == "purple":
        tea.for_purple_roof(st, seat, neutral)
    if not neutral:
        _maybe_retire(st, colour)


def _maybe_retire(st: MedinaState, colour: int) -> None:
    """MD-R36: once every seat owns a palace of ``colour``, its remaining buildings leave."""
    if all(o >> colour & 1 for o in st.owns):
        st.retired |= 1 << colour
        for seat in range(st.players):
            st.removed[seat][colour] += st.supply[seat][colour]
            st.supply[seat][colour] = 0
        st.events.append({"type": "retire", "colour": st.colours[colour]})
