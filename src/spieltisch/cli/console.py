"""Consoles and the one way the CLI reports a user error: a red ``error: ...`` line, exit 2.

Consoles are made per command, so that they write to whatever ``sys.stdout`` is at that
moment (a terminal, a pipe, or a test runner's buffer)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from ..engine.errors import SpieltischError

P = ParamSpec("P")
R = TypeVar("R")

EXIT_USAGE = 2  # bad input from the user: unknown game, bad option, corrupt file


def out() -> Console:
    """The console for normal output (stdout)."""
    return Console(highlight=False)


def err() -> Console:
    """The console for errors and warnings (stderr)."""
    return Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str) -> NoReturn:
    """Print ``error: message`` in red on one line and end the command with exit code 2."""
    err().print(f"[bold red]error:[/bold red] [red]{escape(message)}[/red]")
    raise typer.Exit(EXIT_USAGE)


def reports_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn the errors a user can cause (``SpieltischError``, an unreadable or unwritable
    file) into one clear line instead of a traceback."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except SpieltischError as exc:
            fail(str(exc))
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            fail(f"{where}{exc.strerror or exc}")

    return wrapper
