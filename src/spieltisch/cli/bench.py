"""``spieltisch bench``: a thin wrapper over ``spieltisch.analysis.bench`` (DESIGN.md §7)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.measure import Measurement
from rich.table import Table

from .config import check_options, check_writable, game_options, load_game
from .console import fail, out, reports_errors
from .params import GameId, OptionList


@reports_errors
def bench(
    game: GameId,
    players: Annotated[
        int | None, typer.Option(help="Players (the game's default if omitted).")
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="Random games per measurement.")] = 200,
    seconds: Annotated[
        float, typer.Option(min=0.0, help="Instead, run each measurement at least this long.")
    ] = 0.0,
    openspiel: Annotated[
        bool, typer.Option(help="Also measure the OpenSpiel reference games, if installed.")
    ] = True,
    out_file: Annotated[
        Path | None, typer.Option("--out", help="Write the report as JSON.")
    ] = None,
    option: OptionList = None,
    svg: Annotated[
        bool, typer.Option("--svg", help="Also measure µs per SVG picture of the mover's view.")
    ] = False,
    obs: Annotated[
        bool,
        typer.Option("--obs", help="Also measure µs per step with the observation tensor."),
    ] = False,
    search: Annotated[
        bool,
        typer.Option(
            "--search",
            help="Instead, the search bot's simulations per second per core and where their "
            "time goes (--seconds: CPU seconds per position, default 1).",
        ),
    ] = False,
) -> None:
    """Measure steps per second, games per second and replay speed of a game."""
    g = load_game(game)
    options = game_options(g, option or [], None)
    check_options(g, options, g.default_players if players is None else players)
    check_writable(out_file)
    if search:
        _bench_search(g.id, players, options, seconds, out_file)
        return
    from ..analysis import bench as bench_module  # heavy and optional: only when asked

    try:
        extra: dict[str, Any] = {"svg": True} if svg else {}  # only when asked: keeps old calls
        if obs:
            extra["obs"] = True
        report = bench_module.run_bench(
            g.id, players, games, seconds, openspiel, options=options, **extra
        )
    except ValueError as exc:  # bad numbers are user errors too
        fail(str(exc))
    console = out()
    console.print(fit_width(bench_module.format_report(report), console))
    if out_file is not None:
        data = bench_module.report_to_json(report)
        out_file.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        console.print(f"Report written to {escape(str(out_file))}")


def _bench_search(
    game_id: str,
    players: int | None,
    options: dict[str, Any],
    seconds: float,
    out_file: Path | None,
) -> None:
    from ..analysis import bench_search  # heavy: only when asked

    try:
        report = bench_search.run_search_bench(
            game_id, players, options, seconds or bench_search.DEFAULT_SECONDS
        )
    except ValueError as exc:
        fail(str(exc))
    console = out()
    for table in bench_search.format_report(report):
        console.print(fit_width(table, console))
    if out_file is not None:
        data = bench_search.report_to_json(report)
        out_file.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        console.print(f"Report written to {escape(str(out_file))}")


def fit_width(table: Table, console: Console) -> RenderableType:
    """``table`` as it is if it fits the console, else turned on its side: one row per
    column (a measure), one column per row (a game), so that 80 columns show every figure
    instead of squeezing a dozen columns into cut-off cells."""
    unlimited = console.options.update_width(10_000)  # measure the natural width, unclamped
    width = Measurement.get(console, unlimited, table).maximum
    if width <= console.width:
        return table
    columns = table.columns
    rows = [[str(cell) for cell in column.cells] for column in columns]
    turned = Table(title=table.title)
    turned.add_column(str(columns[0].header), overflow="fold")
    for name in rows[0]:
        turned.add_column(name, justify="right", overflow="fold")
    for column, cells in zip(columns[1:], rows[1:], strict=True):
        turned.add_row(str(column.header), *cells)
    if table.caption is None:
        return turned
    return Group(turned, table.caption)  # the notes at full width, not the table's
