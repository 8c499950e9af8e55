"""Every user error is one red ``error:`` line and exit code 2, never a traceback."""

from __future__ import annotations

import pytest

from .conftest import KC, assert_user_error, run


@pytest.mark.parametrize(
    "args",
    [
        ["play", "no-such-game"],
        ["simulate", "no-such-game"],
        ["rules", "no-such-game"],
        ["bench", "no-such-game"],
    ],
)
def test_unknown_game(args: list[str]) -> None:
    assert_user_error(run(args), "no game 'no-such-game'", KC)


@pytest.mark.parametrize(
    ("option", "words"),
    [
        ("claims=sometimes", ["option 'claims'", "sometimes"]),
        ("colour=red", ["unknown option 'colour'"]),
        ("first_player=7", ["first_player"]),
        ("claims", ["name=value"]),
    ],
)
def test_bad_option(option: str, words: list[str]) -> None:
    assert_user_error(run(["play", KC, "--option", option]), *words)


def test_bad_seats() -> None:
    assert_user_error(run(["play", KC, "--seats", "you,wizard"]), "wizard", "you")
    assert_user_error(run(["play", KC, "--seats", "you,,random"]), "--seats")
    assert_user_error(run(["play", KC, "--seats", "you,random,random,random,random"]), "not 5")


def test_unwritable_output() -> None:
    result = run(["simulate", KC, "--games", "1", "--out", "/no/such/dir/out.json"])
    assert_user_error(result, "/no/such/dir/out.json", "does not exist")
    result = run(["play", KC, "--save", "/no/such/dir/game.json"], input="1\n")
    assert_user_error(result, "does not exist")


def test_several_server_processes_need_redis_and_postgresql(tmp_path: object) -> None:
    """Issue 19: ``--workers`` without ``--redis``, or ``--redis`` on SQLite, is refused
    before anything starts, and says what is needed."""
    assert_user_error(run(["serve", "--workers", "2"]), "--workers needs --redis", "PostgreSQL")
    sqlite = f"sqlite:///{tmp_path}/t.db"
    got = run(["serve", "--redis", "redis://localhost:6379/0", "--db", sqlite])
    assert_user_error(got, "need a PostgreSQL database", "SQLite serves one process only")
