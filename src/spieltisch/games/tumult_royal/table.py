"""Tumult Royal's table: every fact of a position declared once (``engine.fields``), the
small questions the rules ask of it, whose decision it is, and the outcome.

The rules of each phase live in modules named after it (``start``, ``mood``, ``grab``,
``tumult``, ``build``, ``crown``); they change a ``Table`` and sit above this module.
``state.TumultState`` is the table with its phases, views and positions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from ...engine.decision import Decision
from ...engine.fields import LIST, LISTS, cache, config, fact
from ...engine.game import JSON, State
from .actions import WAIT, Face, TumultAction, action_from_json
from .data import Ruleset, Tile, game_tiles, ruleset_for
from .landscape import Landscape, make_landscape

POOL, ASIDE = -1, -2  # tile locations besides a seat (held)
START, GRAB, BUILD, OVER = "setup_start_statues", "grab", "build", "game_over"
PHASES = (START, GRAB, BUILD, OVER)
# TR-R21: who gets the consolation for a build turn without a statue
COULD_NOT, BUILT_NOTHING = "could_not", "built_nothing"
CONSOLATIONS = (COULD_NOT, BUILT_NOTHING)  # the default (the seed's reading) first
# how a game ended (TR-V1 to TR-V3)
ENDINGS = ("25th statue", "threshold", "round limit")
# the rule that says who decides in each phase (TR-S7, TR-G6, TR-R15)
TURN_RULES = {START: "TR-S7", GRAB: "TR-G6", BUILD: "TR-R15"}


def _rows(pairs: list[tuple[int, ...]]) -> list[list[int]]:
    return [list(p) for p in pairs]


def _board(rows: list[list[int]], state: Any) -> list[tuple[int, int, int]]:
    return [(f, seat, n) for f, seat, n in rows]


def _chronicle(rows: list[list[int]], state: Any) -> list[tuple[int, int]]:
    return [(king, n) for king, n in rows]


def _pending_json(pending: dict[int, TumultAction]) -> JSON:
    return {str(s): pending[s].to_json() for s in sorted(pending)}


def _pending(obj: JSON, state: Any) -> dict[int, TumultAction]:
    return {int(s): action_from_json(a) for s, a in sorted(obj.items(), key=lambda i: int(i[0]))}


def _dicts(events: list[JSON], state: Any) -> list[JSON]:
    return [dict(e) for e in events]


class Table(State):
    """A position of Tumult Royal. Fields by index: a *field* is ``r * width + c`` of the
    landscape grid (TR-D8), a *tile* an index into the game set ``tiles`` (TR-S3), a *slot*
    a place of the grab (TR-G3), a *tile position* ``tr * columns + tc`` (reading order)."""

    rules: Ruleset = config(doc="every printed number (option ruleset_data, TR-D13)")
    land: Landscape = config(doc="the geometry of the landscape for this player count (TR-D8)")
    tiles: tuple[Tile, ...] = config(doc="the game set of goods tiles, by tile index (TR-S3)")
    faces: tuple[Face, ...] = config(doc="(good, value) of every tile, by tile index (TR-D1)")

    designs: list[str] = fact(
        LIST, doc="landscape design per tile position (reading order), then the unused ones"
    )
    face_up: list[bool] = fact(LIST, doc="per tile position: face up (TR-D8, TR-R27)")
    board: list[tuple[int, int, int]] = fact(
        LIST, save=_rows, load=_board, doc="(field, seat, statues) per field with statues"
    )
    followers: list[int] = fact(LIST, doc="followers per seat (TR-D2)")
    reserve: list[int] = fact(LIST, doc="statues not yet placed, per seat (TR-D3)")
    chronicle: list[tuple[int, int]] = fact(
        LIST, save=_rows, load=_chronicle, doc="per finished phase 5: (King, statues) (TR-R25)"
    )
    rank: list[int] = fact(LIST, doc="the seats in rank order, King first (TR-D4, TR-R23)")
    grace: list[bool] = fact(LIST, doc="per seat: its grace card shows grace (TR-R28)")
    loc: list[int] = fact(LIST, doc="per tile: POOL (-1), ASIDE (-2) or the seat holding it")
    carried: list[bool] = fact(LIST, doc="per tile: held face up from an earlier round (TR-R29)")
    aside: list[int] = fact(LIST, doc="the tiles set aside this round, ascending (TR-G2)")
    slot_tile: list[int] = fact(LIST, doc="per slot: its tile (TR-G3)")
    slot_holder: list[int] = fact(LIST, doc="per slot: the seat holding it in hand, or -1")
    slot_taker: list[int] = fact(LIST, doc="per slot: the seat that kept its tile, or -1")
    hand: list[int] = fact(LIST, doc="per seat: the slot in its hand, or -1 (TR-G5)")
    done: list[bool] = fact(LIST, doc="per seat: done grabbing this round (TR-G5)")
    memory: list[list[int]] = fact(
        LISTS, doc="per seat: the slots it has held this round, ascending (TR-G12)"
    )
    tick: int = fact(doc="completed grab ticks (TR-G1)")
    pending: dict[int, TumultAction] = fact(
        LIST, save=_pending_json, load=_pending, doc="this tick's choices so far (TR-G6)"
    )
    tick_seats: list[int] = fact(
        LIST, key="waiting", doc="the seats choosing in this tick: not done at its start"
    )
    last_tick: list[JSON] = fact(
        load=_dicts, doc="the resolved choices of the last tick (TR-G11); replaced, not changed"
    )
    revealed: bool = fact(doc="phase 3 turned every kept and pool tile face up (TR-R7)")
    round: int = fact(doc="the round, 1 to max_rounds; 0 while the start statues are placed")
    phase: str = fact(doc="setup_start_statues, grab, build or game_over")
    demand: list[int] = fact(LIST, doc="per good, the demand spun; 0 = not spun (TR-R4, TR-R8)")
    turn: int = fact(doc="index of the seat to act in the start order or the rank order")
    built: bool = fact(doc="the seat to build has built this turn (TR-R21)")
    winner: int = fact(doc="the seat that placed its last statue (TR-V1), or -1")
    end_reason: str = fact(doc="how the game ended: '' or one of ENDINGS")
    events: list[JSON] = fact(LIST, load=_dicts, doc="the log, oldest first (all public, TR-H7)")

    codes: list[str] = cache(doc="terrain code per field, '' when face down; replaced")
    owner: list[int] = cache(LIST, doc="per field: the seat whose statues stand there, or -1")
    statues: list[int] = cache(LIST, doc="per field: the number of statues on it")
    _decision: Decision | None = cache(doc="whose decision it is (``decide``)")

    if TYPE_CHECKING:  # made by engine.fields with the class; stated here for mypy

        def clone(self) -> Self: ...

        def _data_json(self) -> JSON: ...

    def configure(self) -> None:
        rules = ruleset_for(self.options["ruleset_data"])
        self.rules = rules
        self.land = make_landscape(self.players, rules)
        self.tiles = game_tiles(rules, self.players)
        self.faces = tuple((rules.goods[t.good], t.value) for t in self.tiles)

    def rebuild_caches(self) -> None:
        self.update_codes()
        size = self.land.size
        self.owner = [-1] * size
        self.statues = [0] * size
        for f, seat, n in self.board:
            self.owner[f], self.statues[f] = seat, n
        self.decide()

    def empty(self) -> None:
        """The facts of a table before setup (TR-S2, TR-S3): nothing placed, every tile
        in the pool, ranks in seat order, every tile position face up."""
        players, rules = self.players, self.rules
        ntiles = len(self.tiles)
        self.designs = list(rules.landscape_tiles)
        self.face_up = [True] * len(self.land.positions)
        self.board = []
        self.followers = [rules.followers_start[players]] * players
        self.reserve = [rules.statues_per_player] * players
        self.chronicle = []
        self.rank = list(range(players))
        self.grace = [False] * players
        self.loc = [POOL] * ntiles
        self.carried = [False] * ntiles
        self.aside = []
        self.slot_tile, self.slot_holder, self.slot_taker = [], [], []
        self.hand = [-1] * players
        self.done = [True] * players
        self.memory = [[] for _ in range(players)]
        self.tick = 0
        self.pending = {}
        self.tick_seats = []
        self.last_tick = []
        self.revealed = False
        self.round = 0
        self.phase = START
        self.demand = [0, 0, 0]
        self.turn = 0
        self.built = False
        self.winner = -1
        self.end_reason = ""
        self.events = []
        self.rebuild_caches()

    # -- whose decision ----------------------------------------------------------------
    def decide(self) -> None:
        """Work out the decision after the facts changed (TR-S7, TR-G6, TR-R15)."""
        phase = self.phase
        if phase == GRAB:
            pending = self.pending
            actors = tuple(s for s in self.tick_seats if s not in pending)
        elif phase == START:
            order = self.start_order()
            actors = (order[self.turn],) if self.turn < len(order) else ()
        elif phase == BUILD:
            actors = (self.rank[self.turn],) if self.turn < self.players else ()
        else:
            self._decision = None
            return
        self._decision = Decision(phase, actors, TURN_RULES[phase])

    def decision(self) -> Decision | None:
        return self._decision

    def actor(self) -> int:
        """The seat to act in a sequential phase (start statues, build), else -1."""
        decision = self._decision
        if decision is None or decision.kind == GRAB or not decision.actors:
            return -1
        return decision.actors[0]

    def realtime_step(self) -> tuple[str, int] | None:
        """The grab ticks run in real time at a live table (TR-G14): ``tick_ms`` each."""
        if self.phase != GRAB:
            return None
        return f"round {self.round} tick {self.tick}", int(self.options["tick_ms"])

    def idle_action(self, seat: int) -> TumultAction | None:
        """A seat that gives no input in a tick waits (TR-G14)."""
        return WAIT if self.phase == GRAB and seat in self.actors() else None

    # -- small queries -------------------------------------------------------------------
    def start_order(self) -> list[int]:
        """TR-S7: the lowest rank places first, the King last."""
        return self.rank[::-1]

    def placed(self, seat: int) -> int:
        """Statues placed on the landscape and the chronicle (TR-V4)."""
        return self.rules.statues_per_player - self.reserve[seat]

    def terrain(self, field: int) -> str:
        """The terrain code of a field, or '' on a face-down tile."""
        return self.codes[field]

    def update_codes(self) -> None:
        """Recompute the terrain of every field after the landscape or the fog changed."""
        land, tiles = self.land, self.rules.landscape_tiles
        codes = []
        for f in range(land.size):
            tr, tc = land.pos[f]
            i = tr * land.columns + tc
            if self.face_up[i]:
                lr, lc = land.loc[f]
                codes.append(tiles[self.designs[i]][lr][lc])
            else:
                codes.append("")
        self.codes = codes

    def holdings(self, seat: int) -> list[int]:
        """The tiles ``seat`` holds, by tile index."""
        return [t for t, where in enumerate(self.loc) if where == seat]

    def knows(self, seat: int | None, s: int) -> bool:
        """Whether ``seat`` may see the face of slot ``s`` (TR-G12, TR-R7)."""
        return self.revealed or (seat is not None and s in self.memory[seat])

    def put_statues(self, seat: int, field: int, n: int) -> None:
        """``n`` statues of ``seat`` from its reserve onto a free field (TR-S7, TR-R20)."""
        self.owner[field] = seat
        self.statues[field] = n
        self.reserve[seat] -= n
        board = self.board
        i = len(board)
        while i and board[i - 1][0] > field:  # keep the board in field order
            i -= 1
        board.insert(i, (field, seat, n))

    def finish(self, winner: int, reason: str) -> None:
        """The game ends at once (TR-V1 to TR-V3)."""
        self.winner = winner
        self.end_reason = reason
        self.phase = OVER
        self.pending = {}
        self.tick_seats = []
        self.events.append({"type": "end", "reason": reason, "winners": self.winners()})
        self.decide()

    # -- outcome -------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(self.placed(s)) for s in range(self.players)]

    def ranking_keys(self) -> list[tuple[Any, ...]]:
        """TR-V4, TR-V5: instant winner first, then placed, followers, better rank."""
        position = {seat: i for i, seat in enumerate(self.rank)}
        return [
            (1 if s == self.winner else 0, self.placed(s), self.followers[s], -position[s])
            for s in range(self.players)
        ]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        keys = self.ranking_keys()
        best = max(keys)
        return [s for s, k in enumerate(keys) if k == best]

    def ending(self) -> str | None:
        """``threshold``, ``round limit`` or ``25th statue``: which end check fired."""
        return self.end_reason or None
