"""Seeded chance: one choke point, exact replays, scriptable outcomes (DESIGN.md §2)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.engine import Chance, StateFormatError
from spieltisch.engine.chance import ChanceNeeded, ExplicitChance


def test_same_seed_same_outcomes() -> None:
    a, b = Chance(42), Chance(42)
    assert [a.below("x", 1000) for _ in range(50)] == [b.below("x", 1000) for _ in range(50)]


def test_known_values_are_stable_across_versions() -> None:
    # SplitMix64 reference output for seed 0 (first value 0xE220A8397B1DCDAF)
    c = Chance(0)
    assert c._next() == 0xE220A8397B1DCDAF
    assert c._next() == 0x6E789E6AA1B965F4


def test_independent_of_hash_seed() -> None:
    code = (
        "from spieltisch.engine import Chance; c = Chance(7); x = list(range(30)); "
        "c.shuffle('s', x); print(x)"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={"PYTHONHASHSEED": str(h), "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for h in (0, 1, 12345)
    }
    assert len(outs) == 1


@settings(derandomize=True, max_examples=60)
@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=500))
def test_below_is_in_range(seed: int, n: int) -> None:
    c = Chance(seed)
    assert all(0 <= c.below("e", n) < n for _ in range(20))


def test_shuffle_is_a_permutation_and_roughly_uniform() -> None:
    counts = {}
    c = Chance(3)
    for _ in range(6000):
        items = [1, 2, 3]
        c.shuffle("s", items)
        counts[tuple(items)] = counts.get(tuple(items), 0) + 1
    assert len(counts) == 6
    assert all(800 < v < 1200 for v in counts.values())


def test_scripted_outcomes_override_named_events_only() -> None:
    c = Chance(1)
    c.script("die", 5, 0)
    c.script("deck", ["c", "a", "b"])
    ref = Chance(1)
    assert c.below("die", 6) == 5
    assert c.below("die", 6) == 0
    items = ["a", "b", "c"]
    c.shuffle("deck", items)
    assert items == ["c", "a", "b"]
    # other events and later draws follow the seed as if nothing was scripted
    assert c.below("other", 100) == ref.below("other", 100)


def test_scripted_outcome_must_be_possible() -> None:
    c = Chance(1)
    c.script("die", 9)
    with pytest.raises(ValueError, match="not in 0..5"):
        c.below("die", 6)
    c.script("pick", "z")
    with pytest.raises(ValueError, match="not possible"):
        c.choice("pick", ["a", "b"])
    c.script("deck", ["a", "a"])
    with pytest.raises(ValueError, match="not a permutation"):
        c.shuffle("deck", ["a", "b"])


def test_clone_and_json_are_independent_copies() -> None:
    c = Chance(9)
    c.below("x", 10)
    c.script("y", 1)
    d = c.clone()
    e = Chance.from_json(c.to_json())
    assert [c.below("x", 99) for _ in range(5)] == [d.below("x", 99) for _ in range(5)]
    assert e.below("y", 3) == 1  # the script travels with the JSON
    c2 = Chance(9)
    c2.below("x", 10)
    assert [e.below("x", 99) for _ in range(5)] == [c2.below("x", 99) for _ in range(5)]


def test_bad_chance_json_is_rejected() -> None:
    for bad in (
        None,
        {},
        {"splitmix64": -1},
        {"splitmix64": 2**64},
        {"splitmix64": 1, "script": 3},
    ):
        with pytest.raises(StateFormatError):
            Chance.from_json(bad)
    with pytest.raises(TypeError):
        Chance("seed")  # type: ignore[arg-type]


def test_unit_is_a_reproducible_float_in_the_unit_interval() -> None:
    """chance.unit: 53 random bits as a float in [0, 1); same seed, same floats; scriptable."""
    a, b = Chance(42), Chance(42)
    draws = [a.unit("tower") for _ in range(2000)]
    assert draws == [b.unit("tower") for _ in range(2000)]
    assert all(0.0 <= u < 1.0 for u in draws)
    assert 0.45 < sum(draws) / len(draws) < 0.55
    a.script("tower", 0.25)
    assert a.unit("tower") == 0.25
    with pytest.raises(ValueError, match="not in"):
        a.script("tower", 1.5)
        a.unit("tower")


# -- bernoulli: a coin drawn as u() < p -------------------------------------------------------
@settings(derandomize=True, max_examples=60)
@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.lists(
        st.one_of(st.floats(min_value=0.0, max_value=1.0), st.sampled_from([0.0, 1.0, 0, 1])),
        min_size=1,
        max_size=40,
    ),
)
def test_bernoulli_draws_exactly_what_unit_below_p_drew(seed: int, ps: list[float]) -> None:
    """Every record of release 0.1 replays: bernoulli(e, p) is unit(e) < p, the same bits
    consumed (p of 0 and 1 included), so the generators stay in step."""
    by_unit, by_coin = Chance(seed), Chance(seed)
    assert [by_unit.unit("tower") < p for p in ps] == [by_coin.bernoulli("tower", p) for p in ps]
    assert by_unit.to_json() == by_coin.to_json()


def test_bernoulli_is_true_with_probability_p() -> None:
    """Frequencies of 20000 seeded coins within 4 standard deviations of p (fixed seed)."""
    c = Chance(5)
    for p in (0.065, 0.19, 0.5, 2 / 3):
        n = 20000
        hits = sum(c.bernoulli("coin", p) for _ in range(n))
        assert abs(hits - n * p) < 4 * (n * p * (1 - p)) ** 0.5


def test_bernoulli_refuses_a_probability_outside_the_unit_interval_and_draws_nothing() -> None:
    c = Chance(3)
    before = c.to_json()
    for bad in (-0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match=r"'coin': probability .* is not in \[0, 1\]"):
            c.bernoulli("coin", bad)
    assert c.to_json() == before
    c.script("coin", True)
    with pytest.raises(ValueError, match="not in"):
        c.bernoulli("coin", 2.0)
    assert c.scripted("coin")  # the scripted outcome is still there


def test_bernoulli_scripted_as_a_bool_or_as_the_uniform_number() -> None:
    """A scripted coin is its outcome (a bool), or, as scripted unit draws were, the
    number compared with p; either is used once and draws nothing from the seed."""
    c = Chance(1)
    c.script("coin", True, False, 0.25, 0.25, 0)
    assert [c.bernoulli("coin", 0.0) for _ in range(2)] == [True, False]
    assert c.bernoulli("coin", 0.3) is True
    assert c.bernoulli("coin", 0.2) is False
    assert c.bernoulli("coin", 0.5) is True  # 0 < 0.5
    assert c.to_json() == Chance(1).to_json()
    for bad in (1, 1.5, "yes", {"tray": []}):
        c.script("coin", bad)
        with pytest.raises(ValueError, match="neither a bool nor in"):
            c.bernoulli("coin", 0.5)


def test_scripted_outcomes_are_read_through_the_public_methods() -> None:
    c = Chance(1)
    assert not c.scripted("tower")
    c.script("tower")  # no outcomes: nothing scripted
    assert not c.scripted("tower") and "script" not in c.to_json()
    c.script("tower", {"tray": [5]}, 0.5)
    assert c.scripted("tower") and c.peek_scripted("tower") == {"tray": [5]}
    assert c.take_scripted("tower") == {"tray": [5]}
    assert c.peek_scripted("tower") == 0.5 and c.take_scripted("tower") == 0.5
    assert not c.scripted("tower")
    for read in (c.peek_scripted, c.take_scripted):
        with pytest.raises(LookupError, match="no scripted outcome of 'tower'"):
            read("tower")
    assert not Chance.from_json({"splitmix64": 1, "script": {"tower": []}}).scripted("tower")


def test_explicit_bernoulli_is_one_node_of_two_outcomes_unless_certain() -> None:
    """Outcome 0 is true (probability p), 1 false (1 - p); p of 0 or 1 is decided without
    a draw, so an outcome of probability 0 is never asked for; scripted coins come first."""
    chance = ExplicitChance(0, [0, 1])
    assert chance.bernoulli("tower", 0.19) is True
    assert chance.bernoulli("tower", 1.0) is True and chance.bernoulli("tower", 0) is False
    assert chance.bernoulli("tower", 0.5) is False
    assert chance.at == 2
    with pytest.raises(ChanceNeeded) as caught:
        chance.bernoulli("tower", 0.25)
    need = caught.value
    assert (need.event, need.kind, need.outcomes, need.probabilities) == (
        "tower",
        "bernoulli",
        2,
        (0.25, 0.75),
    )
    with pytest.raises(ValueError, match="not in 0..1"):
        ExplicitChance(0, [2]).bernoulli("tower", 0.5)
    with pytest.raises(ValueError, match="not in"):
        ExplicitChance(0, [0]).bernoulli("tower", 1.25)
    scripted = ExplicitChance(0, [1])
    scripted.script("tower", True)
    assert scripted.bernoulli("tower", 0.5) is True and scripted.at == 0
    assert scripted.bernoulli("tower", 0.5) is False and scripted.at == 1
