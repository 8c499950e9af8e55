"""Pieces of output that ``play`` and ``replay`` share: the board, log lines, the result."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..engine.game import JSON, Game, State
from . import renderers
from .config import HUMAN
from .messages import messages


def player_name(seat: int, lang: str) -> str:
    """``Player 1`` for seat 0 (the games' own texts count players from 1 too)."""
    return messages(lang)["player"].format(n=seat + 1)


def board(console: Console, game: Game, state: State, seat: int | None, lang: str) -> None:
    """The table as ``seat`` sees it (``None``: a spectator). Renderers lay out their own
    lines (up to 100 columns), so Rich must not re-wrap them at a narrower default width."""
    console.print(renderers.render_view(game.id, state.view(seat), lang), soft_wrap=True)


def log_lines(game: Game, events: Sequence[JSON], seat: int | None, lang: str = "en") -> list[str]:
    """Log events in plain language, as ``seat`` reads them."""
    return [game.describe(event, seat, lang) for event in events]


def log(
    console: Console,
    game: Game,
    events: Sequence[JSON],
    seat: int | None,
    title: str,
    lang: str = "en",
) -> None:
    """A titled block of log lines; nothing when there are no events."""
    if not events:
        return
    console.rule(f"[bold]{escape(title)}[/bold]", align="left")
    bullets = Table.grid(padding=(0, 1))  # a long line wraps under its text, not its bullet
    bullets.add_column(no_wrap=True)
    bullets.add_column()
    for line in log_lines(game, events, seat, lang):
        bullets.add_row(" •", escape(line))
    console.print(bullets)


def result_table(state: State, seat_names: Sequence[str], lang: str) -> Table:
    """Scores, returns and winners of a finished (or abandoned) game, one row per seat."""
    msg = messages(lang)
    table = Table(title=msg["over"] if state.is_over() else None)
    table.add_column(msg["col_player"])
    table.add_column(msg["col_score"], justify="right")
    table.add_column(msg["col_return"], justify="right")
    table.add_column(msg["col_result"])
    winners = set(state.winners())
    scores, returns = state.scores(), state.returns()
    for seat in range(state.players):
        who = seat_names[seat] if seat < len(seat_names) else ""
        who = msg["you"] if who == HUMAN else who  # the human at this terminal: "du" in German
        table.add_row(
            escape(f"{player_name(seat, lang)} ({who})" if who else player_name(seat, lang)),
            f"{scores[seat]:g}",
            f"{returns[seat]:+.3g}",
            f"[bold green]{msg['winner']}[/bold green]" if seat in winners else "",
        )
    return table


def winners_line(state: State, lang: str) -> str:
    """``Winners: Player 1`` (or that nobody won)."""
    msg = messages(lang)
    winners = state.winners()
    if not winners:
        return msg["no_winner"]
    key = "winners" if len(winners) > 1 else "winner_line"
    return msg[key].format(names=", ".join(player_name(s, lang) for s in winners))
