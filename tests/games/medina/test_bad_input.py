"""Rejected input: illegal or malformed actions, bad options, corrupt states (MD-E25)."""

from __future__ import annotations

import copy

import pytest

from spieltisch.engine.errors import (
    IllegalAction,
    MalformedAction,
    OptionError,
    PositionError,
    SpieltischError,
    StateFormatError,
)
from spieltisch.games.medina.actions import MedinaAction

from .positions import GAME, act, build, fresh, position, position_json, started

P = [("m", 8, 6), ("w", 1, 0), ("b", "g", 3, 3), ("b", "o", 10, 3), ("r", "o")]
PAL = {"g": ("grey", None), "o": ("orange", 1)}


def base():
    return position(P, PAL)


def rejected(s, seat, action, rule=None, error=IllegalAction):
    before = s.to_json()
    with pytest.raises(error) as err:
        s.apply(seat, action)
    assert s.to_json() == before  # nothing changed
    if rule is not None:
        assert err.value.rule == rule
        assert rule in str(err.value)
    return err.value


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        (build("grey", 9, 9), "MD-R23"),
        (build("black", 4, 4), "MD-R24"),
        (build("grey", 1, 0), "MD-R22"),
        (act("roof", 10, 3), "MD-R26"),
        (act("roof", 6, 6), "MD-R26"),
        (act("stable", 12, 8), "MD-R29"),
        (act("merchant", 2, 2), "MD-R32"),
        (act("merchant", 1, 0), "MD-R31"),
        (act("wall", 5, 0), "MD-R34"),
        (act("start_merchant", 5, 5), "MD-R14"),
        (build("purple", 12, 8), "MD-D4"),  # a 2nd-edition colour in the 1st edition
        (build("pink", 12, 8), "MD-D4"),
        (act("neutral_roof", 3, 3), "MD-R53"),
        (act("discard_tea"), "MD-R58"),
        (build("grey", 30, 3), "MD-R1"),
        (act("wall", -1, -1), "MD-R1"),
    ],
)
def test_illegal_placement_names_rule(action, rule):
    rejected(base(), 0, action, rule)


def test_wrong_piece_type_and_foreign_objects():
    s = base()
    rejected(s, 0, MedinaAction("fly", 3, 4))
    rejected(s, 0, "build grey (3,4)")  # not an action object
    rejected(s, 0, MedinaAction("build", 4, 3, ""))


def test_empty_supply():
    s = position(P, PAL, supply={0: {"walls": 0, "b0": 0, "stables": 0, "merchants": 0}})
    rejected(s, 0, act("wall", 2, 0), "MD-R16")
    rejected(s, 0, build("grey", 4, 3), "MD-R16")
    rejected(s, 0, act("stable", 4, 3), "MD-R16")
    rejected(s, 0, act("merchant", 8, 7), "MD-R16")
    t = position(P, PAL, supply={0: {"roofs": 0}})
    rejected(t, 0, act("roof", 3, 3), "MD-R16")


def test_action_of_a_non_actor_and_after_the_end():
    s = base()
    rejected(s, 1, act("wall", 2, 0))
    rejected(s, 3, act("wall", 2, 0))
    rejected(s, True, act("wall", 2, 0))
    s0 = fresh(3)
    rejected(s0, 1, act("start_merchant", 5, 5))
    rejected(s0, 0, act("wall", 1, 0), "MD-R14")
    over = fresh(3, seed=4)
    while not over.is_over():
        over.apply(over.active, over.legal_actions(over.active)[-1])
    rejected(over, over.active, act("wall", 2, 0))
    # a document that says the game is over while seats can still place is refused (MD-R20)
    doc = base().to_json()
    doc["data"]["phase"] = "over"
    with pytest.raises(PositionError, match="MD-R20"):
        GAME.state_from_json(doc)


@pytest.mark.parametrize(
    "obj",
    [
        None,
        [],
        "wall",
        {},
        {"type": "fly", "cell": [1, 0]},
        {"type": "wall"},
        {"type": "wall", "cell": [1, 0], "colour": "grey"},
        {"type": "wall", "cell": [1]},
        {"type": "wall", "cell": "1,0"},
        {"type": "wall", "cell": [1.0, 0]},
        {"type": "wall", "cell": [True, 0]},
        {"type": "build", "cell": [4, 4]},
        {"type": "build", "cell": [4, 4], "colour": 3},
        {"type": "discard_tea", "cell": [1, 1]},
    ],
)
def test_malformed_action_json(obj):
    with pytest.raises(MalformedAction):
        GAME.action_from_json(obj)


def test_action_json_roundtrip():
    for a in base().legal_actions(0):
        assert GAME.action_from_json(a.to_json()) == a
    assert GAME.action_from_json({"type": "discard_tea"}) == act("discard_tea")


@pytest.mark.parametrize(
    ("players", "options", "name"),
    [
        (2, {}, "edition"),
        (2, {"edition": 1}, "edition"),
        (3, {"well_cell": [4, 4]}, "well_cell"),
        (3, {"edition": 2, "well_cell": "middle"}, "well_cell"),
        (3, {"returns_mode": "points"}, "returns_mode"),
        (3, {"nope": 1}, "nope"),
    ],
)
def test_bad_options(players, options, name):
    with pytest.raises(OptionError) as err:
        GAME.new_game(players, 0, options)
    assert name in str(err.value)


# -- corrupt states (MD-E25) --------------------------------------------------------------
def doc():
    return position_json(P, PAL)


def corrupt(mutate, rule=None):
    d = doc()
    mutate(d)
    with pytest.raises(StateFormatError) as err:
        GAME.state_from_json(d)
    if rule:
        assert rule in str(err.value)


def _piece(d, i, value):
    d["data"]["pieces"][i] = value


def test_corrupt_state_illegal_pieces():
    corrupt(lambda d: _piece(d, 1, [2, "wall", [5, 0], 0]), "MD-R34")
    corrupt(lambda d: _piece(d, 3, [4, "building", [4, 4], 2]), "MD-R24")  # next to g
    corrupt(lambda d: d["data"]["pieces"].append([9, "building", [9, 9], 1]), "MD-R23")
    corrupt(lambda d: d["data"]["pieces"].append([9, "stable", [12, 9], 2]), "MD-R29")
    corrupt(lambda d: d["data"]["pieces"].append([9, "merchant", [2, 2], 0]), "MD-R32")
    corrupt(lambda d: d["data"]["pieces"].append([9, "roof", [10, 3], 2]), "MD-R26")
    corrupt(lambda d: d["data"]["pieces"].append([9, "merchant", [5, 0], 0]), "MD-R31")
    corrupt(lambda d: _piece(d, 0, [1, "merchant", [30, 6], 0]))
    corrupt(lambda d: _piece(d, 0, [1, "tower", [8, 6], 0]))


def test_corrupt_state_ledger_and_fields():
    def supply(d):
        d["data"]["supply"][1][8] += 1

    corrupt(supply, "MD-R67")

    corrupt(lambda d: d["data"].update(phase="later"))
    corrupt(lambda d: d["data"].update(active=3))
    corrupt(lambda d: d["data"].update(palace_tiles=[1, None, None, None]), "MD-R38")
    corrupt(lambda d: d["data"].update(tower_tiles=[1, None, None, None]), "MD-R42")
    corrupt(lambda d: d["data"]["palaces"].pop())
    corrupt(lambda d: d["data"].update(well=[8, 8]), "MD-R50")
    corrupt(lambda d: d["data"].pop("supply"))
    corrupt(lambda d: d.update(data=[]))
    corrupt(lambda d: d.update(schema="other"))
    corrupt(lambda d: d["options"].update(edition=7))


def test_corrupt_state_ledger_contradicts_board():
    """MD-R67/MD-E25: the public ledger's placed counts must match the pieces on the board
    (here the supply still equals initial - placed, so only the board contradicts it)."""

    def placed(d):  # the ledger says seat 2 placed nothing, the board shows its pieces
        d["data"]["placed"][2] = [0] * 9
        d["data"]["supply"][2] = list(d["data"]["initial"][2])

    corrupt(placed)

    def roof_owner(d):  # seat 1's roof is on the board, but the palace claims seat 2 owns it
        d["data"]["palaces"][1]["owner"] = 2

    corrupt(roof_owner)


def test_corrupt_state_two_palaces_of_one_colour_for_one_seat():
    d = position_json(
        [("m", 8, 8), ("b", "g", 3, 3), ("r", "g"), ("b", "h", 10, 3)],
        {"g": ("grey", 0), "h": ("grey", None)},
    )
    d["data"]["pieces"].append([5, "roof", [10, 3], 2])
    d["data"]["palaces"][1]["owner"] = 0
    d["data"]["placed"][0][4] += 1
    d["data"]["supply"][0][4] -= 1
    with pytest.raises(StateFormatError) as err:
        GAME.state_from_json(d)
    assert "MD-R26" in str(err.value)


def test_md_e25_free_initial_supply_accepted():
    d = doc()
    d["data"]["initial"][2] = [v + 7 for v in d["data"]["initial"][2]]
    d["data"]["supply"][2] = [v + 7 for v in d["data"]["supply"][2]]
    s = GAME.state_from_json(d)
    assert s.supply[2][8] == d["data"]["supply"][2][8]
    assert GAME.state_from_json(copy.deepcopy(s.to_json())).to_json() == s.to_json()


def test_errors_are_spieltisch_errors():
    s = started(3)
    with pytest.raises(SpieltischError):
        s.apply(0, act("wall", 5, 0))
