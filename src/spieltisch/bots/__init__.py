"""Bots: the generic ones here, game-specific ones from ``Game.bots()``.

``make(name, game)`` builds a bot by name; ``available(game)`` lists the names."""

from __future__ import annotations

from ..engine.errors import SpieltischError
from ..engine.game import Game
from .base import Bot, act
from .random_bot import RandomBot

GENERIC = {"random": RandomBot}


def available(game: Game) -> list[str]:
    return sorted(set(GENERIC) | set(game.bots()))


def make(name: str, game: Game) -> Bot:
    factory = game.bots().get(name) or GENERIC.get(name)
    if factory is None:
        raise SpieltischError(
            f"no bot {name!r} for {game.id}; available: {', '.join(available(game))}"
        )
    bot: Bot = factory()
    return bot


__all__ = ["Bot", "RandomBot", "act", "available", "make"]
