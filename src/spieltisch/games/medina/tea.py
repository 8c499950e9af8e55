"""Tea (2nd edition, MD-R57, MD-R58): roofs on purple palaces take tea tiles from the
pool; a tile may be discarded instead of the second piece of a turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import N_
from .explain import Forbidden

if TYPE_CHECKING:
    from .state import MedinaState

# MD-R59's reason, shared by the turn's other refusals
MUST_ROOF = N_(
    "nobody else can place a piece any more, so your second piece must be one of your roofs "
    "(the option 'last player must roof')"
)


def for_purple_roof(st: MedinaState, seat: int, neutral: bool) -> None:
    """MD-R57: the k-th roof on a purple palace takes its tiles; a neutral roof's go to
    the box."""
    st.purple_roofs += 1
    n = min(st.tea_pool, st.rules.tea_for_roof(st.purple_roofs))
    st.tea_pool -= n
    if neutral:
        st.tea_box += n
    else:
        st.tea[seat] += n
    st.events.append({"type": "tea", "count": n, "to": "box" if neutral else seat})


def discard_legal(st: MedinaState, seat: int, can_place: bool) -> bool:
    """MD-R58: only as the second action of a quota-2 turn, with a tile, when a placement
    would be possible (MD-R59's forced roof is the turn's to check)."""
    return (
        st.edition == 2
        and st.quota == 2
        and st.turn_placements == 1
        and st.tea[seat] > 0
        and can_place
    )


def refuse_discard(st: MedinaState, seat: int, must_roof: bool) -> Forbidden | None:
    """Why ``seat`` may not discard a tea tile now; ``None`` if it may."""
    if st.edition != 2:
        return Forbidden(N_("tea tiles exist only in the 2nd edition"), "MD-R58")
    if not st.tea[seat]:
        return Forbidden(N_("you have no tea tile"), "MD-R58")
    if st.quota != 2:
        return Forbidden(
            N_(
                "this opening turn has only one piece, and a tea tile only replaces the "
                "second piece of a turn"
            ),
            "MD-R58",
        )
    if st.turn_placements != 1:
        return Forbidden(
            N_("place your first piece first: a tea tile only replaces the second piece"),
            "MD-R58",
        )
    if not st.has_placement(seat):
        return Forbidden(
            N_("a tea tile only replaces a piece you could place, and you can place none"),
            "MD-R58",
        )
    if must_roof:
        return Forbidden(MUST_ROOF, "MD-R59")
    return None


def discard(st: MedinaState, seat: int) -> None:
    """MD-R58: the tile goes to the box and the turn ends."""
    st.tea[seat] -= 1
    st.tea_box += 1
    st.events.append({"type": "discard_tea", "seat": seat})
