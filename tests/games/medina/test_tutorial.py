"""The guided first game (``tutorial.json``): it parses, every step is a legal move of its
seat, each learner step points at keys of the picture the learner sees then and teaches
rules of the rulebook, the core rules are covered (palaces: buildings, colours, one
palace per colour; roofs; walls; the merchant line; palace and tower tiles and the points
of walls and merchants), and the words are there in English and German."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from spieltisch.engine.rulebook import rulebook
from spieltisch.engine.tutorial import Tutorial, play_script, tutorial
from spieltisch.games.medina.svg import render_svg

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
