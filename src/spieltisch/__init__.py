"""Spieltisch: a game table for four published board games, for players and researchers."""

from . import games
from .engine import (
    Action,
    Game,
    GameRecord,
    IllegalAction,
    State,
    game,
    register,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Game",
    "GameRecord",
    "IllegalAction",
    "State",
    "__version__",
    "game",
    "games",
    "register",
    "replay",
]
