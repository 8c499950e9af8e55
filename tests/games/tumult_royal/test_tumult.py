"""Phase 1 mood (TR-R4, TR-R5) and phase 3 tumult check (TR-R7..TR-R14, TR-E5..TR-E12)."""

from __future__ import annotations

import pytest

from spieltisch.games.tumult_royal.tumult import measure, tumult_check

from .helpers import A, B, C, assign, faces_of, pool_units, spin_index, to_build, to_grab


def checked(players=4, holdings=None, demand=3, grace=(), rank=None, followers=None, **opt):
    s = to_build(players, seed=31, **opt)
    assign(s, holdings or {})
    s.demand = [demand] * 3 if isinstance(demand, int) else list(demand)
    s.grace = [p in grace for p in range(players)]
    if rank is not None:
        s.rank = list(rank)
    if followers is not None:
        s.followers = list(followers)
    s.events.clear()
    tumult_check(s)
    return s


def tumults(s):
    return {e["good"]: e["greediest"] for e in s.events if e["type"] == "tumult"}


# TR-R4
@pytest.mark.parametrize(
    ("index", "value"), [(0, 2), (14, 2), (15, 3), (49, 3), (50, 4), (84, 4), (85, 5), (99, 5)]
)
def test_tr_r4_standard_spin_sets_every_good(index, value):
    s = to_grab(3, seed=1, spin=index)
    assert s.demand == [value] * 3
    assert s.view(None)["demand"] == {"bread": value, "marble": value, "tools": value}


# TR-R5
def test_tr_r5_zocker_no_spin_in_phase_one():
    s = to_grab(3, seed=1, variant="zocker")
    assert s.demand == [0, 0, 0]
    assert set(s.view(1)["demand"].values()) == {None}


# TR-R7
def test_tr_r7_reveal_makes_everything_public_but_set_aside():
    s = to_build(3, seed=2)
    assert s.revealed
    v = s.view(None)
    assert v["pool"] is not None
    assert len(v["pool"]) == sum(1 for w in s.loc if w == -1)
    assert all("face" in slot for slot in v["slots"])
    assert v["set_aside"] == 9 and "aside" not in v


# TR-R8, TR-R9
def test_tr_r8_r9_equality_is_safe_and_order():
    # bread pool 2 < 3 -> tumult; marble 3 = 3 -> safe; tools 5 -> safe
    hold = {A: [("bread", 3)], B: [("marble", 3)]}
    s = checked(2, hold, demand=(13, 13, 17))
    assert pool_units(s, "bread") == 13 and pool_units(s, "marble") == 13
    assert tumults(s) == {"tools": None}  # R = demand is safe; tools 16 < 17
    s = checked(2, hold, demand=(14, 14, 0))
    assert tumults(s) == {"bread": A, "marble": B}
    # the set-aside tiles do not count as remaining goods (TR-G2, TR-R9)
    s = checked(2, {"aside": [("tools", 3)]}, demand=(0, 0, 14))
    assert tumults(s) == {"tools": None}


# TR-R9, TR-R11, TR-R12
def test_tr_r9_r11_r12_unique_greediest_punished():
    hold = {
        A: [("bread", 3), ("bread", 2), ("bread", 1), ("marble", 3)],
        B: [("bread", 2)],
        "aside": [("bread", 1)] * 3 + [("bread", 2), ("bread", 3)],
    }
    s = checked(2, hold, demand=5, followers=[10, 10])
    # 2p bread: 4x1 3x2 2x3 = 16 units; held 8, aside 8 -> pool 0 < 5
    assert tumults(s)["bread"] == A
    assert s.followers == [7, 10]  # TR-R12 (a)
    assert faces_of(s, A, "bread") == [("bread", 1)]  # keeps the smallest
    assert faces_of(s, A, "marble") == [("marble", 3)]  # other goods untouched
    assert pool_units(s, "bread") == 5  # returned to the pool, no re-check (TR-R13)
    assert list(tumults(s)) == ["bread"]


# TR-R10
def test_tr_r10_measure_units_vs_tiles():
    hold = {A: [("tools", 3)], B: [("tools", 1), ("tools", 1)], "aside": [("tools", 3)] * 1}
    rest = [("tools", 2)] * 3 + [("tools", 1)] * 2
    hold["aside"] += rest
    s = checked(2, hold, demand=2, rank=[A, B])
    assert pool_units(s, "tools") == 0
    assert tumults(s)["tools"] == A  # units: A 3 > B 2
    s = checked(2, hold, demand=2, rank=[A, B], greed_measure="tiles")
    assert tumults(s)["tools"] == B  # tiles: B 2 > A 1
    assert faces_of(s, B, "tools") == [("tools", 1)]
    assert measure(s, A, 2) == 1


# TR-R11
def test_tr_r11_tie_goes_to_better_rank_and_tr_e12():
    hold = {A: [("marble", 2)], B: [("marble", 2)], C: [("marble", 1)]}
    s = checked(3, hold, demand=(0, 99, 0), rank=[C, B, A])
    assert tumults(s) == {"marble": B}
    s = checked(3, hold, demand=(0, 99, 0), rank=[A, C, B])
    assert tumults(s) == {"marble": A}


# TR-R11
def test_tr_r11_tr_e5_no_candidate_nobody_punished_but_recorded():
    s = checked(3, {}, demand=99, followers=[5, 5, 5])
    assert tumults(s) == {"bread": None, "marble": None, "tools": None}
    assert s.followers == [5, 5, 5]


# TR-R12
def test_tr_r12_tr_e7_e9_floor_and_several_smallest():
    hold = {
        A: [("bread", 1), ("bread", 1), ("bread", 2), ("marble", 1), ("marble", 1), ("tools", 3)]
    }
    s = checked(3, hold, demand=99, followers=[4, 9, 9])
    assert tumults(s) == {"bread": A, "marble": A, "tools": A}  # TR-E6, TR-R13
    assert s.followers[A] == 0  # 4 -> 1 -> 0 -> 0, floored each time (TR-E7)
    assert faces_of(s, A) == [("bread", 1), ("marble", 1), ("tools", 3)]  # TR-E9, TR-E8
    kept_bread = [t for t in s.holdings(A) if s.faces[t] == ("bread", 1)]
    ids = sorted(s.tiles[t].id for t in range(len(s.tiles)) if s.faces[t] == ("bread", 1))
    assert s.tiles[kept_bread[0]].id == ids[0]  # lowest ID kept


# TR-E8
def test_tr_e8_single_tile_kept_but_followers_lost():
    s = checked(2, {B: [("tools", 2)]}, demand=(0, 0, 99), followers=[10, 10])
    assert tumults(s) == {"tools": B}
    assert faces_of(s, B) == [("tools", 2)] and s.followers == [10, 7]


# TR-E6
def test_tr_e6_different_players_per_good():
    hold = {A: [("bread", 3)], B: [("marble", 3)], C: [("tools", 1)]}
    s = checked(3, hold, demand=99)
    assert tumults(s) == {"bread": A, "marble": B, "tools": C}


# TR-R10, TR-E10
def test_tr_r10_e10_grace_reduces_by_one_and_single_unit_not_candidate():
    s = checked(2, {A: [("bread", 1)]}, demand=(99, 0, 0), grace=(A,), followers=[10, 10])
    assert tumults(s) == {"bread": None} and s.followers == [10, 10]
    s = checked(2, {A: [("bread", 1)]}, demand=(99, 0, 0), grace=(A,), greed_measure="tiles")
    assert tumults(s) == {"bread": None}


# TR-E11
def test_tr_e11_grace_does_not_exempt():
    hold = {A: [("bread", 3)], B: [("bread", 1)]}
    s = checked(2, hold, demand=(99, 0, 0), grace=(A,), rank=[B, A])
    assert tumults(s) == {"bread": A}  # 2 > 1
    hold = {A: [("bread", 3)], B: [("bread", 2)]}
    s = checked(2, hold, demand=(99, 0, 0), grace=(A,), rank=[A, B])
    assert tumults(s) == {"bread": A}  # tied 2 = 2, A has the better rank


# TR-R14
def test_tr_r14_grace_not_consumed():
    s = checked(3, {A: [("bread", 3)]}, demand=99, grace=(A, C))
    assert s.grace == [True, False, True]


# TR-R8, TR-E29
def test_tr_r8_tr_e29_zocker_spins_just_before_each_check():
    s = to_build(2, seed=4, variant="zocker")
    assign(s, {A: [("bread", 1)] * 4 + [("marble", 3), ("marble", 3)]})
    s.chance.script("spinner bread", spin_index(5))
    s.chance.script("spinner marble", spin_index(2))
    s.chance.script("spinner tools", spin_index(4))
    s.events.clear()
    tumult_check(s)
    kinds = [(e["type"], e.get("good")) for e in s.events if e["type"] in ("spin", "tumult")]
    assert kinds[0] == ("spin", "bread")
    assert kinds.index(("spin", "marble")) > kinds.index(("spin", "bread"))
    assert s.demand == [5, 2, 4]
    # bread pool 12 >= 5, marble pool 10 >= 2, tools 16 >= 4: no tumult
    assert tumults(s) == {}
