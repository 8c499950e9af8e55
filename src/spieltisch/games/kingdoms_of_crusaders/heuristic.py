"""The heuristic bot of The Kingdoms of Crusaders: one ply of search over a static estimate of
each territory's winning chance.

Rules of thumb, in the order the bot applies them:

1. **Always claim.** Under ``claims = manual`` a valid claim is a sure territory (KC-E10);
   claiming at once takes the lowest marker still free, and a lower marker sum is the
   tie-break of KC-R35, so waiting can only hand a lower marker to someone else.
2. **Plans, not hopes.** An army with ``r`` empty slots is judged by its *plans*: "``j`` more
   cards that all show symbol set ``S``" (``1 <= j <= r``). A plan lifts the army to a known
   key, and it succeeds with the hypergeometric chance of seeing ``j`` such cards among the
   cards the player can still direct to this territory, drawn from the pool this seat cannot
   see (the public unseen pool minus its own hand). The army is expected to reach the best
   plan that succeeds, or to stay as it is.
3. **Share the draws.** A territory with ``r`` empty slots may use ``Params.share * r``
   (``3 r``) of my future draws: a card goes wherever it fits best, so the shares overlap.
   An opponent's unknown cards (hand and future draws) are split among their empty slots in
   proportion: they are modelled as competent but not clairvoyant.
4. **Win probability per territory.** My final key is compared with every opponent's; equal
   keys go to whoever completes first (KC-R22): to me if I am already complete, to the
   opponent if only they are, a coin flip if neither is. Completing an army that no
   opponent's plan can beat scores a sure territory, which is what ``claims = auto`` decides
   at once.
5. **Play for the match, not for territories.** With two players the bot maximizes the chance
   of holding three territories, so it strengthens the pivotal battles and dumps weak cards
   where the battle is already won or lost; with three or four it maximizes a utility of its
   territory count. A small bonus for the plain sum of chances breaks ties.
6. **Cards in hand are options.** The cards kept in hand count for every territory's plans,
   each at a discount (it may be wanted elsewhere), and playing a card removes it from all
   of them: a card that several territories want is not wasted in a minor one.

The bot reads only what its seat may see: its own hand, the table, the public unseen pool and
the public hand sizes. It uses no randomness: of equally good actions it takes the first in the
order of ``legal_actions``."""

from __future__ import annotations

import bisect
import functools
import math
import random
from dataclasses import dataclass

from ...engine.action import Action
from ...engine.game import State
from .actions import CLAIM, PLAY, Move
from .army import DELTA, KEY
from .deck import CARDS_PER_TERRITORY, TERRITORIES
from .state import KingdomsState

Tail = tuple[float, float, float, float, float]  # P(X >= x), x = 0..4
Dist = list[tuple[int, float]]  # (packed key, probability), keys strictly descending

# every non-empty symbol mask, fewest symbols first
_MASKS = tuple(sorted(range(1, 32), key=lambda m: (bin(m).count("1"), m)))
# _SUPERSETS[s]: the masks that contain mask s (s itself included)
_SUPERSETS = tuple(tuple(m for m in range(1, 32) if m & s == s) for s in range(32))
# _SUBMASKS[m]: the non-empty masks contained in m (m itself included)
_SUBMASKS = tuple(tuple(s for s in range(1, 32) if m & s == s) for m in range(32))


@dataclass(frozen=True)
class Params:
    """Tunable weights of the evaluation."""

    share: float = 3.0  # my future draws a territory may use, per empty slot
    opp_share: float = 1.0  # widening of an opponent's proportional share of unknown cards
    tie_bonus: float = 0.05  # weight of the plain sum of chances
    hand_weight: float = 0.7  # chance that a card in hand is still free for this territory
    count_utility_3: tuple[float, ...] = (0.0, 0.1, 0.5, 1.0, 1.0, 1.0)
    count_utility_4: tuple[float, ...] = (0.0, 0.15, 0.65, 1.0, 1.0, 1.0)


@functools.cache
def _plans(index: int, r: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Useful plans for an army with counts index ``index`` and ``r`` empty slots, grouped by
    the key they reach, strongest first: ``(key, ((S, j), ...))``, where ``j`` more cards
    showing every symbol of ``S`` give at least ``key``. Plans that do not beat the bare army,
    or that a cheaper plan (fewer cards, or a subset of ``S``) already matches, are left out."""
    base = KEY[index]
    by_key: dict[int, list[tuple[int, int]]] = {}
    for s in _MASKS:
        for j in range(1, r + 1):
            key = KEY[index + j * DELTA[s]]
            if key <= base:
                continue
            if j > 1 and KEY[index + (j - 1) * DELTA[s]] >= key:
                continue
            if any(
                KEY[index + j * DELTA[s & ~(1 << b)]] >= key
                for b in range(5)
                if s >> b & 1 and s != 1 << b
            ):
                continue
            by_key.setdefault(key, []).append((s, j))
    return tuple((key, tuple(by_key[key])) for key in sorted(by_key, reverse=True))


@functools.cache
def _tail(n: int, total: int, m: int) -> Tail:
    """``P(X >= x)`` for x = 0..4, X hypergeometric: ``m`` cards seen out of ``total`` of
    which ``n`` fit."""
    if m <= 0 or n <= 0:
        return (1.0, 0.0, 0.0, 0.0, 0.0)
    m = min(m, total)
    whole = math.comb(total, m)
    pmf = [
        math.comb(n, i) * math.comb(total - n, m - i) / whole if i <= m else 0.0 for i in range(4)
    ]
    t1 = 1.0 - pmf[0]
    t2 = t1 - pmf[1]
    t3 = t2 - pmf[2]
    t4 = t3 - pmf[3]
    return (1.0, max(t1, 0.0), max(t2, 0.0), max(t3, 0.0), max(t4, 0.0))


def _distribution(index: int, r: int, success: list[Tail]) -> Dist:
    """The estimated distribution of an army's final key (rules of thumb 2 and 3): a plan
    ``(S, j)`` succeeds with chance ``success[S][j]``; the army reaches the best plan that
    succeeds."""
    if r == 0:
        return [(KEY[index], 1.0)]
    out: Dist = []
    reached = 0.0
    for key, plans in _plans(index, r):
        p = 0.0
        for s, j in plans:
            q = success[s][j]
            if q > p:
                p = q
        if p > reached:
            out.append((key, p - reached))
            reached = p
            if reached >= 1.0:
                return out
    out.append((KEY[index], 1.0 - reached))
    return out


def _with_hand(tail: Tail, weights: tuple[float, ...]) -> Tail:
    """Chances to get 0..4 cards showing a symbol set when ``len(weights) - 1`` cards in hand
    show it, ``weights[i]`` being the chance that ``i`` of them are still free for this
    territory, and the rest come from the draws (``tail``)."""
    t1, t2, t3, t4 = tail[1], tail[2], tail[3], tail[4]
    out1 = out2 = out3 = out4 = 0.0
    for i, q in enumerate(weights):
        if i == 0:
            out1 += q * t1
            out2 += q * t2
            out3 += q * t3
            out4 += q * t4
        elif i == 1:
            out1 += q
            out2 += q * t1
            out3 += q * t2
            out4 += q * t3
        elif i == 2:
            out1 += q
            out2 += q
            out3 += q * t1
            out4 += q * t2
        elif i == 3:
            out1 += q
            out2 += q
            out3 += q
            out4 += q * t1
        else:
            out1 += q
            out2 += q
            out3 += q
            out4 += q
    return (1.0, out1, out2, out3, out4)


@functools.cache
def _hand_weights(held: int, weight: float) -> tuple[float, ...]:
    """Binomial chances that 0..held cards in hand are still free, each with ``weight``."""
    return tuple(
        math.comb(held, i) * weight**i * (1.0 - weight) ** (held - i) for i in range(held + 1)
    )


class _Rival:
    """An opponent's army in one territory, ready for comparisons."""

    __slots__ = ("below", "comp", "complete", "keys", "mass")

    def __init__(self, dist: Dist, complete: bool, comp: int) -> None:
        asc = dist[::-1]
        self.keys = [k for k, _ in asc]
        self.mass = [p for _, p in asc]
        below = []
        acc = 0.0
        for p in self.mass:
            below.append(acc)
            acc += p
        self.below = below
        self.complete = complete
        self.comp = comp

    def beaten_by(self, key: int, tie: float) -> float:
        """P(this army ends below ``key``) plus ``tie`` times P(it ends equal)."""
        i = bisect.bisect_left(self.keys, key)
        if i == len(self.keys):
            return 1.0
        if self.keys[i] == key:
            return self.below[i] + tie * self.mass[i]
        return self.below[i]


def _at_least(probs: list[float], need: int) -> float:
    """P(at least ``need`` of independent events with chances ``probs`` happen)."""
    if need <= 0:
        return 1.0
    if need > len(probs):
        return 0.0
    return sum(_count_distribution(probs)[need:])


def _count_distribution(probs: list[float]) -> list[float]:
    dist = [1.0]
    for p in probs:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1.0 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


class HeuristicBot:
    """Claims whatever it can, otherwise plays the card and territory with the best one-ply
    evaluation (see the module docstring)."""

    name = "heuristic"
    params = Params()

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        if not isinstance(state, KingdomsState):
            raise TypeError("the heuristic bot plays The Kingdoms of Crusaders only")
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        for action in legal:
            if action.kind == CLAIM:
                return action  # rule of thumb 1
        plays = [a for a in legal if isinstance(a, Move) and a.kind == PLAY]
        if len(plays) <= 1:
            return plays[0] if plays else legal[0]
        return _Evaluation(state, seat, self.params).best(plays)


class _Evaluation:
    """One decision: the public facts of ``state`` as ``seat`` sees them, and the scoring."""

    def __init__(self, state: KingdomsState, seat: int, params: Params) -> None:
        self.state = state
        self.seat = seat
        self.params = params
        masks = state.pool.masks
        self.hand_masks = [masks[c] for c in state.hands[seat]]
        # the pool this seat cannot see: the unseen cards minus its own hand (KC-R26)
        pool = list(state.unseen)
        for m in self.hand_masks:
            pool[m] -= 1
        self.pool_size = sum(pool)
        self.fits = [sum(pool[m] for m in _SUPERSETS[s]) if s else 0 for s in range(32)]
        self.open = [t for t in range(TERRITORIES) if state.decided[t] is None]
        self.won = sum(1 for d in state.decided if d is not None and d[0] == seat)
        self._tails: dict[int, list[Tail]] = {}
        self._success: dict[tuple[int, int], list[Tail]] = {}
        self._held: dict[int, list[int]] = {}
        self._mixed: dict[tuple[int, int, int], Tail] = {}
        # the opponents' armies do not depend on my choice: evaluate them once
        self.rivals: dict[int, list[_Rival]] = {}
        for t in self.open:
            rivals = []
            for o in range(state.players):
                if o == seat:
                    continue
                n = len(state.armies[o][t])
                r = CARDS_PER_TERRITORY - n
                m = self._share(o, r, params.opp_share, hand_unknown=True)
                dist = _distribution(state.counts[o][t], r, self.tails(m))
                rivals.append(_Rival(dist, r == 0, state.comp[o][t]))
            self.rivals[t] = rivals

    def tails(self, m: int) -> list[Tail]:
        table = self._tails.get(m)
        if table is None:
            size, fits = self.pool_size, self.fits
            table = [_tail(fits[s], size, m) if s else (1.0, 0.0, 0.0, 0.0, 0.0) for s in range(32)]
            self._tails[m] = table
        return table

    def success(self, m: int, played: int) -> list[Tail]:
        """My plan chances with ``m`` unknown cards to come, after playing a card with symbol
        mask ``played`` (rule of thumb 6: the rest of the hand counts, at a discount)."""
        table = self._success.get((m, played))
        if table is None:
            held = self._held.get(played)
            if held is None:
                held = [0] * 32
                remaining = list(self.hand_masks)
                remaining.remove(played)
                for hm in remaining:
                    for s in _SUBMASKS[hm]:
                        held[s] += 1
                self._held[played] = held
            weight = self.params.hand_weight
            cache = self._mixed
            table = []
            for s, tail in enumerate(self.tails(m)):
                h = held[s]
                if h == 0:
                    table.append(tail)
                    continue
                mixed = cache.get((m, s, h))
                if mixed is None:
                    mixed = _with_hand(tail, _hand_weights(h, weight))
                    cache[(m, s, h)] = mixed
                table.append(mixed)
            self._success[(m, played)] = table
        return table

    def _slots(self, seat: int) -> int:
        army = self.state.armies[seat]
        return sum(CARDS_PER_TERRITORY - len(army[t]) for t in self.open)

    def _share(
        self, seat: int, r: int, widen: float, *, hand_unknown: bool, played: int = 0
    ) -> int:
        """How many unknown cards ``seat`` may direct to a territory with ``r`` empty slots."""
        if r == 0:
            return 0
        slots = self._slots(seat) - played
        future = slots + (len(self.state.hands[seat]) if hand_unknown else 0)
        if slots <= 0 or future <= 0:
            return 0
        return min(future, round(widen * future * r / slots))

    def _chance(self, t: int, index: int, r: int, complete_at: int, played: int) -> float:
        """My chance to win territory ``t`` with the army ``index`` and ``r`` empty slots,
        after playing a card with symbol mask ``played``."""
        m = self._share(self.seat, r, self.params.share, hand_unknown=False, played=1)
        mine = _distribution(index, r, self.success(m, played))
        rivals = self.rivals[t]
        total = 0.0
        for key, p in mine:
            for rival in rivals:
                if r == 0:
                    tie = 1.0 if not rival.complete or complete_at < rival.comp else 0.0
                else:
                    tie = 0.0 if rival.complete else 0.5
                p *= rival.beaten_by(key, tie)
                if p == 0.0:
                    break
            total += p
        return total

    def _value(self, chances: list[float]) -> float:
        """Rule of thumb 5: the match value of per-territory chances (open territories)."""
        players = self.state.players
        bonus = self.params.tie_bonus * sum(chances)
        if players == 2:
            return _at_least(chances, 3 - self.won) + bonus
        utility = self.params.count_utility_3 if players == 3 else self.params.count_utility_4
        dist = _count_distribution(chances)
        return sum(q * utility[min(k + self.won, 5)] for k, q in enumerate(dist)) + bonus

    def best(self, plays: list[Move]) -> Move:
        state, seat = self.state, self.seat
        masks = state.pool.masks
        counts, armies, comp = state.counts[seat], state.armies[seat], state.comp[seat]
        next_play = state.play_counter + 1
        # group equivalent actions: same symbol set, same territory (KC-E24)
        candidates: dict[tuple[int, int], Move] = {}
        card_of = state.pool.index
        for action in plays:
            mask = masks[card_of[action.card]]
            candidates.setdefault((mask, action.territory - 1), action)
        rest: dict[int, list[float]] = {}
        best_value = -math.inf
        best_action = plays[0]
        for (mask, t), action in candidates.items():
            if mask not in rest:
                rest[mask] = [
                    self._chance(u, counts[u], CARDS_PER_TERRITORY - len(armies[u]), comp[u], mask)
                    for u in self.open
                ]
            chances = list(rest[mask])
            r = CARDS_PER_TERRITORY - len(armies[t]) - 1
            chances[self.open.index(t)] = self._chance(
                t, counts[t] + DELTA[mask], r, next_play if r == 0 else 0, mask
            )
            value = self._value(chances)
            if value > best_value + 1e-12:
                best_value = value
                best_action = action
        return best_action
