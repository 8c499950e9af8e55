"""The tower's draws as coins (ZK-T7): every ``u() < p`` of the pseudocode is
``chance.bernoulli("tower", p)``, which draws the very bits ``unit("tower") < p`` drew (so
every game of release 0.1 replays), scripts as a bool, and under explicit chance is a coin
of two outcomes whose sampled trays follow the same law as the seeded ones."""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import pytest

from spieltisch.engine.chance import Chance, ChanceNeeded, ExplicitChance
from spieltisch.games.zeichen_des_kreuzes.tower import GREEN, Tower, make_tower


class UnitChance(Chance):
    """The generator as release 0.1's towers used it: a coin is ``unit(event) < p``."""

    __slots__ = ()

    def bernoulli(self, event: str, p: float) -> bool:
        return self.unit(event) < p


CONFIGS = [
    ("B", None, "persistent"),
    ("B", None, "resample"),
    ("A", None, "persistent"),
    ("B", {"s0": 0.6, "K": 3, "d": 0.3}, "persistent"),  # full shelves: coins of p = 0
    ("A", {"p_new": 1.0, "p_old": 0.0}, "persistent"),  # certain coins
]


@pytest.mark.parametrize(("model", "params", "memory"), CONFIGS)
def test_zk_t7_coins_draw_what_unit_below_p_drew(
    model: str, params: dict[str, float] | None, memory: str
) -> None:
    """300 throws (and some emptyings) per seed give the same trays, hidden places and
    generator state with coins as with ``unit() < p``."""
    for seed in range(8):
        coins = make_tower(model, params, memory, Chance(seed))
        units = make_tower(model, params, memory, UnitChance(seed))
        rng = random.Random(seed)
        for _ in range(300):
            if rng.random() < 0.05:
                assert coins.empty() == units.empty()
                continue
            cubes = sorted(rng.randrange(GREEN + 1) for _ in range(rng.randrange(12)))
            assert coins.throw(list(cubes)) == units.throw(list(cubes))
            assert coins.to_json() == units.to_json()
        assert coins.chance.to_json() == units.chance.to_json()


def test_zk_t4_coins_scripted_as_bools() -> None:
    """Model A, draw by draw: the old cube's coin, the shuffle, the new cubes' coins."""
    chance = Chance(0)
    tower = make_tower("A", chance=chance)
    tower.lay([0], random.Random(0))
    chance.script("tower", True, [GREEN, 1], False, True)
    assert tower.throw([1, GREEN]) == [0, 1]
    assert tower.counts() == {GREEN: 1}
    assert not chance.scripted("tower")


def explicit_throw(tower: Tower, cubes: list[int], rng: random.Random) -> list[int]:
    """A throw whose draws are chosen as the OpenSpiel adapter offers them: each coin
    ``(p, 1 - p)``, each shuffle step uniformly; the throw is played again until it asks
    for nothing more (``tower`` itself is not changed)."""
    draws: list[int] = []
    while True:
        trial = tower.clone(ExplicitChance(0, draws))
        try:
            return trial.throw(list(cubes))
        except ChanceNeeded as need:
            assert need.event == "tower" and need.outcomes is not None
            if need.kind == "bernoulli":
                assert need.probabilities is not None and 0 < need.probabilities[0] < 1
                assert sum(need.probabilities) == pytest.approx(1.0)
                draws.append(0 if rng.random() < need.probabilities[0] else 1)
            else:
                assert need.kind == "shuffle" and need.probabilities is None
                draws.append(rng.randrange(need.outcomes))


def test_zk_t4_explicit_coins_let_out_a_binomial_number_of_new_cubes() -> None:
    """Model A, empty tower, 6 cubes thrown: each leaves with p_new = 2/3, so the tray
    size is Binomial(6, 2/3) under explicit chance as under the seeded generator
    (chi-square, 6 degrees of freedom, under its 0.999 quantile 22.46; fixed seeds)."""
    rng = random.Random(7)
    seeded = make_tower("A", chance=Chance(7))
    trials = 3000
    law = [comb(6, k) * (2 / 3) ** k * (1 / 3) ** (6 - k) for k in range(7)]
    explicit = Counter(
        len(explicit_throw(seeded, [0, 0, 1, 1, GREEN, GREEN], rng)) for _ in range(trials)
    )
    by_seed = Counter()
    for _ in range(trials):
        by_seed[len(seeded.throw([0, 0, 1, 1, GREEN, GREEN]))] += 1
        seeded.empty()
    for sizes in (explicit, by_seed):
        chi2 = sum((sizes[k] - trials * q) ** 2 / (trials * q) for k, q in enumerate(law))
        assert chi2 < 22.46, sizes


def test_zk_t3_explicit_coins_and_the_seed_agree_on_model_b_trays() -> None:
    """Model B with cubes on its shelves: the mean tray size of 2000 throws with explicit
    coins and with the seeded generator agree within 4 standard errors (fixed seeds)."""
    rng = random.Random(3)
    start = make_tower("B", chance=Chance(3))
    start.lay([0, 0, 1, 1, 2, GREEN, GREEN, GREEN], random.Random(3))
    cubes = [0, 0, 1, GREEN, GREEN]
    trials = 2000
    explicit = [len(explicit_throw(start, cubes, rng)) for _ in range(trials)]
    by_seed = [len(start.clone(Chance(1000 + i)).throw(list(cubes))) for i in range(trials)]

    def mean_var(xs: list[int]) -> tuple[float, float]:
        m = sum(xs) / len(xs)
        return m, sum((x - m) ** 2 for x in xs) / (len(xs) - 1)

    (m1, v1), (m2, v2) = mean_var(explicit), mean_var(by_seed)
    assert abs(m1 - m2) < 4 * ((v1 + v2) / trials) ** 0.5
