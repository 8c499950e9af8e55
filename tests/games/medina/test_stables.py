"""Stables (MD-R29, MD-R30, MD-E7, MD-E8, MD-E13)."""

from __future__ import annotations

from .positions import act, legal_cells, pid, place, position, rule

BASE = [("m", 8, 8), ("b", "g", 3, 3), ("b", "g", 4, 3), ("b", "o", 10, 3), ("r", "o")]
PAL = {"g": ("grey", None), "o": ("orange", 1)}


def test_md_r29_stable_on_expansion_square_of_any_palace():
    s = position(BASE, PAL)
    g, o = pid(s, 3, 3), pid(s, 10, 3)
    ok = legal_cells(s, "stable")
    assert {(2, 3), (5, 3), (10, 2), (11, 3)} <= ok
    place(s, 2, act("stable", 11, 3))  # claimed by another seat: allowed
    place(s, 0, act("stable", 5, 3))
    assert s.exp_owner[s.board.cell(6, 3)] == 0  # (6,3): next to the stable only
    assert pid(s, 11, 3) == o and pid(s, 5, 3) == g
    assert rule(s, 0, act("stable", 12, 3)) == "MD-R29"  # only next to a stable
    assert rule(s, 0, act("stable", 7, 7)) == "MD-R29"  # next to nothing


def test_md_r29_no_stable_on_closed_unclaimed_palace():
    s = position(
        [("m", 8, 8), ("b", "g", 1, 1), ("s", "g", 2, 1), ("s", "g", 1, 2)], {"g": ("grey", None)}
    )
    assert legal_cells(s, "stable") == set()
    assert rule(s, 0, act("stable", 2, 2)) == "MD-R29"


def test_md_r30_stables_count_no_limit_and_close():
    s = position([("m", 8, 8), ("b", "g", 5, 5), ("r", "g")], {"g": ("grey", 0)},
                 supply={1: {"stables": 6}})  # fmt: skip
    g = pid(s, 5, 5)
    for x, y in ((4, 5), (6, 5), (5, 4), (5, 6)):
        place(s, 1, act("stable", x, y))
    assert s.size(g) == 5 and s.palace_points(g)["components"] == 5
    # an incomplete palace closed by stables
    s2 = position([("m", 8, 8), ("b", "g", 1, 1)], {"g": ("grey", None)})
    place(s2, 0, act("stable", 2, 1))
    place(s2, 0, act("stable", 1, 2))
    assert s2.incomplete[0] == 0


def test_md_e7_stable_cannot_bridge_two_palaces():
    s = position(
        [("m", 8, 8), ("b", "g", 3, 3), ("r", "g"), ("b", "o", 5, 3), ("r", "o")],
        {"g": ("grey", 0), "o": ("orange", 1)},
    )
    assert rule(s, 2, act("stable", 4, 3)) == "MD-R29"
    assert rule(s, 2, act("stable", 4, 4)) == "MD-R29"


def test_md_e8_stable_moves_tile_only_if_strictly_larger():
    s = position(
        [("m", 8, 8), ("b", "o", 3, 3), ("b", "o", 4, 3), ("r", "o"), ("b", "p", 10, 3),
         ("r", "p"), ("b", "q", 3, 9)],
        {"o": ("orange", 0), "p": ("orange", 1), "q": ("orange", None)},
        palace_tiles={"orange": "o"},
    )  # fmt: skip
    o, p, q = pid(s, 3, 3), pid(s, 10, 3), pid(s, 3, 9)
    place(s, 2, act("stable", 3, 4))  # on the holder: keeps it
    assert s.palace_tile[3] == o
    place(s, 2, act("stable", 11, 3))
    assert s.palace_tile[3] == o  # p: 2 < 3
    place(s, 2, act("stable", 10, 4))
    assert s.palace_tile[3] == o  # p: 3 == 3, not strictly larger
    place(s, 2, act("stable", 10, 2))
    assert s.palace_tile[3] == p  # 4 > 3
    for x, y in ((4, 9), (2, 9), (3, 8), (3, 10)):
        place(s, 0, act("stable", x, y))
    assert s.palace_tile[3] == p  # unclaimed q (size 5) counts only when roofed
    place(s, 2, act("roof", 3, 9))
    assert s.palace_tile[3] == q
