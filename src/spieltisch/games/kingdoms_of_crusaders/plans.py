"""An army's plans and their chances: the probability model of the heuristic
(``heuristic.py``, rules of thumb 2 to 4), shared with the search's evaluation
(``search_eval.py``).

An army with ``r`` empty slots is judged by its plans, "``j`` more cards that all show
symbol set ``S``"; a plan succeeds with a hypergeometric chance (and more when cards in hand
show ``S``), the army reaches the best plan that succeeds, and two armies' final keys are
compared as KC-R22 compares complete armies."""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections.abc import Iterable, Sequence

from .army import DELTA, KEY

Tail = tuple[float, float, float, float, float]  # P(X >= x), x = 0..4
Dist = list[tuple[int, float]]  # (packed key, probability), keys strictly descending

# every non-empty symbol mask, fewest symbols first
MASKS = tuple(sorted(range(1, 32), key=lambda m: (bin(m).count("1"), m)))
# SUBMASKS[m]: the non-empty masks contained in m (m itself included)
SUBMASKS = tuple(tuple(s for s in range(1, 32) if m & s == s) for m in range(32))


def showing_counts(histogram: Sequence[int]) -> list[int]:
    """Per symbol set s: the cards of ``histogram`` (per symbol mask) that show every symbol
    of s, a sum over the supersets of s; at 0 (the empty set) all of them."""
    out = list(histogram)
    for b in (1, 2, 4, 8, 16):
        for m in range(32):
            if not m & b:
                out[m] += out[m | b]
    return out


@functools.cache
def plans_of(index: int, r: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Useful plans for an army with counts index ``index`` and ``r`` empty slots, grouped by
    the key they reach, strongest first: ``(key, ((S, j), ...))``, where ``j`` more cards
    showing every symbol of ``S`` give at least ``key``. Plans that do not beat the bare army,
    or that a cheaper plan (fewer cards, or a subset of ``S``) already matches, are left out."""
    base = KEY[index]
    by_key: dict[int, list[tuple[int, int]]] = {}
    for s in MASKS:
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
def tail_chances(n: int, total: int, m: int) -> Tail:
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


@functools.cache
def _places(index: int, r: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """``plans_of`` laid out for ``distribution``: per key, the place ``5 S + j`` of its
    first plan ``(S, j)`` in a flat table and the places of any others (almost always
    none: a single lookup per key is the heuristic's inner loop)."""
    return tuple(
        (key, 5 * plans[0][0] + plans[0][1], tuple(5 * s + j for s, j in plans[1:]))
        for key, plans in plans_of(index, r)
    )


def flat(table: Sequence[Tail]) -> list[float]:
    """A table of plan chances per symbol set, flattened: ``S``'s chance of ``j`` cards at
    ``5 S + j`` (the form ``distribution`` reads)."""
    return list(itertools.chain.from_iterable(table))


def distribution(index: int, r: int, success: Sequence[float]) -> Dist:
    """The estimated distribution of an army's final key (rules of thumb 2 and 3): a plan
    ``(S, j)`` succeeds with chance ``success[5 S + j]`` (a ``flat`` table); the army
    reaches the best plan that succeeds."""
    if r == 0:
        return [(KEY[index], 1.0)]
    out: Dist = []
    reached = 0.0
    for key, place, more in _places(index, r):
        p = success[place]
        for other in more:
            q = success[other]
            if q > p:
                p = q
        if p > reached:
            out.append((key, p - reached))
            reached = p
            if reached >= 1.0:
                return out
    out.append((KEY[index], 1.0 - reached))
    return out


def with_hand(tail: Tail, weights: tuple[float, ...]) -> Tail:
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
def hand_weights(held: int, weight: float) -> tuple[float, ...]:
    """Binomial chances that 0..held cards in hand are still free, each with ``weight``."""
    return tuple(
        math.comb(held, i) * weight**i * (1.0 - weight) ** (held - i) for i in range(held + 1)
    )


class Rival:
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


def beats_all(dist: Dist, rivals: Iterable[Rival], complete: bool, comp: int) -> float:
    """The chance that an army with final keys ``dist`` beats every one of ``rivals``. Equal
    keys (KC-R22): a complete army (completed at play ``comp``) wins against an incomplete one
    and against one completed later; two incomplete ones are a coin flip."""
    rivals = list(rivals)
    if len(rivals) == 1:
        return _beats_one(dist, rivals[0], _tie(rivals[0], complete, comp))
    total = 0.0
    for key, p in dist:
        for rival in rivals:
            p *= rival.beaten_by(key, _tie(rival, complete, comp))
            if p == 0.0:
                break
        total += p
    return total


def _tie(rival: Rival, complete: bool, comp: int) -> float:
    """What an equal key against ``rival`` is worth (KC-R22)."""
    if complete:
        return 1.0 if not rival.complete or comp < rival.comp else 0.0
    return 0.0 if rival.complete else 0.5


def _beats_one(dist: Dist, rival: Rival, tie: float) -> float:
    """``beats_all`` against a single rival (two players, the search's rollouts): ``dist``
    descends while the rival's keys ascend, so one pass over both replaces a bisection per
    key."""
    keys, below, mass = rival.keys, rival.below, rival.mass
    n = i = len(keys)
    total = 0.0
    for key, p in dist:
        while i and keys[i - 1] >= key:
            i -= 1
        # i: how many of the rival's keys lie below ``key`` (as ``bisect_left``)
        if i == n:
            total += p
        elif keys[i] == key:
            total += p * (below[i] + tie * mass[i])
        else:
            total += p * below[i]
    return total


def at_least(probs: list[float], need: int) -> float:
    """P(at least ``need`` of independent events with chances ``probs`` happen)."""
    if need <= 0:
        return 1.0
    if need > len(probs):
        return 0.0
    return sum(count_distribution(probs)[need:])


def count_distribution(probs: list[float]) -> list[float]:
    dist = [1.0]
    for p in probs:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1.0 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist
