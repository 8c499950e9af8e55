"""The worked examples MD-X1 to MD-X5 of the rules file, built exactly as written."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction

from .positions import (
    GAME,
    act,
    build,
    cells,
    finish,
    force_turn,
    fresh,
    is_legal,
    legal_cells,
    pid,
    place,
    position,
    position_json,
    started,
)

A, B, C = 0, 1, 2

# -- MD-X1 --------------------------------------------------------------------------------
P1_PIECES = [
    ("m", 5, 6),  # the start merchant
    ("m", 4, 6),
    ("m", 6, 6),
    ("w", 1, 0),
    ("w", 2, 0),
    ("w", 3, 0),
    ("b", "g", 3, 3),
    ("b", "g", 4, 3),
    ("b", "O", 6, 3),
    ("b", "O", 6, 4),
    ("r", "O"),
    ("s", "O", 7, 4),
    ("b", "K", 10, 2),
    ("r", "K"),
]
P1_PALACES = {"g": ("grey", None), "O": ("orange", B), "K": ("black", A)}


def p1():
    return position(P1_PIECES, P1_PALACES)


def rule_of(s, seat, action):
    """None if the action is legal for ``seat`` (tried on a clone), else the rule id."""
    c = s.clone()
    force_turn(c, seat)
    try:
        c.apply(seat, action)
    except IllegalAction as exc:
        assert exc.rule is not None, str(exc)
        assert exc.rule in str(exc)
        return exc.rule
    return None


# (query number, seat, action, expected: None = legal, else the accepted rule ids)
X1_QUERIES = [
    (1, A, build("grey", 4, 4), None),
    (2, A, build("grey", 5, 3), {"MD-R7", "MD-R23"}),
    (3, A, build("grey", 9, 9), {"MD-R23"}),
    (4, A, build("orange", 6, 5), {"MD-R24", "MD-R9"}),
    (5, A, build("orange", 12, 8), None),
    (6, A, build("black", 5, 2), {"MD-R9", "MD-R24"}),
    (7, A, act("stable", 5, 4), {"MD-R29"}),
    (8, A, act("stable", 6, 2), None),
    (9, A, act("stable", 8, 4), {"MD-R29", "MD-R7"}),
    (10, A, act("stable", 4, 2), None),
    (11, A, act("merchant", 5, 5), {"MD-R32"}),
    (12, A, act("merchant", 12, 10), {"MD-R32", "MD-R33"}),
    (13, A, act("merchant", 3, 6), None),
    (13, A, act("merchant", 4, 7), None),
    (13, A, act("merchant", 7, 6), None),
    (14, A, act("wall", 6, 0), {"MD-R34"}),
    (15, A, act("roof", 3, 3), None),
    (16, B, act("roof", 3, 3), None),
    (17, C, act("roof", 10, 2), {"MD-R26"}),
]


@pytest.mark.parametrize(("num", "seat", "action", "expected"), X1_QUERIES)
def test_md_x1_queries(num, seat, action, expected):
    s = p1()
    got = rule_of(s, seat, action)
    if expected is None:
        assert got is None, f"MD-X1 query {num}: {action} should be legal, got {got}"
    else:
        assert got in expected, f"MD-X1 query {num}: {action} should fail with {expected}"


def test_md_x1_query_effects():
    s = p1()
    g, o = pid(s, 3, 3), pid(s, 6, 3)
    c = s.clone()
    place(c, A, build("grey", 4, 4))  # 1: joins g
    assert pid(c, 4, 4) == g
    c = s.clone()
    place(c, A, build("orange", 12, 8))  # 5: founds a new palace
    assert pid(c, 12, 8) == len(c.pal_colour) - 1 != o
    c = s.clone()
    place(c, A, act("stable", 6, 2))  # 8: joins O, size 4
    assert pid(c, 6, 2) == o and c.size(o) == 4
    c = s.clone()
    place(c, A, act("stable", 4, 2))  # 10: joins g
    assert pid(c, 4, 2) == g


def test_md_x1_complete_legal_sets():
    s = p1()
    assert legal_cells(s, "merchant") == {(3, 6), (4, 5), (4, 7), (6, 5), (6, 7), (7, 6)}
    assert legal_cells(s, "wall") == {
        (0, 1), (0, 11), (1, 12), (4, 0), (16, 0), (16, 12), (17, 1), (17, 11)
    }  # fmt: skip
    stables = {s.board.xy(c): s.exp_owner[c] for c in s.exp_cells}
    g, o, k = pid(s, 3, 3), pid(s, 6, 3), pid(s, 10, 2)
    assert stables == {
        (2, 3): g, (3, 2): g, (3, 4): g, (4, 2): g, (4, 4): g,
        (6, 2): o, (6, 5): o, (7, 3): o,
        (9, 2): k, (10, 1): k, (10, 3): k, (11, 2): k,
    }  # fmt: skip
    assert legal_cells(s, "stable") == set(stables)
    assert legal_cells(s, "build", "grey") == {(2, 3), (3, 2), (3, 4), (4, 2), (4, 4)}


P1B_PIECES = [
    ("m", 3, 2),  # the start merchant
    ("m", 2, 2),
    ("m", 2, 1),
    ("m", 1, 1),
    ("b", "o", 4, 2),
    ("b", "o", 4, 3),
    ("b", "o", 3, 3),
]


def test_md_x1_p1b_restart():
    s = position(P1B_PIECES, {"o": ("orange", None)})
    assert s.ext_squares == set()  # neither end can grow
    ok = legal_cells(s, "merchant")
    assert {(1, 3), (5, 2), (16, 11)} <= ok  # MD-R33: any isolated square, edges included
    assert not ok & {(2, 3), (1, 2), (3, 1)}
    assert rule_of(s, A, act("merchant", 2, 3)) == "MD-R33"
    assert len(ok) == 166
    place(s, A, act("merchant", 9, 6))
    assert legal_cells(s, "merchant") == {(8, 6), (9, 5), (9, 7), (10, 6)}


# -- MD-X2 --------------------------------------------------------------------------------
def x2_state():
    s = started(3, (14, 10))
    seq = [
        (A, act("wall", 16, 12)),
        (B, act("wall", 15, 12)),
        (C, act("wall", 14, 12)),
        (A, act("wall", 17, 11)),
        (B, act("wall", 17, 10)),
        (C, build("brown", 16, 11)),
        (A, build("brown", 15, 11)),
        (B, build("brown", 16, 10)),
        (C, act("stable", 14, 11)),
        (A, act("roof", 16, 11)),
        (A, act("merchant", 15, 10)),
        (B, act("merchant", 13, 10)),
        (C, act("merchant", 13, 11)),
        (A, build("orange", 12, 8)),
        (B, build("orange", 13, 8)),
        (C, build("orange", 13, 9)),
        (A, build("orange", 14, 9)),
        (B, act("roof", 12, 8)),
        (C, act("wall", 1, 12)),
        (A, act("wall", 2, 12)),
        (B, act("wall", 3, 12)),
        (C, act("wall", 0, 11)),
        (A, build("grey", 3, 10)),
        (B, build("grey", 3, 11)),
        (C, build("grey", 2, 11)),
        (C, act("roof", 3, 10)),
        (A, build("black", 11, 11)),
        (B, build("black", 11, 10)),
        (C, act("merchant", 12, 11)),
        (A, act("wall", 13, 12)),
        (B, act("wall", 12, 12)),
        (C, act("wall", 11, 12)),
    ]
    for seat, a in seq:
        place(s, seat, a)
    return s


def test_md_x2_tiles_and_palace_points():
    s = x2_state()
    brown, orange, grey, black = (pid(s, 16, 11), pid(s, 12, 8), pid(s, 3, 10), pid(s, 11, 11))
    assert s.palace_tile == [grey, 0, brown, orange]  # grey, black, brown, orange
    assert s.tower_tile == [0, brown, 0, grey]  # T1 unheld, T2 brown, T3 unheld, T4 grey
    assert s.palace_points(brown) == {
        "components": 4, "walls": 5, "merchants": 3, "well": 0, "total": 12
    }  # fmt: skip
    assert s.palace_points(orange)["total"] == 6
    assert s.palace_points(orange)["merchants"] == 2
    assert s.palace_points(grey)["total"] == 5
    assert s.pal_owner[black] < 0  # never roofed: 0 (MD-R61)
    bd = s.breakdown()
    assert [b["palace_tiles"] for b in bd] == [3, 4, 1]
    assert [b["tower_tiles"] for b in bd] == [2, 0, 4]


def test_md_x2_totals_standing_returns():
    s = x2_state()
    assert s.scores() == [17.0, 10.0, 10.0]
    keys = s.ranking_keys()
    assert keys[A] > keys[B] > keys[C]  # MD-R65: B before C by largest palace 4 > 3
    assert s.winners() == []  # not over yet
    assert s.returns() == [0.0, 0.0, 0.0]
    expected = {
        "win_loss": [1.0, -0.5, -0.5],
        "rank": [1.0, 0.0, -1.0],
        "score": [17 - 37 / 3, 10 - 37 / 3, 10 - 37 / 3],
    }
    for mode, want in expected.items():
        doc = s.to_json()
        doc["options"]["returns_mode"] = mode
        finish(doc, keep=())
        over = GAME.state_from_json(doc)
        assert over.is_over()
        assert over.winners() == [A]
        assert over.returns() == pytest.approx(want), mode


# -- MD-X3 --------------------------------------------------------------------------------
def test_md_x3_tower_transfers():
    s = started(3, (12, 8))

    def t1_owner():
        p = s.tower_tile[0]
        return None if not p else s.pal_owner[p]

    place(s, B, build("grey", 1, 1))
    place(s, C, build("grey", 2, 1))
    place(s, A, act("roof", 1, 1))
    assert t1_owner() is None  # 1
    place(s, B, act("wall", 1, 0))
    assert t1_owner() == A  # 2: MD-R44
    place(s, C, act("wall", 2, 0))
    assert t1_owner() == A  # 3
    place(s, A, build("brown", 5, 1))
    place(s, B, build("brown", 6, 1))
    assert t1_owner() == A  # 4
    for seat, x in ((C, 3), (A, 4), (B, 5)):
        place(s, seat, act("wall", x, 0))
    assert t1_owner() == A  # 5: MD-R46, N unclaimed
    place(s, B, act("roof", 5, 1))
    assert t1_owner() == B  # 6: MD-R43
    place(s, C, act("wall", 0, 1))
    assert t1_owner() == A  # 7: MD-R44, chain (1,left) new for G
    place(s, A, act("wall", 6, 0))
    assert t1_owner() == A  # 8
    place(s, B, act("wall", 0, 2))
    place(s, C, act("stable", 1, 2))
    assert t1_owner() == A  # 9: MD-R45, G already touched (1,left)
    place(s, A, build("orange", 2, 4))
    place(s, B, build("orange", 3, 4))
    place(s, C, act("roof", 2, 4))
    assert t1_owner() == A  # 10
    place(s, A, act("wall", 0, 3))
    place(s, B, act("wall", 0, 4))
    assert t1_owner() == A  # 11
    place(s, C, act("stable", 1, 4))
    assert t1_owner() == C  # 12: MD-R45
    assert s.scores() == [8.0, 7.0, 9.0]
    doc = s.to_json()
    finish(doc)
    assert GAME.state_from_json(doc).winners() == [C]


# -- MD-X4 --------------------------------------------------------------------------------
def test_md_x4_palace_tile_ties():
    s = started(3, (13, 9))
    orange = s.colours.index("orange")

    def holder_owner():
        return s.pal_owner[s.palace_tile[orange]] if s.palace_tile[orange] else None

    for seat, x, y in ((A, 2, 2), (C, 3, 2), (A, 2, 3)):
        place(s, seat, build("orange", x, y))
    place(s, B, act("roof", 2, 2))
    assert holder_owner() == B  # 1
    for seat, x in ((A, 6), (B, 7), (A, 8)):
        place(s, seat, build("orange", x, 2))
    place(s, C, act("roof", 6, 2))
    assert holder_owner() == B  # 2: tie, MD-R39
    place(s, A, act("stable", 7, 3))
    assert holder_owner() == C  # 3: MD-R40
    place(s, A, act("stable", 3, 3))
    assert holder_owner() == C  # 4: tie, MD-R40
    for seat, x in ((B, 2), (C, 3), (B, 4)):
        place(s, seat, build("orange", x, 7))
    place(s, C, act("stable", 3, 8))
    assert holder_owner() == C  # 5: unclaimed O3
    place(s, A, act("roof", 2, 7))
    assert holder_owner() == C  # 6: tie
    place(s, B, act("stable", 5, 7))
    assert holder_owner() == A  # 7: 5 > 4
    o1, o2, o3 = pid(s, 2, 2), pid(s, 6, 2), pid(s, 2, 7)
    assert (s.size(o1), s.size(o2), s.size(o3)) == (4, 4, 5)
    assert s.palace_tile[orange] == o3  # MD-R41 end-state check


# -- MD-X5 --------------------------------------------------------------------------------
X5_OPTIONS = {"edition": 2, "well_cell": [8, 6], "start_merchant_cell": [9, 7]}


def test_md_x5_setup_and_opening():
    s = fresh(3, **X5_OPTIONS)
    assert s.board.xy(s.well) == (8, 6)
    zone = {(x, y) for x in range(7, 10) for y in range(5, 8)} - {(8, 6)}
    assert cells(s, s.board.well_zone(s.well)) == zone
    assert cells(s, s.bonus) == {(6, 6), (10, 6), (8, 4), (8, 8)}
    assert s.cellv[s.board.cell(9, 7)] == 3  # the start merchant
    assert (s.active, s.quota) == (0, 1)
    s.apply(0, act("wall", 1, 0))
    assert (s.active, s.quota) == (1, 1)
    s.apply(1, act("wall", 2, 0))
    assert (s.active, s.quota) == (2, 2)
    s.apply(2, act("wall", 3, 0))
    assert (s.active, s.quota) == (2, 2)
    s.apply(2, act("wall", 4, 0))
    assert (s.active, s.quota) == (0, 2)


def x5_state(**extra):
    s = fresh(3, **X5_OPTIONS, **extra)
    place(s, C, build("purple", 8, 3))
    place(s, C, build("purple", 8, 4))
    return s


def test_md_x5_events():
    s = x5_state()
    p1 = pid(s, 8, 3)
    exp = {s.board.xy(c) for c in s.exp_cells if s.exp_owner[c] == p1}
    assert exp == {(7, 3), (7, 4), (8, 2), (9, 3), (9, 4)}  # 1: not (8,5)
    # 2: queries
    assert not is_legal(s, build("purple", 8, 5), A)
    assert not is_legal(s, act("stable", 8, 5), A)
    assert is_legal(s, act("stable", 7, 4), A)
    assert is_legal(s, act("merchant", 9, 6), A)
    assert rule_of(s, A, act("merchant", 8, 5)) == "MD-R32"
    purple = s.colours.index("purple")
    place(s, A, act("roof", 8, 3))  # 3
    assert (s.tea[A], s.tea_pool) == (3, 3)
    assert s.palace_tile[purple] == p1
    for x, y in ((3, 3), (3, 4), (4, 4)):  # 4
        place(s, C, build("purple", x, y))
    p2 = pid(s, 3, 3)
    place(s, B, act("neutral_roof", 3, 3))
    assert s.tea_pool == 1 and s.tea[B] == 0 and s.tea_box == 2
    assert s.palace_tile[purple] == p2
    place(s, A, build("purple", 12, 10))  # 5
    place(s, C, act("roof", 12, 10))
    assert (s.tea[C], s.tea_pool) == (1, 0)
    assert s.palace_tile[purple] == p2
    place(s, A, act("merchant", 9, 6))  # 6
    place(s, B, build("brown", 10, 6))
    assert s.scores() == [6.0, 0.0, 1.0]


def test_md_x5_without_neutral_tiles():
    s = x5_state(neutral_takes_tiles=False)
    place(s, A, act("roof", 8, 3))
    for x, y in ((3, 3), (3, 4), (4, 4)):
        place(s, C, build("purple", x, y))
    place(s, B, act("neutral_roof", 3, 3))
    place(s, A, build("purple", 12, 10))
    place(s, C, act("roof", 12, 10))
    place(s, A, act("merchant", 9, 6))
    place(s, B, build("brown", 10, 6))
    assert s.palace_tile[s.colours.index("purple")] == pid(s, 8, 3)
    assert s.scores() == [8.0, 0.0, 1.0]


def test_md_x5_tea_discard_second_action_only():
    s = x5_state()
    place(s, A, act("roof", 8, 3))
    force_turn(s, A)
    assert act("discard_tea") not in s.legal_actions(A)
    with pytest.raises(IllegalAction) as err:
        s.apply(A, act("discard_tea"))
    assert err.value.rule == "MD-R58"
    s.apply(A, act("wall", 1, 0))
    assert act("discard_tea") in s.legal_actions(A)
    s.apply(A, act("discard_tea"))
    assert s.tea[A] == 2 and s.active == B


def test_md_x1_p1_loads_with_explicit_tiles():
    # the same P1 of MD-X1 also loads through the JSON helper with explicit tiles
    doc = position_json(P1_PIECES, P1_PALACES, palace_tiles={"orange": "O", "black": "K"})
    s = GAME.state_from_json(doc)
    assert s.scores()[B] == s.palace_points(pid(s, 6, 3))["total"] + 4
