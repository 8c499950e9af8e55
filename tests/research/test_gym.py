"""The Gymnasium single-agent environment, on the toy Goofspiel encoding."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium", reason="the research extra is not installed")
pytest.importorskip("numpy", reason="the research extra is not installed")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from spieltisch.engine.errors import IllegalAction, SpieltischError
from spieltisch.research.gym import ENV_ID, SingleAgentEnv

from .toy_encoding import TOY


def _check(env: gymnasium.Env) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert not [str(w.message) for w in caught], [str(w.message) for w in caught]


@pytest.mark.parametrize(("players", "seat"), [(2, 0), (2, 1), (3, 2)])
def test_check_env_passes(players: int, seat: int, capsys: pytest.CaptureFixture[str]) -> None:
    # through gymnasium.make, so that check_env also renders in every declared mode
    env = gymnasium.make(ENV_ID, game_id=TOY, players=players, seat=seat, render_mode="ansi")
    _check(env.unwrapped)


def episode(env: SingleAgentEnv, seed: int) -> tuple[float, int]:
    obs, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        done = terminated or truncated
        assert not truncated
    return total, steps


def test_an_episode_ends_with_the_learners_return() -> None:
    env = SingleAgentEnv(TOY, seat=1, players=3, opponents=["random", "random"])
    total, steps = episode(env, seed=3)
    state = env.game_state
    assert state is not None and state.is_over()
    assert steps == TOY.cards
    assert total == state.returns()[1]


def test_episodes_are_deterministic_per_seed() -> None:
    a = SingleAgentEnv(TOY, seat=0, players=3)
    b = SingleAgentEnv(TOY, seat=0, players=3)
    for seed in (1, 2, 3):
        episode(a, seed)
        episode(b, seed)
        assert a.game_state is not None and b.game_state is not None
        assert a.game_state.to_json() == b.game_state.to_json()
    a.reset(seed=5)
    assert a.game_state is not None
    assert a.game_state.move_count == 0  # seat 0 moves first in every round
    assert a.game_seed == 5


def test_the_constructor_seed_serves_the_first_reset() -> None:
    env = SingleAgentEnv(TOY, seed=8)
    env.reset()
    assert env.game_seed == 8


def test_illegal_actions_are_penalized_raise_or_are_replaced() -> None:
    env = SingleAgentEnv(TOY, seed=1)
    env.reset()
    env.step(0)
    _, reward, terminated, truncated, info = env.step(0)  # card 1 is already played
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True and not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(1)
    strict = SingleAgentEnv(TOY, seed=1, illegal_action="raise")
    strict.reset()
    with pytest.raises(IllegalAction):
        strict.step(17)
    lenient = SingleAgentEnv(TOY, seed=1, illegal_action="random", illegal_reward=-5)
    lenient.reset()
    _, reward, terminated, _, info = lenient.step(17)
    assert info["illegal_action"] is True and not terminated and reward == 0.0


def test_bad_arguments_are_rejected() -> None:
    with pytest.raises(ValueError, match="seat"):
        SingleAgentEnv(TOY, seat=2, players=2)
    with pytest.raises(ValueError, match="one opponent bot per other seat"):
        SingleAgentEnv(TOY, players=3, opponents=["random"])
    with pytest.raises(SpieltischError, match="no bot"):
        SingleAgentEnv(TOY, opponents="grandmaster")


def test_render_shows_the_learners_view() -> None:
    env = SingleAgentEnv(TOY, seat=1, render_mode="ansi", seed=2)
    env.reset()
    env.step(3)
    text = env.render()
    assert isinstance(text, str) and "Player 2 (you)" in text  # the game's text renderer
