"""The guided first game (issue 15, ``tutorial.json``): it parses, every scripted move is
legal in turn, each learner step's action is among its legal moves, the pieces it points at
are in the learner's picture in both languages, the rules it cites exist, and the steps
teach the core rules: the grab (ticks, taking tiles), tumults, building with statues,
ranks and the chronicle."""

from __future__ import annotations

from spieltisch.engine.rulebook import rulebook
from spieltisch.engine.tutorial import play_script
from spieltisch.games.tumult_royal.names import PACKAGE
from spieltisch.games.tumult_royal.svg import board_moves, render_svg

from ...tutorial_checks import check_core_rules, check_learner_steps, check_words, script_of
from .helpers import GAME

CORE = {
    "the grab: ticks, one action each, peek / keep / put back / done": {
        "TR-G1",
        "TR-G6",
        "TR-G7",
    },
    "tumults: too little left, the greediest, the punishment": {"TR-R9", "TR-R11", "TR-R12"},
    "building: statues on free fields, adjacency, payment and overpaying, statues per field": {
        "TR-S7",
        "TR-R16",
        "TR-R17",
        "TR-R18",
        "TR-R19",
        "TR-R20",
    },
    "ranks": {"TR-R23"},
    "the chronicle and its end check": {"TR-R25", "TR-R26"},
}


def test_the_tutorial_plays_to_its_end() -> None:
    t = script_of(GAME)
    assert t.players == 2 and t.learner == 0
    state = play_script(GAME, t)
    assert not state.is_over()  # the game goes on against the bot
    assert 8 <= len(t.learner_steps()) <= 20
    for step in t.steps:  # the page compares the moves played with the script's JSON
        assert GAME.action_from_json(step.action).to_json() == step.action


def test_every_learner_step_is_legal_and_points_at_the_picture() -> None:
    # the page can show each suggested move: it is made on the board or by its button
    check_learner_steps(
        GAME, script_of(GAME), render_svg, rulebook(PACKAGE, "en"), board_moves=board_moves
    )


def test_texts_in_both_languages() -> None:
    t = script_of(GAME)
    check_words(t, bots_narrated=False)
    book = set(rulebook(PACKAGE, "en").rules)
    for i, step in enumerate(t.steps):
        assert set(step.rules) <= book, (i, step.rules)
        if step.seat == t.learner:
            sentences = step.say["en"].count(". ") + 1
            assert sentences <= 4, (i, step.say["en"])


def test_the_steps_teach_the_core_rules() -> None:
    check_core_rules(script_of(GAME), {r: topic for topic, ids in CORE.items() for r in ids})
    kinds = {step.action["type"] for step in script_of(GAME).steps if step.seat == 0}
    assert {"place_start", "peek", "keep", "put_back", "done", "build", "end_turn"} <= kinds
