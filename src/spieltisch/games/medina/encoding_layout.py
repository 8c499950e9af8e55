"""The layout of Medina's numeric encoding: the action space and the observation's slices
and bounds of one configuration (``encoding.py`` reads states into it).

Actions are laid out kind by kind in the MD-R21 order; within a kind by colour (MD-D4
order), then by cell in row-major order, over only the cells that kind can ever use (inner
or city cells for the start merchant, city cells for pieces, wall cells for walls). The
observation is a stack of planes over the city cells (the inner (H-2) x (W-2) rectangle,
row-major, so a plane reshapes to an image), a vector over the wall cells, and public
counts; ``docs/research/medina.md`` documents both with a worked decoding."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.encoding import Encoding, Slice
from .actions import KINDS, action_table
from .board import Board, make_board
from .cells import MERCHANTS, NEUTRAL_ROOFS, ROOFS, STABLES, SUPPLY_NAMES, WALLS
from .data import CORNERS, Ruleset

# action kind codes, in MD-R21 order (they follow actions.KINDS)
K_START, K_BUILD, K_ROOF, K_NEUTRAL, K_STABLE, K_MERCHANT, K_WALL, K_TEA = range(8)
KIND_NAME = KINDS
KIND_CODE = {name: code for code, name in enumerate(KIND_NAME)}


class MedinaLayout(Encoding):
    """The action space and observation layout of one configuration."""

    def __init__(self, players: int, edition: int, anywhere: bool, rules: Ruleset) -> None:
        self.players = players
        self.edition = edition
        small = edition == 2 and players == 2
        w, h = rules.boards["small" if small else "standard"]
        board = make_board(w, h, tuple(rules.tower_values[c] for c in CORNERS))
        self.width, self.height = w, h
        self.colours = rules.colours[edition]
        self._acts = action_table(w, h, self.colours)
        supply = rules.supply[(edition, players)]
        # a kind is in the space only if this configuration can ever offer it
        self.has_neutral = edition == 2 and supply.neutral_roofs > 0
        has_tea = edition == 2 and rules.tea_tiles > 0 and sum(rules.tea_per_purple_roof) > 0
        self._action_space(board, anywhere, has_tea)
        self.max_game_length = self._max_game_length(rules, has_tea)
        self._cell_indices(board)
        self._layout_list: list[Slice] = []
        self._board_slices(board)
        self._turn_slices(board)
        self._count_slices()
        self._layout = tuple(self._layout_list)
        self.observation_size = self._layout[-1].start + self._layout[-1].size
        self.observation_bounds = self._bounds(rules, self._holders)
        self._seat_tables(rules)

    def _add(self, name: str, size: int, doc: str) -> int:
        """The next slice of the observation; returns its start."""
        layout = self._layout_list
        start = layout[-1].start + layout[-1].size if layout else 0
        layout.append(Slice(name, start, size, doc))
        return start

    def _action_space(self, board: Board, anywhere: bool, has_tea: bool) -> None:
        """(kind, cells) blocks; build has one block per colour."""
        edition, colours = self.edition, self.colours
        w, h = self.width, self.height
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
                (start, len(cells), KIND_NAME[kind], colours[col] if col >= 0 else "")
            )
        self.num_actions = len(self._decode)
        self._colour_index = {name: i for i, name in enumerate(colours)}

    def _max_game_length(self, rules: Ruleset, has_tea: bool) -> int:
        """Every move but the 1st-edition start merchant is a placement, which takes one
        piece out of a supply (MD-R16), or a tea discard, which gives a held tea tile to the
        box (MD-R58). Supplies only shrink, except by the tower merchants (MD-R56), which
        come from the tower tiles once; tea tiles come from the pool (MD-R57) and never
        return. Passes are automatic, not moves (MD-R19)."""
        n, edition = self.players, self.edition
        supply = rules.supply[(edition, n)]
        pieces = 4 * supply.buildings_per_colour + supply.roofs + supply.stables
        pieces += supply.merchants + supply.walls
        pieces += supply.neutral_roofs if edition == 2 else 0
        extra = 1 if edition == 1 else sum(rules.tower_merchants.values())
        tea = min(rules.tea_tiles, sum(rules.tea_per_purple_roof)) if has_tea else 0
        return n * pieces + extra + tea

    def _cell_indices(self, board: Board) -> None:
        """Board planes cover the city cells only, a (H-2) x (W-2) rectangle; the wall
        cells (a ring) get one vector of their own."""
        w, h = self.width, self.height
        self.city = (w - 2) * (h - 2)
        self._ci = [-1] * (w * h)  # board cell -> index in a city plane
        for c in board.city_cells:
            self._ci[c] = (c // w - 1) * (w - 2) + c % w - 1
        self._wi = [-1] * (w * h)  # board cell -> index in the wall vector
        for i, c in enumerate(board.wall_cells):
            self._wi[c] = i

    def _board_slices(self, board: Board) -> None:
        """The planes of pieces, owners, expansion squares and the well."""
        n, g, edition, colours = self.players, self.city, self.edition, self.colours
        w, h = self.width, self.height
        grid = f"{h - 2}x{w - 2} plane of the city cells, (x,y) at (y-1)*{w - 2}+(x-1)"
        self._o_build = self._add(
            "buildings",
            4 * g,
            f"4 planes ({', '.join(colours)}; MD-D4): 1 where a building of that colour "
            f"stands (MD-R22-R24); each a {grid}",
        )
        self._o_stable = self._add("stables", g, f"1 where a stable stands (MD-R29); {grid}")
        self._o_merchant = self._add(
            "merchants", g, f"1 where a merchant stands, the start merchant too (MD-R31); {grid}"
        )
        owners = n + (1 if self.has_neutral else 0) + 1
        self._o_owner = self._add(
            "palace_owner",
            owners * g,
            f"{owners} planes over the buildings and stables of palaces by owner: seat slots "
            f"0..{n - 1} (relative to the observer), "
            + ("NEUTRAL (MD-R53), " if self.has_neutral else "")
            + f"unclaimed (MD-R26); each a {grid}",
        )
        self._o_exp = self._add(
            "expansion_squares",
            g,
            "1 on every expansion square (MD-R7): where the incomplete palace of a colour may "
            f"grow and stables may go (MD-R23, MD-R29); {grid}",
        )
        if edition == 2:
            self._o_well = self._add("well", g, f"1 on the well cell (MD-D8, MD-R50); {grid}")
            self._o_bonus = self._add("well_bonus", g, f"1 on the well bonus cells (MD-D8); {grid}")
        self._owners = owners

    def _turn_slices(self, board: Board) -> None:
        """The walls, the phase, the seat to move and the turn."""
        n, edition = self.players, self.edition
        w, h = self.width, self.height
        self._o_wall = self._add(
            "walls",
            len(board.wall_cells),
            "1 where a wall stands (MD-R34), one number per wall cell in row-major order: "
            f"top row x=1..{w - 2}, then (0,y) and ({w - 1},y) for y=1..{h - 2}, then the "
            "bottom row",
        )
        self._o_phase = self._add(
            "phase", 3, "one-hot: start merchant (MD-R14), turn (MD-R13), game over (MD-R20)"
        )
        self._o_active = self._add(
            "to_move", n, "one-hot seat slot of the seat to move; 0 when over"
        )
        self._o_quota = self._add(
            "turn", 2, "quota of this turn (1 or 2; MD-R15, MD-R52), placements made in it"
        )
        if edition == 2:
            self._o_first = self._add(
                "first_turn_done", n, "per seat slot: 1 once it has played a turn (MD-R52)"
            )

    def _count_slices(self) -> None:
        """Supplies, owned colours, retirement, tiles, tea and scores."""
        n, edition, colours = self.players, self.edition, self.colours
        self._slots = (0, 1, 2, 3, ROOFS) + ((NEUTRAL_ROOFS,) if edition == 2 else ())
        self._slots += (STABLES, MERCHANTS, WALLS)  # merchants second to last
        k = len(self._slots)
        self._o_supply = self._add(
            "supply",
            n * k,
            f"per seat slot, {k} counts: "
            + ", ".join(
                f"{colours[s]} buildings" if s < 4 else SUPPLY_NAMES[s] for s in self._slots
            )
            + " (MD-D5/D6; others' counts from the public ledger, MD-R67)",
        )
        self._o_owns = self._add(
            "owns", 4 * n, "per seat slot, 4 flags: owns a palace of that colour (MD-R6, MD-R26)"
        )
        self._o_retired = self._add("retired", 4, "per colour: 1 if retired (MD-R36, MD-R37)")
        holders = n + (1 if self.has_neutral else 0)
        holder_doc = f"owner one-hot over seat slots 0..{n - 1}" + (
            " and NEUTRAL" if self.has_neutral else ""
        )
        self._o_ptile = self._add(
            "palace_tiles",
            4 * (holders + 1),
            f"per colour, {holders + 1} numbers: the holder palace's {holder_doc}, then its "
            "size; all 0 if unheld (MD-R38-R40)",
        )
        self._o_ttile = self._add(
            "tower_tiles",
            4 * holders,
            f"per tower value 1-4: the holder palace's {holder_doc}; 0 if unheld (MD-R42-R45)",
        )
        if edition == 2:
            self._o_tmerch = self._add(
                "tower_merchants", 4, "per tower value 1-4: merchants still on its tile (MD-R56)"
            )
            self._o_tea = self._add(
                "tea",
                n + 2,
                "tea tiles held per seat slot, then the pool and the number of roofs placed on "
                "purple palaces so far (MD-R57)",
            )
        self._o_score = self._add("scores", n, "per seat slot: the current score (MD-R60-R63)")
        self._holders = holders

    def _seat_tables(self, rules: Ruleset) -> None:
        """Tables that turn absolute seats into the observer's seat slots."""
        n, g, owners = self.players, self.city, self._owners
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
        self._tile_value = [rules.palace_tile_values[c] for c in self.colours]
        # the seats' owner planes are kept per observer (``Planes.owner_rows``,
        # ``encoding_planes.py``): the offset of seat s's plane there, for observer
        # rotation r, is _owner_slot[s][r]
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
