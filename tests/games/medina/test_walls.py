"""Walls and chains (MD-R11, MD-R12, MD-R34, MD-R35, MD-E5, MD-E6)."""

from __future__ import annotations

from .positions import act, legal_cells, pid, place, position, rule, started


def chain_of(s, x, y):
    return s.board.chains[s.wall_chain[s.board.cell(x, y)]]


def test_md_r34_and_md_e5_empty_ring():
    s = started(3)
    assert legal_cells(s, "wall") == {
        (1, 0), (0, 1), (16, 0), (17, 1), (17, 11), (16, 12), (1, 12), (0, 11)
    }  # fmt: skip
    assert rule(s, 0, act("wall", 5, 0)) == "MD-R34"
    assert rule(s, 0, act("wall", 5, 5)) == "MD-R34"  # a city cell


def test_md_r11_chains_grow_from_towers():
    s = started(3)
    for x in (1, 2, 3):
        place(s, 0, act("wall", x, 0))
    place(s, 0, act("wall", 0, 1))
    place(s, 0, act("wall", 16, 12))
    assert chain_of(s, 3, 0) == (1, "top") and chain_of(s, 0, 1) == (1, "left")
    assert chain_of(s, 16, 12) == (2, "bottom")
    chains = {(c["tower"], c["side"]): c["cells"] for c in s.view(None)["wall_chains"]}
    assert chains[(1, "top")] == [[1, 0], [2, 0], [3, 0]]
    assert chains[(3, "top")] == []


def test_md_r12_touched_chains():
    s = position(
        [("m", 8, 8), ("w", 1, 0), ("w", 2, 0), ("w", 0, 1), ("b", "g", 1, 1), ("b", "g", 2, 1)],
        {"g": ("grey", None)},
    )
    g = pid(s, 1, 1)
    names = {s.board.chains[i] for i in range(8) if s.pal_chains[g] >> i & 1}
    assert names == {(1, "top"), (1, "left")}
    assert s.palace_points(g)["walls"] == 3


def test_md_r35_gate_and_md_e5_gate_cells():
    top = [("w", x, 0) for x in range(1, 8)] + [("w", x, 0) for x in range(16, 9, -1)]
    s = position([("m", 8, 8), *top])
    assert (8, 0) in legal_cells(s, "wall") and (9, 0) in legal_cells(s, "wall")
    place(s, 0, act("wall", 8, 0))
    assert rule(s, 0, act("wall", 9, 0)) == "MD-R34"  # the gate stays open
    assert sum(1 for c in s.board.wall_cells if s.board.side_of[c] == 0 and s.cellv[c]) == 15
    # one empty cell between two chains: never legal
    s2 = position([("m", 8, 8), *[("w", x, 0) for x in range(1, 8)],
                   *[("w", x, 0) for x in range(16, 8, -1)]])  # fmt: skip
    assert (8, 0) not in legal_cells(s2, "wall")


def test_md_r35_walls_need_no_palace():
    s = started(3)
    place(s, 1, act("wall", 1, 0))
    assert s.cellv[s.board.cell(1, 0)] == 4


def test_md_e6_chain_membership_not_distance():
    top = [("w", x, 0) for x in range(1, 11)] + [("w", 16, 0), ("w", 15, 0)]
    s = position([("m", 8, 8), *top, ("b", "g", 11, 2), ("b", "g", 11, 1), ("r", "g")],
                 {"g": ("grey", 1)})  # fmt: skip
    place(s, 0, act("wall", 11, 0))
    assert chain_of(s, 11, 0) == (1, "top")
    assert s.tower_tile == [pid(s, 11, 1), 0, 0, 0]  # T1, not T3
