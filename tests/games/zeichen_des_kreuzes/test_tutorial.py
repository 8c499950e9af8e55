"""The guided first game (``tutorial.json``, issue 15): it parses and plays move by move; each
of the learner's steps is a legal move of the moment, made on the board, points at pieces the
learner's picture shows and teaches rules of the rulebook; together the steps teach the core
rules (cards and movement, cities, fights and the tower, Jerusalem); every text is there in
English and German."""

from __future__ import annotations

import pytest

from spieltisch.engine.rulebook import rulebook
from spieltisch.engine.tutorial import Tutorial, play_script
from spieltisch.games.zeichen_des_kreuzes.catalog import PACKAGE
from spieltisch.games.zeichen_des_kreuzes.svg import board_moves, render_svg

from ...tutorial_checks import check_core_rules, check_learner_steps, check_words, script_of
from .helpers import GAME

# the core rules the issue names, by the ids that state them
CORE = {
    "cards and movement": {"ZK-R13", "ZK-R14", "ZK-R16"},
    "cities: pray, recruit, plunder": {"ZK-R24", "ZK-R25", "ZK-R26", "ZK-R27", "ZK-R28"},
    "fights and the tower": {"ZK-C3", "ZK-C7", "ZK-C8", "ZK-C9", "ZK-T3"},
    "Jerusalem: the siege and its commitments": {"ZK-J1", "ZK-J3", "ZK-J4", "ZK-J5"},
}


@pytest.fixture(scope="module")
def script() -> Tutorial:
    return script_of(GAME)


def test_the_script_plays_to_its_end(script: Tutorial) -> None:
    state = play_script(GAME, script)
    assert not state.is_over()
    assert script.players == 3 and script.learner == 0
    assert 8 <= len(script.learner_steps()) <= 20


def test_every_learner_step_is_legal_on_the_board_and_points_at_what_the_picture_shows(
    script: Tutorial,
) -> None:
    # the suggested move is made on the board or by its button
    check_learner_steps(GAME, script, render_svg, rulebook(PACKAGE, "en"), board_moves=board_moves)


def test_the_steps_teach_the_core_rules(script: Tutorial) -> None:
    check_core_rules(script, {r: topic for topic, ids in CORE.items() for r in ids})


def test_every_text_is_there_in_english_and_german(script: Tutorial) -> None:
    check_words(script, bots_narrated=False)
    # the bots' words come after their moves: the siege and its outcome are told
    said = " ".join(s.say.get("en", "") for s in script.steps if s.seat != script.learner)
    assert "siege" in said and "Pope" in said


def test_the_learner_defends_jerusalem_against_a_siege(script: Tutorial) -> None:
    """ZK-J3, ZK-J5: the learner, the besieger's right-hand neighbour, commits the garrison."""
    kinds = [s.action["type"] for s in script.steps if s.seat == script.learner]
    assert {"move", "plunder", "commit", "recruit", "pray", "discard", "defend"} <= set(kinds)
    state = play_script(GAME, script)
    assert state.garrison < 17 and state.sieges == 1
