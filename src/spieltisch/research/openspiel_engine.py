"""The engine state behind an OpenSpiel state of ``research.openspiel``: created on first
use, copied, and pickled as its JSON document; and the registered games by name, which
unpickling needs to find a state's game again."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from ..engine.game import Game, State
from ._core import Config, configure
from .explicit_chance import load_explicit

BY_NAME: dict[str, Game] = {}  # registered short name -> game (also to unpickle states)


@lru_cache(maxsize=256)
def config_of(name: str, players: int, options_json: str) -> Config:
    return configure(BY_NAME[name], players, json.loads(options_json))


class Engine:
    """Holds a state's engine state (the last completed position): created on first use
    (OpenSpiel's ``Clone`` builds a fresh initial state and then overwrites it),
    deep-copied by ``State.clone()``, pickled as ``to_json()``. With explicit chance it
    stays empty until the setup's draws are chosen."""

    __slots__ = ("_state", "cache", "config", "explicit", "name", "seed")

    def __init__(
        self, name: str, config: Config, seed: int, explicit: bool, state: State | None = None
    ) -> None:
        self.name = name  # the registered name (to find the game when unpickled)
        self.config = config
        self.seed = seed
        self.explicit = explicit
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
            if self.explicit:
                raise RuntimeError("the game is being set up: its chance nodes come first")
            self._state = initial_state(self.config, self.seed).clone()
        return self._state

    @property
    def created(self) -> State | None:
        """The engine state, or ``None`` while the setup's draws are being chosen."""
        return self._state if self.explicit else self.state

    def commit(self, state: State) -> None:
        self._state = state
        self.cache.clear()

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        state = None if self._state is None else self._state.clone()
        return Engine(self.name, self.config, self.seed, self.explicit, state)

    def __reduce__(self) -> tuple[Any, ...]:
        doc = None if self._state is None else json.dumps(self._state.to_json())
        c = self.config
        args = (self.name, c.players, c.options_json, self.seed, doc, self.explicit)
        return (restore_engine, args)


@lru_cache(maxsize=64)
def initial_state(config: Config, seed: int) -> State:
    """The initial state of a configuration and seed; never handed out, only cloned
    (OpenSpiel creates an initial state for every clone and tensor-shape query)."""
    return config.new_game(seed)


def restore_engine(
    name: str,
    players: int,
    options_json: str,
    seed: int,
    doc: str | None,
    explicit: bool = False,
) -> Engine:
    config = config_of(name, players, options_json)
    state = None
    if doc is not None:
        obj = json.loads(doc)
        state = load_explicit(config.game, obj) if explicit else config.game.state_from_json(obj)
    return Engine(name, config, seed, explicit, state)
