"""OpenSpiel's IS-MCTS as an opponent: ``bots.make("ismcts@1s", game)``.

The yardstick of issue 17's item 3 ("hard wins ≥ 55% against OpenSpiel's IS-MCTS given the
same time per move through our OpenSpiel registration"). The bot plays a seat of an engine
game by running ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with a random-rollout
evaluator (``mcts.RandomRolloutEvaluator``, one rollout to the end of the game) on the
game's registration ``python_spieltisch_<id>`` (``research.openspiel``). IS-MCTS keeps its
own defaults (UCT with ``c = 2``, most visited action, every simulation on a fresh
``resample_from_infostate``).

Fairness: like every bot it is handed a world re-dealt from its seat's view (``bots.act``),
never the true state; the OpenSpiel state is built from that world, and IS-MCTS re-deals it
again for each simulation.

Budget: ``iterations`` simulations, or ``seconds`` of wall time (like the search bot's):
IS-MCTS then runs simulation after simulation until the time is spent, checked before each
one, so every finished simulation counts and the tree is never cut mid-simulation.

Chance: by default the registration's ``seeded`` chance (the engine draws inside a move, as
it does for our own search), which plays the same games as ``explicit`` chance nodes but
costs IS-MCTS about half the time in the games that draw during play (measured: 1.9× the
simulations per second in Im Zeichen des Kreuzes, 2.4× in Tumult Royal); ``chance=
"explicit"`` gives the chance nodes instead.

Registered for ``bots.make`` through the entry-point group ``spieltisch.bots``
(``pyproject.toml``): ``bots`` never imports this package."""

from __future__ import annotations

import random
import time
from typing import Any

from . import missing_extra

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing_extra(exc, "the ismcts bot (spieltisch.research.openspiel_bot)") from exc

from ..engine.action import Action
from ..engine.chance import ExplicitChance
from ..engine.game import Game, State
from . import openspiel as sos
from .openspiel_engine import Engine

DEFAULT_SECONDS = 1.0  # ``ismcts`` without a budget: the hard level's time
UCT_C = 2.0  # OpenSpiel's own examples and tests use 2 for returns in [-1, 1]
# the fewest simulations that leave a visited root child (the first only expands the root)
MIN_SIMULATIONS = 2
UNBOUNDED = 1 << 62  # the simulation count of a search bounded by time only


class _OutOfTime(Exception):
    """Raised between two simulations when the time is spent."""


class _TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot, stopped by a deadline before the next simulation starts."""

    def __init__(self, *args: Any, deadline: float | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline = deadline
        self.simulations = 0

    def sample_root_state(self, state: Any) -> Any:
        # every simulation starts here: the one place to stop between two of them
        if (
            self.deadline is not None
            and self.simulations >= MIN_SIMULATIONS
            and time.perf_counter() >= self.deadline
        ):
            raise _OutOfTime
        self.simulations += 1
        return super().sample_root_state(state)

    def policy(self, state: Any) -> list[tuple[int, float]]:
        """``run_search``'s final policy, also when the deadline ended the simulations."""
        try:
            result: list[tuple[int, float]] = self.run_search(state)
        except _OutOfTime:
            result = self.get_final_policy(state, self._root_node)
        return result


class OpenSpielISMCTSBot:
    """A seat played by OpenSpiel's IS-MCTS with random rollouts (see the module)."""

    def __init__(
        self,
        name: str = "ismcts",
        seconds: float | None = DEFAULT_SECONDS,
        iterations: int | None = None,
        chance: str = "seeded",
        uct_c: float = UCT_C,
    ) -> None:
        if seconds is None and iterations is None:
            raise ValueError("the ismcts bot needs a time or a simulation budget")
        if chance not in sos.CHANCE_MODES:
            raise ValueError(f"chance must be one of {', '.join(sos.CHANCE_MODES)}, not {chance!r}")
        self.name = name
        self.seconds = seconds
        self.iterations = iterations
        self.chance = chance
        self.uct_c = uct_c
        self.simulations = 0  # of the last decision
        self.elapsed = 0.0  # wall seconds of the last decision
        self._games: dict[tuple[str, int, str], Any] = {}

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        world = _seat_to_move(state, seat, rng)
        loaded = self._openspiel_game(world)
        root = _openspiel_state(loaded, world, self.chance)
        seed = rng.getrandbits(31)  # a C int for the sampler below
        numbers = np.random.RandomState(seed)
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        bot = _TimedISMCTS(
            loaded,
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numbers),
            self.uct_c,
            self.iterations if self.iterations is not None else UNBOUNDED,
            random_state=numbers,
            deadline=deadline,
        )
        # IS-MCTS's own re-deals draw from a sampler seeded by the device; this one is
        # seeded from ``rng``, so an iteration budget repeats its decision
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        bot.set_resampler(lambda s, player: s.resample_from_infostate(player, sampler))
        policy = bot.policy(root)
        self.elapsed = time.perf_counter() - start
        self.simulations = bot.simulations
        actions, probabilities = zip(*policy, strict=True)
        index = int(numbers.choice(actions, p=probabilities))  # ties broken at random
        action: Action = loaded.config.encoding.action_from_index(world, seat, index)
        return action

    def _openspiel_game(self, world: State) -> Any:
        """The registered OpenSpiel game of ``world``'s configuration (loaded once)."""
        options = sos.encode_options(world.options)
        key = (options, world.players, self.chance)
        loaded = self._games.get(key)
        if loaded is None:
            name = sos.register(world.game)
            params = {"players": world.players, "options": options, "chance": self.chance}
            loaded = self._games[key] = pyspiel.load_game(name, params)
        return loaded


def _seat_to_move(state: State, seat: int, rng: random.Random) -> State:
    """``state``, with ``seat`` the one OpenSpiel asks: the registration plays a
    simultaneous step seat after seat, lowest first, so when a lower seat of the step has
    not chosen yet, a random choice of its is filled in. It is hidden from ``seat`` (and
    re-dealt by every resample), so the search learns nothing from it."""
    while seat in state.actors() and min(state.actors()) != seat:
        other = min(state.actors())
        state._apply(other, rng.choice(state.legal_actions(other)))
    if seat not in state.actors():
        raise ValueError(f"seat {seat} is not to move")
    return state


def _openspiel_state(loaded: Any, world: State, chance: str) -> Any:
    """An OpenSpiel state of ``loaded`` at the engine state ``world``, built as
    ``SpieltischState.resample_from_infostate`` builds its re-dealt states."""
    explicit = chance == "explicit"
    if explicit and not isinstance(world.chance, ExplicitChance):
        world = sos.load_explicit(world.game, world.to_json())
    root = loaded.new_initial_state()
    root._engine = Engine(loaded.short, loaded.config, loaded.seed, explicit, world)
    root._moves = world.move_count
    root._step = None
    return root


def make_bot(
    game: Game, name: str, seconds: float | None, iterations: int | None
) -> OpenSpielISMCTSBot:
    """The entry point ``ismcts`` of the group ``spieltisch.bots``: ``bots.make("ismcts",
    game)``, with a budget ``ismcts@1s`` or ``ismcts@200it`` (none: 1 s)."""
    sos.register(game)  # fails early for a game without a numeric encoding
    if seconds is None and iterations is None:
        seconds = DEFAULT_SECONDS
    return OpenSpielISMCTSBot(name, seconds=seconds, iterations=iterations)


__all__ = ["DEFAULT_SECONDS", "OpenSpielISMCTSBot", "make_bot"]
