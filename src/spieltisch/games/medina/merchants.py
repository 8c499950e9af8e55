"""Merchants (MD-R10, MD-R31 to MD-R33): the merchant line grows at its two ends; when it
cannot grow, a new line starts on a square with no merchant next to it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import N_
from . import city, refusals
from .cells import MERCHANT, MERCHANTS
from .explain import Forbidden

if TYPE_CHECKING:
    from .state import MedinaState


def cells(st: MedinaState) -> list[int]:
    """MD-R32, MD-R33: extension squares, else isolated squares, ascending."""
    return sorted(st.ext_squares) if st.ext_squares else st.isolated


def refuse(st: MedinaState, seat: int, c: int) -> Forbidden | None:
    """Why ``seat`` may not put a merchant on ``c``; ``None`` if it may."""
    if not st.supply[seat][MERCHANTS]:
        return Forbidden(N_("you have no merchants left"), "MD-R16")
    if st.ext_squares:
        if c in st.ext_squares:
            return None
    elif city.contains_sorted(st.isolated, c):
        return None
    if not st.ext_squares and not st.isolated:
        return Forbidden(
            N_(
                "no merchant fits anywhere: the line cannot grow, and every free square has a "
                "merchant next to it"
            ),
            "MD-R33",
        )
    taken = refusals.square_taken(
        st, c, "MD-R31", N_("a merchant needs an empty city square; {cell} lies on the wall ring")
    )
    if taken is not None:
        return taken
    if st.ext_squares:
        return refusals.not_an_extension(st, c)
    return Forbidden(
        N_(
            "the merchant line cannot grow any more, so a new line starts on a square with no "
            "merchant next to it; {cell} has one"
        ),
        "MD-R33",
        cell=st.board.name(c),
    )


def place(st: MedinaState, seat: int, c: int) -> None:
    st.time += 1
    st.take(seat, MERCHANTS)
    city.add_merchant(st, c)
    st.pieces.append((st.time, MERCHANT, c, 0))
    st.note("merchant", seat, c)
