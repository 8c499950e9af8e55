"""The worked examples of section 9 as known-answer tests (TR-X1..TR-X5)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction
from spieltisch.games.tumult_royal.build import build_fields
from spieltisch.games.tumult_royal.tumult import tumult_check

from .helpers import (
    END_TURN,
    KEEP,
    PUT_BACK,
    WAIT,
    A,
    B,
    C,
    D,
    assign,
    build,
    faces_of,
    peek,
    pool_units,
    set_board,
    set_designs,
    set_placed,
    spin_index,
    to_build,
    to_grab,
)


# TR-X1
def test_tr_x1_tumult_with_grace_and_rank_tie_break():
    s = to_build(4, seed=91)
    s.rank = [B, D, A, C]
    s.grace = [False, False, True, False]
    s.followers = [10, 12, 6, 9]
    assign(
        s,
        {
            A: [("bread", 2), ("bread", 1), ("marble", 2), ("tools", 1), ("tools", 1)],
            B: [("bread", 2), ("bread", 1), ("tools", 2), ("tools", 2)],
            C: [("bread", 3), ("bread", 1), ("marble", 1), ("tools", 3)],
            D: [("bread", 1), ("marble", 3), ("marble", 1), ("tools", 3), ("tools", 1)],
            "aside": [
                *[("bread", 1), ("bread", 2), ("bread", 3), ("bread", 3)],
                *[("marble", 1), ("marble", 1), ("marble", 2), ("marble", 3)],
                *[("tools", 1), ("tools", 1), ("tools", 2), ("tools", 2)],
            ],
        },
    )
    assert [pool_units(s, g) for g in ("bread", "marble", "tools")] == [3, 9, 4]
    s.demand = [4, 4, 4]
    s.events.clear()
    tumult_check(s)
    tumults = [(e["good"], e["greediest"]) for e in s.events if e["type"] == "tumult"]
    assert tumults == [("bread", B)]  # marble 9 >= 4, tools 4 >= 4 (equality is safe)
    assert faces_of(s, B, "bread") == [("bread", 1)]
    assert pool_units(s, "bread") == 5
    assert s.followers == [10, 9, 6, 9]
    # without grace C (4) would have been the unique greediest
    s2 = to_build(4, seed=91)
    s2.rank = [B, D, A, C]
    assign(
        s2,
        {
            C: [("bread", 3), ("bread", 1)],
            A: [("bread", 2), ("bread", 1)],
            B: [("bread", 2), ("bread", 1)],
            D: [("bread", 1)],
            "aside": [("bread", 1), ("bread", 2), ("bread", 3), ("bread", 3)],
        },
    )
    s2.grace = [False] * 4
    s2.demand = [4, 0, 0]
    s2.events.clear()
    tumult_check(s2)
    assert [e["greediest"] for e in s2.events if e["type"] == "tumult"] == [C]


X2_DESIGNS = ["L06", "L01", "L02", "L03", "L04", "L05", "L07", "L08", "L09", "L10"]


# TR-X2
def test_tr_x2_build_with_overpayment():
    s = to_build(2, seed=92)
    set_designs(s, X2_DESIGNS, [True, False])
    rows = ["".join(s.terrain(s.land.field(r, c)) for c in range(3)) for r in range(6)]
    assert rows == ["MFM", "CHV", "MFM", "MMF", "MHV", "FHM"]
    s.rank, s.turn, s.built = [A, B], 0, False
    set_board(s, {(2, 0): A, (0, 2): B})
    assign(s, {A: [("bread", 3), ("marble", 2), ("tools", 1), ("tools", 2)]})
    s.followers = [30, 30]
    assert s.reserve[A] == 24
    meadow = [a.payment for a in s.legal_actions(A) if a.kind == "build" and a.field == (3, 0)]
    assert sorted(meadow) == [
        (("bread", 3), ("tools", 1)),
        (("bread", 3), ("tools", 2)),
    ]
    for bad in (
        build(3, 0, ("bread", 3), ("tools", 1), ("tools", 2)),
        build(3, 0, ("bread", 3), ("tools", 1), ("marble", 2)),
    ):
        with pytest.raises(IllegalAction) as err:
            s.apply(A, bad)
        assert err.value.rule == "TR-R19"
    s.apply(A, build(3, 0, ("bread", 3), ("tools", 1)))
    assert s.followers[A] == 32 and s.reserve[A] == 23
    costs = dict(build_fields(s, A))
    assert costs[s.land.field(5, 0)] == (0, 2, 2)
    assert costs[s.land.field(2, 1)] == (0, 1, 1)
    assert s.land.field(4, 1) not in costs
    with pytest.raises(IllegalAction) as err:
        s.apply(A, build(4, 1, ("marble", 2), ("tools", 2)))
    assert err.value.rule == "TR-R18"
    s.apply(A, build(5, 0, ("marble", 2), ("tools", 2)))
    assert s.reserve[A] == 22 and s.followers[A] == 32
    assert s.holdings(A) == []
    s.apply(A, END_TURN)
    assert s.followers[A] == 32 and s.placed(A) == 3


# TR-X3
@pytest.mark.parametrize("ruleset", ["reconstructed-1", "default"])
def test_tr_x3_rank_update_tax_chronicle_reveal(ruleset):
    """TR-X3 is written for ruleset reconstructed-1 (column 0 revealed in round 2, column
    2 in round 4); under the default reconstructed-2 round 4 reveals the last face-down
    tile instead (TR-D10). The players hold no goods, so each ends the turn with the
    consolation (TR-R21: they could not build)."""
    s = to_build(3, seed=93, ruleset_data=ruleset)
    s.round = 4
    still_down = s.land.face_down_after(2)  # the round-2 reveal is done
    s.face_up = [(tr, tc) not in still_down for tr, tc in s.land.positions]
    set_designs(s, s.designs, s.face_up)
    s.rank = [A, B, C]
    set_placed(s, [14, 16, 14])
    s.followers = [12, 15, 15]  # +2 each for building nothing: 14 / 17 / 17 after phase 4
    for seat in (A, B, C):
        s.apply(seat, END_TURN)
    assert s.rank == [B, C, A]
    assert s.followers == [14, 12, 17]
    assert s.placed(B) == 17 and s.reserve[B] == 8
    assert s.chronicle[-1] == (B, 1)
    assert s.face_up == [True] * 6
    fogs = [tuple(map(tuple, e["tiles"])) for e in s.log(None) if e["type"] == "fog"]
    assert fogs == [still_down]  # column 2 (reconstructed-1), tile (0, 2) (default)
    assert s.grace == [True, False, True]
    assert s.round == 5 and not s.is_over()


# TR-X4
@pytest.mark.parametrize(("d_placed", "ends"), [(13, True), (14, False)])
def test_tr_x4_end_check(d_placed, ends):
    s = to_build(4, seed=94)
    s.round = 7
    s.rank = [C, A, B, D]
    set_placed(s, [19, 17, 15, d_placed])
    s.followers = [6, 11, 9, 5]  # +2 each: 8 / 13 / 11 / 7 after phase 4
    for seat in (C, A, B, D):
        s.apply(seat, END_TURN)
    assert s.chronicle[-1] == (B, 2)
    assert s.followers[B] == 8 and s.placed(B) == 19 and s.reserve[B] == 6
    if not ends:
        assert not s.is_over() and s.round == 8
        return
    assert s.rank == [B, C, A, D]
    assert s.is_over() and s.end_reason == "threshold"
    assert s.winners() == [B]
    keys = s.ranking_keys()
    assert sorted(range(4), key=lambda p: keys[p], reverse=True) == [B, A, C, D]
    assert s.returns() == pytest.approx([-1 / 3, 1.0, -1 / 3, -1 / 3])


# TR-X5
def test_tr_x5_grab_tick_with_conflict():
    s0 = to_grab(4, seed=95)
    marble1, marble3 = 13, 23  # MA01, MA11
    tools3 = 36  # TO11
    assert s0.faces[marble1] == ("marble", 1) and s0.faces[marble3] == ("marble", 3)
    assert s0.faces[tools3] == ("tools", 3)
    aside = list(range(12))
    rest = [t for t in range(12, 39) if t not in (marble1, marble3, tools3)]
    slots = [*rest[:2], marble1, *rest[2:6], marble3, *rest[6:9], tools3, *rest[9:]]
    s = to_grab(4, seed=95, aside=aside, slots=slots, spin=spin_index(3))
    assert s.slot_tile[2] == marble1 and s.slot_tile[7] == marble3 and s.slot_tile[11] == tools3
    s.apply(A, WAIT)
    s.apply(B, WAIT)
    s.apply(C, peek(2))
    s.apply(D, peek(11))
    for _ in range(3):
        for seat in (A, B, C, D):
            s.apply(seat, WAIT)
    assert s.tick == 4 and s.hand == [-1, -1, 2, 11]
    with pytest.raises(IllegalAction):
        s.apply(A, peek(11))  # held at the start of the tick
    s.chance.script("peek conflict", B)
    s.apply(A, peek(7))
    s.apply(B, peek(7))
    s.apply(C, KEEP)
    s.apply(D, PUT_BACK)
    assert s.slot_taker[2] == C and len(s.holdings(C)) == 1
    assert s.slot_holder[11] == -1 and s.slot_taker[11] == -1
    assert s.view(D)["me"]["memory"]["11"] == ["tools", 3]
    assert s.slot_holder[7] == B and s.view(B)["me"]["hand"] == ["marble", 3]
    assert s.hand[A] == -1 and s.memory[A] == [] and s.view(A)["me"]["hand"] is None
    v = s.view(None)
    assert [v["slots"][i]["state"] for i in (2, 7, 11)] == ["taken", "held", "down"]
    assert s.last_tick == [
        {"seat": A, "action": "peek", "slot": 7, "won": False},
        {"seat": B, "action": "peek", "slot": 7, "won": True},
        {"seat": C, "action": "keep", "slot": 2},
        {"seat": D, "action": "put_back", "slot": 11},
    ]
    assert s.tick == 5
    s.apply(A, peek(11))  # tick 6: allowed now
