"""``spieltisch play`` driven through stdin: full games, bad input, EOF, quit, hot seat."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from typer.testing import Result

from spieltisch.engine.record import GameRecord, replay

from .conftest import KC, ONES, assert_user_error, run


def _play(
    tmp_path: Path, *extra: str, input: str = ONES, name: str = "game.json"
) -> tuple[Result, Path]:
    save = tmp_path / name
    result = run(["play", KC, "--seed", "11", "--save", str(save), *extra], input=input)
    return result, save


def test_full_game_finishes_and_saves_a_record_that_replays(tmp_path: Path) -> None:
    result, save = _play(tmp_path, "--seats", "you,random")
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "Winner" in result.output
    assert "Record saved to" in result.output
    record = GameRecord.load(save)
    assert record.game == KC and record.players == 2 and record.seed == 11
    assert replay(record).is_over()
    replayed = run(["replay", str(save)])
    assert replayed.exit_code == 0, replayed.output
    assert "Game over" in replayed.output


def test_the_menu_and_the_log_are_shown(tmp_path: Path) -> None:
    result, _ = _play(tmp_path, "--seats", "you,random")
    out = result.output
    assert "Your hand" in out
    assert "Play a card into a territory" in out
    assert " 1) → " in out
    assert "Since your last turn" in out
    assert "Player 2 played" in out  # the bot's moves, in plain language


def test_bad_input_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    clean, clean_save = _play(tmp_path, "--seats", "you,random", name="clean.json")
    noisy, noisy_save = _play(
        tmp_path, "--seats", "you,random", input="abc\n999\n\n-1\n" + ONES, name="noisy.json"
    )
    assert noisy.exit_code == 0, noisy.output
    out = noisy.output
    assert "'abc' is not a number" in out
    assert "There is no action 999" in out
    assert "There is no action -1" in out
    assert "Type the number of an action" in out
    assert json.loads(clean_save.read_text()) == json.loads(noisy_save.read_text())
    assert clean.exit_code == 0


def test_help_log_and_board_commands_keep_the_turn(tmp_path: Path) -> None:
    result, save = _play(tmp_path, "--seats", "you,random", input="help\nlog\nboard\n" + ONES)
    assert result.exit_code == 0, result.output
    assert "Other commands" in result.output
    assert "The whole log" in result.output
    assert replay(GameRecord.load(save)).is_over()


def test_end_of_input_exits_with_1_and_a_message(tmp_path: Path) -> None:
    result, save = _play(tmp_path, "--seats", "you,random", input="abc\n1\n")
    assert result.exit_code == 1, result.output
    assert "Input ended" in result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)
    partial = GameRecord.load(save)  # the unfinished game is kept
    assert len(partial.moves) >= 1
    assert not replay(partial).is_over()


def test_empty_input_exits_cleanly() -> None:
    result = run(["play", KC, "--seats", "you,random", "--seed", "1"], input="")
    assert result.exit_code == 1
    assert "Input ended" in result.output
    assert isinstance(result.exception, SystemExit)


def test_quit_ends_the_game_with_0(tmp_path: Path) -> None:
    result, save = _play(tmp_path, "--seats", "you,random", input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "You quit the game" in result.output
    assert not replay(GameRecord.load(save)).is_over()


def test_against_the_heuristic_bot(tmp_path: Path) -> None:
    result, save = _play(tmp_path, "--seats", "you,heuristic")
    assert result.exit_code == 0, result.output
    assert "Player 2 (heuristic)" in result.output
    assert replay(GameRecord.load(save)).is_over()


def test_three_and_four_players_and_manual_claims(tmp_path: Path) -> None:
    for seats in ("you,random,random", "random,you,random,random"):
        result, save = _play(tmp_path, "--seats", seats, "--option", "claims=manual")
        assert result.exit_code == 0, result.output
        record = GameRecord.load(save)
        assert record.options["claims"] == "manual"
        assert replay(record).is_over()


def test_bots_only_shows_the_whole_game_to_a_spectator() -> None:
    result = run(["play", KC, "--seats", "random,random", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "spectator view" in result.output
    assert "Your hand" not in result.output
    assert "Add --save FILE" in result.output


def test_german(tmp_path: Path) -> None:
    result, _ = _play(tmp_path, "--seats", "you,random", "--lang", "de")
    assert result.exit_code == 0, result.output
    assert "Deine Hand" in result.output
    assert "Sieger" in result.output


def test_hot_seat_in_a_simultaneous_game(toy_game: str, tmp_path: Path) -> None:
    save = tmp_path / "toy.json"
    result = run(["play", toy_game, "--seats", "you,you", "--seed", "3", "--save", str(save)], ONES)
    assert result.exit_code == 0, result.output
    assert "hand the terminal over" in result.output
    assert "is up (" in result.output  # the example's own terminal renderer (text.py)
    record = GameRecord.load(save)
    assert replay(record).is_over()
    assert {seat for seat, _ in record.moves} == {0, 1}


def test_edition_file(tmp_path: Path) -> None:
    deck = resources.files("spieltisch.games.kingdoms_of_crusaders").joinpath(
        "data/deck_proposal_a.toml"
    )
    edition = tmp_path / "deck.toml"
    edition.write_text(deck.read_text("utf-8"), encoding="utf-8")
    result, save = _play(tmp_path, "--seats", "you,random", "--edition", str(edition))
    assert result.exit_code == 0, result.output
    assert isinstance(GameRecord.load(save).options["deck"], list)

    broken = tmp_path / "broken.toml"
    broken.write_text('[[card]]\nsymbols = ["LANCE", "LANCE"]\n', encoding="utf-8")
    assert_user_error(run(["play", KC, "--edition", str(broken)]), "broken.toml")
    assert_user_error(run(["play", KC, "--edition", str(tmp_path / "missing.toml")]), "missing")


def test_edition_for_a_game_without_editions(toy_game: str, tmp_path: Path) -> None:
    edition = tmp_path / "deck.toml"
    edition.write_text("", encoding="utf-8")
    result = run(["play", toy_game, "--edition", str(edition)])
    assert_user_error(result, "has no replaceable edition file")
