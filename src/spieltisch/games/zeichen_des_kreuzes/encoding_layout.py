"""The observation of the numeric encoding (``encoding``): its layout - named slices of
one flat list of floats, documented in ``docs/research/im-zeichen-des-kreuzes.md`` - and the
bounds of every number in it (``observation_bounds``), from the rules' counts and the
edition's data.

Seats appear in an order relative to the observer (the observer first, then the following
seats in turn order, ZK-R1); a spectator sees seat 0 first. The static map is left out
(``map_planes``)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from ...engine.encoding import Slice
from .board import CRETE, MOUNTAIN, RED, SEA
from .components import IMMEDIATE, Card, Components
from .constants import (
    ATTACK,
    CARDS,
    CITY,
    COMMIT,
    CONTINUE,
    DEFEND,
    DISCARD,
    EMPTY,
    OVER,
    RETREAT,
    SECOND_STEP,
    SYMBOL,
    TRUCE,
)
from .fight import FIGHT_TYPES

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
# what observation() needs per observer (see ObservationLayout._observer_tables)
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


def card_type_key(card: Card) -> tuple[str, int, str, str]:
    """Cards with one key are interchangeable (same kind, terrain, symbol and event)."""
    return (card.kind, card.terrain, card.symbol or "", card.event or "")


class ObservationLayout:
    """The layout half of ``ZkEncoding``: slices, bounds and the tables ``observation``
    writes with."""

    comp: Components
    players: int

    def _build_observation(self) -> None:
        self._card_types()
        self._parts: list[Slice] = []
        self._head_slices()
        self._board_slices()
        self._layout = tuple(self._parts)
        self.observation_size = self._o_planes + len(PLANES) * self.ncells
        self._observer_tables()

    def _part(self, name: str, size: int, doc: str) -> int:
        """The next slice of the observation; its start."""
        layout = self._parts
        start = layout[-1].start + layout[-1].size if layout else 0
        layout.append(Slice(name, start, size, doc))
        return start

    def _card_types(self) -> None:
        """Cards with one key are interchangeable: one entry per card type."""
        comp = self.comp
        self.ncells = len(comp.board.terrain)
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

    def _head_slices(self) -> None:
        """Who observes, the decision and phase, the counters, the seats and the cards."""
        comp, n, part, names = self.comp, self.players, self._part, self.card_types

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

    def _board_slices(self) -> None:
        """Holdings, knights, cities, tiles, units, the fight and the board's planes."""
        comp, board, n, part = self.comp, self.comp.board, self.players, self._part
        ncells = self.ncells
        nunits = len(comp.units)
        nfight = 1 + len(FIGHT_TYPES) + n + 1 + nunits + 1 + 1 + len(OUTCOMES) + 2 + n
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

    def _observer_tables(self) -> None:
        """What ``observation`` reads per observer, computed once."""
        comp, board, n, ncells = self.comp, self.comp.board, self.players, self.ncells
        names = self.card_types
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
