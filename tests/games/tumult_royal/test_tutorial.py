"""The guided first game (issue 15, ``tutorial.json``): it parses, every scripted move is
legal in turn, each learner step's action is among its legal moves, the pieces it points at
are in the learner's picture in both languages, the rules it cites exist, and the steps
teach the core rules: the grab (ticks, taking tiles), tumults, building with statues,
ranks and the chronicle."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from spieltisch.engine.rulebook import rulebook
from spieltisch.engine.tutorial import play_script, tutorial
from spieltisch.games.tumult_royal.names import PACKAGE
from spieltisch.games.tumult_royal.svg import board_moves, render_svg

from .helpers import GAME

CORE = {
    # the grab: ticks, one action each, peek / keep / put back / done
    "TR-G1",
    "TR-G6",
    "TR-G7",
    # tumults: too little left, the greediest, the punishment
    "TR-R9",
    "TR-R11",
    "TR-R12",
    # building: statues on free fields, adjacency, payment and overpaying, statues per field
    "TR-S7",
    "TR-R16",
    "TR-R17",
    "TR-R18",
    "TR-R19",
    "TR-R20",
    # ranks
    "TR-R23",
    # the chronicle and its end check
    "TR-R25",
    "TR-R26",
}


def script():  # type: ignore[no-untyped-def]
    found = tutorial(GAME)
    assert found is not None
    return found


def _keys(svg: str) -> set[str]:
    root = ET.fromstring(svg.split("?>", 1)[1])
    out = set()
    for el in root.iter():
        for name in ("data-key", "data-pick", "data-place"):
            if el.get(name):
                out.add(el.get(name) or "")
    return out


def test_the_tutorial_plays_to_its_end() -> None:
    t = script()
    assert t.players == 2 and t.learner == 0
    state = play_script(GAME, t)
    assert not state.is_over()  # the game goes on against the bot
    assert 8 <= len(t.learner_steps()) <= 20
    for step in t.steps:  # the page compares the moves played with the script's JSON
        assert GAME.action_from_json(step.action).to_json() == step.action


def test_every_learner_step_is_legal_and_points_at_the_picture() -> None:
    t = script()
    book = set(rulebook(PACKAGE, "en").rules)
    for i in t.learner_steps():
        step = t.steps[i]
        state = play_script(GAME, t, i)
        action = GAME.action_from_json(step.action)
        assert action in state.legal_actions(step.seat), (i, step.action)
        view = state.view(step.seat)
        legal = [a.to_json() for a in state.legal_actions(step.seat)]
        for lang in ("en", "de"):
            keys = _keys(render_svg(view, lang, legal))
            assert step.look and set(step.look) <= keys, (i, set(step.look) - keys)
        moves = board_moves(view, legal, "en")
        move = moves[legal.index(step.action)]
        assert move["pick"] or move["place"] or move["button"]  # the page can show it
        assert step.rules and set(step.rules) <= book, (i, step.rules)


def test_texts_in_both_languages() -> None:
    t = script()
    for texts in (t.title, t.intro, t.outro):
        assert texts["en"] and texts["de"] and texts["en"] != texts["de"]
    for i, step in enumerate(t.steps):
        book = set(rulebook(PACKAGE, "en").rules)
        assert set(step.rules) <= book, (i, step.rules)
        if step.seat == t.learner:
            for texts in (step.say, step.otherwise):
                assert texts["en"] and texts["de"] and texts["en"] != texts["de"], i
            sentences = step.say["en"].count(". ") + 1
            assert sentences <= 4, (i, step.say["en"])
        elif step.say:
            assert step.say["en"] != step.say["de"], i


def test_the_steps_teach_the_core_rules() -> None:
    taught = {rule for step in script().steps for rule in step.rules}
    assert taught >= CORE, sorted(CORE - taught)
    kinds = {step.action["type"] for step in script().steps if step.seat == 0}
    assert {"place_start", "peek", "keep", "put_back", "done", "build", "end_turn"} <= kinds
