"""Bots: the generic ones here, game-specific ones from ``Game.bots()``, and the playing
levels (``easy``, ``normal``, ``hard``, ``expert``; see ``levels``).

``make(name, game)`` builds a bot by name; ``available(game)`` lists the names. A search
level takes a budget after ``@``: ``hard@0.5s``, ``hard@250ms`` or ``hard@800it``
(iterations, which make its play repeatable)."""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points

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
    if base not in LEVEL_TABLE and base not in GENERIC and base not in game.bots():
        plugin = _plugin(base)
        if plugin is not None:
            return _from_plugin(plugin, game, name, budget if at else None)
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
    bot.seconds, bot.iterations = parse_budget(budget, name)
    bot.name = name
    return bot


def parse_budget(budget: str, name: str) -> tuple[float | None, int | None]:
    """``(seconds, iterations)`` of a budget: ``1.5s``, ``250ms`` or ``800it``."""
    seconds: float | None = None
    iterations: int | None = None
    try:
        if budget.endswith("ms"):
            seconds = float(budget[:-2]) / 1000
        elif budget.endswith("s"):
            seconds = float(budget[:-1])
        elif budget.endswith("it"):
            iterations = int(budget[:-2])
        else:
            raise ValueError(budget)
    except ValueError:
        raise SpieltischError(
            f"a budget is seconds (1.5s), milliseconds (250ms) or iterations (800it), "
            f"not {budget!r} in {name!r}"
        ) from None
    if (seconds is not None and seconds <= 0) or (iterations is not None and iterations < 1):
        raise SpieltischError(f"a budget must be positive, not {budget!r} in {name!r}")
    return seconds, iterations


# -- bots that other packages provide ----------------------------------------------------
#: the entry-point group of bots from elsewhere, e.g. ``ismcts`` (OpenSpiel's IS-MCTS, from
#: the research extra): ``name = "module:factory"``, ``factory(game, name, seconds,
#: iterations)`` (no budget: both ``None``). Found by name, so ``bots`` imports none of them.
PLUGIN_GROUP = "spieltisch.bots"


def _plugin(base: str) -> EntryPoint | None:
    return next(iter(entry_points(group=PLUGIN_GROUP, name=base)), None)


def _from_plugin(plugin: EntryPoint, game: Game, name: str, budget: str | None) -> Bot:
    seconds, iterations = (None, None) if budget is None else parse_budget(budget, name)
    try:
        factory = plugin.load()
    except ImportError as exc:  # the extra that provides it is not installed
        raise SpieltischError(f"the bot {name!r} is not available: {exc}") from None
    bot: Bot = factory(game, name, seconds, iterations)
    return bot


__all__ = ["Bot", "EasyBot", "RandomBot", "SearchBot", "act", "available", "levels", "make"]
