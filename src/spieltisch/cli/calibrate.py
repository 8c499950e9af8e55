"""``spieltisch calibrate tumult-royal``: the calibration report of the reconstructed numbers.

The games and the arithmetic are in ``spieltisch.analysis.tumult_calibration``."""

from __future__ import annotations

import functools
import os
import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

from ..analysis import tumult_calibration, tumult_fog
from ..engine.errors import OptionError
from .config import check_options, check_writable, game_options, load_game, parse_seats
from .console import err, out, reports_errors
from .params import OptionList


def _advance(progress: Progress, task: TaskID, k: int) -> None:
    progress.advance(task, k)


@reports_errors
def calibrate(
    game: Annotated[str, typer.Argument(help="Game id: tumult-royal.")],
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Games per player count.")
    ] = 1000,
    players: Annotated[str, typer.Option(help="Player counts, comma-separated.")] = "2,3,4",
    bots: Annotated[str, typer.Option(help="The bot in every seat.")] = "heuristic",
    seed: Annotated[int, typer.Option(help="Game i uses seed S+i.")] = 0,
    option: OptionList = None,
    jobs: Annotated[int, typer.Option(min=1, help="Processes to play in.")] = os.cpu_count() or 1,
    out_file: Annotated[
        Path | None, typer.Option("--out", help="Write the Markdown report here.")
    ] = None,
    fog_layouts: Annotated[
        bool,
        typer.Option(
            "--fog-layouts",
            help="Also compare the 3-player layouts of face-down tiles (TR-D8, TR-D10) that "
            "the ruleset could use, with the same games per layout.",
        ),
    ] = False,
) -> None:
    """Measure game length, tumults, statues and end conditions with bots (Tumult Royal)."""
    g = load_game(game)
    if g.id != tumult_calibration.GAME_ID:
        raise OptionError(f"there is a calibration report for tumult-royal only, not {g.id}")
    parse_seats(bots, g, humans=False)
    counts = []
    for part in players.split(","):
        if not part.strip().isdigit():
            raise OptionError(f"--players must list player counts like 2,3,4, not {players!r}")
        counts.append(int(part))
    options = game_options(g, option or [], None)
    for n in counts:
        check_options(g, options, n)
    check_writable(out_file)
    reports = []
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err(),
        transient=True,
    ) as progress:
        for n in counts:
            task = progress.add_task(f"{n} players", total=games)
            reports.append(
                tumult_calibration.calibrate(
                    n,
                    games,
                    seed,
                    bots,
                    options,
                    jobs,
                    functools.partial(_advance, progress, task),
                )
            )
        extra = ""
        if fog_layouts:
            tasks = {
                layout.name: progress.add_task(f"3 players, {layout.name}", total=games)
                for layout in tumult_fog.LAYOUTS
            }
            results = tumult_fog.compare_layouts(
                games,
                seed,
                bots,
                options,
                jobs,
                lambda name, k: progress.advance(tasks[name], k),
            )
            extra = tumult_fog.fog_markdown(results)
    words = ["spieltisch", "calibrate", g.id, "--games", str(games), "--players", players]
    if bots != "heuristic":
        words += ["--bots", bots]
    if seed:
        words += ["--seed", str(seed)]
    for o in option or []:
        words += ["--option", o]
    if fog_layouts:
        words.append("--fog-layouts")
    text = tumult_calibration.report_markdown(reports, shlex.join(words), options, bots, extra)
    if out_file is None:
        sys.stdout.write(text)
    else:
        out_file.write_text(text, encoding="utf-8")
        out().print(f"Report written to {escape(str(out_file))}")
