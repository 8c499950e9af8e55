"""A position rebuilt from its facts, and the checks that it can happen.

The caches of the state (what every square allows, the palaces' pieces and expansion
squares, owned colours) are worked out by putting the pieces down again in placement
order through the same bookkeeping as play (``city.py``); every piece must have been
legal when it was placed (MD-E25: MD-R5, MD-R8, MD-R10, MD-R11). Then the rest of the
position must account for every component once, keep counts within the rules and have a
turn that can happen (MD-R15, MD-R20, MD-R36, MD-R38, MD-R42, MD-R52, MD-R56, MD-R57,
MD-R67). A state document (``state_from_json``) and a position written by hand
(``from_position``) are both checked here, and refused with a ``PositionError`` that
names the problem and its rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.errors import PositionError
from . import city, ledger, turn
from .board import CITY
from .cells import (
    BUILDING,
    EMPTY,
    MERCHANT,
    NEUTRAL,
    NEUTRAL_ROOF_PIECE,
    STABLE,
    START,
    TOWER_PIECE,
    TURN,
    UNCLAIMED,
    WALL,
)
from .document import owner_code

if TYPE_CHECKING:
    from .state import MedinaState, Piece


class PieceError(PositionError):
    """A piece that was not legal when it was placed; ``index`` counts from 0."""

    def __init__(self, index: int, message: str, rule: str) -> None:
        self.index = index
        super().__init__(f"{message} ({rule})")


def fail(message: str, rule: str | None = None) -> PositionError:
    return PositionError(f"{message} ({rule})" if rule else message)


def empty_caches(st: MedinaState) -> None:
    """The caches of a board with only its towers (MD-S1, MD-S2)."""
    board = st.board
    size = board.size
    st.no_build = frozenset()
    st.bonus = ()
    st.cellv = [EMPTY] * size
    for c in board.tower_cells:
        st.cellv[c] = TOWER_PIECE
    st.cell_pal = [0] * size
    st.wall_chain = [-1] * size
    st.exp_owner = [0] * size
    st.exp_cells = []
    st.free_start = list(board.city_cells)
    st.merch_adj = bytearray(size)
    st.ext_squares = set()
    st.isolated = list(board.city_cells)
    st.wall_legal = {d for t in board.tower_cells for d in board.n4[t]}
    st.pal_colour = [0]
    st.pal_owner = [UNCLAIMED]
    st.pal_buildings = [()]
    st.pal_stables = [()]
    st.pal_roof_time = [0]
    st.pal_exp = [0]
    st.pal_chains = [0]
    st.incomplete = [0, 0, 0, 0]
    st.unclaimed = []
    st.owns = [0] * st.players
    st.retired = 0


def rebuild(st: MedinaState) -> None:
    """Work out the caches from the facts, checking every step (see the module)."""
    empty_caches(st)
    _well(st)
    palaces, pieces = st.palaces, st.pieces
    st.palaces, st.pieces = [], []
    merchants = 0
    for i, piece in enumerate(pieces):
        _put(st, i, piece, palaces, merchants == 0)
        merchants += piece[1] == MERCHANT
    if st.palaces != palaces:
        _palaces_disagree(st, palaces)
    for colour in range(4):
        if all(o >> colour & 1 for o in st.owns):
            st.retired |= 1 << colour  # MD-R36
    _tiles(st)
    ledger.check(st)
    _tea_and_tower_merchants(st)
    _turn(st)
    turn.decide(st)


def _well(st: MedinaState) -> None:
    if (st.well < 0) != (st.edition == 1):
        raise fail("the 2nd edition has a well and the 1st has none", "MD-R50")
    if st.well >= 0:
        if not st.board.inner[st.well]:
            raise fail("the well must be on an inner cell", "MD-D8")
        city.set_well(st, st.well)


def _put(
    st: MedinaState, i: int, piece: Piece, palaces: list[tuple[int, int]], first: bool
) -> None:
    """Put piece ``i`` down again if it was legal then (MD-E25); ``first``: no merchant is
    on the board yet (the start merchant goes anywhere)."""
    t, kind, c, extra = piece
    last = st.pieces[-1][0] if st.pieces else -1
    name = st.board.name(c)
    if t < last or (t == last and t > 0):
        raise PieceError(i, f"the piece at {name} is placed at time {t}, before {last}", "§4.0")
    if kind == BUILDING:
        _building(st, i, c, extra, palaces)
    elif kind == STABLE:
        if st.cellv[c] != EMPTY or not extra or st.exp_owner[c] != extra:
            raise PieceError(
                i, f"stable at {name} is not on an expansion square of palace {extra}", "MD-R29"
            )
        city.add_stable(st, c, extra)
    elif kind == MERCHANT:
        _merchant(st, i, c, first)
        extra = 0
    elif kind == WALL:
        if c not in st.wall_legal:
            raise PieceError(
                i, f"wall at {name} is not next to exactly one wall or tower", "MD-R34"
            )
        extra, _ = city.add_wall(st, c)
    else:
        c = _roof(st, i, t, kind, c, extra, palaces)
    st.pieces.append((t, kind, c, extra))


def _building(st: MedinaState, i: int, c: int, p: int, palaces: list[tuple[int, int]]) -> None:
    name = st.board.name(c)
    if p == len(st.pal_colour):  # founds the next palace (MD-R24)
        if p > len(palaces):
            raise PieceError(i, f"building at {name}: palace {p} is not listed", "§4.0")
        colour = palaces[p - 1][0]
        if st.incomplete[colour] or not city.contains_sorted(st.free_start, c):
            raise PieceError(i, f"building at {name} founds a palace illegally", "MD-R24")
        city.new_palace(st, colour)
    elif (
        not (0 < p < len(st.pal_colour) and st.incomplete[st.pal_colour[p]] == p)
        or st.exp_owner[c] != p
    ):
        raise PieceError(
            i, f"building at {name} does not extend the incomplete palace {p}", "MD-R23"
        )
    city.add_building(st, c, p)


def _merchant(st: MedinaState, i: int, c: int, first: bool) -> None:
    name = st.board.name(c)
    if st.board.cls[c] != CITY or st.cellv[c] != EMPTY:
        raise PieceError(i, f"merchant at {name} is not on an empty city cell", "MD-R31")
    if not first and (c not in st.ext_squares if st.ext_squares else st.merch_adj[c]):
        raise PieceError(
            i, f"merchant at {name} neither extends the line nor restarts it", "MD-R32"
        )
    city.add_merchant(st, c)


def _roof(
    st: MedinaState, i: int, t: int, kind: int, c: int, p: int, palaces: list[tuple[int, int]]
) -> int:
    """A roof on palace ``p`` for the owner the palace list names; returns the palace's
    canonical cell, where the roof is recorded (MD-R21)."""
    name = st.board.name(c)
    if not (0 < p < len(st.pal_colour)) or st.cellv[c] != BUILDING or st.cell_pal[c] != p:
        raise PieceError(i, f"roof at {name} is not on a building of palace {p}", "MD-R26")
    if st.pal_owner[p] != UNCLAIMED:
        raise PieceError(i, f"roof at {name}: palace {p} already has a roof", "MD-R26")
    owner = palaces[p - 1][1] if p <= len(palaces) else UNCLAIMED
    if owner == UNCLAIMED or (owner == NEUTRAL) != (kind == NEUTRAL_ROOF_PIECE):
        raise PieceError(i, f"palace {p}: its roof and its owner disagree", "MD-R26")
    colour = st.pal_colour[p]
    if owner >= 0 and st.owns[owner] >> colour & 1:
        raise PieceError(i, f"seat {owner} would own two {st.colours[colour]} palaces", "MD-R26")
    city.claim(st, p, owner, t)
    return st.canonical_cell(p)


def _palaces_disagree(st: MedinaState, listed: list[tuple[int, int]]) -> None:
    if len(listed) != len(st.palaces):
        raise fail(
            f"'palaces' lists {len(listed)} palaces, but the buildings found {len(st.palaces)}",
            "§4.0",
        )
    for p, (mine, theirs) in enumerate(zip(st.palaces, listed, strict=True), start=1):
        if mine != theirs:
            owner = owner_code(theirs[1])
            raise fail(f"palace {p} is listed as owned by {owner} but has no such roof", "MD-R26")


def _tiles(st: MedinaState) -> None:
    """MD-R38, MD-R42: a tile lies on a claimed palace (a palace tile on one of its colour);
    MD-R56: a tower tile's merchants leave it when it is first taken."""
    for colour, p in enumerate(st.palace_tile):
        if p and (
            p >= len(st.pal_colour) or st.pal_colour[p] != colour or st.pal_owner[p] == UNCLAIMED
        ):
            raise fail(f"the {st.colours[colour]} palace tile lies on palace {p}", "MD-R38")
    for i, p in enumerate(st.tower_tile):
        if p and (p >= len(st.pal_colour) or st.pal_owner[p] == UNCLAIMED):
            raise fail(f"tower tile {i + 1} lies on palace {p}, which is not claimed", "MD-R42")
        if p and st.tower_merchants[i]:
            raise fail(
                f"tower tile {i + 1} is held, but {st.tower_merchants[i]} merchants are still "
                "on it (they go with its first holder)",
                "MD-R56",
            )
        if not p and st.tower_merchants[i] != _tower_merchants_at_start(st, i + 1):
            raise fail(
                f"nobody has held tower tile {i + 1} yet, so its "
                f"{_tower_merchants_at_start(st, i + 1)} merchants are still on it",
                "MD-R56",
            )


def _tower_merchants_at_start(st: MedinaState, value: int) -> int:
    return st.rules.tower_merchants[value] if st.edition == 2 else 0


def _tea_and_tower_merchants(st: MedinaState) -> None:
    """MD-R56, MD-R57: every tea tile and every tower merchant is in one place."""
    purple = sum(
        1 for _, kind, _, p in st.pieces if kind < 0 and st.colours[st.pal_colour[p]] == "purple"
    )
    if st.edition == 1:
        purple = 0
    if st.purple_roofs != purple:
        raise fail(f"{purple} roofs on purple palaces, not {st.purple_roofs}", "MD-R57")
    total = st.rules.tea_tiles if st.edition == 2 else 0
    if st.tea_pool + sum(st.tea) + st.tea_box != total:
        raise fail(
            f"the tea tiles in the pool, the seats' hands and the box add up to "
            f"{st.tea_pool + sum(st.tea) + st.tea_box}, not {total}",
            "MD-R57",
        )
    merchants = sum(_tower_merchants_at_start(st, v) for v in (1, 2, 3, 4))
    found = sum(st.tower_merchants) + sum(st.received) + st.boxed_merchants
    if found != merchants:
        raise fail(
            f"the tower merchants on the tiles, received by seats and in the box add up to "
            f"{found}, not {merchants}",
            "MD-R56",
        )


def _turn(st: MedinaState) -> None:
    """A turn that can happen: the start phase before any piece (MD-S1, MD-R14), a quota
    of MD-R15/MD-R52 not used up yet, and no seat able to place once the game is over
    (MD-R20)."""
    last = st.pieces[-1][0] if st.pieces else 0
    if st.time < last:
        raise fail(f"the placement counter is {st.time}, but a piece was placed at {last}", "§4.0")
    if st.phase == START:
        if (
            st.edition != 1
            or st.pieces
            or st.active
            or st.turn_placements
            or any(st.first_turn_done)
        ):
            raise fail(
                "the start merchant phase comes before every piece, with seat 0 to place "
                "(1st edition)",
                "MD-R14",
            )
        return
    if st.phase == TURN:
        quota = turn.opening_quota(st, st.active)
        if st.quota != quota:
            raise fail(f"seat {st.active}'s turn has a quota of {quota}, not {st.quota}", "MD-R52")
        if not 0 <= st.turn_placements < quota:
            raise fail(f"{st.turn_placements} placements made in a turn of {quota}", "MD-R15")
        return
    able = [s for s in range(st.players) if st.has_placement(s)]
    if able:
        raise fail(f"the game is over, but seat {able[0]} can still place a piece", "MD-R20")
