"""The guided first game (``tutorial.json``, issue 15): it parses and plays move by move; each
of the learner's steps is a legal move of the moment, made on the board, points at pieces the
learner's picture shows and teaches rules of the rulebook; together the steps teach the core
rules (cards and movement, cities, fights and the tower, Jerusalem); every text is there in
English and German."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from spieltisch.engine.i18n import LANGUAGES
from spieltisch.engine.rulebook import RULE_ID, rulebook
from spieltisch.engine.tutorial import Tutorial, play_script, tutorial
from spieltisch.games.zeichen_des_kreuzes.catalog import PACKAGE
from spieltisch.games.zeichen_des_kreuzes.svg import board_moves, render_svg

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
    found = tutorial(GAME)
    assert found is not None
    return found


def _keys(svg: str) -> set[str]:
    root = ET.fromstring(svg.split("?>", 1)[1] if svg.startswith("<?xml") else svg)
    return {
        el.get(name, "")
        for el in root.iter()
        for name in ("data-key", "data-pick", "data-place")
        if el.get(name)
    }


def test_the_script_plays_to_its_end(script: Tutorial) -> None:
    state = play_script(GAME, script)
    assert not state.is_over()
    assert script.players == 3 and script.learner == 0
    assert 8 <= len(script.learner_steps()) <= 20


def test_every_learner_step_is_legal_on_the_board_and_points_at_what_the_picture_shows(
    script: Tutorial,
) -> None:
    rules = rulebook(PACKAGE, "en").rules
    state = script.new_game(GAME)
    for i, step in enumerate(script.steps):
        action = GAME.action_from_json(step.action)
        if step.seat == script.learner:
            legal = state.legal_actions(step.seat)
            assert action in legal, (i, step.action)
            view = state.view(step.seat)
            legal_json = [a.to_json() for a in legal]
            for lang in LANGUAGES:
                keys = _keys(render_svg(view, lang, legal_json))
                assert set(step.look) <= keys, (i, sorted(set(step.look) - keys))
                # the suggested move is made on the board or by its button
                move = board_moves(view, legal_json, lang)[legal_json.index(step.action)]
                assert move["pick"] or move["place"] or move["button"], (i, move)
            assert step.look and step.rules, i
            assert all(RULE_ID.fullmatch(r) and r in rules for r in step.rules), (i, step.rules)
        state.apply(step.seat, action)


def test_the_steps_teach_the_core_rules(script: Tutorial) -> None:
    taught = {r for step in script.steps for r in step.rules}
    for topic, ids in CORE.items():
        assert ids <= taught, (topic, sorted(ids - taught))


def test_every_text_is_there_in_english_and_german(script: Tutorial) -> None:
    texts = [script.title, script.intro, script.outro]
    for step in script.steps:
        if step.seat == script.learner:
            texts += [step.say, step.otherwise]
        elif step.say:
            texts.append(step.say)
    for words in texts:
        assert all(words.get(lang, "").strip() for lang in LANGUAGES), words
        assert words["en"] != words["de"], words["en"]
    # the bots' words come after their moves: the siege and its outcome are told
    said = " ".join(s.say.get("en", "") for s in script.steps if s.seat != script.learner)
    assert "siege" in said and "Pope" in said


def test_the_learner_defends_jerusalem_against_a_siege(script: Tutorial) -> None:
    """ZK-J3, ZK-J5: the learner, the besieger's right-hand neighbour, commits the garrison."""
    kinds = [s.action["type"] for s in script.steps if s.seat == script.learner]
    assert {"move", "plunder", "commit", "recruit", "pray", "discard", "defend"} <= set(kinds)
    state = play_script(GAME, script)
    assert state.garrison < 17 and state.sieges == 1
