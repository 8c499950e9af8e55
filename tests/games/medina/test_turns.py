"""Turns, compulsion, passing and the end (MD-R15 to MD-R21, MD-E19)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction
from spieltisch.games.medina.actions import KINDS

from .positions import act, build, legal, pid, position, started

ZERO = {
    "b0": 0, "b1": 0, "b2": 0, "b3": 0, "roofs": 0, "neutral_roofs": 0,
    "stables": 0, "merchants": 0, "walls": 0,
}  # fmt: skip


def only(**kw):
    return {**ZERO, **kw}


def test_md_r15_two_placements_then_next_seat():
    s = started(3)
    s.apply(0, act("wall", 1, 0))
    assert (s.active, s.turn_placements) == (0, 1)
    s.apply(0, act("wall", 2, 0))
    assert (s.active, s.turn_placements, s.quota) == (1, 0, 2)


def test_md_r16_any_mix_and_md_r17_sequential():
    s = started(3)
    # found a palace, then roof it in the same turn (MD-R17)
    s.apply(0, build("grey", 4, 4))
    assert act("roof", 4, 4) in legal(s)
    s.apply(0, act("roof", 4, 4))
    assert s.pal_owner[pid(s, 4, 4)] == 0 and s.active == 1
    # a building and a wall; two buildings of different colours
    s.apply(1, build("black", 10, 4))
    s.apply(1, act("wall", 1, 0))
    s.apply(2, build("brown", 4, 8))
    s.apply(2, build("orange", 12, 8))
    assert s.active == 0


def test_md_r16_two_roofs_in_one_turn():  # also MD-R27
    s = position(
        [("m", 8, 6), ("b", "g", 3, 3), ("b", "k", 12, 3)],
        {"g": ("grey", None), "k": ("black", None)},
    )
    s.apply(0, act("roof", 3, 3))
    s.apply(0, act("roof", 12, 3))
    assert s.owns[0] == 0b11 and s.active == 1


def test_md_r16_has_placement_per_colour_and_md_e1_blocked_colour():
    # four row palaces leave no free start square anywhere; grey is claimed by seat 1
    pieces = [("m", 8, 6)]
    palaces = {}
    for label, colour, y in (("g", "grey", 2), ("k", "black", 5), ("n", "brown", 8),
                             ("o", "orange", 11)):  # fmt: skip
        palaces[label] = (colour, 1 if label == "g" else None)
        pieces += [("b", label, x, y, 1) for x in range(1, 17)]
    pieces.append(("r", "g"))
    s = position(pieces, palaces, supply={0: only(b0=3)})
    assert s.free_start == [] and s.incomplete[0] == 0
    assert s.building_cells(0) == []  # MD-E1: grey is blocked for good
    assert not s.has_placement(0)
    s2 = position(pieces, palaces, supply={0: only(b0=3, b1=1)})
    acts = legal(s2)
    assert acts and {(a.kind, a.colour) for a in acts} == {("build", "black")}


def test_md_r18_turn_ends_early_without_legal_placement():
    s = position([("m", 8, 6)], supply={0: only(walls=1)})
    s.apply(0, act("wall", 1, 0))
    assert s.active == 1 and s.turn_placements == 0
    assert s.first_turn_done[0]


def test_md_r18_no_voluntary_pass():
    s = started(3)
    assert all(a.kind != "pass" for a in legal(s))
    s.apply(0, act("wall", 1, 0))
    assert s.active == 0  # still has legal placements, so must place again
    assert all(a.kind in KINDS for a in legal(s))


def test_md_r19_automatic_pass_and_md_e19_return():
    s = position([("m", 8, 6)], supply={1: only(roofs=1)})
    assert not s.has_placement(1)
    s.apply(0, act("wall", 1, 0))
    s.apply(0, act("wall", 2, 0))
    assert s.active == 2  # seat 1 passed automatically
    assert {"type": "pass", "seat": 1} in s.events
    s.apply(2, build("grey", 5, 5))  # now seat 1 has a roof target
    s.apply(2, act("wall", 3, 0))
    s.apply(0, act("wall", 4, 0))
    s.apply(0, act("wall", 5, 0))
    assert s.active == 1  # MD-E19: skipped, not eliminated
    assert legal(s) == [act("roof", 5, 5)]


def test_md_r20_normal_end():
    s = position([("m", 8, 6)], supply={0: only(walls=1), 1: only(), 2: only()})
    s.apply(0, act("wall", 1, 0))
    assert s.is_over() and s.actors() == () and s.legal_actions(0) == []
    assert s.events[-1]["type"] == "end"
    with pytest.raises(IllegalAction):
        s.apply(0, act("wall", 2, 0))


def test_md_r20_blocked_end_leftovers_score_nothing():
    sup = {0: only(walls=1, roofs=4, stables=2), 1: only(roofs=4), 2: only(roofs=4)}
    s = position([("m", 8, 6)], supply=sup)
    before = s.scores()
    s.apply(0, act("wall", 1, 0))
    assert s.is_over()
    assert s.scores() == before == [0.0, 0.0, 0.0]
    assert s.winners() == [0, 1, 2]  # nobody owns a palace: all tied (MD-R64 step 3)


def test_md_r21_legal_action_order_and_canonical_roof():
    s = position(
        [("m", 5, 6), ("m", 4, 6), ("b", "g", 4, 3), ("b", "g", 3, 3), ("b", "o", 10, 8),
         ("w", 1, 0)],
        {"g": ("grey", None), "o": ("orange", None)},
        data={"tea_pool": 0},
    )  # fmt: skip
    acts = legal(s)
    colours = s.colours

    def key(a):
        return (KINDS.index(a.kind), colours.index(a.colour) if a.colour else -1, a.y, a.x)

    assert acts == sorted(acts, key=key)
    assert len(set(acts)) == len(acts)
    roofs = [a for a in acts if a.kind == "roof"]
    assert roofs == [act("roof", 3, 3), act("roof", 10, 8)]  # canonical = row-major smallest
    c = s.clone()
    c.apply(0, act("roof", 4, 3))  # any other building cell of the palace is accepted
    d = s.clone()
    d.apply(0, act("roof", 3, 3))
    assert c.pal_owner == d.pal_owner
    # "the same action": the resulting positions are identical (only the move record
    # keeps the cell as given)
    assert c.to_json()["data"] == d.to_json()["data"]


def test_md_r21_one_actor_with_a_legal_action():
    import random

    from .positions import fresh

    rng = random.Random(3)
    for players, opts in ((3, {}), (2, {"edition": 2})):
        s = fresh(players, **opts)
        steps = 0
        while not s.is_over() and steps < 400:
            assert len(s.actors()) == 1
            acts = s.legal_actions(s.actors()[0])
            assert acts
            s.apply(s.actors()[0], rng.choice(acts))
            steps += 1
        assert s.is_over()
