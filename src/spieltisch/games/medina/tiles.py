"""Palace tiles, tower tiles and the merchants on the tower tiles (MD-R38 to MD-R45,
MD-R55, MD-R56): who takes them when a roof, a stable or a wall changes a claimed palace."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cells import MERCHANTS, NEUTRAL, UNCLAIMED

if TYPE_CHECKING:
    from .state import MedinaState


def owner_json(st: MedinaState, p: int) -> int | str | None:
    """A palace's owner as the log and the view write it: a seat, "neutral" or None."""
    owner = st.pal_owner[p]
    return "neutral" if owner == NEUTRAL else None if owner == UNCLAIMED else owner


def takes_tiles(st: MedinaState, p: int) -> bool:
    """MD-R55: a neutral palace takes tiles only with the option ``neutral_takes_tiles``."""
    return st.pal_owner[p] != NEUTRAL or bool(st.options["neutral_takes_tiles"])


def on_roof(st: MedinaState, p: int) -> None:
    """A roof: the palace tile if ``p`` is the largest claimed palace of its colour (MD-R39,
    an earlier holder keeps it on a tie), and the tower tile of every chain it touches
    (MD-R43)."""
    colour = st.pal_colour[p]
    holder = st.palace_tile[colour]
    if not holder or st.size(p) > st.size(holder):
        _give_palace_tile(st, colour, p)
    for chain in range(8):
        if st.pal_chains[p] >> chain & 1:
            give_tower(st, st.board.chain_tower(chain), p)


def on_stable(st: MedinaState, p: int, chains_before: int) -> None:
    """A stable on a claimed palace: the palace tile if ``p`` grew past its holder (MD-R40),
    and the tower tiles of the chains the stable newly touches (MD-R45)."""
    colour = st.pal_colour[p]
    holder = st.palace_tile[colour]
    if holder != p and (not holder or st.size(p) > st.size(holder)):
        _give_palace_tile(st, colour, p)
    new = st.pal_chains[p] & ~chains_before
    for chain in range(8):
        if new >> chain & 1:
            give_tower(st, st.board.chain_tower(chain), p)


def _give_palace_tile(st: MedinaState, colour: int, p: int) -> None:
    st.palace_tile[colour] = p
    st.events.append(
        {
            "type": "palace_tile",
            "colour": st.colours[colour],
            "palace": p,
            "owner": owner_json(st, p),
        }
    )


def give_tower(st: MedinaState, value: int, p: int) -> None:
    """Tower tile ``value`` goes to palace ``p`` (MD-R42 to MD-R45); its merchants go with
    the first take, to the owner's supply or, for a neutral palace, to the box (MD-R56)."""
    i = value - 1
    first = not st.tower_tile[i]
    if st.tower_tile[i] == p:
        return
    st.tower_tile[i] = p
    st.events.append(
        {"type": "tower_tile", "tower": value, "palace": p, "owner": owner_json(st, p)}
    )
    if first and st.tower_merchants[i]:
        n = st.tower_merchants[i]
        st.tower_merchants[i] = 0
        owner = st.pal_owner[p]
        if owner >= 0:
            st.supply[owner][MERCHANTS] += n
            st.received[owner] += n
        else:
            st.boxed_merchants += n
        st.events.append(
            {"type": "tower_merchants", "tower": value, "count": n, "to": owner_json(st, p)}
        )
