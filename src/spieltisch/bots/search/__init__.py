"""The search bot (information-set MCTS) and its parts; see ``ismcts`` for the method."""

from .bot import SearchBot
from .ismcts import ActionStats, Search, SearchResult

__all__ = ["ActionStats", "Search", "SearchBot", "SearchResult"]
