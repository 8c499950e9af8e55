"""``spieltisch bench``: a thin wrapper over ``spieltisch.analysis.bench`` (DESIGN.md §7)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

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
) -> None:
    """Measure steps per second, games per second and replay speed of a game."""
    g = load_game(game)
    options = game_options(g, option or [], None)
    check_options(g, options, g.default_players if players is None else players)
    check_writable(out_file)
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
    console.print(bench_module.format_report(report))
    if out_file is not None:
        data = bench_module.report_to_json(report)
        out_file.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        console.print(f"Report written to {escape(str(out_file))}")
