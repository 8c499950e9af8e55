"""Analysis: seeded tournaments between bots and the statistics that report them.

``tournament`` plays the games, ``stats`` turns outcomes into rates with confidence intervals,
``results`` holds the records both share. ``bench`` (timing) is imported only on demand."""

from .results import GameOutcome, TournamentResult
from .stats import Rate, Summary, summarize, wilson_interval
from .tournament import play_bot_game, run_tournament

__all__ = [
    "GameOutcome",
    "Rate",
    "Summary",
    "TournamentResult",
    "play_bot_game",
    "run_tournament",
    "summarize",
    "wilson_interval",
]
