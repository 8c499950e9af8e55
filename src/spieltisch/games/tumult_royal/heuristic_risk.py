"""The heuristic bot's measures (``heuristic.py``): what goods buy in statues, and during
the grab what its seat knows and the risk of keeping a tile (rules of thumb 1 and 2)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .table import Table


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


def caps(state: Table, seat: int) -> tuple[int, int]:
    """Free villages and castles reachable this turn (next to me or one step further)."""
    n4, owner, codes = state.land.n4, state.owner, state.codes
    near: set[int] = set()
    for f, who, _ in state.board:  # the fields with statues: ``seat``'s among them
        if who == seat:
            for n in n4[f]:
                if owner[n] < 0 and codes[n]:
                    near.add(n)
    reach = set(near)
    for f in near:
        if codes[f] in ("M", "F"):
            for n in n4[f]:
                if owner[n] < 0 and codes[n]:
                    reach.add(n)
    villages = sum(1 for f in reach if codes[f] == "V")
    castles = sum(1 for f in reach if codes[f] == "C")
    return villages, castles


@functools.lru_cache(maxsize=1 << 16)  # a pure function of few values, asked very often
def potential(units: tuple[float, float, float], caps: tuple[int, int], reserve: int) -> float:
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


def convolve(a: Dist, b: Dist) -> Dist:
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


# power(step, k) for k = 0, 1, ... per step (its items in order): a search asks the same
# powers thousands of times. Each is made from the one before by the same convolution as
# before, so the numbers are the same doubles; the returned dicts are shared, never changed.
_POWERS: dict[tuple[tuple[int, float], ...], list[Dist]] = {}


def power(step: Dist, n: int) -> Dist:
    key = tuple(step.items())
    powers = _POWERS.get(key)
    if powers is None:
        if len(_POWERS) >= 4096:  # unknown mixes are many over a long run: stay bounded
            _POWERS.clear()
        powers = _POWERS[key] = [{0: 1.0}]
    while len(powers) <= n:
        powers.append(convolve(powers[-1], step))
    return powers[max(0, n)]


# the unknown mix's steps per (game set, measure, faces known): shared, never changed
_MIXES: dict[
    tuple[int, bool, tuple[tuple[str, int], ...]], tuple[object, list[Dist], list[Dist]]
] = {}


class GrabInfo:
    """What ``seat`` knows during the grab, and the risk model built on it."""

    def __init__(self, state: Table, seat: int, params: Params) -> None:
        self.state, self.seat, self.params = state, seat, params
        self.known = set(state.memory[seat])
        self.units_mode = state.options["greed_measure"] != "tiles"
        self.pool_step: list[Dist] = []
        self.measure_step: list[Dist] = []
        self._unknown_mix()
        unknown_free, kept_count = self._slots()
        self._future(unknown_free, kept_count)
        self.caps = caps(state, seat)
        self.mine = state.holdings(seat)
        self._demand()
        self.pool_cache: dict[tuple[int, int], Dist] = {}
        self.other_cache: dict[int, list[Dist]] = {}
        # the consolation in statues; the bot always builds when it can, so under either
        # reading of TR-R21 it is paid exactly when the goods buy nothing
        self.consolation = params.follower * state.rules.no_build_bonus

    def _unknown_mix(self) -> None:
        """The unknown tile mix: the game set minus every face this seat knows; per good,
        the distribution of pool units and of the measure one unknown tile adds."""
        state = self.state
        tiles = state.tiles
        known_tiles = {state.slot_tile[s] for s in self.known}
        known_tiles |= {t for t, carried in enumerate(state.carried) if carried}
        # the steps depend only on the game set and the faces known: a search asks for the
        # same ones again and again
        key = (id(tiles), self.units_mode, tuple(sorted(state.faces[t] for t in known_tiles)))
        cached = _MIXES.get(key)
        if cached is not None and cached[0] is tiles:
            self.pool_step, self.measure_step = cached[1], cached[2]
            return
        mix: dict[tuple[int, int], int] = {}
        for tile in tiles:
            mix[(tile.good, tile.value)] = mix.get((tile.good, tile.value), 0) + 1
        for t in known_tiles:
            k = (tiles[t].good, tiles[t].value)
            mix[k] -= 1
        total = sum(mix.values())
        self.pool_step = []
        self.measure_step = []
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
        if len(_MIXES) >= 4096:
            _MIXES.clear()
        _MIXES[key] = (tiles, self.pool_step, self.measure_step)

    def _slots(self) -> tuple[int, list[int]]:
        """Known pool units, the others' known measures and unknown kept tiles; returns the
        unexplored untaken slots and the tiles each seat kept."""
        state, tiles, seat = self.state, self.state.tiles, self.seat
        players = state.players
        self.known_pool = [0, 0, 0]
        unknown_free = 0
        self.unknown_kept = unknown_kept = [0] * players
        self.known_measure = known_measure = [[0, 0, 0] for _ in range(players)]
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
        return unknown_free, kept_count

    def _future(self, unknown_free: int, kept_count: list[int]) -> None:
        """The tiles the others are still expected to keep (their observed keep rate)."""
        state, players = self.state, self.state.players
        remaining = max(0, state.options["grab_ticks"] - state.tick)
        future = [0.0] * players
        for q in range(players):
            if q == self.seat or state.done[q]:
                continue
            rate = (kept_count[q] + self.params.prior_rate * 2) / (state.tick + 2)
            future[q] = min(rate * remaining, remaining / 2, unknown_free / max(1, players - 1))
        self.future = future
        self.unknown_free = max(0, unknown_free - round(sum(future)))
        self.remaining = remaining

    def _demand(self) -> None:
        """The demand's distribution: known (standard, once spun) or the spinner's."""
        state, rules = self.state, self.state.rules
        if state.options["variant"] == "zocker" or not state.demand[0]:
            wsum = sum(rules.spinner_weights)
            self.demand = [
                (d, w / wsum)
                for d, w in zip(rules.spinner_values, rules.spinner_weights, strict=True)
            ]
        else:
            self.demand = [(state.demand[0], 1.0)]

    def _pool_dist(self, g: int) -> Dist:
        key = (g, self.unknown_free)
        dist = self.pool_cache.get(key)
        if dist is None:
            dist = self.pool_cache[key] = power(self.pool_step[g], self.unknown_free)
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
                dist = power(self.measure_step[g], n)
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
        statues = potential((units[0] + pad, units[1] + pad, units[2] + pad), self.caps, reserve)
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
