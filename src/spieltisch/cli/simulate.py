"""``spieltisch simulate``: many seeded bot games, win rates with 95% intervals.

The games and the arithmetic are in ``spieltisch.analysis``; this module only formats."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..analysis.results import TournamentResult
from ..analysis.stats import Rate, Summary
from ..analysis.tournament import run_tournament
from ..engine.errors import OptionError
from ..engine.game import Game
from .config import check_options, check_writable, game_options, load_game, parse_seats
from .console import err, out, reports_errors
from .params import EditionFile, GameId, OptionList


@reports_errors
def simulate(
    game: GameId,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    seats: Annotated[
        str, typer.Option(help="Comma-separated bot names, one per seat (game 0's line-up).")
    ] = "random,random",
    players: Annotated[
        int | None,
        typer.Option(help="Players; defaults to the number of seats (one name fills all)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Game i uses seed S+i.")] = 0,
    option: OptionList = None,
    edition: EditionFile = None,
    rotate: Annotated[bool, typer.Option(help="Move every bot one seat on per game.")] = True,
    out_file: Annotated[
        Path | None, typer.Option("--out", help="Write the results as JSON here.")
    ] = None,
    records: Annotated[
        Path | None, typer.Option(help="Save every game's record in this directory.")
    ] = None,
) -> None:
    """Play seeded games between bots and report win rates per seat and per bot."""
    g = load_game(game)
    names = _line_up(g, seats, players)
    options = game_options(g, option or [], edition)
    check_options(g, options, len(names))
    check_writable(out_file)
    result = _play(g, names, games, seed, options, rotate, keep_records=records is not None)
    console = out()
    report(console, result)
    if records is not None:
        _save_records(console, result, records)
    if out_file is not None:
        out_file.write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")
        console.print(f"Results written to {escape(str(out_file))}")


def _line_up(game: Game, seats: str, players: int | None) -> list[str]:
    """The bots of game 0, one per seat; one name fills ``players`` seats."""
    names = parse_seats(seats, game, humans=False)
    if players is not None:
        if len(names) == 1:
            names = names * players
        elif len(names) != players:
            raise OptionError(
                f"--players {players} does not match the {len(names)} seats in --seats"
            )
    return names


def _play(
    game: Game,
    names: list[str],
    games: int,
    seed: int,
    options: dict[str, Any],
    rotate: bool,
    keep_records: bool,
) -> TournamentResult:
    """The tournament, with a progress bar on stderr while it runs."""
    with Progress(
        TextColumn("[bold]simulating[/bold]"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err(),
        transient=True,
    ) as progress:
        task = progress.add_task("games", total=games)
        return run_tournament(
            game.id,
            names,
            games,
            seed,
            options,
            rotate,
            progress=lambda done, _total: progress.update(task, completed=done),
            keep_records=keep_records,
        )


def _save_records(console: Console, result: TournamentResult, records: Path) -> None:
    """Every game's record as ``game-NNNNN.json`` in the directory ``records``."""
    records.mkdir(parents=True, exist_ok=True)
    for outcome in result.outcomes:
        assert outcome.record is not None
        outcome.record.save(records / f"game-{outcome.index:05d}.json")
    console.print(f"Saved {result.games} game records in {escape(str(records))}")


def report(console: Console, result: TournamentResult) -> None:
    """The tables and figures of a tournament."""
    summary = result.summary()
    seeds = f"{result.seed}..{result.seed + result.games - 1}"
    title = f"{result.game}: {result.games} games, seeds {seeds}"
    console.print(f"[bold]{escape(title)}[/bold]")
    console.print(seat_table(result, summary))
    console.print(bot_table(summary))
    games = summary.games
    console.print(f"Average game length: [bold]{summary.avg_length:.1f}[/bold] moves")
    console.print(
        f"Shared wins: [bold]{summary.shared_wins}[/bold] of {games} games "
        f"({summary.shared_win_share:.1%}); games without a winner: {summary.no_winner}"
    )
    if summary.endings:
        parts = [
            f"{escape(name)} {n} ({n / games:.1%}, {length:.0f} moves on average)"
            for name, (n, length) in summary.endings.items()
        ]
        console.print("How games ended: " + "; ".join(parts))
    if result.rotate and games % result.players:
        console.print(
            f"[yellow]With rotation, a multiple of {result.players} games lets every bot play "
            "every seat equally often.[/yellow]"
        )


def _rate_cells(rate: Rate) -> tuple[str, ...]:
    """Wins, games, win rate, 95% interval, mean score, mean return."""
    low, high = rate.ci95
    return (
        str(rate.wins),
        str(rate.n),
        f"{rate.win_rate:.1%}",
        f"{low * 100:.1f}–{high * 100:.1f}%",
        f"{rate.avg_score:.2f}",
        f"{rate.avg_return:+.3f}",
    )


def seat_table(result: TournamentResult, summary: Summary) -> Table:
    """Win rate per seat, named Player 1… as everywhere (which bot sat there is fixed only
    without rotation)."""
    table = Table(title="Win rate per seat", caption="Score and return: means per game")
    table.add_column("Player", justify="right")
    table.add_column("Bot")
    for name in ("Wins", "Games", "Win rate", "95% CI", "Score", "Return"):
        table.add_column(name, justify="right")
    for seat, rate in enumerate(summary.per_seat):
        bot = "rotating" if result.rotate and len(set(result.seats)) > 1 else result.seats[seat]
        table.add_row(str(seat + 1), escape(bot), *_rate_cells(rate))
    return table


def bot_table(summary: Summary) -> Table:
    """Win rate per bot over every seat it held (a bot in two seats counts both)."""
    table = Table(title="Win rate per bot", caption="Seats: seat-games played by the bot")
    table.add_column("Bot")
    for name in ("Wins", "Seats", "Win rate", "95% CI", "Score", "Return"):
        table.add_column(name, justify="right")
    for name, rate in summary.per_bot.items():
        table.add_row(escape(name), *_rate_cells(rate))
    return table
