"""A Gymnasium environment in which one seat learns and the other seats are bots.

    from spieltisch.research.gym import SingleAgentEnv
    env = SingleAgentEnv("kingdoms-of-crusaders", seat=0, opponents="random", seed=1)
    obs, info = env.reset()
    done = False
    while not done:
        action = env.action_space.sample(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated

or ``gymnasium.make("spieltisch/SingleAgent-v0", game_id="medina", players=3)``.

Spaces are those of the PettingZoo environment: ``Discrete(num_actions)`` actions and a
``Dict`` observation ``{"observation": Box(observation_size, float32), "action_mask":
Box(num_actions, int8)}``; ``info["action_mask"]`` repeats the mask and ``action_masks()``
returns it as booleans (the hook of sb3-contrib's ``MaskablePPO``).

The other seats are ``spieltisch.bots`` (``opponents``: one bot name for all of them, or a
list with one name per other seat in seat order), each acting through ``bots.act`` -- on a
resampled state, never the true one. They move until the learning seat is to act (in a
simultaneous step the learner may choose before the bots; its choice stays hidden from
them) or the game ends. The reward is 0 until the end, then the learner's ``returns()``
entry; ``terminated`` marks the end, ``truncated`` a game reaching ``max_game_length``
moves (which the encoding promises never to happen).

**Illegal actions** (``illegal_action=``): ``"penalty"`` (default): the episode ends
(``terminated``) with reward ``illegal_reward`` (-1) and ``info["illegal_action"] = True``
-- what agents that ignore the mask can learn from; ``"raise"``: ``IllegalAction`` (a
``ValueError``), nothing changes; ``"random"``: a uniformly random legal action is played
instead and ``info["illegal_action"]`` is set.

**Seeds**: ``reset(seed=s)`` plays the engine game with seed ``s`` (the bots' generator is
derived from it), later unseeded resets continue from ``np_random``; the constructor's
``seed`` serves the first reset without one. ``render()`` shows the learner's view as
text (``render_mode="ansi"`` returns it, ``"human"`` prints it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from . import missing_extra

try:
    import gymnasium
    import numpy as np
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing_extra(exc, "spieltisch.research.gym") from exc

from .. import bots
from ..engine.game import Game, State
from . import _spaces
from ._core import check_policy, configure, decode_action, render_text

ENV_ID = "spieltisch/SingleAgent-v0"


class SingleAgentEnv(gymnasium.Env[dict[str, Any], Any]):
    """One seat of a game as a Gymnasium environment (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str | Game,
        seat: int = 0,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        opponents: str | Sequence[str] = "random",
        seed: int | None = None,
        render_mode: str | None = None,
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
        lang: str = "en",
    ) -> None:
        check_policy(illegal_action)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.config = configure(game_id, players, options)
        n = self.config.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be in range({n}), not {seat!r}")
        self.seat = seat
        others = [s for s in range(n) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"give one opponent bot per other seat: {len(others)} names")
        game = self.config.game
        self.opponents = {s: bots.make(name, game) for s, name in zip(others, names, strict=True)}
        self.encoding = self.config.encoding
        self.observation_space = _spaces.observation_space(self.encoding)
        self.action_space = _spaces.action_space(self.encoding)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.lang = lang
        self._pending_seed = seed
        self._bot_rng = random.Random(seed)
        self.game_state: State | None = None
        self.game_seed: int | None = None
        self._moves = 0
        self._done = True

    # -- helpers --------------------------------------------------------------------------
    def _active(self) -> bool:
        state = self.game_state
        return state is not None and not self._done and self.seat in state.actors()

    def _observation(self) -> dict[str, Any]:
        assert self.game_state is not None
        return _spaces.observe(self.encoding, self.game_state, self.seat, self._active())

    def _info(self, obs: dict[str, Any], **extra: Any) -> dict[str, Any]:
        return {"action_mask": obs["action_mask"].copy(), **extra}

    def _play_bots(self) -> None:
        """Let the bots move until the learner is to act or the game is over."""
        state = self.game_state
        assert state is not None
        limit = self.encoding.max_game_length
        while not state.is_over() and self.seat not in state.actors() and self._moves < limit:
            seat = min(state.actors())
            state.apply(seat, bots.act(self.opponents[seat], state, seat, self._bot_rng))
            self._moves += 1

    def action_masks(self) -> Any:
        """The legal actions now, as booleans (sb3-contrib's ``MaskablePPO`` calls this)."""
        if self.game_state is None:
            return np.zeros(self.encoding.num_actions, dtype=bool)
        return _spaces.action_mask(
            self.encoding, self.game_state, self.seat, self._active()
        ).astype(bool)

    # -- the Gymnasium API ----------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is None and self._pending_seed is not None:
            seed = self._pending_seed
        self._pending_seed = None
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**31))
        self._bot_rng = random.Random(int(self.np_random.integers(2**63)))
        self.game_seed = game_seed
        self.game_state = self.config.new_game(game_seed)
        self._moves = 0
        self._done = False
        self._play_bots()
        if self.game_state.is_over() or self.seat not in self.game_state.actors():
            raise RuntimeError(
                f"the game with seed {game_seed} ended before seat {self.seat} could move"
            )
        obs = self._observation()
        return obs, self._info(obs)

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        state = self.game_state
        if state is None or self._done:
            raise RuntimeError("the episode is over: call reset()")
        engine_action, illegal = decode_action(
            self.config, state, self.seat, action, self.illegal_action, self._bot_rng
        )
        extra: dict[str, Any] = {"illegal_action": True} if illegal else {}
        if engine_action is None:  # "penalty"
            self._done = True
            obs = self._observation()
            return obs, self.illegal_reward, True, False, self._info(obs, **extra)
        state.apply(self.seat, engine_action)
        self._moves += 1
        self._play_bots()
        terminated = state.is_over()
        truncated = not terminated and self._moves >= self.encoding.max_game_length
        reward = float(state.returns()[self.seat]) if terminated else 0.0
        self._done = terminated or truncated
        obs = self._observation()
        return obs, reward, terminated, truncated, self._info(obs, **extra)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() called without a render_mode; use render_mode='ansi' or 'human'"
            )
            return None
        if self.game_state is None:
            return None
        text = render_text(self.config.game, self.game_state, self.seat, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:SingleAgentEnv")

__all__ = ["ENV_ID", "SingleAgentEnv"]
