"""Explicit chance in the OpenSpiel registration (``chance=explicit``, the default): every
draw of ``engine.chance`` is a chance node named by its event, with listed outcomes where
they can be listed (the toy's prize-deck shuffle, step by step) and sampled otherwise; the
outcomes are kept as the game's draws, so records replay exactly and states serialize."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the research extra is not installed")
pytest.importorskip("numpy", reason="the research extra is not installed")

from spieltisch.engine.chance import ChanceNeeded, ExplicitChance  # noqa: E402
from spieltisch.engine.errors import RecordError  # noqa: E402
from spieltisch.research import openspiel as sos  # noqa: E402

from .toy_encoding import TINY, TINY_NAME, TOY, TOY_NAME  # noqa: E402

NAME = sos.register(TOY, TOY_NAME)
sos.register(TINY, TINY_NAME)


def load(name: str = NAME, **params: Any) -> Any:
    return pyspiel.load_game(name, {"players": 2, **params})


def play(state: Any, rng: random.Random, steps: int | None = None) -> Any:
    """Random chance outcomes and random legal actions, ``steps`` of them or to the end."""
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        done += 1
    return state


def test_the_setup_shuffle_is_a_chance_node_per_fisher_yates_step() -> None:
    """The prize deck of 5 cards is shuffled by 4 draws of 5, 4, 3 and 2 outcomes, each
    named after the event; then the first seat bids."""
    state = load(seed=1).new_initial_state()
    sizes = []
    while state.is_chance_node():
        assert state.current_player() == pyspiel.PlayerId.CHANCE
        outcomes = state.chance_outcomes()
        sizes.append(len(outcomes))
        assert [a for a, _ in outcomes] == list(range(len(outcomes)))
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        assert len({p for _, p in outcomes}) == 1
        assert state.legal_actions() == [a for a, _ in outcomes]
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == (
            f"prize deck (shuffle): 0 of {len(outcomes)}"
        )
        assert state.chance_event == ("prize deck", "shuffle")
        assert json.loads(state.observation_string(0)) == {"seat": 0, "view": None}
        assert not any(state.observation_tensor(0))
        state.apply_action(0)
    assert sizes == [5, 4, 3, 2]
    assert state.current_player() == 0 and state.chance_event is None
    # outcome 0 at every step swaps each card with the first: the order the seeded
    # Fisher-Yates shuffle makes from the same draws
    prizes = [1, 2, 3, 4, 5]
    ExplicitChance(0, [0, 0, 0, 0]).shuffle("prize deck", prizes)
    engine = state.engine_state
    assert [*engine.prizes, engine.prize] == prizes  # the top card is up for bids
    assert state.draws == [0, 0, 0, 0]
    assert state.engine_state.to_json()["chance"]["draws"] == [0, 0, 0, 0]


def test_every_prize_order_has_probability_one_in_120() -> None:
    """Walking the setup's chance tree reaches each of the 5! prize orders exactly once,
    with the product of the outcome probabilities 1/120: the real distribution."""
    reached: dict[tuple[int, ...], Fraction] = {}

    def walk(state: Any, p: Fraction) -> None:
        if not state.is_chance_node():
            order = tuple(state.engine_state.prizes)
            assert order not in reached
            reached[order] = p
            return
        for action, q in state.chance_outcomes():
            child = state.child(action)
            walk(child, p * Fraction(q).limit_denominator(1000))

    walk(load().new_initial_state(), Fraction(1))
    assert len(reached) == 120
    assert set(reached.values()) == {Fraction(1, 120)}


def test_sampling_the_chance_nodes_deals_the_top_prize_uniformly() -> None:
    """The top prize after outcomes sampled as OpenSpiel samples them: each card 1/5
    (chi-square with 4 degrees of freedom under its 0.999 quantile, 18.47; fixed seed)."""
    rng = random.Random(16)
    game = load()
    counts = [0] * 5
    trials = 2000
    for _ in range(trials):
        state = game.new_initial_state()
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        counts[state.engine_state.prize - 1] += 1
    expected = trials / 5
    assert sum((c - expected) ** 2 / expected for c in counts) < 18.47


def test_a_move_without_draws_is_applied_at_once_and_records_replay() -> None:
    rng = random.Random(3)
    state = play(load(players=3, seed=5).new_initial_state(), rng)
    assert state.is_terminal()
    engine = state.engine_state
    record = engine.record()
    again = sos.replay_explicit(record.to_json(), state.draws, TOY)
    assert again.to_json() == engine.to_json()
    with pytest.raises(RecordError, match="draws end"):
        sos.replay_explicit(record, state.draws[:-1], TOY)
    with pytest.raises(RecordError, match="uses 4 of the 5"):
        sos.replay_explicit(record, [*state.draws, 0], TOY)
    with pytest.raises(RecordError, match="do not fit"):
        sos.replay_explicit(record, [9, *state.draws[1:]], TOY)


def test_serialize_and_clone_keep_the_step_in_progress() -> None:
    rng = random.Random(4)
    game = load(seed=2)
    state = game.new_initial_state()
    state.apply_action(3)
    state.apply_action(1)  # two of the four setup draws chosen
    assert json.loads(str(state))["pending"] == {"seat": -1, "action": -1, "chosen": [3, 1]}
    for text in (pyspiel.serialize_game_and_state(game, state),):
        _, again = pyspiel.deserialize_game_and_state(text)
        assert str(again) == str(state)
        assert again.chance_outcomes() == state.chance_outcomes()
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    clone = state.clone()
    play(clone, rng)
    assert clone.is_terminal() and not state.is_terminal()
    assert json.loads(str(state))["pending"]["chosen"] == [3, 1]
    play(state, rng, steps=5)
    assert not state.is_chance_node()
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.draws == state.draws and len(again.draws) == 4
    assert again.engine_state.to_json() == state.engine_state.to_json()


def test_too_many_outcomes_for_the_declared_bound_are_refused() -> None:
    state = load(max_chance_outcomes=4).new_initial_state()
    with pytest.raises(Exception, match="'prize deck' has 5 outcomes, more than"):
        state.chance_outcomes()


def test_resampled_worlds_keep_explicit_chance_without_the_true_draws() -> None:
    state = play(load(seed=6).new_initial_state(), random.Random(6), steps=6)
    player = state.current_player()
    other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(1, 0, 1))
    assert other.information_state_string(player) == state.information_state_string(player)
    assert other.draws == [] and isinstance(other.engine_state.chance, ExplicitChance)
    setup = load().new_initial_state()
    with pytest.raises(Exception, match="decision node"):
        setup.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0, 1))


# -- the explicit generator itself ------------------------------------------------------------
def test_explicit_chance_hands_out_its_draws_and_then_asks() -> None:
    chance = ExplicitChance(7, [2, 1 << 52])
    assert chance.below("first player", 3) == 2
    assert chance.unit("tower") == 0.5
    with pytest.raises(ChanceNeeded) as caught:
        chance.choice("well", "abcd")
    assert (caught.value.event, caught.value.kind, caught.value.outcomes) == ("well", "choice", 4)
    with pytest.raises(ChanceNeeded) as caught:
        chance.unit("tower")
    assert caught.value.outcomes is None  # sampled: 2**53 outcomes
    with pytest.raises(ValueError, match="not in 0..2"):
        ExplicitChance(0, [3]).below("first player", 3)
    # scripted outcomes (chance_script) come first and are not draws
    scripted = ExplicitChance(0, [1])
    scripted.script("first player", 0)
    assert scripted.below("first player", 2) == 0
    assert scripted.below("first player", 2) == 1
    assert scripted.at == 1


def test_explicit_chance_shuffles_like_the_seeded_generator_and_saves_its_draws() -> None:
    from spieltisch.engine.chance import Chance

    seeded = Chance(11)
    draws = [seeded._below(i + 1) for i in range(9, 0, -1)]
    by_seed, by_draws = list(range(10)), list(range(10))
    Chance(11).shuffle("deck", by_seed)
    chance = ExplicitChance(11, draws)
    chance.shuffle("deck", by_draws)
    assert by_draws == by_seed
    doc = chance.to_json()
    assert doc["draws"] == draws
    loaded = ExplicitChance(0)
    loaded.restore(doc)
    assert (loaded.draws, loaded.at) == (draws, 9)
    clone = loaded.clone()
    clone.draws.append(0)
    assert loaded.draws == draws
    with pytest.raises(Exception, match="draws"):
        loaded.restore({"splitmix64": 1, "draws": [-1]})


# -- algorithms that need explicit chance ------------------------------------------------------
def test_exploitability_and_cfr_on_the_three_card_game() -> None:
    """The 3-card toy has 6 prize orders and 36 bid sequences per order: the exact tree
    walks of OpenSpiel run over its chance nodes (C++ and Python exploitability agree on
    the uniform policy), and a few CFR iterations make a less exploitable policy."""
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability

    game = load(TINY_NAME)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    assert uniform > 0.1
    assert math.isclose(pyspiel.exploitability(game, pyspiel.UniformRandomPolicy(game)), uniform)
    solver = cfr.CFRSolver(game)
    for _ in range(10):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) < uniform / 3


def test_outcome_sampling_mccfr_runs_on_the_five_card_game() -> None:
    import numpy as np
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    np.random.seed(5)  # the solver samples with numpy's global generator
    game = load(players=2)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(50):
        solver.iteration()
    state = play(game.new_initial_state(), random.Random(5), steps=4)  # the deal
    assert state.current_player() == 0
    probabilities = solver.average_policy().action_probabilities(state)
    assert sorted(probabilities) == [0, 1, 2, 3, 4]
    assert math.isclose(sum(probabilities.values()), 1.0)


# -- coins: Im Zeichen des Kreuzes's tower ---------------------------------------------------------
ZK = sos.short_name("im-zeichen-des-kreuzes")


def test_zk_is_explicit_and_its_tower_coins_are_nodes_of_p_and_1_minus_p() -> None:
    """Every ``u() < p`` of the tower (ZK-T7) is a node of two outcomes: 0 (true) with
    probability p, 1 (false) with 1 - p, neither 0; sampled as OpenSpiel samples them, the
    coins come up true as often as their probabilities say (within 4 standard deviations;
    fixed seeds). A state at a coin serializes with ``serialize_game_and_state``."""
    rng = random.Random(1)
    coins: list[tuple[float, bool]] = []
    for seed in range(1, 40):
        game = pyspiel.load_game(ZK, {"players": 3, "seed": seed})
        assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            outcomes = state.chance_outcomes()
            assert math.isclose(sum(q for _, q in outcomes), 1.0)
            if state.chance_event != ("tower", "bernoulli"):
                state.apply_action(rng.choice([a for a, _ in outcomes]))
                continue
            (heads, p), (tails, q) = outcomes
            assert (heads, tails) == (0, 1) and 0 < p < 1 and q == 1 - p
            assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == (
                f"tower (bernoulli): true, probability {p:.6g}"
            )
            if not coins:
                text = pyspiel.serialize_game_and_state(game, state)
                _, again = pyspiel.deserialize_game_and_state(text)
                assert str(again) == str(state) and again.chance_outcomes() == outcomes
            action = rng.choices([heads, tails], [p, q])[0]
            coins.append((p, action == 0))
            state.apply_action(action)
        if len(coins) >= 300:
            break
    assert len(coins) >= 300
    expected = sum(p for p, _ in coins)
    spread = sum(p * (1 - p) for p, _ in coins) ** 0.5
    assert abs(sum(hit for _, hit in coins) - expected) < 4 * spread
