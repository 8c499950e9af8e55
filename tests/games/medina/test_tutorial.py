"""The guided first game (``tutorial.json``): it parses, every step is a legal move of its
seat, each learner step points at keys of the picture the learner sees then and teaches
rules of the rulebook, the core rules are covered (palaces: buildings, colours, one
palace per colour; roofs; walls; the merchant line; palace and tower tiles and the points
of walls and merchants), and the words are there in English and German."""

from __future__ import annotations

from spieltisch.engine.rulebook import rulebook
from spieltisch.engine.tutorial import play_script
from spieltisch.games.medina.svg import render_svg

from ...tutorial_checks import check_core_rules, check_learner_steps, check_words, script_of
from .positions import GAME

BOOK = rulebook("spieltisch.games.medina", "en")
CORE = {
    "MD-R24": "a building founds a palace",
    "MD-R23": "buildings extend the unfinished palace of their colour",
    "MD-R7": "palaces never touch",
    "MD-D4": "the colours and their palace tiles",
    "MD-R26": "roofs claim palaces, one palace per colour",
    "MD-R28": "a roofed palace takes no more buildings",
    "MD-R29": "stables",
    "MD-R34": "walls grow from the towers",
    "MD-R14": "the start merchant",
    "MD-R32": "the merchant line grows at its ends",
    "MD-R39": "palace tiles",
    "MD-R44": "tower tiles by a wall",
    "MD-R43": "tower tiles by a roof",
    "MD-R60": "points for walls and merchants touching a palace",
}


def test_the_script_plays_legally_to_its_end() -> None:
    script = script_of(GAME)
    assert script.game == GAME.id and script.players == 3 and script.learner == 0
    state = play_script(GAME, script)
    assert state.move_count == len(script.steps)
    assert not state.is_over()  # the game goes on against the bots
    # the outro's count: orange 9, black 3, the orange and black tiles and tower 4
    assert state.scores()[0] == 22.0
    view = state.view(0)
    assert view["scores"][0]["tower_tiles"] == 4
    assert view["scores"][0]["palace_tiles"] == 4 + 2


def test_every_learner_step_is_legal_and_its_keys_are_in_the_picture() -> None:
    script = script_of(GAME)
    assert 8 <= len(script.learner_steps()) <= 20
    check_learner_steps(GAME, script, render_svg, BOOK)


def test_the_core_rules_are_taught() -> None:
    check_core_rules(script_of(GAME), CORE)


def test_words_in_english_and_german() -> None:
    check_words(script_of(GAME), bots_narrated=True)  # every bot move is narrated
