"""Positions anyone can write (issue 16): ``from_position`` / ``to_position`` in the Medina
notation (``docs/positions/medina.md``), the checks that refuse a position that cannot
happen (``rebuild.py``, shared with ``state_from_json``), and normalization (MD-R18 to
MD-R20)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from spieltisch.engine.errors import PositionError
from spieltisch.games.medina.data import default_ruleset
from spieltisch.games.medina.state import MedinaState

from .positions import GAME, position_json
from .test_notation import P1

DOC = Path(__file__).parents[3] / "docs" / "positions" / "medina.md"


def worked_example() -> str:
    section = DOC.read_text("utf-8").split("## Worked example", 1)[1]
    return section.split("```\n", 2)[1]


def test_the_worked_example_loads_as_documented() -> None:
    text = worked_example()
    s = GAME.from_position(text)
    assert isinstance(s, MedinaState)
    assert s.to_position() == text
    assert s.actors() == (0,) and s.quota == 2 and len(s.legal_actions(0)) == 46
    assert s.scores() == [0.0, 18.0, 0.0]  # MD-R60 to MD-R63
    seat_1 = s.breakdown()[1]
    assert [p["total"] for p in seat_1["palaces"]] == [7, 2, 1]
    assert (seat_1["palace_tiles"], seat_1["tower_tiles"]) == (6, 2)
    assert s.tea == [0, 3, 0] and s.tea_pool == 3 and s.received[1] == 2  # MD-R56, MD-R57
    with pytest.raises(ValueError):
        s.record()  # a position is not a game played from a seed


def test_positions_of_played_games_round_trip() -> None:
    for players, options in ((3, {}), (4, {"edition": 2}), (2, {"edition": 2})):
        s = GAME.new_game(players, 5, options)
        rng = random.Random(5)
        while not s.is_over():
            text = s.to_position()
            back = GAME.from_position(text)
            assert back.to_position() == text
            assert back.actors() == s.actors()
            assert back.legal_actions(s.active) == s.legal_actions(s.active)
            s.apply(s.active, rng.choice(s.legal_actions(s.active)))
        assert GAME.from_position(s.to_position()).winners() == s.winners()


def refused(text: str, *words: str) -> str:
    with pytest.raises(PositionError) as err:
        GAME.from_position(text)
    message = str(err.value)
    for word in words:
        assert word in message, message
    return message


def test_a_position_that_cannot_happen_is_refused_with_its_rule() -> None:
    # MD-R14: the start merchant comes before every piece
    refused(P1.replace("phase=turn", "phase=start_merchant"), "MD-R14")
    # MD-R52: a 1st-edition turn has two pieces; MD-R15: a quota not used up yet
    refused(P1.replace("quota=2", "quota=1"), "quota of 2", "MD-R52")
    refused(P1.replace("placed=0", "placed=2"), "MD-R15")
    # MD-R20: the game is over only when nobody can place
    refused(P1.replace("phase=turn", "phase=over"), "MD-R20")
    # MD-R57: every tea tile in one place (the 1st edition has none)
    refused(P1.replace("pool tea=0", "pool tea=2"), "line 17", "tea tiles", "MD-R57")
    # MD-R56: tower merchants exist only in the 2nd edition
    refused(P1.replace("towers=0,0,0,0", "towers=1,0,0,0"), "MD-R56")
    # MD-R36: buildings go back to the box only when their colour retires
    refused(
        P1.replace("seat 2 supply=g6,", "seat 2 supply=g5,").replace(
            "seat 2 supply=g5,k6,n6,o6,r4,x0,s4,m8,w10 tea=0",
            "seat 2 supply=g5,k6,n6,o6,r4,x0,s4,m8,w10 removed=g1 tea=0",
        ),
        "MD-R36",
    )
    # MD-R38: a palace tile lies on a claimed palace of its colour
    refused(P1.replace("tiles g=-", "tiles g=3,3"), "MD-R38")


def test_state_documents_are_refused_by_the_same_checks() -> None:
    doc = GAME.from_position(P1).to_json()
    for change, rule in (
        ({"phase": "over"}, "MD-R20"),
        ({"quota": 1}, "MD-R52"),
        ({"tea_box": 1}, "MD-R57"),
        ({"tower_merchants": [0, 0, 1, 0]}, "MD-R56"),
        ({"purple_roofs": 1}, "MD-R57"),
    ):
        bad = copy.deepcopy(doc)
        bad["data"].update(change)
        with pytest.raises(PositionError, match=rule):
            GAME.state_from_json(bad)


def _stuck(**changes: Any) -> dict[str, Any]:
    """Seat 0 to place with nothing left that fits: only walls, and the wall ring full up
    to its gates (every wall cell next to two walls or towers is refused, MD-R34)."""
    doc = position_json(
        [("m", 8, 6), ("w", 1, 0), ("b", "g", 3, 3)],
        {"g": ("grey", None)},
        supply={0: {"b0": 0, "b1": 0, "b2": 0, "b3": 0, "roofs": 0, "stables": 0,
                    "merchants": 0, "walls": 0}},
    )  # fmt: skip
    doc["data"].update(changes)
    return doc


def test_a_loaded_position_whose_actor_cannot_place_is_normalized() -> None:
    """MD-R19: a seat that cannot place passes (logged); its turn goes to the next seat."""
    s = GAME.state_from_json(_stuck())
    assert s.actors() == (1,) and s.turn_placements == 0
    assert s.events[-1] == {"type": "pass", "seat": 0}
    # MD-R18: a turn whose seat can place no more after its first piece ends
    t = GAME.state_from_json(_stuck(turn_placements=1))
    assert t.actors() == (1,) and t.first_turn_done[0]
    # a position written by hand is normalized alike
    assert GAME.from_position(GAME.state_from_json(_stuck()).to_position()).actors() == (1,)


def test_a_position_where_nobody_can_place_ends_the_game() -> None:
    """MD-R20: normalizing a position in which no seat can place ends the game."""
    doc = _stuck()
    for row, initial in zip(doc["data"]["supply"], doc["data"]["initial"], strict=True):
        for i, left in enumerate(row):
            initial[i] -= left
            row[i] = 0
    s = GAME.state_from_json(doc)
    assert s.is_over() and s.actors() == ()
    assert s.events[-1]["type"] == "end"


def test_bad_text_is_a_position_error() -> None:
    refused("", "empty")
    refused("chess/1 e4", "medina/1")
    with pytest.raises(PositionError):
        GAME.from_position(None)  # type: ignore[arg-type]
    refused(P1.replace("w3,0", "w3,0 w4,0@1"), "time 1")
    refused(P1.replace("r0:10,2", "r0:10,2 r1:10,2"), "already has a roof")


def test_a_custom_ruleset_has_no_notation() -> None:
    """The notation covers the default numbers (MD-D9) only, and says so."""
    custom = json.loads(default_ruleset().raw)
    s = GAME.new_game(3, 0, {"ruleset_data": custom})
    with pytest.raises(PositionError, match="default ruleset"):
        s.to_position()
