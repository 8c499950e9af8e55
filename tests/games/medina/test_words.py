"""Medina's words come from its message catalogs (issue 14, item 7): the German texts are the
German catalog's, a colour takes the German form its noun asks for, counts read in the
singular for one, and a language without a catalog reads English."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.cli.translations import check
from spieltisch.games.medina import typed_moves
from spieltisch.games.medina.words import (
    BARE,
    FEMININE,
    NEUTER,
    WEAK,
    WITH_ARTICLE,
    catalog,
    colour_name,
)

from .positions import GAME


def test_both_catalogs_hold_every_message_of_the_game() -> None:
    report = check("spieltisch.games.medina")
    assert report.ok, (report.missing, report.untranslated, report.stale)


@pytest.mark.parametrize(
    ("form", "german"),
    [
        (BARE, ["grau", "schwarz", "lila", "braun", "orange"]),
        (NEUTER, ["graues", "schwarzes", "lila", "braunes", "orangefarbenes"]),
        (FEMININE, ["graue", "schwarze", "lila", "braune", "orangefarbene"]),
        (WEAK, ["grauen", "schwarzen", "lila", "braunen", "orangefarbenen"]),
        (
            WITH_ARTICLE,
            ["ein graues", "ein schwarzes", "ein lila", "ein braunes", "ein orangefarbenes"],
        ),
    ],
)
def test_a_colour_in_each_grammatical_form(form: str, german: list[str]) -> None:
    colours = ["grey", "black", "purple", "brown", "orange"]
    assert [colour_name(c, "de", form) for c in colours] == german
    english = [colour_name(c, "en", form) for c in colours]
    if form == WITH_ARTICLE:
        assert english == ["a grey", "a black", "a purple", "a brown", "an orange"]
    else:
        assert english == colours


def test_other_languages_read_english_and_regional_german_reads_german() -> None:
    assert catalog("fr")("Game over.") == "Game over."
    assert catalog("de-AT")("Game over.") == "Spielende."
    assert colour_name("grey", "de_CH") == "grau"


def _counted(n: int, kind: str) -> list[dict[str, Any]]:
    if kind == "roof":
        return [{"type": "roof", "cell": [i, 1]} for i in range(n)]
    return [{"type": "build", "colour": "grey", "cell": [i, 1]} for i in range(n)]


@pytest.mark.parametrize(
    ("n", "kind", "english", "german"),
    [
        (1, "build", "grey (1 cell)", "grau (1 Feld)"),
        (2, "build", "grey (2 cells)", "grau (2 Felder)"),
        (1, "roof", "roof (1 palace)", "Dach (1 Palast)"),
        (3, "roof", "roof (3 palaces)", "Dach (3 Paläste)"),
    ],
)
def test_typed_move_counts_read_in_the_singular_for_one(
    n: int, kind: str, english: str, german: str
) -> None:
    """The terminal's list of what may be played counts cells and palaces; one cell is
    "1 cell" (it read "1 cells" before the catalogs)."""
    assert typed_moves.playable_now(_counted(n, kind), "en") == [english]
    assert typed_moves.playable_now(_counted(n, kind), "de") == [german]


def test_a_colourless_build_is_named_by_a_german_word_a_player_can_type() -> None:
    """``baue 4 5`` is a move a German reader can type back (it read "build" before)."""
    view = {"board": {"width": 16, "height": 12}, "palaces": []}
    legal = [{"type": "build", "colour": "grey", "cell": [4, 5]}]
    found = typed_moves.match_move("baue 4 5", legal, view, "de")
    assert (found.matches, found.what) == ([0], "baue auf (4,5)")


def test_the_log_reads_german_from_the_catalog() -> None:
    event = {"type": "tower_merchants", "tower": 2, "count": 1, "to": 1}
    assert GAME.describe(event, 1, "de") == "1 Kaufmann geht von Turm 2 an dich."
    assert GAME.describe(event, 0, "en") == "1 merchant goes from tower 2 to Player 2."
