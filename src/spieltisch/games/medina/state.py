"""The state of a game of Medina (``../shared/rules/medina.md``), declared once.

Facts are the position as the state document saves it (``document.py`` writes and reads
each); config comes from the options; caches are what the squares of the city allow and
what each palace holds, worked out from the facts on load (``rebuild.py``) and kept up to
date as pieces go down (``city.py``). Whose decision it is: ``decision()``; the rules of
each decision are the phases ``start_merchant.py`` (MD-R14) and ``turn.py`` (MD-R13 to
MD-R21), which leave each piece to its module (``buildings.py``, ``roofs.py``,
``stables.py``, ``merchants.py``, ``walls.py``, ``tea.py``, ``tiles.py``)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from ...engine.action import Action
from ...engine.decision import Decision, Phase
from ...engine.fields import LIST, LISTS, cache, config, fact
from ...engine.game import JSON, State
from . import (
    buildings,
    city,
    ledger,
    merchants,
    notation_write,
    rebuild,
    roofs,
    scoring,
    turn,
    view,
)
from . import document as doc
from .actions import ActionTable, action_table
from .board import Board, make_board
from .cells import (
    MERCHANT,
    MERCHANTS,
    NEUTRAL_ROOFS,
    NEVER_TIME,
    OVER,
    ROOFS,
    STABLES,
    START,
    SUPPLY_NAMES,
    TURN,
    WALLS,
)
from .data import CORNERS, Ruleset, ruleset_of
from .start_merchant import StartMerchant
from .turn import Turn

__all__ = [
    "MERCHANTS",
    "NEUTRAL_ROOFS",
    "NEVER_TIME",
    "OVER",
    "ROOFS",
    "STABLES",
    "START",
    "SUPPLY_NAMES",
    "TURN",
    "WALLS",
    "MedinaState",
    "Piece",
]

# a piece on the board: (time placed, kind, cell, palace; a wall's chain; 0 for merchants)
Piece = tuple[int, int, int, int]


class MedinaState(State):
    """A position of Medina. Cells are integers ``y * width + x`` (``board.py``)."""

    # -- facts: the position, saved under these keys (``document.py``) --------------------
    well: int = fact(
        save=doc.cell_json, load=doc.read_optional_cell, doc="the well's cell; -1 in the 1st ed."
    )
    pieces: list[Piece] = fact(
        LIST, save=doc.pieces_json, load=doc.read_pieces, doc="every piece in placement order"
    )
    palaces: list[tuple[int, int]] = fact(
        LIST,
        save=doc.palaces_json,
        load=doc.read_palaces,
        doc="per palace id 1, 2, ...: (colour index, owner: seat, UNCLAIMED or NEUTRAL)",
    )
    palace_tile: list[int] = fact(
        LIST,
        key="palace_tiles",
        save=doc.holders_json,
        load=doc.read_holders,
        doc="per colour: the palace holding its palace tile, 0 if unheld (MD-R38)",
    )
    tower_tile: list[int] = fact(
        LIST,
        key="tower_tiles",
        save=doc.holders_json,
        load=doc.read_holders,
        doc="per tower value 1-4 (index value-1): the palace holding its tile (MD-R42)",
    )
    tower_merchants: list[int] = fact(
        LIST, load=doc.read_four, doc="per tower value: merchants still on its tile (MD-R56)"
    )
    initial: list[list[int]] = fact(
        load=doc.read_supply_rows, doc="per seat, per slot: the supply at setup (shared)"
    )
    supply: list[list[int]] = fact(
        LISTS, load=doc.read_supply_rows, doc="per seat, per slot (SUPPLY_NAMES)"
    )
    placed: list[list[int]] = fact(
        LISTS, load=doc.read_supply_rows, doc="per seat, per slot: pieces placed (MD-R67)"
    )
    removed: list[list[int]] = fact(
        LISTS, load=doc.read_removed, doc="per seat, per colour: buildings retired (MD-R36)"
    )
    received: list[int] = fact(
        LIST, load=doc.read_per_seat, doc="per seat: merchants from tower tiles (MD-R56)"
    )
    tea_pool: int = fact(load=doc.read_count, doc="tea tiles left in the pool (MD-R57)")
    tea: list[int] = fact(LIST, load=doc.read_per_seat, doc="tea tiles per seat (MD-R57)")
    tea_box: int = fact(load=doc.read_count, doc="tea tiles discarded or boxed (MD-R58)")
    boxed_merchants: int = fact(
        load=doc.read_count, doc="tower merchants boxed by a neutral holder (MD-R56)"
    )
    purple_roofs: int = fact(load=doc.read_count, doc="roofs on purple palaces (MD-R57)")
    time: int = fact(load=doc.read_count, doc="the placement counter (§4.0)")
    active: int = fact(load=doc.read_active, doc="the seat to place (the last one, when over)")
    phase: str = fact(load=doc.read_phase, doc="start_merchant, turn or over")
    quota: int = fact(load=doc.read_count, doc="pieces of this turn (MD-R15, MD-R52)")
    turn_placements: int = fact(load=doc.read_count, doc="pieces placed in this turn")
    first_turn_done: list[bool] = fact(
        LIST, load=doc.read_flags, doc="per seat: it has had its first turn (MD-R52)"
    )
    events: list[JSON] = fact(LIST, load=doc.read_events, doc="the public log (MD-R69)")

    # -- config: from the options -----------------------------------------------------------
    rules: Ruleset = config(doc="every printed number (MD-D9)")
    edition: int = config(doc="1 or 2")
    colours: tuple[str, ...] = config(doc="the four building colours (MD-D4)")
    board: Board = config(doc="cells, neighbours, towers and chains (MD-D1 to MD-D3)")
    acts: ActionTable = config(doc="the interned actions of this board")

    # -- caches: worked out from the facts (``rebuild.py``), kept up to date (``city.py``) --
    no_build: frozenset[int] = cache(doc="the well and its zone (MD-R50)")
    bonus: tuple[int, ...] = cache(doc="the well's bonus cells (MD-D8)")
    cellv: list[int] = cache(LIST, doc="content per cell (cells.py)")
    cell_pal: list[int] = cache(LIST, doc="palace id of a building or stable, else 0")
    wall_chain: list[int] = cache(LIST, doc="chain id of a wall, else -1")
    exp_owner: list[int] = cache(LIST, doc="the palace whose expansion square it is (MD-R7)")
    exp_cells: list[int] = cache(LIST, doc="every expansion square, ascending")
    free_start: list[int] = cache(LIST, doc="free start squares (MD-R9), ascending")
    merch_adj: bytearray = cache(LIST, doc="merchants next to each cell (MD-R10)")
    ext_squares: set[int] = cache(LIST, doc="the merchant line's extension squares")
    isolated: list[int] = cache(LIST, doc="squares with no merchant next to them, ascending")
    wall_legal: set[int] = cache(LIST, doc="wall cells next to one wall or tower (MD-R34)")
    pal_colour: list[int] = cache(LIST, doc="per palace id (0 unused): its colour")
    pal_owner: list[int] = cache(LIST, doc="per palace id: a seat, UNCLAIMED or NEUTRAL")
    pal_buildings: list[tuple[int, ...]] = cache(LIST, doc="per palace id: its buildings")
    pal_stables: list[tuple[int, ...]] = cache(LIST, doc="per palace id: its stables")
    pal_roof_time: list[int] = cache(LIST, doc="per palace id: its roof's time, 0 if none")
    pal_exp: list[int] = cache(LIST, doc="per palace id: its expansion squares")
    pal_chains: list[int] = cache(LIST, doc="per palace id: touched wall chains (MD-R12)")
    incomplete: list[int] = cache(LIST, doc="per colour: its incomplete palace or 0 (MD-R8)")
    unclaimed: list[int] = cache(LIST, doc="unclaimed palaces, ascending")
    owns: list[int] = cache(LIST, doc="per seat: bit mask of the colours it owns (MD-R6)")
    retired: int = cache(doc="bit mask of the retired colours (MD-R36)")
    decided: Decision | None = cache(doc="whose decision it is now (turn.decide)")

    phases: ClassVar[dict[str, Phase]] = {START: StartMerchant(), TURN: Turn()}

    if TYPE_CHECKING:  # generated from the declarations (``engine.fields``)

        def clone(self) -> MedinaState: ...

    # -- creation and loading -----------------------------------------------------------
    def configure(self) -> None:
        self.rules = rules = ruleset_of(self.options)
        self.edition = int(self.options["edition"])
        small = self.edition == 2 and self.players == 2
        w, h = rules.boards["small" if small else "standard"]
        self.board = make_board(w, h, tuple(rules.tower_values[c] for c in CORNERS))
        self.colours = rules.colours[self.edition]
        self.acts = action_table(w, h, self.colours)

    def rebuild_caches(self) -> None:
        rebuild.rebuild(self)

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> MedinaState:
        """MD-S1, MD-S2: the board with its towers, the supplies, and in the 2nd edition
        the well and the start merchant drawn by chance (events ``well``, ``start
        merchant``)."""
        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self.configure()
        self._set_up_facts()
        rebuild.empty_caches(self)
        if self.edition == 1:
            turn.decide(self)  # seat 0 places the start merchant first (MD-S1)
            return self
        board = self.board
        cell = options["well_cell"]
        well = board.cell(*cell) if cell else self.chance.choice("well", board.inner_cells)
        city.set_well(self, well)
        cell = options["start_merchant_cell"]
        inner = [c for c in board.inner_cells if c != well]
        m = board.cell(*cell) if cell else self.chance.choice("start merchant", inner)
        city.add_merchant(self, m)
        self.pieces.append((0, MERCHANT, m, 0))
        self.events.append({"type": "setup", "well": self.xy(well), "start_merchant": self.xy(m)})
        turn.begin_turn(self, 0)
        return self

    def _set_up_facts(self) -> None:
        n, rules = self.players, self.rules
        self.well = -1
        self.pieces = []
        self.palaces = []
        self.palace_tile = [0, 0, 0, 0]
        self.tower_tile = [0, 0, 0, 0]
        second = self.edition == 2
        self.tower_merchants = [rules.tower_merchants[v] if second else 0 for v in (1, 2, 3, 4)]
        initial = self.initial_supply()
        self.initial = [list(initial) for _ in range(n)]
        self.supply = [list(initial) for _ in range(n)]
        self.placed = [[0] * 9 for _ in range(n)]
        self.removed = [[0] * 4 for _ in range(n)]
        self.received = [0] * n
        self.tea_pool = rules.tea_tiles if second else 0
        self.tea = [0] * n
        self.tea_box = self.boxed_merchants = self.purple_roofs = self.time = 0
        self.active = 0
        self.phase = START if self.edition == 1 else TURN
        self.quota = 2
        self.turn_placements = 0
        self.first_turn_done = [False] * n
        self.events = []

    def initial_supply(self) -> list[int]:
        """MD-D5, MD-D6: one seat's pieces at setup, per slot."""
        return self.rules.initial_supply(self.edition, self.players)

    def normalize(self) -> None:
        """What the rules do without a choice, on a position read from a document or
        written by hand: a turn whose seat can place no more ends (MD-R18), seats that
        cannot place pass (MD-R19), and the game ends when nobody can (MD-R20)."""
        if self.phase != TURN or self.has_placement(self.active):
            return
        if self.turn_placements:
            turn.end_turn(self)
        else:
            turn.begin_turn(self, self.active)

    # -- the turn ---------------------------------------------------------------------------
    def decision(self) -> Decision | None:
        return self.decided

    def actors(self) -> tuple[int, ...]:
        decided = self.decided
        return () if decided is None else decided.actors

    def _apply(self, seat: int, action: Action) -> None:
        """The kernel's ``_apply`` without looking the decision up again (a fast path:
        every step of a game passes here)."""
        phase = self.phases[self.decided.kind]  # type: ignore[union-attr]  # not over
        reason = phase.explain(self, seat, action)
        if reason is not None:
            raise reason
        phase.apply(self, seat, action)

    def take(self, seat: int, slot: int) -> None:
        """A piece leaves ``seat``'s supply for the board (MD-R16, MD-R67)."""
        self.supply[seat][slot] -= 1
        self.placed[seat][slot] += 1

    def note(self, kind: str, seat: int, cell: int, **extra: Any) -> None:
        """Log a placement (MD-R69)."""
        self.events.append({"type": kind, "seat": seat, "cell": self.xy(cell), **extra})

    def turn_rule(self) -> str | None:
        return turn.DECISION_RULES.get(self.phase)

    # -- where pieces may go ----------------------------------------------------------------
    def building_cells(self, colour: int) -> list[int]:
        """Where a building of ``colour`` may go (MD-R22 to MD-R24), ascending."""
        return buildings.cells(self, colour)

    def roof_targets(self, seat: int) -> list[int]:
        """Unclaimed palaces of colours ``seat`` does not own (MD-R26)."""
        return roofs.targets(self, seat)

    def merchant_cells(self) -> list[int]:
        """MD-R32, MD-R33: extension squares, else isolated squares."""
        return merchants.cells(self)

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
        if s[ROOFS] and roofs.targets(self, seat):
            return True
        if s[NEUTRAL_ROOFS] and self.unclaimed:
            return True
        if s[STABLES] and self.exp_cells:
            return True
        if s[MERCHANTS] and (self.ext_squares or self.isolated):
            return True
        return bool(s[WALLS] and self.wall_legal)

    # -- palaces and cells ------------------------------------------------------------------
    def xy(self, cell: int) -> list[int]:
        """A cell as the players read it, ``[x, y]``."""
        width = self.board.width
        return [cell % width, cell // width]

    def canonical_cell(self, p: int) -> int:
        """A palace's row-major smallest building, where its roof is named (MD-R21)."""
        return min(self.pal_buildings[p])

    def size(self, p: int) -> int:
        """MD-R5: a palace's buildings and stables."""
        return len(self.pal_buildings[p]) + len(self.pal_stables[p])

    def ledger_supply(self, seat: int) -> list[int]:
        """MD-R67: supply = initial - placed - removed + received."""
        return ledger.supply_of(self, seat)

    # -- outcome ----------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def palace_points(self, p: int) -> dict[str, int]:
        """MD-R60 for one palace: components, walls, merchants, well bonus."""
        return scoring.palace_points(self, p)

    def breakdown(self) -> list[JSON]:
        """Per seat: points per owned palace, palace tiles, tower tiles, total (MD-R63)."""
        return scoring.breakdown(self)

    def scores(self) -> list[float]:
        return [float(b["total"]) for b in self.breakdown()]

    def ranking_keys(self) -> list[tuple[Any, ...]]:
        """MD-R64/R65: score, then largest palace, then its earlier claim."""
        return scoring.ranking_keys(self)

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        keys = self.ranking_keys()
        best = max(keys)
        return [s for s, k in enumerate(keys) if k == best]

    def returns(self) -> list[float]:
        """MD-R66 by the option ``returns_mode``."""
        mode = self.options["returns_mode"]
        if mode == "win_loss" or self.phase != OVER:
            return super().returns()
        if mode == "score":
            return scoring.score_returns(self.scores())
        return scoring.rank_returns(self.ranking_keys())

    def standard_returns(self) -> bool:
        return bool(self.options["returns_mode"] == "win_loss")

    # -- information ------------------------------------------------------------------------
    def view(self, seat: int | None) -> JSON:
        return view.view(self, seat)

    def log(self, seat: int | None) -> list[JSON]:
        return list(self.events)  # MD-R69: the log is public

    def resample(self, seat: int | None, rng: random.Random) -> MedinaState:
        """MD-R70: every other seat's hidden supply is recomputed from its public ledger,
        never copied. ``rng`` is not needed: nothing hidden is random after setup."""
        other = self.clone()
        other._moves = None
        for s in range(self.players):
            if s != seat:
                other.supply[s] = self.ledger_supply(s)
        return other

    def conserved(self) -> dict[str, int]:
        return ledger.conserved(self)

    def to_position(self) -> str:
        """The position in the Medina notation (``notation_write.py``,
        ``docs/positions/medina.md``)."""
        return notation_write.format_position(self)
