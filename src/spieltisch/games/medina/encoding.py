"""Medina's numeric encoding (``engine.encoding``): a fixed action space and a flat
observation per configuration (players, edition, start-merchant option, ruleset data).

Actions are laid out kind by kind in the MD-R21 order; within a kind by colour (MD-D4
order), then by cell in row-major order, over only the cells that kind can ever use (inner
or city cells for the start merchant, city cells for pieces, wall cells for walls). Because
``legal_actions`` is ordered the same way (MD-R21), the indices of a legal list ascend.

The observation is a stack of planes over the city cells (the inner (H-2) x (W-2)
rectangle, row-major, so a plane reshapes to an image), a vector over the wall cells, and
public counts. Seats are relative to the observer: slot 0 is the observing seat, slot k the
seat k places after it (the spectator, ``seat=None``, sees absolute seats). Nothing in
Medina is hidden that the public ledger does not reveal (MD-R67, MD-R70), so every seat's
supply is given, computed for every seat, the observer's own included, by that ledger.

The vector is kept per state and observer and updated with the pieces placed since the
last call (see ``_planes``), which keeps a step plus an observation under twice a step.

The documentation of both layouts, with a worked decoding, is ``docs/research/medina.md``.
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...engine.encoding import Encoding, Slice
from ...engine.errors import IllegalAction
from .actions import DISCARD_TEA, KINDS, MedinaAction, action_table
from .board import make_board
from .cells import (
    BUILDING,
    MERCHANT,
    MERCHANTS,
    NEUTRAL,
    NEUTRAL_ROOFS,
    OVER,
    ROOFS,
    STABLE,
    STABLES,
    START,
    SUPPLY_NAMES,
    UNCLAIMED,
    WALL,
    WALLS,
)
from .data import CORNERS, Ruleset, ruleset_from_text
from .state import MedinaState
from .tea import discard_legal
from .turn import must_roof

if TYPE_CHECKING:
    from ...engine.action import Action
    from ...engine.game import State

# action kind codes, in MD-R21 order
K_START, K_BUILD, K_ROOF, K_NEUTRAL, K_STABLE, K_MERCHANT, K_WALL, K_TEA = range(8)
_KIND_NAME = KINDS  # the kind codes below follow actions.KINDS (MD-R21 order)
_KIND_CODE = {name: code for code, name in enumerate(_KIND_NAME)}


class MedinaEncoding(Encoding):
    """The encoding of one configuration; build it with ``medina_encoding``."""

    def __init__(self, players: int, edition: int, anywhere: bool, rules: Ruleset) -> None:
        self.players = n = players
        self.edition = edition
        small = edition == 2 and players == 2
        w, h = rules.boards["small" if small else "standard"]
        board = make_board(w, h, tuple(rules.tower_values[c] for c in CORNERS))
        self.width, self.height = w, h
        self.colours = colours = rules.colours[edition]
        self._acts = action_table(w, h, colours)
        supply = rules.supply[(edition, players)]
        # a kind is in the space only if this configuration can ever offer it
        self.has_neutral = edition == 2 and supply.neutral_roofs > 0
        has_tea = edition == 2 and rules.tea_tiles > 0 and sum(rules.tea_per_purple_roof) > 0

        # -- action space: (kind, cells) blocks; build has one block per colour
        start_cells = board.city_cells if anywhere else board.inner_cells
        blocks: list[tuple[int, int, tuple[int, ...]]] = []  # (kind, colour, cells)
        if edition == 1:
            blocks.append((K_START, -1, start_cells))
        blocks += [(K_BUILD, col, board.city_cells) for col in range(4)]
        blocks.append((K_ROOF, -1, board.city_cells))
        if self.has_neutral:
            blocks.append((K_NEUTRAL, -1, board.city_cells))
        blocks.append((K_STABLE, -1, board.city_cells))
        blocks.append((K_MERCHANT, -1, board.city_cells))
        blocks.append((K_WALL, -1, board.wall_cells))
        if has_tea:
            blocks.append((K_TEA, -1, (-1,)))
        self._decode: list[tuple[int, int, int]] = []  # index -> (kind, colour, cell)
        # (kind, colour) -> cell -> index, -1 where the kind cannot go
        self._index: dict[tuple[int, int], list[int]] = {}
        #: (first index, size, kind name, colour or "") per block, for docs and tests
        self.action_blocks: list[tuple[int, int, str, str]] = []
        for kind, col, cells in blocks:
            table = [-1] * (w * h + 1)  # the last slot stands for "no cell" (discard_tea)
            start = len(self._decode)
            for c in cells:
                table[c] = len(self._decode)
                self._decode.append((kind, col, c))
            self._index[(kind, col)] = table
            self.action_blocks.append(
                (start, len(cells), _KIND_NAME[kind], colours[col] if col >= 0 else "")
            )
        self.num_actions = len(self._decode)
        self._colour_index = {name: i for i, name in enumerate(colours)}

        # max_game_length: every move but the 1st-edition start merchant is a placement,
        # which takes one piece out of a supply (MD-R16), or a tea discard, which gives a
        # held tea tile to the box (MD-R58). Supplies only shrink, except by the tower
        # merchants (MD-R56), which come from the tower tiles once; tea tiles come from the
        # pool (MD-R57) and never return. Passes are automatic, not moves (MD-R19).
        pieces = 4 * supply.buildings_per_colour + supply.roofs + supply.stables
        pieces += supply.merchants + supply.walls
        pieces += supply.neutral_roofs if edition == 2 else 0
        extra = 1 if edition == 1 else sum(rules.tower_merchants.values())
        tea = min(rules.tea_tiles, sum(rules.tea_per_purple_roof)) if has_tea else 0
        self.max_game_length = n * pieces + extra + tea

        # -- observation layout. Board planes cover the city cells only, a (H-2) x (W-2)
        # rectangle; the wall cells (a ring) get one vector of their own.
        g = self.city = (w - 2) * (h - 2)
        self._ci = [-1] * (w * h)  # board cell -> index in a city plane
        for c in board.city_cells:
            self._ci[c] = (c // w - 1) * (w - 2) + c % w - 1
        self._wi = [-1] * (w * h)  # board cell -> index in the wall vector
        for i, c in enumerate(board.wall_cells):
            self._wi[c] = i
        layout: list[Slice] = []

        def add(name: str, size: int, doc: str) -> int:
            start = layout[-1].start + layout[-1].size if layout else 0
            layout.append(Slice(name, start, size, doc))
            return start

        grid = f"{h - 2}x{w - 2} plane of the city cells, (x,y) at (y-1)*{w - 2}+(x-1)"
        self._o_build = add(
            "buildings",
            4 * g,
            f"4 planes ({', '.join(colours)}; MD-D4): 1 where a building of that colour "
            f"stands (MD-R22-R24); each a {grid}",
        )
        self._o_stable = add("stables", g, f"1 where a stable stands (MD-R29); {grid}")
        self._o_merchant = add(
            "merchants", g, f"1 where a merchant stands, the start merchant too (MD-R31); {grid}"
        )
        owners = n + (1 if self.has_neutral else 0) + 1
        self._o_owner = add(
            "palace_owner",
            owners * g,
            f"{owners} planes over the buildings and stables of palaces by owner: seat slots "
            f"0..{n - 1} (relative to the observer), "
            + ("NEUTRAL (MD-R53), " if self.has_neutral else "")
            + f"unclaimed (MD-R26); each a {grid}",
        )
        self._o_exp = add(
            "expansion_squares",
            g,
            "1 on every expansion square (MD-R7): where the incomplete palace of a colour may "
            f"grow and stables may go (MD-R23, MD-R29); {grid}",
        )
        if edition == 2:
            self._o_well = add("well", g, f"1 on the well cell (MD-D8, MD-R50); {grid}")
            self._o_bonus = add("well_bonus", g, f"1 on the well bonus cells (MD-D8); {grid}")
        self._o_wall = add(
            "walls",
            len(board.wall_cells),
            "1 where a wall stands (MD-R34), one number per wall cell in row-major order: "
            f"top row x=1..{w - 2}, then (0,y) and ({w - 1},y) for y=1..{h - 2}, then the "
            "bottom row",
        )
        self._o_phase = add(
            "phase", 3, "one-hot: start merchant (MD-R14), turn (MD-R13), game over (MD-R20)"
        )
        self._o_active = add("to_move", n, "one-hot seat slot of the seat to move; 0 when over")
        self._o_quota = add(
            "turn", 2, "quota of this turn (1 or 2; MD-R15, MD-R52), placements made in it"
        )
        if edition == 2:
            self._o_first = add(
                "first_turn_done", n, "per seat slot: 1 once it has played a turn (MD-R52)"
            )
        self._slots = (0, 1, 2, 3, ROOFS) + ((NEUTRAL_ROOFS,) if edition == 2 else ())
        self._slots += (STABLES, MERCHANTS, WALLS)  # merchants second to last
        k = len(self._slots)
        self._o_supply = add(
            "supply",
            n * k,
            f"per seat slot, {k} counts: "
            + ", ".join(
                f"{colours[s]} buildings" if s < 4 else SUPPLY_NAMES[s] for s in self._slots
            )
            + " (MD-D5/D6; others' counts from the public ledger, MD-R67)",
        )
        self._o_owns = add(
            "owns", 4 * n, "per seat slot, 4 flags: owns a palace of that colour (MD-R6, MD-R26)"
        )
        self._o_retired = add("retired", 4, "per colour: 1 if retired (MD-R36, MD-R37)")
        holders = n + (1 if self.has_neutral else 0)
        holder_doc = f"owner one-hot over seat slots 0..{n - 1}" + (
            " and NEUTRAL" if self.has_neutral else ""
        )
        self._o_ptile = add(
            "palace_tiles",
            4 * (holders + 1),
            f"per colour, {holders + 1} numbers: the holder palace's {holder_doc}, then its "
            "size; all 0 if unheld (MD-R38-R40)",
        )
        self._o_ttile = add(
            "tower_tiles",
            4 * holders,
            f"per tower value 1-4: the holder palace's {holder_doc}; 0 if unheld (MD-R42-R45)",
        )
        if edition == 2:
            self._o_tmerch = add(
                "tower_merchants", 4, "per tower value 1-4: merchants still on its tile (MD-R56)"
            )
            self._o_tea = add(
                "tea",
                n + 2,
                "tea tiles held per seat slot, then the pool and the number of roofs placed on "
                "purple palaces so far (MD-R57)",
            )
        self._o_score = add("scores", n, "per seat slot: the current score (MD-R60-R63)")
        self._layout = tuple(layout)
        self.observation_size = layout[-1].start + layout[-1].size
        self.observation_bounds = self._bounds(rules, holders)
        self._holders = holders
        # per observer (index seat + 1; 0 = spectator): absolute seat -> seat slot
        self._rel = [[(s - max(v, 0)) % n for s in range(n)] for v in range(-1, n)]
        # per seat rotation (the observer's seat, 0 for the spectator) and owner value
        # (seats, then NEUTRAL = -2 and UNCLAIMED = -1 from the end): its plane's offset
        self._owner_plane: list[list[int]] = []
        for rot in range(n):
            planes = [self._o_owner + (s - rot) % n * g for s in range(n)]
            # without neutral roofs no palace is neutral; a bad offset fails loudly if one were
            planes.append(self._o_owner + n * g if self.has_neutral else 1 << 40)
            planes.append(self._o_owner + (owners - 1) * g)
            self._owner_plane.append(planes)
        # the flags of a 4-bit colour mask (MD-D4 order)
        self._bits = [[float(mask >> c & 1) for c in range(4)] for mask in range(16)]
        self._bonus_points = rules.well_bonus
        self._tile_value = [rules.palace_tile_values[c] for c in colours]
        self._cache: dict[int, _Planes] = {}
        # the seats' owner planes are kept per observer (see ``_Planes.owner_rows``): the
        # offset of seat s's plane there, for observer rotation r, is _owner_slot[s][r]
        self._seat_planes = n * g
        self._owner_slot = [[(s - r) % n * g for r in range(n)] for s in range(n)]

    def _bounds(self, rules: Ruleset, holders: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """``observation_bounds`` from the rules and the ruleset data (never from observed
        values), for games started by ``new_game``: every number is >= 0; planes, one-hots
        and flags are <= 1; the counts are bounded slice by slice below, by at least 1."""
        n, edition = self.players, self.edition
        supply = rules.supply[(edition, n)]
        high = [1.0] * self.observation_size

        def put(start: int, values: Sequence[float]) -> None:
            high[start : start + len(values)] = values

        # turn: the quota is 1 or 2 (MD-R15, MD-R52); a turn makes at most its quota
        put(self._o_quota, [2.0, 2.0])
        # supply: a seat starts with its MD-D5/MD-D6 pieces and only spends them (MD-R16,
        # MD-R36), except that the tower merchants can join its merchants (MD-R56, MD-D6)
        tower_merchants = sum(rules.tower_merchants.values()) if edition == 2 else 0
        start = {
            ROOFS: supply.roofs,
            NEUTRAL_ROOFS: supply.neutral_roofs,
            STABLES: supply.stables,
            MERCHANTS: supply.merchants + tower_merchants,
            WALLS: supply.walls,
        }
        row = [float(start.get(s, supply.buildings_per_colour)) for s in self._slots]
        put(self._o_supply, row * n)
        # palace_tiles: the holder's size is at most every building of its colour and every
        # stable in the game (MD-R5, MD-D5/MD-D6)
        size = float(n * (supply.buildings_per_colour + supply.stables))
        for col in range(4):
            high[self._o_ptile + col * (holders + 1) + holders] = size
        if edition == 2:
            # tower merchants only leave their tile (MD-R56), from the MD-D6 setup counts
            put(self._o_tmerch, [float(rules.tower_merchants[v]) for v in (1, 2, 3, 4)])
            # tea: a seat roofs at most one purple palace with its own colour (MD-R26), so
            # it receives tiles once (MD-R57); the pool only shrinks; roofs on purple
            # palaces: one own-colour roof per seat plus every neutral roof (MD-R26, MD-R53)
            per_seat = min(rules.tea_tiles, max(rules.tea_per_purple_roof, default=0))
            put(self._o_tea, [float(per_seat)] * n)
            high[self._o_tea + n] = float(rules.tea_tiles)
            high[self._o_tea + n + 1] = float(n * (1 + supply.neutral_roofs))
        # scores (MD-R60-R63), a seat's palaces taking at most everything on the board:
        # every building and stable 1; every wall at most once (it touches one city cell);
        # every merchant (the start merchant, MD-R14/MD-S2, and the tower merchants too)
        # at most twice, as components of two palaces are never king-adjacent (MD-R5), so
        # at most two opposite neighbours of a merchant belong to different palaces; the
        # well bonus on at most 4 bonus cells (MD-D8); every palace and tower tile once
        components = n * (4 * supply.buildings_per_colour + supply.stables)
        merchants = n * supply.merchants + 1 + tower_merchants
        well = 4 * rules.well_bonus if edition == 2 else 0
        tiles = sum(rules.palace_tile_values[c] for c in self.colours)
        tiles += sum(rules.tower_values.values())
        score = components + n * supply.walls + 2 * merchants + well + tiles
        put(self._o_score, [float(score)] * n)
        # a number that is always 0 (tower 4's merchants, MD-D6; neutral roofs with 4
        # players) keeps the bound 1: gymnasium warns about a Box whose low equals its high
        return (0.0,) * self.observation_size, tuple(max(h, 1.0) for h in high)

    # -- actions ---------------------------------------------------------------------------
    def action_index(self, action: Action) -> int:
        if not isinstance(action, MedinaAction):
            raise IllegalAction(f"{action!r} is not a Medina action")
        kind = _KIND_CODE.get(action.kind, -1)
        colour = self._colour_index.get(action.colour, -1) if kind == K_BUILD else -1
        table = self._index.get((kind, colour))
        if kind == K_TEA and table is not None:
            return table[-1]
        x, y = action.x, action.y
        if table is None or not (0 <= x < self.width and 0 <= y < self.height):
            raise IllegalAction(f"{action} is never an action in this configuration")
        index = table[y * self.width + x]
        if index < 0:
            raise IllegalAction(f"{action} is never an action in this configuration")
        return index

    def legal_indices(self, state: State, seat: int) -> list[int]:
        # legal_actions is ordered like the index layout (MD-R21), so no sort is needed
        return [self.action_index(a) for a in state.legal_actions(seat)]

    def action_from_index(self, state: State, seat: int, index: int) -> Action:
        """Decode ``index`` and check it against the state's incremental legality data,
        exactly as ``legal_actions`` lists actions (the roof at the canonical cell only)."""
        assert isinstance(state, MedinaState)
        if not (type(index) is int and 0 <= index < self.num_actions):
            raise IllegalAction(f"action index {index!r} is not in range({self.num_actions})")
        kind, colour, cell = self._decode[index]
        if not self._legal(state, seat, kind, colour, cell):
            raise IllegalAction(
                f"action index {index} ({self.describe_action(index)}) is not legal for seat "
                f"{seat} now"
            )
        if kind == K_TEA:
            return DISCARD_TEA
        if kind == K_BUILD:
            return self._acts.build[colour][cell]
        return self._acts.cell_action[_KIND_NAME[kind]][cell]

    def _legal(self, st: MedinaState, seat: int, kind: int, colour: int, cell: int) -> bool:
        if st.phase == OVER or seat != st.active:
            return False
        if st.phase == START:
            return kind == K_START  # the start block holds only the allowed cells (MD-R14)
        if kind == K_START:
            return False
        s = st.supply[seat]
        if must_roof(st, seat):  # MD-R59
            return kind == K_ROOF and self._roof_ok(st, seat, cell, own=True)
        if kind == K_BUILD:
            if not s[colour] or st.retired >> colour & 1:
                return False
            p = st.incomplete[colour]
            if p:
                return bool(st.exp_owner[cell] == p)
            return _contains(st.free_start, cell)
        if kind == K_ROOF:
            return bool(s[ROOFS]) and self._roof_ok(st, seat, cell, own=True)
        if kind == K_NEUTRAL:
            return bool(s[NEUTRAL_ROOFS]) and self._roof_ok(st, seat, cell, own=False)
        if kind == K_STABLE:
            return bool(s[STABLES] and st.exp_owner[cell])
        if kind == K_MERCHANT:
            if not s[MERCHANTS]:
                return False
            return cell in st.ext_squares if st.ext_squares else _contains(st.isolated, cell)
        if kind == K_WALL:
            return bool(s[WALLS]) and cell in st.wall_legal
        return discard_legal(st, seat, st.has_placement(seat))  # MD-R58

    @staticmethod
    def _roof_ok(st: MedinaState, seat: int, cell: int, own: bool) -> bool:
        """An unclaimed palace named by its canonical cell (MD-R21, MD-R26, MD-R53)."""
        if st.cellv[cell] != BUILDING:
            return False
        p = st.cell_pal[cell]
        if st.pal_owner[p] != UNCLAIMED or st.canonical_cell(p) != cell:
            return False
        return not (own and st.owns[seat] >> st.pal_colour[p] & 1)

    def describe_action(self, index: int) -> str:
        if not (type(index) is int and 0 <= index < self.num_actions):
            return f"action {index} (not in range({self.num_actions}))"
        kind, colour, cell = self._decode[index]
        if kind == K_TEA:
            return str(DISCARD_TEA)
        if kind == K_BUILD:
            return str(self._acts.build[colour][cell])
        return str(self._acts.cell_action[_KIND_NAME[kind]][cell])

    # -- observation -----------------------------------------------------------------------
    def observation_layout(self) -> Sequence[Slice]:
        return self._layout

    def observation(self, state: State, seat: int | None) -> list[float]:
        """Built from the state's own public fields. The only per-seat hidden facts in Medina
        are supply counts (MD-R67); every seat's, the observer's own included, is computed
        by the public ledger, which equals the supply by MD-R67's invariant."""
        assert isinstance(state, MedinaState)
        st = state
        n = self.players
        rot = 0 if seat is None else seat
        rel = self._rel[0 if seat is None else seat + 1]
        # The cached vector holds what no seat order touches and changes only with some
        # pieces; it is shared by every observer of a state, so each piece is processed
        # once. A copy gets the per-seat parts in the observer's seat order: the seats'
        # owner planes (kept per observer), supplies, owned colours and tile holders.
        cached = self._planes(st)
        if cached.dirty:
            self._write_tiles(st, cached)
        out = cached.planes.copy()
        o = self._o_owner
        out[o : o + self._seat_planes] = cached.owner_rows[rot]
        k, o, bits = len(self._slots), self._o_supply, self._bits
        for s, row in enumerate(self._supply_rows(st, cached)):
            out[o + rel[s] * k : o + rel[s] * k + k] = row
        o = self._o_owns
        for s, mask in enumerate(st.owns):
            out[o + rel[s] * 4 : o + rel[s] * 4 + 4] = bits[mask]
        for base, holder in cached.holders:  # seat-held palace and tower tiles
            out[base + rel[holder]] = 1.0
        # turn state
        phase = st.phase
        out[self._o_phase + (0 if phase == START else 2 if phase == OVER else 1)] = 1.0
        if phase != OVER:
            out[self._o_active + rel[st.active]] = 1.0
        out[self._o_quota] = float(st.quota)
        out[self._o_quota + 1] = float(st.turn_placements)
        # palace points from the cache, tile points (MD-R62) as last written
        o = self._o_score
        for s in range(n):
            out[o + rel[s]] = float(cached.points[s] + cached.tile_points[s])
        if self.edition == 2:
            o = self._o_first
            for s, done in enumerate(st.first_turn_done):
                if done:
                    out[o + rel[s]] = 1.0
            o = self._o_tea  # tea changes with discards too, which place nothing (MD-R58)
            for s, t in enumerate(st.tea):
                out[o + rel[s]] = float(t)
            out[o + n] = float(st.tea_pool)
            out[o + n + 1] = float(st.purple_roofs)
        return out

    def _ledger_row(self, st: MedinaState, s: int) -> list[float]:
        """MD-R67: supply = initial - placed - removed + received, in the slots' order."""
        ini, placed, removed = st.initial[s], st.placed[s], st.removed[s]
        row = [float(ini[j] - placed[j]) for j in self._slots]
        for col in range(4):
            row[col] -= removed[col]  # buildings sent to the box by a retirement (MD-R36)
        row[-2] += st.received[s]  # merchants from the tower tiles (MD-R56)
        return row

    def _supply_rows(self, st: MedinaState, cached: _Planes) -> list[list[float]]:
        """Per absolute seat, its supply row (MD-R67), worked out again only when the
        seat's ledger changed."""
        keys, rows = cached.ledger, cached.supply
        for s in range(self.players):
            # placed counts only grow, so their sum identifies them within one state's life
            key = (sum(st.placed[s]), st.received[s], st.retired)
            if keys[s] != key:
                keys[s] = key
                rows[s] = self._ledger_row(st, s)
        return rows

    def _write_tiles(self, st: MedinaState, cached: _Planes) -> None:
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

    def _planes(self, st: MedinaState) -> _Planes:
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
            cached = _Planes(pieces, self.observation_size, self.players, self._seat_planes)
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

    def _catch_up(self, st: MedinaState, cached: _Planes) -> None:
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

    def _add_component(self, st: MedinaState, cached: _Planes, p: int, c: int) -> None:
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


class _Planes:
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


def _contains(items: list[int], value: int) -> bool:
    i = bisect_left(items, value)
    return i < len(items) and items[i] == value


@functools.lru_cache(maxsize=32)
def _cached(players: int, edition: int, anywhere: bool, raw: str) -> MedinaEncoding:
    return MedinaEncoding(players, edition, anywhere, ruleset_from_text(raw))


def medina_encoding(players: int, options: dict[str, Any], rules: Ruleset) -> MedinaEncoding:
    """The encoding for resolved ``options``; one instance per configuration (the tables
    cost a few milliseconds). Only the edition, the start-merchant option and the ruleset
    data change the layout; ``players`` too."""
    edition = int(options["edition"])
    anywhere = bool(options["start_merchant_anywhere"]) and edition == 1
    return _cached(players, edition, anywhere, rules.raw)
