"""Shared helpers for the CLI tests: a runner, a way to call ``spieltisch``, a toy game."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from typer.testing import CliRunner, Result

from spieltisch.cli.main import app

KC = "kingdoms-of-crusaders"
ONES = "1\n" * 400  # always choose the first action; more lines than any game needs


def run(args: Sequence[str], input: str | None = None) -> Result:
    """Invoke ``spieltisch ARGS`` in-process, stdin fed from ``input``."""
    return CliRunner().invoke(app, list(args), input=input)


def error_lines(result: Result) -> list[str]:
    """The non-empty output lines (errors print exactly one)."""
    return [line for line in result.output.splitlines() if line.strip()]


def assert_user_error(result: Result, *words: str) -> None:
    """Exit code 2, a single ``error: ...`` line mentioning ``words``, no traceback."""
    assert result.exit_code == 2, result.output
    lines = error_lines(result)
    assert len(lines) == 1, result.output
    assert lines[0].startswith("error: "), result.output
    for word in words:
        assert word in lines[0], (word, lines[0])
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


@pytest.fixture
def toy_game() -> str:
    """The example game of ``examples/goofspiel``, installed as a package of its own (a game
    without editions, with several actors at once); skipped if it is not installed."""
    from tests.engine.toy_goofspiel import GOOFSPIEL

    return GOOFSPIEL.id
