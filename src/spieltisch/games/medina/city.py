"""The city's squares kept up to date as pieces go down (MD-R5 to MD-R12).

Legality is incremental: the state keeps the expansion squares of every palace, the free
start squares, the merchant line's extension squares and the isolated squares, the legal
wall cells and each palace's touched wall chains, so that listing legal placements never
rescans the board. The rules (``buildings.py`` ... ``walls.py``) and the rebuilding of a
loaded position (``rebuild.py``) put pieces down through these functions alike."""

from __future__ import annotations

from bisect import bisect_left, insort
from typing import TYPE_CHECKING

from .board import CITY, WALL_CELL
from .cells import BUILDING, EMPTY, MERCHANT, STABLE, TOWER_PIECE, UNCLAIMED, WALL, WELL

if TYPE_CHECKING:
    from .state import MedinaState


def remove_sorted(items: list[int], value: int) -> bool:
    """Remove ``value`` from the ascending list ``items`` if it is there."""
    i = bisect_left(items, value)
    if i < len(items) and items[i] == value:
        del items[i]
        return True
    return False


def contains_sorted(items: list[int], value: int) -> bool:
    i = bisect_left(items, value)
    return i < len(items) and items[i] == value


def set_well(st: MedinaState, well: int) -> None:
    """MD-D8, MD-R50: the well's cell is occupied; no building or stable in its zone."""
    board = st.board
    st.well = well
    st.bonus = board.bonus_cells(well)
    st.no_build = frozenset((well, *board.well_zone(well)))
    occupy(st, well)
    st.cellv[well] = WELL
    for c in board.well_zone(well):
        remove_sorted(st.free_start, c)


def occupy(st: MedinaState, c: int) -> None:
    """An empty city cell gets a piece: it stops being any kind of free square."""
    remove_sorted(st.free_start, c)
    p = st.exp_owner[c]
    if p:
        _drop_expansion(st, c, p)
    st.ext_squares.discard(c)
    if not st.merch_adj[c]:
        remove_sorted(st.isolated, c)


def _drop_expansion(st: MedinaState, c: int, p: int) -> None:
    st.exp_owner[c] = 0
    remove_sorted(st.exp_cells, c)
    st.pal_exp[p] -= 1
    if not st.pal_exp[p] and st.incomplete[st.pal_colour[p]] == p:
        st.incomplete[st.pal_colour[p]] = 0  # it is closed now (MD-R8)


def new_palace(st: MedinaState, colour: int) -> int:
    """An unclaimed palace of ``colour`` without pieces yet; ids run 1, 2, ... (§4.0)."""
    p = len(st.pal_colour)
    st.palaces.append((colour, UNCLAIMED))
    st.pal_colour.append(colour)
    st.pal_owner.append(UNCLAIMED)
    st.pal_buildings.append(())
    st.pal_stables.append(())
    st.pal_roof_time.append(0)
    st.pal_exp.append(0)
    st.pal_chains.append(0)
    st.unclaimed.append(p)
    return p


def add_building(st: MedinaState, c: int, p: int) -> None:
    """A building of palace ``p`` on ``c``; a founded palace with room to grow becomes its
    colour's incomplete palace (MD-R8, MD-R23, MD-R24)."""
    st.pal_buildings[p] = (*st.pal_buildings[p], c)
    _add_component(st, c, p, True)
    colour = st.pal_colour[p]
    if p != st.incomplete[colour] and st.pal_exp[p] and st.pal_owner[p] == UNCLAIMED:
        st.incomplete[colour] = p


def add_stable(st: MedinaState, c: int, p: int) -> None:
    """A stable of palace ``p`` on ``c`` (MD-R29)."""
    st.pal_stables[p] = (*st.pal_stables[p], c)
    _add_component(st, c, p, False)


def _add_component(st: MedinaState, c: int, p: int, building: bool) -> None:
    """A building or stable of palace ``p`` on cell ``c`` (MD-R5, MD-R7, MD-R9)."""
    board, cellv, cell_pal, exp_owner = st.board, st.cellv, st.cell_pal, st.exp_owner
    occupy(st, c)
    cellv[c] = BUILDING if building else STABLE
    cell_pal[c] = p
    for d in board.n8[c]:
        remove_sorted(st.free_start, d)
        q = exp_owner[d]
        if q and q != p:
            _drop_expansion(st, d, q)  # MD-R7(c): next to another palace
    if building:
        no_build = st.no_build
        for d in board.n4[c]:
            if (
                cellv[d] == EMPTY
                and not exp_owner[d]
                and board.cls[d] == CITY
                and d not in no_build
                and all(cell_pal[e] in (0, p) for e in board.n8[d])
            ):
                exp_owner[d] = p
                insort(st.exp_cells, d)
                st.pal_exp[p] += 1
    # walls next to the new component connect the palace to their chains (MD-R12)
    for d in board.n4[c]:
        if cellv[d] == WALL:
            st.pal_chains[p] |= 1 << st.wall_chain[d]


def add_merchant(st: MedinaState, c: int) -> None:
    """MD-R10: keep adjacency counts, extension squares and isolated squares."""
    board, merch_adj, cellv = st.board, st.merch_adj, st.cellv
    occupy(st, c)
    cellv[c] = MERCHANT
    touched = set(board.n4[c])
    for d in board.n4[c]:
        if not merch_adj[d] and cellv[d] == EMPTY and board.cls[d] == CITY:
            remove_sorted(st.isolated, d)
        merch_adj[d] += 1
        if cellv[d] == MERCHANT:
            touched.update(board.n4[d])
    ext = st.ext_squares
    for e in touched:
        if cellv[e] == EMPTY and board.cls[e] == CITY and merch_adj[e] == 1:
            m = next(d for d in board.n4[e] if cellv[d] == MERCHANT)
            if merch_adj[m] <= 1:
                ext.add(e)
                continue
        ext.discard(e)


def add_wall(st: MedinaState, w: int) -> tuple[int, int]:
    """MD-R11, MD-R34: the wall joins the chain of its one wall or tower neighbour, and so
    does the palace it touches (MD-R12). Returns the chain and the palace that touches
    that chain only now (0 if none)."""
    board, cellv = st.board, st.cellv
    anchor = next(d for d in board.n4[w] if cellv[d] in (WALL, TOWER_PIECE))
    if cellv[anchor] == TOWER_PIECE:
        chain = board.chain_at[(anchor, board.side_of[w])]
    else:
        chain = st.wall_chain[anchor]
    cellv[w] = WALL
    st.wall_chain[w] = chain
    st.wall_legal.discard(w)
    for d in board.n4[w]:
        if board.cls[d] == WALL_CELL and cellv[d] == EMPTY:
            links = sum(1 for e in board.n4[d] if cellv[e] in (WALL, TOWER_PIECE))
            if links == 1:
                st.wall_legal.add(d)
            else:
                st.wall_legal.discard(d)
    p = st.cell_pal[board.inward[w]]
    if not p or st.pal_chains[p] >> chain & 1:
        return chain, 0
    st.pal_chains[p] |= 1 << chain
    return chain, p


def claim(st: MedinaState, p: int, owner: int, time: int) -> None:
    """A roof on palace ``p`` for ``owner`` (a seat or NEUTRAL) at ``time``: it is claimed
    and never grows again (MD-R26, MD-R53)."""
    colour = st.pal_colour[p]
    st.palaces[p - 1] = (colour, owner)
    st.pal_owner[p] = owner
    st.pal_roof_time[p] = time
    remove_sorted(st.unclaimed, p)
    if st.incomplete[colour] == p:
        st.incomplete[colour] = 0
    if owner >= 0:
        st.owns[owner] |= 1 << colour
