"""Colour retirement (MD-R36, MD-R37, MD-E15, MD-E16)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction

from .positions import act, build, legal_cells, pid, place, position

PIECES = [
    ("m", 8, 8),
    ("b", "c", 1, 1),  # a closed grey palace
    ("s", "c", 2, 1),
    ("s", "c", 1, 2),
    ("b", "g0", 5, 4),
    ("r", "g0"),
    ("b", "g1", 10, 4),
    ("r", "g1"),
    ("b", "g2", 5, 9),  # incomplete
    ("w", 1, 0),
]
PAL = {
    "c": ("grey", None),
    "g0": ("grey", 0),
    "g1": ("grey", 1),
    "g2": ("grey", None),
}


def setup(edition=1, **kw):
    if edition == 2:  # the start merchant is part of the 2nd-edition setup
        opts = {"edition": 2, "well_cell": [13, 8], "start_merchant_cell": [8, 8]}
        return position(PIECES[1:], PAL, options=opts, active=2, **kw)
    return position(PIECES, PAL, active=2, **kw)


def test_md_r36_retirement_returns_buildings():
    s = setup(supply={1: {"b0": 3}})
    assert s.retired == 0
    before = [row[0] for row in s.supply]
    s.apply(2, act("roof", 5, 9))
    assert s.retired == 1
    assert [row[0] for row in s.supply] == [0, 0, 0]
    assert [row[0] for row in s.removed] == before
    assert {"type": "retire", "colour": "grey"} in s.events
    assert all(s.supply[i] == s.ledger_supply(i) for i in range(3))


def test_md_r37_and_md_e15_retirement_mid_turn():
    s = setup(supply={1: {"b0": 3, "b1": 0, "b2": 0, "b3": 0, "roofs": 0, "stables": 0,
                          "merchants": 0, "walls": 0}})  # fmt: skip
    s.apply(2, act("roof", 5, 9))
    assert s.active == 2
    assert "grey" not in {a.colour for a in s.legal_actions(2)}
    with pytest.raises(IllegalAction) as err:
        s.apply(2, build("grey", 12, 9))
    assert err.value.rule == "MD-R37"
    s.apply(2, act("wall", 2, 0))
    s.apply(0, act("wall", 3, 0))
    s.apply(0, act("wall", 4, 0))
    assert s.active == 2  # seat 1 held only grey buildings: it passes
    assert {"type": "pass", "seat": 1} in s.events


def test_md_e16_dead_unclaimed_palace():
    s = setup()
    s.apply(2, act("roof", 5, 9))
    c = pid(s, 1, 1)
    assert c in s.unclaimed
    for seat in range(3):
        assert s.roof_targets(seat) == []
    # the wall (1,0) touches it but scores for nobody
    assert s.scores() == [float(s.breakdown()[i]["total"]) for i in range(3)]
    assert all(all(p["palace"] != c for p in b["palaces"]) for b in s.breakdown())


def test_md_e16_second_edition_neutral_roof_still_claims():
    s = setup(edition=2)
    s.apply(2, act("roof", 5, 9))
    assert s.retired == 1
    assert (1, 1) in legal_cells(s, "neutral_roof")
    place(s, 0, act("neutral_roof", 1, 1))
    assert s.pal_owner[pid(s, 1, 1)] == -2
