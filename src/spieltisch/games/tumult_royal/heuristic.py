"""The heuristic bot of Tumult Royal: risk-priced grabbing and greedy, look-ahead building.

The bot is handed a resampled state (DESIGN.md §4) and reads only what its seat may see:
the public board, slot states, kept-tile counts, followers, ranks, grace cards, the demand,
its own hand, kept tiles and memory. Faces of slots it has not held are never read; their
distribution is the known game set (``state.tiles``) minus every face the seat knows.

Rules of thumb, as the code encodes them:

1. **Value of goods = statues they can buy.** ``_potential`` estimates the statues a
   bundle of (bread, marble, tools) units buys this round: castles and villages (as far as
   free ones are reachable) plus meadows/forests (one bread or marble and one tools each),
   capped by the reserve. Unspent tiles go back at the end of the round, so goods are worth
   nothing beyond the coming build turn.
2. **Keep a tile only when it beats its expected punishment.** For the good in hand the bot
   computes the distribution of the units left in the pool at the end of the grab: the
   known slots exactly, every unexplored slot as a draw from the unknown tile mix, minus the
   tiles the others are still expected to keep (their observed keep rate). With the demand
   (or, in Zocker, the spinner distribution) this gives the chance of a tumult. The chance
   of being the greediest compares its own measure (minus grace) with the others' kept
   tiles (known faces from memory, unknown ones as draws from the mix; rank breaks ties).
   The punishment is 3 followers plus the statue value of every tile of that good but the
   smallest. The tile is kept iff its marginal statue value exceeds the increase of the
   expected punishment less a small bias (``Params.keep_margin``: a kept tile is also a tile
   the others cannot build with; tuned in heuristic-vs-heuristic games); otherwise it is put
   back.
3. **Explore, then stop.** With an empty hand the bot peeks an unexplored slot; when none is
   left it re-takes the best remembered slot still worth keeping, and otherwise is done. A
   peek in the last tick is pointless, so it is done then.
4. **Build greedily with look-ahead.** Every legal build is scored by the statues it
   places, plus the statues the remaining goods can still buy (rule 1, so a village is not
   spoiled by a meadow that eats its bread), plus followers from overpayment, plus a small
   positional bonus (free neighbours, reachable villages and castles). The best build is
   taken; the turn ends when no build is left (unspent tiles are lost at the end of the
   round anyway). Ending the turn is worth the +2 consolation where TR-R21 gives it: to a
   player without any legal build (``consolation = could_not``, the default), or to anyone
   who builds nothing (``built_nothing``); a statue is worth more, so the bot builds
   whenever it can, and while grabbing it values goods that buy no statue at the
   consolation. Overpayment followers count towards the crown: the King's chronicle statues
   are placed statues too.
5. **Start statues** go on the meadow with the richest free surroundings (villages and
   castles within two steps, room to grow), away from the other players.

Strength (seeded games, heuristic in one seat beside random bots, seat rotating): 300 of
300 three-player games won, and 100 of 100 in each of 2p/4p standard and 2p/3p/4p Zocker;
in 3p it keeps about 10.5 tiles per round, is punished about 0.8 times per game and wins
(mostly by the end check of round 5-6) about 22 statues ahead of the best random bot.

The bot uses no randomness and breaks ties by the order of ``legal_actions``, so its choice
depends only on the information of its seat."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...engine.action import Action
from ...engine.game import State
from .actions import DONE, END_TURN, KEEP, PUT_BACK, TumultAction
from .state import BUILD, GRAB, START, TumultState


@dataclass(frozen=True)
class Params:
    """Tunable weights (statues are the currency)."""

    follower: float = 0.12  # statue value of one follower
    pad: float = 2.0  # units of every good assumed still to come early in the grab
    keep_margin: float = -0.3  # keep when value - risk exceeds this (denial bias)
    prior_rate: float = 0.3  # prior keeps per tick of an active opponent
    free_neighbour: float = 0.03  # build bonus per free neighbouring field
    big_neighbour: float = 0.12  # build bonus per free neighbouring village or castle


Dist = dict[int, float]


def _caps(state: TumultState, seat: int) -> tuple[int, int]:
    """Free villages and castles reachable this turn (next to me or one step further)."""
    land, owner = state.land, state.owner
    near: set[int] = set()
    for f in range(land.size):
        if owner[f] == seat:
            for n in land.n4[f]:
                if owner[n] < 0 and state.terrain(n):
                    near.add(n)
    reach = set(near)
    for f in near:
        if state.terrain(f) in ("M", "F"):
            for n in land.n4[f]:
                if owner[n] < 0 and state.terrain(n):
                    reach.add(n)
    villages = sum(1 for f in reach if state.terrain(f) == "V")
    castles = sum(1 for f in reach if state.terrain(f) == "C")
    return villages, castles


def _potential(units: tuple[float, float, float], caps: tuple[int, int], reserve: int) -> float:
    """Statues that (bread, marble, tools) units can buy (rule 1)."""
    b0, m0, t0 = units
    best = 0.0
    nc = 0
    while nc <= caps[1] and 3 * nc <= b0 and 3 * nc <= m0 and 2 * nc <= t0:
        nv = 0
        while True:
            b = b0 - 3 * nc - 2 * nv
            m = m0 - 3 * nc - 2 * nv
            t = t0 - 2 * nc - nv
            if b < 0 or m < 0 or t < 0 or nv > caps[0]:
                break
            best = max(best, min(3 * nc + 2 * nv + min(b + m, t), float(reserve)))
            nv += 1
        nc += 1
    return best


def _convolve(a: Dist, b: Dist) -> Dist:
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


def _power(step: Dist, n: int) -> Dist:
    out: Dist = {0: 1.0}
    for _ in range(max(0, n)):
        out = _convolve(out, step)
    return out


class HeuristicBot:
    name = "heuristic"

    def __init__(self, params: Params | None = None) -> None:
        self.params = params or Params()

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        assert isinstance(state, TumultState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == START:
            return self._start(state, seat, legal)
        if state.phase == GRAB:
            return self._grab(state, seat, legal)
        if state.phase == BUILD:
            return self._build(state, seat, legal)
        return legal[0]

    # -- start statues ---------------------------------------------------------------------
    def _start(self, state: TumultState, seat: int, legal: list[Action]) -> Action:
        land = state.land
        weight = {"M": 0.5, "F": 0.5, "H": 0.3, "V": 1.2, "C": 1.6}
        best, choice = -1e9, legal[0]
        for action in legal:
            assert isinstance(action, TumultAction) and action.field is not None
            r0, c0 = action.field
            score = 0.0
            for g in range(land.size):
                r, c = land.rc(g)
                d = abs(r - r0) + abs(c - c0)
                if d == 0 or d > 2:
                    continue
                factor = 1.0 if d == 1 else 0.6
                if state.owner[g] >= 0:
                    score -= 0.7 * factor
                    continue
                code = state.terrain(g)
                if code:
                    score += weight[code] * factor
                else:
                    score += 0.2 * factor  # fog: room once revealed
            if score > best:
                best, choice = score, action
        return choice

    # -- grab ------------------------------------------------------------------------------
    def _grab(self, state: TumultState, seat: int, legal: list[Action]) -> Action:
        info = _GrabInfo(state, seat, self.params)
        remaining = state.options["grab_ticks"] - state.tick
        hand = state.hand[seat]
        if hand >= 0:
            t = state.slot_tile[hand]
            return KEEP if info.keep_score(t) > self.params.keep_margin else PUT_BACK
        if remaining < 2:
            return DONE
        peeks = [a for a in legal if isinstance(a, TumultAction) and a.kind == "peek"]
        unknown = [a for a in peeks if a.slot not in info.known]
        if unknown:
            return unknown[0]
        best, choice = self.params.keep_margin, None
        for a in peeks:  # every remaining slot is remembered: its face is known
            score = info.keep_score(state.slot_tile[a.slot])
            if score > best:
                best, choice = score, a
        return choice if choice is not None else DONE

    # -- build -----------------------------------------------------------------------------
    def _build(self, state: TumultState, seat: int, legal: list[Action]) -> Action:
        p = self.params
        goods = state.rules.goods
        held = [0, 0, 0]
        for t in state.holdings(seat):
            held[state.tiles[t].good] += state.tiles[t].value
        caps = _caps(state, seat)
        reserve = state.reserve[seat]
        land, owner = state.land, state.owner
        # ending the turn earns the consolation only where TR-R21 gives it for this turn:
        # always under built_nothing, only without any legal build under could_not
        best = p.follower * state.rules.no_build_bonus if state.consoled(seat) else 0.0
        choice: Action = END_TURN
        cost_cache: dict[int, tuple[int, int, int]] = {}
        for action in legal:
            if not isinstance(action, TumultAction) or action.kind != "build":
                continue
            assert action.field is not None
            f = land.field(*action.field)
            code = state.terrain(f)
            terrain = state.rules.terrains[code]
            cost = cost_cache.get(f)
            if cost is None:
                adjacent = any(owner[n] == seat for n in land.n4[f])
                m = 1 if adjacent else state.rules.nonadjacent_cost_multiplier
                cost = (terrain.cost[0] * m, terrain.cost[1] * m, terrain.cost[2] * m)
                cost_cache[f] = cost
            paid = [0, 0, 0]
            for name, value in action.payment:
                paid[goods.index(name)] += value
            surplus = sum(paid) - sum(cost)
            left = (held[0] - paid[0], held[1] - paid[1], held[2] - paid[2])
            vc = (
                caps[0] - (1 if code == "V" else 0),
                caps[1] - (1 if code == "C" else 0),
            )
            after = reserve - terrain.capacity
            if after == 0:
                return action  # the 25th statue wins at once
            score = terrain.capacity + p.follower * surplus
            score += _potential((left[0], left[1], left[2]), vc, after)
            for n in land.n4[f]:
                if owner[n] < 0:
                    nc = state.terrain(n)
                    if nc in ("V", "C"):
                        score += p.big_neighbour
                    elif nc:
                        score += p.free_neighbour
            if score > best:
                best, choice = score, action
        return choice


class _GrabInfo:
    """What ``seat`` knows during the grab, and the risk model built on it."""

    def __init__(self, state: TumultState, seat: int, params: Params) -> None:
        self.state, self.seat, self.params = state, seat, params
        tiles = state.tiles
        self.known = set(state.memory[seat])
        # the unknown tile mix: the game set minus every face this seat knows
        mix: dict[tuple[int, int], int] = {}
        for tile in tiles:
            mix[(tile.good, tile.value)] = mix.get((tile.good, tile.value), 0) + 1
        known_tiles = {state.slot_tile[s] for s in self.known}
        known_tiles |= {t for t in range(len(tiles)) if state.carried[t]}
        for t in known_tiles:
            key = (tiles[t].good, tiles[t].value)
            mix[key] -= 1
        total = sum(mix.values())
        self.units_mode = state.options["greed_measure"] != "tiles"
        # per good: distribution of pool units / measure contributed by one unknown tile
        self.pool_step: list[Dist] = []
        self.measure_step: list[Dist] = []
        for g in range(3):
            pool: Dist = {}
            meas: Dist = {}
            for (gg, v), n in mix.items():
                if n <= 0 or total <= 0:
                    continue
                pr = n / total
                x = v if gg == g else 0
                pool[x] = pool.get(x, 0.0) + pr
                y = (v if self.units_mode else 1) if gg == g else 0
                meas[y] = meas.get(y, 0.0) + pr
            self.pool_step.append(pool or {0: 1.0})
            self.measure_step.append(meas or {0: 1.0})
        # slots: known pool units, unexplored untaken slots
        players = state.players
        self.known_pool = [0, 0, 0]
        unknown_free = 0
        unknown_kept = [0] * players
        known_measure = [[0, 0, 0] for _ in range(players)]
        kept_count = [0] * players
        for s, t in enumerate(state.slot_tile):
            taker = state.slot_taker[s]
            if taker >= 0:
                kept_count[taker] += 1
                if s in self.known:
                    g, v = tiles[t].good, tiles[t].value
                    known_measure[taker][g] += v if self.units_mode else 1
                else:
                    unknown_kept[taker] += 1
            elif s in self.known:
                if s != state.hand[seat]:
                    self.known_pool[tiles[t].good] += tiles[t].value
            else:
                unknown_free += 1
        for t in range(len(tiles)):
            w = state.loc[t]
            if state.carried[t] and w >= 0:
                known_measure[w][tiles[t].good] += tiles[t].value if self.units_mode else 1
        # tiles the others are still expected to keep
        remaining = max(0, state.options["grab_ticks"] - state.tick)
        future = [0.0] * players
        for q in range(players):
            if q == seat or state.done[q]:
                continue
            rate = (kept_count[q] + params.prior_rate * 2) / (state.tick + 2)
            future[q] = min(rate * remaining, remaining / 2, unknown_free / max(1, players - 1))
        self.future = future
        self.unknown_free = max(0, unknown_free - round(sum(future)))
        self.unknown_kept = unknown_kept
        self.known_measure = known_measure
        self.caps = _caps(state, seat)
        self.remaining = remaining
        self.mine = state.holdings(seat)
        # demand distribution
        rules = state.rules
        if state.options["variant"] == "zocker" or not state.demand[0]:
            wsum = sum(rules.spinner_weights)
            self.demand = [
                (d, w / wsum)
                for d, w in zip(rules.spinner_values, rules.spinner_weights, strict=True)
            ]
        else:
            self.demand = [(state.demand[0], 1.0)]
        self.pool_cache: dict[tuple[int, int], Dist] = {}
        self.other_cache: dict[int, list[Dist]] = {}
        # the consolation in statues; the bot always builds when it can, so under either
        # reading of TR-R21 it is paid exactly when the goods buy nothing
        self.consolation = params.follower * rules.no_build_bonus

    def _pool_dist(self, g: int) -> Dist:
        key = (g, self.unknown_free)
        dist = self.pool_cache.get(key)
        if dist is None:
            dist = self.pool_cache[key] = _power(self.pool_step[g], self.unknown_free)
        return dist

    def _others(self, g: int) -> list[Dist]:
        out = self.other_cache.get(g)
        if out is None:
            state, out = self.state, []
            for q in range(state.players):
                if q == self.seat:
                    out.append({})
                    continue
                n = self.unknown_kept[q] + round(self.future[q])
                dist = _power(self.measure_step[g], n)
                base = self.known_measure[q][g] - (
                    state.rules.grace_reduction if state.grace[q] else 0
                )
                out.append({base + x: p for x, p in dist.items()})
            self.other_cache[g] = out
        return out

    def penalty(self, g: int, my_tiles: list[int], pool_extra: int) -> float:
        """Expected statue loss from a tumult in ``g`` with ``my_tiles`` (values of good g)."""
        if not my_tiles:
            return 0.0
        state = self.state
        measure = sum(my_tiles) if self.units_mode else len(my_tiles)
        a_me = measure - (state.rules.grace_reduction if state.grace[self.seat] else 0)
        if a_me < 1:
            return 0.0
        base = self.known_pool[g] + pool_extra
        dist = self._pool_dist(g)
        p_tumult = 0.0
        for d, w in self.demand:
            p_tumult += w * sum(p for x, p in dist.items() if base + x < d)
        if p_tumult <= 0.0:
            return 0.0
        my_rank = state.rank.index(self.seat)
        p_greedy = 1.0
        for q, other in enumerate(self._others(g)):
            if q == self.seat:
                continue
            better = state.rank.index(q) < my_rank
            p_greedy *= sum(p for x, p in other.items() if x < a_me or (x == a_me and better))
        lost = sum(my_tiles) - min(my_tiles)
        loss = self.params.follower * state.rules.tumult_follower_loss
        units = self.units()
        after = list(units)
        after[g] -= lost
        loss += self.value(units) - self.value(after)
        return p_tumult * p_greedy * loss

    def units(self) -> list[float]:
        out = [0.0, 0.0, 0.0]
        for t in self.mine:
            out[self.state.tiles[t].good] += self.state.tiles[t].value
        return out

    def value(self, units: list[float]) -> float:
        """Statues the goods are expected to buy, or the consolation if they buy none."""
        pad = self.params.pad * min(1.0, self.remaining / 8)
        reserve = self.state.reserve[self.seat]
        statues = _potential((units[0] + pad, units[1] + pad, units[2] + pad), self.caps, reserve)
        # every statue needs tools and bread or marble (rule 1's costs), and a bundle with a
        # negative count (after a punishment, in ``penalty``) buys nothing, as in
        # ``_potential``: then a player who cannot build gets the consolation (TR-R21)
        if min(units) < 0 or units[2] < 1 or units[0] + units[1] < 1:
            statues += self.consolation
        return statues

    def keep_score(self, t: int) -> float:
        """Marginal statue value of keeping tile ``t`` minus the added expected punishment."""
        tiles = self.state.tiles
        g, v = tiles[t].good, tiles[t].value
        units = self.units()
        more = list(units)
        more[g] += v
        gain = self.value(more) - self.value(units)
        mine = [tiles[x].value for x in self.mine if tiles[x].good == g]
        risk_keep = self.penalty(g, [*mine, v], 0)
        risk_back = self.penalty(g, mine, v)
        return gain - (risk_keep - risk_back)
