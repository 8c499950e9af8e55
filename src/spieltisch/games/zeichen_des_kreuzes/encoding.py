"""The numeric face of Im Zeichen des Kreuzes (``engine.encoding``): a fixed action space
and a flat observation per player count and edition.

Actions are numbered block by block (``ZkEncoding.blocks``): first the actions without a
parameter, then one block per parameterised kind, each card-bound block with one slot per
card id of the edition and each cell-bound block restricted to the cells that kind can
ever reach (a sea card only targets sea cells, an army unit only land outside cities). Every
possible action is built once per configuration, so encoding and decoding are dictionary
and list look-ups.

The observation is built from the state's own fields, never from ``view()`` (far slower):
a list of zeros gets its non-zero entries, and the parts that change rarely (discard
counts, cities and holdings, units) come from small caches keyed by the content they read.
The static map is left out (``ZkEncoding.map_planes``). Seats appear in an order relative
to the observer (the observer first, then the following seats in turn order, ZK-R1); a
spectator sees seat 0 first. ``docs/research/im-zeichen-des-kreuzes.md`` documents both
layouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from ...engine.action import Action
from ...engine.encoding import Encoding, Slice
from ...engine.errors import IllegalAction
from ...engine.game import State
from . import actions as A
from .actions import ZkAction
from .board import CRETE, GREEN_CITY, MOUNTAIN, RED, SEA
from .components import FLEET, HELD, IMMEDIATE, MOVEMENT, Card, Components, card_code
from .constants import (
    ATTACK,
    CARDS,
    CITY,
    COMMIT,
    CONTINUE,
    CUBES,
    DEFEND,
    DISCARD,
    EMPTY,
    GARRISON,
    HAND_LIMIT,
    JERUSALEM_MOTIVATION,
    OVER,
    RETREAT,
    SECOND_STEP,
    SYMBOL,
    TRUCE,
)
from .fight import ENEMY_CUBES, FIGHT_TYPES, JERUSALEM_ROUND, Fight
from .papal import PAPAL_REWARD
from .refusals import refusal
from .state import ZkState
from .tower import COLOURS, GREEN, TowerBase

# the pending decision, one-hot in this order (ZK-R11, ZK-C3, ZK-J4)
DECISIONS = (
    CARDS,
    CITY,
    DISCARD,
    SECOND_STEP,
    SYMBOL,
    TRUCE,
    EMPTY,
    COMMIT,
    ATTACK,
    DEFEND,
    RETREAT,
    CONTINUE,
    OVER,
)
PHASES = ("card", "city", "discard", "over")  # ZK-R11
# the phase of each decision outside a fight (inside one it depends on the fight)
_PHASE_OF = {CARDS: 0, SECOND_STEP: 0, SYMBOL: 0, CITY: 1, CONTINUE: 1, DISCARD: 2, OVER: 3}
OUTCOMES = ("won", "lost", "truce")
# per-seat numbers that change at almost every step (the "seats" slice) and those that
# change rarely (the "seat_holdings" slice, cached with the cities); L(m) of ZK-R6 is left
# out: it is a function of the motivation
SEAT_FIELDS = (
    "active",
    "decider",
    "army",
    "supply",
    "tower",
    "treasure",
    "motivation",
    "hand_size",
    "siege_eligible",
)
SEAT_SLOW_FIELDS = ("start_player", "markers", "green_tiles", "red_tiles")
GAME_FIELDS = (
    "turn",
    "draw_pile",
    "discard_pile",
    "exhaustions",
    "garrison",
    "sieges",
    "siege_round",
    "tower_green",
    "tower_total",
)
# a fleet always stands at sea and an army on land (ZK-R20), so one plane shows both
PLANES = ("own_pawn", "other_pawns", "neutral_units")
# the eight neighbours (dx, dy), row by row (ZK-R8: 8-neighbour adjacency)
DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
# a tower whose count() is this one keeps its counts in the list _counts
_BASE_COUNT = TowerBase.count
# what observation() needs per observer (see ZkEncoding._build_observation)
_Observer = tuple[
    int,
    list[int],
    "itemgetter[Any]",
    tuple[int, ...],
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
]
# no game of a configuration with turn_limit = none has a finite bound (ZK-W3): this stands
# for "unbounded" and still fits a C int (OpenSpiel's GameInfo)
UNBOUNDED = 2**31 - 1

# the events that are played as a card-phase "event" action, and what they target
_TO_LAND, _TO_SEA, _TARGET = "land", "sea", "seat"
_EVENT_PARAM = {
    "forced_march": _TO_LAND,  # ZK-EV05
    "genoese_ships": _TO_SEA,  # ZK-EV11
    "ambush": _TARGET,  # ZK-EV12
    "mercenaries": "",
    "relic": "",
    "tribute": "",
    "crusade_sermon": "",
}
_SINGLETONS = (
    A.END_CARDS,
    A.STOP_STEPS,
    A.NO_UNIT_MOVE,
    A.FIGHT,
    A.KEEP_TOWER,
    A.empty_tower(),
    A.PRAY,
    A.PLUNDER,
    A.SIEGE,
    A.PASS,
    A.CONTINUE_SIEGE,
    A.STOP_SIEGE,
    A.END_DISCARD,
)


def card_type_key(card: Card) -> tuple[str, int, str, str]:
    """Cards with one key are interchangeable (same kind, terrain, symbol and event)."""
    return (card.kind, card.terrain, card.symbol or "", card.event or "")


def max_game_length(comp: Components, players: int, turn_limit: Any) -> int:
    """An upper bound on the moves of any game (all seats; chance is not a move).

    Every move belongs to one of three budgets:

    * per turn, at most 7 moves that need no card: end the card phase (ZK-R13), the city
      action (ZK-R25), then either a plunder fight (ZK-R28/29: emptying window, commit,
      retreat; plunder fights have no truce window, ZK-C3) or one siege round against an
      empty garrison (4 moves, and it ends the siege or the game: ZK-E32, ZK-J9), and the
      end of the discard phase (ZK-R33);
    * per card taken from the active player's hand, at most 6 + 4N moves: a discard is 1;
      a movement card is 1 play + a fight at the step (truce, emptying, commit, retreat:
      4, ZK-C3, ZK-C12) + the symbol move (1, ZK-R16) + a fight with each of the N pawns
      the unit may land on (ZK-R22); a two-step event is 1 + 4 + 1 + 4 = 10 <= 6 + 4N;
      an ambush 1 + 4. Cards played in a fight's windows (Truce, Holy Lance, Tower
      shaking) add no move. Hands never grow inside a turn (only drawing adds, ZK-R7), and
      a card enters a hand only at the deal (5 per seat, ZK-S9) or by a draw; every card is
      drawn at most twice, once per pass through the deck, since the game ends at the
      second exhaustion (ZK-R36, ZK-W2, ZK-E30) - so at most 5N + 2H cards ever leave a
      hand, H the edition's cards that can be held (immediate events never are, ZK-R35);
    * siege rounds against a garrison g >= 1: each takes at least 1 green cube away for
      good (ZK-J5, ZK-J6), and the garrison only grows by Saracen reinforcement (+2 per
      draw, ZK-EV03), so there are at most 15 + 2 * 2 * S of them (S Saracen
      reinforcement cards), 4 moves each (emptying window, attack, defence, continue or
      retreat: ZK-J4, ZK-J10).

    The number of turns is bounded only by ``turn_limit`` (ZK-W3, ZK-O10): a player with a
    full hand who plays and discards nothing draws nothing (ZK-R34), so the deck alone
    does not end a game. With ``turn_limit = none`` there is no bound; ``UNBOUNDED`` is
    returned.
    """
    if turn_limit == "none":
        return UNBOUNDED
    held = sum(1 for c in comp.cards if c.kind != IMMEDIATE)
    saracen = sum(1 for c in comp.cards if c.event == "saracen_reinforcement")
    per_card = 6 + 4 * players
    cards_through_hands = HAND_LIMIT * players + 2 * held
    positive_rounds = GARRISON + 2 * 2 * saracen
    return int(turn_limit) * 7 + per_card * cards_through_hands + 4 * positive_rounds


class ZkEncoding(Encoding):
    """The encoding of one configuration: players, the edition's components, turn limit."""

    def __init__(self, comp: Components, players: int, turn_limit: Any) -> None:
        self.comp = comp
        self.players = players
        self.max_game_length = max_game_length(comp, players, turn_limit)
        # ZK-W5: u_i = r_i - 1/N with r_i = 1/|W| for a winner: a sole winner gets 1 - 1/N,
        # a loser -1/N (everybody 0 without a winner)
        self.utility_bounds = (-1.0 / players, 1.0 - 1.0 / players)
        self._build_actions()
        self._build_observation()
        self.observation_bounds = self._bounds(turn_limit)

    # -- actions ---------------------------------------------------------------------------
    def _build_actions(self) -> None:
        comp, board, n = self.comp, self.comp.board, self.players
        ncells = len(board.terrain)
        all_cells = list(range(ncells))
        sea = [c for c in all_cells if board.terrain[c] == SEA]
        land = [c for c in all_cells if board.terrain[c] != SEA]
        by_card_terrain = [[c for c in all_cells if board.terrain[c] == t] for t in range(3)] + [
            all_cells
        ]  # the joker reaches any terrain (ZK-R14)
        cards = comp.cards
        holdable = [c.id for c in cards if c.kind != IMMEDIATE]
        lances = [c.id for c in cards if c.event == "holy_lance"]
        max_garrison = GARRISON + 2 * 2 * sum(
            1 for c in cards if c.event == "saracen_reinforcement"
        )  # see max_game_length: each Saracen reinforcement is drawn at most twice

        actions: list[ZkAction] = []
        # (kind, first index, size, what the parameters are)
        blocks: list[tuple[str, int, int, str]] = []

        def block(kind: str, items: Sequence[ZkAction], doc: str) -> None:
            blocks.append((kind, len(actions), len(items), doc))
            actions.extend(items)

        block("singletons", _SINGLETONS, "one action each, in the order listed")
        block(
            "move",
            [
                A.move(c.id, to)
                for c in cards
                if c.kind == MOVEMENT
                for to in by_card_terrain[c.terrain]
            ],
            "movement card x target cell of the card's terrain (joker: any cell), by card "
            "id then cell index (ZK-R14)",
        )
        events: list[ZkAction] = []
        for c in cards:
            if c.kind != HELD or c.event not in _EVENT_PARAM:
                continue
            param = _EVENT_PARAM[c.event or ""]
            if param == _TO_LAND:
                events.extend(ZkAction("event", card=c.id, to=to) for to in land)
            elif param == _TO_SEA:
                events.extend(ZkAction("event", card=c.id, to=to) for to in sea)
            elif param == _TARGET:
                events.extend(ZkAction("event", card=c.id, target=s) for s in range(n))
            else:
                events.append(ZkAction("event", card=c.id))
        block(
            "event",
            events,
            "card-phase event card by card id: Forced march x land cell, Genoese ships x "
            "sea cell, Ambush x target seat, others one slot (section 6)",
        )
        block(
            "step",
            [A.step(to) for to in all_cells],
            "second step of a two-step event to a cell (ZK-EV05, ZK-EV11)",
        )
        unit_moves: list[ZkAction] = []
        army_cells = [c for c in land if c not in board.city_at]
        for unit in comp.units:
            targets = sea if unit.kind == FLEET else army_cells
            unit_moves.extend(A.move_unit(unit.index, to) for to in targets)
        block(
            "move_unit",
            unit_moves,
            "neutral unit x cell (fleet: sea cells; army: land cells outside cities) (ZK-R20)",
        )
        block(
            "truce",
            [A.truce(c.id) for c in cards if c.event == "truce"],
            "one per Truce card (ZK-EV09)",
        )
        block(
            "empty_tower",
            [A.empty_tower(c.id) for c in cards if c.event == "tower_shaking"],
            "empty the tower with a Tower shaking card, one per card (ZK-T5, ZK-EV10)",
        )
        block(
            "commit",
            [A.commit(k, lance) for lance in (-1, *lances) for k in range(1, CUBES + 1)],
            f"troops 1..{CUBES} without a Holy Lance, then the same with each Holy Lance "
            "card (ZK-C3, ZK-J4, ZK-EV13)",
        )
        block(
            "defend",
            [A.defend(d) for d in range(max_garrison + 1)],
            f"garrison cubes 0..{max_garrison} (ZK-J5)",
        )
        block("retreat", [A.retreat(to) for to in all_cells], "retreat to a cell (ZK-C12)")
        block(
            "recruit",
            [A.recruit(k) for k in range(1, (CUBES + 1) // 2 + 1)],
            f"treasure paid 1..{(CUBES + 1) // 2} (ZK-R27)",
        )
        block("discard", [A.discard(c) for c in holdable], "one per holdable card (ZK-R33)")

        self.blocks = tuple(blocks)
        self._actions = actions
        self._index: dict[Action, int] = {a: i for i, a in enumerate(actions)}
        assert len(self._index) == len(actions), "two slots for one action"
        self.num_actions = len(actions)

    def action_index(self, action: Any) -> int:
        index = self._index.get(action)
        if index is None:
            raise IllegalAction(f"{action} is never an action of this configuration")
        return index

    def legal_indices(self, state: State, seat: int) -> list[int]:
        index = self._index
        return sorted(index[a] for a in state.legal_actions(seat))

    def action_from_index(self, state: State, seat: int, index: int) -> ZkAction:
        if not 0 <= index < self.num_actions:
            raise IllegalAction(f"action index {index} is outside 0..{self.num_actions - 1}")
        action = self._actions[index]
        # the state's own (cached) legal list decides; most slots are the same objects the
        # rules hand out, so the membership test mostly compares by identity
        if action not in state.legal_actions(seat):
            assert isinstance(state, ZkState)
            why = refusal(state, seat, action)
            raise IllegalAction(
                f"action index {index} ({action}) is not legal for seat {seat}"
                + ("" if why is None else f": {why.reason}"),
                None if why is None else why.rule,
            )
        return action

    def describe_action(self, index: int) -> str:
        if not 0 <= index < self.num_actions:
            return f"action {index} (outside 0..{self.num_actions - 1})"
        a = self._actions[index]
        board = self.comp.board
        parts = [a.kind]
        if a.card >= 0:
            parts.append(f"{card_code(a.card)} ({self.comp.cards[a.card].label()})")
        if a.amount >= 0:
            parts.append(str(a.amount))
        if a.unit >= 0:
            parts.append(self.comp.units[a.unit].id)
        if a.target >= 0:
            parts.append(f"against seat {a.target}")
        if a.to >= 0:
            x, y = board.xy(a.to)
            city = board.city_at.get(a.to)
            parts.append(f"-> ({x},{y})" + ("" if city is None else f" {board.cities[city].name}"))
        if a.kind == "empty_tower" and a.card < 0:
            parts.append("with a purple marker")
        return " ".join(parts)

    # -- observation -----------------------------------------------------------------------
    def _build_observation(self) -> None:
        comp, board, n = self.comp, self.comp.board, self.players
        ncells = len(board.terrain)
        self.ncells = ncells
        types: dict[tuple[str, int, str, str], int] = {}
        names: list[str] = []
        for card in comp.cards:
            key = card_type_key(card)
            if key not in types:
                types[key] = len(types)
                names.append(card.label() + (" (immediate)" if card.kind == IMMEDIATE else ""))
        self.card_types = tuple(names)
        self._card_type = [types[card_type_key(c)] for c in comp.cards]
        self.red_values = tuple(sorted(set(comp.red_values)))
        self.green_values = tuple(sorted(set(comp.green_values)))
        self.knight_ids = comp.knight_ids
        self._knight_of = {k: i for i, k in enumerate(comp.knight_ids)}
        nunits = len(comp.units)
        nfight = 1 + len(FIGHT_TYPES) + n + 1 + nunits + 1 + 1 + len(OUTCOMES) + 2 + n

        layout: list[Slice] = []

        def part(name: str, size: int, doc: str) -> int:
            start = layout[-1].start + layout[-1].size if layout else 0
            layout.append(Slice(name, start, size, doc))
            return start

        self._o_seat = part(
            "observer",
            n + 1,
            "one-hot: the observing seat (absolute), last entry 1 for a spectator (ZK-H5)",
        )
        self._o_decision = part(
            "decision",
            len(DECISIONS),
            "one-hot pending decision: " + ", ".join(DECISIONS) + " (ZK-R11, ZK-C3, ZK-J4)",
        )
        self._o_phase = part("phase", len(PHASES), "one-hot turn phase: " + ", ".join(PHASES))
        self._o_game = part(
            "game",
            len(GAME_FIELDS),
            "counts: " + ", ".join(GAME_FIELDS) + " (ZK-H1, ZK-R36, ZK-J2, ZK-T6)",
        )
        self._o_seats = part(
            "seats",
            len(SEAT_FIELDS) * n,
            f"{len(SEAT_FIELDS)} fields x {n} seats (field-major, relative seat order): "
            + ", ".join(SEAT_FIELDS)
            + " (ZK-H1, ZK-R2, ZK-R5, ZK-J1)",
        )
        self._o_hand_types = part(
            "hand_types",
            len(names),
            "own hand: cards per card type (zero for a spectator) (ZK-H2)",
        )
        self._o_hand_cards = part(
            "hand_cards",
            len(comp.cards),
            "own hand: 1 per card id held (zero for a spectator) (ZK-H2)",
        )
        self._o_discard = part(
            "discard_types",
            len(names),
            "discard pile: cards per card type (public, ZK-R37)",
        )
        self._o_holdings = part(
            "seat_holdings",
            len(SEAT_SLOW_FIELDS) * n,
            f"{len(SEAT_SLOW_FIELDS)} fields x {n} seats (field-major, relative seat order): "
            + ", ".join(SEAT_SLOW_FIELDS)
            + " (ZK-S3, ZK-T5, ZK-R30)",
        )
        self._o_knights = part(
            "knights",
            n * len(self.knight_ids),
            f"{n} seats (relative order) x knight one-hot "
            + ", ".join(self.knight_ids)
            + " (ZK-S2)",
        )
        self._o_cities = part(
            "cities",
            len(board.cities) * (n + 1),
            f"per city (board order), {n + 1} numbers: plundered-by one-hot (relative "
            "seat order), revealed tile value (0 while face down) (ZK-R28, ZK-R29, ZK-E48)",
        )
        self._o_red = part(
            "face_down_red",
            len(self.red_values),
            "face-down red tiles per value " + str(list(self.red_values)) + " (ZK-H1)",
        )
        self._o_green = part(
            "face_down_green",
            len(self.green_values),
            "face-down green tiles per value " + str(list(self.green_values)) + " (ZK-H1)",
        )
        self._o_units = part(
            "units",
            2 * nunits,
            "per neutral unit "
            + ", ".join(u.id for u in comp.units)
            + ": in play, on its own start cell (ZK-R18, ZK-R23)",
        )
        self._o_fight = part(
            "fight",
            nfight,
            "the fight being resolved: present, type one-hot ("
            + ", ".join(FIGHT_TYPES)
            + f"), fighter one-hot ({n}, relative), enemy green cubes, unit one-hot, Holy "
            "Lance played, fighter cubes thrown (once public), outcome one-hot (won, lost, "
            "truce), attacker committed (siege), own stored commitment (the attacker "
            f"only), defender one-hot ({n}, relative) (ZK-C1, ZK-C3, ZK-J4, ZK-H4)",
        )
        self._o_context = part(
            "context",
            4,
            "symbol move of a fleet, of an army (ZK-R16); two-step card Forced march, "
            "Genoese ships (ZK-EV05, ZK-EV11)",
        )
        self._o_origin = part(
            "step_origin",
            len(DIRECTIONS),
            "the active pawn's step origin as a direction from the pawn, one-hot "
            + " ".join(f"({dx},{dy})" for dx, dy in DIRECTIONS)
            + "; all 0: none (ZK-R10, ZK-C12)",
        )
        self._o_planes = part(
            "planes",
            len(PLANES) * ncells,
            f"{len(PLANES)} planes of {board.height} rows x {board.width} cells (index "
            "y * width + x): " + ", ".join(PLANES) + " (ZK-R9, ZK-R18, ZK-R20)",
        )
        self.observation_size = self._o_planes + len(PLANES) * ncells
        self._layout = tuple(layout)

        # the slices seat_holdings to face_down_green before any plunder
        self._slow_start = (
            [0.0] * (self._o_red - self._o_holdings)
            + [float(comp.red_values.count(v)) for v in self.red_values]
            + [float(comp.green_values.count(v)) for v in self.green_values]
        )
        # per observer r: the key the block came from, the block, the seats with enough
        # Muslim tiles for a siege (ZK-J1 (i); read by siege_eligible)
        self._slow_cache: list[tuple[tuple[Any, ...], list[float], list[int]] | None] = [None] * n
        self._needed = 1 if n == 5 else 2  # ZK-J1 (i), as ZkState.jerusalem_tiles
        self._decision_of = {d: i for i, d in enumerate(DECISIONS)}
        self._fight_of = {f: i for i, f in enumerate(FIGHT_TYPES)}
        self._outcome_of = {o: i for i, o in enumerate(OUTCOMES)}
        # relative order: _rel[r][seat] is seat's position for observer r
        self._rel = [[(s - r) % n for s in range(n)] for r in range(n)]
        self._heads: dict[tuple[int | None, str, int], list[float]] = {}
        # the numeric per-seat fields (army to hand_size) from absolute seat order,
        # field-major, to relative order: one C-level gather per observation; the one-hot
        # fields (active, decider, siege_eligible) are set directly
        b = self._o_seats
        self._seat_order = [
            itemgetter(*(f * n + (r + k) % n for f in range(6) for k in range(n))) for r in range(n)
        ]
        # per observer (None: the spectator): relative order, gather, the seats counted in
        # the other_pawns plane, the absolute seat whose hand is shown (-1: none), then
        # the offsets observation() writes at (one unpack instead of attribute look-ups)
        offsets = (
            self._o_game,
            self._o_holdings,
            b,
            b + 2 * n,
            b + 8 * n,
            self._o_discard,
            self._o_units,
            self._o_planes,
            self._o_planes + ncells,
        )
        self._observers: dict[int | None, _Observer] = {}
        for viewer in (None, *range(n)):
            r = 0 if viewer is None else viewer
            self._observers[viewer] = (
                r,
                self._rel[r],
                self._seat_order[r],
                tuple(s for s in range(n) if s != viewer),
                -1 if viewer is None else viewer,
                *offsets,
            )
        # each card's entry in hand_types and in hand_cards
        self._hand_type_at = [self._o_hand_types + t for t in self._card_type]
        self._hand_card_at = [self._o_hand_cards + c for c in range(len(comp.cards))]
        empty: list[int] = []
        self._units_cache: tuple[list[int], list[float], list[int]] = (empty, [], [])
        self._discard_cache: tuple[list[int], list[float]] = (empty, [0.0] * len(names))
        self._city_kind = [c.kind for c in board.cities]
        self._unit_start = [u.start_cell for u in comp.units]
        self._unit_plane = self._o_planes + 2 * ncells
        self._red_pos = {v: i for i, v in enumerate(self.red_values)}
        self._green_pos = {v: i for i, v in enumerate(self.green_values)}
        width = board.width
        # the step origin's entry by the origin's offset from the active pawn
        self._direction = {
            dy * width + dx: self._o_origin + i for i, (dx, dy) in enumerate(DIRECTIONS)
        }

    def _bounds(self, turn_limit: Any) -> tuple[tuple[float, ...], tuple[float, ...]] | None:
        """``observation_bounds``: every number is >= 0; the upper bound of each position is
        the most the rules allow (one-hots and flags 1), from the rules' counts and the
        edition's data, never from observed games. With ``turn_limit = none`` the turn
        counter, the siege counter and the green cubes in the tower have no bound (ZK-W3):
        ``None`` then."""
        if turn_limit == "none":
            return None
        comp, board, n = self.comp, self.comp.board, self.players
        turns = int(turn_limit)  # ZK-W3: the game ends when turn number turn_limit ends
        cards = comp.cards
        held = sum(1 for c in cards if c.kind != IMMEDIATE)
        saracen = sum(1 for c in cards if c.event == "saracen_reinforcement")
        tribute = sum(1 for c in cards if c.event == "tribute")
        # ZK-S7, ZK-EV03, ZK-J6: only Saracen reinforcement (+2, each card drawn at most
        # twice, ZK-R36) adds to the garrison of 15, and greens never return to it
        garrison = GARRISON + 2 * 2 * saracen
        # greens enter the tower only by throws (ZK-T1): at most 3 per fight outside
        # Jerusalem (ZK-C1), of which there are at most one per turn (the city action,
        # ZK-R25) and 1 + N per card leaving a hand (a step fight, ZK-R15, and one per pawn
        # a symbol-moved unit lands on, ZK-R22; see max_game_length for the 5N + 2H cards);
        # a Jerusalem round throws garrison cubes only (ZK-J6). The tower models' own caps
        # are not used: one encoding serves both models and any tower (ZK-T8)
        fights = turns + (1 + n) * (HAND_LIMIT * n + 2 * held)
        tower_greens = max(ENEMY_CUBES.values()) * fights + garrison
        # ZK-R29: a seat holds at most plunder_limit green tiles (3, or 2 with 5 players)
        green_limit = 2 if n == 5 else 3
        # ZK-R4: treasure only grows by the knight's start (ZK-S4), tiles (ZK-R28, ZK-R29),
        # Tribute (+2, each card played at most twice, ZK-EV08) and the papal rewards (ZK-J2)
        treasure = (
            max(k.treasure for k in comp.knights)
            + sum(comp.red_values)
            + sum(sorted(comp.green_values)[-green_limit:])
            + 2 * 2 * tribute
            + sum(PAPAL_REWARD)
        )
        type_count = [0] * len(self.card_types)
        immediate_type = [False] * len(self.card_types)
        for card, t in zip(cards, self._card_type, strict=True):
            type_count[t] += 1
            immediate_type[t] = card.kind == IMMEDIATE

        high: list[float] = []
        high += [1.0] * (n + 1 + len(DECISIONS) + len(PHASES))  # observer, decision, phase
        high += [  # game (GAME_FIELDS)
            turns,  # ZK-W3
            len(cards),  # draw pile: the whole deck at most (rules 2.5)
            len(cards),  # discard pile (ZK-R37)
            2,  # exhaustions: the game ends at the second (ZK-R36, ZK-W2)
            garrison,
            turns,  # sieges: one city option per turn (ZK-R25, ZK-J2)
            # siege_round: every round against a garrison >= 1 removes a green for good
            # (ZK-J5, ZK-J6); a round against 0 ends the siege or the game (ZK-J9, ZK-J11)
            garrison,
            tower_greens,
            tower_greens + CUBES * n,  # tower total: greens and the players' cubes (ZK-R2)
        ]
        seat_high = (1, 1, CUBES, CUBES, CUBES, treasure, 20, HAND_LIMIT, 1)  # ZK-R2, R5, R7
        for value in seat_high:  # seats: field-major
            high += [value] * n
        # hand: immediate events never stay in a hand (ZK-R7, ZK-R35)
        high += [
            0 if immediate else min(HAND_LIMIT, count)
            for count, immediate in zip(type_count, immediate_type, strict=True)
        ]
        high += [0 if c.kind == IMMEDIATE else 1 for c in cards]
        high += type_count  # discard_types: the cards of that type in the deck (rules 2.5)
        red_cities = sum(1 for c in board.cities if c.kind == RED)
        # seat_holdings: start player, purple markers (2, never more: ZK-S4, ZK-T5), green
        # tiles (ZK-R29), red tiles (one per red city, ZK-R28)
        for value in (1, 2, min(green_limit, len(comp.green_values)), red_cities):
            high += [value] * n
        high += [1.0] * (n * len(self.knight_ids))  # knights
        for city in board.cities:  # Candia and Jerusalem are never plundered (ZK-R31, R32)
            if city.kind == RED:
                high += [1] * n + [max(comp.red_values)]
            elif city.kind == GREEN_CITY:
                high += [1] * n + [max(comp.green_values)]
            else:
                high += [0] * (n + 1)
        high += [comp.red_values.count(v) for v in self.red_values]  # only ever revealed
        high += [comp.green_values.count(v) for v in self.green_values]
        high += [1] * (2 * len(comp.units))  # units
        high += [1] * (1 + len(FIGHT_TYPES) + n)  # fight: present, type, fighter
        high += [max(*ENEMY_CUBES.values(), garrison)]  # enemy: E, or d <= garrison (ZK-J5)
        high += [1] * (len(comp.units) + 1)  # unit, Holy Lance
        high += [CUBES]  # cubes thrown: at most the army (ZK-R2)
        high += [1] * (len(OUTCOMES) + 1)  # outcome, attacker committed
        high += [CUBES]  # own stored commitment a <= army (ZK-J5)
        high += [1] * n  # defender
        high += [1] * (4 + len(DIRECTIONS))  # context, step_origin
        # planes: own pawn; other pawns, any number per cell (ZK-R9): all N for a
        # spectator; a neutral unit
        ncells = self.ncells
        high += [1] * ncells + [n] * ncells + [1] * ncells
        assert len(high) == self.observation_size
        # a number the rules keep at 0 (an immediate event in a hand, Candia's or
        # Jerusalem's plunderer and tile) gets the nominal bound 1: a Box dimension with
        # low == high makes gymnasium's check_env warn
        return (0.0,) * len(high), tuple(max(1.0, float(h)) for h in high)

    def observation_layout(self) -> Sequence[Slice]:
        return self._layout

    def map_planes(self) -> list[float]:
        """The static map, which the observation leaves out (it never changes within a
        configuration and would double the observation's cost): four planes over the
        cells, index ``plane * cells + y * width + x``: sea, mountain (plain is neither),
        Christian city (red and Candia), Muslim city (green and Jerusalem) (ZK-R8)."""
        board = self.comp.board
        ncells = self.ncells
        out = [0.0] * (4 * ncells)
        for cell, terrain in enumerate(board.terrain):
            if terrain == SEA:
                out[cell] = 1.0
            elif terrain == MOUNTAIN:
                out[ncells + cell] = 1.0
        for city in board.cities:
            out[(2 if city.kind in (RED, CRETE) else 3) * ncells + city.cell] = 1.0
        return out

    def observation(self, state: State, seat: int | None) -> list[float]:
        # cost matters (issue 7: a step plus this within 2x a plain step): the list is
        # small, per-seat numbers are gathered into relative order by one C-level call,
        # rarely changing parts are cached, and only non-zero entries are set
        assert isinstance(state, ZkState)
        obs = [0.0] * self.observation_size
        r, rel, seat_order, others, own, g, kb, b, lo, hi, dt, ub, planes, at = self._observers[
            seat
        ]
        n = self.players
        decision = state.decision_kind
        fight = state.fight
        # the phase as view.phase_of names it (ZK-R11): a fight belongs to the city phase
        # when play resumes with the discard phase after it
        phase = _PHASE_OF.get(decision)
        if phase is None:
            phase = 1 if fight is not None and fight.then == ("discard",) else 0
        # observer, decision and phase are adjacent one-hots: one cached row per combination
        head = self._heads.get((seat, decision, phase))
        if head is None:
            head = self._head(seat, decision, phase)
        obs[: len(head)] = head

        tower = state.tower
        # the cube counts per colour: read directly from a tower whose count() is
        # TowerBase's (a list look-up; n + 1 method calls would cost more than the gather)
        if isinstance(tower, TowerBase) and type(tower).count is _BASE_COUNT:
            counts = tower._counts
        else:
            counts = [*map(tower.count, range(COLOURS))]
        obs[g : g + 9] = (
            state.turn,
            len(state.draw_pile),
            len(state.discard),
            state.exhaustions,
            state.garrison,
            state.sieges,
            state.siege_round,
            counts[GREEN],
            tower.total(),
        )

        # holdings, knights, cities and face-down tiles change rarely: one cached block per
        # observer, keyed by what it reads (copies: a list compares by content, and the
        # copies are never the state's own lists, which could change in place); the face-
        # down tile values are in the key too (a cheap list compare): the block does not
        # depend on them, so a resampled state only misses the cache
        key = (
            state.knights,  # never changed within a game: compared by identity first
            state.start_player,
            state.markers,
            state.green_tiles,
            state.red_tiles,
            state.plundered_by,
            state.tile,
        )
        cached = self._slow_cache[r]
        if cached is None or cached[0] != key:
            cached = self._slow_block(r, state)
        block = cached[1]
        obs[kb : kb + len(block)] = block

        # field-major: field f of the seat at relative position k is at seats + f * n + k
        army, motivation = state.army, state.motivation
        obs[b + rel[state.active]] = 1.0
        decider = state.decider
        if decider >= 0:  # -1 when the game is over
            obs[b + n + rel[decider]] = 1.0
        obs[lo:hi] = seat_order(
            [
                *army,
                *state.supply,
                *counts[:n],
                *state.treasure,
                *motivation,
                *map(len, state.hands),
            ]
        )
        for s in cached[2]:  # most of a game nobody holds enough Muslim tiles
            if motivation[s] >= JERUSALEM_MOTIVATION and army[s] >= 5:  # ZK-J1
                obs[hi + rel[s]] = 1.0

        if own >= 0:
            type_at, card_at = self._hand_type_at, self._hand_card_at
            for c in state.hands[own]:
                obs[type_at[c]] += 1.0
                obs[card_at[c]] = 1.0
        discard, cached_discard = state.discard, self._discard_cache
        if cached_discard[0] != discard:
            cached_discard = self._discard_counts(discard)
        per_type = cached_discard[1]
        obs[dt : dt + len(per_type)] = per_type

        units, cached_units = state.units, self._units_cache
        if cached_units[0] != units:
            cached_units = self._units_block(units)
        unit_block = cached_units[1]
        obs[ub : ub + len(unit_block)] = unit_block
        for i in cached_units[2]:
            obs[i] = 1.0

        pawns = state.pawn
        active = state.active
        origin = state.origin[active]
        if origin >= 0:
            direction = self._direction.get(origin - pawns[active])
            if direction is not None:  # always adjacent: only steps set it (ZK-R10)
                obs[direction] = 1.0
        if own >= 0:
            obs[planes + pawns[own]] = 1.0
        for s in others:
            obs[at + pawns[s]] += 1.0

        if fight is not None:
            self._fight(obs, state, fight, seat, rel)
        if decision == SYMBOL:
            obs[self._o_context + (0 if state.symbol == FLEET else 1)] = 1.0
        two_step = state.two_step
        if two_step >= 0:
            event = self.comp.cards[two_step].event
            obs[self._o_context + (2 if event == "forced_march" else 3)] = 1.0
        return obs

    def _head(self, seat: int | None, decision: str, phase: int) -> list[float]:
        """The observer, decision and phase one-hots (the first slices)."""
        n = self.players
        head = [0.0] * (self._o_phase + len(PHASES))
        head[self._o_seat + (n if seat is None else seat)] = 1.0
        head[self._o_decision + self._decision_of[decision]] = 1.0
        head[self._o_phase + phase] = 1.0
        self._heads[(seat, decision, phase)] = head
        return head

    def _slow_block(self, r: int, state: ZkState) -> tuple[tuple[Any, ...], list[float], list[int]]:
        """The slices seat_holdings, knights, cities, face_down_red and face_down_green
        for observer ``r``, kept with the key they came from (copies of what they read),
        and the seats holding enough Muslim tiles to besiege Jerusalem (ZK-J1 (i))."""
        n, rel, nk = self.players, self._rel[r], len(self.knight_ids)
        base = self._o_holdings
        out = self._slow_start.copy()
        out[rel[state.start_player]] = 1.0
        for s in range(n):
            out[n + rel[s]] = state.markers[s]
            out[2 * n + rel[s]] = len(state.green_tiles[s])
            out[3 * n + rel[s]] = len(state.red_tiles[s])
        knights = self._o_knights - base
        for s, knight in enumerate(state.knights):
            out[knights + rel[s] * nk + self._knight_of[knight]] = 1.0
        cities = self._o_cities - base
        red, green = self._o_red - base, self._o_green - base
        tile = state.tile
        for city, by in enumerate(state.plundered_by):
            if by < 0:
                continue
            value = tile[city]
            c = cities + city * (n + 1)
            out[c + rel[by]] = 1.0
            out[c + n] = value
            # a revealed tile leaves the face-down counts (ZK-H1)
            if self._city_kind[city] == RED:
                out[red + self._red_pos[value]] -= 1.0
            elif self._city_kind[city] == GREEN_CITY:
                out[green + self._green_pos[value]] -= 1.0
        key = (
            state.knights,
            state.start_player,
            state.markers.copy(),
            [t.copy() for t in state.green_tiles],
            [t.copy() for t in state.red_tiles],
            state.plundered_by.copy(),
            tile.copy(),
        )
        candidates = [s for s in range(n) if len(state.green_tiles[s]) >= self._needed]
        cached = (key, out, candidates)
        self._slow_cache[r] = cached  # one assignment: safe to share
        return cached

    def _units_block(self, units: list[int]) -> tuple[list[int], list[float], list[int]]:
        """The units slice and the neutral_units plane entries for these unit cells."""
        block = [0.0] * (2 * len(units))
        cells = []
        for u, here in enumerate(units):
            if here >= 0:  # in play (ZK-R18), on its own start cell or not (ZK-R23)
                block[2 * u] = 1.0
                if here == self._unit_start[u]:
                    block[2 * u + 1] = 1.0
                cells.append(self._unit_plane + here)
        cached = (units.copy(), block, cells)
        self._units_cache = cached  # one assignment: safe to share
        return cached

    def _discard_counts(self, discard: list[int]) -> tuple[list[int], list[float]]:
        """Cards per type in the discard pile. Within a game the pile only grows until the
        reshuffle (ZK-R36), so the counts of the last pile seen are extended when it is a
        prefix of this one instead of looping over the whole pile."""
        key, counts = self._discard_cache
        card_type = self._card_type
        k = len(key)
        if len(discard) >= k and discard[:k] == key:
            counts = counts.copy()
            for c in discard[k:]:
                counts[card_type[c]] += 1.0
        else:
            counts = [0.0] * len(self.card_types)
            for c in discard:
                counts[card_type[c]] += 1.0
        cached = (discard.copy(), counts)
        self._discard_cache = cached  # one assignment: safe to share
        return cached

    def _fight(
        self, obs: list[float], state: ZkState, fight: Fight, seat: int | None, rel: list[int]
    ) -> None:
        n = self.players
        f = self._o_fight
        obs[f] = 1.0
        obs[f + 1 + self._fight_of[fight.kind]] = 1.0
        f += 1 + len(FIGHT_TYPES)
        obs[f + rel[fight.fighter]] = 1.0
        f += n
        obs[f] = fight.enemy
        f += 1
        if fight.unit >= 0:
            obs[f + fight.unit] = 1.0
        f += len(self._unit_start)
        if fight.lance >= 0:
            obs[f] = 1.0
        if fight.committed >= 0:
            obs[f + 1] = fight.committed
        f += 2
        if fight.outcome:
            obs[f + self._outcome_of[fight.outcome]] = 1.0
        f += len(OUTCOMES)
        if fight.kind == JERUSALEM_ROUND:
            secret = state.secret
            if secret is not None:
                mine = secret.own_choice(fight.fighter)
                if mine is not None:
                    obs[f] = 1.0  # that the attacker chose is public (ZK-H4)
                    if seat == fight.fighter:
                        assert isinstance(mine, ZkAction)
                        obs[f + 1] = mine.amount  # private to the attacker (ZK-H2)
            obs[f + 2 + rel[(state.active - 1) % n]] = 1.0  # the defender (ZK-J3)


# encodings by (players, components, turn limit): building one lists every action. Editions
# are parsed once per process (``components_for`` caches them), so one components object
# stands for one edition
_CACHE: dict[tuple[int, int, Any], ZkEncoding] = {}


def encoding_for(comp: Components, players: int, turn_limit: Any) -> ZkEncoding:
    """The (cached) encoding of a configuration."""
    key = (players, id(comp), turn_limit)
    cached = _CACHE.get(key)
    if cached is None or cached.comp is not comp:
        cached = _CACHE[key] = ZkEncoding(comp, players, turn_limit)
    return cached
