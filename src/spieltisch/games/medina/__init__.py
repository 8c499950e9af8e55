"""Medina: palaces, walls and a merchant line (``../shared/rules/medina.md``)."""

from ...engine.registry import register
from .actions import MedinaAction
from .game import GAME, Medina
from .state import MedinaState

register(GAME)

__all__ = ["GAME", "Medina", "MedinaAction", "MedinaState"]
