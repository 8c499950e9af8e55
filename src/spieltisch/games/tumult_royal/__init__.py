"""Tumult Royal: real-time tax grabbing and statue building
(``../shared/rules/tumult_royal.md``)."""

from ...engine.registry import register
from .actions import TumultAction
from .game import GAME, TumultRoyal
from .state import TumultState

register(GAME)

__all__ = ["GAME", "TumultAction", "TumultRoyal", "TumultState"]
