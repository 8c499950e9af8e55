"""Final standing (KC-R35) and the ``stop_when_decided`` test (KC-R34, §7.2)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence


def ranking_key(markers: Sequence[int]) -> tuple[int, int]:
    """More territories is better, then a lower marker sum (KC-R35); greater key is better."""
    return (len(markers), -sum(markers))


def winners_of(markers_by_seat: Sequence[Sequence[int]]) -> list[int]:
    keys = [ranking_key(m) for m in markers_by_seat]
    best = max(keys)
    return [seat for seat, k in enumerate(keys) if k == best]


def winners_fixed(markers_by_seat: Sequence[Sequence[int]]) -> list[int] | None:
    """The set of winners if it is the same for every way of giving the remaining marker
    values to any players; ``None`` otherwise. Ignores the cards on purpose (KC-E23)."""
    players = len(markers_by_seat)
    awarded = sum(len(m) for m in markers_by_seat)
    remaining = range(awarded + 1, 6)
    result: list[int] | None = None
    for owners in itertools.product(range(players), repeat=len(remaining)):
        trial = [list(m) for m in markers_by_seat]
        for value, owner in zip(remaining, owners, strict=True):
            trial[owner].append(value)
        w = winners_of(trial)
        if result is None:
            result = w
        elif w != result:
            return None
    return result
