"""``spieltisch games`` and ``spieltisch rules``: what can be played, and how."""

from __future__ import annotations

import re
import warnings
from typing import Annotated

import typer
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from .. import bots
from ..engine.game import Game
from ..engine.i18n import lang_of
from ..engine.registry import broken
from ..engine.registry import games as all_games
from ..engine.rulebook import rulebook
from .config import load_game
from .console import err, fail, out, reports_errors
from .params import GameId


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def options_table(game: Game) -> Table:
    """The declared options: name, accepted values, default, meaning. Long names and values
    wrap (fold) rather than being cut, so the table reads in 80 columns."""
    table = Table(title=f"Options of {game.name}", show_lines=True)
    longest = max((len(o.name) for o in game.options), default=6)
    table.add_column("Option", style="bold", overflow="fold", min_width=min(longest, 24))
    table.add_column("Values", overflow="fold", ratio=3)
    table.add_column("Default", overflow="fold", ratio=2)
    table.add_column("Meaning", overflow="fold", ratio=5)
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
    rule: Annotated[
        str | None, typer.Option(help="Print the full text of one rule, e.g. KC-R15.")
    ] = None,
    lang: Annotated[str, typer.Option(help="Language: en or de.")] = "en",
) -> None:
    """Print a game's rules summary and its options, or one rule's full text."""
    g = load_game(game)
    if rule is not None:
        print_rule(g, rule.strip().upper(), lang, markdown)
        return
    if lang_of(lang) != "en":
        text = german_summary(g)
        if text is not None:
            if markdown:
                typer.echo(text)
            else:
                out().print(Markdown(text))
            return
    text = g.rules_markdown()
    complete = documents_options(g, text)
    if markdown:
        typer.echo(text if complete else text.rstrip("\n") + "\n" + options_markdown(g))
        return
    console = out()
    for kind, part in markdown_parts(text):
        console.print(markdown_table(part) if kind == "table" else Markdown(part))
    if not complete:
        console.print(options_table(g))


def print_rule(game: Game, rule_id: str, lang: str, markdown: bool) -> None:
    package = game.package
    found = rulebook(package, lang_of(lang)).get(rule_id)
    if found is None:
        fail(f"{game.name} has no rule {rule_id!r} (rule ids look like KC-R15)")
    text = f"**{found.id}** · {found.section}\n\n{found.text}"
    if markdown:
        typer.echo(text)
    else:
        out().print(Markdown(text))


def german_summary(game: Game) -> str | None:
    from importlib import resources

    package = game.package
    path = resources.files(package).joinpath("rules.de.md")
    return path.read_text("utf-8") if path.is_file() else None


def markdown_parts(text: str) -> list[tuple[str, str]]:
    """The text cut into ``("text", markdown)`` and ``("table", lines)`` parts: tables are
    drawn by ``markdown_table``, which wraps long cells instead of cutting them."""
    parts: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        kind = "table" if line.lstrip().startswith("|") else "text"
        if not parts or parts[-1][0] != kind:
            parts.append((kind, []))
        parts[-1][1].append(line)
    return [(kind, "\n".join(lines)) for kind, lines in parts]


_CELL_SPLIT = re.compile(r"(?<!\\)\|")
_INLINE = re.compile(r"\*\*|`")


def _cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [_INLINE.sub("", c).replace("\\|", "|").strip() for c in _CELL_SPLIT.split(inner)]


def markdown_table(lines: str) -> Table:
    """A Markdown table as a Rich table whose cells fold (nothing is cut with "…")."""
    rows = [_cells(line) for line in lines.splitlines() if line.strip()]
    header, body = rows[0], [r for r in rows[1:] if not all(set(c) <= set(":- ") for c in r)]
    table = Table(show_lines=True)
    for name in header:
        table.add_column(escape(name), overflow="fold")
    for row in body:
        table.add_row(*(escape(c) for c in row[: len(header)]))
    return table


@reports_errors
def games() -> None:
    """List the registered games with their player counts, options and bots."""
    with warnings.catch_warnings():  # a game that does not load is named below instead
        warnings.simplefilter("ignore")
        registered = all_games()
    out().print(games_table(registered))
    for reason in broken().values():
        err().print(f"[yellow]not loaded:[/yellow] {escape(reason)}")


def games_table(registered: list[Game]) -> Table:
    """One row per game: id and name, players (default), options with their defaults one a
    line, bots. Fits 80 columns: long option names and values fold instead of being cut."""
    table = Table(title="Games", show_lines=True, caption="spieltisch rules ID explains them")
    table.add_column("Game", no_wrap=True)
    table.add_column("Players\n(default)", justify="center", no_wrap=True)
    table.add_column("Options (default)", overflow="fold")
    table.add_column("Bots", overflow="fold")
    for g in registered:
        options = "\n".join(f"{o.name} = {_value(o.default)}" for o in g.options)
        table.add_row(
            f"[bold]{escape(g.id)}[/bold]\n{escape(g.name)}",
            f"{g.min_players}-{g.max_players} ({g.default_players})",
            escape(options) or "-",
            escape("\n".join(bots.available(g))),
        )
    return table
