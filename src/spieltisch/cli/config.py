"""Turning command-line words into a game, its options and its seats, with clear errors.

Shared by ``play`` and ``simulate``: ``--option name=value``, ``--edition FILE``, and
``--seats you,hard``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import bots
from ..engine.errors import OptionError, SpieltischError
from ..engine.game import Game
from ..engine.options import parse_option_assignments, resolve_options
from ..engine.registry import game as lookup_game

HUMAN = "you"


def load_game(game_id: str) -> Game:
    """The registered game (``UnknownGame`` names the known ones)."""
    return lookup_game(game_id)


def game_options(game: Game, assignments: Sequence[str], edition: Path | None) -> dict[str, Any]:
    """Options from ``--option name=value`` words and an ``--edition`` file (not yet
    validated against a player count: ``check_options`` does that)."""
    options = parse_option_assignments(list(assignments))
    if edition is not None:
        loaded = game.edition_options(edition)
        both = sorted(set(loaded) & set(options))
        if both:
            raise OptionError(f"give {both[0]!r} either with --option or with --edition, not both")
        options.update(loaded)
    return options


def check_options(game: Game, options: dict[str, Any], players: int) -> dict[str, Any]:
    """Validate ``options`` for ``players`` seats now, before any game or progress bar."""
    if not game.min_players <= players <= game.max_players:
        raise OptionError(
            f"{game.name} is played by {game.min_players} to {game.max_players} players, "
            f"not {players} (one per seat in --seats)"
        )
    return resolve_options(game.options, options, players)


def parse_seats(text: str, game: Game, humans: bool) -> list[str]:
    """``you,hard`` -> ``["you", "hard"]``; every name must be a bot of the game — a level
    (``easy``, ``normal``, ``hard``, ``expert``; the search levels with a budget too, such
    as ``hard@2s`` or ``hard@800it``), ``random`` or ``heuristic`` — or ``you`` when
    ``humans``."""
    seats = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not s for s in seats):
        raise OptionError(f"--seats must be a comma-separated list of names, not {text!r}")
    known = bots.available(game)
    for name in seats:
        if name == HUMAN and humans:
            continue
        if "@" in name and name.partition("@")[0] in known:
            bots.make(name, game)  # a level with a budget: its errors name the problem
            continue
        if name not in known:
            choices = ([HUMAN] if humans else []) + bots.levels(game)
            choices += [b for b in known if b not in choices]
            raise SpieltischError(
                f"unknown seat {name!r} for {game.id}; choose from: {', '.join(choices)}"
            )
    return seats


def check_writable(path: Path | None) -> None:
    """Fail before the work, not after it, when an output file cannot be created."""
    if path is None:
        return
    parent = path.parent
    if not parent.is_dir():
        raise OptionError(f"cannot write {path}: directory {parent} does not exist")
    if path.is_dir():
        raise OptionError(f"cannot write {path}: it is a directory")
