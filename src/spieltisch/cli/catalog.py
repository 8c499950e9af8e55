"""``spieltisch games`` and ``spieltisch rules``: what can be played, and how."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from .. import bots
from ..engine.game import Game
from ..engine.registry import games as all_games
from .config import load_game
from .console import out, reports_errors
from .params import GameId


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def options_table(game: Game) -> Table:
    """The declared options: name, accepted values, default, meaning."""
    table = Table(title=f"Options of {game.name}", show_lines=True)
    table.add_column("Option", style="bold", no_wrap=True)
    table.add_column("Values")
    table.add_column("Default")
    table.add_column("Meaning")
    for option in game.options:
        table.add_row(
            escape(option.name),
            escape(option.describe_values()),
            escape(_value(option.default)),
            escape(option.doc),
        )
    return table


def options_markdown(game: Game) -> str:
    """The same table as Markdown, for ``rules --markdown``."""
    rows = ["| Option | Values | Default | Meaning |", "|---|---|---|---|"]
    for option in game.options:
        cells = (f"`{option.name}`", option.describe_values(), _value(option.default), option.doc)
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n## Options\n\n" + "\n".join(rows) + "\n"


def documents_options(game: Game, text: str) -> bool:
    """Whether the rules text already names every option (then no extra table)."""
    return all(f"`{option.name}`" in text for option in game.options)


@reports_errors
def rules(
    game: GameId,
    markdown: Annotated[bool, typer.Option(help="Print the raw Markdown.")] = False,
) -> None:
    """Print a game's rules summary and its options."""
    g = load_game(game)
    text = g.rules_markdown()
    complete = documents_options(g, text)
    if markdown:
        typer.echo(text if complete else text.rstrip("\n") + "\n" + options_markdown(g))
        return
    console = out()
    console.print(Markdown(text))
    if not complete:
        console.print(options_table(g))


@reports_errors
def games() -> None:
    """List the registered games with their player counts, options and bots."""
    table = Table(title="Games")
    table.add_column("Id", style="bold", no_wrap=True)
    table.add_column("Name")
    table.add_column("Players", justify="center")
    table.add_column("Options")
    table.add_column("Bots")
    for g in all_games():
        options = ", ".join(f"{o.name}={_value(o.default)}" for o in g.options)
        players = f"{g.min_players}-{g.max_players} (default {g.default_players})"
        table.add_row(
            escape(g.id),
            escape(g.name),
            players,
            escape(options) or "-",
            escape(", ".join(bots.available(g))),
        )
    out().print(table)
