"""The game-agnostic kernel: contract, actions, errors, seeded chance, records, replay.

Standard library only."""

from .action import Action
from .chance import Chance
from .errors import (
    DataError,
    IllegalAction,
    MalformedAction,
    NoEncoding,
    OptionError,
    RecordError,
    SpieltischError,
    StateFormatError,
    UnknownGame,
)
from .game import JSON, STATE_SCHEMA, ConformanceCase, Game, State, returns_from_winners
from .options import Option, parse_option_assignments, resolve_options
from .record import GameRecord, replay, replay_steps
from .registry import game, games, register
from .simultaneous import SimultaneousChoices

__all__ = [
    "JSON",
    "STATE_SCHEMA",
    "Action",
    "Chance",
    "ConformanceCase",
    "DataError",
    "Game",
    "GameRecord",
    "IllegalAction",
    "MalformedAction",
    "NoEncoding",
    "Option",
    "OptionError",
    "RecordError",
    "SimultaneousChoices",
    "SpieltischError",
    "State",
    "StateFormatError",
    "UnknownGame",
    "game",
    "games",
    "parse_option_assignments",
    "register",
    "replay",
    "replay_steps",
    "resolve_options",
    "returns_from_winners",
]
