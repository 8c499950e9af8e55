"""The Kingdoms of Crusaders: a Battle-Line-like card duel for 2-4 players
(``../shared/rules/kingdoms_of_crusaders.md``)."""

from ...engine.registry import register
from .actions import Claim, EndClaims, Play
from .game import GAME, KingdomsOfCrusaders
from .state import KingdomsState

register(GAME)

__all__ = ["GAME", "Claim", "EndClaims", "KingdomsOfCrusaders", "KingdomsState", "Play"]
