"""The state of a game of Tumult Royal and its rules (TR-R1 to TR-V6, TR-G1 to TR-G16).

The grab (phase 2) is a simultaneous tick game: every seat that is not done submits one
action per tick, hidden from the others until the tick resolves (TR-G6 to TR-G9). The other
phases are either sequential decisions (start statues, build turns) or run by the engine."""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING, Any

from ...engine.action import Action
from ...engine.chance import Chance
from ...engine.errors import IllegalAction, StateFormatError
from ...engine.game import JSON, State, state_data_errors
from ...engine.i18n import N_
from ...engine.simultaneous import SimultaneousChoices
from .actions import DONE, END_TURN, KEEP, PUT_BACK, WAIT, Face, TumultAction, build, peek
from .data import Ruleset, Tile, game_tiles
from .landscape import Landscape, make_landscape
from .refusal import Refusal, SeatRef, Term, Tiles, Units, Value

if TYPE_CHECKING:
    from .game import TumultRoyal

POOL, ASIDE = -1, -2  # tile locations besides a seat (held)
START, GRAB, BUILD, OVER = "setup_start_statues", "grab", "build", "game_over"
# TR-R21: who gets the consolation for a build turn without a statue
COULD_NOT, BUILT_NOTHING = "could_not", "built_nothing"
CONSOLATIONS = (COULD_NOT, BUILT_NOTHING)  # the default (the seed's reading) first


class TumultState(State):
    __slots__ = (
        "aside",
        "built",
        "carried",
        "choices",
        "chronicle",
        "codes",
        "demand",
        "designs",
        "done",
        "end_reason",
        "events",
        "face_up",
        "faces",
        "followers",
        "grace",
        "hand",
        "land",
        "last_tick",
        "loc",
        "memory",
        "owner",
        "phase",
        "rank",
        "reserve",
        "revealed",
        "round",
        "rules",
        "slot_holder",
        "slot_taker",
        "slot_tile",
        "statues",
        "tick",
        "tiles",
        "turn",
        "winner",
    )

    game: TumultRoyal  # type: ignore[misc]

    rules: Ruleset
    land: Landscape
    tiles: tuple[Tile, ...]  # the game set (TR-S3), by tile index
    faces: tuple[Face, ...]  # (good name, value) per tile index
    designs: list[str]  # landscape design per tile position (tr * columns + tc), then unused ones
    face_up: list[bool]  # per tile position, in reading order (tr * columns + tc)
    codes: list[str]  # terrain code per field, '' on a face-down tile (derived, cached)
    owner: list[int]  # per field: seat whose statues stand there, -1 if none
    statues: list[int]  # per field: number of statues
    followers: list[int]
    reserve: list[int]  # statues not yet placed (TR-D3)
    chronicle: list[tuple[int, int]]  # per finished phase 5: (King seat, statues placed)
    rank: list[int]  # seats, King first (TR-D4)
    grace: list[bool]
    loc: list[int]  # per tile: POOL, ASIDE or the holding seat
    carried: list[bool]  # per tile: held face up from an earlier round (keep_goods)
    aside: list[int]  # set-aside tiles this round (TR-G2)
    slot_tile: list[int]  # per slot: its tile (TR-G3)
    slot_holder: list[int]  # per slot: seat holding it in hand, -1
    slot_taker: list[int]  # per slot: seat that kept it, -1
    hand: list[int]  # per seat: slot in hand, -1
    done: list[bool]
    memory: list[list[int]]  # per seat: slots it has held this round, ascending (TR-G12)
    tick: int  # completed ticks
    choices: SimultaneousChoices
    last_tick: list[JSON]  # resolved actions of the last tick (public, TR-G11)
    revealed: bool  # phase 3 turned every non-set-aside face up (TR-R7)
    round: int
    phase: str
    demand: list[int]  # per good, 0 = not spun
    turn: int  # index into the start order or the rank order
    built: bool  # the current builder has built this turn
    winner: int  # instant winner (TR-V1), -1
    end_reason: str
    events: list[JSON]

    # -- setup ---------------------------------------------------------------------------
    def _init_empty(self, players: int, options: dict[str, Any], rules: Ruleset) -> None:
        self.rules = rules
        self.land = make_landscape(players, rules)
        self.tiles = game_tiles(rules, players)
        self.faces = tuple((rules.goods[t.good], t.value) for t in self.tiles)
        self.designs = []
        self.face_up = [True] * len(self.land.positions)
        self.codes = []
        size = self.land.size
        self.owner = [-1] * size
        self.statues = [0] * size
        self.followers = [rules.followers_start[players]] * players
        self.reserve = [rules.statues_per_player] * players
        self.chronicle = []
        self.rank = list(range(players))
        self.grace = [False] * players
        self.loc = [POOL] * len(self.tiles)
        self.carried = [False] * len(self.tiles)
        self.aside = []
        self.slot_tile, self.slot_holder, self.slot_taker = [], [], []
        self.hand = [-1] * players
        self.done = [True] * players
        self.memory = [[] for _ in range(players)]
        self.tick = 0
        self.choices = SimultaneousChoices(())
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

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any], rules: Ruleset) -> TumultState:
        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self._init_empty(players, options, rules)
        rank = list(range(players))
        self.chance.shuffle("rank deal", rank)  # TR-S4
        self.rank = rank
        designs = list(rules.landscape_tiles)
        self.chance.shuffle("landscape", designs)  # TR-S5
        self.designs = designs
        for tr, tc in rules.layouts[players].face_down:  # TR-D8
            self.face_up[self.land.position_index(tr, tc)] = False
        self._update_codes()
        self.events.append({"type": "setup", "ranks": list(rank)})
        self.phase = START  # TR-S7: rank P first, the King last
        self.turn = 0
        return self

    # -- small queries -------------------------------------------------------------------
    def start_order(self) -> list[int]:
        return self.rank[::-1]

    def placed(self, seat: int) -> int:
        return self.rules.statues_per_player - self.reserve[seat]

    def terrain(self, field: int) -> str:
        """The terrain code of a field, or '' on a face-down tile."""
        return self.codes[field]

    def _update_codes(self) -> None:
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

    def actor(self) -> int:
        if self.phase == START:
            return self.start_order()[self.turn]
        if self.phase == BUILD:
            return self.rank[self.turn]
        return -1

    def turn_rule(self) -> str | None:
        return {START: "TR-S7", GRAB: "TR-G6", BUILD: "TR-R15"}.get(self.phase)

    def actors(self) -> tuple[int, ...]:
        if self.phase == GRAB:
            return self.choices.waiting()
        if self.phase in (START, BUILD):
            return (self.actor(),)
        return ()

    # -- legal actions -------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.actors():
            return []
        if self.phase == START:
            return [
                TumultAction("place_start", field=self.land.rc(f)) for f in self._start_fields()
            ]
        if self.phase == GRAB:
            if self.hand[seat] >= 0:
                return [KEEP, PUT_BACK, DONE, WAIT]
            return [*self._peeks(), DONE, WAIT]
        out: list[Action] = []
        by_cost: dict[tuple[int, int, int], list[tuple[Face, ...]]] = {}
        for field, cost in self._build_fields(seat):
            payments = by_cost.get(cost)
            if payments is None:
                payments = by_cost[cost] = self._payments(seat, cost)
            rc = self.land.rc(field)
            out.extend([build(rc, p) for p in payments])
        out.append(END_TURN)
        return out

    def _start_fields(self) -> list[int]:
        start = self.rules.start_terrain
        return [f for f in range(self.land.size) if self.owner[f] < 0 and self.terrain(f) == start]

    def _build_fields(self, seat: int) -> list[tuple[int, tuple[int, int, int]]]:
        """TR-R16 to TR-R18: (field, cost per good) for every field ``seat`` may build on."""
        rules, owner, codes, n4 = self.rules, self.owner, self.codes, self.land.n4
        terrains, reserve = rules.terrains, self.reserve[seat]
        m = rules.nonadjacent_cost_multiplier
        out = []
        for f, code in enumerate(codes):
            if not code or owner[f] >= 0:
                continue
            terrain = terrains[code]
            if terrain.capacity > reserve:
                continue  # TR-R17
            for n in n4[f]:
                if owner[n] == seat:
                    out.append((f, terrain.cost))
                    break
            else:
                if terrain.nonadjacent_allowed:
                    c = terrain.cost
                    out.append((f, (c[0] * m, c[1] * m, c[2] * m)))
        return out

    def holdings(self, seat: int) -> list[int]:
        return [t for t, where in enumerate(self.loc) if where == seat]

    def _payments(self, seat: int, cost: tuple[int, int, int]) -> list[tuple[Face, ...]]:
        """TR-R19: every valid payment (coverage, no superfluous tile) as sorted faces."""
        per_good: list[list[tuple[Face, ...]]] = []
        held = self.holdings(seat)
        for g in range(3):
            values = [self.tiles[t].value for t in held if self.tiles[t].good == g]
            options = _minimal_covers(values, cost[g])
            if not options:
                return []
            name = self.rules.goods[g]
            per_good.append([tuple((name, v) for v in combo) for combo in options])
        out = []
        for a in per_good[0]:
            for b in per_good[1]:
                for c in per_good[2]:
                    out.append(tuple(sorted(a + b + c)))
        return sorted(set(out))

    # -- applying ------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> None:
        if type(action) is not TumultAction:
            raise IllegalAction(f"{action!r} is not an action of {self.game.name}")
        kind = action.kind
        if self.phase == START:
            if kind != "place_start":
                raise Refusal(
                    N_("First every player places a start statue on a free {terrain}."),
                    "TR-S7",
                    terrain=Term("terrain", self.rules.terrains[self.rules.start_terrain].name),
                )
            self._place_start(seat, action)
        elif self.phase == GRAB:
            self._grab_choice(seat, action)
        elif kind == "build":
            self._build(seat, action)
        elif kind == "end_turn":
            self._end_build_turn(seat)
        else:
            raise Refusal(
                N_(
                    "The tax robbery is over: in your build turn you build on a field or end "
                    "the turn."
                ),
                "TR-R15",
            )

    def _field_of(self, action: TumultAction, rule: str) -> int:
        f = action.field
        land = self.land
        if (
            f is None
            or type(f[0]) is not int
            or type(f[1]) is not int
            or not (0 <= f[0] < land.height and 0 <= f[1] < land.width)
        ):
            raise Refusal(
                N_("There is no such field: the landscape has rows 0-{rows} and columns 0-{cols}."),
                rule,
                rows=land.height - 1,
                cols=land.width - 1,
            )
        return f[0] * land.width + f[1]

    def _place_start(self, seat: int, action: TumultAction) -> None:
        f = self._field_of(action, "TR-S7")
        self._check_free(seat, f, "TR-S7")
        start = self.rules.start_terrain
        code = self.terrain(f)
        if code != start:
            r, c = self.land.rc(f)
            raise Refusal(
                N_("Your start statue goes on {start}, not on {terrain} ({r},{c})."),
                "TR-S7",
                start=Term("terrain built", self.rules.terrains[start].name),
                terrain=Term("terrain built", self.rules.terrains[code].name),
                r=r,
                c=c,
            )
        self._put_statues(seat, f, 1)
        self.events.append({"type": "start_statue", "seat": seat, "field": list(self.land.rc(f))})
        self.turn += 1
        if self.turn == self.players:
            self._begin_round(1)

    def _check_free(self, seat: int, f: int, rule: str) -> None:
        """TR-S7, TR-R16: a field to put statues on is free and on a face-up tile."""
        r, c = self.land.rc(f)
        if self.owner[f] == seat:
            raise Refusal(N_("Field ({r},{c}) already holds your statues."), rule, r=r, c=c)
        if self.owner[f] >= 0:
            raise Refusal(
                N_("Field ({r},{c}) is already taken by {player}."),
                rule,
                r=r,
                c=c,
                player=SeatRef(self.owner[f]),
            )
        if not self.terrain(f):
            raise Refusal(
                N_(
                    "Field ({r},{c}) lies on a face-down landscape tile: nothing can be put "
                    "there until the tile is turned face up."
                ),
                rule,
                r=r,
                c=c,
            )

    def _put_statues(self, seat: int, field: int, n: int) -> None:
        self.owner[field] = seat
        self.statues[field] = n
        self.reserve[seat] -= n

    # -- rounds ----------------------------------------------------------------------------
    def _begin_round(self, number: int) -> None:
        """Phase 1 (mood) and the start of phase 2 (set aside, slots)."""
        self.round = number
        rules = self.rules
        self.demand = [0, 0, 0]
        if self.options["variant"] == "standard":  # TR-R4
            d = self._spin("spinner")
            self.demand = [d, d, d]
            self.events.append({"type": "spin", "round": number, "demand": d})
        else:
            self.events.append({"type": "zocker", "round": number})  # TR-R5
        pool = [t for t, where in enumerate(self.loc) if where == POOL and not self.carried[t]]
        k = min(rules.set_aside_per_player * self.players, len(pool))
        self.chance.shuffle("set aside", pool)  # TR-G2: the first k are set aside
        self.aside = sorted(pool[:k])
        for t in self.aside:
            self.loc[t] = ASIDE
        slots = pool[k:]
        self.chance.shuffle("slots", slots)  # TR-G3
        self.slot_tile = slots
        self.slot_holder = [-1] * len(slots)
        self.slot_taker = [-1] * len(slots)
        self.hand = [-1] * self.players
        self.done = [False] * self.players
        self.memory = [[] for _ in range(self.players)]
        self.tick = 0
        self.last_tick = []
        self.revealed = False
        self.phase = GRAB
        self.events.append({"type": "grab", "round": number, "slots": len(slots), "set_aside": k})
        self.choices = SimultaneousChoices(tuple(range(self.players)))

    def _spin(self, event: str) -> int:
        rules = self.rules
        total = sum(rules.spinner_weights)
        x = self.chance.below(event, total)
        for value, weight in zip(rules.spinner_values, rules.spinner_weights, strict=True):
            if x < weight:
                return value
            x -= weight
        raise AssertionError("spinner weights exhausted")

    # -- phase 2: the grab ---------------------------------------------------------------
    def _grab_choice(self, seat: int, action: TumultAction) -> None:
        kind = action.kind
        if kind == "peek":
            s = action.slot
            if self.hand[seat] >= 0:  # one hand (TR-G5)
                raise Refusal(
                    N_(
                        "Your hand is full: first keep the tile from slot {s} or put it back "
                        "(one tile at a time)."
                    ),
                    "TR-G6",
                    s=self.hand[seat],
                )
            self._check_peek(seat, s)
        elif kind in ("keep", "put_back"):
            if self.hand[seat] < 0:
                raise Refusal(N_("Your hand is empty: first peek at a tile."), "TR-G6")
        elif kind not in ("done", "wait"):
            raise Refusal(
                N_(
                    "During the tax robbery you peek at a tile, keep or put back the tile in "
                    "your hand, wait or say you are done; building comes after the tumult check."
                ),
                "TR-G6",
            )
        self.choices.submit(seat, action)
        if self.choices.complete():
            self._resolve_tick()

    def _check_peek(self, seat: int, s: int) -> None:
        """TR-G6, TR-E3: a peek names a slot that is face down at the start of the tick."""
        n = len(self.slot_tile)
        if type(s) is not int or not 0 <= s < n:
            if n == 0:  # TR-E28
                raise Refusal(N_("There are no tiles to grab this round."), "TR-G6")
            raise Refusal(
                N_("There is no slot {s}: the slots are numbered 0 to {last}."),
                "TR-G6",
                s=str(s),
                last=n - 1,
            )
        holder, taker = self.slot_holder[s], self.slot_taker[s]
        if taker == seat:
            raise Refusal(N_("Slot {s} is empty: you kept its tile."), "TR-G6", s=s)
        if taker >= 0:
            raise Refusal(
                N_("Slot {s} is empty: {player} kept its tile."),
                "TR-G6",
                s=s,
                player=SeatRef(taker),
            )
        if holder >= 0:
            raise Refusal(
                N_(
                    "{player} holds the tile of slot {s}; you may peek at it once it lies "
                    "in its slot again at the start of a tick."
                ),
                "TR-G6",
                s=s,
                player=SeatRef(holder),
            )

    def _resolve_tick(self) -> None:
        """TR-G7 (own hands), TR-G8 (peeks, conflicts by chance), TR-G9 (end)."""
        chosen = self.choices.choices()
        log: list[JSON] = []
        peeks: dict[int, list[int]] = {}
        for seat, action in chosen:
            assert isinstance(action, TumultAction)
            kind = action.kind
            if kind == "peek":
                peeks.setdefault(action.slot, []).append(seat)
                continue
            s = self.hand[seat]
            if kind == "keep":
                self.slot_holder[s] = -1
                self.slot_taker[s] = seat
                self.loc[self.slot_tile[s]] = seat
                self.hand[seat] = -1
                log.append({"seat": seat, "action": "keep", "slot": s})
            elif kind == "put_back" or (kind == "done" and s >= 0):
                self.slot_holder[s] = -1
                self.hand[seat] = -1
                log.append({"seat": seat, "action": kind, "slot": s})
            else:
                log.append({"seat": seat, "action": kind})
            if kind == "done":
                self.done[seat] = True
        for s in sorted(peeks):
            requesters = peeks[s]
            winner = requesters[0]
            if len(requesters) > 1:
                winner = self.chance.choice("peek conflict", requesters)
            self.slot_holder[s] = winner
            self.hand[winner] = s
            if s not in self.memory[winner]:
                self.memory[winner].append(s)
                self.memory[winner].sort()
            for seat in requesters:
                log.append({"seat": seat, "action": "peek", "slot": s, "won": seat == winner})
        log.sort(key=lambda e: e["seat"])
        self.tick += 1
        self.last_tick = log
        self.events.append({"type": "tick", "tick": self.tick, "actions": log})
        if self.tick >= self.options["grab_ticks"] or all(self.done):
            self._end_grab()
        else:
            self.choices = SimultaneousChoices(
                tuple(s for s in range(self.players) if not self.done[s])
            )

    def _end_grab(self) -> None:
        for seat in range(self.players):  # TR-G9, TR-E1: a tile in hand goes back
            s = self.hand[seat]
            if s >= 0:
                self.slot_holder[s] = -1
                self.hand[seat] = -1
        self.done = [True] * self.players
        self.choices = SimultaneousChoices(())
        self._tumult_check()
        if self.phase == OVER:
            return
        self.phase = BUILD
        self.turn = 0
        self.built = False

    # -- phase 3: tumult -----------------------------------------------------------------
    def _tumult_check(self) -> None:
        rules = self.rules
        self.revealed = True  # TR-R7
        self.events.append(
            {
                "type": "reveal",
                "holdings": [
                    sorted(list(self.faces[t]) for t in self.holdings(p))
                    for p in range(self.players)
                ],
                "pool": sorted(list(self.faces[t]) for t, w in enumerate(self.loc) if w == POOL),
            }
        )
        for g in range(3):  # TR-R8: bread, marble, tools
            name = rules.goods[g]
            if self.options["variant"] == "zocker":
                self.demand[g] = self._spin(f"spinner {name}")
                self.events.append({"type": "spin", "good": name, "demand": self.demand[g]})
            remaining = sum(
                self.tiles[t].value
                for t, w in enumerate(self.loc)
                if w == POOL and self.tiles[t].good == g
            )
            if remaining >= self.demand[g]:  # TR-R9
                continue
            best, greediest = 0, -1
            for seat in self.rank:  # better rank first: ties go to the better rank (TR-R11)
                a = self.measure(seat, g) - (rules.grace_reduction if self.grace[seat] else 0)
                if a >= 1 and a > best:
                    best, greediest = a, seat
            event: JSON = {
                "type": "tumult",
                "good": name,
                "remaining": remaining,
                "demand": self.demand[g],
                "greediest": None,
            }
            if greediest >= 0:
                self._punish(greediest, g)
                event["greediest"] = greediest
            self.events.append(event)

    def measure(self, seat: int, g: int) -> int:
        """TR-R10: units (or tiles) of good ``g`` that ``seat`` holds."""
        tiles = [t for t in self.holdings(seat) if self.tiles[t].good == g]
        if self.options["greed_measure"] == "tiles":
            return len(tiles)
        return sum(self.tiles[t].value for t in tiles)

    def _punish(self, seat: int, g: int) -> None:
        """TR-R12: lose followers; keep one smallest tile of the good, return the rest."""
        self.followers[seat] = max(0, self.followers[seat] - self.rules.tumult_follower_loss)
        tiles = sorted(
            (t for t in self.holdings(seat) if self.tiles[t].good == g),
            key=lambda t: (self.tiles[t].value, self.tiles[t].id),
        )
        for t in tiles[1:]:
            self.loc[t] = POOL
            self.carried[t] = False

    # -- phase 4: build ------------------------------------------------------------------
    def _build(self, seat: int, action: TumultAction) -> None:
        f = self._field_of(action, "TR-R16")
        rc = self.land.rc(f)
        self._check_free(seat, f, "TR-R16")
        terrain = self.rules.terrains[self.terrain(f)]
        here: dict[str, Value] = {"terrain": Term("terrain", terrain.name), "r": rc[0], "c": rc[1]}
        if terrain.capacity > self.reserve[seat]:
            raise Refusal(
                N_("{terrain} ({r},{c}) takes {n} statues, but you have only {k} left."),
                "TR-R17",
                n=terrain.capacity,
                k=self.reserve[seat],
                **here,
            )
        cost = dict(self._build_fields(seat)).get(f)
        if cost is None:
            raise Refusal(
                N_(
                    "{terrain} ({r},{c}) is not next to any of your statues: apart from them "
                    "you may build only a meadow or a forest, at double cost."
                ),
                "TR-R18",
                **here,
            )
        payment = tuple(sorted(action.payment))  # a payment is a multiset (TR-R2)
        if payment not in self._payments(seat, cost):
            raise self._payment_refusal(seat, cost, payment, terrain.cost != cost, here)
        paid = []
        held = self.holdings(seat)
        for good_name, value in payment:
            g = self.rules.goods.index(good_name)
            t = min(
                (
                    t
                    for t in held
                    if self.tiles[t].good == g and self.tiles[t].value == value and t not in paid
                ),
                key=lambda t: self.tiles[t].id,
            )
            paid.append(t)
        for t in paid:
            self.loc[t] = POOL
            self.carried[t] = False
        units = [0, 0, 0]
        for t in paid:
            units[self.tiles[t].good] += self.tiles[t].value
        surplus = sum(u - c for u, c in zip(units, cost, strict=True))
        self.followers[seat] += surplus * self.rules.surplus_followers_per_unit  # TR-R20
        self._put_statues(seat, f, terrain.capacity)
        self.built = True
        self.events.append(
            {
                "type": "build",
                "seat": seat,
                "field": list(rc),
                "terrain": terrain.name,
                "statues": terrain.capacity,
                "payment": [list(p) for p in payment],
                "surplus": surplus,
            }
        )
        if self.reserve[seat] == 0:
            self._finish(seat, "25th statue")  # TR-V1

    def _payment_refusal(
        self,
        seat: int,
        cost: tuple[int, int, int],
        payment: tuple[Face, ...],
        doubled: bool,
        here: dict[str, Value],
    ) -> Refusal:
        """TR-R19: what is wrong with a payment that is not valid for ``cost``."""
        goods = self.rules.goods
        names = tuple(goods)
        costs = Units(tuple((c, g) for g, c in zip(goods, cost, strict=True)))
        for good, _ in payment:
            if good not in goods:
                return Refusal(N_("There is no good {good} in this game."), "TR-R19", good=good)
        held = [self.faces[t] for t in self.holdings(seat)]
        units = [sum(v for g, v in held if g == good) for good in goods]
        if any(u < c for u, c in zip(units, cost, strict=True)):
            have = Units(tuple((u, g) for g, u, c in zip(goods, units, cost, strict=True) if c))
            if doubled:
                return Refusal(
                    N_(
                        "{terrain} ({r},{c}) is not next to your statues and costs double: "
                        "{cost}; you hold only {held}."
                    ),
                    "TR-R19",
                    cost=costs,
                    held=have,
                    **here,
                )
            return Refusal(
                N_("{terrain} ({r},{c}) costs {cost}; you hold only {held}."),
                "TR-R19",
                cost=costs,
                held=have,
                **here,
            )
        missing = list(payment)
        for face in held:
            if face in missing:
                missing.remove(face)
        if missing:
            return Refusal(
                N_("You do not hold the tiles {tiles}."),
                "TR-R19",
                tiles=Tiles(tuple(missing), names),
            )
        paid = [[v for g, v in payment if g == good] for good in goods]
        for g, good in enumerate(goods):
            if paid[g] and not cost[g]:
                return Refusal(
                    N_(
                        "{good} is not part of the cost of {terrain} ({r},{c}) ({cost}), so "
                        "no {good} tile may be paid."
                    ),
                    "TR-R19",
                    good=Term("good", good),
                    cost=costs,
                    **here,
                )
        for g in range(len(goods)):
            if sum(paid[g]) < cost[g]:
                return Refusal(
                    N_("That payment does not cover the cost of {terrain} ({r},{c}): {cost}."),
                    "TR-R19",
                    cost=costs,
                    **here,
                )
        for g, good in enumerate(goods):
            if paid[g] and sum(paid[g]) - min(paid[g]) >= cost[g]:
                return Refusal(
                    N_(
                        "One tile too many: {cost} is covered without {tile}; every tile paid "
                        "must be needed."
                    ),
                    "TR-R19",
                    cost=costs,
                    tile=Tiles(((good, min(paid[g])),), names),
                )
        return Refusal(N_("That payment is not valid for {terrain} ({r},{c})."), "TR-R19", **here)

    def has_legal_build(self, seat: int) -> bool:
        """Whether ``seat`` could build anything now (a field and a valid payment). A valid
        payment exists iff the held units of every good reach the cost: any covering set of
        tiles holds a minimal one (TR-R19), so no payment needs to be listed."""
        units = [0, 0, 0]
        for t, where in enumerate(self.loc):
            if where == seat:
                tile = self.tiles[t]
                units[tile.good] += tile.value
        b, m, t = units
        return any(
            b >= cost[0] and m >= cost[1] and t >= cost[2] for _, cost in self._build_fields(seat)
        )

    def consoled(self, seat: int) -> bool:
        """TR-R21: whether ending the build turn now gives ``seat`` the consolation. A turn
        without a build changes nothing, so "no legal build at the start of the turn" is
        judged on the position now."""
        if self.built:
            return False
        if self.options["consolation"] == BUILT_NOTHING:
            return True
        return not self.has_legal_build(seat)

    def _end_build_turn(self, seat: int) -> None:
        if self.consoled(seat):
            self.followers[seat] += self.rules.no_build_bonus  # TR-R21
            event: JSON = {"type": "no_build", "seat": seat, "bonus": self.rules.no_build_bonus}
            if self.options["consolation"] == COULD_NOT:
                event["could_not"] = True
            self.events.append(event)
        self.events.append({"type": "end_turn", "seat": seat})
        self.turn += 1
        self.built = False
        if self.turn < self.players:
            return
        self._crown()
        if self.phase == OVER:
            return
        self._grace()
        self._end_of_round()

    # -- phases 5 to 7 -------------------------------------------------------------------
    def _crown(self) -> None:
        rules = self.rules
        followers = self.followers
        self.rank = sorted(self.rank, key=lambda s: -followers[s])  # TR-R23: stable
        king = self.rank[0]
        self.followers[king] = max(0, followers[king] - rules.king_tax)  # TR-R24
        n = rules.chronicle_statues[self.round - 1]
        placed = 0
        for _ in range(n):  # TR-R25: one at a time
            self.reserve[king] -= 1
            placed += 1
            if self.reserve[king] == 0:
                break
        self.chronicle.append((king, placed))
        self.events.append(
            {"type": "crown", "ranks": list(self.rank), "king": king, "chronicle": placed}
        )
        if self.reserve[king] == 0:
            self._finish(king, "25th statue")
            return
        theta = rules.end_threshold[self.round - 1]
        if theta is not None:  # TR-R26
            counts = [self.placed(s) for s in range(self.players)]
            delta = max(counts) - min(counts)
            if delta > theta:
                self._finish(-1, "threshold")
                return
        reveal = rules.layouts[self.players].reveal_after_round.get(self.round, ())
        if reveal:  # TR-R27
            for tr, tc in reveal:
                self.face_up[self.land.position_index(tr, tc)] = True
            self._update_codes()
            self.events.append(
                {"type": "fog", "tiles": [list(t) for t in reveal], "tile_columns": self.players}
            )

    def _grace(self) -> None:
        least = min(self.placed(s) for s in range(self.players))  # TR-R28
        self.grace = [self.placed(s) == least for s in range(self.players)]
        self.events.append(
            {"type": "grace", "seats": [s for s in range(self.players) if self.grace[s]]}
        )

    def _end_of_round(self) -> None:
        for t in self.aside:  # TR-R29
            self.loc[t] = POOL
        self.aside = []
        keep = self.options["keep_goods"]
        for t, where in enumerate(self.loc):
            if where >= 0:
                if keep:
                    self.carried[t] = True
                else:
                    self.loc[t] = POOL
        self.slot_tile, self.slot_holder, self.slot_taker = [], [], []  # TR-R30
        self.memory = [[] for _ in range(self.players)]
        self.hand = [-1] * self.players
        self.last_tick = []
        self.demand = [0, 0, 0]
        if self.round >= self.rules.max_rounds:  # TR-R31
            self._finish(-1, "round limit")
            return
        self._begin_round(self.round + 1)

    def _finish(self, winner: int, reason: str) -> None:
        self.winner = winner
        self.end_reason = reason
        self.phase = OVER
        self.choices = SimultaneousChoices(())
        self.events.append({"type": "end", "reason": reason, "winners": self.winners()})

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

    def realtime_step(self) -> tuple[str, int] | None:
        """The grab ticks run in real time at a live table (TR-G14): ``tick_ms`` each."""
        if self.phase != GRAB:
            return None
        return f"round {self.round} tick {self.tick}", int(self.options["tick_ms"])

    def idle_action(self, seat: int) -> Action | None:
        """A seat that gives no input in a tick waits (TR-G14)."""
        return WAIT if self.phase == GRAB and seat in self.actors() else None

    def ending(self) -> str | None:
        """``threshold``, ``round limit`` or ``25th statue``: which end check fired."""
        return self.end_reason or None

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        keys = self.ranking_keys()
        best = max(keys)
        return [s for s, k in enumerate(keys) if k == best]

    # -- copies and determinization ------------------------------------------------------
    def clone(self) -> TumultState:
        other = TumultState.__new__(TumultState)
        self._copy_common(other)
        other.rules = self.rules
        other.land = self.land
        other.tiles = self.tiles
        other.faces = self.faces
        other.designs = self.designs.copy()
        other.face_up = self.face_up.copy()
        other.codes = self.codes  # replaced, never mutated
        other.owner = self.owner.copy()
        other.statues = self.statues.copy()
        other.followers = self.followers.copy()
        other.reserve = self.reserve.copy()
        other.chronicle = self.chronicle.copy()
        other.rank = self.rank.copy()
        other.grace = self.grace.copy()
        other.loc = self.loc.copy()
        other.carried = self.carried.copy()
        other.aside = self.aside.copy()
        other.slot_tile = self.slot_tile.copy()
        other.slot_holder = self.slot_holder.copy()
        other.slot_taker = self.slot_taker.copy()
        other.hand = self.hand.copy()
        other.done = self.done.copy()
        other.memory = [m.copy() for m in self.memory]
        other.tick = self.tick
        other.choices = self.choices.clone()
        other.last_tick = self.last_tick  # replaced, never mutated
        other.revealed = self.revealed
        other.round = self.round
        other.phase = self.phase
        other.demand = self.demand.copy()
        other.turn = self.turn
        other.built = self.built
        other.winner = self.winner
        other.end_reason = self.end_reason
        other.events = self.events.copy()
        return other

    def resample(self, seat: int | None, rng: random.Random) -> TumultState:
        """TR-H4: re-deal hidden landscape designs and unseen goods faces; fresh chance."""
        other = self.clone()
        other._moves = None
        # 1. landscape: designs not visible face up go to the face-down positions at random
        visible = {i for i, up in enumerate(self.face_up) if up}
        hidden = sorted(self.designs[i] for i in range(len(self.designs)) if i not in visible)
        rng.shuffle(hidden)
        for i in range(len(self.designs)):
            if i not in visible:
                other.designs[i] = hidden.pop()
        other._update_codes()
        # 2. goods: every tile position whose face ``seat`` does not know
        known = set() if seat is None else set(self.memory[seat])
        unknown_slots = [
            s for s in range(len(self.slot_tile)) if s not in known and not self.revealed
        ]
        tiles = [self.slot_tile[s] for s in unknown_slots] + list(self.aside)
        tiles.sort()
        rng.shuffle(tiles)
        places = [(self.loc[self.slot_tile[s]], s) for s in unknown_slots] + [(ASIDE, -1)] * len(
            self.aside
        )
        other.aside = []
        for (where, s), t in zip(places, tiles, strict=True):
            other.loc[t] = where
            if s >= 0:
                other.slot_tile[s] = t
            else:
                other.aside.append(t)
        other.aside.sort()
        # 4. chance: the true generator must never be read by a search
        other.chance = Chance(rng.getrandbits(64))
        # 5. the other seats' pending choices in this tick are not known either
        other.choices.redraw_others(seat, lambda s: other.legal_actions_for_redraw(s), rng)
        return other

    def legal_actions_for_redraw(self, seat: int) -> list[Action]:
        """The choices ``seat`` had at the start of this tick (it has already chosen)."""
        if self.hand[seat] >= 0:
            return [KEEP, PUT_BACK, DONE, WAIT]
        return [*self._peeks(), DONE, WAIT]

    def _peeks(self) -> list[Action]:
        holder, taker = self.slot_holder, self.slot_taker
        return [peek(s) for s in range(len(self.slot_tile)) if holder[s] < 0 and taker[s] < 0]

    # -- information ---------------------------------------------------------------------
    def knows(self, seat: int | None, s: int) -> bool:
        """Whether ``seat`` may see the face of slot ``s`` (TR-G12, TR-R7)."""
        return self.revealed or (seat is not None and s in self.memory[seat])

    def view(self, seat: int | None) -> JSON:
        land, rules = self.land, self.rules
        columns = land.columns
        positions = [
            {
                "row": i // columns,
                "col": i % columns,
                "face_up": up,
                "design": self.designs[i] if up else None,
                "rows": list(rules.landscape_tiles[self.designs[i]]) if up else None,
            }
            for i, up in enumerate(self.face_up)
        ]
        board = [
            {"field": list(land.rc(f)), "seat": self.owner[f], "statues": self.statues[f]}
            for f in range(land.size)
            if self.owner[f] >= 0
        ]
        slots = []
        for s in range(len(self.slot_tile)):
            state = (
                "taken"
                if self.slot_taker[s] >= 0
                else "held"
                if self.slot_holder[s] >= 0
                else "down"
            )
            entry: JSON = {"slot": s, "state": state}
            if state != "down":
                entry["seat"] = self.slot_taker[s] if state == "taken" else self.slot_holder[s]
            if self.knows(seat, s):
                entry["face"] = list(self.faces[self.slot_tile[s]])
            slots.append(entry)
        players = []
        for p in range(self.players):
            held = self.holdings(p)
            row: JSON = {
                "seat": p,
                "followers": self.followers[p],
                "reserve": self.reserve[p],
                "placed": self.placed(p),
                "grace": self.grace[p],
                "rank": self.rank.index(p) + 1,
                "tiles_held": len(held),
                "hand_slot": None if self.hand[p] < 0 else self.hand[p],
                "done": self.done[p],
                "kept_slots": [s for s in range(len(self.slot_tile)) if self.slot_taker[s] == p],
            }
            public = [t for t in held if self.revealed or self.carried[t]]
            row["public_tiles"] = sorted(list(self.faces[t]) for t in public)
            players.append(row)
        out: JSON = {
            "game": self.game.id,
            "seat": seat,
            "players": self.players,
            "variant": self.options["variant"],
            # the printed numbers (chronicle, costs) renderers show: 'default' or the data
            "ruleset_data": self.options["ruleset_data"],
            "round": self.round,
            "phase": self.phase,
            "actors": list(self.actors()),
            "turn_of": None if self.phase not in (START, BUILD) else self.actor(),
            # TR-R21: whether ending the current build turn now earns the consolation
            "consolation": self.options["consolation"],
            "consolation_due": self.phase == BUILD and self.consoled(self.actor()),
            "demand": {rules.goods[g]: (self.demand[g] or None) for g in range(3)},
            "tick": self.tick,
            "grab_ticks": self.options["grab_ticks"],
            "landscape": {
                "columns": columns,
                "positions": positions,
            },
            "board": board,
            "chronicle": [
                {"round": i + 1, "seat": k, "statues": n} for i, (k, n) in enumerate(self.chronicle)
            ],
            "ranks": list(self.rank),
            "players_state": players,
            "set_aside": len(self.aside),
            "slots": slots,
            "last_tick": self.last_tick,
            "pool": sorted(list(self.faces[t]) for t, w in enumerate(self.loc) if w == POOL)
            if self.revealed or self.phase == START
            else None,
            "pending": self.choices.view(seat),
        }
        if seat is not None:
            mine: JSON = {
                "hand": None
                if self.hand[seat] < 0
                else list(self.faces[self.slot_tile[self.hand[seat]]]),
                "memory": {str(s): list(self.faces[self.slot_tile[s]]) for s in self.memory[seat]},
                "tiles": sorted(list(self.faces[t]) for t in self.holdings(seat)),
            }
            out["me"] = mine
        if self.phase == OVER:
            out["winners"] = self.winners()
            out["end_reason"] = self.end_reason
        return out

    def log(self, seat: int | None) -> list[JSON]:
        return list(self.events)  # every logged event is public (TR-H7)

    def conserved(self) -> dict[str, int]:
        """Tiles and statues are never created or lost; the tile bookkeeping agrees."""
        slot_errors = 0
        if self.phase == GRAB:  # a kept tile is with its keeper, every other slot in the pool
            for slot, t in enumerate(self.slot_tile):
                taker = self.slot_taker[slot]
                slot_errors += self.loc[t] != (taker if taker >= 0 else POOL)
        return {
            "tiles": len(self.loc),
            "set-aside bookkeeping errors": abs(
                sum(1 for w in self.loc if w == ASIDE) - len(self.aside)
            )
            + slot_errors,
            "statues": sum(self.statues) + sum(n for _, n in self.chronicle) + sum(self.reserve),
        }

    # -- persistence ---------------------------------------------------------------------
    def _data_json(self) -> JSON:
        return {
            "designs": self.designs,
            "face_up": self.face_up,
            "board": [
                [f, self.owner[f], self.statues[f]]
                for f in range(self.land.size)
                if self.owner[f] >= 0
            ],
            "followers": self.followers,
            "reserve": self.reserve,
            "chronicle": [list(c) for c in self.chronicle],
            "rank": self.rank,
            "grace": self.grace,
            "loc": self.loc,
            "carried": self.carried,
            "aside": self.aside,
            "slot_tile": self.slot_tile,
            "slot_holder": self.slot_holder,
            "slot_taker": self.slot_taker,
            "hand": self.hand,
            "done": self.done,
            "memory": self.memory,
            "tick": self.tick,
            "pending": {str(s): a.to_json() for s, a in self.choices.choices()},
            "waiting": list(self.choices.expected),
            "last_tick": self.last_tick,
            "revealed": self.revealed,
            "round": self.round,
            "phase": self.phase,
            "demand": self.demand,
            "turn": self.turn,
            "built": self.built,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "events": self.events,
        }

    @classmethod
    def from_data(
        cls, players: int, seed: int, options: dict[str, Any], rules: Ruleset, data: JSON
    ) -> TumultState:
        from .actions import action_from_json

        self = cls.__new__(cls)
        self._init_common(players, seed, options)
        self._init_empty(players, options, rules)
        with state_data_errors("tumult-royal state data"):
            n, size = len(self.tiles), self.land.size
            self.designs = [str(d) for d in data["designs"]]
            if sorted(self.designs) != sorted(rules.landscape_tiles):
                raise StateFormatError("'designs' must list every landscape design once")
            self.face_up = [bool(v) for v in data["face_up"]]
            if len(self.face_up) != len(self.land.positions):
                raise StateFormatError(
                    f"'face_up' must have one entry per tile position ({len(self.land.positions)})"
                )
            self._update_codes()
            for f, seat, count in data["board"]:
                if not (0 <= f < size and 0 <= seat < players and count >= 1):
                    raise StateFormatError(f"bad board entry {[f, seat, count]}")
                self.owner[f], self.statues[f] = seat, count
            self.followers = [int(v) for v in data["followers"]]
            self.reserve = [int(v) for v in data["reserve"]]
            self.chronicle = [(int(k), int(c)) for k, c in data["chronicle"]]
            self.rank = [int(v) for v in data["rank"]]
            if sorted(self.rank) != list(range(players)):
                raise StateFormatError("'rank' must be a permutation of the seats")
            self.grace = [bool(v) for v in data["grace"]]
            self.loc = [int(v) for v in data["loc"]]
            self.carried = [bool(v) for v in data["carried"]]
            if (
                len(self.loc) != n
                or len(self.carried) != n
                or any(not -2 <= w < players for w in self.loc)
            ):
                raise StateFormatError(f"'loc' and 'carried' must describe the {n} tiles")
            self.aside = [int(v) for v in data["aside"]]
            self.slot_tile = [int(v) for v in data["slot_tile"]]
            self.slot_holder = [int(v) for v in data["slot_holder"]]
            self.slot_taker = [int(v) for v in data["slot_taker"]]
            self.hand = [int(v) for v in data["hand"]]
            self.done = [bool(v) for v in data["done"]]
            self.memory = [sorted(int(v) for v in m) for m in data["memory"]]
            self.tick = int(data["tick"])
            self.choices = SimultaneousChoices(tuple(int(s) for s in data["waiting"]))
            for s, a in sorted(data["pending"].items()):
                self.choices.submit(int(s), action_from_json(a))
            self.last_tick = list(data["last_tick"])
            self.revealed = bool(data["revealed"])
            self.round = int(data["round"])
            self.phase = str(data["phase"])
            if self.phase not in (START, GRAB, BUILD, OVER):
                raise StateFormatError(f"unknown phase {self.phase!r}")
            self.demand = [int(v) for v in data["demand"]]
            self.turn = int(data["turn"])
            self.built = bool(data["built"])
            self.winner = int(data["winner"])
            self.end_reason = str(data["end_reason"])
            self.events = [dict(e) for e in data["events"]]
        if self.conserved() != self._expected_conserved():
            raise StateFormatError("tiles or statues do not add up (TR-D1, TR-D3)")
        return self

    def _expected_conserved(self) -> dict[str, int]:
        return {
            "tiles": len(self.tiles),
            "set-aside bookkeeping errors": 0,
            "statues": self.rules.statues_per_player * self.players,
        }


def _minimal_covers(values: list[int], cost: int) -> list[tuple[int, ...]]:
    """TR-R19 for one good: every multiset of ``values`` that covers ``cost`` with no
    superfluous tile (removing its smallest tile falls below the cost), ascending."""
    if cost <= 0:
        return [()]
    kinds = sorted(set(values))
    out = []
    for counts in itertools.product(*(range(values.count(v) + 1) for v in kinds)):
        chosen = [v for v, k in zip(kinds, counts, strict=True) for _ in range(k)]
        total = sum(chosen)
        if total >= cost and total - chosen[0] < cost:
            out.append(tuple(chosen))
    return out
