"""OpenSpiel registration: every game with a numeric encoding as a Python OpenSpiel game.

    import pyspiel  # type: ignore[import-not-found]
    import spieltisch.research.openspiel  # registers python_spieltisch_<id>
    game = pyspiel.load_game("python_spieltisch_medina", {"players": 3, "seed": 7})

Importing this module registers each game of ``spieltisch.games()`` whose ``encoding()``
does not raise ``NoEncoding`` as ``python_spieltisch_<id>`` (``-`` becomes
``_``); ``register(game)`` registers any other ``Game`` (e.g. one under test).

**Parameters**: ``players`` (int, default the game's default), ``options`` (the game
options as a JSON object; in game strings the characters ``%,=()`` are percent-encoded,
because OpenSpiel's game-string syntax splits on them -- ``load_game`` with a parameter
dict accepts plain JSON), ``chance`` (``"explicit"``, the default, or ``"seeded"``, see
below), ``seed`` (int, default 0) and ``max_chance_outcomes`` (int, default 256).

**Chance** ``explicit`` (the default: the point of registering the games with OpenSpiel is
that CFR-family algorithms, exploitability and best responses see the real randomness):
every draw the rules make through ``engine.chance`` is a chance node named by the rules'
event name (``action_to_string`` says ``"prize deck (shuffle): 2 of 5"``). A ``below(n)``
or ``choice`` draw has ``n`` outcomes of ``1/n`` each; a shuffle of ``m`` items is its
``m - 1`` Fisher-Yates draws (``m``, ``m - 1``, ... ``2`` outcomes); creating the game is
the first step, so the initial state is a chance node when the setup draws (the deal).
A ``bernoulli(p)`` draw (Im Zeichen des Kreuzes's tower: every ``u() < p`` of its rules)
has two outcomes, ``0`` (true) with probability ``p`` and ``1`` (false) with ``1 - p``
(``"tower (bernoulli): true, probability 0.19"``); with ``p`` 0 or 1 it is certain and no
node at all, so no outcome of probability 0 is ever offered. A ``unit`` draw (a 53-bit
uniform float, for a game whose rules still use one) is a *sampled* chance node: it
lists one outcome, ``0``, with probability 1, and applying it draws the number from a
generator of the game's configuration seeded by ``seed``. How it works: the
state keeps the last completed position and the step in progress (the setup, or a seat's
action) with the outcomes chosen for it so far; it plays the step on a clone whose
generator (``engine.chance.ExplicitChance``) hands out exactly those outcomes and raises
``ChanceNeeded`` at the next draw, which becomes the chance node; once every draw is
chosen the step is kept. The outcomes are the game's record: ``draws`` of a state lists
them all (also saved in the engine state's ``to_json()["chance"]``), and
``replay_explicit(state.engine_state.record(), state.draws, game)`` (from
``research.explicit_chance``, which needs no extra) rebuilds the engine state exactly.
``max_chance_outcomes`` (``GameInfo``) bounds the outcomes of one draw (the largest in
the four games is a 140-card deck); a larger draw raises an error naming its event.

GameType ``chance_mode``: ``EXPLICIT_STOCHASTIC`` when the game declares its chance events
(``Game.chance_events``) and none is a ``unit`` draw (all are ``below``, ``choice``,
``shuffle`` or ``bernoulli``: the four games), else ``SAMPLED_STOCHASTIC`` (a game that
declares none may draw ``unit``, so it is not promised finite chance). open_spiel 2.0.2
cannot ``serialize_game_and_state`` a sampled-stochastic Python game (its
``Game::Serialize`` calls ``GetRNGState``, which a Python game cannot implement): use
``state.serialize()`` and ``game.deserialize_state(text)``, which work in every mode.

**Chance** ``seeded`` (the registration before chance nodes): chance mode
``DETERMINISTIC``; every random event comes from the engine's generator seeded by
``seed``, so for fixed parameters the game is a function of the moves, tree-walking
algorithms see one deal per seed, and ``max_chance_outcomes`` is 0. Sampling algorithms
(IS-MCTS, MCTS, RL) and anything that must not meet chance nodes can keep using it; it is
also cheaper (no step is played twice).

**GameType**: dynamics ``SEQUENTIAL`` -- the seat to move is the lowest seat in
``state.actors()``; a simultaneous step is played seat after seat, and the engine keeps
each submitted choice hidden from the others until all have chosen (``SIMULTANEOUS``
would need joint actions, which OpenSpiel's search bots do not play). Chance mode as
above. Information ``IMPERFECT_INFORMATION`` (hidden hands, decks and simultaneous
choices). Utility ``ZERO_SUM``: every game's returns sum to zero (DESIGN.md §2 and
invariant 7, also for the non-standard returns of Medina and Im Zeichen des Kreuzes).
Reward model ``TERMINAL``.

**GameInfo**: ``num_distinct_actions`` = the encoding's ``num_actions``;
``max_game_length`` = its ``max_game_length`` (moves of the seats; chance nodes are not
counted); utility bounds = the encoding's optional ``utility_bounds`` ``(min, max)``, else
``(-1, 1)`` for games with the standard returns (``+1/|W|`` / ``-1/(N-|W|)``);
``max_chance_outcomes`` as above.

**Observations** (``make_py_observer``): the observation tensor is the encoding's
observation vector (named pieces from ``observation_layout()``); the information-state
tensor is the encoding's optional ``information_state(state, seat)`` vector of
``information_state_size`` numbers, else the observation vector (then it is not a perfect
recall of the past). The observation string is the canonical JSON of ``{"seat", "view"}``,
the information-state string that of ``{"seat", "view", "log", "moves"}`` (the seat's
view, its log and the number of moves so far: perfect recall as far as the game's log
records every step). Private information type ``NONE`` gives the spectator's
(public) observation. At a chance node the seats observe the last completed position
(a step's draws are seen when it is complete); while the setup draws there is none yet,
and the tensors are zero and the views ``null``.

**resample_from_infostate(player, sampler)** (at a decision node) returns a new state
built from ``State.resample(player, rng)``, with ``rng`` seeded from one draw of
``sampler``; its OpenSpiel ``history()`` is empty (the true history would leak other
seats' moves) and so are its ``draws``.

**Serialization**: OpenSpiel pickles a Python state's ``__dict__``; the engine state
pickles as its ``to_json()`` document (with the draws) and clones with ``State.clone()``;
the step in progress is plain data.
"""

from __future__ import annotations

import json
import random
import urllib.parse
from typing import Any

from . import missing_extra

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing_extra(exc, "spieltisch.research.openspiel") from exc

from ..engine import registry
from ..engine.chance import ChanceNeeded, ExplicitChance
from ..engine.encoding import Encoding
from ..engine.errors import IllegalAction, OptionError
from ..engine.game import Game, State
from ._core import Config, canonical_json, has_encoding
from .explicit_chance import created, first_setup, load_explicit, played, replay_explicit, sampler
from .openspiel_engine import BY_NAME, Engine, config_of, restore_engine
from .openspiel_observer import Observer

PREFIX = "python_spieltisch_"
CHANCE_MODES = ("explicit", "seeded")  # the first is the default
DEFAULT_MAX_CHANCE_OUTCOMES = 256
SETUP = -1  # the seat of the step that creates the game (new_game's own draws)
CHANCE = int(pyspiel.PlayerId.CHANCE)

# the draw a chance node stands for: event, kind, outcomes (0: sampled) and their
# probabilities (``None``: equally likely)
Need = tuple[str, str, int, tuple[float, ...] | None]


def short_name(game: str | Game) -> str:
    """``python_spieltisch_<id>`` with ``-`` replaced by ``_``."""
    game_id = game if isinstance(game, str) else game.id
    return PREFIX + game_id.replace("-", "_")


# -- the options parameter ----------------------------------------------------------------
_ESCAPES = {c: f"%{ord(c):02X}" for c in "%,=()\n"}


def encode_options(options: dict[str, Any]) -> str:
    """Canonical JSON of ``options``, safe inside an OpenSpiel game string."""
    return "".join(_ESCAPES.get(c, c) for c in canonical_json(options))


def decode_options(text: str) -> dict[str, Any]:
    """The options of a parameter value: JSON, possibly percent-encoded (``{}`` if empty)."""
    text = urllib.parse.unquote(text).strip()
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise OptionError(f"the 'options' parameter is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise OptionError("the 'options' parameter must be a JSON object")
    return value


# -- registration -------------------------------------------------------------------------
def chance_mode(game: Game, chance: str = "explicit") -> Any:
    """The ``pyspiel.GameType.ChanceMode`` of ``game`` with the ``chance`` parameter: see
    the module docstring."""
    modes = pyspiel.GameType.ChanceMode
    if chance == "seeded":
        return modes.DETERMINISTIC
    kinds = {event.kind for event in game.chance_events.values()}
    return modes.EXPLICIT_STOCHASTIC if kinds and "unit" not in kinds else modes.SAMPLED_STOCHASTIC


def game_type(game: Game, chance: str = "explicit", name: str | None = None) -> Any:
    """The ``pyspiel.GameType`` of ``game`` registered as ``name`` (default
    ``short_name(game)``); see the module docstring for the choices."""
    return pyspiel.GameType(
        short_name=name or short_name(game),
        long_name=f"Spieltisch {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance_mode(game, chance),
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={
            "players": game.default_players,
            "options": "{}",
            "seed": 0,
            "chance": CHANCE_MODES[0],
            "max_chance_outcomes": DEFAULT_MAX_CHANCE_OUTCOMES,
        },
        default_loadable=True,
    )


def register(game: str | Game, name: str | None = None) -> str:
    """Register ``game`` (an id or a ``Game``) with OpenSpiel as ``name`` (default
    ``short_name(game)``; a test registers a game object of its own under another name);
    returns the name. Registering the same game again does nothing."""
    g = registry.game(game) if isinstance(game, str) else game
    name = name or short_name(g)
    known = BY_NAME.get(name)
    if known is not None:
        if known is not g:
            raise ValueError(f"another game is already registered as {name!r}")
        return name
    gtype = game_type(g, name=name)
    # a class per game, as OpenSpiel's own Python games register: OpenSpiel keeps the
    # creator until the process exits, and a class (unlike a closure) is never freed then
    # (freeing it after the interpreter has shut down aborts the process)
    creator = type(
        "".join(part.title() for part in g.id.split("-")) + "Game",
        (SpieltischGame,),
        {"engine": g, "game_type": gtype, "short": name, "__module__": __name__},
    )
    BY_NAME[name] = g
    if name not in pyspiel.registered_names():
        pyspiel.register_game(gtype, creator)
    return name


def register_all() -> list[str]:
    """Register every game of the registry that has a numeric encoding."""
    return [register(g) for g in registry.games() if has_encoding(g)]


def registered() -> list[str]:
    """The short names registered by this module."""
    return sorted(BY_NAME)


def utility_bounds(config: Config) -> tuple[float, float]:
    """``(min, max)`` of any return: the encoding's ``utility_bounds`` if it has them,
    else ``(-1, 1)`` for the standard returns."""
    bounds = getattr(config.encoding, "utility_bounds", None)
    if bounds is not None:
        low, high = bounds
        return float(low), float(high)
    if config.new_game(0).standard_returns():
        return -1.0, 1.0
    raise ValueError(
        f"{config.game.name} with these options has non-standard returns: its encoding must "
        "give utility_bounds = (min, max) for OpenSpiel"
    )


# -- game, state, observer ----------------------------------------------------------------
class SpieltischGame(pyspiel.Game):  # type: ignore[misc]
    """One configuration (players, options, chance, seed) of a Spieltisch game."""

    engine: Game  # set on the class of each registered game
    game_type: Any
    short: str  # the name it is registered as

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        game = self.engine
        players = int(params.get("players", game.default_players))
        options = decode_options(str(params.get("options", "")))
        seed = int(params.get("seed", 0))
        chance = str(params.get("chance", CHANCE_MODES[0]))
        most = int(params.get("max_chance_outcomes", DEFAULT_MAX_CHANCE_OUTCOMES))
        if not game.min_players <= players <= game.max_players:
            raise ValueError(
                f"{game.name} is played by {game.min_players} to {game.max_players} players, "
                f"not {players}"
            )
        if chance not in CHANCE_MODES:
            raise ValueError(f"the 'chance' parameter is 'explicit' or 'seeded', not {chance!r}")
        if most < 1:
            raise ValueError(f"the 'max_chance_outcomes' parameter must be positive, not {most}")
        config = config_of(self.short, players, canonical_json(options))
        low, high = utility_bounds(config)
        self.explicit = chance == "explicit"
        info = pyspiel.GameInfo(
            num_distinct_actions=config.encoding.num_actions,
            max_chance_outcomes=most if self.explicit else 0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=config.encoding.max_game_length,
        )
        canonical = {
            "players": players,
            "options": encode_options(options),
            "seed": seed,
            "chance": chance,
            "max_chance_outcomes": most,
        }
        gtype = self.game_type if chance == CHANCE_MODES[0] else game_type(game, chance, self.short)
        super().__init__(gtype, info, canonical)
        self.config = config
        self.seed = seed
        self.max_outcomes = most
        self.sampled = gtype.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC

    def new_initial_state(self) -> SpieltischState:
        return SpieltischState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        return Observer(self.config, iig_obs_type, params)

    @property
    def engine_game(self) -> Game:
        return self.config.game

    @property
    def encoding(self) -> Encoding:
        return self.config.encoding


class SpieltischState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an engine state (see the module docstring)."""

    def __init__(self, game: SpieltischGame) -> None:
        super().__init__(game)
        self._engine = Engine(game.short, game.config, game.seed, game.explicit)
        self._moves = 0
        # explicit chance: the step in progress (``(SETUP, -1)`` or ``(seat, action)``),
        # the outcomes chosen for it so far, and the draw it needs next as ``(event, kind,
        # outcomes, probabilities)`` (0 outcomes: sampled; probabilities ``None``: equally
        # likely); ``None`` until worked out (``_settle``)
        self._step: tuple[int, int] | None = (SETUP, -1) if game.explicit else None
        self._chosen: list[int] = []
        self._need: Need | None = None

    @property
    def engine_state(self) -> State:
        """The engine state (the true one: it holds every hidden fact) of the last
        completed position."""
        self._settle()
        return self._engine.state

    @property
    def moves(self) -> int:
        """Moves played so far (public: every seat sees that somebody moved)."""
        return self._moves

    @property
    def draws(self) -> list[int]:
        """Every chance outcome of the completed steps, in order (explicit chance; see
        ``replay_explicit``); empty with seeded chance."""
        self._settle()
        state = self._engine.created
        chance = None if state is None else state.chance
        return list(chance.draws[: chance.at]) if isinstance(chance, ExplicitChance) else []

    @property
    def chance_event(self) -> tuple[str, str] | None:
        """At a chance node, the draw's event name and kind (``below``, ``choice``,
        ``shuffle``, ``bernoulli``, ``unit``); else ``None``."""
        self._settle()
        return None if self._need is None else (self._need[0], self._need[1])

    # -- explicit chance -------------------------------------------------------------------
    def _settle(self) -> None:
        """Work out the step in progress: the draw it needs next, or, once every outcome is
        chosen, its result as the new position."""
        step = self._step
        if step is None or self._need is not None:
            return
        engine = self._engine
        seat, index = step
        result: State | ChanceNeeded
        if seat == SETUP:
            if self._chosen:
                result = created(engine.config, engine.seed, self._chosen)
            else:
                first = first_setup(engine.config, engine.seed)
                result = first if isinstance(first, ChanceNeeded) else first.clone()
        else:
            result = played(engine.config, engine.state, seat, index, self._chosen)
        if isinstance(result, ChanceNeeded):
            self._need = self._chance_node(result)
        else:
            engine.commit(result)
            self._step = None
            self._chosen = []

    def _chance_node(self, need: ChanceNeeded) -> Need:
        game = self.get_game()
        if need.outcomes is None:
            if not game.sampled:
                raise RuntimeError(
                    f"{game.config.game.name} draws {need.event!r} as a uniform number "
                    "(sampled), but its chance_events declare no 'unit' event, so it was "
                    "registered as EXPLICIT_STOCHASTIC: declare the event"
                )
            return (need.event, need.kind, 0, None)
        if need.outcomes > game.max_outcomes:
            raise ValueError(
                f"chance event {need.event!r} has {need.outcomes} outcomes, more than "
                f"max_chance_outcomes={game.max_outcomes}: load the game with a larger one"
            )
        return (need.event, need.kind, need.outcomes, need.probabilities)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        self._settle()
        if self._need is None:
            return []
        _event, _kind, n, probabilities = self._need
        if n == 0:  # sampled: one outcome, drawn when applied
            return [(0, 1.0)]
        if probabilities is not None:  # a bernoulli: (p, 1 - p), neither 0
            return list(enumerate(probabilities))
        p = 1.0 / n
        return [(j, p) for j in range(n)]

    def _apply_chance(self, action: int) -> None:
        assert self._need is not None
        event, kind, n, _probabilities = self._need
        if n == 0:
            if action != 0:
                raise ValueError(f"the sampled chance node {event!r} has the one outcome 0")
            engine = self._engine
            value = sampler(engine.config, engine.seed).getrandbits(53)
        else:
            if not 0 <= action < n:
                raise ValueError(f"chance node {event!r} has outcomes 0 to {n - 1}, not {action}")
            value = action
        self._chosen.append(value)
        if kind == "shuffle" and n > 2:
            # the shuffle's next Fisher-Yates step, one outcome fewer, follows at once
            # (ExplicitChance.shuffle): no need to play the step again to find it
            self._need = (event, kind, n - 1, None)
            return
        self._need = None
        self._settle()

    # -- the OpenSpiel state -----------------------------------------------------------------
    def current_player(self) -> int:
        self._settle()
        if self._need is not None:
            return CHANCE
        state = self._engine.state
        if state.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return min(state.actors())

    def _legal_actions(self, player: int) -> list[int]:
        return self._engine.config.encoding.legal_indices(self._engine.state, player)

    def _apply_action(self, action: int) -> None:
        self._settle()
        if self._need is not None:
            self._apply_chance(action)
            return
        engine = self._engine
        state = engine.state
        seat = min(state.actors())
        engine_action = engine.config.encoding.action_from_index(state, seat, action)
        self._moves += 1
        if not engine.explicit:
            state.apply(seat, engine_action)
            engine.cache.clear()
            return
        self._step = (seat, action)  # played on a clone until its draws are chosen
        self._chosen = []
        self._need = None
        self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            self._settle()
            if self._need is None:
                return f"chance outcome {action}"
            event, kind, n, probabilities = self._need
            if n == 0:
                return f"{event} ({kind}): sampled uniform number in [0, 1)"
            if kind == "bernoulli" and probabilities is not None and 0 <= action < n:
                said = "true" if action == 0 else "false"
                return f"{event} ({kind}): {said}, probability {probabilities[action]:.6g}"
            return f"{event} ({kind}): {action} of {n}"
        state = self._engine.state
        encoding = self._engine.config.encoding
        if player >= 0 and not state.is_over() and player in state.actors():
            try:
                return str(encoding.action_from_index(state, player, action))
            except IllegalAction:
                pass
        return encoding.describe_action(action)

    def is_terminal(self) -> bool:
        self._settle()
        return self._step is None and self._engine.state.is_over()

    def returns(self) -> list[float]:
        self._settle()
        state = self._engine.created
        if state is None:
            return [0.0] * self._engine.config.players
        return [float(r) for r in state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpieltischState:
        """A state ``player_id`` cannot tell from this one, hidden facts re-dealt by
        ``State.resample`` with a generator seeded from one draw of ``probability_sampler``."""
        self._settle()
        if self._step is not None:
            raise ValueError("resample_from_infostate needs a decision node, not a chance node")
        engine = self._engine
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        world = engine.state.resample(player_id, rng)
        if engine.explicit:
            if isinstance(world.chance, ExplicitChance):
                world.chance.draws, world.chance.at = [], 0  # not the true draws
            else:  # the game gave the world a generator of its own: load it explicitly
                world = load_explicit(engine.config.game, world.to_json())
        other = self.get_game().new_initial_state()
        other._engine = Engine(engine.name, engine.config, engine.seed, engine.explicit, world)
        other._moves = self._moves
        other._step = None
        return other  # type: ignore[no-any-return]

    def __str__(self) -> str:
        """The engine state's JSON with the move list replaced by its length (the state is
        complete without it; OpenSpiel compares these strings at every step), and the step
        in progress, if any (explicit chance)."""
        self._settle()
        engine = self._engine
        config = engine.config
        doc: dict[str, Any] = {
            "game": config.game.id,
            "players": config.players,
            "seed": engine.seed,
            "options": config.options,
        }
        state = engine.created
        if state is not None:
            doc["chance"] = state.chance.to_json()
            doc["moves"] = state.move_count
            doc["data"] = state._data_json()
        if self._step is not None:
            seat, action = self._step
            doc["pending"] = {"seat": seat, "action": action, "chosen": self._chosen}
        return canonical_json(doc)


# the name older pickles of a state refer to
_restore_engine = restore_engine

register_all()

__all__ = [
    "CHANCE_MODES",
    "Observer",
    "SpieltischGame",
    "SpieltischState",
    "chance_mode",
    "decode_options",
    "encode_options",
    "game_type",
    "load_explicit",
    "register",
    "register_all",
    "registered",
    "replay_explicit",
    "short_name",
]
