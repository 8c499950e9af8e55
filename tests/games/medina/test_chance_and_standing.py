"""Chance events scripted in public codes (MD-S2, MD-R51), the standing by the rules'
tie-breaks (MD-R64, MD-R65) and the JSON Schema of state documents."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from spieltisch.engine.errors import ChanceScriptError

from .positions import GAME, finish, position_json

ED2 = {"edition": 2}
RELEASE_0_1 = Path(__file__).parents[2] / "compat" / "release_0_1"


def test_every_chance_event_is_declared() -> None:
    """MD-R51: the well and the start merchant are the only chance of the game."""
    assert set(GAME.chance_events) == {"well", "start merchant"}
    for event in GAME.chance_events.values():
        assert event.kind == "choice" and event.rule == "MD-S2"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_setup_draws_are_scripted_from_the_first_draw_on(players: int) -> None:
    """MD-S2: the well and the start merchant on the squares the script names."""
    s = GAME.new_game(players, 3, ED2, chance_script={"well": [[6, 5]], "start merchant": [[9, 7]]})
    assert s.view(None)["well"] == [6, 5]
    assert s.events[0] == {"type": "setup", "well": [6, 5], "start_merchant": [9, 7]}
    # one event scripted, the other drawn from the seed as ever
    t = GAME.new_game(players, 3, ED2, chance_script={"start merchant": [[9, 7]]})
    assert t.well == GAME.new_game(players, 3, ED2).well
    assert t.events[0]["start_merchant"] == [9, 7]


def test_a_bad_scripted_outcome_is_named() -> None:
    with pytest.raises(ChanceScriptError, match="inner square"):
        GAME.new_game(3, 0, ED2, chance_script={"well": [[1, 1]]})
    with pytest.raises(ChanceScriptError, match=r"\[x, y\]"):
        GAME.new_game(3, 0, ED2, chance_script={"well": ["middle"]})
    with pytest.raises(ChanceScriptError, match="1st edition"):
        GAME.new_game(3, 0, {}, chance_script={"well": [[5, 5]]})
    with pytest.raises(ChanceScriptError, match="no chance event 'dice'"):
        GAME.new_game(3, 0, ED2, chance_script={"dice": [3]})
    with pytest.raises(ValueError, match="start merchant"):  # on the well: not possible
        GAME.new_game(3, 0, ED2, chance_script={"well": [[6, 5]], "start merchant": [[6, 5]]})


def _over(pieces: list[tuple[Any, ...]], palaces: dict[str, Any], **kw: Any) -> Any:
    return GAME.state_from_json(finish(position_json(pieces, palaces, **kw), keep=()))


def test_standing_follows_the_tie_breaks() -> None:
    """MD-R65: score, then the largest palace (MD-R64 1), then its earlier claim (MD-R64 2);
    seats equal on all three share a place."""
    s = _over(
        [("m", 8, 8), ("b", "g", 3, 3), ("b", "g", 4, 3), ("r", "g"), ("b", "k", 10, 5),
         ("r", "k")],
        {"g": ("grey", 0), "k": ("black", 1)},
        palace_tiles={"grey": "g", "black": "k"},
    )  # fmt: skip
    assert s.scores() == [3.0, 3.0, 0.0]
    assert s.standing() == [[0], [1], [2]]  # seat 0's largest palace has 2 pieces
    u = _over(
        [("m", 8, 8), ("b", "g", 3, 3), ("b", "k", 10, 5), ("r", "k"), ("r", "g")],
        {"g": ("grey", 0), "k": ("black", 1)},
    )
    assert u.scores()[:2] == [1.0, 1.0]
    assert u.standing() == [[1], [0], [2]]  # equal size 1: seat 1 roofed earlier
    assert u.winners() == [1]
    nobody = _over([("m", 8, 8)], {})
    assert nobody.standing() == [[0, 1, 2]]  # MD-R64 3: nobody owns a palace


def _validator() -> Any:
    schema = GAME.state_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_documents_of_release_0_1_and_of_fresh_games_validate() -> None:
    validator = _validator()
    for path in sorted(RELEASE_0_1.glob("medina-*.json")):
        saved = json.loads(path.read_text("utf-8"))
        for key in ("middle", "end"):
            errors = list(validator.iter_errors(saved[key]["state"]))
            assert not errors, f"{path.name} {key}: {errors[0].message}"
    for players, options in ((3, {}), (4, {}), (2, ED2), (3, ED2), (4, ED2)):
        s = GAME.new_game(players, 1, options)
        rng = random.Random(1)
        step = 0
        while True:
            if step % 25 == 0 or s.is_over():
                errors = list(validator.iter_errors(json.loads(json.dumps(s.to_json()))))
                assert not errors, f"{players} {options} {step}: {errors[0].message}"
            if s.is_over():
                break
            s.apply(s.active, rng.choice(s.legal_actions(s.active)))
            step += 1


def test_the_schema_is_precise() -> None:
    validator = _validator()
    doc = GAME.new_game(3, 0).to_json()
    for change in (
        {"phase": "later"},
        {"quota": 3},
        {"palace_tiles": [None, None, None]},
        {"pieces": [[1, "tower", [8, 6], 0]]},
        {"supply": [[1] * 8] * 3},
        {"extra": 1},
    ):
        bad = json.loads(json.dumps(doc))
        bad["data"].update(change)
        assert list(validator.iter_errors(bad)), change
