"""The state of a game of Medina and its rules (MD-R1 to MD-R70).

Legality is incremental: the state keeps the expansion squares of every palace, the free
start squares, the merchant line's extension squares and the isolated squares, the legal
wall cells, and each palace's touched wall chains up to date as pieces are placed, so that
listing legal placements never rescans the board."""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from typing import TYPE_CHECKING, Any

from ...engine.action import Action
from ...engine.errors import IllegalAction, StateFormatError
from ...engine.game import JSON, State, state_data_errors
from ...engine.i18n import N_
from . import refusals
from .actions import DISCARD_TEA, KINDS, ActionTable, MedinaAction, action_table
from .board import CITY, WALL_CELL, Board, make_board
from .cells import (
    BUILDING,
    EMPTY,
    MERCHANT,
    NEUTRAL,
    STABLE,
    TOWER_PIECE,
    UNCLAIMED,
    WALL,
    WELL,
)
from .data import CORNERS, Ruleset
from .explain import Forbidden

if TYPE_CHECKING:
    from .game import Medina

# supply slots: buildings per colour 0-3, then these
ROOFS, NEUTRAL_ROOFS, STABLES, MERCHANTS, WALLS = 4, 5, 6, 7, 8
SUPPLY_NAMES = ("b0", "b1", "b2", "b3", "roofs", "neutral_roofs", "stables", "merchants", "walls")
START, TURN, OVER = "start_merchant", "turn", "over"
NEVER_TIME = 10**9


def _remove_sorted(items: list[int], value: int) -> bool:
    i = bisect_left(items, value)
    if i < len(items) and items[i] == value:
        del items[i]
        return True
    return False


class MedinaState(State):
    __slots__ = (
        "active",
        "acts",
        "board",
        "bonus",
        "boxed_merchants",
        "cell_pal",
        "cellv",
        "colours",
        "edition",
        "events",
        "exp_cells",
        "exp_owner",
        "ext_squares",
        "first_turn_done",
        "free_start",
        "incomplete",
        "initial",
        "isolated",
        "merch_adj",
        "no_build",
        "owns",
        "pal_buildings",
        "pal_chains",
        "pal_colour",
        "pal_exp",
        "pal_grow_time",
        "pal_owner",
        "pal_roof_time",
        "pal_stables",
        "palace_tile",
        "phase",
        "pieces",
        "placed",
        "purple_roofs",
        "quota",
        "received",
        "removed",
        "retired",
        "rules",
        "supply",
        "tea",
        "tea_box",
        "tea_pool",
        "time",
        "tower_merchants",
        "tower_tile",
        "turn_placements",
        "unclaimed",
        "wall_chain",
        "wall_legal",
        "well",
    )

    game: Medina  # type: ignore[misc]

    rules: Ruleset
    board: Board
    acts: ActionTable
    edition: int
    colours: tuple[str, ...]
    no_build: frozenset[int]  # the well and its zone (MD-R50); empty in the 1st edition
    well: int  # the well cell, -1 in the 1st edition
    bonus: tuple[int, ...]  # well bonus cells (MD-D8)
    cellv: list[int]  # content per cell
    cell_pal: list[int]  # palace id of a building or stable, else 0
    wall_chain: list[int]  # chain id of a wall, else -1
    exp_owner: list[int]  # palace whose expansion square the cell is (MD-R7), else 0
    exp_cells: list[int]  # every expansion square, ascending
    free_start: list[int]  # sorted free start squares (MD-R9); they only ever disappear
    merch_adj: bytearray  # merchants orthogonally adjacent to each cell (MD-R10)
    ext_squares: set[int]  # extension squares of the merchant line
    isolated: list[int]  # sorted isolated squares; they only ever disappear
    wall_legal: set[int]  # empty wall cells with exactly one wall or tower neighbour (MD-R34)
    pal_colour: list[int]  # per palace id (index 0 unused)
    pal_buildings: list[tuple[int, ...]]
    pal_stables: list[tuple[int, ...]]
    pal_owner: list[int]  # UNCLAIMED, NEUTRAL or a seat
    pal_roof_time: list[int]
    pal_grow_time: list[int]  # when it reached its current size as a claimed palace
    pal_exp: list[int]  # number of expansion squares
    pal_chains: list[int]  # bit mask of touched wall chains (MD-R12)
    incomplete: list[int]  # per colour: the incomplete palace, 0 if none (MD-R8)
    unclaimed: list[int]  # ids of unclaimed palaces, ascending
    palace_tile: list[int]  # per colour: holder palace id, 0 if unheld (MD-R38)
    tower_tile: list[int]  # per tower value 1-4 (index value-1): holder palace id (MD-R42)
    tower_merchants: list[int]  # per tower value: merchants still on its tile (MD-R56)
    initial: list[list[int]]  # per seat, per slot: the supply at setup (public ledger)
    supply: list[list[int]]  # per seat, per slot (SUPPLY_NAMES)
    placed: list[list[int]]  # public ledger (MD-R67): pieces placed per slot
    removed: list[list[int]]  # buildings removed by retirement, per colour
    received: list[int]  # merchants received from tower tiles
    owns: list[int]  # per seat: bit mask of colours owned (MD-R6)
    retired: int  # bit mask of retired colours (MD-R36)
    tea_pool: int
    tea: list[int]
    tea_box: int  # tea tiles discarded or given to the box
    boxed_merchants: int  # tower merchants given to the box by a neutral holder (MD-R56)
    purple_roofs: int
    time: int  # placement counter (§4.0)
    active: int
    phase: str
    quota: int
    turn_placements: int
    first_turn_done: list[bool]
    pieces: list[tuple[int, int, int, int]]  # (time, kind, cell, palace or colour) in order
    events: list[JSON]

    # -- setup ---------------------------------------------------------------------------
    def _init_empty(self, players: int, options: dict[str, Any], rules: Ruleset) -> None:
        self.rules = rules
        self.edition = int(options["edition"])
        small = self.edition == 2 and players == 2
        w, h = rules.boards["small" if small else "standard"]
        self.board = board = make_board(w, h, tuple(rules.tower_values[c] for c in CORNERS))
        self.colours = rules.colours[self.edition]
        self.acts = action_table(w, h, self.colours)
        size = board.size
        self.no_build = frozenset()
        self.well = -1
        self.bonus = ()
        self.cellv = [EMPTY] * size
        for c in board.tower_cells:
            self.cellv[c] = TOWER_PIECE
        self.cell_pal = [0] * size
        self.wall_chain = [-1] * size
        self.exp_owner = [0] * size
        self.exp_cells = []
        self.free_start = list(board.city_cells)
        self.merch_adj = bytearray(size)
        self.ext_squares = set()
        self.isolated = list(board.city_cells)
        self.wall_legal = {d for t in board.tower_cells for d in board.n4[t]}
        self.pal_colour = [0]
        self.pal_buildings = [()]
        self.pal_stables = [()]
        self.pal_owner = [UNCLAIMED]
        self.pal_roof_time = [0]
        self.pal_grow_time = [0]
        self.pal_exp = [0]
        self.pal_chains = [0]
        self.incomplete = [0, 0, 0, 0]
        self.unclaimed = []
        self.palace_tile = [0, 0, 0, 0]
        self.tower_tile = [0, 0, 0, 0]
        self.tower_merchants = (
            [rules.tower_merchants[v] for v in (1, 2, 3, 4)] if self.edition == 2 else [0] * 4
        )
        initial = self.initial_supply()
        self.initial = [list(initial) for _ in range(players)]
        self.supply = [list(initial) for _ in range(players)]
        self.placed = [[0] * 9 for _ in range(players)]
        self.removed = [[0] * 4 for _ in range(players)]
        self.received = [0] * players
        self.owns = [0] * players
        self.retired = 0
        self.tea_pool = rules.tea_tiles if self.edition == 2 else 0
        self.tea = [0] * players
        self.tea_box = 0
        self.boxed_merchants = 0
        self.purple_roofs = 0
        self.time = 0
        self.active = 0
        self.phase = TURN
        self.quota = 2
        self.turn_placements = 0
        self.first_turn_done = [False] * players
        self.pieces = []
        self.events = []

    def initial_supply(self) -> list[int]:
        s = self.rules.supply[(self.edition, self.players)]
        return [s.buildings_per_colour] * 4 + [
            s.roofs,
            s.neutral_roofs if self.edition == 2 else 0,
            s.stables,
            s.merchants,
            s.walls,
        ]

    def _set_well(self, well: int) -> None:
        """MD-D8, MD-R50: the well's cell is occupied; no building or stable in its zone."""
        board = self.board
        self.well = well
        self.bonus = board.bonus_cells(well)
        self.no_build = frozenset((well, *board.well_zone(well)))
        self._occupy(well)
        self.cellv[well] = WELL
        for c in board.well_zone(well):
            _remove_sorted(self.free_start, c)

    # -- incremental bookkeeping ---------------------------------------------------------
    def _occupy(self, c: int) -> None:
        """An empty city cell gets a piece: it stops being any kind of free square."""
        _remove_sorted(self.free_start, c)
        p = self.exp_owner[c]
        if p:
            self._drop_expansion(c, p)
        self.ext_squares.discard(c)
        if not self.merch_adj[c]:
            _remove_sorted(self.isolated, c)

    def _drop_expansion(self, c: int, p: int) -> None:
        self.exp_owner[c] = 0
        _remove_sorted(self.exp_cells, c)
        self.pal_exp[p] -= 1
        if not self.pal_exp[p] and self.incomplete[self.pal_colour[p]] == p:
            self.incomplete[self.pal_colour[p]] = 0  # it is closed now (MD-R8)

    def _add_component(self, c: int, p: int, building: bool) -> None:
        """A building or stable of palace ``p`` on cell ``c`` (MD-R5, MD-R7, MD-R9)."""
        board, cellv, cell_pal, exp_owner = self.board, self.cellv, self.cell_pal, self.exp_owner
        self._occupy(c)
        cellv[c] = BUILDING if building else STABLE
        cell_pal[c] = p
        for d in board.n8[c]:
            _remove_sorted(self.free_start, d)
            q = exp_owner[d]
            if q and q != p:
                self._drop_expansion(d, q)  # MD-R7(c): next to another palace
        if building:
            no_build = self.no_build
            for d in board.n4[c]:
                if (
                    cellv[d] == EMPTY
                    and not exp_owner[d]
                    and board.cls[d] == CITY
                    and d not in no_build
                    and all(cell_pal[e] in (0, p) for e in board.n8[d])
                ):
                    exp_owner[d] = p
                    insort(self.exp_cells, d)
                    self.pal_exp[p] += 1
        # walls next to the new component connect the palace to their chains (MD-R12)
        for d in board.n4[c]:
            if cellv[d] == WALL:
                self.pal_chains[p] |= 1 << self.wall_chain[d]

    def _add_merchant(self, c: int) -> None:
        """MD-R10: keep adjacency counts, extension squares and isolated squares."""
        board, merch_adj, cellv = self.board, self.merch_adj, self.cellv
        self._occupy(c)
        cellv[c] = MERCHANT
        touched = set(board.n4[c])
        for d in board.n4[c]:
            if not merch_adj[d] and cellv[d] == EMPTY and board.cls[d] == CITY:
                _remove_sorted(self.isolated, d)
            merch_adj[d] += 1
            if cellv[d] == MERCHANT:
                touched.update(board.n4[d])
        ext = self.ext_squares
        for e in touched:
            if cellv[e] == EMPTY and board.cls[e] == CITY and merch_adj[e] == 1:
                m = next(d for d in board.n4[e] if cellv[d] == MERCHANT)
                if merch_adj[m] <= 1:
                    ext.add(e)
                    continue
            ext.discard(e)

    def _add_wall(self, w: int) -> int:
        """MD-R11, MD-R34: the wall joins the chain of its one wall or tower neighbour."""
        board, cellv = self.board, self.cellv
        anchor = next(d for d in board.n4[w] if cellv[d] in (WALL, TOWER_PIECE))
        if cellv[anchor] == TOWER_PIECE:
            chain = board.chain_at[(anchor, board.side_of[w])]
        else:
            chain = self.wall_chain[anchor]
        cellv[w] = WALL
        self.wall_chain[w] = chain
        self.wall_legal.discard(w)
        for d in board.n4[w]:
            if board.cls[d] == WALL_CELL and cellv[d] == EMPTY:
                links = sum(1 for e in board.n4[d] if cellv[e] in (WALL, TOWER_PIECE))
                if links == 1:
                    self.wall_legal.add(d)
                else:
                    self.wall_legal.discard(d)
        return chain

    def _new_palace(self, colour: int) -> int:
        p = len(self.pal_colour)
        self.pal_colour.append(colour)
        self.pal_buildings.append(())
        self.pal_stables.append(())
        self.pal_owner.append(UNCLAIMED)
        self.pal_roof_time.append(0)
        self.pal_grow_time.append(0)
        self.pal_exp.append(0)
        self.pal_chains.append(0)
        self.unclaimed.append(p)
        return p

    # -- legality ------------------------------------------------------------------------
    def building_cells(self, colour: int) -> list[int]:
        """Where a building of ``colour`` may go (MD-R22 to MD-R24), ascending."""
        if self.retired >> colour & 1:
            return []
        p = self.incomplete[colour]
        if p:
            owner = self.exp_owner
            return [c for c in self.exp_cells if owner[c] == p]
        return self.free_start

    def roof_targets(self, seat: int) -> list[int]:
        """Unclaimed palaces of colours ``seat`` does not own (MD-R26)."""
        owns, colour = self.owns[seat], self.pal_colour
        return [p for p in self.unclaimed if not owns >> colour[p] & 1]

    def canonical_cell(self, p: int) -> int:
        return min(self.pal_buildings[p])

    def merchant_cells(self) -> list[int]:
        """MD-R32, MD-R33: extension squares, else isolated squares."""
        return sorted(self.ext_squares) if self.ext_squares else self.isolated

    def has_placement(self, seat: int) -> bool:
        """MD-R16: some piece of ``seat`` has a legal destination."""
        s = self.supply[seat]
        for colour in range(4):
            if (
                s[colour]
                and not self.retired >> colour & 1
                and (self.incomplete[colour] or self.free_start)
            ):
                return True
        if s[ROOFS] and self.roof_targets(seat):
            return True
        if s[NEUTRAL_ROOFS] and self.unclaimed:
            return True
        if s[STABLES] and self.exp_cells:
            return True
        if s[MERCHANTS] and (self.ext_squares or self.isolated):
            return True
        return bool(s[WALLS] and self.wall_legal)

    def _must_roof(self, seat: int) -> bool:
        """MD-R59, checked before the second placement of a quota-2 turn."""
        if not self.options["last_player_must_roof"] or self.quota != 2:
            return False
        if self.turn_placements != 1 or self.pieces[-1][1] == -ROOFS:
            return False  # (a): the first placement was an own-colour roof
        if not (self.supply[seat][ROOFS] and self.roof_targets(seat)):
            return False  # (c)
        return not any(self.has_placement(o) for o in range(self.players) if o != seat)  # (b)

    def turn_rule(self) -> str | None:
        return "MD-R14" if self.phase == START else "MD-R13"

    def actors(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.active,)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or seat != self.active:
            return []
        cell_action = self.acts.cell_action
        if self.phase == START:
            cells = (
                self.board.city_cells
                if self.options["start_merchant_anywhere"]
                else self.board.inner_cells
            )
            table = cell_action["start_merchant"]
            return [table[c] for c in cells]
        s = self.supply[seat]
        out: list[Action] = []
        if self._must_roof(seat):
            roofs = cell_action["roof"]
            return [roofs[c] for c in sorted(map(self.canonical_cell, self.roof_targets(seat)))]
        for colour in range(4):
            if s[colour]:
                table = self.acts.build[colour]
                out.extend([table[c] for c in self.building_cells(colour)])
        if s[ROOFS]:
            table = cell_action["roof"]
            out.extend(
                [table[c] for c in sorted(map(self.canonical_cell, self.roof_targets(seat)))]
            )
        if s[NEUTRAL_ROOFS]:
            table = cell_action["neutral_roof"]
            out.extend([table[c] for c in sorted(map(self.canonical_cell, self.unclaimed))])
        if s[STABLES] and self.exp_cells:
            table = cell_action["stable"]
            out.extend([table[c] for c in self.exp_cells])
        if s[MERCHANTS]:
            table = cell_action["merchant"]
            out.extend([table[c] for c in self.merchant_cells()])
        if s[WALLS] and self.wall_legal:
            table = cell_action["wall"]
            out.extend([table[c] for c in sorted(self.wall_legal)])
        if self._tea_discard_legal(seat, bool(out)):
            out.append(DISCARD_TEA)
        return out

    def _tea_discard_legal(self, seat: int, can_place: bool) -> bool:
        """MD-R58: only as the second action of a quota-2 turn, with a tile, when a placement
        would be possible, and not when MD-R59 forces a roof."""
        return (
            self.edition == 2
            and self.quota == 2
            and self.turn_placements == 1
            and self.tea[seat] > 0
            and can_place
        )

    # -- applying ------------------------------------------------------------------------
    # An illegal move raises ``Forbidden`` with a reason a player understands and the rule
    # that forbids it (``explain.py`` says it in the reader's language). Where a piece has
    # no legal square at all the reason says so before it speaks of the square named.
    def _apply(self, seat: int, action: Action) -> None:
        if type(action) is not MedinaAction:
            raise IllegalAction(f"{action!r} is not an action of {self.game.name}")
        kind = action.kind
        if kind not in KINDS:
            raise IllegalAction(f"unknown action kind {kind!r}; the kinds are {', '.join(KINDS)}")
        if self.phase == START and kind != "start_merchant":
            raise Forbidden(
                N_("the game begins with the start merchant: place it on an inner square first"),
                "MD-R14",
            )
        if kind == "discard_tea":
            self._discard_tea(seat)
            return
        cell = self._cell_of(action)
        if self.phase == START:
            self._start_merchant(cell)
            return
        if kind == "start_merchant":
            raise Forbidden(N_("the start merchant is already on the board"), "MD-R14")
        if self._must_roof(seat) and kind != "roof":
            raise Forbidden(
                N_(
                    "nobody else can place a piece any more, so your second piece must be one "
                    "of your roofs (the option 'last player must roof')"
                ),
                "MD-R59",
            )
        handler = _PLACEMENTS[kind]
        handler(self, seat, cell, action)
        self.turn_placements += 1
        self._after_placement(seat)

    def _cell_of(self, action: MedinaAction) -> int:
        x, y = action.x, action.y
        if not (type(x) is int and type(y) is int and self.board.on_board(x, y)):
            raise Forbidden(N_("{cell} is not a square of the board"), "MD-R1", cell=f"({x},{y})")
        return self.board.cell(x, y)

    def _need(self, seat: int, slot: int, template: str, **args: str) -> None:
        if not self.supply[seat][slot]:
            raise Forbidden(template, "MD-R16", **args)

    def _square_taken(self, c: int, rule: str, ring: str) -> None:
        """A piece that goes on an empty city square (MD-R22, MD-R29, MD-R31): ``ring`` is
        the reason for a square of the wall ring."""
        name = self.board.name(c)
        if self.board.cls[c] != CITY:
            raise Forbidden(ring, rule, cell=name)
        if self.cellv[c] == WELL:
            raise Forbidden(N_("{cell} is the well: nothing goes on it"), "MD-R50", cell=name)
        if self.cellv[c] != EMPTY:
            raise Forbidden(N_("{cell} is already taken"), rule, cell=name)

    def _next_to_other_palace(self, c: int, p: int) -> bool:
        return any(self.cell_pal[d] not in (0, p) for d in self.board.n8[c])

    def _place_building(self, seat: int, c: int, action: MedinaAction) -> None:
        if action.colour not in self.colours:
            raise Forbidden(
                N_("there are no {colour} buildings in this edition"),
                "MD-D4",
                colour=action.colour,
            )
        colour = self.colours.index(action.colour)
        if self.retired >> colour & 1:
            raise Forbidden(
                N_(
                    "{colour} has retired: every player owns a {colour} palace, so the remaining "
                    "{colour} buildings have left the game"
                ),
                "MD-R37",
                colour=action.colour,
            )
        self._need(seat, colour, N_("you have no {colour} buildings left"), colour=action.colour)
        p = self.incomplete[colour]
        if not p and not self.free_start:
            raise Forbidden(
                N_(
                    "no square is left for a new {colour} palace: every free square has a "
                    "building or stable next to it"
                ),
                "MD-R24",
                colour=action.colour,
            )
        self._square_taken(
            c,
            "MD-R22",
            N_("a building needs an empty city square; {cell} lies on the wall ring"),
        )
        if p:
            if self.exp_owner[c] != p:
                refusals.not_an_expansion(self, c, p, action.colour)
        else:
            i = bisect_left(self.free_start, c)
            if i == len(self.free_start) or self.free_start[i] != c:
                refusals.not_a_start_square(self, c, colour)
            p = self._new_palace(colour)
        self.time += 1
        self._take(seat, colour)
        self.pal_buildings[p] = (*self.pal_buildings[p], c)
        self._add_component(c, p, True)
        if p != self.incomplete[colour] and self.pal_exp[p] and self.pal_owner[p] == UNCLAIMED:
            self.incomplete[colour] = p  # a newly founded palace with room to grow
        self.pieces.append((self.time, BUILDING, c, p))
        self._log("build", seat, c, colour=action.colour, palace=p)

    def _place_roof(self, seat: int, c: int, action: MedinaAction, neutral: bool = False) -> None:
        name = self.board.name(c)
        p = self.cell_pal[c] if self.cellv[c] == BUILDING else 0
        rule = "MD-R53" if neutral else "MD-R26"
        if neutral:
            if self.edition != 2:
                raise Forbidden(N_("neutral roofs exist only in the 2nd edition"), "MD-R53")
            self._need(seat, NEUTRAL_ROOFS, N_("you have no neutral roofs left"))
        else:
            self._need(seat, ROOFS, N_("you have no roofs left"))
        if not self.unclaimed:
            raise Forbidden(N_("every palace on the board already has a roof"), rule)
        if not neutral and not self.roof_targets(seat):
            raise Forbidden(
                N_(
                    "every palace without a roof is of a colour you already own: one palace of "
                    "each colour per player"
                ),
                "MD-R26",
            )
        if not p:
            raise Forbidden(N_("there is no palace at {cell} to put a roof on"), rule, cell=name)
        colour = self.pal_colour[p]
        palace = self.board.name(self.canonical_cell(p))
        if self.pal_owner[p] != UNCLAIMED:
            raise Forbidden(
                N_("the {colour} palace at {palace} already has a roof"),
                rule,
                colour=self.colours[colour],
                palace=palace,
            )
        if not neutral and self.owns[seat] >> colour & 1:
            raise Forbidden(
                N_("you already own a {colour} palace: one palace of each colour per player"),
                "MD-R26",
                colour=self.colours[colour],
            )
        self.time += 1
        self._take(seat, NEUTRAL_ROOFS if neutral else ROOFS)
        owner = NEUTRAL if neutral else seat
        self.pal_owner[p] = owner
        self.pal_roof_time[p] = self.time
        self.pal_grow_time[p] = self.time
        _remove_sorted(self.unclaimed, p)
        if self.incomplete[colour] == p:
            self.incomplete[colour] = 0
        if not neutral:
            self.owns[seat] |= 1 << colour
        # the roof is recorded at the palace's canonical cell, whichever cell was named
        self.pieces.append(
            (self.time, -NEUTRAL_ROOFS if neutral else -ROOFS, self.canonical_cell(p), p)
        )
        self._log("neutral_roof" if neutral else "roof", seat, self.canonical_cell(p), palace=p)
        if self._takes_tiles(p):
            self._palace_tile_on_roof(p)  # MD-R39
            for chain in range(8):  # MD-R43
                if self.pal_chains[p] >> chain & 1:
                    self._give_tower(self.board.chain_tower(chain), p)
        if self.edition == 2 and self.colours[colour] == "purple":
            self._tea_for_roof(seat, neutral)  # MD-R57
        if not neutral:
            self._maybe_retire(colour)  # MD-R36

    def _place_neutral_roof(self, seat: int, c: int, action: MedinaAction) -> None:
        self._place_roof(seat, c, action, neutral=True)

    def _place_stable(self, seat: int, c: int, action: MedinaAction) -> None:
        self._need(seat, STABLES, N_("you have no stables left"))
        if not self.exp_cells:
            raise Forbidden(
                N_(
                    "no stable fits anywhere: no palace has a free square next to one of its "
                    "buildings that is away from every other palace"
                ),
                "MD-R29",
            )
        self._square_taken(
            c,
            "MD-R29",
            N_("a stable needs an empty city square; {cell} lies on the wall ring"),
        )
        p = self.exp_owner[c]
        if not p:
            refusals.no_stable_square(self, c)
        self.time += 1
        self._take(seat, STABLES)
        before = self.pal_chains[p]
        self.pal_stables[p] = (*self.pal_stables[p], c)
        self._add_component(c, p, False)
        self.pieces.append((self.time, STABLE, c, p))
        self._log("stable", seat, c, palace=p)
        if self.pal_owner[p] != UNCLAIMED and self._takes_tiles(p):
            self.pal_grow_time[p] = self.time
            self._palace_tile_on_stable(p)  # MD-R40
            new = self.pal_chains[p] & ~before
            for chain in range(8):  # MD-R45
                if new >> chain & 1:
                    self._give_tower(self.board.chain_tower(chain), p)
        elif self.pal_owner[p] != UNCLAIMED:
            self.pal_grow_time[p] = self.time

    def _place_merchant(self, seat: int, c: int, action: MedinaAction) -> None:
        self._need(seat, MERCHANTS, N_("you have no merchants left"))
        if not self.ext_squares and not self.isolated:
            raise Forbidden(
                N_(
                    "no merchant fits anywhere: the line cannot grow, and every free square has a "
                    "merchant next to it"
                ),
                "MD-R33",
            )
        self._square_taken(
            c,
            "MD-R31",
            N_("a merchant needs an empty city square; {cell} lies on the wall ring"),
        )
        name = self.board.name(c)
        if self.ext_squares:
            if c not in self.ext_squares:
                refusals.not_an_extension(self, c)
        elif self.merch_adj[c]:
            raise Forbidden(
                N_(
                    "the merchant line cannot grow any more, so a new line starts on a square "
                    "with no merchant next to it; {cell} has one"
                ),
                "MD-R33",
                cell=name,
            )
        self.time += 1
        self._take(seat, MERCHANTS)
        self._add_merchant(c)
        self.pieces.append((self.time, MERCHANT, c, 0))
        self._log("merchant", seat, c)

    def _place_wall(self, seat: int, c: int, action: MedinaAction) -> None:
        self._need(seat, WALLS, N_("you have no walls left"))
        if not self.wall_legal:
            raise Forbidden(
                N_("no wall fits anywhere: every side is built up to its open gate"), "MD-R34"
            )
        if c not in self.wall_legal:
            refusals.no_wall_square(self, c)
        self.time += 1
        self._take(seat, WALLS)
        chain = self._add_wall(c)
        self.pieces.append((self.time, WALL, c, chain))
        self._log("wall", seat, c, chain=chain)
        inner = self.board.inward[c]
        p = self.cell_pal[inner]
        if p:
            new = not self.pal_chains[p] >> chain & 1
            self.pal_chains[p] |= 1 << chain
            if new and self.pal_owner[p] != UNCLAIMED and self._takes_tiles(p):
                self._give_tower(self.board.chain_tower(chain), p)  # MD-R44

    def _take(self, seat: int, slot: int) -> None:
        self.supply[seat][slot] -= 1
        self.placed[seat][slot] += 1

    def _start_merchant(self, c: int) -> None:
        board = self.board
        allowed = board.cls[c] == CITY and (
            board.inner[c] or self.options["start_merchant_anywhere"]
        )
        if not allowed:
            raise Forbidden(
                N_(
                    "the start merchant goes on an inner square, one square away from the wall; "
                    "{cell} is not one"
                ),
                "MD-R14",
                cell=board.name(c),
            )
        self.time += 1
        self._add_merchant(c)
        self.pieces.append((self.time, MERCHANT, c, 0))
        self._log("start_merchant", self.active, c)
        self._begin_turn(0)

    def _discard_tea(self, seat: int) -> None:
        """MD-R58: a tea tile instead of the second placement of a quota-2 turn."""
        if self.edition != 2:
            raise Forbidden(N_("tea tiles exist only in the 2nd edition"), "MD-R58")
        if not self.tea[seat]:
            raise Forbidden(N_("you have no tea tile"), "MD-R58")
        if self.quota != 2:
            raise Forbidden(
                N_(
                    "this opening turn has only one piece, and a tea tile only replaces the "
                    "second piece of a turn"
                ),
                "MD-R58",
            )
        if self.turn_placements != 1:
            raise Forbidden(
                N_("place your first piece first: a tea tile only replaces the second piece"),
                "MD-R58",
            )
        if not self._tea_discard_legal(seat, self.has_placement(seat)):
            raise Forbidden(
                N_("a tea tile only replaces a piece you could place, and you can place none"),
                "MD-R58",
            )
        if self._must_roof(seat):
            raise Forbidden(
                N_(
                    "nobody else can place a piece any more, so your second piece must be one "
                    "of your roofs (the option 'last player must roof')"
                ),
                "MD-R59",
            )
        self.tea[seat] -= 1
        self.tea_box += 1
        self.events.append({"type": "discard_tea", "seat": seat})
        self._end_turn()

    # -- effects -------------------------------------------------------------------------
    def _takes_tiles(self, p: int) -> bool:
        return self.pal_owner[p] != NEUTRAL or bool(self.options["neutral_takes_tiles"])

    def size(self, p: int) -> int:
        return len(self.pal_buildings[p]) + len(self.pal_stables[p])

    def _palace_tile_on_roof(self, p: int) -> None:
        colour = self.pal_colour[p]
        holder = self.palace_tile[colour]
        if not holder or self.size(p) > self.size(holder):
            self._give_palace_tile(colour, p)

    def _palace_tile_on_stable(self, p: int) -> None:
        colour = self.pal_colour[p]
        holder = self.palace_tile[colour]
        if holder != p and (not holder or self.size(p) > self.size(holder)):
            self._give_palace_tile(colour, p)

    def _give_palace_tile(self, colour: int, p: int) -> None:
        self.palace_tile[colour] = p
        self.events.append(
            {
                "type": "palace_tile",
                "colour": self.colours[colour],
                "palace": p,
                "owner": self._owner_json(p),
            }
        )

    def _give_tower(self, value: int, p: int) -> None:
        i = value - 1
        first = not self.tower_tile[i]
        if self.tower_tile[i] == p:
            return
        self.tower_tile[i] = p
        self.events.append(
            {"type": "tower_tile", "tower": value, "palace": p, "owner": self._owner_json(p)}
        )
        if first and self.tower_merchants[i]:  # MD-R56
            n = self.tower_merchants[i]
            self.tower_merchants[i] = 0
            owner = self.pal_owner[p]
            if owner >= 0:
                self.supply[owner][MERCHANTS] += n
                self.received[owner] += n
            else:
                self.boxed_merchants += n
            self.events.append(
                {"type": "tower_merchants", "tower": value, "count": n, "to": self._owner_json(p)}
            )

    def _tea_for_roof(self, seat: int, neutral: bool) -> None:
        self.purple_roofs += 1
        n = min(self.tea_pool, self.rules.tea_for_roof(self.purple_roofs))
        self.tea_pool -= n
        if neutral:
            self.tea_box += n
        else:
            self.tea[seat] += n
        self.events.append({"type": "tea", "count": n, "to": "box" if neutral else seat})

    def _maybe_retire(self, colour: int) -> None:
        if all(o >> colour & 1 for o in self.owns):
            self.retired |= 1 << colour
            for seat in range(self.players):
                self.removed[seat][colour] += self.supply[seat][colour]
                self.supply[seat][colour] = 0
            self.events.append({"type": "retire", "colour": self.colours[colour]})

    def _owner_json(self, p: int) -> int | str | None:
        owner = self.pal_owner[p]
        return "neutral" if owner == NEUTRAL else None if owner == UNCLAIMED else owner

    def _log(self, kind: str, seat: int, cell: int, **extra: Any) -> None:
        x, y = self.board.xy(cell)
        self.events.append({"type": kind, "seat": seat, "cell": [x, y], **extra})

    # -- turns ---------------------------------------------------------------------------
    def _after_placement(self, seat: int) -> None:
        if self.turn_placements >= self.quota or not self.has_placement(seat):
            self._end_turn()  # MD-R18

    def _end_turn(self) -> None:
        self.first_turn_done[self.active] = True
        self._begin_turn((self.active + 1) % self.players)

    def _begin_turn(self, seat: int) -> None:
        """MD-R20 end check, then MD-R19 automatic passes, then the turn with its quota."""
        if not any(self.has_placement(s) for s in range(self.players)):
            self.phase = OVER
            self.events.append({"type": "end", "winners": self.winners()})
            return
        while not self.has_placement(seat):
            self.events.append({"type": "pass", "seat": seat})
            seat = (seat + 1) % self.players
        self.active = seat
        self.phase = TURN
        self.turn_placements = 0
        self.quota = 2
        if self.edition == 2 and not self.first_turn_done[seat]:  # MD-R52
            opening = (0,) if self.players == 2 else (0, 1)
            if seat in opening:
                self.quota = 1

    # -- outcome -------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def palace_points(self, p: int) -> dict[str, int]:
        """MD-R60 for one palace: components, walls, merchants, well bonus."""
        board, cellv = self.board, self.cellv
        comps = self.pal_buildings[p] + self.pal_stables[p]
        walls, merchants = set(), set()
        for c in comps:
            for d in board.n4[c]:
                if cellv[d] == WALL:
                    walls.add(d)
                elif cellv[d] == MERCHANT:
                    merchants.add(d)
        well = self.rules.well_bonus * sum(1 for c in comps if c in self.bonus)
        total = len(comps) + len(walls) + len(merchants) + well
        return {
            "components": len(comps),
            "walls": len(walls),
            "merchants": len(merchants),
            "well": well,
            "total": total,
        }

    def breakdown(self) -> list[JSON]:
        """Per seat: points per owned palace, palace tiles, tower tiles, total (MD-R63)."""
        out: list[JSON] = [
            {"palaces": [], "palace_tiles": 0, "tower_tiles": 0, "total": 0}
            for _ in range(self.players)
        ]
        for p in range(1, len(self.pal_colour)):
            owner = self.pal_owner[p]
            if owner >= 0:
                pts = self.palace_points(p)
                x, y = self.board.xy(self.canonical_cell(p))
                out[owner]["palaces"].append(
                    {"palace": p, "colour": self.colours[self.pal_colour[p]], "cell": [x, y], **pts}
                )
                out[owner]["total"] += pts["total"]
        for colour, p in enumerate(self.palace_tile):
            if p and self.pal_owner[p] >= 0:
                value = self.rules.palace_tile_values[self.colours[colour]]
                out[self.pal_owner[p]]["palace_tiles"] += value
                out[self.pal_owner[p]]["total"] += value
        for i, p in enumerate(self.tower_tile):
            if p and self.pal_owner[p] >= 0:
                out[self.pal_owner[p]]["tower_tiles"] += i + 1
                out[self.pal_owner[p]]["total"] += i + 1
        return out

    def scores(self) -> list[float]:
        return [float(b["total"]) for b in self.breakdown()]

    def ranking_keys(self) -> list[tuple[Any, ...]]:
        """MD-R64/R65: score, then largest palace, then its earlier claim."""
        largest = [0] * self.players
        claimed_at = [NEVER_TIME] * self.players
        for p in range(1, len(self.pal_colour)):
            owner = self.pal_owner[p]
            if owner < 0:
                continue
            size = self.size(p)
            if size > largest[owner] or (
                size == largest[owner] and self.pal_roof_time[p] < claimed_at[owner]
            ):
                largest[owner] = size
                claimed_at[owner] = self.pal_roof_time[p]
        scores = self.scores()
        return [(scores[s], largest[s], -claimed_at[s]) for s in range(self.players)]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        keys = self.ranking_keys()
        best = max(keys)
        return [s for s, k in enumerate(keys) if k == best]

    def returns(self) -> list[float]:
        mode = self.options["returns_mode"]
        if mode == "win_loss" or self.phase != OVER:
            return super().returns()
        n = self.players
        if mode == "score":
            scores = self.scores()
            mean = sum(scores) / n
            return [s - mean for s in scores]
        keys = self.ranking_keys()
        order = sorted(range(n), key=lambda s: keys[s], reverse=True)
        out = [0.0] * n
        i = 0
        while i < n:
            j = i
            while j + 1 < n and keys[order[j + 1]] == keys[order[i]]:
                j += 1
            value = 1 - 2 * ((i + j) / 2) / (n - 1)
            for k in range(i, j + 1):
                out[order[k]] = value
            i = j + 1
        return out

    def standard_returns(self) -> bool:
        return bool(self.options["returns_mode"] == "win_loss")

    # -- construction --------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any], rules: Ruleset) -> MedinaState:
        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self._init_empty(players, options, rules)
        board = self.board
        if self.edition == 1:
            self.phase = START  # MD-S1: seat 0 places the start merchant first
            self.active = 0
            return self
        # MD-S2: the well and the start merchant are public chance outcomes
        well = options["well_cell"]
        w = board.cell(*well) if well else self.chance.choice("well", board.inner_cells)
        self._set_well(w)
        start = options["start_merchant_cell"]
        if start:
            m = board.cell(*start)
        else:
            m = self.chance.choice("start merchant", [c for c in board.inner_cells if c != w])
        self._add_merchant(m)
        self.pieces.append((0, MERCHANT, m, 0))
        wx, wy = board.xy(w)
        mx, my = board.xy(m)
        self.events.append({"type": "setup", "well": [wx, wy], "start_merchant": [mx, my]})
        self._begin_turn(0)
        return self

    def clone(self) -> MedinaState:
        other = MedinaState.__new__(MedinaState)
        self._copy_common(other)
        for name in _SHARED:
            setattr(other, name, getattr(self, name))
        other.cellv = self.cellv.copy()
        other.cell_pal = self.cell_pal.copy()
        other.wall_chain = self.wall_chain.copy()
        other.exp_owner = self.exp_owner.copy()
        other.exp_cells = self.exp_cells.copy()
        other.free_start = self.free_start.copy()
        other.merch_adj = self.merch_adj[:]
        other.ext_squares = self.ext_squares.copy()
        other.isolated = self.isolated.copy()
        other.wall_legal = self.wall_legal.copy()
        other.pal_colour = self.pal_colour.copy()
        other.pal_buildings = self.pal_buildings.copy()
        other.pal_stables = self.pal_stables.copy()
        other.pal_owner = self.pal_owner.copy()
        other.pal_roof_time = self.pal_roof_time.copy()
        other.pal_grow_time = self.pal_grow_time.copy()
        other.pal_exp = self.pal_exp.copy()
        other.pal_chains = self.pal_chains.copy()
        other.incomplete = self.incomplete.copy()
        other.unclaimed = self.unclaimed.copy()
        other.palace_tile = self.palace_tile.copy()
        other.tower_tile = self.tower_tile.copy()
        other.tower_merchants = self.tower_merchants.copy()
        other.initial = self.initial  # never mutated after setup
        other.supply = [row.copy() for row in self.supply]
        other.placed = [row.copy() for row in self.placed]
        other.removed = [row.copy() for row in self.removed]
        other.received = self.received.copy()
        other.owns = self.owns.copy()
        other.retired = self.retired
        other.tea_pool = self.tea_pool
        other.tea = self.tea.copy()
        other.tea_box = self.tea_box
        other.boxed_merchants = self.boxed_merchants
        other.purple_roofs = self.purple_roofs
        other.time = self.time
        other.active = self.active
        other.phase = self.phase
        other.quota = self.quota
        other.turn_placements = self.turn_placements
        other.first_turn_done = self.first_turn_done.copy()
        other.pieces = self.pieces.copy()
        other.events = self.events.copy()
        return other

    def resample(self, seat: int | None, rng: random.Random) -> MedinaState:
        """MD-R70: every other seat's hidden supply is recomputed from its public ledger,
        never copied. ``rng`` is not needed: nothing hidden is random after setup."""
        other = self.clone()
        other._moves = None
        for s in range(self.players):
            if s != seat:
                other.supply[s] = self.ledger_supply(s)
        return other

    def ledger_supply(self, seat: int) -> list[int]:
        """MD-R67: supply = initial - placed - removed + received."""
        out = [self.initial[seat][i] - self.placed[seat][i] for i in range(9)]
        for colour in range(4):
            out[colour] -= self.removed[seat][colour]
        out[MERCHANTS] += self.received[seat]
        return out

    # -- information ---------------------------------------------------------------------
    def _xy(self, cell: int) -> list[int]:
        return [cell % self.board.width, cell // self.board.width]

    def _palace_status(self, p: int) -> str:
        if self.pal_owner[p] != UNCLAIMED:
            return "claimed"
        return "incomplete" if self.pal_exp[p] else "closed"

    def view(self, seat: int | None) -> JSON:
        board, xy, colours = self.board, self._xy, self.colours
        open_screens = self.options["open_screens"]
        pieces: list[JSON] = []
        for _, kind, cell, extra in self.pieces:
            if kind == BUILDING:
                pieces.append(
                    {
                        "kind": "building",
                        "cell": xy(cell),
                        "colour": colours[self.pal_colour[extra]],
                        "palace": extra,
                    }
                )
            elif kind == STABLE:
                pieces.append({"kind": "stable", "cell": xy(cell), "palace": extra})
            elif kind == MERCHANT:
                pieces.append({"kind": "merchant", "cell": xy(cell)})
            elif kind == WALL:
                pieces.append({"kind": "wall", "cell": xy(cell), "chain": extra})
        palaces = [
            {
                "id": p,
                "colour": colours[self.pal_colour[p]],
                "owner": self._owner_json(p),
                "status": self._palace_status(p),
                "size": self.size(p),
                "cell": xy(self.canonical_cell(p)),
                "roof_time": self.pal_roof_time[p] or None,
                "buildings": [xy(c) for c in self.pal_buildings[p]],
                "stables": [xy(c) for c in self.pal_stables[p]],
            }
            for p in range(1, len(self.pal_colour))
        ]
        supplies = []
        for s in range(self.players):
            mine = open_screens or s == seat
            row: JSON = {
                "roofs": self.supply[s][ROOFS],
                "neutral_roofs": self.supply[s][NEUTRAL_ROOFS],
                "tea": self.tea[s],
                "owns": [colours[c] for c in range(4) if self.owns[s] >> c & 1],
                "ledger": {
                    "initial": dict(zip(SUPPLY_NAMES, self.initial[s], strict=True)),
                    "placed": dict(zip(SUPPLY_NAMES, self.placed[s], strict=True)),
                    "removed": dict(zip(colours, self.removed[s], strict=True)),
                    "received_merchants": self.received[s],
                },
            }
            if mine:
                row["buildings"] = dict(zip(colours, self.supply[s][:4], strict=True))
                row["stables"] = self.supply[s][STABLES]
                row["merchants"] = self.supply[s][MERCHANTS]
                row["walls"] = self.supply[s][WALLS]
            supplies.append(row)
        merchants = [c for _, kind, c, _ in self.pieces if kind == MERCHANT]
        out: JSON = {
            "game": self.game.id,
            "seat": seat,
            "players": self.players,
            "edition": self.edition,
            "board": {"width": board.width, "height": board.height},
            "phase": self.phase,
            "active": None if self.phase == OVER else self.active,
            "quota": self.quota,
            "placements_this_turn": self.turn_placements,
            "time": self.time,
            "towers": [
                {
                    "tower": board.tower_value[c],
                    "cell": xy(c),
                    "holder": self.tower_tile[board.tower_value[c] - 1] or None,
                    "merchants": self.tower_merchants[board.tower_value[c] - 1],
                }
                for c in board.tower_cells
            ],
            "well": None if self.well < 0 else xy(self.well),
            "bonus_cells": [xy(c) for c in self.bonus],
            "pieces": pieces,
            "palaces": palaces,
            "merchant_line_ends": [xy(m) for m in merchants if self.merch_adj[m] <= 1],
            "wall_chains": [
                {
                    "tower": value,
                    "side": side,
                    "cells": [
                        xy(c) for _, kind, c, ch in self.pieces if kind == WALL and ch == chain
                    ],
                }
                for chain, (value, side) in enumerate(board.chains)
            ],
            "palace_tiles": {colours[c]: self.palace_tile[c] or None for c in range(4)},
            "tower_tiles": {str(v): self.tower_tile[v - 1] or None for v in (1, 2, 3, 4)},
            "retired": [colours[c] for c in range(4) if self.retired >> c & 1],
            "tea_pool": self.tea_pool,
            "supplies": supplies,
            "scores": self.breakdown(),
        }
        if self.phase == OVER:
            out["winners"] = self.winners()
        return out

    def log(self, seat: int | None) -> list[JSON]:
        return list(self.events)  # MD-R69: the log is public

    def conserved(self) -> dict[str, int]:
        n = self.players
        out = {
            name: sum(self.supply[s][i] + self.placed[s][i] for s in range(n))
            for i, name in enumerate(SUPPLY_NAMES)
        }
        for colour in range(4):
            out[SUPPLY_NAMES[colour]] += sum(self.removed[s][colour] for s in range(n))
        out["merchants"] -= sum(self.received)
        out["tower merchants"] = (
            sum(self.tower_merchants) + sum(self.received) + self.boxed_merchants
        )
        out["tea"] = self.tea_pool + sum(self.tea) + self.tea_box
        # every piece on the board is in some seat's ledger (the start merchant in none)
        on_board = {BUILDING: 0, STABLE: 0, MERCHANT: 0, WALL: 0, -ROOFS: 0, -NEUTRAL_ROOFS: 0}
        for _, kind, _, _ in self.pieces:
            on_board[kind] += 1
        if on_board[MERCHANT]:
            on_board[MERCHANT] -= 1  # the start merchant is always the first merchant
        placed = [sum(self.placed[s][i] for s in range(n)) for i in range(9)]
        out["board minus ledger"] = (
            abs(on_board[BUILDING] - sum(placed[:4]))
            + abs(on_board[STABLE] - placed[STABLES])
            + abs(on_board[MERCHANT] - placed[MERCHANTS])
            + abs(on_board[WALL] - placed[WALLS])
            + abs(on_board[-ROOFS] - placed[ROOFS])
            + abs(on_board[-NEUTRAL_ROOFS] - placed[NEUTRAL_ROOFS])
        )
        return out

    # -- persistence ---------------------------------------------------------------------
    def _data_json(self) -> JSON:
        colours = self.colours
        return {
            "well": None if self.well < 0 else self._xy(self.well),
            "pieces": [[t, _KIND_NAMES[k], self._xy(c), x] for t, k, c, x in self.pieces],
            "palaces": [
                {"id": p, "colour": colours[self.pal_colour[p]], "owner": self._owner_json(p)}
                for p in range(1, len(self.pal_colour))
            ],
            "palace_tiles": [self.palace_tile[c] or None for c in range(4)],
            "tower_tiles": [p or None for p in self.tower_tile],
            "tower_merchants": self.tower_merchants,
            "initial": self.initial,
            "supply": self.supply,
            "placed": self.placed,
            "removed": self.removed,
            "received": self.received,
            "tea_pool": self.tea_pool,
            "tea": self.tea,
            "tea_box": self.tea_box,
            "boxed_merchants": self.boxed_merchants,
            "purple_roofs": self.purple_roofs,
            "time": self.time,
            "active": self.active,
            "phase": self.phase,
            "quota": self.quota,
            "turn_placements": self.turn_placements,
            "first_turn_done": self.first_turn_done,
            "events": self.events,
        }

    @classmethod
    def from_data(
        cls, players: int, seed: int, options: dict[str, Any], rules: Ruleset, data: JSON
    ) -> MedinaState:
        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self._init_empty(players, options, rules)
        with state_data_errors("medina state data"):
            _load(self, data)
        return self


_PLACEMENTS = {
    "build": MedinaState._place_building,
    "roof": MedinaState._place_roof,
    "neutral_roof": MedinaState._place_neutral_roof,
    "stable": MedinaState._place_stable,
    "merchant": MedinaState._place_merchant,
    "wall": MedinaState._place_wall,
}
_SHARED = ("rules", "board", "acts", "edition", "colours", "no_build", "well", "bonus")
_KIND_NAMES = {
    BUILDING: "building",
    STABLE: "stable",
    MERCHANT: "merchant",
    WALL: "wall",
    -ROOFS: "roof",
    -NEUTRAL_ROOFS: "neutral_roof",
}
_KIND_CODES = {name: code for code, name in _KIND_NAMES.items()}


def _check_ledger_against_board(self: MedinaState) -> None:
    """MD-R67: the pieces on the board are exactly the pieces the ledgers say were placed."""
    n = self.players
    placed = [sum(self.placed[s][i] for s in range(n)) for i in range(9)]
    buildings = [0, 0, 0, 0]
    for p in range(1, len(self.pal_colour)):
        buildings[self.pal_colour[p]] += len(self.pal_buildings[p])
    for colour in range(4):
        if buildings[colour] != placed[colour]:
            raise _fail(
                f"{buildings[colour]} {self.colours[colour]} buildings on the board, "
                f"but the ledgers placed {placed[colour]}",
                "MD-R67",
            )
    counts = {STABLE: 0, MERCHANT: -1, WALL: 0}
    for _, kind, _, _ in self.pieces:
        if kind in counts:
            counts[kind] += 1
    for kind, slot, name in (
        (STABLE, STABLES, "stables"),
        (MERCHANT, MERCHANTS, "merchants"),
        (WALL, WALLS, "walls"),
    ):
        if max(counts[kind], 0) != placed[slot]:
            raise _fail(
                f"{max(counts[kind], 0)} {name} on the board (start merchant aside), "
                f"but the ledgers placed {placed[slot]}",
                "MD-R67",
            )
    for s in range(n):
        roofs = sum(1 for owner in self.pal_owner[1:] if owner == s)
        if roofs != self.placed[s][ROOFS]:
            raise _fail(
                f"seat {s} owns {roofs} palaces but its ledger placed "
                f"{self.placed[s][ROOFS]} roofs",
                "MD-R67",
            )
    neutral = sum(1 for owner in self.pal_owner[1:] if owner == NEUTRAL)
    if neutral != placed[NEUTRAL_ROOFS]:
        raise _fail(
            f"{neutral} neutral palaces, but the ledgers placed {placed[NEUTRAL_ROOFS]} "
            "neutral roofs",
            "MD-R67",
        )


def _fail(msg: str, rule: str) -> StateFormatError:
    return StateFormatError(f"{msg} ({rule})")


def _seat_rows(value: Any, players: int, width: int, name: str) -> list[list[int]]:
    if (
        not isinstance(value, list)
        or len(value) != players
        or not all(
            isinstance(r, list) and len(r) == width and all(type(v) is int and v >= 0 for v in r)
            for r in value
        )
    ):
        raise StateFormatError(
            f"'{name}' must hold {players} rows of {width} non-negative integers"
        )
    return [list(r) for r in value]


def _load(self: MedinaState, data: JSON) -> None:
    """Rebuild a position by replaying its pieces in time order; every piece must have been
    legal when placed (MD-E25 names the rules a constructed position must keep)."""
    board, colours, n = self.board, self.colours, self.players

    def cell_of(xy: Any) -> int:
        if not (isinstance(xy, list) and len(xy) == 2 and all(type(v) is int for v in xy)):
            raise StateFormatError(f"a cell must be [x, y], not {xy!r}")
        if not board.on_board(*xy):
            raise StateFormatError(f"cell {xy} is off the board")
        return board.cell(*xy)

    palaces = data["palaces"]
    owners: dict[int, int] = {}
    palace_colour: dict[int, int] = {}
    for i, entry in enumerate(palaces, start=1):
        if entry["id"] != i or entry["colour"] not in colours:
            raise StateFormatError(f"palace {i}: ids run 1, 2, ... and colours are {colours}")
        palace_colour[i] = colours.index(entry["colour"])
        owner = entry["owner"]
        owners[i] = NEUTRAL if owner == "neutral" else UNCLAIMED if owner is None else int(owner)
        if owners[i] >= n or owners[i] < NEUTRAL:
            raise StateFormatError(f"palace {i}: bad owner {owner!r}")
    well = data["well"]
    if (well is None) != (self.edition == 1):
        raise _fail("the 2nd edition has a well and the 1st has none", "MD-R50")
    if well is not None:
        w = cell_of(well)
        if not board.inner[w]:
            raise _fail("the well must be on an inner cell", "MD-D8")
        self._set_well(w)
    last_time = -1
    merchants_seen = 0
    for entry in data["pieces"]:
        t, kind_name, xy, extra = entry
        kind = _KIND_CODES.get(kind_name)
        c = cell_of(xy)
        if kind is None or type(t) is not int or t < last_time or (t == last_time and t > 0):
            raise StateFormatError(f"piece {entry!r}: unknown kind or times out of order")
        last_time = t
        name = board.name(c)
        if kind == BUILDING:
            p = extra
            if p == len(self.pal_colour):
                colour = palace_colour.get(p)
                if colour is None:
                    raise StateFormatError(f"piece {entry!r}: palace {p} is not listed")
                if self.incomplete[colour] or c not in self.free_start:
                    raise _fail(f"building at {name} founds a palace illegally", "MD-R24")
                self._new_palace(colour)
            elif (
                not (0 < p < len(self.pal_colour))
                or self.incomplete[self.pal_colour[p]] != p
                or self.exp_owner[c] != p
            ):
                raise _fail(
                    f"building at {name} does not extend the incomplete palace {p}", "MD-R23"
                )
            self.pal_buildings[p] = (*self.pal_buildings[p], c)
            self._add_component(c, p, True)
            colour = self.pal_colour[p]
            if p != self.incomplete[colour] and self.pal_exp[p] and self.pal_owner[p] == UNCLAIMED:
                self.incomplete[colour] = p
        elif kind == STABLE:
            p = extra
            if self.cellv[c] != EMPTY or self.exp_owner[c] != p or not p:
                raise _fail(
                    f"stable at {name} is not on an expansion square of palace {p}", "MD-R29"
                )
            self.pal_stables[p] = (*self.pal_stables[p], c)
            self._add_component(c, p, False)
            if self.pal_owner[p] != UNCLAIMED:
                self.pal_grow_time[p] = t
            extra = p
        elif kind == MERCHANT:
            if board.cls[c] != CITY or self.cellv[c] != EMPTY:
                raise _fail(f"merchant at {name} is not on an empty city cell", "MD-R31")
            if merchants_seen and (
                c not in self.ext_squares if self.ext_squares else self.merch_adj[c]
            ):
                raise _fail(
                    f"merchant at {name} neither extends the line nor restarts it", "MD-R32"
                )
            merchants_seen += 1
            self._add_merchant(c)
            extra = 0
        elif kind == WALL:
            if c not in self.wall_legal:
                raise _fail(f"wall at {name} is not next to exactly one wall or tower", "MD-R34")
            extra = self._add_wall(c)
            inner = board.inward[c]
            if self.cell_pal[inner]:
                self.pal_chains[self.cell_pal[inner]] |= 1 << extra
        else:
            p = extra
            if self.cellv[c] != BUILDING or self.cell_pal[c] != p or self.pal_owner[p] != UNCLAIMED:
                raise _fail(f"roof at {name} is not on an unclaimed palace {p}", "MD-R26")
            owner = owners[p]
            if (owner == NEUTRAL) != (kind == -NEUTRAL_ROOFS) or owner == UNCLAIMED:
                raise StateFormatError(f"palace {p}: its roof and its owner disagree")
            colour = self.pal_colour[p]
            if owner >= 0:
                if self.owns[owner] >> colour & 1:
                    raise _fail(f"seat {owner} would own two {colours[colour]} palaces", "MD-R26")
                self.owns[owner] |= 1 << colour
            self.pal_owner[p] = owner
            self.pal_roof_time[p] = self.pal_grow_time[p] = t
            _remove_sorted(self.unclaimed, p)
            if self.incomplete[colour] == p:
                self.incomplete[colour] = 0
        self.pieces.append((t, kind, c, extra))
    for p in range(1, len(self.pal_colour)):
        if self.pal_owner[p] != owners[p]:
            raise StateFormatError(
                f"palace {p} is listed as owned by {owners[p]} but has no such roof"
            )
    if len(self.pal_colour) != len(palaces) + 1:
        raise StateFormatError("'palaces' lists palaces without buildings")
    for colour in range(4):
        if all(o >> colour & 1 for o in self.owns):
            self.retired |= 1 << colour
    # tiles
    for colour, p in enumerate(data["palace_tiles"]):
        if p is not None:
            if (
                not (0 < p < len(self.pal_colour))
                or self.pal_colour[p] != colour
                or self.pal_owner[p] == UNCLAIMED
            ):
                raise _fail(f"the {colours[colour]} palace tile lies on palace {p}", "MD-R38")
            self.palace_tile[colour] = p
    for i, p in enumerate(data["tower_tiles"]):
        if p is not None:
            if not (0 < p < len(self.pal_colour)) or self.pal_owner[p] == UNCLAIMED:
                raise _fail(
                    f"tower tile {i + 1} lies on palace {p}, which is not claimed", "MD-R42"
                )
            self.tower_tile[i] = p
    self.tower_merchants = [int(v) for v in data["tower_merchants"]]
    self.initial = _seat_rows(data["initial"], n, 9, "initial")
    self.supply = _seat_rows(data["supply"], n, 9, "supply")
    self.placed = _seat_rows(data["placed"], n, 9, "placed")
    self.removed = _seat_rows(data["removed"], n, 4, "removed")
    self.received = [int(v) for v in data["received"]]
    for s in range(n):
        if self.supply[s] != self.ledger_supply(s):
            raise _fail(f"seat {s}'s supply does not match its public ledger", "MD-R67")
    _check_ledger_against_board(self)
    self.tea_pool = int(data["tea_pool"])
    self.tea = [int(v) for v in data["tea"]]
    self.tea_box = int(data["tea_box"])
    self.boxed_merchants = int(data["boxed_merchants"])
    self.purple_roofs = int(data["purple_roofs"])
    self.time = int(data["time"])
    self.active = int(data["active"])
    if not 0 <= self.active < n:
        raise StateFormatError(f"'active' must be a seat 0-{n - 1}")
    self.phase = data["phase"]
    if self.phase not in (START, TURN, OVER):
        raise StateFormatError(f"unknown phase {self.phase!r}")
    self.quota = int(data["quota"])
    self.turn_placements = int(data["turn_placements"])
    done = data["first_turn_done"]
    if not isinstance(done, list) or len(done) != n:
        raise StateFormatError("'first_turn_done' must have one flag per seat")
    self.first_turn_done = [bool(v) for v in done]
    events = data["events"]
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise StateFormatError("'events' must be a list of objects")
    self.events = [dict(e) for e in events]
