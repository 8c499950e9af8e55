"""Spieltisch: a game table for four published board games, for players and researchers."""

from .engine import (
    Action,
    Game,
    GameRecord,
    IllegalAction,
    State,
    game,
    games,
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
