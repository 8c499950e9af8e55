"""Formations and army strength (KC-R18 to KC-R23, §5.1).

An army is summarized by its symbol counts c[s] (0..4). The counts are packed into one
integer, the *counts index* ``sum(c[s] * 5**s)``, so that adding a card is one addition
(``+ DELTA[mask]``) and the key of any army is a table lookup. Keys are compared as packed
integers whose order is exactly the lexicographic order of the key tuples of KC-R20."""

from __future__ import annotations

import functools

_POW5 = (1, 5, 25, 125, 625)
COUNTS_SPACE = 5**5

# DELTA[mask]: what a card with that symbol mask adds to a counts index.
DELTA: tuple[int, ...] = tuple(
    sum(_POW5[s] for s in range(5) if mask >> s & 1) for mask in range(32)
)

KeyTuple = tuple[int, tuple[int, ...], int, tuple[int, ...], int, tuple[int, ...]]


def counts_of_index(index: int) -> tuple[int, int, int, int, int]:
    c = []
    for _ in range(5):
        index, r = divmod(index, 5)
        c.append(r)
    return (c[0], c[1], c[2], c[3], c[4])


def index_of_counts(counts: tuple[int, ...] | list[int]) -> int:
    return sum(min(4, c) * p for c, p in zip(counts, _POW5, strict=True))


def key_of_counts(counts: tuple[int, ...] | list[int]) -> KeyTuple:
    """The army key ``(nR, tR, nB, tB, nC, tC)`` of KC-R20."""
    parts: list[object] = []
    for size in (4, 3, 2):
        ranks = tuple(sorted((s + 1 for s in range(5) if counts[s] == size), reverse=True))
        parts.append(len(ranks))
        parts.append(ranks)
    return tuple(parts)  # type: ignore[return-value]


def _pack(key: KeyTuple) -> int:
    # Each tier: its count, then its ranks padded with zeros to five. Tuples of one tier are
    # only compared at equal length (KC-R21), so the padding never changes an order.
    digits: list[int] = []
    for tier in range(3):
        n, ranks = key[2 * tier], key[2 * tier + 1]
        digits.append(n)  # type: ignore[arg-type]
        digits.extend(ranks)  # type: ignore[arg-type]
        digits.extend([0] * (5 - len(ranks)))  # type: ignore[arg-type]
    out = 0
    for d in digits:
        out = out * 8 + d
    return out


KEY_TUPLE: tuple[KeyTuple, ...] = tuple(
    key_of_counts(counts_of_index(i)) for i in range(COUNTS_SPACE)
)
# KEY[index]: packed key, comparable with < and ==.
KEY: tuple[int, ...] = tuple(_pack(k) for k in KEY_TUPLE)

EMPTY_KEY = KEY[0]


def index_of_masks(masks: list[int] | tuple[int, ...]) -> int:
    return sum(DELTA[m] for m in masks)


@functools.cache
def notation(index: int) -> str:
    """``R(5,1) B(4) C(2)``, or ``(none)`` for an army without formation (spec notation)."""
    key = KEY_TUPLE[index]
    parts = []
    for tier, letter in enumerate("RBC"):
        ranks = key[2 * tier + 1]
        if ranks:
            parts.append(f"{letter}({','.join(map(str, ranks))})")  # type: ignore[arg-type]
    return " ".join(parts) or "(none)"


def key_json(index: int) -> list[object]:
    nR, tR, nB, tB, nC, tC = KEY_TUPLE[index]
    return [nR, list(tR), nB, list(tB), nC, list(tC)]  # fresh lists: views are mutable
