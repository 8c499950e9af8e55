"""Tumult Royal's numeric face (``engine.encoding``): fixed action indices and a flat
observation of what one seat may see (TR-H2, TR-H3).

Action indices (``P`` players, ``F = 18P`` fields ``r * width + c``, ``S`` slots at most,
``NP`` payments; see ``docs/research/tumult-royal.md``)::

    0 keep · 1 put_back · 2 done · 3 wait · 4 end_turn
    5 .. 5+S-1                     peek slot s
    5+S .. 5+S+F-1                 place_start on field f
    5+S+F .. 5+S+F+F*NP-1          build on field f paying payment p: 5+S+F + f*NP + p

A payment (TR-R19) is one multiset of tile values per good; the payment table lists every
payment that is a minimal cover of some cost any terrain can have (adjacent or not, TR-R18)
with the tiles of the game set, so an index names one exact payment in every state.

The observation is built from the state's own fields (not ``view()``, which is far slower),
with index tables computed once per configuration. Most steps are grab ticks, which change
neither the landscape nor the public table, so those two parts are kept per state object
and reused while their inputs compare equal; a tick then costs one list concatenation and
the writes of the tick part (see ``observation``)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.action import Action
from ...engine.encoding import Encoding, Slice
from ...engine.errors import IllegalAction, OptionError
from ...engine.game import State
from .actions import DONE, END_TURN, KEEP, PUT_BACK, WAIT, Face, TumultAction, build, peek
from .data import Ruleset, game_tiles
from .landscape import make_landscape
from .state import BUILD, GRAB, OVER, POOL, START, TumultState

SIMPLE = (KEEP, PUT_BACK, DONE, WAIT, END_TURN)  # indices 0..4
_SIMPLE_INDEX = {a.kind: i for i, a in enumerate(SIMPLE)}
PHASES = (START, GRAB, BUILD, OVER)
# own pending choice in a grab tick (TR-G6) and the public last-tick actions (TR-G11)
CHOICE_KINDS = ("peek", "keep", "put_back", "done", "wait")
LAST_TICK_KINDS = ("peek_won", "peek_lost", "keep", "put_back", "done", "wait")
_MEMO_LIMIT = 256  # states whose cached parts are kept (see ``observation``)
LAST_TICK_COL = {a: i for i, a in enumerate(LAST_TICK_KINDS)}
CHOICE_COL = {a: i for i, a in enumerate(CHOICE_KINDS)}


def _minimal_covers(values: Sequence[int], cost: int) -> list[tuple[int, ...]]:
    """TR-R19 for one good: the multisets of ``values`` covering ``cost`` with no
    superfluous tile (dropping the smallest falls below the cost), ascending tuples."""
    if cost <= 0:
        return [()]
    kinds = sorted(set(values))
    out = []
    for counts in itertools.product(*(range(values.count(v) + 1) for v in kinds)):
        chosen = tuple(v for v, k in zip(kinds, counts, strict=True) for _ in range(k))
        if chosen and sum(chosen) >= cost and sum(chosen) - chosen[0] < cost:
            out.append(chosen)
    return out


def _is_minimal_cover(values: tuple[int, ...], cost: int) -> bool:
    if cost <= 0:
        return not values
    return bool(values) and sum(values) >= cost and sum(values) - values[0] < cost


class TumultEncoding(Encoding):
    """The encoding of one configuration: ``players`` and the resolved options."""

    def __init__(self, players: int, options: Mapping[str, Any], rules: Ruleset) -> None:
        self.players = P = players
        self.rules = rules
        self.options = dict(options)
        land = self.land = make_landscape(players, rules)
        tiles = game_tiles(rules, players)
        self.goods = rules.goods
        # -- faces: every (good, value) of the game set, goods in data order (TR-D1) ------
        self.face_kinds: tuple[Face, ...] = tuple(
            (rules.goods[g], v) for g, v in sorted({(t.good, t.value) for t in tiles})
        )
        kind_of = {face: i for i, face in enumerate(self.face_kinds)}
        self.tile_kind = tuple(kind_of[(rules.goods[t.good], t.value)] for t in tiles)
        fk = self.nfaces = len(self.face_kinds)
        self.kind_totals = [0] * fk
        for k in self.tile_kind:
            self.kind_totals[k] += 1
        # -- sizes --------------------------------------------------------------------------
        # TR-G2/TR-G3: slots are the pool minus the set-aside tiles; carried tiles
        # (keep_goods) only shrink the pool, so the full game set bounds the slot count
        self.max_slots = S = max(0, len(tiles) - rules.set_aside_per_player * P)
        self.fields = F = land.size
        self.terrain_codes = tuple(rules.terrains)  # data order
        self.grab_ticks = T = int(options["grab_ticks"])
        R = rules.max_rounds
        # -- payments (TR-R18, TR-R19) ------------------------------------------------------
        m = rules.nonadjacent_cost_multiplier
        costs: list[tuple[int, int, int]] = []
        for terrain in rules.terrains.values():
            c = terrain.cost
            costs.append(c)
            if terrain.nonadjacent_allowed:
                costs.append((c[0] * m, c[1] * m, c[2] * m))
        values = [[t.value for t in tiles if t.good == g] for g in range(3)]
        found: set[tuple[tuple[int, ...], ...]] = set()
        # the most surplus units one build can pay (TR-R19, TR-R20), for the followers bound
        self.max_surplus = 0
        for cost in dict.fromkeys(costs):
            per_good = [_minimal_covers(values[g], cost[g]) for g in range(3)]
            found.update(itertools.product(*per_good))
            if all(per_good):
                most = sum(max(map(sum, per_good[g])) - cost[g] for g in range(3))
                self.max_surplus = max(self.max_surplus, most)
        self.payments_by_good: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            sorted(found, key=lambda p: (sum(len(v) for v in p), p))
        )
        self.payments: tuple[tuple[Face, ...], ...] = tuple(
            tuple(sorted((rules.goods[g], v) for g in range(3) for v in p[g]))
            for p in self.payments_by_good
        )
        self.payment_index = {p: i for i, p in enumerate(self.payments)}
        # per payment: the tiles it needs, as (face kind, count)
        self.payment_needs = tuple(
            tuple(
                (kind_of[face], pay.count(face))
                for face in sorted(set(pay), key=lambda f: kind_of[f])
            )
            for pay in self.payments
        )
        NP = self.npayments = len(self.payments)
        # -- action layout ------------------------------------------------------------------
        self.peek0 = len(SIMPLE)
        self.start0 = self.peek0 + S
        self.build0 = self.start0 + F
        self.num_actions = self.build0 + F * NP
        # Why this bounds every game: P start statues (TR-S7); at most max_rounds rounds
        # (TR-R31); a grab has at most T ticks (TR-G9) with at most one choice per seat each
        # (TR-G6); a build turn ends with one end_turn per seat and round (TR-R15); every
        # build takes at least one statue (capacity >= 1, TR-R17) from a reserve that never
        # grows and holds statues_per_player - 1 after the start statue (TR-D3), so a seat
        # builds at most statues_per_player - 1 times in the whole game.
        self.max_game_length = P + R * P * (T + 1) + P * max(0, rules.statues_per_player - 1)
        # -- observation layout -------------------------------------------------------------
        self._layout: list[Slice] = []
        K1 = len(self.terrain_codes) + 1
        # order: the landscape plane first (it changes only with statues and fog), then the
        # rest of the public table (changes once per turn or round), then what changes with
        # every grab tick; ``observation`` relies on that order to copy cached parts
        self.field_width = K1 + P
        self.o_fields = self._add(
            "fields",
            F * self.field_width,
            "per field f = r*width+c: one-hot terrain [face down, "
            + ", ".join(t.name for t in rules.terrains.values())
            + "] (TR-D6 to TR-D8, TR-R27), then one-hot of the seat whose statues fill it "
            "(a build always fills the terrain's capacity; TR-S7, TR-R20)",
        )
        self.o_observer = self._add("observer", P + 1, "one-hot: seats 0..P-1, last = spectator")
        self.o_options = self._add(
            "options",
            3,
            "variant=zocker (TR-R5), keep_goods (TR-R29), greed_measure=tiles (TR-R10)",
        )
        self.o_phase = self._add("phase", 4, "one-hot: start statues, grab, build, game over")
        self.o_round = self._add("round", R + 1, "one-hot round 0..R (0 = start statues; TR-R31)")
        nv = len(rules.spinner_values) + 1
        self.o_demand = self._add(
            "demand",
            3 * nv,
            "per good (bread, marble, tools): one-hot [not spun, "
            + ", ".join(str(v) for v in rules.spinner_values)
            + "] (TR-R4, TR-R5, TR-R8)",
        )
        self.o_chronicle = self._add(
            "chronicle", R * P, "per chronicle field (round): statues each seat put there (TR-R25)"
        )
        self.o_rank = self._add("rank", P * P, "per seat: one-hot of its rank, King first (TR-R3)")
        self.o_followers = self._add("followers", P, "per seat: followers (TR-D2)")
        self.o_reserve = self._add("reserve", P, "per seat: statues not yet placed (TR-D3)")
        self.o_grace = self._add("grace", P, "per seat: 1 if it has grace (TR-R28, TR-R10)")
        self.o_built = self._add("built", 1, "the seat to build has built this turn (TR-R21)")
        self.o_aside = self._add("set_aside", 1, "number of set-aside tiles (TR-G2)")
        self.o_tick = self._add(
            "tick", T, "grab only: one-hot of completed ticks 0..T-1 (TR-G1, TR-G9)"
        )
        self.o_actors = self._add(
            "actors", P, "1 per seat that must act now (TR-S7, TR-G6 still choosing, TR-R15)"
        )
        self.o_done = self._add(
            "done", P, "per seat: 1 if done grabbing (TR-G5; every seat outside the grab)"
        )
        self.o_hand = self._add("hand", P, "per seat: 1 if it holds a tile in hand (TR-G11)")
        self.o_held = self._add("tiles_held", P, "per seat: goods tiles it holds (TR-G11)")
        self.slot_width = 1 + 2 * P
        self.o_slots = self._add(
            "slots",
            S * self.slot_width,
            "per slot: one-hot [down, held by seat 0..P-1, taken by seat 0..P-1]; all 0 for a "
            "slot that does not exist this round (TR-G4, TR-G11)",
        )
        face_names = ", ".join(f"{g}{v}" for g, v in self.face_kinds)
        self.o_slot_faces = self._add(
            "slot_faces",
            S * fk,
            f"per slot: one-hot face [{face_names}] if the observer knows it: slots it held "
            "this round (TR-G12), every slot after the reveal (TR-R7)",
        )
        self.o_holdings = self._add(
            "holdings",
            P * fk,
            "per seat: count of each face among its tiles that the observer can see (own "
            "tiles, carried tiles TR-R29, slots the observer held, all after TR-R7)",
        )
        self.o_pool = self._add(
            "pool", fk, "count of each face in the people's pool when public (setup, TR-R7)"
        )
        self.o_unseen = self._add(
            "unseen",
            fk,
            "count of each face the observer cannot place: the game set minus every face it "
            "knows (TR-H4 U_G)",
        )
        self.o_last_tick = self._add(
            "last_tick",
            P * len(LAST_TICK_KINDS),
            "grab only, per seat: one-hot of its action in the last resolved tick [peek won, "
            "peek lost, keep, put back, done, wait] (TR-G8, TR-G11)",
        )
        self.o_choice = self._add(
            "my_choice",
            len(CHOICE_KINDS) + S,
            "the observer's own pending choice in this tick (TR-G6): one-hot [peek, keep, "
            "put back, done, wait], then a one-hot of the peeked slot",
        )
        self.observation_size = self._layout[-1].start + self._layout[-1].size
        # -- lookup tables for the observation ----------------------------------------------
        self.code_col = {code: 1 + i for i, code in enumerate(self.terrain_codes)}
        self.code_col[""] = 0  # face down
        self._memo: dict[int, list[Any]] = {}
        self.demand_col = {v: 1 + i for i, v in enumerate(rules.spinner_values)}
        self.phase_col = {p: i for i, p in enumerate(PHASES)}
        self.keep_goods = bool(self.options["keep_goods"])
        self.options_part = [
            float(self.options["variant"] == "zocker"),
            float(bool(self.options["keep_goods"])),
            float(self.options["greed_measure"] == "tiles"),
        ]
        self.observation_bounds = self._bounds(len(tiles))

    def _bounds(self, ntiles: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """``observation_bounds``: every number is >= 0; one-hots and flags are <= 1 and
        counts are bounded by the rules and the data (never by observed maxima)."""
        rules, P, R = self.rules, self.players, self.rules.max_rounds
        high = [1.0] * self.observation_size  # one-hots and flags
        totals = [float(n) for n in self.kind_totals]  # tiles of each face in the game set

        def put(name: str, values: Sequence[float]) -> None:
            part = next(s for s in self._layout if s.name == name)
            high[part.start : part.start + part.size] = values

        # TR-D9, TR-R25: the King puts at most statues_per_field[i] statues on field i
        put("chronicle", [float(n) for n in rules.chronicle_statues for _ in range(P)])
        # Followers: the supply is unlimited (TR-D2), so the bound comes from the gains.
        # Only TR-R20 (surplus of a build) and TR-R21 (+no_build_bonus once per round)
        # add followers; a seat builds at most statues_per_player - 1 times (start statue
        # TR-S7, capacity >= 1 TR-R17, the reserve never grows TR-D3), each build pays at
        # most max_surplus surplus units (minimal covers TR-R19), and there are at most
        # max_rounds build turns per seat (TR-R15, TR-R31).
        builds = max(0, rules.statues_per_player - 1)
        gain = builds * self.max_surplus * rules.surplus_followers_per_unit
        most = rules.followers_start[P] + gain + R * rules.no_build_bonus
        put("followers", [float(most)] * P)
        put("reserve", [float(rules.statues_per_player)] * P)  # TR-D3, TR-S2
        put("set_aside", [float(min(rules.set_aside_per_player * P, ntiles))])  # TR-G2
        # TR-G6, TR-G7, TR-G16: a keep needs a peek one tick before, so a seat keeps at most
        # T // 2 tiles a round, one per slot; carried tiles (keep_goods, TR-R29) can add up
        # to the whole game set (TR-S3)
        held = ntiles if self.keep_goods else min(self.grab_ticks // 2, self.max_slots)
        put("tiles_held", [float(held)] * P)
        # TR-D1, TR-S3: no count of a face exceeds the tiles with that face in the game set
        put("holdings", totals * P)
        put("pool", totals)
        put("unseen", totals)
        # never a single point (gymnasium's check_env warns on low == high): a bound of 0
        # (tiles_held with T = 1) becomes 1, still true
        return (0.0,) * self.observation_size, tuple(max(1.0, h) for h in high)

    def _add(self, name: str, size: int, doc: str) -> int:
        start = self._layout[-1].start + self._layout[-1].size if self._layout else 0
        self._layout.append(Slice(name, start, size, doc))
        return start

    # -- actions -------------------------------------------------------------------------
    def _field(self, rc: tuple[int, int] | None) -> int:
        land = self.land
        if rc is None or not (0 <= rc[0] < land.height and 0 <= rc[1] < land.width):
            raise IllegalAction(f"{rc} is not a field of the {land.height}x{land.width} landscape")
        return rc[0] * land.width + rc[1]

    def action_index(self, action: Action) -> int:
        if type(action) is not TumultAction:
            raise IllegalAction(f"{action!r} is not an action of Tumult Royal")
        kind = action.kind
        simple = _SIMPLE_INDEX.get(kind)
        if simple is not None:
            return simple
        if kind == "peek":
            if 0 <= action.slot < self.max_slots:
                return self.peek0 + action.slot
            raise IllegalAction(f"slot {action.slot} is beyond the {self.max_slots} slots")
        if kind == "place_start":
            return self.start0 + self._field(action.field)
        if kind == "build":
            pay = self.payment_index.get(action.payment)
            if pay is None:
                raise IllegalAction(f"{action}: no terrain cost is paid like that (TR-R19)")
            return self.build0 + self._field(action.field) * self.npayments + pay
        raise IllegalAction(f"unknown action kind {kind!r}")

    def action_from_index(self, state: State, seat: int, index: int) -> Action:
        """Decodes directly and checks legality as ``legal_actions`` would (TR-S7, TR-G6,
        TR-R15 to TR-R19), without listing the actions; never changes the state."""
        st = _tumult(state)
        if type(index) is not int or not 0 <= index < self.num_actions:
            raise IllegalAction(f"action index {index!r} is outside 0..{self.num_actions - 1}")
        phase = st.phase
        if phase == GRAB:
            if seat not in st.choices.waiting():
                raise self._refused(st, seat, index)
            holding = st.hand[seat] >= 0
            if index in (2, 3) or (index < 2 and holding):
                return SIMPLE[index]
            s = index - self.peek0
            if (
                not holding
                and 0 <= s < len(st.slot_tile)
                and st.slot_holder[s] < 0
                and st.slot_taker[s] < 0
            ):
                return peek(s)
            raise self._refused(st, seat, index)
        if phase not in (START, BUILD) or seat != st.actor():
            raise self._refused(st, seat, index)
        if phase == START:
            f = index - self.start0
            if 0 <= f < self.fields and st.owner[f] < 0 and st.codes[f] == self.rules.start_terrain:
                return TumultAction("place_start", field=self.land.rc(f))
            raise self._refused(st, seat, index)
        if index == 4:
            return END_TURN
        if index < self.build0:
            raise self._refused(st, seat, index)
        f, p = divmod(index - self.build0, self.npayments)
        cost = self._build_cost(st, seat, f)
        if cost is None or not self._can_pay(st, seat, p, cost):
            raise self._refused(st, seat, index)
        return build(self.land.rc(f), self.payments[p])

    def _refused(self, st: TumultState, seat: int, index: int) -> IllegalAction:
        return IllegalAction(
            f"action index {index} ({self.describe_action(index)}) is not legal for seat "
            f"{seat} now",
            st.turn_rule(),
        )

    def _build_cost(self, st: TumultState, seat: int, f: int) -> tuple[int, int, int] | None:
        """TR-R16 to TR-R18 for one field: its cost for ``seat`` or None if not buildable."""
        code = st.codes[f]
        if not code or st.owner[f] >= 0:
            return None
        terrain = self.rules.terrains[code]
        if terrain.capacity > st.reserve[seat]:
            return None
        owner = st.owner
        if any(owner[n] == seat for n in self.land.n4[f]):
            return terrain.cost
        if not terrain.nonadjacent_allowed:
            return None
        m = self.rules.nonadjacent_cost_multiplier
        c = terrain.cost
        return (c[0] * m, c[1] * m, c[2] * m)

    def _can_pay(self, st: TumultState, seat: int, p: int, cost: tuple[int, int, int]) -> bool:
        """TR-R19: each good's part is a minimal cover of its cost, with tiles ``seat`` holds."""
        per_good = self.payments_by_good[p]
        if not all(_is_minimal_cover(per_good[g], cost[g]) for g in range(3)):
            return False
        held = [0] * self.nfaces
        kind = self.tile_kind
        for t, where in enumerate(st.loc):
            if where == seat:
                held[kind[t]] += 1
        return all(held[k] >= n for k, n in self.payment_needs[p])

    def describe_action(self, index: int) -> str:
        if not 0 <= index < self.num_actions:
            return f"no action {index}"
        if index < self.peek0:
            return SIMPLE[index].kind
        if index < self.start0:
            return f"peek slot {index - self.peek0}"
        if index < self.build0:
            r, c = self.land.rc(index - self.start0)
            return f"place_start ({r},{c})"
        f, p = divmod(index - self.build0, self.npayments)
        r, c = self.land.rc(f)
        paid = " ".join(f"{g}{v}" for g, v in self.payments[p])
        return f"build ({r},{c}) paying {paid or 'nothing'}"

    # -- observation ---------------------------------------------------------------------
    def observation_layout(self) -> Sequence[Slice]:
        return tuple(self._layout)

    def observation(self, state: State, seat: int | None) -> list[float]:
        st = _tumult(state)
        P = self.players
        # Memoised per state object (found by id, valid only while its inputs compare equal:
        # list ==, no hashing): the landscape plane, and the rest of the vector with its
        # public table part filled in and the tick part zero. A grab tick then costs one
        # concatenation and the writes of the tick part.
        memo = self._memo.get(id(st))
        if memo is None:
            if len(self._memo) >= _MEMO_LIMIT:
                self._memo.clear()
            memo = self._memo[id(st)] = [[], [], [], (), [], [], [], [], [], [], []]
        codes, owner = st.codes, st.owner
        if memo[1] != owner or memo[0] != codes:
            if memo[0] == codes:  # statues were placed: patch the fields that changed
                plane = memo[2].copy()
                w, k1 = self.field_width, len(self.code_col)
                for f, (old, new) in enumerate(zip(memo[1], owner, strict=True)):
                    if old != new:
                        if old >= 0:
                            plane[f * w + k1 + old] = 0.0
                        if new >= 0:
                            plane[f * w + k1 + new] = 1.0
            else:
                plane = self._fields_plane(codes, owner)
            memo[0:3] = [codes.copy(), owner.copy(), plane]
        phase = st.phase
        head = (phase, st.round, st.built, len(st.aside))
        if (
            memo[3] != head
            or memo[4] != st.followers
            or memo[5] != st.reserve
            or memo[6] != st.grace
            or memo[7] != st.rank
            or memo[8] != st.chronicle
            or memo[9] != st.demand
        ):
            memo[3:] = [
                head,
                st.followers.copy(),
                st.reserve.copy(),
                st.grace.copy(),
                st.rank.copy(),
                st.chronicle.copy(),
                st.demand.copy(),
                self._rest(st),
            ]
        cached_plane: list[float] = memo[2]
        cached_rest: list[float] = memo[10]
        obs = cached_plane + cached_rest
        obs[self.o_observer + (P if seat is None else seat)] = 1.0
        # turn (TR-S7, TR-G6, TR-R15) and per-seat grab state (TR-G5, TR-G11)
        grab = phase == GRAB
        if grab:
            obs[self.o_tick + st.tick] = 1.0
            for s in st.choices.waiting():
                obs[self.o_actors + s] = 1.0
        elif phase in (START, BUILD):
            obs[self.o_actors + st.actor()] = 1.0
        hand, loc, done = st.hand, st.loc, st.done
        o_done, o_hand = self.o_done, self.o_hand
        for s in range(P):
            if done[s]:
                obs[o_done + s] = 1.0
            if hand[s] >= 0:
                obs[o_hand + s] = 1.0
        # slots (TR-G4, TR-G11): written one by one (a Python loop over the 27 slots is
        # cheaper here than any list-level trick, and it also counts the kept tiles)
        slot_tile = st.slot_tile
        o, sw = self.o_slots, self.slot_width
        held = [0] * P
        for s, p in enumerate(st.slot_taker):
            if p >= 0:
                obs[o + s * sw + 1 + P + p] = 1.0
                held[p] += 1
            else:
                obs[o + s * sw] = 1.0
        for p, s in enumerate(hand):
            if s >= 0:
                obs[o + s * sw] = 0.0
                obs[o + s * sw + 1 + p] = 1.0
        # faces: what the observer knows (TR-G12, TR-R7, TR-R29) and what it cannot place
        kind, fk = self.tile_kind, self.nfaces
        o_faces, o_hold = self.o_slot_faces, self.o_holdings
        if st.revealed or phase == START:
            # every face but the set-aside ones is public (TR-R7; the whole set at setup)
            for s, t in enumerate(slot_tile):
                obs[o_faces + s * fk + kind[t]] = 1.0
            o_pool = self.o_pool
            held = [0] * P
            for t, where in enumerate(loc):
                if where >= 0:
                    obs[o_hold + where * fk + kind[t]] += 1.0
                    held[where] += 1
                elif where == POOL:
                    obs[o_pool + kind[t]] += 1.0
            unseen = [0] * fk  # only the set-aside faces stay unseen
            for t in st.aside:
                unseen[kind[t]] += 1
        else:
            # before the reveal: the observer's memory and carried tiles (keep_goods) only
            unseen = self.kind_totals.copy()
            taker = st.slot_taker
            if seat is not None:
                for s in st.memory[seat]:
                    k = kind[slot_tile[s]]
                    obs[o_faces + s * fk + k] = 1.0
                    unseen[k] -= 1
                    if taker[s] >= 0:
                        obs[o_hold + taker[s] * fk + k] += 1.0
            if self.keep_goods:
                for t, c in enumerate(st.carried):
                    if c:
                        k = kind[t]
                        obs[o_hold + loc[t] * fk + k] += 1.0
                        unseen[k] -= 1
                        held[loc[t]] += 1
        o = self.o_held
        obs[o : o + P] = map(float, held)
        o = self.o_unseen
        obs[o : o + fk] = map(float, unseen)
        if grab:
            o, lw = self.o_last_tick, len(LAST_TICK_KINDS)
            for e in st.last_tick:
                a = e["action"]
                col = (0 if e.get("won") else 1) if a == "peek" else LAST_TICK_COL[a]
                obs[o + e["seat"] * lw + col] = 1.0
            if seat is not None:
                mine = st.choices.own_choice(seat)
                if isinstance(mine, TumultAction):
                    o = self.o_choice
                    obs[o + CHOICE_COL[mine.kind]] = 1.0
                    if mine.kind == "peek":
                        obs[o + len(CHOICE_KINDS) + mine.slot] = 1.0
        return obs

    def _rest(self, st: TumultState) -> list[float]:
        """Everything after ``fields``: the public table (``options`` to ``set_aside``,
        TR-H2) filled in, ``observer`` and the tick part left 0."""
        P, r0 = self.players, self.o_observer  # r0: where this part starts in the vector
        obs = [0.0] * (self.observation_size - r0)
        o = self.o_options - r0
        obs[o : o + 3] = self.options_part
        obs[self.o_phase - r0 + self.phase_col[st.phase]] = 1.0
        obs[self.o_round - r0 + st.round] = 1.0
        o, cols, nv = self.o_demand - r0, self.demand_col, len(self.demand_col) + 1
        for g, d in enumerate(st.demand):
            obs[o + g * nv + (cols[d] if d else 0)] = 1.0
        o = self.o_chronicle - r0
        for i, (king, n) in enumerate(st.chronicle):
            obs[o + i * P + king] = float(n)
        o = self.o_rank - r0
        for r, s in enumerate(st.rank):
            obs[o + s * P + r] = 1.0
        o = self.o_followers - r0
        obs[o : o + P] = map(float, st.followers)
        o = self.o_reserve - r0
        obs[o : o + P] = map(float, st.reserve)
        o = self.o_grace - r0
        obs[o : o + P] = map(float, st.grace)
        obs[self.o_built - r0] = float(st.built)
        obs[self.o_aside - r0] = float(len(st.aside))
        return obs

    def _fields_plane(self, codes: Sequence[str], owner: Sequence[int]) -> list[float]:
        """The ``fields`` slice: per field a terrain one-hot, then an owner one-hot."""
        w, k1, col = self.field_width, len(self.code_col), self.code_col
        plane = [0.0] * (self.fields * w)
        for f, code in enumerate(codes):
            plane[f * w + col[code]] = 1.0
        for f, who in enumerate(owner):
            if who >= 0:
                plane[f * w + k1 + who] = 1.0
        return plane


def _tumult(state: State) -> TumultState:
    if not isinstance(state, TumultState):
        raise TypeError(f"not a Tumult Royal state: {type(state).__name__}")
    return state


_ENCODINGS: dict[tuple[Any, ...], TumultEncoding] = {}


def encoding_for(players: int, options: Mapping[str, Any], rules: Ruleset) -> TumultEncoding:
    """The encoding of a configuration (options resolved), built once and then shared."""
    if players not in rules.layouts:
        counts = ", ".join(str(n) for n in sorted(rules.layouts))
        raise OptionError(f"this ruleset is played by {counts} players, not {players}")
    key = (
        players,
        options["variant"],
        bool(options["keep_goods"]),
        options["greed_measure"],
        int(options["grab_ticks"]),
        rules.raw,
    )
    enc = _ENCODINGS.get(key)
    if enc is None:
        if len(_ENCODINGS) >= 64:
            _ENCODINGS.clear()
        enc = _ENCODINGS[key] = TumultEncoding(players, options, rules)
    return enc
