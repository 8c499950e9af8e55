"""The rules of Im Zeichen des Kreuzes as a state machine (rules sections 4 to 8).

One decision is pending at a time: the active player's phase (cards, city, discard) or a
decision inside a fight, a symbol move or a two-step card. Everything that needs no
decision (draws, immediate events, the end of a turn) runs at once in ``_advance``.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.chance import Chance
from ...engine.errors import IllegalAction, StateFormatError
from ...engine.game import JSON, State, state_data_errors
from ...engine.simultaneous import SimultaneousChoices
from . import actions as A
from .actions import ZkAction
from .board import CRETE, GREEN_CITY, JERUSALEM, MOUNTAIN, PLAIN, RED, SEA
from .components import (
    ARMY,
    FLEET,
    HELD,
    IMMEDIATE,
    MOVEMENT,
    Components,
    card_code,
    parse_card_code,
)
from .fight import (
    AMBUSH,
    ENEMY_CUBES,
    JERUSALEM_ROUND,
    MIN_COMMIT,
    MOTIVATION,
    PLUNDER_CHRISTIAN,
    PLUNDER_MUSLIM,
    UNIT_ARMY,
    UNIT_FLEET,
    Fight,
    fighter_wins,
)
from .papal import ON_DECLARATION, papal_reward, reward_if_lost
from .tower import GREEN, ThrowRecord, Tower, make_tower, named_counts, tally, tower_from_json

CUBES = 30  # ZK-R2
HAND_LIMIT = 5  # ZK-R7
MOTIVATION_START, MOTIVATION_MAX = 10, 20  # ZK-R5
MARKERS = 2  # ZK-T5
GARRISON = 15  # ZK-S7
JERUSALEM_MOTIVATION = 6  # ZK-J1
LAND = frozenset((PLAIN, MOUNTAIN))

# decisions
CARDS, CITY, DISCARD = "cards", "city", "discard"
SECOND_STEP, SYMBOL = "second_step", "symbol"
TRUCE, EMPTY, COMMIT, ATTACK, DEFEND = "truce", "empty", "commit", "attack", "defend"
RETREAT, CONTINUE, OVER = "retreat", "continue", "over"

# the rule that says who decides, per decision (cited when another seat tries to act)
DECISION_RULES = {
    CARDS: "ZK-R13",
    CITY: "ZK-R25",
    DISCARD: "ZK-R33",
    SECOND_STEP: "ZK-EV05",
    SYMBOL: "ZK-R16",
    TRUCE: "ZK-C3",
    EMPTY: "ZK-T5",
    COMMIT: "ZK-C3",
    ATTACK: "ZK-H4",
    DEFEND: "ZK-J3",
    RETREAT: "ZK-C12",
    CONTINUE: "ZK-J10",
}


def draw_limit(motivation: int) -> int:
    """ZK-R6."""
    if motivation >= 4:
        return 3
    return 2 if motivation >= 2 else 1


class ZkState(State):
    __slots__ = (
        "_legal",
        "_log",
        "_log_n",
        "active",
        "army",
        "comp",
        "decider",
        "decision_kind",
        "discard",
        "draw_pile",
        "end_reason_code",
        "exhaustions",
        "fight",
        "garrison",
        "green_tiles",
        "hands",
        "knights",
        "markers",
        "motivation",
        "origin",
        "pawn",
        "plundered_by",
        "red_tiles",
        "secret",
        "set_aside",
        "siege_round",
        "sieges",
        "start_player",
        "supply",
        "symbol",
        "tile",
        "tower",
        "treasure",
        "turn",
        "two_step",
        "units",
        "winner_seats",
    )

    comp: Components
    knights: list[str]
    army: list[int]
    supply: list[int]
    treasure: list[int]
    motivation: list[int]
    markers: list[int]
    pawn: list[int]
    origin: list[int]
    hands: list[list[int]]
    green_tiles: list[list[int]]
    red_tiles: list[list[int]]
    tile: list[int]  # per city: tile value, -1 for Candia and Jerusalem
    plundered_by: list[int]  # per city: seat, -1 if unplundered
    units: list[int]  # per neutral unit: cell, -1 once removed
    garrison: int
    sieges: int
    siege_round: int
    exhaustions: int
    turn: int
    draw_pile: list[int]  # top card last (ZK-S8)
    discard: list[int]
    set_aside: list[int]
    tower: Tower
    start_player: int
    active: int
    decision_kind: str
    decider: int
    fight: Fight | None
    secret: SimultaneousChoices | None
    two_step: int  # the two-step event card being played, -1 if none
    symbol: str  # "fleet" or "army" during a symbol move decision
    winner_seats: list[int]
    end_reason_code: str
    _log: list[JSON]
    _log_n: int
    _legal: list[ZkAction] | None

    # -- construction --------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any], comp: Components) -> ZkState:
        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self.comp = comp
        chance = self.chance
        board = comp.board
        # ZK-S10 order: knights, start player, red tiles, green tiles, deck, re-shuffle
        assignment = options["knight_assignment"]
        if assignment == "random":
            ids = list(comp.knight_ids)
            chance.shuffle("knights", ids)
            self.knights = ids[:players]
        else:
            self.knights = list(assignment)
        start = options["start_player"]
        self.start_player = chance.below("start player", players) if start == "random" else start
        self.active = self.start_player
        self.tile = [-1] * len(board.cities)
        for kind, values, event in (
            (RED, comp.red_values, "red tiles"),
            (GREEN_CITY, comp.green_values, "green tiles"),
        ):
            vals = list(values)
            chance.shuffle(event, vals)
            for city, value in zip((c for c in board.cities if c.kind == kind), vals, strict=True):
                self.tile[city.index] = value
        self.plundered_by = [-1] * len(board.cities)
        knights = [comp.knight(k) for k in self.knights]
        self.army = [k.troops for k in knights]
        self.supply = [CUBES - k.troops for k in knights]
        self.treasure = [k.treasure for k in knights]
        self.motivation = [MOTIVATION_START] * players
        self.markers = [MARKERS] * players
        self.pawn = [k.start_cell for k in knights]
        self.origin = [-1] * players
        self.hands = [[] for _ in range(players)]
        self.green_tiles = [[] for _ in range(players)]
        self.red_tiles = [[] for _ in range(players)]
        self.units = [u.start_cell for u in comp.units]
        self.garrison = GARRISON
        self.sieges = self.siege_round = self.exhaustions = 0
        self.turn = 1
        self.discard = []
        self.set_aside = []
        params = options["tower_params"]
        self.tower = make_tower(
            options["tower_model"],
            None if params == "default" else params,
            options["tower_shelf_memory"],
            chance,
        )
        self.decision_kind, self.decider = CARDS, self.active
        self.fight = None
        self.secret = None
        self.two_step = -1
        self.symbol = ""
        self.winner_seats = []
        self.end_reason_code = ""
        self._log, self._log_n = [], 0
        self._legal = None
        pile = list(range(len(comp.cards)))
        chance.shuffle("deck", pile)
        self.draw_pile = pile
        # ZK-S9: deal 5 each in turn order; immediate events are set aside and replaced
        cards = comp.cards
        for _ in range(HAND_LIMIT):
            for i in range(players):
                seat = (self.start_player + i) % players
                while True:
                    card = pile.pop()
                    if cards[card].kind == IMMEDIATE:
                        self.set_aside.append(card)
                        continue
                    self.hands[seat].append(card)
                    break
        for hand in self.hands:
            hand.sort()
        if self.set_aside:
            pile.extend(self.set_aside)
            chance.shuffle("deck", pile)
        self._event(
            {
                "kind": "setup",
                "knights": list(self.knights),
                "start_player": self.start_player,
                "set_aside": [card_code(c) for c in self.set_aside],
            }
        )
        return self

    def clone(self) -> ZkState:
        other = ZkState.__new__(ZkState)
        self._copy_common(other)
        other.comp = self.comp
        other.knights = self.knights  # never changes after setup
        other.army = self.army.copy()
        other.supply = self.supply.copy()
        other.treasure = self.treasure.copy()
        other.motivation = self.motivation.copy()
        other.markers = self.markers.copy()
        other.pawn = self.pawn.copy()
        other.origin = self.origin.copy()
        # the inner lists are shared: the rules replace a hand or a tile list, never edit it
        other.hands = self.hands.copy()
        other.green_tiles = self.green_tiles.copy()
        other.red_tiles = self.red_tiles.copy()
        other.tile = self.tile.copy()
        other.plundered_by = self.plundered_by.copy()
        other.units = self.units.copy()
        other.garrison = self.garrison
        other.sieges = self.sieges
        other.siege_round = self.siege_round
        other.exhaustions = self.exhaustions
        other.turn = self.turn
        other.draw_pile = self.draw_pile.copy()
        other.discard = self.discard.copy()
        other.set_aside = self.set_aside
        other.tower = self.tower.clone(other.chance)
        other.start_player = self.start_player
        other.active = self.active
        other.decision_kind = self.decision_kind
        other.decider = self.decider
        other.fight = None if self.fight is None else self.fight.copy()
        other.secret = None if self.secret is None else self.secret.clone()
        other.two_step = self.two_step
        other.symbol = self.symbol
        other.winner_seats = self.winner_seats.copy()
        other.end_reason_code = self.end_reason_code
        # the log is shared copy-on-write: a clone copies it only when it appends
        other._log, other._log_n = self._log, self._log_n
        other._legal = self._legal  # immutable once computed
        return other

    # -- small helpers -------------------------------------------------------------------
    def _event(self, event: JSON) -> None:
        if len(self._log) != self._log_n:
            self._log = self._log[: self._log_n]
        self._log.append(event)
        self._log_n += 1

    def _xy(self, cell: int) -> list[int]:
        return self.comp.board.cell_json(cell)

    def _motivate(self, seat: int, delta: int) -> None:
        """ZK-R5: change, then clamp to 0..20."""
        self.motivation[seat] = max(0, min(MOTIVATION_MAX, self.motivation[seat] + delta))

    def _army_to_supply(self, seat: int, n: int) -> int:
        n = min(n, self.army[seat])
        self.army[seat] -= n
        self.supply[seat] += n
        return n

    def _supply_to_army(self, seat: int, n: int) -> int:
        n = min(n, self.supply[seat])
        self.supply[seat] -= n
        self.army[seat] += n
        return n

    def unit_at(self, cell: int) -> int:
        for u, c in enumerate(self.units):
            if c == cell:
                return u
        return -1

    @property
    def plunder_limit(self) -> int:
        """ZK-R29: Muslim plunders allowed per player."""
        return 2 if self.players == 5 else 3

    @property
    def jerusalem_tiles(self) -> int:
        """ZK-J1 (i): own Muslim plunders needed to besiege Jerusalem."""
        return 1 if self.players == 5 else 2

    def defender(self) -> int:
        """ZK-J3: the right-hand neighbour of the active player."""
        return (self.active - 1) % self.players

    def city_here(self, seat: int) -> int:
        return self.comp.board.city_at.get(self.pawn[seat], -1)

    # -- kernel interface ----------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.decision_kind == OVER:
            return ()
        return (self.decider,)

    def turn_rule(self) -> str | None:
        return DECISION_RULES.get(self.decision_kind)

    def is_over(self) -> bool:
        return self.decision_kind == OVER

    def legal_actions(self, seat: int) -> list[ZkAction]:  # type: ignore[override]
        if self.decision_kind == OVER or seat != self.decider:
            return []
        legal: list[ZkAction] = getattr(self, "_legal_" + self.decision_kind)()
        self._legal = legal  # kept for the check in the next apply
        return list(legal)

    def _legal_now(self) -> list[ZkAction]:
        """The decider's legal actions, listed at most once per position."""
        legal = self._legal
        if legal is None:
            legal = self._legal = getattr(self, "_legal_" + self.decision_kind)()
        return legal

    # -- legal actions per decision ------------------------------------------------------
    def _legal_cards(self) -> list[ZkAction]:
        p = self.active
        cards = self.comp.cards
        around = self.comp.board.terrain_neighbours[self.pawn[p]]
        out: list[ZkAction] = []
        move = A.move
        for c in self.hands[p]:
            card = cards[c]
            if card.kind == MOVEMENT:
                out.extend(move(c, n) for n in around[card.terrain])
            elif card.kind == HELD:
                out.extend(self._card_phase_event(p, c, card.event or ""))
        out.append(A.END_CARDS)
        return out

    def _card_phase_event(self, p: int, c: int, event: str) -> list[ZkAction]:
        """Section 6: the held events playable in the holder's card phase, with their
        conditions (ZK-R38)."""
        board = self.comp.board
        here = self.pawn[p]
        terrain = board.terrain
        if event == "forced_march":
            if terrain[here] == SEA:
                return []
            return [
                ZkAction("event", card=c, to=n) for n in board.neighbours[here] if terrain[n] != SEA
            ]
        if event == "genoese_ships":
            seas = [n for n in board.neighbours[here] if terrain[n] == SEA]
            return [ZkAction("event", card=c, to=n) for n in seas]
        if event == "mercenaries":
            ok = self.treasure[p] >= 1 and self.supply[p] >= 1
            return [ZkAction("event", card=c)] if ok else []
        if event == "relic":
            return [ZkAction("event", card=c)] if here in board.city_at else []
        if event == "tribute":
            return [ZkAction("event", card=c)] if self.green_tiles[p] else []
        if event == "crusade_sermon":
            city = board.city_at.get(here, -1)
            if city < 0 or self.supply[p] < 1:
                return []
            kind = board.cities[city].kind
            if kind == CRETE or (kind == RED and self.plundered_by[city] < 0):
                return [ZkAction("event", card=c)]
            return []
        if event == "ambush":
            jerusalem = board.jerusalem.cell
            return [
                ZkAction("event", card=c, target=y)
                for y in range(self.players)
                if y != p and terrain[self.pawn[y]] != SEA and self.pawn[y] != jerusalem
            ]
        return []  # truce, tower shaking, holy lance: only in their windows

    def _legal_city(self) -> list[ZkAction]:
        return self._city_options(self.active)

    def _city_options(self, p: int) -> list[ZkAction]:
        """ZK-R25."""
        city = self.city_here(p)
        if city < 0:
            return []
        kind = self.comp.board.cities[city].kind
        out: list[ZkAction] = []
        if kind in (RED, CRETE) and (kind == CRETE or self.plundered_by[city] < 0):
            out.append(A.PRAY)
            t, s = self.treasure[p], self.supply[p]
            if t >= 1 and s >= 1:
                out.extend(A.recruit(k) for k in range(1, min(t, (s + 1) // 2) + 1))
            if kind == RED and self.army[p] >= 1:
                out.append(A.PLUNDER)
        elif kind == GREEN_CITY and self.plundered_by[city] < 0:
            if self.army[p] >= 1 and len(self.green_tiles[p]) < self.plunder_limit:
                out.append(A.PLUNDER)
        elif kind == JERUSALEM and self.siege_eligible(p):
            out.append(A.SIEGE)
        out.append(A.PASS)
        return out

    def siege_eligible(self, p: int) -> bool:
        """ZK-J1."""
        return (
            len(self.green_tiles[p]) >= self.jerusalem_tiles
            and self.motivation[p] >= JERUSALEM_MOTIVATION
            and self.army[p] >= MIN_COMMIT[JERUSALEM_ROUND]
        )

    def _legal_discard(self) -> list[ZkAction]:
        return [*(A.discard(c) for c in self.hands[self.active]), A.END_DISCARD]

    def _legal_second_step(self) -> list[ZkAction]:
        return [*(A.step(n) for n in self._two_step_cells()), A.STOP_STEPS]

    def _two_step_cells(self) -> list[int]:
        board = self.comp.board
        here = self.pawn[self.active]
        event = self.comp.cards[self.two_step].event
        terrain = board.terrain
        if event == "forced_march":
            if terrain[here] == SEA:
                return []
            return [n for n in board.neighbours[here] if terrain[n] != SEA]
        return [n for n in board.neighbours[here] if terrain[n] == SEA]

    def _legal_symbol(self) -> list[ZkAction]:
        return [*(A.move_unit(u, n) for u, n in self._unit_moves(self.symbol)), A.NO_UNIT_MOVE]

    def _unit_moves(self, kind: str) -> list[tuple[int, int]]:
        """ZK-R20: every legal one-field move of a unit of ``kind`` still in play."""
        comp = self.comp
        board = comp.board
        units = self.units
        occupied = set(c for c in units if c >= 0)
        out = []
        for unit in comp.units:
            here = units[unit.index]
            if unit.kind != kind or here < 0:
                continue
            blocked = {
                other.start_cell
                for other in comp.units
                if other.index != unit.index and units[other.index] >= 0
            }
            for n in board.neighbours[here]:
                if n in occupied or n in blocked:
                    continue
                if kind == FLEET:
                    if board.terrain[n] != SEA:
                        continue
                elif board.terrain[n] == SEA or n in board.city_at:
                    continue
                out.append((unit.index, n))
        return out

    def _legal_truce(self) -> list[ZkAction]:
        assert self.fight is not None
        x = self.fight.fighter
        cards = self.comp.cards
        return [
            *(A.truce(c) for c in self.hands[x] if cards[c].event == "truce"),
            A.FIGHT,
        ]

    def _legal_empty(self) -> list[ZkAction]:
        p = self.active
        if self.tower.total() == 0:  # ZK-E40: an empty tower cannot be emptied
            return [A.KEEP_TOWER]
        out = [A.empty_tower()] if self.markers[p] > 0 else []
        cards = self.comp.cards
        out.extend(A.empty_tower(c) for c in self.hands[p] if cards[c].event == "tower_shaking")
        out.append(A.KEEP_TOWER)
        return out

    def _commit_range(self, fight: Fight) -> tuple[int, int]:
        army = self.army[fight.fighter]
        return min(MIN_COMMIT[fight.kind], army), army

    def _lances(self, x: int, fight: Fight) -> list[int]:
        if fight.lance >= 0:
            return []
        cards = self.comp.cards
        return [c for c in self.hands[x] if cards[c].event == "holy_lance"]

    def _legal_commit(self) -> list[ZkAction]:
        fight = self.fight
        assert fight is not None
        lo, hi = self._commit_range(fight)
        options = [-1, *self._lances(fight.fighter, fight)]
        return [A.commit(n, lance) for lance in options for n in range(lo, hi + 1)]

    def _legal_attack(self) -> list[ZkAction]:
        fight = self.fight
        assert fight is not None
        options = [-1, *self._lances(fight.fighter, fight)]
        hi = self.army[fight.fighter]
        return [A.commit(n, lance) for lance in options for n in range(5, hi + 1)]

    def defend_range(self) -> tuple[int, int]:
        """ZK-J5."""
        g = self.garrison
        if g >= 3:
            return 3, g
        return g, g

    def _legal_defend(self) -> list[ZkAction]:
        lo, hi = self.defend_range()
        return [A.defend(d) for d in range(lo, hi + 1)]

    def _legal_retreat(self) -> list[ZkAction]:
        assert self.fight is not None
        return [A.retreat(n) for n in self._retreat_cells(self.fight.fighter)]

    def _retreat_cells(self, x: int) -> list[int]:
        """ZK-C12 (b): adjacent cells without a neutral unit, land if any qualifies."""
        board = self.comp.board
        occupied = set(self.units)
        free = [n for n in board.neighbours[self.pawn[x]] if n not in occupied]
        land = [n for n in free if board.terrain[n] != SEA]
        return land or free

    def _legal_continue(self) -> list[ZkAction]:
        return [A.CONTINUE_SIEGE, A.STOP_SIEGE]

    # -- applying ------------------------------------------------------------------------
    def _apply(self, seat: int, action: Any) -> None:
        if not isinstance(action, ZkAction):
            raise IllegalAction(f"{action!r} is not an action of Im Zeichen des Kreuzes")
        if seat != self.decider or action not in self._legal_now():
            raise IllegalAction(*self._why_illegal(seat, action))
        self._legal = None
        getattr(self, "_do_" + action.kind)(seat, action)
        self._advance()

    def _why_illegal(self, seat: int, action: ZkAction) -> tuple[str, str | None]:
        """A clear reason naming the rule, for an action that is not legal now."""
        from .explain import why_illegal

        return why_illegal(self, seat, action)

    # card phase
    def _play(self, seat: int, card: int) -> None:
        # hands and tiles are replaced, never changed in place: clones share them
        self.hands[seat] = [c for c in self.hands[seat] if c != card]
        self.discard.append(card)

    def _do_move(self, seat: int, action: ZkAction) -> None:
        card = self.comp.cards[action.card]
        self._play(seat, action.card)
        self._event(
            {
                "kind": "move",
                "seat": seat,
                "card": card_code(action.card),
                "to": self._xy(action.to),
            }
        )
        then: tuple[Any, ...] = ("card",)
        if card.symbol is not None:
            then = ("symbol", action.card)
        self._step(seat, action.to, then)

    def _step(self, seat: int, to: int, then: tuple[Any, ...]) -> None:
        """ZK-R10, ZK-R15: a step; entering a neutral unit's cell starts a fight."""
        self.origin[seat] = self.pawn[seat]
        self.pawn[seat] = to
        unit = self.unit_at(to)
        if unit >= 0:
            self._start_unit_fight(seat, unit, then)
        else:
            self._resume(then, "")

    def _start_unit_fight(self, seat: int, unit: int, then: tuple[Any, ...]) -> None:
        kind = UNIT_FLEET if self.comp.units[unit].kind == FLEET else UNIT_ARMY
        self._start_fight(Fight(kind, seat, 3, self.units[unit], unit=unit, then=then))

    def _do_event(self, seat: int, action: ZkAction) -> None:
        c = action.card
        event = self.comp.cards[c].event
        self._play(seat, c)
        entry: JSON = {"kind": "event", "seat": seat, "card": card_code(c), "event": event}
        if action.to >= 0:
            entry["to"] = self._xy(action.to)
        if action.target >= 0:
            entry["target"] = action.target
        self._event(entry)
        if event in ("forced_march", "genoese_ships"):
            self._step(seat, action.to, ("second", c))
        elif event == "mercenaries":
            self.treasure[seat] -= 1
            self._supply_to_army(seat, 2)
        elif event == "relic":
            self._motivate(seat, 2)
        elif event == "tribute":
            self.treasure[seat] += 2
        elif event == "crusade_sermon":
            self._supply_to_army(seat, 3)
        elif event == "ambush":
            self._start_fight(Fight(AMBUSH, action.target, 2, self.pawn[action.target]))

    def _do_end_cards(self, seat: int, action: ZkAction) -> None:
        # ZK-R24: a city phase exactly when the pawn stands on a city cell
        self._event({"kind": "end_cards", "seat": seat})
        self._enter_city_phase()

    def _enter_city_phase(self) -> None:
        options = self._city_options(self.active)
        if len(options) > 1:
            self.decision_kind, self.decider = CITY, self.active
        else:  # no city, or only PASS: nothing to decide
            self._enter_discard_phase()

    def _enter_discard_phase(self) -> None:
        self.decision_kind, self.decider = DISCARD, self.active
        self.fight = None

    def _do_step(self, seat: int, action: ZkAction) -> None:
        self._event({"kind": "step", "seat": seat, "to": self._xy(action.to)})
        self.two_step = -1
        self._step(seat, action.to, ("card",))

    def _do_stop_steps(self, seat: int, action: ZkAction) -> None:
        self.two_step = -1
        self.decision_kind, self.decider = CARDS, self.active

    def _do_move_unit(self, seat: int, action: ZkAction) -> None:
        unit, to = action.unit, action.to
        self.units[unit] = to
        self._event({"kind": "move_unit", "seat": seat, "unit": unit, "to": self._xy(to)})
        self.symbol = ""
        # ZK-R22: the active player's pawn first, then the others in turn order
        order = [(self.active + i) % self.players for i in range(self.players)]
        here = [s for s in order if self.pawn[s] == to]
        self._next_unit_fight(unit, here)

    def _next_unit_fight(self, unit: int, seats: list[int]) -> None:
        if not seats:
            self.decision_kind, self.decider = CARDS, self.active
            return
        self._start_unit_fight(seats[0], unit, ("units", unit, *seats[1:]))

    def _do_no_unit_move(self, seat: int, action: ZkAction) -> None:
        self.symbol = ""
        self.decision_kind, self.decider = CARDS, self.active

    # fights
    def _start_fight(self, fight: Fight) -> None:
        self.fight = fight
        self._event(
            {
                "kind": "fight",
                "type": fight.kind,
                "fighter": fight.fighter,
                "enemy": fight.enemy,
                "cell": self._xy(fight.cell),
                "unit": fight.unit,
                "city": fight.city,
            }
        )
        # ZK-C3 step 2: the truce window of a unit fight (asked whenever the fighter holds a
        # card, so that skipping it never reveals a hand)
        if fight.kind in (UNIT_FLEET, UNIT_ARMY) and self.hands[fight.fighter]:
            self.decision_kind, self.decider = TRUCE, fight.fighter
            return
        self._after_truce_window()

    def _after_truce_window(self) -> None:
        fight = self.fight
        assert fight is not None
        if self.army[fight.fighter] == 0:  # ZK-C4: automatic loss, nothing thrown
            self._event({"kind": "no_troops", "seat": fight.fighter})
            self._resolve_fight(False, [], automatic=True)
            return
        self._emptying_window()

    def _emptying_window(self) -> None:
        """ZK-T5: before every throw of his turn the active player may empty a non-empty
        tower (asked whenever he could hold the means, so a skip reveals no card)."""
        p = self.active
        if self.tower.total() > 0 and (self.markers[p] > 0 or self.hands[p]):
            self.decision_kind, self.decider = EMPTY, p
            return
        self._after_emptying_window()

    def _after_emptying_window(self) -> None:
        fight = self.fight
        assert fight is not None
        then = ATTACK if fight.kind == JERUSALEM_ROUND else COMMIT
        if then == ATTACK:
            self.secret = SimultaneousChoices((fight.fighter, self.defender()))
        self.decision_kind, self.decider = then, fight.fighter

    def _do_truce(self, seat: int, action: ZkAction) -> None:
        fight = self.fight
        assert fight is not None
        self._play(seat, action.card)
        unit = self.comp.units[fight.unit]
        self.units[fight.unit] = unit.start_cell  # never removed by a truce (ZK-EV09)
        self._event({"kind": "truce", "seat": seat, "card": card_code(action.card)})
        fight.outcome = "truce"
        self._finish_fight()

    def _do_fight(self, seat: int, action: ZkAction) -> None:
        self._after_truce_window()

    def _do_empty_tower(self, seat: int, action: ZkAction) -> None:
        if action.card >= 0:
            self._play(seat, action.card)
        else:
            self.markers[seat] -= 1
        out = self.tower.empty()
        counts = tally(out)
        for colour in range(self.players):
            self.supply[colour] += counts[colour]
        self._event(
            {
                "kind": "empty_tower",
                "seat": seat,
                "card": None if action.card < 0 else card_code(action.card),
                "cubes": named_counts(counts),
            }
        )
        self._after_emptying_window()

    def _do_keep_tower(self, seat: int, action: ZkAction) -> None:
        self._after_emptying_window()

    def _take_lance(self, seat: int, card: int) -> None:
        fight = self.fight
        assert fight is not None
        self._play(seat, card)
        fight.lance = card
        self._event({"kind": "lance", "seat": seat, "card": card_code(card)})

    def _do_commit(self, seat: int, action: ZkAction) -> None:
        fight = self.fight
        assert fight is not None
        if action.card >= 0:
            self._take_lance(seat, action.card)
        if self.decision_kind == ATTACK:
            assert self.secret is not None
            self.secret.submit(seat, ZkAction("commit", amount=action.amount))
            self._event({"kind": "committed", "seat": seat})
            self.decision_kind, self.decider = DEFEND, self.defender()
            return
        self._throw(fight, action.amount, ENEMY_CUBES[fight.kind])

    def _do_defend(self, seat: int, action: ZkAction) -> None:
        fight = self.fight
        secret = self.secret
        assert fight is not None and secret is not None
        attack = secret.own_choice(fight.fighter)
        assert isinstance(attack, ZkAction)
        self.secret = None
        d = action.amount
        self._event(
            {"kind": "reveal", "attacker": fight.fighter, "a": attack.amount, "d": d, "seat": seat}
        )
        self.garrison -= d  # ZK-J6: committed greens leave the garrison at the throw
        fight.enemy = d
        self._throw(fight, attack.amount, d)

    def _throw(self, fight: Fight, n: int, greens: int) -> None:
        """ZK-C3 step 7 / ZK-J4 step 6: throw, count (ZK-C7), compare (ZK-C8), resolve."""
        x = fight.fighter
        fight.committed = n
        self.army[x] -= n
        thrown = [x] * n + [GREEN] * greens
        tray = self.tower.throw(thrown)
        counts = tally(tray)
        # ZK-T6: every throw is logged (cubes in, tray and contents after, by colour)
        self._event(
            {"kind": "throw", "seat": x, **ThrowRecord.of(thrown, tray, self.tower).to_json()}
        )
        won = fighter_wins(counts[x], counts[GREEN], fight.lance >= 0, self.options["tie_rule"])
        self._resolve_fight(won, counts)

    def _resolve_fight(self, won: bool, counts: list[int], automatic: bool = False) -> None:
        """ZK-C3 step 9: cubes, motivation, stakes, then the retreat on a loss."""
        fight = self.fight
        assert fight is not None
        x = fight.fighter
        if counts:
            own, greens = counts[x], counts[GREEN]
            prisoners = 0
            for colour in range(self.players):
                if colour != x:
                    self.supply[colour] += counts[colour]
                    prisoners += counts[colour]
            if won:  # ZK-C9
                lost = min(greens, own)
                self.supply[x] += lost
                self.army[x] += own - lost
                self._supply_to_army(x, prisoners)
            else:  # ZK-C10
                self.supply[x] += own
        win_delta, loss_delta = MOTIVATION[fight.kind]
        self._motivate(x, win_delta if won else loss_delta)
        fight.outcome = "won" if won else "lost"
        self._event({"kind": "fight_result", "seat": x, "won": won, "automatic": automatic})
        if fight.kind == JERUSALEM_ROUND and not won:
            self._console_lost_siege(x)  # ZK-J11: before the retreat
        # stakes (ZK-C13)
        if fight.kind in (UNIT_FLEET, UNIT_ARMY) and won:
            unit = self.comp.units[fight.unit]
            if self.units[fight.unit] == unit.start_cell:
                self.units[fight.unit] = -1  # ZK-R23: beaten on its own start cell
                self._event({"kind": "unit_removed", "unit": fight.unit})
            else:
                self.units[fight.unit] = unit.start_cell
        elif fight.kind in (PLUNDER_MUSLIM, PLUNDER_CHRISTIAN) and won:
            city = fight.city
            value = self.tile[city]
            self.plundered_by[city] = x
            self.treasure[x] += value
            held = self.green_tiles if fight.kind == PLUNDER_MUSLIM else self.red_tiles
            held[x] = [*held[x], value]
            self._event({"kind": "plundered", "seat": x, "city": city, "value": value})
        elif fight.kind == JERUSALEM_ROUND and won and self.garrison == 0:
            self._event({"kind": "jerusalem_falls", "seat": x})  # ZK-J9, ZK-W1
            self._end([x], "jerusalem")
            return
        if not won and self._retreat(x):
            return  # the fighter chooses where to retreat first
        self._finish_fight()

    def _retreat(self, x: int) -> bool:
        """ZK-C12: back to the step origin if it holds no unit, else a choice (True when
        the fighter has to make it)."""
        origin = self.origin[x]
        if origin >= 0 and self.unit_at(origin) < 0:
            self._move_retreat(x, origin)
            return False
        cells = self._retreat_cells(x)
        if len(cells) > 1:
            self.decision_kind, self.decider = RETREAT, x
            return True
        if cells:
            self._move_retreat(x, cells[0])
        else:
            self.origin[x] = -1  # (c): nowhere to go, the pawn stays
        return False

    def _move_retreat(self, x: int, cell: int) -> None:
        self.pawn[x] = cell
        self.origin[x] = -1
        self._event({"kind": "retreat", "seat": x, "to": self._xy(cell)})

    def _do_retreat(self, seat: int, action: ZkAction) -> None:
        self._move_retreat(seat, action.to)
        self._finish_fight()

    def _finish_fight(self) -> None:
        fight = self.fight
        assert fight is not None
        if fight.kind == JERUSALEM_ROUND:
            p = fight.fighter
            if fight.outcome == "won" and self.army[p] >= 5:
                self.decision_kind, self.decider = CONTINUE, p  # ZK-J10
                return
            self._end_siege()
            return
        self.fight = None
        self._resume(fight.then, fight.outcome)

    def _resume(self, then: tuple[Any, ...], outcome: str) -> None:
        """Where play goes on after a step or a fight."""
        what = then[0]
        p = self.active
        if what == "symbol":
            kind = ARMY if self.comp.cards[then[1]].symbol == "army" else FLEET
            if self._unit_moves(kind):
                self.symbol = kind
                self.decision_kind, self.decider = SYMBOL, p
                return
        elif what == "second":
            if outcome != "lost":
                self.two_step = then[1]
                if self._two_step_cells():
                    self.decision_kind, self.decider = SECOND_STEP, p
                    return
                self.two_step = -1
        elif what == "units":
            unit, seats = then[1], list(then[2:])
            if outcome == "lost":
                self._next_unit_fight(unit, seats)
                return
        elif what == "discard":
            self._enter_discard_phase()
            return
        self.decision_kind, self.decider = CARDS, p

    # city phase
    def _do_pray(self, seat: int, action: ZkAction) -> None:
        self._motivate(seat, 2)
        self._event({"kind": "pray", "seat": seat})
        self._enter_discard_phase()

    def _do_recruit(self, seat: int, action: ZkAction) -> None:
        k = action.amount
        self.treasure[seat] -= k
        got = self._supply_to_army(seat, 2 * k)
        self._event({"kind": "recruit", "seat": seat, "treasure": k, "troops": got})
        self._enter_discard_phase()

    def _do_plunder(self, seat: int, action: ZkAction) -> None:
        city = self.city_here(seat)
        kind = self.comp.board.cities[city].kind
        fight_kind = PLUNDER_MUSLIM if kind == GREEN_CITY else PLUNDER_CHRISTIAN
        self._start_fight(
            Fight(
                fight_kind,
                seat,
                ENEMY_CUBES[fight_kind],
                self.pawn[seat],
                city=city,
                then=("discard",),
            )
        )

    def _do_siege(self, seat: int, action: ZkAction) -> None:
        self.sieges += 1  # ZK-J2
        k = self.sieges
        reward = papal_reward(k)
        if self.options["papal_reward"] == ON_DECLARATION:
            self.treasure[seat] += reward
            self._event({"kind": "siege", "seat": seat, "number": k, "reward": reward})
        else:  # paid only if the siege is lost (ZK-J11)
            self._event({"kind": "siege", "seat": seat, "number": k, "if_lost": reward})
        self.siege_round = 0
        self._siege_round(seat)

    def _console_lost_siege(self, seat: int) -> None:
        """ZK-J2, ZK-J11, ZK-E36: the Pope's consolation for a lost siege no. 1-3."""
        reward = reward_if_lost(self.options, self.sieges)
        if reward:
            self.treasure[seat] += reward
            self._event(
                {"kind": "papal_reward", "seat": seat, "number": self.sieges, "reward": reward}
            )

    def _siege_round(self, p: int) -> None:
        self.siege_round += 1
        fight = Fight(JERUSALEM_ROUND, p, 0, self.pawn[p], then=("discard",))
        self.fight = fight
        self._event(
            {
                "kind": "siege_round",
                "seat": p,
                "round": self.siege_round,
                "defender": self.defender(),
            }
        )
        self._emptying_window()

    def _do_pass(self, seat: int, action: ZkAction) -> None:
        self._event({"kind": "pass", "seat": seat})
        self._enter_discard_phase()

    def _do_continue_siege(self, seat: int, action: ZkAction) -> None:
        self._siege_round(seat)

    def _do_stop_siege(self, seat: int, action: ZkAction) -> None:
        self._end_siege()

    def _end_siege(self) -> None:
        self._event({"kind": "siege_ends", "seat": self.active})
        self.siege_round = 0
        self._enter_discard_phase()

    # discard and draw
    def _do_discard(self, seat: int, action: ZkAction) -> None:
        self._play(seat, action.card)
        self._event({"kind": "discard", "seat": seat, "card": card_code(action.card)})

    def _do_end_discard(self, seat: int, action: ZkAction) -> None:
        self._draw_phase(seat)
        self._end_turn()

    def _draw_phase(self, p: int) -> None:
        """ZK-R34 to ZK-R36: draw D cards; immediate events resolve and do not count."""
        wanted = min(draw_limit(self.motivation[p]), HAND_LIMIT - len(self.hands[p]))
        got = 0
        cards = self.comp.cards
        while got < wanted:
            if not self.draw_pile:
                self.exhaustions += 1
                self._event({"kind": "exhausted", "count": self.exhaustions})
                if self.exhaustions >= 2:
                    break  # ZK-R36: the remaining draws are forfeited
                self.draw_pile = self.discard
                self.discard = []
                self.chance.shuffle("reshuffle", self.draw_pile)
                if not self.draw_pile:
                    self.exhaustions += 1
                    self._event({"kind": "exhausted", "count": self.exhaustions})
                    break
            card = self.draw_pile.pop()
            if cards[card].kind == IMMEDIATE:
                self._immediate(p, card)
                continue
            self.hands[p] = sorted([*self.hands[p], card])
            got += 1
            self._event({"kind": "draw", "seat": p, "card": card_code(card)})

    def _immediate(self, p: int, card: int) -> None:
        """ZK-EV01 to ZK-EV04."""
        event = self.comp.cards[card].event
        hit: list[int] = []
        if event == "plague":
            self._army_to_supply(p, 2)
            hit = [p]
        elif event == "storm_at_sea":
            board = self.comp.board
            for seat in range(self.players):
                if board.terrain[self.pawn[seat]] == SEA:
                    self._army_to_supply(seat, 2)
                    hit.append(seat)
        elif event == "saracen_reinforcement":
            self.garrison += 2
        elif event == "papal_blessing":
            for seat in range(self.players):
                self._motivate(seat, 1)
        self.discard.append(card)
        self._event(
            {"kind": "immediate", "seat": p, "card": card_code(card), "event": event, "hit": hit}
        )

    def _end_turn(self) -> None:
        """ZK-R12, ZK-W2, ZK-W3."""
        limit = self.options["turn_limit"]
        if self.exhaustions >= 2:
            self._end(self._exhaustion_winners(), "deck")
            return
        if limit != "none" and self.turn >= limit:
            self._end(self._exhaustion_winners(), "turn_limit")
            return
        self.turn += 1
        self.active = (self.active + 1) % self.players
        self.origin = [-1] * self.players  # ZK-R10
        self.decision_kind, self.decider = CARDS, self.active
        self._event({"kind": "turn", "seat": self.active, "turn": self.turn})

    def _exhaustion_winners(self) -> list[int]:
        """ZK-W4."""
        if self.options["exhaustion_winner"] == "none":
            return []
        keys = self._exhaustion_keys()
        best = max(keys)
        if best[0] == 0:
            return []
        return [s for s, k in enumerate(keys) if k == best]

    def _exhaustion_keys(self) -> list[tuple[int, ...]]:
        return [
            (len(self.green_tiles[s]), self.army[s], self.treasure[s]) for s in range(self.players)
        ]

    def _end(self, winners: list[int], reason: str) -> None:
        self.winner_seats = winners
        self.end_reason_code = reason
        self.decision_kind, self.decider = OVER, -1
        self.fight = None
        self.secret = None
        self._event({"kind": "game_over", "reason": reason, "winners": winners})

    def _advance(self) -> None:
        """Skip the decisions that offer nothing to choose (and reveal nothing)."""
        while True:
            if self.decision_kind == DISCARD and not self.hands[self.active]:
                self._draw_phase(self.active)
                self._end_turn()
                continue
            return

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
        if self.end_reason_code == "jerusalem":
            return [(1 if s in self.winner_seats else 0,) for s in range(self.players)]
        if self.options["exhaustion_winner"] == "most_muslim_cities":
            return list(self._exhaustion_keys())
        return [(0,)] * self.players

    # -- information ---------------------------------------------------------------------
    def view(self, seat: int | None) -> JSON:
        from .view import state_view

        return state_view(self, seat)

    def log(self, seat: int | None) -> list[JSON]:
        out = []
        for e in self._log[: self._log_n]:
            if e["kind"] == "draw" and e["seat"] != seat:
                e = {"kind": "draw", "seat": e["seat"]}  # ZK-H2: only the drawer sees it
            out.append(e)
        return out

    def private_facts(self, seat: int) -> set[str]:
        """The seat's hand cards whose ids were never public. A card that went through the
        discard pile and a reshuffle has a public id (its holder stays private, which the
        resample check covers)."""
        public: set[str] = set()
        for e in self._log[: self._log_n]:
            if e["kind"] == "setup":
                public.update(e["set_aside"])
            elif e["kind"] != "draw" and isinstance(e.get("card"), str):
                public.add(e["card"])
        return {card_code(c) for c in self.hands[seat]} - public

    def resample(self, seat: int | None, rng: random.Random) -> ZkState:
        """ZK-H6: re-deal unseen cards, face-down tiles, another seat's stored commitment
        and the tower's shelves; fresh chance."""
        other = self.clone()
        other._moves = None
        other._legal = None
        other.chance = Chance(rng.getrandbits(63))
        other.tower = other.tower.clone(other.chance)
        cards = self.comp.cards
        unseen = sorted(
            c for p in range(self.players) if p != seat for c in self.hands[p]
        ) + sorted(self.draw_pile)
        immediates = [c for c in unseen if cards[c].kind == IMMEDIATE]
        others = [c for c in unseen if cards[c].kind != IMMEDIATE]
        rng.shuffle(others)
        pos = 0
        for p in range(self.players):
            if p == seat:
                continue
            size = len(self.hands[p])
            other.hands[p] = sorted(others[pos : pos + size])
            pos += size
        pile = immediates + others[pos:]
        rng.shuffle(pile)
        other.draw_pile = pile
        board = self.comp.board
        for kind in (RED, GREEN_CITY):
            cities = [
                c.index for c in board.cities if c.kind == kind and self.plundered_by[c.index] < 0
            ]
            values = [self.tile[c] for c in cities]
            rng.shuffle(values)
            for c, v in zip(cities, values, strict=True):
                other.tile[c] = v
        if self.secret is not None and self.fight is not None:
            attacker = self.fight.fighter
            if attacker != seat and self.secret.own_choice(attacker) is not None:
                amount = rng.randint(5, self.army[attacker])
                secret = SimultaneousChoices(self.secret.expected)
                secret.submit(attacker, ZkAction("commit", amount=amount))
                other.secret = secret
        other.tower.resample_hidden(rng)
        return other

    def conserved(self) -> dict[str, int]:
        out = {
            "cards": len(self.draw_pile) + len(self.discard) + sum(len(h) for h in self.hands),
            "tiles": sum(1 for t in self.tile if t >= 0),
        }
        tower = self.tower
        for s in range(self.players):
            out[f"P{s} cubes"] = self.army[s] + self.supply[s] + tower.count(s)
        return out

    # -- persistence ---------------------------------------------------------------------
    def _data_json(self) -> JSON:
        fight = self.fight
        secret = None
        if self.secret is not None:
            secret = {
                "seats": list(self.secret.expected),
                "chosen": {str(s): a.to_json() for s, a in self.secret.choices()},
            }
        return {
            "knights": self.knights,
            "start_player": self.start_player,
            "active": self.active,
            "turn": self.turn,
            "decision": self.decision_kind,
            "decider": self.decider,
            "army": self.army,
            "supply": self.supply,
            "treasure": self.treasure,
            "motivation": self.motivation,
            "markers": self.markers,
            "pawn": self.pawn,
            "origin": self.origin,
            "hands": [[card_code(c) for c in h] for h in self.hands],
            "green_tiles": self.green_tiles,
            "red_tiles": self.red_tiles,
            "tile": self.tile,
            "plundered_by": self.plundered_by,
            "units": self.units,
            "garrison": self.garrison,
            "sieges": self.sieges,
            "siege_round": self.siege_round,
            "exhaustions": self.exhaustions,
            "draw_pile": [card_code(c) for c in self.draw_pile],
            "discard": [card_code(c) for c in self.discard],
            "set_aside": [card_code(c) for c in self.set_aside],
            "tower": self.tower.to_json(),
            "fight": None if fight is None else fight.to_json(),
            "secret": secret,
            "two_step": self.two_step,
            "symbol": self.symbol,
            "winners": self.winner_seats,
            "end_reason": self.end_reason_code,
            "log": self._log[: self._log_n],
        }

    @classmethod
    def from_data(
        cls, players: int, seed: int, options: dict[str, Any], comp: Components, data: JSON
    ) -> ZkState:
        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self.comp = comp
        with state_data_errors("im-zeichen-des-kreuzes state data"):
            _load(self, data)
        return self


def _ints(value: Any, n: int, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) != n:
        raise StateFormatError(f"'{what}' must be a list of {n} integers")
    for v in value:
        if not isinstance(v, int) or isinstance(v, bool):
            raise StateFormatError(f"'{what}' must be a list of {n} integers")
    return list(value)


def _load(self: ZkState, data: JSON) -> None:
    from .actions import action_from_json

    comp, players = self.comp, self.players
    board = comp.board
    ncells = len(board.terrain)
    self.knights = [str(k) for k in data["knights"]]
    if len(self.knights) != players or any(k not in comp.knight_ids for k in self.knights):
        raise StateFormatError(f"'knights' must name {players} knights of the edition")
    for name in ("start_player", "active", "turn", "decider", "garrison", "sieges"):
        if not isinstance(data[name], int):
            raise StateFormatError(f"'{name}' must be an integer")
    self.start_player, self.active, self.turn = data["start_player"], data["active"], data["turn"]
    self.decision_kind, self.decider = str(data["decision"]), data["decider"]
    if self.decision_kind not in (*DECISION_RULES, OVER):
        raise StateFormatError(f"unknown decision {self.decision_kind!r}")
    if not 0 <= self.active < players:
        raise StateFormatError("'active' is not a seat")
    for name in ("army", "supply", "treasure", "motivation", "markers", "pawn", "origin"):
        setattr(self, name, _ints(data[name], players, name))
    for p in range(players):
        if min(self.army[p], self.supply[p], self.treasure[p], self.markers[p]) < 0:
            raise StateFormatError(f"seat {p} has a negative army, supply, treasure or marker")
        if not 0 <= self.motivation[p] <= MOTIVATION_MAX:
            raise StateFormatError(f"seat {p}'s motivation must be 0..20")
        if not 0 <= self.pawn[p] < ncells or not -1 <= self.origin[p] < ncells:
            raise StateFormatError(f"seat {p}'s pawn or step origin is off the board")
    seen: set[int] = set()

    def card(code: Any) -> int:
        c = parse_card_code(code)
        if not 0 <= c < len(comp.cards):
            raise StateFormatError(f"unknown card {code!r}")
        if c in seen:
            raise StateFormatError(f"card {code} appears twice")
        seen.add(c)
        return c

    self.hands = [sorted(card(c) for c in h) for h in data["hands"]]
    if len(self.hands) != players or any(len(h) > HAND_LIMIT for h in self.hands):
        raise StateFormatError(f"'hands' must be {players} hands of at most 5 cards (ZK-R7)")
    self.draw_pile = [card(c) for c in data["draw_pile"]]
    self.discard = [card(c) for c in data["discard"]]
    if len(seen) != len(comp.cards):
        raise StateFormatError(f"the cards must be all {len(comp.cards)} cards exactly once")
    self.set_aside = [parse_card_code(c) for c in data["set_aside"]]
    self.green_tiles = [list(map(int, t)) for t in data["green_tiles"]]
    self.red_tiles = [list(map(int, t)) for t in data["red_tiles"]]
    self.tile = _ints(data["tile"], len(board.cities), "tile")
    self.plundered_by = _ints(data["plundered_by"], len(board.cities), "plundered_by")
    self.units = _ints(data["units"], len(comp.units), "units")
    self.garrison, self.sieges = data["garrison"], data["sieges"]
    self.siege_round = int(data["siege_round"])
    self.exhaustions = int(data["exhaustions"])
    self.tower = tower_from_json(data["tower"], self.chance)
    for p in range(players):
        if self.army[p] + self.supply[p] + self.tower.count(p) != CUBES:
            raise StateFormatError(f"seat {p}'s cubes do not add up to {CUBES} (ZK-R2)")
    self.fight = None if data["fight"] is None else Fight.from_json(data["fight"])
    self.secret = None
    if data["secret"] is not None:
        secret = SimultaneousChoices(tuple(data["secret"]["seats"]))
        for s, a in data["secret"]["chosen"].items():
            secret.submit(int(s), action_from_json(a))
        self.secret = secret
    self.two_step = int(data["two_step"])
    self.symbol = str(data["symbol"])
    self.winner_seats = [int(s) for s in data["winners"]]
    self.end_reason_code = str(data["end_reason"])
    log = data["log"]
    if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
        raise StateFormatError("'log' must be a list of events")
    self._log, self._log_n = list(log), len(log)
    self._legal = None
