"""``spieltisch analyse RECORD``: each seat's win chance after every move as the hard bot
estimates it from that seat's information, and each seat's turning points; a PNG chart and
the whole analysis as JSON on request. The work is ``spieltisch.analysis.postgame``'s."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..analysis.postgame import DEFAULT_ITERATIONS, GameAnalysis, analyse
from ..engine.errors import RecordError, UnknownGame
from ..engine.record import GameRecord
from ..engine.registry import game as lookup_game
from .config import check_writable
from .console import err, out, reports_errors
from .show import player_name


@reports_errors
def analyse_command(
    record: Annotated[
        Path,
        typer.Argument(help="A game record (JSON) saved by play --save or simulate --records."),
    ],
    iterations: Annotated[
        int, typer.Option(min=1, help="Search iterations per seat and position.")
    ] = DEFAULT_ITERATIONS,
    workers: Annotated[int, typer.Option(min=1, help="Processes that share the positions.")] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the searches (same seed, same analysis).")] = 0,
    png: Annotated[Path | None, typer.Option(help="Write the chart as PNG here.")] = None,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Write the whole analysis as JSON here.")
    ] = None,
) -> None:
    """Estimate each player's win chance after every move of a saved game, from that
    player's own information, and show the moves where it fell most."""
    check_writable(png)
    check_writable(json_file)
    rec = GameRecord.load(record)
    try:
        game = lookup_game(rec.game)
    except UnknownGame as exc:  # the record names a game that is not installed
        raise RecordError(f"record {record}: {exc}") from None
    with Progress(
        TextColumn("[bold]analysing[/bold] positions"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err(),
        transient=True,
    ) as bar:
        task = bar.add_task("positions", total=len(rec.moves) + 1)
        result = analyse(
            rec,
            iterations=iterations,
            seed=seed,
            workers=workers,
            progress=lambda done, _total: bar.update(task, completed=done),
        )
    names = [player_name(s, "en") for s in range(rec.players)]
    console = out()
    console.print(f"[bold]{escape(game.name)}[/bold] · {escape(_summary(result))}")
    console.print(turning_point_table(result, names))
    console.print(escape(_cost(result)))
    if png is not None:
        from ..analysis.postgame_plot import write_png

        title = f"{game.name}: estimated win chance after every move"
        write_png(result, png, names, title)
        console.print(f"Chart written to {escape(str(png))}")
    if json_file is not None:
        text = json.dumps(result.to_json(), indent=1, ensure_ascii=False)
        json_file.write_text(text + "\n", encoding="utf-8")
        console.print(f"Analysis written to {escape(str(json_file))}")


def _summary(result: GameAnalysis) -> str:
    end = "the game is over" if result.over else "the game had not ended"
    return (
        f"{result.players} players, {result.moves} moves, {len(result.decisions)} decisions; "
        f"{result.iterations} iterations per seat and position, seed {result.seed}; {end}"
    )


def _cost(result: GameAnalysis) -> str:
    c = result.cost
    return (
        f"Cost: {c.searches} searches, {c.iterations} iterations, {c.cpu_seconds:.1f} s of CPU "
        f"({c.wall_seconds:.1f} s on {c.workers} process{'es' if c.workers > 1 else ''})"
    )


def percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def turning_point_table(result: GameAnalysis, names: list[str]) -> Table:
    """Per seat its turning points: the move, what was played, the estimate before and
    after, and the move the bot preferred."""
    table = Table(title="Turning points (where each player's own estimate fell most)")
    table.add_column("Player")
    table.add_column("Move", justify="right")
    table.add_column("Played")
    table.add_column("Chance", justify="right")
    table.add_column("The bot preferred")
    for seat, points in enumerate(result.turning_points):
        if not points:
            table.add_row(escape(names[seat]), "", "no move lowered the estimate", "", "")
        for i, d in enumerate(points):
            preferred = "the same move" if d.same else d.preferred.labels["en"]
            if not d.same:
                preferred += f" ({percent(d.preferred.value)} vs {percent(d.played.value)})"
            table.add_row(
                escape(names[seat]) if i == 0 else "",
                str(d.move),
                escape(d.played.labels["en"]),
                f"{percent(d.before)} → {percent(d.after)}",
                escape(preferred),
            )
        table.add_section()
    return table
