"""Im Zeichen des Kreuzes: a crusade race with a cube tower
(``../shared/rules/zeichen_des_kreuzes.md``)."""

from ...engine.registry import register
from .actions import ZkAction
from .game import GAME, ImZeichenDesKreuzes
from .state import ZkState

register(GAME)

__all__ = ["GAME", "ImZeichenDesKreuzes", "ZkAction", "ZkState"]
