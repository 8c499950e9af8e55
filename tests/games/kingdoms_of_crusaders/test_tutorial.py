"""The guided first game (``tutorial.json``): it parses, every step is a legal move of its
seat, each learner step points at keys of the picture the learner sees then and teaches
rules of the rulebook, the core rules are covered (formations and how armies compare,
completing an army, claims with their proof, winning territories), and the words are
there in English and German."""

from __future__ import annotations

from spieltisch.engine.rulebook import rulebook
from spieltisch.engine.tutorial import play_script
from spieltisch.games.kingdoms_of_crusaders.svg import render_svg

from ...tutorial_checks import check_core_rules, check_learner_steps, check_words, script_of
from .helpers import GAME

BOOK = rulebook("spieltisch.games.kingdoms_of_crusaders", "en")
CORE = {
    "KC-R19": "formations: Regiment, Battalion, Company",
    "KC-R21": "how armies compare",
    "KC-R22": "equal armies: the first to complete wins",
    "KC-R16": "completing an army",
    "KC-R27": "a claim's proof",
    "KC-R29": "making a claim",
    "KC-R23": "winning a territory by completion",
    "KC-R32": "victory markers for won territories",
}


def test_the_script_plays_legally_to_its_end() -> None:
    script = script_of(GAME)
    assert script.game == GAME.id and script.players == 2 and script.learner == 0
    state = play_script(GAME, script)
    assert state.move_count == len(script.steps)
    assert not state.is_over()  # the game goes on against the bot
    # by the end the learner has won territory 1 by claim and territory 2 by completion
    decided = [t["decided"] for t in state.view(0)["territories"]]
    assert decided[0] == {"winner": 0, "marker": 1, "method": "claim", "play": 7}
    assert decided[1] is not None and decided[1]["method"] == "completion"
    assert decided[1]["winner"] == 0


def test_every_learner_step_is_legal_and_its_keys_are_in_the_picture() -> None:
    script = script_of(GAME)
    assert 8 <= len(script.learner_steps()) <= 20
    check_learner_steps(GAME, script, render_svg, BOOK)


def test_the_core_rules_are_taught() -> None:
    check_core_rules(script_of(GAME), CORE)


def test_words_in_english_and_german() -> None:
    check_words(script_of(GAME), bots_narrated=True)  # every bot move is narrated
