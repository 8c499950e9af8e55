"""Roofs (MD-R26, MD-R27, MD-E2, MD-E18)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction

from .positions import act, build, force_turn, legal_cells, pid, place, position, started


def test_md_r26_roof_unclaimed_palace_of_unowned_colour():
    s = position(
        [("m", 8, 8), ("b", "g", 3, 3), ("r", "g"), ("b", "h", 10, 3), ("b", "k", 3, 9)],
        {"g": ("grey", 0), "h": ("grey", None), "k": ("black", None)},
    )
    assert legal_cells(s, "roof", seat=0) == {(3, 9)}  # seat 0 owns grey
    force_turn(s, 1)
    assert legal_cells(s, "roof", seat=1) == {(10, 3), (3, 9)}
    with pytest.raises(IllegalAction) as err:
        place(s.clone(), 0, act("roof", 10, 3))
    assert err.value.rule == "MD-R26"
    with pytest.raises(IllegalAction) as err:
        place(s.clone(), 1, act("roof", 3, 3))  # already claimed
    assert err.value.rule == "MD-R26"
    with pytest.raises(IllegalAction) as err:
        place(s.clone(), 1, act("roof", 5, 5))  # no palace there
    assert err.value.rule == "MD-R26"
    place(s, 1, act("roof", 10, 3))
    h = pid(s, 10, 3)
    assert s.pal_owner[h] == 1 and s.pal_roof_time[h] == s.time


def test_md_r26_closed_palace_can_be_roofed():
    s = position(
        [("m", 8, 8), ("b", "g", 1, 1), ("s", "g", 2, 1), ("s", "g", 1, 2)], {"g": ("grey", None)}
    )
    assert s.incomplete[0] == 0
    assert legal_cells(s, "roof") == {(1, 1)}


def test_md_r27_one_building_palace_and_two_roofs():
    s = started(3)
    place(s, 0, build("grey", 4, 4))
    place(s, 1, build("black", 10, 4))
    place(s, 2, act("roof", 4, 4))  # size 1
    s.apply(2, act("roof", 10, 4))  # second roof in the same turn, other colour
    assert s.owns[2] == 0b11 and s.active == 0


def test_md_e2_roofs_without_target():
    s = position([("m", 8, 8), ("b", "g", 3, 3), ("r", "g"), ("b", "h", 10, 3)],
                 {"g": ("grey", 0), "h": ("grey", None)})  # fmt: skip
    assert s.roof_targets(0) == []
    assert "roof" not in {a.kind for a in s.legal_actions(0)}
    place(s, 1, build("brown", 3, 9))  # a colour seat 0 lacks appears
    assert s.roof_targets(0) == [pid(s, 3, 9)]


def test_md_e18_two_roofs_one_turn_never_compete():
    s = position(
        [("m", 8, 8), ("b", "g", 3, 3), ("b", "k", 10, 3), ("b", "k", 11, 3)],
        {"g": ("grey", None), "k": ("black", None)},
    )
    s.apply(0, act("roof", 3, 3))
    s.apply(0, act("roof", 10, 3))
    assert s.palace_tile[:2] == [pid(s, 3, 3), pid(s, 10, 3)]
