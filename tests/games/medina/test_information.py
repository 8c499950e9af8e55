"""Hidden information, views, the event log and resampling (MD-R67 to MD-R70)."""

from __future__ import annotations

import json
import random

from .positions import act, build, fresh, place, started

HIDDEN = {"buildings", "stables", "merchants", "walls"}


def played(seed=1, steps=60, **opts):
    rng = random.Random(seed)
    s = fresh(3, seed=seed, **opts)
    for _ in range(steps):
        if s.is_over():
            break
        s.apply(s.active, rng.choice(s.legal_actions(s.active)))
    return s


def test_md_r67_ledger_invariant_in_play():
    for opts in ({}, {"edition": 2}):
        rng = random.Random(2)
        s = fresh(3, seed=4, **opts)
        while not s.is_over():
            s.apply(s.active, rng.choice(s.legal_actions(s.active)))
            for seat in range(3):
                assert s.supply[seat] == s.ledger_supply(seat)


def test_md_r67_md_r68_views():
    s = played()
    for seat in (0, 1, 2, None):
        v = s.view(seat)
        json.dumps(v)
        for other, row in enumerate(v["supplies"]):
            assert {"roofs", "neutral_roofs", "tea", "ledger"} <= set(row)
            assert (set(row) >= HIDDEN) == (other == seat)
            if other != seat:
                assert not HIDDEN & set(row)
        assert v["scores"] == s.breakdown()  # provisional scores are public
        assert v["palaces"] == s.view(0)["palaces"]
    own = s.view(1)["supplies"][1]
    assert own["walls"] == s.supply[1][8] and own["stables"] == s.supply[1][6]


def test_md_r68_open_screens():
    s = played(open_screens=True)
    for seat in (0, None):
        assert all(set(row) >= HIDDEN for row in s.view(seat)["supplies"])


def test_md_r69_event_log():
    s = started(3, (8, 6))
    place(s, 1, build("grey", 4, 4))
    e = s.log(None)[-1]
    assert (e["type"], e["seat"], e["colour"], e["cell"]) == ("build", 1, "grey", [4, 4])
    place(s, 2, act("wall", 1, 0))
    assert {k: s.events[-1][k] for k in ("type", "seat", "cell")} == {
        "type": "wall", "seat": 2, "cell": [1, 0]
    }  # fmt: skip
    assert s.log(0) == s.log(2) == s.log(None)
    assert s.log(None)[0]["type"] == "start_merchant"
    for event in s.log(None):
        assert GAME_describe(event)


def GAME_describe(event):
    from .positions import GAME

    return GAME.describe(event, None)


def test_md_r70_resample_recomputes_from_ledger():
    s = played(seed=3, steps=40)
    rng = random.Random(9)
    state = rng.getstate()
    r = s.resample(0, rng)
    assert rng.getstate() == state  # rng not consumed
    assert r.to_json()["data"] == s.to_json()["data"]  # equals the true state
    assert r.to_json()["moves"] is None
    # never copied from the hidden fields: a tampered hidden supply does not survive
    t = s.clone()
    t.supply[1][8] += 5
    t.supply[2][6] += 1
    r = t.resample(0, rng)
    assert r.supply[1] == s.supply[1] and r.supply[2] == s.supply[2]
    r0 = t.resample(1, rng)
    assert r0.supply[1] == t.supply[1]  # the seat's own supply is its own
