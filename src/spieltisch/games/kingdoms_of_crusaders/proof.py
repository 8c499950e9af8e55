"""Claim proof (KC-R25 to KC-R27, §5.2-5.3): can an opponent still beat a complete army?

The unseen pool U is known only as a histogram of symbol masks (cards with the same symbols
are interchangeable, KC-E24). ``find_refutation`` runs the exact saturated enumeration of
§5.3 and returns a witness (the masks of a completion that beats the claim) or ``None``."""

from __future__ import annotations

import functools

from .army import DELTA, KEY

_POW5 = (1, 5, 25, 125, 625)


@functools.cache
def _supersets() -> tuple[tuple[int, ...], ...]:
    """For each mask, the masks that strictly contain it."""
    return tuple(
        tuple(m for m in range(1, 32) if m != mask and m & mask == mask) for mask in range(32)
    )


# masks ordered by number of symbols, most first (ties by mask value, a fixed order)
_ORDER = tuple(sorted(range(1, 32), key=lambda m: (-bin(m).count("1"), m)))


def upper_bound_index(army_index: int, need: int, symbol_counts: list[int]) -> int:
    """Counts index of u[s] = min(4, c[s] + min(need, n_U(s))): no completion beats it."""
    out = 0
    rest = army_index
    for s in range(5):  # plain arithmetic: this runs for every claim test
        c = rest % 5
        rest //= 5
        n = symbol_counts[s]
        u = c + (need if need < n else n)
        out += (u if u < 4 else 4) * _POW5[s]
    return out


def find_refutation(
    army_index: int, need: int, claim_key: int, unseen: list[int], symbol_counts: list[int]
) -> tuple[int, ...] | None:
    """A multiset of ``need`` masks from ``unseen`` (a 32-slot histogram) that lifts the army
    with counts index ``army_index`` to a key strictly greater than ``claim_key``; ``None`` if
    there is none. ``symbol_counts[s]`` is the number of unseen cards showing symbol s."""
    # quick acceptance (§5.3 step 2): the best conceivable completion cannot win
    if KEY[upper_bound_index(army_index, need, symbol_counts)] <= claim_key:
        return None
    types = [m for m in _ORDER if unseen[m]]
    supersets = _supersets()
    taken: dict[int, int] = {}
    chosen: list[int] = []

    def search(i: int, need: int, index: int) -> bool:
        if need == 0:
            return KEY[index] > claim_key
        if i == len(types):
            return False
        mask = types[i]
        available = unseen[mask]
        # saturation: use a set only once every unseen superset card is used up
        if all(taken.get(sup, 0) == unseen[sup] for sup in supersets[mask]):
            for x in range(min(available, need), 0, -1):
                taken[mask] = x
                chosen.extend([mask] * x)
                if search(i + 1, need - x, index + x * DELTA[mask]):
                    return True
                del chosen[-x:]
            taken[mask] = 0
        return search(i + 1, need, index)

    return tuple(chosen) if search(0, need, army_index) else None
