"""The ``spieltisch`` command: one Typer app, one module per command."""

from __future__ import annotations

import typer

from .analyse import analyse_command
from .bench import bench
from .bench_server import bench_server
from .catalog import games, rules
from .database import database
from .play import play
from .position import position, schema
from .replay import replay
from .rulebook import rulebook
from .screenshots import screenshots
from .serve import serve
from .simulate import simulate
from .tools import mount
from .tournament import tournament
from .translations import translations

app = typer.Typer(
    name="spieltisch",
    help="A game table for four published board games: play, simulate, replay, study.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
app.command()(play)
app.command()(simulate)
app.command()(tournament)
app.command()(replay)
app.command(name="analyse")(analyse_command)
app.command()(rules)
app.command()(games)
app.command()(bench)
app.command()(serve)
app.command(name="bench-server")(bench_server)
app.command()(screenshots)
app.command()(translations)
app.add_typer(rulebook, name="rulebook")
app.add_typer(position, name="position")
app.add_typer(database, name="db")
app.command()(schema)
mount(app)  # the games' own commands (tower-stats, calibrate), from their manifests


def main() -> None:
    """Entry point of the ``spieltisch`` console script."""
    app()


if __name__ == "__main__":
    main()
