"""The plan model's fast paths (``plans.py``) against their plain definitions: the
heuristic and the search's evaluation spend most of their time in them."""

from __future__ import annotations

import random

import pytest

from spieltisch.games.kingdoms_of_crusaders.army import KEY
from spieltisch.games.kingdoms_of_crusaders.plans import (
    Rival,
    Tail,
    beats_all,
    distribution,
    flat,
    plans_of,
)


def _plain_distribution(index: int, r: int, success: list[Tail]) -> list[tuple[int, float]]:
    """Rules of thumb 2 and 3 as written: the best plan that succeeds, strongest key first."""
    if r == 0:
        return [(KEY[index], 1.0)]
    out = []
    reached = 0.0
    for key, plans in plans_of(index, r):
        p = max(success[s][j] for s, j in plans)
        if p > reached:
            out.append((key, p - reached))
            reached = p
    if reached < 1.0:
        out.append((KEY[index], 1.0 - reached))
    return out


def _table(rng: random.Random) -> list[Tail]:
    rows: list[Tail] = [(1.0, 0.0, 0.0, 0.0, 0.0)]
    for _ in range(31):
        a, b, c, d = sorted((rng.random() for _ in range(4)), reverse=True)
        rows.append((1.0, a, b, c, d))
    return rows


@pytest.mark.parametrize("seed", range(5))
def test_distribution_reads_the_flat_table_as_the_plans_say(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        index = rng.randrange(len(KEY))
        r = rng.randint(0, 4)
        try:
            plans_of(index, r)
        except IndexError:  # counts that no army can reach
            continue
        table = _table(rng)
        assert distribution(index, r, flat(table)) == _plain_distribution(index, r, table)


def _plain_beats(dist, rival_dist, complete, comp, rival_complete, rival_comp) -> float:
    """KC-R22 pair by pair: the higher key wins; equal keys go to the army complete first."""
    total = 0.0
    for key, p in dist:
        for other, q in rival_dist:
            if key > other:
                total += p * q
            elif key == other:
                if complete:
                    total += p * q * (1.0 if not rival_complete or comp < rival_comp else 0.0)
                else:
                    total += p * q * (0.0 if rival_complete else 0.5)
    return total


@pytest.mark.parametrize("seed", range(5))
def test_beating_one_rival_in_one_pass_is_the_pairwise_comparison(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(200):
        keys = sorted(rng.sample(range(40), rng.randint(1, 6)), reverse=True)
        mine = [(k, 1.0 / len(keys)) for k in keys]
        others = sorted(rng.sample(range(40), rng.randint(1, 6)), reverse=True)
        theirs = [(k, 1.0 / len(others)) for k in others]
        complete, rival_complete = rng.random() < 0.5, rng.random() < 0.5
        comp, rival_comp = rng.randint(1, 9), rng.randint(1, 9)
        rival = Rival(theirs, rival_complete, rival_comp)
        got = beats_all(mine, [rival], complete, comp)
        want = _plain_beats(mine, theirs, complete, comp, rival_complete, rival_comp)
        assert got == pytest.approx(want, abs=1e-12)
