"""Shared checks of a game's guided first game (``tutorial.json``, ``engine/tutorial.py``)
for the per-game tutorial tests: the script parses, every learner step is a legal move of
its moment whose ``look`` keys are in the learner's picture in every language and whose
``rules`` are in the rulebook, the core rules are taught, and every text is there in English
and German. Each game's test keeps its own assertions (end positions, counts of steps)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from spieltisch.engine.game import Game
from spieltisch.engine.i18n import LANGUAGES
from spieltisch.engine.rulebook import RULE_ID, Rulebook
from spieltisch.engine.tutorial import Tutorial, tutorial

RenderSvg = Callable[[dict[str, Any], str, Sequence[dict[str, Any]]], str]
BoardMoves = Callable[[dict[str, Any], Sequence[dict[str, Any]], str], list[dict[str, Any]]]


def script_of(game: Game) -> Tutorial:
    """The game's tutorial, parsed (it has one)."""
    found = tutorial(game)
    assert found is not None, f"{game.id} has no tutorial.json"
    return found


def picture_keys(svg: str) -> set[str]:
    """Every ``data-key``, ``data-pick`` and ``data-place`` value of the picture ``svg``."""
    root = ET.fromstring(svg.split("?>", 1)[1] if svg.startswith("<?xml") else svg)
    return {
        value
        for el in root.iter()
        for name in ("data-key", "data-pick", "data-place")
        if (value := el.get(name))
    }


def check_learner_steps(
    game: Game,
    script: Tutorial,
    render_svg: RenderSvg,
    rulebook: Rulebook,
    board_moves: BoardMoves | None = None,
) -> None:
    """Plays the script step by step; at each learner step its action is among the seat's
    legal moves, it names keys to look at and all of them are in the picture the learner
    sees then (drawn with the legal moves) in every language, and it names rules, each a
    rule id of ``rulebook``. With ``board_moves``, the suggested move is also made on the
    board or by its button in every language."""
    state = script.new_game(game)
    for i, step in enumerate(script.steps):
        action = game.action_from_json(step.action)
        if step.seat == script.learner:
            legal = state.legal_actions(step.seat)
            assert action in legal, (i, step.action)
            view = state.view(step.seat)
            legal_json = [a.to_json() for a in legal]
            assert step.look, (i, "looks at nothing")
            for lang in LANGUAGES:
                keys = picture_keys(render_svg(view, lang, legal_json))
                assert set(step.look) <= keys, (i, lang, sorted(set(step.look) - keys))
                if board_moves is not None:
                    move = board_moves(view, legal_json, lang)[legal_json.index(step.action)]
                    assert move["pick"] or move["place"] or move["button"], (i, lang, move)
            assert step.rules, (i, "teaches no rule")
            assert all(RULE_ID.fullmatch(r) and rulebook.get(r) is not None for r in step.rules), (
                i,
                step.rules,
            )
        state.apply(step.seat, action)


def check_core_rules(script: Tutorial, core: Mapping[str, str]) -> None:
    """Every rule id of ``core`` (id -> what it is about) is taught by some step."""
    taught = {r for step in script.steps for r in step.rules}
    missing = set(core) - taught
    assert not missing, {r: core[r] for r in sorted(missing)}


def check_words(script: Tutorial, bots_narrated: bool) -> None:
    """The title, intro and outro, every learner step's ``say`` and ``otherwise`` and every
    bot step's ``say`` are there in every language (not blank) and differ between English
    and German. With ``bots_narrated`` every bot move has words, so the learner knows what
    happened; otherwise a bot step may be silent."""
    texts = [script.title, script.intro, script.outro]
    for step in script.steps:
        if step.seat == script.learner:
            texts += [step.say, step.otherwise]
        elif step.say or bots_narrated:
            texts.append(step.say)
    for words in texts:
        assert all(words.get(lang, "").strip() for lang in LANGUAGES), words
        assert words["en"] != words["de"], words["en"]
