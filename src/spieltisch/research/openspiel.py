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
dict accepts plain JSON), ``seed`` (int, default 0: the engine seed of every initial
state; vary it to play different deals).

**GameType**: dynamics ``SEQUENTIAL`` -- the seat to move is the lowest seat in
``state.actors()``; a simultaneous step is played seat after seat, and the engine keeps
each submitted choice hidden from the others until all have chosen (``SIMULTANEOUS``
would need joint actions, which OpenSpiel's search bots do not play). Chance mode
``DETERMINISTIC``: every random event comes from the engine's generator seeded by the
``seed`` parameter, so once the parameters are fixed the game is a deterministic
function of the moves and has no chance nodes. (``SAMPLED_STOCHASTIC`` would describe the
hidden deal better, but open_spiel 2.0.2 cannot serialize such a Python game: its
``Game::Serialize`` then calls ``GetRNGState``, which Python games cannot implement.
``EXPLICIT_STOCHASTIC`` would need the engine to expose each random event as a chance
node.) Tree-walking algorithms (CFR, exploitability) therefore see one deal per seed;
sampling algorithms (IS-MCTS, MCTS, RL) are unaffected. Information
``IMPERFECT_INFORMATION`` (hidden hands, decks and simultaneous choices). Utility
``ZERO_SUM``: every game's returns sum to zero (DESIGN.md §2 and invariant 7, also for the
non-standard returns of Medina and Im Zeichen des Kreuzes). Reward model ``TERMINAL``.

**GameInfo**: ``num_distinct_actions`` = the encoding's ``num_actions``;
``max_game_length`` = its ``max_game_length``; utility bounds = the encoding's optional
``utility_bounds`` ``(min, max)``, else ``(-1, 1)`` for games with the standard returns
(``+1/|W|`` / ``-1/(N-|W|)``); no chance outcomes.

**Observations** (``make_py_observer``): the observation tensor is the encoding's
observation vector (named pieces from ``observation_layout()``); the information-state
tensor is the encoding's optional ``information_state(state, seat)`` vector of
``information_state_size`` numbers, else the observation vector (then it is not a perfect
recall of the past). The observation string is the canonical JSON of ``{"seat", "view"}``,
the information-state string that of ``{"seat", "view", "log", "moves"}`` (the seat's
view, its log and the number of moves so far: perfect recall as far as the game's log
records every step). Private information type ``NONE`` gives the spectator's
(public) observation.

**resample_from_infostate(player, sampler)** returns a new state built from
``State.resample(player, rng)``, with ``rng`` seeded from one draw of ``sampler``; its
OpenSpiel ``history()`` is empty (the true history would leak other seats' moves).

**Serialization**: OpenSpiel pickles a Python state's ``__dict__``; the engine state
pickles as its ``to_json()`` document and clones with ``State.clone()``.
"""

from __future__ import annotations

import json
import random
import urllib.parse
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from . import missing_extra

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing_extra(exc, "spieltisch.research.openspiel") from exc

from ..engine import registry
from ..engine.encoding import Encoding
from ..engine.errors import IllegalAction, OptionError
from ..engine.game import Game, State
from ._core import Config, canonical_json, configure, has_encoding

PREFIX = "python_spieltisch_"

_BY_NAME: dict[str, Game] = {}  # registered short name -> game
_BY_ID: dict[str, Game] = {}  # game id -> game (to unpickle states)


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
def game_type(game: Game) -> Any:
    """The ``pyspiel.GameType`` of ``game`` (see the module docstring for the choices)."""
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Spieltisch {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
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
        parameter_specification={"players": game.default_players, "options": "{}", "seed": 0},
        default_loadable=True,
    )


def register(game: str | Game) -> str:
    """Register ``game`` (an id or a ``Game``) with OpenSpiel; returns its short name.
    Registering the same game again does nothing."""
    g = registry.game(game) if isinstance(game, str) else game
    name = short_name(g)
    known = _BY_NAME.get(name)
    if known is not None:
        if known is not g:
            raise ValueError(f"another game is already registered as {name!r}")
        return name
    gtype = game_type(g)
    # a class per game, as OpenSpiel's own Python games register: OpenSpiel keeps the
    # creator until the process exits, and a class (unlike a closure) is never freed then
    # (freeing it after the interpreter has shut down aborts the process)
    creator = type(
        "".join(part.title() for part in g.id.split("-")) + "Game",
        (SpieltischGame,),
        {"engine": g, "game_type": gtype, "__module__": __name__},
    )
    _BY_NAME[name] = g
    _BY_ID[g.id] = g
    if name not in pyspiel.registered_names():
        pyspiel.register_game(gtype, creator)
    return name


def register_all() -> list[str]:
    """Register every game of the registry that has a numeric encoding."""
    return [register(g) for g in registry.games() if has_encoding(g)]


def registered() -> list[str]:
    """The short names registered by this module."""
    return sorted(_BY_NAME)


@lru_cache(maxsize=256)
def _config(game_id: str, players: int, options_json: str) -> Config:
    return configure(_BY_ID[game_id], players, json.loads(options_json))


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
    """One configuration (players, options, seed) of a Spieltisch game."""

    engine: Game  # set on the class of each registered game
    game_type: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        game = self.engine
        players = int(params.get("players", game.default_players))
        options = decode_options(str(params.get("options", "")))
        seed = int(params.get("seed", 0))
        if not game.min_players <= players <= game.max_players:
            raise ValueError(
                f"{game.name} is played by {game.min_players} to {game.max_players} players, "
                f"not {players}"
            )
        config = _config(game.id, players, canonical_json(options))
        low, high = utility_bounds(config)
        info = pyspiel.GameInfo(
            num_distinct_actions=config.encoding.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=config.encoding.max_game_length,
        )
        canonical = {"players": players, "options": encode_options(options), "seed": seed}
        super().__init__(self.game_type, info, canonical)
        self.config = config
        self.seed = seed

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


class _Engine:
    """Holds a state's engine state: created on first use (OpenSpiel's ``Clone`` builds a
    fresh initial state and then overwrites it), deep-copied by ``State.clone()``, pickled
    as ``to_json()``."""

    __slots__ = ("_state", "cache", "config", "seed")

    def __init__(self, config: Config, seed: int, state: State | None = None) -> None:
        self.config = config
        self.seed = seed
        self._state = state
        # observations of the current position, by kind and seat (cleared by every move:
        # OpenSpiel asks for the same tensors and strings several times per position)
        self.cache: dict[tuple[str, int | None], Any] = {}

    def cached(self, kind: str, seat: int | None, compute: Any) -> Any:
        key = (kind, seat)
        if key not in self.cache:
            self.cache[key] = compute()
        return self.cache[key]

    @property
    def pristine(self) -> bool:
        """True while this is an untouched initial state (nothing created yet)."""
        return self._state is None

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = _initial_state(self.config, self.seed).clone()
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.config, self.seed, None if self._state is None else self._state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        doc = None if self._state is None else json.dumps(self._state.to_json())
        c = self.config
        return (_restore_engine, (c.game.id, c.players, c.options_json, self.seed, doc))


@lru_cache(maxsize=64)
def _initial_state(config: Config, seed: int) -> State:
    """The initial state of a configuration and seed; never handed out, only cloned
    (OpenSpiel creates an initial state for every clone and tensor-shape query)."""
    return config.new_game(seed)


def _restore_engine(
    game_id: str, players: int, options_json: str, seed: int, doc: str | None
) -> _Engine:
    config = _config(game_id, players, options_json)
    state = None if doc is None else config.game.state_from_json(json.loads(doc))
    return _Engine(config, seed, state)


class SpieltischState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an engine state (see the module docstring)."""

    def __init__(self, game: SpieltischGame) -> None:
        super().__init__(game)
        self._engine = _Engine(game.config, game.seed)
        self._moves = 0

    @property
    def engine_state(self) -> State:
        """The engine state (the true one: it holds every hidden fact)."""
        return self._engine.state

    @property
    def moves(self) -> int:
        """Moves played so far (public: every seat sees that somebody moved)."""
        return self._moves

    def current_player(self) -> int:
        state = self._engine.state
        if state.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return min(state.actors())

    def _legal_actions(self, player: int) -> list[int]:
        return self._engine.config.encoding.legal_indices(self._engine.state, player)

    def _apply_action(self, action: int) -> None:
        state = self._engine.state
        seat = min(state.actors())
        state.apply(seat, self._engine.config.encoding.action_from_index(state, seat, action))
        self._engine.cache.clear()
        self._moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._engine.state
        encoding = self._engine.config.encoding
        if player >= 0 and not state.is_over() and player in state.actors():
            try:
                return str(encoding.action_from_index(state, player, action))
            except IllegalAction:
                pass
        return encoding.describe_action(action)

    def is_terminal(self) -> bool:
        return self._engine.state.is_over()

    def returns(self) -> list[float]:
        return [float(r) for r in self._engine.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpieltischState:
        """A state ``player_id`` cannot tell from this one, hidden facts re-dealt by
        ``State.resample`` with a generator seeded from one draw of ``probability_sampler``."""
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        other = self.get_game().new_initial_state()
        other._engine = _Engine(
            self._engine.config, self._engine.seed, self._engine.state.resample(player_id, rng)
        )
        other._moves = self._moves
        return other  # type: ignore[no-any-return]

    def __str__(self) -> str:
        """The engine state's JSON with the move list replaced by its length (the state is
        complete without it; OpenSpiel compares these strings at every step)."""
        state = self._engine.state
        doc = {
            "game": state.game.id,
            "players": state.players,
            "seed": state.seed,
            "options": state.options,
            "chance": state.chance.to_json(),
            "moves": state.move_count,
            "data": state._data_json(),
        }
        return canonical_json(doc)


class Observer:
    """OpenSpiel's Python observer: tensors from the encoding, strings from views."""

    def __init__(self, config: Config, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("observations of every player's private information are not offered")
        self.config = config
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        encoding = config.encoding
        self._info_state = self.perfect_recall and hasattr(encoding, "information_state")
        if self._info_state:
            size = int(encoding.information_state_size)  # type: ignore[attr-defined]
            pieces: Sequence[tuple[str, int, int]] = [("info_state", 0, size)]
        else:
            size = encoding.observation_size
            layout = encoding.observation_layout()
            names = [s.name for s in layout]
            if len(set(names)) == len(names):
                pieces = [(s.name, s.start, s.size) for s in layout if s.size > 0]
            else:
                pieces = [("observation", 0, size)]
        self.tensor = np.zeros(size, np.float32)
        self.dict = {name: self.tensor[start : start + n] for name, start, n in pieces}
        # OpenSpiel asks for the tensor of a fresh initial state at every tensor-size query
        self._initial: dict[tuple[int, int | None], Any] = {}

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def _values(self, state: State, seat: int | None) -> Any:
        encoding: Any = self.config.encoding
        if self._info_state:
            return np.asarray(encoding.information_state(state, seat), np.float32)
        return np.asarray(encoding.observation(state, seat), np.float32)

    def set_from(self, state: SpieltischState, player: int) -> None:
        seat = self._seat(player)
        engine = state._engine
        if engine.pristine:
            key = (engine.seed, seat)
            if key not in self._initial:
                self._initial[key] = self._values(engine.state, seat)
            self.tensor[:] = self._initial[key]
        else:
            kind = "info_state" if self._info_state else "observation"
            self.tensor[:] = engine.cached(kind, seat, lambda: self._values(engine.state, seat))

    def string_from(self, state: SpieltischState, player: int) -> str:
        engine = state._engine
        seat = self._seat(player)
        view = engine.cached("view", seat, lambda: canonical_json(engine.state.view(seat)))
        if not self.perfect_recall:
            return f'{{"seat":{json.dumps(seat)},"view":{view}}}'
        log = engine.cached("log", seat, lambda: canonical_json(engine.state.log(seat)))
        return f'{{"log":{log},"moves":{state.moves},"seat":{json.dumps(seat)},"view":{view}}}'


register_all()

__all__ = [
    "Observer",
    "SpieltischGame",
    "SpieltischState",
    "decode_options",
    "encode_options",
    "game_type",
    "register",
    "register_all",
    "registered",
    "short_name",
]
