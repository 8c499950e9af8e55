"""The games' own commands (``engine.manifest.Tool``), mounted as ``spieltisch COMMAND``:
``spieltisch tower-stats`` (Im Zeichen des Kreuzes), ``spieltisch calibrate tumult-royal``.

A command is found through the installed games' manifests; ``spieltisch --help`` lists it
with the summary its manifest gives, without importing the game. Its words after the
command are its own: the game's module reads them with ``argparse`` (``--help`` included).
When several games have a command of one name, the first word names the game; it may
always do so (``spieltisch calibrate tumult-royal``).

The command runs with a ``ToolContext`` drawn here with Rich, playing its bot games with
``spieltisch.analysis``."""

from __future__ import annotations

import argparse
import shlex
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..engine.errors import SpieltischError
from ..engine.game import Game, State
from ..engine.manifest import Tool
from ..engine.registry import manifest, manifests
from .console import err, out, reports_errors

T = TypeVar("T")


def tool_commands() -> dict[str, list[tuple[str, Tool]]]:
    """Each command of the installed games, with the games that have it (id order)."""
    found: dict[str, list[tuple[str, Tool]]] = {}
    with warnings.catch_warnings():  # a broken game is reported by `spieltisch games`
        warnings.simplefilter("ignore")
        for game_id, m in manifests().items():
            for tool in m.tools:
                found.setdefault(tool.command, []).append((game_id, tool))
    return found


def mount(app: typer.Typer) -> None:
    """Add every game's commands to ``app`` (a name the CLI already has stays the CLI's)."""
    taken = {c.name for c in app.registered_commands} | {g.name for g in app.registered_groups}
    for command, providers in tool_commands().items():
        if command in taken:
            continue
        summary = providers[0][1].summary
        if len(providers) > 1:
            games = ", ".join(game_id for game_id, _ in providers)
            summary = f"A command of {games}: spieltisch {command} GAME --help."
        app.command(
            name=command,
            help=summary,
            add_help_option=False,  # --help goes to the game's own parser
            context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
        )(_runner(command))


def _runner(command: str) -> Callable[[typer.Context], None]:
    def run(ctx: typer.Context) -> None:
        run_tool(command, list(ctx.args))

    run.__name__ = command.replace("-", "_")
    return run


@reports_errors
def run_tool(command: str, args: list[str]) -> None:
    """Run the game's ``command`` with the words ``args`` (the first may name the game)."""
    providers = [game_id for game_id, _ in tool_commands().get(command, [])]
    words = list(args)
    if words and words[0] in providers:
        game_id = words.pop(0)
    elif words and not words[0].startswith("-"):
        raise SpieltischError(
            f"{command} is a command of {', '.join(providers)} only, not of {words[0]}"
        )
    elif len(providers) == 1:
        game_id = providers[0]
    else:
        raise SpieltischError(f"name the game: spieltisch {command} GAME ({', '.join(providers)})")
    found = manifest(game_id)
    tool = found.tool(command)
    assert tool is not None
    module = found.tool_module(command)
    prog = f"spieltisch {command}" if len(providers) == 1 else f"spieltisch {command} {game_id}"
    parser = argparse.ArgumentParser(prog=prog, description=tool.summary)
    module.add_arguments(parser)
    parsed = parser.parse_args(words)  # --help and bad words end here, as argparse does
    context = RichToolContext(found.game, shlex.join(["spieltisch", command, *args]))
    try:
        module.run(parsed, context)
    finally:
        context.close()


class RichToolContext:
    """``engine.manifest.ToolContext`` on the terminal: Rich tables and progress bars, bot
    games played by ``spieltisch.analysis``."""

    def __init__(self, game: Game, command_line: str) -> None:
        self.game = game
        self.command_line = command_line
        self._progress: Progress | None = None

    def write(self, text: str) -> None:
        sys.stdout.write(text)
        sys.stdout.flush()

    def table(
        self, title: str, columns: Sequence[str], rows: Sequence[Sequence[str] | str]
    ) -> None:
        table = Table(title=escape(title), title_justify="left")
        for name in columns:
            table.add_column(escape(name))
        started = False
        for row in rows:
            if isinstance(row, str):
                if started:
                    table.add_section()
                table.add_row(f"[bold]{escape(row)}[/bold]")
            else:
                table.add_row(*(escape(cell) for cell in row))
            started = True
        out().print(table)

    def progress(self, label: str, total: int) -> Callable[[int], None]:
        if self._progress is None:
            self._progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=err(),
                transient=True,
            )
            self._progress.start()
        bar, task = self._progress, self._progress.add_task(label, total=total)
        return lambda steps: bar.advance(task, steps)

    def check_seats(self, seats: Sequence[str], options: Mapping[str, Any]) -> None:
        from ..analysis.tournament import check_line_up

        check_line_up(self.game, seats, options)

    def play_games(
        self,
        seats: Sequence[str],
        seeds: Sequence[int],
        options: Mapping[str, Any],
        extract: Callable[[State], T],
        jobs: int = 1,
        progress: Callable[[int], None] | None = None,
    ) -> list[T]:
        from ..analysis.batch import play_games

        return play_games(self.game.id, seats, seeds, options, extract, jobs, progress)

    def wilson_interval(self, successes: int, trials: int) -> tuple[float, float]:
        from ..analysis.stats import wilson_interval

        return wilson_interval(successes, trials)

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None
