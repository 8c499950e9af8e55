"""The PettingZoo environments, on the toy Goofspiel encoding."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the research extra is not installed")
pytest.importorskip("numpy", reason="the research extra is not installed")

import numpy as np

from spieltisch.engine.errors import IllegalAction
from spieltisch.research import pettingzoo as pz
from spieltisch.research._core import render_text

from .checks import run_pettingzoo_checks
from .toy_encoding import TOY


@pytest.mark.parametrize("players", [2, 3])
def test_pettingzoo_api_seed_and_max_cycles_tests_pass(players: int) -> None:
    run_pettingzoo_checks(TOY, players, {"variant": "x"}, cycles=200)


def play(env, choose) -> dict[str, float]:  # type: ignore[no-untyped-def]
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        env.step(None if terminated or truncated else choose(agent, obs))
    return totals


def test_a_game_plays_to_the_end_with_the_returns_as_rewards() -> None:
    env = pz.env(TOY, players=3, seed=5)
    env.reset()
    state = env.unwrapped.game_state
    totals = play(env, lambda agent, obs: int(np.flatnonzero(obs["action_mask"])[0]))
    assert state.is_over()
    assert totals == {f"player_{s}": r for s, r in enumerate(state.returns())}


def test_reset_with_a_seed_plays_that_engine_game() -> None:
    env = pz.env(TOY, players=2)
    env.reset(seed=11)
    assert env.unwrapped.game_state.to_json() == TOY.new_game(2, 11).to_json()
    first = env.unwrapped.game_state.to_json()
    env.reset()
    second = env.unwrapped.game_state.to_json()
    env.reset(seed=11)
    env.reset()
    assert env.unwrapped.game_state.to_json() == second != first
    built = pz.env(TOY, players=2, seed=11)
    built.reset()
    assert built.unwrapped.game_state.to_json() == first


def test_a_simultaneous_step_is_sequential_and_choices_stay_hidden() -> None:
    env = pz.env(TOY, players=2, seed=3)
    env.reset()
    assert env.agent_selection == "player_0"
    before = env.observe("player_1")
    env.step(4)  # player_0 bids 5
    assert env.agent_selection == "player_1"
    after = env.observe("player_1")
    assert np.array_equal(before["action_mask"], after["action_mask"])
    encoding = env.unwrapped.encoding
    layout = {s.name: s for s in encoding.observation_layout()}
    waiting = layout["waiting"]
    # the only change seat 1 sees: seat 0 is no longer waiting
    changed = np.flatnonzero(before["observation"] != after["observation"])
    assert list(changed) == [waiting.start]
    own = env.observe("player_0")["observation"]
    my_bid = layout["my_bid"]
    assert own[my_bid.start + 4] == 1.0


def test_observations_are_fresh_arrays_in_the_declared_spaces() -> None:
    env = pz.env(TOY, players=2, seed=1)
    env.reset()
    obs = env.observe("player_0")
    assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
    assert env.observation_space("player_0").contains(obs)
    obs["observation"][:] = 7
    assert env.observe("player_0")["observation"].max() <= 1.0


def test_an_illegal_action_is_penalized_by_default() -> None:
    env = pz.env(TOY, players=2, seed=2)
    env.reset()
    env.step(0)
    env.step(1)  # both bid; now card 1 is gone from player_0's hand
    env.step(0)
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": -1.0, "player_1": 0.0}
    assert env.infos["player_0"] == {"illegal_action": True}


def test_an_illegal_action_raises_or_is_replaced_on_request() -> None:
    strict = pz.env(TOY, players=2, seed=2, illegal_action="raise")
    strict.reset()
    with pytest.raises(IllegalAction):
        strict.step(99)
    assert strict.agent_selection == "player_0" and not any(strict.terminations.values())
    lenient = pz.env(TOY, players=2, seed=2, illegal_action="random")
    lenient.reset()
    lenient.step(99)
    assert lenient.agent_selection == "player_1"
    assert lenient.infos["player_0"] == {"illegal_action": True}
    with pytest.raises(ValueError):
        pz.env(TOY, illegal_action="ignore")


def test_max_cycles_truncates_each_agent_after_its_moves() -> None:
    env = pz.env(TOY, players=3, seed=4, max_cycles=2)
    env.reset()
    counts = play(env, lambda agent, obs: int(np.flatnonzero(obs["action_mask"])[0]))
    assert set(counts) == {"player_0", "player_1", "player_2"}
    assert env.unwrapped.game_state.move_count == 6  # two rounds of three bids
    assert not env.agents


def test_parallel_env_plays_a_simultaneous_step_at_once() -> None:
    env = pz.parallel_env(TOY, players=2, seed=6)
    observations, _ = env.reset()
    steps = 0
    while env.agents:
        actions = {a: int(np.flatnonzero(observations[a]["action_mask"])[-1]) for a in env.agents}
        observations, rewards, terminations, _, _ = env.step(actions)
        steps += 1
    assert steps == TOY.cards
    assert all(terminations.values())
    assert rewards == {"player_0": 0.0, "player_1": 0.0}  # always equal bids: all ties


def test_render_shows_the_seat_to_move_or_the_spectator() -> None:
    env = pz.env(TOY, players=2, seed=1, render_mode="ansi")
    env.reset()
    state = env.unwrapped.game_state
    assert "hidden from the others" not in env.render()  # no bid of its own yet
    env.step(2)
    env.step(3)
    env.step(1)  # player_0 has bid in round 2: its view shows its bid
    assert env.agent_selection == "player_1"
    assert env.render() == render_text(TOY, state, 1)
    env.unwrapped._t.render_seat = "spectator"
    assert env.render() == render_text(TOY, state, None)
    spectator = pz.env(TOY, players=2, seed=1, render_mode="ansi", render_seat="spectator")
    spectator.reset()
    assert "still bidding" in spectator.render() and "(you)" not in spectator.render()
    silent = pz.env(TOY, players=2, seed=1)
    silent.reset()
    with pytest.warns(UserWarning, match="render_mode"):
        assert silent.render() is None


def test_unknown_options_and_player_counts_are_rejected() -> None:
    from spieltisch.engine.errors import OptionError

    with pytest.raises(OptionError):
        pz.env(TOY, players=7)
    with pytest.raises(OptionError):
        pz.env(TOY, options={"nope": 1})
