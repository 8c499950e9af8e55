"""Paying for a build (TR-R19): every valid payment of a cost, and what is wrong with one
that is not valid."""

from __future__ import annotations

import functools
import itertools

from ...engine.i18n import N_
from .actions import Face
from .refusal import Refusal, Term, Tiles, Units, Value
from .table import Table

Cost = tuple[int, int, int]  # units of bread, marble, tools


def minimal_covers(values: list[int], cost: int) -> list[tuple[int, ...]]:
    """TR-R19 for one good: every multiset of ``values`` that covers ``cost`` with no
    superfluous tile (removing its smallest tile falls below the cost), ascending."""
    return list(_minimal_covers(tuple(sorted(values)), cost))


@functools.lru_cache(maxsize=4096)  # the same few hands of one good come back very often
def _minimal_covers(values: tuple[int, ...], cost: int) -> tuple[tuple[int, ...], ...]:
    return tuple(_covers(list(values), cost))


def _covers(values: list[int], cost: int) -> list[tuple[int, ...]]:
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


def payments(table: Table, seat: int, cost: Cost) -> list[tuple[Face, ...]]:
    """TR-R19: every valid payment (coverage, no superfluous tile) as sorted faces."""
    faces, goods = table.faces, table.rules.goods
    held = tuple(sorted(faces[t] for t, where in enumerate(table.loc) if where == seat))
    key = (held, cost, goods)
    out = _PAYMENTS.get(key)
    if out is None:
        if len(_PAYMENTS) >= 8192:  # the goods in hand vary without end: stay bounded
            _PAYMENTS.clear()
        values = [[v for name, v in held if name == good] for good in goods]
        out = _PAYMENTS[key] = _payments(values, cost, goods)
    return list(out)


# the payments of a cost depend only on the faces held: a search asks the same ones again
# and again (the build phase lists them at every decision)
_PAYMENTS: dict[tuple[tuple[Face, ...], Cost, tuple[str, ...]], list[tuple[Face, ...]]] = {}


def _payments(
    values: list[list[int]], cost: Cost, goods: tuple[str, ...]
) -> list[tuple[Face, ...]]:
    per_good: list[list[tuple[Face, ...]]] = []
    for g in range(3):
        options = minimal_covers(values[g], cost[g])
        if not options:
            return []
        name = goods[g]
        per_good.append([tuple((name, v) for v in combo) for combo in options])
    out = []
    for a in per_good[0]:
        for b in per_good[1]:
            for c in per_good[2]:
                out.append(tuple(sorted(a + b + c)))
    return sorted(set(out))


def payment_refusal(
    table: Table,
    seat: int,
    cost: Cost,
    payment: tuple[Face, ...],
    doubled: bool,
    here: dict[str, Value],
) -> Refusal:
    """TR-R19: what is wrong with a payment that is not valid for ``cost``: the goods held
    do not reach the cost, tiles not held, a good the cost has not, too little, a tile too
    many."""
    goods = table.rules.goods
    costs = Units(tuple((c, g) for g, c in zip(goods, cost, strict=True)))
    for good, _ in payment:
        if good not in goods:
            return Refusal(N_("There is no good {good} in this game."), "TR-R19", good=good)
    held = [table.faces[t] for t in table.holdings(seat)]
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
            N_("You do not hold the tiles {tiles}."), "TR-R19", tiles=Tiles(tuple(missing), goods)
        )
    return _paid_wrongly(goods, cost, costs, payment, here)


def _paid_wrongly(
    goods: tuple[str, str, str],
    cost: Cost,
    costs: Units,
    payment: tuple[Face, ...],
    here: dict[str, Value],
) -> Refusal:
    """TR-R19 for tiles the seat holds: a good not in the cost, too little, one too many."""
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
                tile=Tiles(((good, min(paid[g])),), goods),
            )
    return Refusal(N_("That payment is not valid for {terrain} ({r},{c})."), "TR-R19", **here)
