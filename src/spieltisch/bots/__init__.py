"""Bots: the generic ones here, game-specific ones from ``Game.bots()``, and the playing
levels (``easy``, ``normal``, ``hard``, ``expert``; see ``levels``).

``make(name, game)`` builds a bot by name; ``available(game)`` lists the names. A search
level takes a budget after ``@``: ``hard@0.5s``, ``hard@250ms`` or ``hard@800it``
(iterations, which make its play repeatable)."""

from __future__ import annotations

from ..engine.errors import SpieltischError
from ..engine.game import Game
from .base import Bot, act
from .levels import LEVEL_TABLE, LEVELS, EasyBot
from .random_bot import RandomBot
from .search import SearchBot

GENERIC = {"random": RandomBot}


def available(game: Game) -> list[str]:
    """Every bot name for ``game``: random, the game's own, and the levels it supports."""
    own = set(game.bots())
    levels = [lv for lv in LEVELS if lv != "normal" or "heuristic" in own]
    return sorted(set(GENERIC) | own) + levels


def levels(game: Game) -> list[str]:
    return [name for name in available(game) if name in LEVELS]


def make(name: str, game: Game) -> Bot:
    base, at, budget = name.partition("@")
    if at:
        return _budgeted(base, budget, game, name)
    factory = game.bots().get(name) or GENERIC.get(name)
    if factory is not None:
        bot: Bot = factory()
        return bot
    if name in available(game) and name in LEVEL_TABLE:
        leveled: Bot = LEVEL_TABLE[name].make(game)
        return leveled
    raise SpieltischError(f"no bot {name!r} for {game.id}; available: {', '.join(available(game))}")


def _budgeted(base: str, budget: str, game: Game, name: str) -> Bot:
    if base not in ("hard", "expert"):
        raise SpieltischError(f"only hard and expert take a budget, not {base!r} in {name!r}")
    bot = make(base, game)
    assert isinstance(bot, SearchBot)
    try:
        if budget.endswith("ms"):
            bot.seconds, bot.iterations = float(budget[:-2]) / 1000, None
        elif budget.endswith("s"):
            bot.seconds, bot.iterations = float(budget[:-1]), None
        elif budget.endswith("it"):
            bot.seconds, bot.iterations = None, int(budget[:-2])
        else:
            raise ValueError(budget)
    except ValueError:
        raise SpieltischError(
            f"a budget is seconds (1.5s), milliseconds (250ms) or iterations (800it), "
            f"not {budget!r} in {name!r}"
        ) from None
    if (bot.seconds is not None and bot.seconds <= 0) or (
        bot.iterations is not None and bot.iterations < 1
    ):
        raise SpieltischError(f"a budget must be positive, not {budget!r} in {name!r}")
    bot.name = name
    return bot


__all__ = ["Bot", "EasyBot", "RandomBot", "SearchBot", "act", "available", "levels", "make"]
