"""The game registry: ``spieltisch.game(id)`` and ``spieltisch.games()``.

Built-in games register lazily (importing a game costs only when it is used); other packages
may call ``register``."""

from __future__ import annotations

import importlib

from .errors import UnknownGame
from .game import Game

# id -> module that defines GAME
_BUILTIN = {
    "kingdoms-of-crusaders": "spieltisch.games.kingdoms_of_crusaders",
    "medina": "spieltisch.games.medina",
    "tumult-royal": "spieltisch.games.tumult_royal",
    "im-zeichen-des-kreuzes": "spieltisch.games.zeichen_des_kreuzes",
}

_games: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Register a game instance under ``game.id`` (idempotent for the same instance)."""
    existing = _games.get(game.id)
    if existing is not None and existing is not game:
        raise ValueError(f"a different game is already registered as {game.id!r}")
    _games[game.id] = game
    return game


def game(game_id: str) -> Game:
    """The game registered under ``game_id``."""
    found = _games.get(game_id)
    if found is not None:
        return found
    module = _BUILTIN.get(game_id)
    if module is None:
        known = ", ".join(sorted(set(_BUILTIN) | set(_games)))
        raise UnknownGame(f"no game {game_id!r}; known games: {known}")
    importlib.import_module(module)
    return _games[game_id]


def games() -> list[Game]:
    """Every registered game, built-ins first, in id order."""
    for game_id in sorted(_BUILTIN):
        game(game_id)
    return [_games[k] for k in sorted(_games)]
