"""The guided first game (``tutorial.json``): it parses, every step is a legal move of its
seat, each learner step points at keys of the picture the learner sees then and teaches
rules of the rulebook, the core rules are covered (formations and how armies compare,
completing an army, claims with their proof, winning territories), and the words are
there in English and German."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from spieltisch.engine.rulebook import rulebook
from spieltisch.engine.tutorial import Tutorial, play_script, tutorial
from spieltisch.games.kingdoms_of_crusaders.svg import render_svg

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


def _script() -> Tutorial:
    script = tutorial(GAME)
    assert script is not None
    return script


def _keys(svg: str) -> set[str]:
    root = ET.fromstring(svg.split("?>", 1)[1] if svg.startswith("<?xml") else svg)
    return {
        value
        for el in root.iter()
        for name in ("data-key", "data-pick", "data-place")
        if (value := el.get(name))
    }


def test_the_script_plays_legally_to_its_end() -> None:
    script = _script()
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
    script = _script()
    mine = script.learner_steps()
    assert 8 <= len(mine) <= 20
    for i in mine:
        state = play_script(GAME, script, i)
        step = script.steps[i]
        action = GAME.action_from_json(step.action)
        assert action in state.legal_actions(step.seat), (i, step.action)
        view = state.view(step.seat)
        legal = [a.to_json() for a in state.legal_actions(step.seat)]
        for lang in ("en", "de"):
            keys = _keys(render_svg(view, lang, legal))
            assert step.look and set(step.look) <= keys, (i, set(step.look) - keys)
        assert step.rules and all(BOOK.get(r) is not None for r in step.rules), step.rules


def test_the_core_rules_are_taught() -> None:
    taught = {r for step in _script().steps for r in step.rules}
    assert set(CORE) <= taught, {r: CORE[r] for r in set(CORE) - taught}


def test_words_in_english_and_german() -> None:
    script = _script()
    texts = [script.title, script.intro, script.outro]
    for i in script.learner_steps():
        texts += [script.steps[i].say, script.steps[i].otherwise]
    texts += [s.say for s in script.steps if s.seat != script.learner]
    for words in texts:
        assert words.get("en") and words.get("de"), words
        assert words["en"] != words["de"]
    # every bot move is narrated, so the learner knows what happened
    assert all(s.say for s in script.steps if s.seat != script.learner)
