"""The heuristic bot's tower odds (ZK-T9) and siege odds (ZK-J4 to ZK-J10): a throw as
independent binomials, every thrown cube out with the calibrated rate of ZK-T9 and every cube
already inside with a release rate that grows with the throw; a small dynamic programme for
the chance that a siege ends with the fall of Jerusalem."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import pairwise

_OUT_POINTS = ((1, 0.65), (3, 0.69), (5, 0.72), (8, 0.76), (12, 0.81))


def out_rate(thrown: int) -> float:
    """The chance that a thrown cube reaches the tray (ZK-T9, interpolated)."""
    pts = _OUT_POINTS
    if thrown <= pts[0][0]:
        return pts[0][1]
    for (x0, y0), (x1, y1) in pairwise(pts):
        if thrown <= x1:
            return y0 + (y1 - y0) * (thrown - x0) / (x1 - x0)
    return min(0.9, pts[-1][1] + 0.008 * (thrown - pts[-1][0]))


def old_rate(thrown: int) -> float:
    """The chance that a cube already inside is knocked out by a throw of ``thrown``."""
    passing = out_rate(thrown) * thrown
    return 0.85 * (1.0 - float(0.935**passing))


def _binom(n: int, p: float) -> list[float]:
    out = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(out) + 1)
        for k, w in enumerate(out):
            nxt[k] += w * (1 - p)
            nxt[k + 1] += w * p
        out = nxt
    return out


def _conv(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@lru_cache(maxsize=65536)
def win_prob(n: int, greens: int, own_in: int, green_in: int, bonus: int, ties: bool) -> float:
    """P(A + bonus > Gt) (``>=`` when ties win) for ``n`` own cubes against ``greens`` with
    ``own_in`` own and ``green_in`` green cubes already in the tower."""
    if n <= 0 and own_in <= 0:
        a = [1.0]
    else:
        t = n + greens
        q, r = out_rate(max(1, t)), old_rate(t)
        a = _conv(_binom(n, q), _binom(own_in, r))
    t = n + greens
    q, r = out_rate(max(1, t)), old_rate(t)
    g = _conv(_binom(greens, q), _binom(green_in, r))
    cum = [0.0] * (len(g) + 1)  # cum[k] = P(Gt < k)
    for k, w in enumerate(g):
        cum[k + 1] = cum[k] + w
    total = 0.0
    for k, w in enumerate(a):
        m = k + bonus + (1 if ties else 0)  # Gt < m wins
        total += w * cum[min(max(m, 0), len(g))]
    return total


def _after_win(a: int, d: int) -> int:
    """Army left after a won Jerusalem round that committed everything (rough)."""
    return max(0, int(0.95 * a - 0.8 * d + 0.5))


@cache
def fall_chance(g: int, a: int, ties: bool = False) -> float:
    """The chance that a siege with army ``a`` against garrison ``g`` ends with the fall
    (ZK-J9): the attacker commits everything and continues while he can; the defender
    picks the commitment that minimises this chance (ZK-J5)."""
    if a < 5:
        return 0.0
    if g <= 0:
        return win_prob(a, 0, 0, 0, 0, ties)
    lo = 3 if g >= 3 else g
    best = 1.0
    for d in range(lo, g + 1):
        p = win_prob(a, d, 0, 0, 0, ties)
        if d < g:
            p *= fall_chance(g - d, _after_win(a, d), ties)
        best = min(best, p)
    return best


@cache
def siege_odds(g: int, a: int, ties: bool = False) -> float:
    """Like ``fall_chance`` against a defender who picks his commitment uniformly from
    the legal range (an unknown or careless defender), averaged with the minimising one."""
    return 0.5 * (_uniform_fall(g, a, ties) + fall_chance(g, a, ties))


@cache
def _uniform_fall(g: int, a: int, ties: bool) -> float:
    if a < 5:
        return 0.0
    if g <= 0:
        return win_prob(a, 0, 0, 0, 0, ties)
    lo = 3 if g >= 3 else g
    total = 0.0
    for d in range(lo, g + 1):
        p = win_prob(a, d, 0, 0, 0, ties)
        if d < g:
            p *= _uniform_fall(g - d, _after_win(a, d), ties)
        total += p
    return total / (g - lo + 1)
