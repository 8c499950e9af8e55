"""Command-line parameters shared by several commands (one declaration, one help text)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

GameId = Annotated[str, typer.Argument(help="Game id, e.g. kingdoms-of-crusaders.")]
OptionList = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option name=value.")
]
EditionFile = Annotated[
    Path | None,
    typer.Option(help="Component data file (deck, ruleset) that replaces the game's default."),
]
