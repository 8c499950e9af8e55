"""The shape of Tumult Royal's numeric interface for one configuration: the faces of the
game set, the payment table, the action indices and the observation's slices with their
bounds (``encoding.py`` reads and writes through it, ``observation.py`` fills it)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.encoding import Slice
from .actions import Face
from .data import Ruleset, Tile, game_tiles
from .landscape import make_landscape
from .table import BUILD, GRAB, OVER, START

PHASES = (START, GRAB, BUILD, OVER)
SIMPLE_KINDS = ("keep", "put_back", "done", "wait", "end_turn")  # action indices 0..4
# own pending choice in a grab tick (TR-G6) and the public last-tick actions (TR-G11)
CHOICE_KINDS = ("peek", "keep", "put_back", "done", "wait")
LAST_TICK_KINDS = ("peek_won", "peek_lost", "keep", "put_back", "done", "wait")


def minimal_covers(values: Sequence[int], cost: int) -> list[tuple[int, ...]]:
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


class Layout:
    """Sizes, index tables and observation slices of one configuration: ``players`` and
    the resolved options."""

    # as ``engine.encoding.Encoding`` declares it (``TumultEncoding`` is both)
    observation_bounds: tuple[float, float] | tuple[Sequence[float], Sequence[float]] | None

    def __init__(self, players: int, options: Mapping[str, Any], rules: Ruleset) -> None:
        self.players = P = players
        self.rules = rules
        self.options = dict(options)
        self.land = make_landscape(players, rules)
        tiles = game_tiles(rules, players)
        self.goods = rules.goods
        self._faces(tiles)
        # TR-G2/TR-G3: slots are the pool minus the set-aside tiles; carried tiles
        # (keep_goods) only shrink the pool, so the full game set bounds the slot count
        self.max_slots = max(0, len(tiles) - rules.set_aside_per_player * P)
        self.fields = self.land.size
        self.terrain_codes = tuple(rules.terrains)  # data order
        self.grab_ticks = int(options["grab_ticks"])
        self._payment_table(tiles)
        self._action_layout()
        self._layout: list[Slice] = []
        self._table_slices()
        self._tick_slices()
        self.observation_size = self._layout[-1].start + self._layout[-1].size
        self._lookups()
        self.observation_bounds = self._bounds(len(tiles))

    def _faces(self, tiles: Sequence[Tile]) -> None:
        """Every (good, value) of the game set, goods in data order (TR-D1)."""
        rules = self.rules
        self.face_kinds: tuple[Face, ...] = tuple(
            (rules.goods[g], v) for g, v in sorted({(t.good, t.value) for t in tiles})
        )
        kind_of = {face: i for i, face in enumerate(self.face_kinds)}
        self.tile_kind = tuple(kind_of[(rules.goods[t.good], t.value)] for t in tiles)
        fk = self.nfaces = len(self.face_kinds)
        self.kind_totals = [0] * fk
        for k in self.tile_kind:
            self.kind_totals[k] += 1

    def _payment_table(self, tiles: Sequence[Tile]) -> None:
        """Every payment that is a minimal cover of a cost some terrain can have, adjacent
        or not (TR-R18, TR-R19), so that an index names one exact payment in every state."""
        rules = self.rules
        kind_of = {face: i for i, face in enumerate(self.face_kinds)}
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
            per_good = [minimal_covers(values[g], cost[g]) for g in range(3)]
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
        self.npayments = len(self.payments)

    def _action_layout(self) -> None:
        """Where each kind of action starts (the module docstring of ``encoding.py``)."""
        P, S, F, T = self.players, self.max_slots, self.fields, self.grab_ticks
        R, rules, NP = self.rules.max_rounds, self.rules, self.npayments
        self.peek0 = len(SIMPLE_KINDS)
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

    def _table_slices(self) -> None:
        """The landscape plane, then the rest of the public table (TR-H2)."""
        P, F, R, rules = self.players, self.fields, self.rules.max_rounds, self.rules
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

    def _tick_slices(self) -> None:
        """What changes with every grab tick: turn, hands, slots, faces, choices."""
        P, S, T, fk = self.players, self.max_slots, self.grab_ticks, self.nfaces
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

    def _lookups(self) -> None:
        """Tables the observation reads per step."""
        rules = self.rules
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
