"""Options and variants (section 7): variant, keep_goods, greed_measure, grab_ticks,
tick_ms, ruleset_data (TR-R5, TR-R8, TR-R10, TR-R29, TR-G1, TR-G14, TR-D13)."""

from __future__ import annotations

import json
import random
from importlib import resources

from spieltisch.engine.record import GameRecord, replay
from spieltisch.games.tumult_royal.tumult import tumult_check

from .helpers import (
    DONE,
    END_TURN,
    GAME,
    WAIT,
    A,
    B,
    all_act,
    assign,
    new,
    spin_index,
    to_build,
    to_grab,
)


def default_doc():
    pkg = "spieltisch.games.tumult_royal"
    return json.loads(resources.files(pkg).joinpath("data/tumult_royal.json").read_text("utf-8"))


def test_defaults():
    s = new(3)
    assert s.options["variant"] == "standard"
    assert s.options["keep_goods"] is False
    assert s.options["greed_measure"] == "units"
    assert s.options["grab_ticks"] == 24
    assert s.options["tick_ms"] == 1250


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
    tumult_check(s)
    tumult = [e for e in s.events if e["type"] == "tumult"]
    assert tumult[0]["greediest"] == A  # the carried marble counts (TR-R10 [DEC])


def test_greed_measure_tiles_and_grace_subtracts_one_tile():
    s = to_build(2, seed=83, greed_measure="tiles")
    assign(s, {A: [("bread", 1), ("bread", 1)], B: [("bread", 3)]})
    s.grace = [True, False]
    s.rank = [B, A]
    s.demand = [99, 0, 0]
    s.events.clear()
    tumult_check(s)
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


def test_tr_g14_the_tick_default_and_presets():
    """A new table gets 1250 ms ticks (a new player's peek in one tick, Keep or Put back in
    the next, each with the page's update); a table may choose a faster or slower grab."""
    option = next(o for o in GAME.options if o.name == "tick_ms")
    assert option.default == 1250
    assert option.presets == (800, 1250, 2000, 3000)
    for ms in option.presets:
        assert new(2, tick_ms=ms).options["tick_ms"] == ms
        assert new(2, tick_ms=ms).realtime_step() is None  # no clock before the grab
        assert to_grab(2, tick_ms=ms).realtime_step() == ("round 1 tick 0", ms)


def test_tr_g14_older_tables_and_records_keep_their_game():
    """The new default changes the wall time of new tables only: a stored table or state
    keeps the tick it was created with (options are stored resolved), and a record without
    the option replays move for move as it was played, since ticks do not depend on it."""
    played = to_grab(3, seed=87, tick_ms=800)
    rng = random.Random(87)
    while not played.is_over():
        seat = rng.choice(played.actors())
        played.apply(seat, rng.choice(played.legal_actions(seat)))
    stored = played.to_json()
    assert stored["options"]["tick_ms"] == 800
    again = GAME.state_from_json(json.loads(json.dumps(stored)))
    assert again.options["tick_ms"] == 800
    record = played.record().to_json()
    del record["options"]["tick_ms"]  # as a record that lacks the option
    replayed = replay(GameRecord.from_json(record))
    assert replayed.options["tick_ms"] == 1250
    assert replayed.to_json()["data"] == played.to_json()["data"]
    assert "tick_ms" not in GAME.legacy_options  # no rule to restore


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
