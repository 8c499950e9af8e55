"""The OpenSpiel registration, on the toy Goofspiel encoding: what both chance modes share,
tested with ``chance=seeded`` (one deal per seed) unless a test says otherwise; the chance
nodes of ``chance=explicit`` are tested in ``test_openspiel_chance.py``."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="the research extra is not installed")
pytest.importorskip("numpy", reason="the research extra is not installed")

import numpy as np
import pyspiel

from spieltisch.research import openspiel as sos

from .toy_encoding import TINY, TOY, TOY_NAME, RecallGoofEncoding

NAME = sos.register(TOY, TOY_NAME)


def load(players: int = 2, seed: int = 0, options: str = "{}", chance: str = "seeded"):  # type: ignore[no-untyped-def]
    params = {"players": players, "seed": seed, "options": options, "chance": chance}
    return pyspiel.load_game(NAME, params)


def play_chance(state, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Apply chance outcomes (drawn from ``rng``) until a seat or nobody is to move."""
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))


def test_the_toy_game_is_registered_under_its_short_name() -> None:
    assert sos.short_name(TOY) == "python_spieltisch_toy_goofspiel"
    assert NAME == TOY_NAME  # the tests' own name: an installed example may hold the short one
    assert NAME in pyspiel.registered_names() and NAME in sos.registered()
    assert sos.register(TOY, TOY_NAME) == NAME  # idempotent
    with pytest.raises(ValueError, match="another game"):
        sos.register(TINY, TOY_NAME)


@pytest.mark.parametrize(
    ("chance", "mode", "outcomes"),
    [
        ("seeded", pyspiel.GameType.ChanceMode.DETERMINISTIC, 0),
        # the toy declares its one chance event, a shuffle: every outcome can be listed
        ("explicit", pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC, 256),
    ],
)
def test_game_type_and_info(chance: str, mode: Any, outcomes: int) -> None:
    game = load(3, options='{"variant":"x"}', chance=chance)
    gtype = game.get_type()
    assert gtype.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gtype.chance_mode == mode
    assert game.max_chance_outcomes() == outcomes
    assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gtype.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert gtype.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (gtype.min_num_players, gtype.max_num_players) == (2, 3)
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 5
    assert game.max_game_length() == 15
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    size = TOY.encoding(3).observation_size
    assert game.observation_tensor_shape() == [size]
    assert game.information_state_tensor_shape() == [size]


@pytest.mark.parametrize("chance", ["seeded", "explicit"])
@pytest.mark.parametrize("players", [2, 3])
def test_random_sim_test_with_serialization(players: int, chance: str) -> None:
    game = load(players, seed=3, chance=chance)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_the_default_chance_is_explicit() -> None:
    game = pyspiel.load_game(NAME)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert "chance=explicit" in str(game)
    assert game.new_initial_state().is_chance_node()


def test_options_survive_a_game_string_even_with_commas() -> None:
    options = {"variant": "x", "note": "a,b=(c)%"}
    encoded = sos.encode_options(options)
    assert not set(",=()") & set(encoded)
    assert sos.decode_options(encoded) == options
    assert sos.decode_options('{"variant": "x"}') == {"variant": "x"}
    for chance in ("seeded", "explicit"):
        game = load(2, options='{"variant": "x"}', chance=chance)
        again = pyspiel.load_game(str(game))
        assert str(again) == str(game)
        assert again.config.options == {"variant": "x"}
        assert again.get_type().chance_mode == game.get_type().chance_mode


def test_bad_parameters_are_rejected() -> None:
    with pytest.raises(Exception, match="players"):
        load(5)
    with pytest.raises(Exception, match="unknown option"):
        load(2, options='{"nope": 1}')
    with pytest.raises(Exception, match="JSON"):
        load(2, options="{nope")
    with pytest.raises(Exception, match="'chance' parameter"):
        load(2, chance="dice")
    with pytest.raises(Exception, match="max_chance_outcomes"):
        pyspiel.load_game(NAME, {"max_chance_outcomes": 0})


def test_the_seed_parameter_fixes_the_deal() -> None:
    def deal(seed: int) -> str:
        return str(load(2, seed=seed).new_initial_state())

    assert deal(4) == deal(4) != deal(5)
    state = load(2, seed=4).new_initial_state()
    assert state.engine_state.to_json() == TOY.new_game(2, 4).to_json()


def test_states_apply_actions_and_hide_simultaneous_choices() -> None:
    state = load(2, seed=1).new_initial_state()
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1, 2, 3, 4]
    assert state.action_to_string(0, 2) == "bid 3"
    before = state.information_state_string(1)
    state.apply_action(4)  # seat 0 bids 5: seat 1 moves next, without seeing it
    assert state.current_player() == 1
    after = json.loads(state.information_state_string(1))
    assert after["view"]["bids"] == {"waiting_for": [1]}
    assert "my_choice" not in state.information_state_string(1)
    assert after["moves"] == 1 and json.loads(before)["moves"] == 0
    assert json.loads(state.information_state_string(0))["view"]["bids"]["my_choice"] == {
        "type": "bid",
        "card": 5,
    }
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == state.engine_state.returns()


def test_observations_come_from_the_encoding_and_the_views() -> None:
    state = load(2, seed=2).new_initial_state()
    state.apply_action(1)
    encoding = TOY.encoding(2)
    for seat in (0, 1):
        expected = encoding.observation(state.engine_state, seat)
        assert np.allclose(state.observation_tensor(seat), expected)
        assert np.allclose(state.information_state_tensor(seat), expected)
        doc = json.loads(state.observation_string(seat))
        assert doc == {"seat": seat, "view": state.engine_state.view(seat)}
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    observation = sos.Observer(state.get_game().config, public, None)
    observation.set_from(state, 0)
    assert np.allclose(observation.tensor, encoding.observation(state.engine_state, None))
    assert set(observation.dict) == {s.name for s in encoding.observation_layout()}
    assert json.loads(observation.string_from(state, 1))["seat"] is None


def test_resample_from_infostate_keeps_the_information_state() -> None:
    state = load(3, seed=7).new_initial_state()
    for action in (0, 3, 2, 4):
        state.apply_action(action)
    player = state.current_player()
    for seed in range(5):
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
        assert other.history() == []
        other.apply_action(other.legal_actions()[0])  # independent of the original
    assert state.current_player() == player


def _match(game, bots, rng: random.Random) -> list[float]:  # type: ignore[no-untyped-def]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            play_chance(state, rng)
            continue
        player = state.current_player()
        state.apply_action(bots[player].step(state))
    returns: list[float] = state.returns()
    return returns


@pytest.mark.parametrize("chance", ["seeded", "explicit"])
@pytest.mark.parametrize("players", [2, 3])
def test_ismcts_and_mcts_bots_play_complete_games(players: int, chance: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(7)
    resampling = random.Random(7)
    for seed in range(2):
        game = load(players, seed=seed, chance=chance)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        is_bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 40, random_state=rng)
        # a seeded resampler makes the match reproducible (the default sampler is seeded
        # from the clock)
        is_bot.set_resampler(
            lambda state, player: state.resample_from_infostate(
                player, pyspiel.UniformProbabilitySampler(resampling.getrandbits(30), 0.0, 1.0)
            )
        )
        mcts_bot = mcts.MCTSBot(game, 2.0, 30, evaluator, random_state=rng)
        bots = [is_bot, mcts_bot, *[mcts_bot] * (players - 2)]
        returns = _match(game, bots, resampling)
        assert len(returns) == players and abs(sum(returns)) < 1e-9


@pytest.mark.parametrize("chance", ["seeded", "explicit"])
def test_states_pickle_through_their_engine_json(chance: str) -> None:
    game = load(2, seed=9, chance=chance)
    state = game.new_initial_state()
    play_chance(state, random.Random(9))
    state.apply_action(2)
    text = pyspiel.serialize_game_and_state(game, state)
    _, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state)
    assert state2.information_state_string(0) == state.information_state_string(0)
    assert state2.engine_state.to_json() == state.engine_state.to_json()
    clone = state.clone()
    clone.apply_action(0)
    assert str(clone) != str(state)


# -- an encoding with a perfect-recall information state --------------------------------------
def test_a_perfect_recall_information_state_tensor_comes_from_the_encoding() -> None:
    """An encoding with ``information_state`` gives OpenSpiel's perfect-recall observer (the
    information-state tensor) that vector, named ``info_state``, while the observation
    observer keeps the observation; the order of past rounds shows in the information state,
    and a resampled state keeps it."""
    game = load(2, seed=4)
    encoding = RecallGoofEncoding(2, TOY.cards)
    config = dataclasses.replace(game.config, encoding=encoding)
    recall = sos.Observer(config, pyspiel.IIGObservationType(perfect_recall=True), None)
    plain = sos.Observer(config, pyspiel.IIGObservationType(perfect_recall=False), None)
    assert recall.tensor.shape == (encoding.information_state_size,)
    assert set(recall.dict) == {"info_state"}
    assert plain.tensor.shape == (encoding.observation_size,)

    def after(actions: list[int]):  # type: ignore[no-untyped-def]
        state = game.new_initial_state()
        for action in actions:
            state.apply_action(action)
        return state

    # the same cards leave both hands in two rounds, in the opposite order
    a, b = after([0, 1, 1, 0]), after([1, 0, 0, 1])
    for state in (a, b):
        for seat in (0, 1):
            recall.set_from(state, seat)
            assert np.allclose(recall.tensor, encoding.information_state(state.engine_state, seat))
            plain.set_from(state, seat)
            assert np.allclose(plain.tensor, encoding.observation(state.engine_state, seat))
    recall.set_from(a, 0)
    first = recall.tensor.copy()
    recall.set_from(b, 0)
    assert not np.allclose(first, recall.tensor)  # the rounds' bids differ, in order
    # resampling keeps the seat's information state (nothing hidden enters it)
    player = a.current_player()
    other = a.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    recall.set_from(other, player)
    again = recall.tensor.copy()
    recall.set_from(a, player)
    assert np.allclose(again, recall.tensor)
