"""A position of Im Zeichen des Kreuzes: every fact declared once (``engine.fields``), the
decision pending now and the phase whose rules govern it (``engine.decision``), and the
few steps every phase shares (a card played, a cube thrown, where play goes on after a
fight).

The rules of each decision live in the modules named after the game's phases:
``card_phase`` (with ``events`` and ``neutral_units``), ``city_phase``, ``combat`` and
``fight_windows``, ``jerusalem``, ``discard_phase`` and ``draw_phase``. They sit below this
module: they act on a state through its methods and name the class only for type checks,
so each module imports only what lies below it. Everything that needs no decision (draws,
immediate events, the end of a turn, skipped windows) runs at once."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ...engine.decision import Decision
from ...engine.fields import CLONE, LIST, VALUE, cache, config, fact
from ...engine.game import JSON, State
from ...engine.simultaneous import SimultaneousChoices
from . import automatic, consistency, discard_phase, hidden, position
from . import document as doc
from .actions import ZkAction
from .card_phase import CardPhase, SecondStep, offer_second_step
from .city_phase import CityPhase
from .components import Components
from .constants import (
    CARDS,
    DECISION_TABLE,
    JERUSALEM_MOTIVATION,
    MOTIVATION_MAX,
    OVER,
    SIEGE_ARMY,
    jerusalem_tiles,
    plunder_limit,
)
from .edition import components_for
from .ending import exhaustion_keys
from .eventlog import EventLog, load_log, save_log
from .fight import Fight
from .fight_windows import Commitment, EmptyingWindow, Retreat, TruceWindow
from .jerusalem import ContinueSiege, GarrisonCommitment, SiegeAttack
from .neutral_units import SymbolMove, next_unit_fight, offer_symbol_move
from .phase import ZkPhase
from .tower import Tower
from .view import state_view


class ZkState(State):
    """The position: the seats' tableaus, pawns and hands, the cities, neutral units,
    garrison, deck and tower, the fight being resolved and the decision pending."""

    comp: Components = config(doc="the edition in play: map, knights, tiles, cards (ZK-O11)")
    knights: list[str] = fact(VALUE, load=doc.knights, doc="each seat's knight, by id (ZK-S2)")
    start_player: int = fact(load=doc.integer("start_player"), doc="who began (ZK-S3)")
    active: int = fact(load=doc.integer("active"), doc="the seat whose turn it is (ZK-R1)")
    turn: int = fact(load=doc.integer("turn"), doc="turns begun, every seat's (ZK-R12)")
    decision_kind: str = fact(
        key="decision", load=doc.text("decision"), doc="the pending decision, or 'over'"
    )
    decider: int = fact(load=doc.integer("decider"), doc="who decides now; -1 when over")
    army: list[int] = fact(LIST, load=doc.per_seat("army"), doc="troops per seat (ZK-R2)")
    supply: list[int] = fact(LIST, load=doc.per_seat("supply"), doc="own supply (ZK-R2)")
    treasure: list[int] = fact(LIST, load=doc.per_seat("treasure"), doc="treasure (ZK-R4)")
    motivation: list[int] = fact(LIST, load=doc.per_seat("motivation"), doc="0..20 (ZK-R5)")
    markers: list[int] = fact(LIST, load=doc.per_seat("markers"), doc="purple markers (ZK-T5)")
    pawn: list[int] = fact(LIST, load=doc.per_seat("pawn"), doc="each pawn's cell (ZK-R9)")
    origin: list[int] = fact(
        LIST, load=doc.per_seat("origin"), doc="each pawn's step origin, -1: none (ZK-R10)"
    )
    # hands and held tiles are replaced, never changed in place: a clone shares the lists
    hands: list[list[int]] = fact(
        LIST, save=doc.save_hands, load=doc.hands, doc="each seat's cards, ids ascending"
    )
    green_tiles: list[list[int]] = fact(
        LIST, load=doc.seat_lists("green_tiles"), doc="values of the Muslim cities plundered"
    )
    red_tiles: list[list[int]] = fact(
        LIST, load=doc.seat_lists("red_tiles"), doc="values of the Christian cities plundered"
    )
    tile: list[int] = fact(
        LIST, load=doc.per_city("tile"), doc="per city, its tile's value; -1: none (ZK-S6)"
    )
    plundered_by: list[int] = fact(
        LIST, load=doc.per_city("plundered_by"), doc="per city, its plunderer; -1: none"
    )
    units: list[int] = fact(
        LIST, load=doc.per_unit("units"), doc="per neutral unit, its cell; -1: removed"
    )
    garrison: int = fact(load=doc.integer("garrison"), doc="green cubes on Jerusalem (ZK-S7)")
    sieges: int = fact(load=doc.integer("sieges"), doc="sieges declared so far (ZK-J2)")
    siege_round: int = fact(load=doc.integer("siege_round"), doc="round of the siege; 0: none")
    exhaustions: int = fact(load=doc.integer("exhaustions"), doc="deck exhaustions (ZK-R36)")
    draw_pile: list[int] = fact(
        LIST, save=doc.save_cards, load=doc.cards("draw_pile"), doc="card ids, top last (ZK-S8)"
    )
    discard: list[int] = fact(
        LIST, save=doc.save_cards, load=doc.cards("discard"), doc="the discard pile (ZK-R37)"
    )
    set_aside: list[int] = fact(
        VALUE, save=doc.save_cards, load=doc.cards("set_aside"), doc="set aside at the deal"
    )
    tower: Tower = fact(
        doc.copy_tower, save=doc.save_tower, load=doc.tower, doc="the cubes inside (ZK-T1)"
    )
    fight: Fight | None = fact(
        doc.copy_fight, save=doc.save_fight, load=doc.fight, doc="the fight being resolved"
    )
    secret: SimultaneousChoices | None = fact(
        doc.copy_secret, save=doc.save_secret, load=doc.secret, doc="a round's secret commitment"
    )
    two_step: int = fact(load=doc.integer("two_step"), doc="the two-step card in play; -1: none")
    symbol: str = fact(load=doc.text("symbol"), doc="'fleet' or 'army' while a symbol moves")
    winner_seats: list[int] = fact(
        LIST, key="winners", load=doc.int_list("winners"), doc="the winners, once over"
    )
    end_reason_code: str = fact(
        key="end_reason", load=doc.text("end_reason"), doc="how the game ended; '' before"
    )
    events: EventLog = fact(CLONE, key="log", save=save_log, load=load_log, doc="the log")
    _legal: list[ZkAction] | None = cache(doc="the decider's legal actions; None: not listed")

    phases: ClassVar[dict[str, ZkPhase]] = {
        phase.kind: phase
        for phase in (
            CardPhase(),
            SecondStep(),
            SymbolMove(),
            CityPhase(),
            discard_phase.DiscardPhase(),
            TruceWindow(),
            EmptyingWindow(),
            Commitment(),
            Retreat(),
            SiegeAttack(),
            GarrisonCommitment(),
            ContinueSiege(),
        )
    }

    @classmethod
    def blank(cls, players: int, seed: int, options: dict[str, Any]) -> ZkState:
        """A state of this configuration whose facts are still to be set (by the setup)."""
        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self.configure()
        return self

    def configure(self) -> None:
        self.comp = components_for(self.options["edition_data"])

    def rebuild_caches(self) -> None:
        self._legal = None

    # -- the pending decision ------------------------------------------------------------
    def decision(self) -> Decision | None:
        kind = self.decision_kind
        if kind == OVER:
            return None
        return DECISION_TABLE[kind][self.decider]

    def is_over(self) -> bool:
        return self.decision_kind == OVER

    def pending_phase(self) -> ZkPhase:
        return self.phases[self.decision_kind]

    def legal_now(self) -> list[ZkAction]:
        """The decider's legal actions, listed at most once per position."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self.phases[self.decision_kind].listed(self)
        return legal

    def forget_legal(self) -> None:
        """The position is about to change (or was changed by hand): list anew."""
        self._legal = None

    def decide(self, kind: str, seat: int) -> None:
        """``seat`` decides next, in the phase ``kind``."""
        self.decision_kind, self.decider = kind, seat

    def resume(self, then: tuple[Any, ...], outcome: str) -> None:
        """Where the card phase goes on after a step or a fight (``Fight.then``): the
        card's symbol move (ZK-R16), the second step of a two-step card (ZK-EV05,
        ZK-EV11), the next pawn a moved unit fights (ZK-R22), or the card phase itself;
        after a plunder, the discard phase."""
        what = then[0]
        if what == "symbol":
            if offer_symbol_move(self, then[1]):
                return
        elif what == "second":
            if offer_second_step(self, then[1], outcome):
                return
        elif what == "units":
            if outcome == "lost":
                next_unit_fight(self, then[1], list(then[2:]))
                return
        elif what == "discard":
            self.enter_discard_phase()
            return
        self.decide(CARDS, self.active)

    def enter_discard_phase(self) -> None:
        """Phase 3 begins (``discard_phase``)."""
        discard_phase.enter(self)

    def normalize(self) -> None:
        """Take the steps the engine takes without asking (``automatic``)."""
        automatic.normalize(self)

    # -- small steps every phase uses ----------------------------------------------------
    def log_event(self, event: JSON) -> None:
        self.events.append(event)

    def xy(self, cell: int) -> list[int]:
        return self.comp.board.cell_json(cell)

    def motivate(self, seat: int, delta: int) -> None:
        """ZK-R5: change, then clamp to 0..20."""
        self.motivation[seat] = max(0, min(MOTIVATION_MAX, self.motivation[seat] + delta))

    def army_to_supply(self, seat: int, n: int) -> int:
        n = min(n, self.army[seat])
        self.army[seat] -= n
        self.supply[seat] += n
        return n

    def supply_to_army(self, seat: int, n: int) -> int:
        n = min(n, self.supply[seat])
        self.supply[seat] -= n
        self.army[seat] += n
        return n

    def play_card(self, seat: int, card: int) -> None:
        """A card leaves ``seat``'s hand for the discard pile (ZK-R14, ZK-R37)."""
        self.hands[seat] = [c for c in self.hands[seat] if c != card]  # replaced: shared
        self.discard.append(card)

    def throw(self, cubes: list[int]) -> list[int]:
        """Throw ``cubes`` into the tower with this state's own generator (ZK-T1)."""
        tower = self.tower
        tower.chance = self.chance  # a clone's tower still holds its original's
        return tower.throw(cubes)

    def unit_at(self, cell: int) -> int:
        for u, c in enumerate(self.units):
            if c == cell:
                return u
        return -1

    @property
    def plunder_limit(self) -> int:
        """ZK-R29: Muslim plunders allowed per player."""
        return plunder_limit(self.players)

    @property
    def jerusalem_tiles(self) -> int:
        """ZK-J1 (i): own Muslim plunders needed to besiege Jerusalem."""
        return jerusalem_tiles(self.players)

    def defender(self) -> int:
        """ZK-J3: the right-hand neighbour of the active player."""
        return (self.active - 1) % self.players

    def city_here(self, seat: int) -> int:
        return self.comp.board.city_at.get(self.pawn[seat], -1)

    def siege_eligible(self, p: int) -> bool:
        """ZK-J1."""
        return (
            len(self.green_tiles[p]) >= self.jerusalem_tiles
            and self.motivation[p] >= JERUSALEM_MOTIVATION
            and self.army[p] >= SIEGE_ARMY
        )

    def defend_range(self) -> tuple[int, int]:
        """ZK-J5: 3 up to the garrison; a garrison of 1 or 2 (or 0) commits all."""
        g = self.garrison
        return (3, g) if g >= 3 else (g, g)

    # -- outcome -------------------------------------------------------------------------
    def winners(self) -> list[int]:
        return list(self.winner_seats) if self.decision_kind == OVER else []

    def scores(self) -> list[float]:
        """ZK-W5: r_i = 1/|W| for a winner, 0 otherwise."""
        w = self.winners()
        return [1.0 / len(w) if s in w else 0.0 for s in range(self.players)]

    def standard_returns(self) -> bool:
        return False

    def ending(self) -> str | None:
        """``jerusalem`` (ZK-W1), ``deck`` (ZK-W2) or ``turn_limit`` (ZK-W3)."""
        return self.end_reason_code or None

    def returns(self) -> list[float]:
        """ZK-W5: the zero-sum form u_i = r_i - mean(r)."""
        if not self.is_over():
            return [0.0] * self.players
        r = self.scores()
        mean = sum(r) / self.players
        return [x - mean for x in r]

    def ranking_keys(self) -> list[tuple[Any, ...]]:
        """ZK-W1: the conqueror of Jerusalem alone; ZK-W4 with ``most_muslim_cities``:
        green tiles, then army, then treasure; otherwise nobody ranks above anybody."""
        if self.end_reason_code == "jerusalem":
            return [(1 if s in self.winner_seats else 0,) for s in range(self.players)]
        if self.options["exhaustion_winner"] == "most_muslim_cities":
            return list(exhaustion_keys(self))
        return [(0,)] * self.players

    # -- information ---------------------------------------------------------------------
    def view(self, seat: int | None) -> JSON:
        return state_view(self, seat)

    def log(self, seat: int | None) -> list[JSON]:
        return hidden.log_for(self, seat)

    def private_facts(self, seat: int) -> set[str]:
        return hidden.private_facts(self, seat)

    def resample(self, seat: int | None, rng: random.Random) -> ZkState:
        return hidden.resample(self, seat, rng)

    def conserved(self) -> dict[str, int]:
        out = {
            "cards": len(self.draw_pile) + len(self.discard) + sum(len(h) for h in self.hands),
            "tiles": sum(1 for t in self.tile if t >= 0),
        }
        tower = self.tower
        for s in range(self.players):
            out[f"P{s} cubes"] = self.army[s] + self.supply[s] + tower.count(s)
        return out

    # -- documents and positions ---------------------------------------------------------
    @classmethod
    def load_data(cls, players: int, seed: int, options: dict[str, Any], data: JSON) -> State:
        """A state document's data, checked as a hand-written position is (``consistency``)
        and normalized."""
        state = super().load_data(players, seed, options, data)
        assert isinstance(state, ZkState)
        consistency.check(state)
        state.normalize()
        return state

    def to_position(self) -> str:
        return position.write(self)
