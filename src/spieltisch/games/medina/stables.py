"""Stables (MD-R29, MD-R40, MD-R45): a stable goes on an expansion square of a palace,
roofed or not, and makes the palace larger."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import N_
from . import city, refusals, tiles
from .cells import STABLE, STABLES, UNCLAIMED
from .explain import Forbidden

if TYPE_CHECKING:
    from .state import MedinaState


def refuse(st: MedinaState, seat: int, c: int) -> Forbidden | None:
    """Why ``seat`` may not put a stable on ``c``; ``None`` if it may."""
    if not st.supply[seat][STABLES]:
        return Forbidden(N_("you have no stables left"), "MD-R16")
    if st.exp_owner[c]:
        return None
    if not st.exp_cells:
        return Forbidden(
            N_(
                "no stable fits anywhere: no palace has a free square next to one of its "
                "buildings that is away from every other palace"
            ),
            "MD-R29",
        )
    taken = refusals.square_taken(
        st, c, "MD-R29", N_("a stable needs an empty city square; {cell} lies on the wall ring")
    )
    return taken or refusals.no_stable_square(st, c)


def place(st: MedinaState, seat: int, c: int) -> None:
    """The stable joins the palace whose expansion square ``c`` is; a claimed palace may
    take a palace tile or tower tiles with it (MD-R40, MD-R45)."""
    p = st.exp_owner[c]
    st.time += 1
    st.take(seat, STABLES)
    before = st.pal_chains[p]
    city.add_stable(st, c, p)
    st.pieces.append((st.time, STABLE, c, p))
    st.note("stable", seat, c, palace=p)
    if st.pal_owner[p] != UNCLAIMED and tiles.takes_tiles(st, p):
        tiles.on_stable(st, p, before)
