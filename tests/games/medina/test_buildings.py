"""Board terms and buildings (MD-R1 to MD-R9, MD-R22 to MD-R25, MD-R28, MD-E7, MD-E12 to
MD-E14)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import StateFormatError

from .positions import (
    GAME,
    act,
    build,
    legal_cells,
    pid,
    place,
    position,
    position_json,
    rule,
    started,
)


def test_md_r1_only_city_and_wall_cells():
    s = started(3)
    assert rule(s, 0, build("grey", 18, 3)) == "MD-R1"
    assert rule(s, 0, act("wall", -1, 0)) == "MD-R1"
    assert rule(s, 0, act("wall", 0, 0)) == "MD-R34"  # a tower cell takes nothing
    assert rule(s, 0, act("merchant", 0, 0)) in ("MD-R31", "MD-R32")


def test_md_r2_inner_cells():
    s = started(3)
    b = s.board
    assert b.inner[b.cell(2, 2)] and not b.inner[b.cell(1, 5)] and not b.inner[b.cell(16, 5)]


def test_md_r3_orthogonal_adjacency_attaches():
    s = started(3)
    place(s, 0, build("grey", 4, 4))
    assert legal_cells(s, "build", "grey") == {(3, 4), (5, 4), (4, 3), (4, 5)}  # not diagonal


def test_md_r4_occupancy_and_permanence():
    s = started(3, (8, 6))
    assert rule(s, 0, build("grey", 8, 6)) == "MD-R22"  # a merchant's cell
    place(s, 0, build("grey", 4, 4))
    assert rule(s, 1, act("stable", 4, 4)) == "MD-R29"
    assert rule(s, 1, act("merchant", 4, 4)) in ("MD-R31", "MD-R32")
    place(s, 0, act("wall", 1, 0))
    assert rule(s, 1, act("wall", 1, 0)) == "MD-R34"
    before = list(s.pieces)
    for a in (act("roof", 4, 4), build("black", 10, 3), act("wall", 2, 0)):
        place(s, 1, a)
    assert s.pieces[: len(before)] == before  # nothing is moved or removed


def test_md_r5_palace_membership_and_size():
    s = position(
        [("m", 8, 6), ("b", "g", 3, 3), ("b", "g", 4, 3), ("s", "g", 3, 4), ("b", "o", 10, 3)],
        {"g": ("grey", None), "o": ("orange", None)},
    )
    g = pid(s, 3, 3)
    assert pid(s, 4, 3) == pid(s, 3, 4) == g != pid(s, 10, 3)
    assert s.size(g) == 3 and s.pal_colour[g] == 0


def test_md_r5_constructed_position_rejects_touching_palaces():
    doc = position_json(
        [("m", 8, 6), ("b", "g", 3, 3), ("r", "g"), ("b", "o", 4, 4)],
        {"g": ("grey", 0), "o": ("orange", None)},
    )
    with pytest.raises(StateFormatError) as err:
        GAME.state_from_json(doc)
    assert "MD-R24" in str(err.value)


def test_md_r6_claimed_owner_owns_colour():
    s = started(3)
    place(s, 0, build("brown", 5, 5))
    p = pid(s, 5, 5)
    assert s.pal_owner[p] == -1  # unclaimed
    place(s, 2, act("roof", 5, 5))
    assert s.pal_owner[p] == 2 and s.owns[2] == 1 << s.colours.index("brown")
    assert s.pal_roof_time[p] == s.time


def test_md_r7_expansion_square_conditions():
    s = position(
        [("m", 8, 8), ("b", "g", 3, 3), ("b", "g", 4, 3), ("s", "g", 3, 4), ("b", "o", 7, 3),
         ("r", "o")],
        {"g": ("grey", None), "o": ("orange", 1)},
    )  # fmt: skip
    g = pid(s, 3, 3)
    exp = {s.board.xy(c) for c in s.exp_cells if s.exp_owner[c] == g}
    # (b): (2,4)/(3,5) touch only the stable; (c): (5,3) is king-adjacent to nothing else
    # but (6,x) cells are next to orange; (4,4) touches building (4,3)
    assert exp == {(2, 3), (3, 2), (4, 2), (5, 3), (4, 4)}
    assert (2, 4) not in exp and (3, 5) not in exp  # (b) stable alone is not enough


def test_md_r7_c_same_colour_palaces_also_keep_apart():
    s = position(
        [("m", 8, 8), ("b", "g", 3, 3), ("r", "g"), ("b", "h", 5, 4)],
        {"g": ("grey", 0), "h": ("grey", None)},
    )
    h = pid(s, 5, 4)
    exp = {s.board.xy(c) for c in s.exp_cells if s.exp_owner[c] == h}
    assert (4, 4) not in exp and exp == {(6, 4), (5, 3), (5, 5)}


def test_md_r8_one_incomplete_palace_per_colour_and_closing():
    # grey in the corner: expansion squares (2,1) and (1,2)
    s = position([("m", 8, 8), ("b", "g", 1, 1)], {"g": ("grey", None)})
    g = pid(s, 1, 1)
    assert s.incomplete[0] == g
    place(s, 0, act("stable", 2, 1))
    assert s.incomplete[0] == g
    place(s, 0, act("stable", 1, 2))  # MD-E13: closed by a stable
    assert s.incomplete[0] == 0 and s.pal_exp[g] == 0
    assert s.view(None)["palaces"][0]["status"] == "closed"
    # the next grey building founds a new palace, not king-adjacent to the stables
    assert rule(s, 0, build("grey", 3, 2)) == "MD-R24"
    place(s, 0, build("grey", 6, 6))
    h = pid(s, 6, 6)
    assert h != g and s.incomplete[0] == h
    assert s.pal_exp[g] == 0  # a closed palace never becomes incomplete again
    # constructed positions with two incomplete grey palaces are rejected
    doc = position_json(
        [("m", 8, 8), ("b", "g", 3, 3), ("b", "h", 12, 3)],
        {"g": ("grey", None), "h": ("grey", None)},
    )
    with pytest.raises(StateFormatError):
        GAME.state_from_json(doc)


def test_md_r9_free_start_squares_ignore_merchants_and_walls():
    s = position([("m", 2, 2), ("m", 2, 3), ("w", 1, 0), ("b", "k", 10, 5)], {"k": ("black", None)})
    free = set(s.board.xy(c) for c in s.free_start)
    assert (1, 1) in free and (3, 3) in free  # next to merchants and a wall
    assert (9, 4) not in free and (11, 6) not in free and (10, 5) not in free
    assert (12, 5) in free
    assert legal_cells(s, "build", "grey") == free


def test_md_r22_building_destinations():
    s = started(3)
    assert rule(s, 0, build("grey", 5, 0)) == "MD-R22"  # a wall cell
    assert rule(s, 0, build("grey", 17, 12)) == "MD-R22"  # a tower


def test_md_r23_attach_to_incomplete_palace():
    s = started(3)
    place(s, 0, build("grey", 4, 4))
    assert rule(s, 1, build("grey", 12, 9)) == "MD-R23"
    place(s, 1, build("grey", 4, 5))
    assert pid(s, 4, 5) == pid(s, 4, 4)
    place(s, 2, build("black", 12, 9))  # other colours are independent


def test_md_r24_found_new_palace_and_md_e12_roof_first():
    s = started(3)
    place(s, 0, build("grey", 4, 4))
    s.apply(0, act("roof", 4, 4))  # MD-E12: roof first ...
    place(s, 1, build("grey", 10, 4))  # ... then a grey building founds a new palace
    assert pid(s, 10, 4) != pid(s, 4, 4)
    assert rule(s, 1, build("black", 5, 5)) == "MD-R24"  # king-adjacent to (4,4)


def test_md_r25_and_md_e14_owning_a_colour_does_not_stop_building():
    s = started(3)
    place(s, 0, build("orange", 4, 4))
    s.apply(0, act("roof", 4, 4))
    place(s, 0, build("orange", 10, 4))  # seat 0 owns orange and still builds it
    place(s, 0, build("orange", 11, 4))
    assert rule(s, 0, build("orange", 3, 9)) == "MD-R23"
    place(s, 1, act("roof", 10, 4))  # an opponent roofs what seat 0 built
    assert s.pal_owner[pid(s, 11, 4)] == 1


def test_md_r28_claimed_palace_takes_no_building():
    s = started(3)
    place(s, 0, build("grey", 4, 4))
    place(s, 0, act("roof", 4, 4))
    assert rule(s, 1, build("grey", 4, 5)) == "MD-R24"
    assert (4, 5) in legal_cells(s, "stable")


def test_md_e7_building_not_next_to_another_palace_stable():
    s = position([("m", 8, 8), ("b", "g", 3, 3), ("s", "g", 4, 3), ("r", "g")], {"g": ("grey", 0)})
    assert rule(s, 1, build("black", 5, 4)) == "MD-R24"  # king-adjacent to the stable
    assert (6, 4) in legal_cells(s, "build", "black")
