"""The observation of Medina's encoding kept up to date piece by piece: per state, a vector
with everything no seat order touches, the seats' owner planes per observer and the points
of the seat-owned palaces, brought up to date with the pieces placed since the last call.
This keeps a step plus an observation under twice a step (``encoding.py`` reads the rest
of a state into a copy)."""

from __future__ import annotations

from .cells import BUILDING, MERCHANT, NEUTRAL, STABLE, UNCLAIMED, WALL
from .data import Ruleset
from .encoding_layout import MedinaLayout
from .state import MedinaState


class MedinaPlanes(MedinaLayout):
    """The layout, with the cached vector of the states last observed."""

    def __init__(self, players: int, edition: int, anywhere: bool, rules: Ruleset) -> None:
        super().__init__(players, edition, anywhere, rules)
        self._cache: dict[int, Planes] = {}  # per piece list (see ``_planes``)

    def _write_tiles(self, st: MedinaState, cached: Planes) -> None:
        """Retired colours, tile holders and tower merchants into the cached vector: they
        change only with a roof, a stable or a wall (MD-R36, MD-R39-R45). A tile held by a
        seat's palace is noted in ``cached.holders`` (each observer places it), a neutral
        one is written."""
        planes, bits, n = cached.planes, self._bits, self.players
        planes[self._o_retired : self._o_retired + 4] = bits[st.retired]
        a, b = self._o_ptile, self._o_ttile + 4 * self._holders
        planes[a:b] = [0.0] * (b - a)
        tile_points = [0] * n
        pal_owner, holders = st.pal_owner, self._holders
        marks: list[tuple[int, int]] = []
        for col, p in enumerate(st.palace_tile):
            if p:
                owner = pal_owner[p]
                o = self._o_ptile + col * (holders + 1)
                if owner == NEUTRAL:
                    planes[o + holders - 1] = 1.0
                else:
                    marks.append((o, owner))
                planes[o + holders] = float(len(st.pal_buildings[p]) + len(st.pal_stables[p]))
                if owner >= 0:
                    tile_points[owner] += self._tile_value[col]
        for i, p in enumerate(st.tower_tile):
            if p:
                owner = pal_owner[p]
                o = self._o_ttile + i * holders
                if owner == NEUTRAL:
                    planes[o + holders - 1] = 1.0
                else:
                    marks.append((o, owner))
                if owner >= 0:
                    tile_points[owner] += i + 1
        cached.holders = marks
        if self.edition == 2:
            o = self._o_tmerch
            planes[o : o + 4] = [float(m) for m in st.tower_merchants]
        cached.tile_points = tile_points
        cached.dirty = False

    def _planes(self, st: MedinaState) -> Planes:
        """The cached vector of ``st`` (every observer's), its seats' owner planes per
        observer and its palace points, brought up to date with the pieces placed since the
        last call.

        Keyed on the identity of the state's piece list: it only ever grows by appending
        (a clone gets its own list), and the cache keeps it alive, so the id cannot be
        reused. A state seen for the first time is built from its whole piece list."""
        pieces = st.pieces
        key = id(pieces)
        cached = self._cache.get(key)
        if cached is None or cached.pieces is not pieces or cached.done > len(pieces):
            cached = Planes(pieces, self.observation_size, self.players, self._seat_planes)
            if self.edition == 2:
                ci = self._ci
                cached.planes[self._o_well + ci[st.well]] = 1.0
                for c in st.bonus:
                    cached.planes[self._o_bonus + ci[c]] = 1.0
            if len(self._cache) >= _CACHE_SIZE:  # drop the oldest entries
                for old in list(self._cache)[: len(self._cache) - _CACHE_SIZE + 1]:
                    self._cache.pop(old, None)
            self._cache[key] = cached
        if cached.done < len(pieces):
            self._catch_up(st, cached)
        # expansion squares come and go (MD-R7); only the difference is written
        exp = set(st.exp_cells)
        if exp != cached.exp:
            planes, o, ci = cached.planes, self._o_exp, self._ci
            for c in cached.exp - exp:
                planes[o + ci[c]] = 0.0
            for c in exp - cached.exp:
                planes[o + ci[c]] = 1.0
            cached.exp = exp
        return cached

    def _catch_up(self, st: MedinaState, cached: Planes) -> None:
        """Add the new pieces. Everything read from the state is read as it is now, and
        every update is a set union, so a batch of pieces gives the same result as one at a
        time: a palace's points are recomputed in full when its roof is processed (MD-R60),
        and a later piece only adds to the palaces whose roof was processed before it."""
        g, n4, cell_pal, ci = self.city, st.board.n4, st.cell_pal, self._ci
        inward = st.board.inward
        planes, claimed = cached.planes, cached.claimed
        owner_plane = self._owner_plane[0]  # NEUTRAL and UNCLAIMED planes (not per seat)
        rows, slots = cached.owner_rows, self._owner_slot
        comps, touched = cached.comps, cached.touched
        o_build, o_stable = self._o_build, self._o_stable
        o_merchant, o_wall = self._o_merchant, self._o_wall
        for i in range(cached.done, len(st.pieces)):
            _, kind, c, extra = st.pieces[i]
            if kind in _COMPONENT:
                if kind == BUILDING:
                    planes[o_build + st.pal_colour[extra] * g + ci[c]] = 1.0
                else:
                    planes[o_stable + ci[c]] = 1.0
                    if extra in claimed:  # may move a palace or tower tile (MD-R40, MD-R45)
                        cached.dirty = True
                owner = claimed.get(extra, UNCLAIMED)
                if owner >= 0:
                    for row, at in zip(rows, slots[owner], strict=True):
                        row[at + ci[c]] = 1.0
                else:
                    planes[owner_plane[owner] + ci[c]] = 1.0
                if extra in comps:
                    self._add_component(st, cached, extra, c)
            elif kind in _SCORING:
                if kind == MERCHANT:
                    planes[o_merchant + ci[c]] = 1.0
                else:
                    planes[o_wall + self._wi[c]] = 1.0
                    if cell_pal[inward[c]] in claimed:  # may move a tower tile (MD-R44)
                        cached.dirty = True
                for d in n4[c]:
                    p = cell_pal[d]
                    if p in touched and c not in touched[p]:
                        touched[p].add(c)
                        cached.points[st.pal_owner[p]] += 1
            else:  # a roof: the palace changes from unclaimed to its owner (MD-R26, MD-R53)
                p, owner = extra, st.pal_owner[extra]
                claimed[p] = owner
                cached.dirty = True  # owners, retirement, tiles (MD-R36, MD-R39, MD-R43)
                unclaimed = owner_plane[UNCLAIMED]
                for d in st.pal_buildings[p] + st.pal_stables[p]:
                    planes[unclaimed + ci[d]] = 0.0
                    if owner >= 0:
                        for row, at in zip(rows, slots[owner], strict=True):
                            row[at + ci[d]] = 1.0
                    else:
                        planes[owner_plane[owner] + ci[d]] = 1.0
                if owner >= 0:
                    comps[p] = set()
                    touched[p] = set()
                    for d in st.pal_buildings[p] + st.pal_stables[p]:
                        self._add_component(st, cached, p, d)
        cached.done = len(st.pieces)

    def _add_component(self, st: MedinaState, cached: Planes, p: int, c: int) -> None:
        """A building or stable of the seat-owned palace ``p`` scores 1, plus the well bonus,
        plus each wall and merchant next to it not yet counted for ``p`` (MD-R60)."""
        mine = cached.comps[p]
        if c in mine:
            return
        mine.add(c)
        owner = st.pal_owner[p]
        cached.points[owner] += 1 + (self._bonus_points if c in st.bonus else 0)
        touched, cellv = cached.touched[p], st.cellv
        for d in st.board.n4[c]:
            if cellv[d] in _SCORING and d not in touched:
                touched.add(d)
                cached.points[owner] += 1


_CACHE_SIZE = 32  # (state, observer) pairs kept; a miss costs a rebuild from the pieces
_COMPONENT = frozenset((BUILDING, STABLE))  # piece kinds that belong to a palace
# cell contents that score for a palace they touch (MD-R60)
_SCORING = frozenset((MERCHANT, WALL))


class Planes:
    """One state's observation as one observer sees it, without the counts that change
    with every move (written into each copy), and the points of its seat-owned palaces."""

    __slots__ = (
        "claimed",
        "comps",
        "dirty",
        "done",
        "exp",
        "holders",
        "ledger",
        "owner_rows",
        "pieces",
        "planes",
        "points",
        "supply",
        "tile_points",
        "touched",
    )

    def __init__(
        self, pieces: list[tuple[int, int, int, int]], size: int, players: int, seat_planes: int
    ) -> None:
        self.pieces = pieces  # the state's list itself: keeps the id unique while cached
        # per observer rotation r: the seats' owner planes in the seat slots of seat r
        self.owner_rows = [[0.0] * seat_planes for _ in range(players)]
        self.holders: list[tuple[int, int]] = []  # (offset, seat) of seat-held tiles
        self.supply: list[list[float]] = [[] for _ in range(players)]  # per seat, MD-R67
        self.done = 0  # pieces processed
        self.planes = [0.0] * size
        self.claimed: dict[int, int] = {}  # palace -> owner, for the roofs processed
        self.comps: dict[int, set[int]] = {}  # seat-owned palace -> its counted components
        self.touched: dict[int, set[int]] = {}  # seat-owned palace -> counted walls, merchants
        self.points = [0] * players  # palace points per absolute seat
        self.exp: set[int] = set()  # the expansion squares set in ``planes``
        self.dirty = True  # retired, tiles and tower merchants need writing
        self.tile_points = [0] * players  # tile points per absolute seat (MD-R62)
        # per seat: (pieces placed, merchants received, retired colours) when its supply
        # row was last worked out; the placed counts only grow, so the sum identifies them
        self.ledger: list[tuple[int, int, int] | None] = [None] * players
