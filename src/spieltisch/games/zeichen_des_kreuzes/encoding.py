"""The numeric face of Im Zeichen des Kreuzes (``engine.encoding``): a fixed action space
and a flat observation per player count and edition.

The action space is ``encoding_actions``'s (numbered block by block, ``ZkEncoding.blocks``),
the observation's layout and bounds ``encoding_layout``'s; this module fills the
observation.

The observation is built from the state's own fields, never from ``view()`` (far slower):
a list of zeros gets its non-zero entries, and the parts that change rarely (discard
counts, cities and holdings, units) come from small caches keyed by the content they read.
The static map is left out (``ZkEncoding.map_planes``). Seats appear in an order relative
to the observer (the observer first, then the following seats in turn order, ZK-R1); a
spectator sees seat 0 first. ``docs/research/im-zeichen-des-kreuzes.md`` documents both
layouts.
"""

from __future__ import annotations

from typing import Any

from ...engine.encoding import Encoding
from ...engine.game import State
from .actions import ZkAction
from .board import GREEN_CITY, RED
from .components import FLEET, Components
from .constants import JERUSALEM_MOTIVATION, SYMBOL
from .encoding_actions import UNBOUNDED, EncodedActions, max_game_length
from .encoding_bounds import ObservationBounds
from .encoding_layout import (
    _PHASE_OF,
    DECISIONS,
    DIRECTIONS,
    GAME_FIELDS,
    OUTCOMES,
    PHASES,
    PLANES,
    SEAT_FIELDS,
    SEAT_SLOW_FIELDS,
    ObservationLayout,
    card_type_key,
)
from .fight import FIGHT_TYPES, JERUSALEM_ROUND, Fight
from .state import ZkState
from .tower import COLOURS, GREEN, TowerBase

__all__ = [
    "DECISIONS",
    "DIRECTIONS",
    "GAME_FIELDS",
    "OUTCOMES",
    "PHASES",
    "PLANES",
    "SEAT_FIELDS",
    "SEAT_SLOW_FIELDS",
    "UNBOUNDED",
    "ZkEncoding",
    "card_type_key",
    "encoding_for",
    "max_game_length",
]

# a tower whose count() is this one keeps its counts in the list _counts
_BASE_COUNT = TowerBase.count


class ZkEncoding(EncodedActions, ObservationLayout, ObservationBounds, Encoding):
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

    # -- observation ---------------------------------------------------------------------
    def observation(self, state: State, seat: int | None) -> list[float]:
        """The flat observation of ``seat``. One long function on purpose: it runs at every
        step of a learning loop, where each call and look-up saved counts."""
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
        self._piles_and_units(obs, state, dt, ub)
        self._board(obs, state, seat, rel, own, others, planes, at)
        return obs

    def _piles_and_units(self, obs: list[float], state: ZkState, dt: int, ub: int) -> None:
        """The discard pile by card type and the units, from caches keyed by content."""
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

    def _board(
        self,
        obs: list[float],
        state: ZkState,
        seat: int | None,
        rel: list[int],
        own: int,
        others: tuple[int, ...],
        planes: int,
        at: int,
    ) -> None:
        """The step origin, the pawns' planes, the fight and the context."""
        fight = state.fight
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
        if state.decision_kind == SYMBOL:
            obs[self._o_context + (0 if state.symbol == FLEET else 1)] = 1.0
        two_step = state.two_step
        if two_step >= 0:
            event = self.comp.cards[two_step].event
            obs[self._o_context + (2 if event == "forced_march" else 3)] = 1.0

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
