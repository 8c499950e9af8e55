"""``spieltisch play`` with the playing levels (issue 17, item 2) and the ``hint`` command."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from rich.console import Console

from spieltisch.cli.session import GameAbandoned, TerminalSession
from spieltisch.engine.record import GameRecord, replay
from spieltisch.engine.registry import game

from .conftest import KC, ONES, assert_user_error, run


def test_the_help_lists_the_levels() -> None:
    result = run(["play", "--help"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for level in ("easy", "normal", "hard", "expert", "hard@800it"):
        assert level in text, level


@pytest.mark.parametrize("seats", ["you,easy", "you,normal", "you,hard@6it", "easy,hard@4it"])
def test_a_game_against_each_level_plays_to_the_end(tmp_path: Path, seats: str) -> None:
    save = tmp_path / "game.json"
    result = run(["play", KC, "--seats", seats, "--seed", "4", "--save", str(save)], ONES)
    assert result.exit_code == 0, result.output
    assert f"Player 2 ({seats.split(',')[1]})" in result.output
    assert replay(GameRecord.load(save)).is_over()


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        ("you,champion", ("'champion'", "you, easy, normal, hard, expert")),
        ("you,easy@2s", ("only hard and expert take a budget",)),
        ("you,hard@soon", ("a budget is seconds",)),
    ],
)
def test_a_wrong_level_or_budget_is_refused_with_the_choices(
    seats: str, words: tuple[str, ...]
) -> None:
    assert_user_error(run(["play", KC, "--seats", seats]), *words)


def _session(lines: list[str], lang: str = "en") -> tuple[TerminalSession, str]:
    """A human against a random bot in The Kingdoms of Crusaders, typing ``lines``."""
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    kc = game(KC)
    state = kc.new_game(2, 3, {})
    feed = iter(lines)

    def read(prompt: str) -> str:
        line = next(feed, None)
        if line is None:
            raise EOFError
        return line

    session = TerminalSession(
        console, kc, state, ["you", "random"], lang, read, hint_bot="hard@30it"
    )
    with contextlib.suppress(GameAbandoned):
        session.run()
    return session, out.getvalue()


def test_hint_names_the_hard_bots_move_and_its_win_chance_and_changes_nothing() -> None:
    session, text = _session(["hint", "quit"])
    assert "The hard bot thinks about your move" in text
    line = next(ln for ln in text.splitlines() if ln.startswith("Suggested: "))
    number = int(line.split(")")[0].removeprefix("Suggested: "))
    assert "estimated win chance" in line and line.endswith("%")
    chance = int(line.rsplit(" ", 1)[1].rstrip("%"))
    assert 0 <= chance <= 100
    quiet, _ = _session(["quit"])
    assert session.state.to_json() == quiet.state.to_json()  # asking changed nothing
    legal = session.state.legal_actions(session.state.actors()[0])
    assert 1 <= number <= len(legal)
    label = session.game.action_label(legal[number - 1], session.state.view(0), "en")
    assert label in line
    # the same position gives the same suggestion
    _, again = _session(["hint", "quit"])
    assert line in again


def test_tipp_is_the_german_word_for_it() -> None:
    _, text = _session(["tipp", "ende"], lang="de")
    assert "Vorschlag: " in text and "geschätzte Gewinnchance" in text


def test_hint_in_the_help() -> None:
    _, text = _session(["help", "quit"])
    assert "hint" in text and "suggests a move" in text
    assert "Suggested" not in text  # the help is text only: no search ran
