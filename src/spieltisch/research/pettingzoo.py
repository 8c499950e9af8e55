"""PettingZoo environments for every game with a numeric encoding.

    from spieltisch.research.pettingzoo import env
    e = env("medina", players=3, seed=7)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(
            obs["action_mask"])
        e.step(action)

**AEC** (``env`` / ``raw_env``): agents ``player_0 .. player_{n-1}`` (seat ``i`` is
``player_i``); every agent has the action space ``Discrete(num_actions)`` and the
observation space ``Dict(observation=Box(observation_size, float32), action_mask=Box(
num_actions, int8))`` -- the encoding's vector of what that seat may see, and 1 for each
index it may play now. ``agent_selection`` is the lowest seat among ``state.actors()``.

*Simultaneous steps* (several actors) are played as sequential moves in seat order: the
lowest waiting seat is selected, chooses, then the next; the engine keeps every submitted
choice hidden from the other seats until all have chosen (their observations do not
change), then resolves the step.

*Rewards* are zero until the game ends; then each agent's reward is its ``returns()``
entry and every agent is terminated. *Truncation*: every agent after ``max_game_length``
moves in all (no game of the configuration is longer). With ``max_cycles=k`` each agent
makes at most ``k`` moves (``k`` cycles in PettingZoo's sense, also where the turn order
is irregular): an agent that has made them is truncated, and until every agent is
truncated (or the game ends) the environment plays that seat's further turns itself with
a uniformly random legal action from its seeded generator; agents still playing then get
their returns as usual.

*Illegal actions* (``illegal_action=``): ``"penalty"`` (default, PettingZoo's classic
convention): the game ends, the offending agent receives ``illegal_reward`` (-1), the
others 0, and its info says ``{"illegal_action": True}``; ``"raise"``: ``IllegalAction``
(a ``ValueError``), nothing changes; ``"random"``: a uniformly random legal action is
played instead (info ``{"illegal_action": True}``) -- for tools that sample without masks.

*Seeds*: ``reset(seed=s)`` plays the engine game with seed ``s`` (the same game as
``game.new_game(players, seed=s)``), and seeds the generator of later unseeded resets;
the constructor's ``seed`` is used by the first reset that has none. ``reset``'s
``options`` are accepted and ignored: game options fix the spaces, so they are chosen
when the environment is built.

*Rendering* (``render_mode="ansi"`` returns the text, ``"human"`` prints it): the view of
the agent to move (``render_seat="actor"``, the default; the spectator's view once the game
is over) or always the spectator's view (``render_seat="spectator"``), drawn by the game's
text renderer without markup.

**Parallel** (``parallel_env``): one parallel step is one engine step: every current actor
(all waiting seats of a simultaneous step, else the one seat to move) acts at once, the
actions of the other agents are ignored (their ``action_mask`` is all zero). ``max_cycles``
counts parallel steps. Used by PettingZoo's ``max_cycles_test`` and by parallel-API tools.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from . import missing_extra

try:
    import gymnasium
    from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing_extra(exc, "spieltisch.research.pettingzoo") from exc

from ..engine.game import Game, State
from . import _spaces
from ._core import Config, check_policy, configure, decode_action, new_seed, render_text

RENDER_MODES = ["human", "ansi"]


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class _Table:
    """What the AEC and parallel environments share: the configuration, the spaces, the
    engine state, seeding and rendering."""

    def __init__(
        self,
        game_id: str | Game,
        players: int | None,
        options: Mapping[str, Any] | None,
        seed: int | None,
        render_mode: str | None,
        illegal_action: str,
        illegal_reward: float,
        render_seat: str,
        lang: str,
    ) -> None:
        check_policy(illegal_action)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None")
        if render_seat not in ("actor", "spectator"):
            raise ValueError("render_seat must be 'actor' or 'spectator'")
        self.config: Config = configure(game_id, players, options)
        self.encoding = self.config.encoding
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_seat = render_seat
        self.lang = lang
        self.possible_agents = [agent_name(s) for s in range(self.config.players)]
        self.seats = {a: s for s, a in enumerate(self.possible_agents)}
        obs_space = _spaces.observation_space(self.encoding)
        act_space = _spaces.action_space(self.encoding)
        # one space object per agent, so that seeding one agent's space leaves the others
        self.observation_spaces = {a: _copy_space(obs_space) for a in self.possible_agents}
        self.action_spaces = {a: _copy_space(act_space) for a in self.possible_agents}
        self._pending_seed = seed
        self._seeder = random.Random(seed)
        self._rng = random.Random(seed)
        self.game_state: State | None = None
        self.moves = 0
        self.game_seed: int | None = None

    def new_game(self, seed: int | None) -> State:
        if seed is None and self._pending_seed is not None:
            seed = self._pending_seed
        self._pending_seed = None
        if seed is not None:
            self._seeder = random.Random(seed)
            game_seed = int(seed)
        else:
            game_seed = new_seed(self._seeder)
        self._rng = random.Random(self._seeder.getrandbits(64))
        self.game_seed = game_seed
        self.game_state = self.config.new_game(game_seed)
        self.moves = 0
        return self.game_state

    def text(self, seat: int | None) -> str:
        assert self.game_state is not None, "call reset() first"
        return render_text(self.config.game, self.game_state, seat, self.lang)

    def show(self, text: str) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() called without a render_mode; build the environment with "
                "render_mode='ansi' or 'human'"
            )
            return None
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _copy_space(space: Any) -> Any:
    import copy

    return copy.deepcopy(space)


class _TableEnv:
    """The parts of the AEC and parallel environments that only read their ``_Table``."""

    metadata: dict[str, Any]
    _t: _Table

    def _set_up(self, table: _Table, render_mode: str | None, max_cycles: int | None) -> None:
        if max_cycles is not None and max_cycles < 1:
            raise ValueError("max_cycles must be at least 1")
        self._t = table
        self.metadata = {
            **self.metadata,
            "name": f"spieltisch_{table.config.game.id.replace('-', '_')}_v0",
        }
        self.render_mode = render_mode
        self.possible_agents = list(table.possible_agents)
        self.observation_spaces = table.observation_spaces
        self.action_spaces = table.action_spaces
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    @property
    def game(self) -> Game:
        return self._t.config.game

    @property
    def encoding(self) -> Any:
        return self._t.encoding

    @property
    def game_state(self) -> State | None:
        """The true engine state (for inspection; agents should only use ``observe``)."""
        return self._t.game_state

    def _actor(self, state: State) -> int:
        """The seat whose view ``render_seat="actor"`` shows while the game runs."""
        return min(state.actors())

    def render(self) -> str | None:
        t = self._t
        state = t.game_state
        if state is None:
            gymnasium.logger.warn("render() called before reset()")
            return None
        seat: int | None = None
        if t.render_seat == "actor" and self.agents and not state.is_over():
            seat = self._actor(state)
        return t.show(t.text(seat))

    def close(self) -> None:
        pass


class raw_env(_TableEnv, AECEnv):  # type: ignore[misc]  # (lower case: PettingZoo's convention)
    """The AEC environment of one game configuration (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention
        "render_modes": RENDER_MODES,
        "name": "spieltisch_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str | Game,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
        render_seat: str = "actor",
        lang: str = "en",
    ) -> None:
        super().__init__()
        table = _Table(
            game_id, players, options, seed, render_mode,
            illegal_action, illegal_reward, render_seat, lang,
        )  # fmt: skip
        self._set_up(table, render_mode, max_cycles)
        self.max_cycles = max_cycles
        self._own_moves: dict[str, int] = {}

    # -- the AEC API ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        state = self._t.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._own_moves = dict.fromkeys(self.agents, 0)
        if state.is_over():  # a game decided before anybody moves
            self._finish(state.returns())
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(min(state.actors()))

    def observe(self, agent: str) -> dict[str, Any]:
        state = self._t.game_state
        assert state is not None, "call reset() first"
        seat = self._t.seats[agent]
        done = agent not in self.terminations or self.terminations[agent]
        done = done or self.truncations.get(agent, True)
        return _spaces.observe(self._t.encoding, state, seat, active=not done)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for terminated agents")
        t = self._t
        state = t.game_state
        assert state is not None
        seat = t.seats[agent]
        engine_action, illegal = decode_action(
            t.config, state, seat, action, t.illegal_action, t._rng
        )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos = {a: {} for a in self.agents}
        if illegal:
            self.infos[agent]["illegal_action"] = True
        if engine_action is None:  # "penalty": the offender loses, the game ends
            self._finish([0.0] * t.config.players)
            self.rewards[agent] = t.illegal_reward
        else:
            state.apply(seat, engine_action)
            t.moves += 1
            self._own_moves[agent] += 1
            if self.max_cycles is not None and self._own_moves[agent] >= self.max_cycles:
                self.truncations[agent] = True
            self._play_for_truncated(state)
            live = self._live()
            if state.is_over():
                self._finish(state.returns())
            elif t.moves >= t.encoding.max_game_length:
                for a in live:
                    self.truncations[a] = True
            elif live:
                self.agent_selection = agent_name(min(state.actors()))
        self._accumulate_rewards()
        self._deads_step_first()

    def _live(self) -> list[str]:
        return [a for a in self.agents if not (self.terminations[a] or self.truncations[a])]

    def _play_for_truncated(self, state: State) -> None:
        """With ``max_cycles``: play the turns of agents that used up their moves (a random
        legal action each) while some agent still has moves left."""
        t = self._t
        while not state.is_over() and t.moves < t.encoding.max_game_length and self._live():
            seat = min(state.actors())
            if agent_name(seat) in self._live():
                return
            state.apply(seat, t._rng.choice(state.legal_actions(seat)))
            t.moves += 1

    def _finish(self, returns: list[float]) -> None:
        """The game is over: every agent still playing gets its return and terminates."""
        for a in self._live():
            self.rewards[a] = float(returns[self._t.seats[a]])
            self.terminations[a] = True

    def _actor(self, state: State) -> int:
        return self._t.seats[self.agent_selection]


def env(
    game_id: str | Game,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    render_mode: str | None = None,
    **kwargs: Any,
) -> AECEnv:
    """The AEC environment of ``game_id`` (a registered id or a ``Game``) wrapped in
    PettingZoo's ``OrderEnforcingWrapper``. Further keywords (``max_cycles``,
    ``illegal_action``, ``illegal_reward``, ``render_seat``, ``lang``) go to ``raw_env``."""
    return OrderEnforcingWrapper(raw_env(game_id, players, options, seed, render_mode, **kwargs))


class raw_parallel_env(_TableEnv, ParallelEnv):  # type: ignore[misc]  # (PettingZoo's convention)
    """The parallel environment of one game configuration: one step is one engine step in
    which every current actor acts (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention
        "render_modes": RENDER_MODES,
        "name": "spieltisch_v0",
    }

    def __init__(
        self,
        game_id: str | Game,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
        render_seat: str = "actor",
        lang: str = "en",
    ) -> None:
        table = _Table(
            game_id, players, options, seed, render_mode,
            illegal_action, illegal_reward, render_seat, lang,
        )  # fmt: skip
        self._set_up(table, render_mode, max_cycles)
        self.max_cycles = table.encoding.max_game_length if max_cycles is None else max_cycles
        self._steps = 0

    def _observations(self, agents: list[str], active: bool) -> dict[str, Any]:
        t = self._t
        state = t.game_state
        assert state is not None
        return {a: _spaces.observe(t.encoding, state, t.seats[a], active=active) for a in agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        state = self._t.new_game(seed)
        self._steps = 0
        self.agents = [] if state.is_over() else list(self.possible_agents)
        return self._observations(list(self.possible_agents), True), {
            a: {} for a in self.possible_agents
        }

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        t = self._t
        state = t.game_state
        assert state is not None, "call reset() first"
        agents = list(self.agents)
        if not agents:
            raise ValueError("the game is over: call reset()")
        rewards = dict.fromkeys(agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        ended: list[float] | None = None
        for seat in state.actors():
            agent = agent_name(seat)
            if agent not in actions or actions[agent] is None:
                raise ValueError(f"{agent} is to act in this step: give its action")
            engine_action, illegal = decode_action(
                t.config, state, seat, actions[agent], t.illegal_action, t._rng
            )
            if illegal:
                infos[agent]["illegal_action"] = True
            if engine_action is None:  # "penalty"
                ended = [0.0] * t.config.players
                ended[seat] = t.illegal_reward
                break
            state.apply(seat, engine_action)
            t.moves += 1
        self._steps += 1
        if ended is None and state.is_over():
            ended = state.returns()
        truncated = ended is None and (
            self._steps >= self.max_cycles or t.moves >= t.encoding.max_game_length
        )
        if ended is not None:
            rewards = {a: float(ended[t.seats[a]]) for a in agents}
        terminations = dict.fromkeys(agents, ended is not None)
        truncations = dict.fromkeys(agents, truncated)
        done = ended is not None or truncated
        observations = self._observations(agents, not done)
        if done:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def parallel_env(
    game_id: str | Game,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    render_mode: str | None = None,
    **kwargs: Any,
) -> ParallelEnv:
    """The parallel environment of ``game_id`` (see ``raw_parallel_env``)."""
    return raw_parallel_env(game_id, players, options, seed, render_mode, **kwargs)


__all__ = ["agent_name", "env", "parallel_env", "raw_env", "raw_parallel_env"]
