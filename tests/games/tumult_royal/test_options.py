"""Options and variants (section 7): variant, keep_goods, greed_measure, grab_ticks,
tick_ms, ruleset_data (TR-R5, TR-R8, TR-R10, TR-R29, TR-G1, TR-G14, TR-D13)."""

from __future__ import annotations

import json
from importlib import resources

from .helpers import DONE, END_TURN, WAIT, A, B, all_act, assign, new, spin_index, to_build, to_grab


def default_doc():
    pkg = "spieltisch.games.tumult_royal"
    return json.loads(resources.files(pkg).joinpath("data/tumult_royal.json").read_text("utf-8"))


def test_defaults():
    s = new(3)
    assert s.options["variant"] == "standard"
    assert s.options["keep_goods"] is False
    assert s.options["greed_measure"] == "units"
    assert s.options["grab_ticks"] == 24
    assert s.options["tick_ms"] == 800


# TR-R5, TR-R8
def test_tr_r5_r8_zocker_spins_per_good_in_phase_three_each_round():
    s = to_grab(2, seed=81, variant="zocker")
    assert s.demand == [0, 0, 0]
    s.chance.script("spinner bread", spin_index(2))
    s.chance.script("spinner marble", spin_index(3))
    s.chance.script("spinner tools", spin_index(5))
    all_act(s, DONE)
    assert s.demand == [2, 3, 5]
    spins = [e for e in s.events if e["type"] == "spin"]
    assert [e["good"] for e in spins] == ["bread", "marble", "tools"]
    assert s.view(None)["demand"] == {"bread": 2, "marble": 3, "tools": 5}
    while s.phase == "build":
        s.apply(s.actors()[0], END_TURN)
    assert s.round == 2 and s.demand == [0, 0, 0]  # cleared (TR-R30), no phase-1 spin


# TR-R10
def test_tr_r10_keep_goods_carried_tiles_count_for_greed():
    s = to_build(2, seed=82, keep_goods=True)
    assign(s, {A: [("marble", 3), ("marble", 3)]})
    while s.phase == "build":
        s.apply(s.actors()[0], END_TURN)
    assert s.phase == "grab" and s.round == 2
    assert all(s.carried[t] for t in s.holdings(A))
    all_act(s, DONE)
    s.demand = [0, 99, 0]
    s.events.clear()
    s._tumult_check()
    tumult = [e for e in s.events if e["type"] == "tumult"]
    assert tumult[0]["greediest"] == A  # the carried marble counts (TR-R10 [DEC])


def test_greed_measure_tiles_and_grace_subtracts_one_tile():
    s = to_build(2, seed=83, greed_measure="tiles")
    assign(s, {A: [("bread", 1), ("bread", 1)], B: [("bread", 3)]})
    s.grace = [True, False]
    s.rank = [B, A]
    s.demand = [99, 0, 0]
    s.events.clear()
    s._tumult_check()
    assert [e["greediest"] for e in s.events if e["type"] == "tumult"] == [B]  # 1 = 1, B ranks


# TR-G1
def test_tr_g1_grab_ticks_option():
    s = to_grab(2, seed=84, grab_ticks=1)
    s.apply(A, WAIT)
    s.apply(B, WAIT)
    assert s.phase == "build" and s.tick == 1
    assert s.view(None)["grab_ticks"] == 1
    assert new(2, grab_ticks="5").options["grab_ticks"] == 5


# TR-G14
def test_tr_g14_tick_ms_has_no_engine_effect():
    a = to_grab(2, seed=85, tick_ms=100)
    b = to_grab(2, seed=85)
    for s in (a, b):
        all_act(s, DONE)
    assert a.to_json()["data"] == b.to_json()["data"]


# TR-D13
def test_tr_d13_ruleset_data_replaces_numbers():
    doc = default_doc()
    doc["king_tax"] = 7
    doc["no_build_bonus"] = 4
    s = to_build(2, seed=86, ruleset_data=doc)
    s.followers = [20, 10]
    s.rank = [A, B]
    while s.phase == "build":
        s.apply(s.actors()[0], END_TURN)
    assert s.followers == [20 + 4 - 7, 14]
