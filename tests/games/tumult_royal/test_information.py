"""Hidden information, views and logs (TR-H1..TR-H3, TR-H6, TR-H7, TR-G11, TR-G12) and
determinization (TR-H4, TR-H5)."""

from __future__ import annotations

import json
import random

import pytest

from spieltisch.engine.errors import RecordError

from .helpers import (
    DONE,
    KEEP,
    PUT_BACK,
    WAIT,
    A,
    B,
    C,
    all_act,
    expected_conserved,
    peek,
    to_grab,
)


def grab_position():
    """3 players in tick 4: A kept slot 0 (held in tick 1); B holds slot 1; C held slot 2,
    put it back, and A later peeked slot 2 too; B has a pending choice."""
    s = to_grab(3, seed=71)
    s.apply(A, peek(0))
    s.apply(B, WAIT)
    s.apply(C, peek(2))
    s.apply(A, KEEP)
    s.apply(B, peek(1))
    s.apply(C, PUT_BACK)
    s.apply(A, peek(2))
    s.apply(B, WAIT)
    s.apply(C, WAIT)
    s.apply(A, PUT_BACK)
    s.apply(B, WAIT)
    s.apply(C, peek(5))
    s.apply(B, KEEP)  # pending for this tick (A and C have not chosen yet... A and C did)
    return s


def face(s, slot):
    return list(s.faces[s.slot_tile[slot]])


def hidden_designs(s):
    cols = s.land.columns
    return [s.designs[i] for i in range(len(s.designs)) if i >= 2 * cols or not s.face_up[i % cols]]


# TR-H1, TR-H2, TR-H3
def test_tr_h1_h2_h3_faces_only_for_holder_and_memory():
    s = to_grab(3, seed=72)
    s.apply(A, peek(0))
    s.apply(B, peek(1))
    s.apply(C, WAIT)
    s.apply(A, KEEP)
    s.apply(B, PUT_BACK)
    s.apply(C, WAIT)
    s.apply(A, WAIT)
    s.apply(B, WAIT)
    s.apply(C, peek(1))  # C now holds slot 1, which B saw before
    s.apply(A, WAIT)
    s.apply(B, WAIT)
    va, vb, vc, vs = (s.view(p) for p in (A, B, C, None))
    assert va["me"]["tiles"] == [face(s, 0)] and va["slots"][0]["face"] == face(s, 0)
    assert "face" not in vb["slots"][0] and "face" not in vc["slots"][0]
    assert "face" not in vs["slots"][0] and "me" not in vs
    assert vc["me"]["hand"] == face(s, 1)
    assert vb["slots"][1]["face"] == face(s, 1)  # B's memory (TR-G12)
    assert vb["me"]["memory"] == {"1": face(s, 1)} and vb["me"]["hand"] is None
    assert "face" not in va["slots"][1]
    assert vs["slots"][1] == {"slot": 1, "state": "held", "seat": C}  # holder is public
    assert vs["pool"] is None  # pool faces hidden before the reveal
    assert va["players_state"][A]["kept_slots"] == [0]


# TR-H2
def test_tr_h2_kept_faces_visible_to_a_seat_that_held_the_slot_earlier():
    s = to_grab(2, seed=73)
    s.apply(A, peek(0))
    s.apply(B, WAIT)
    s.apply(A, PUT_BACK)
    s.apply(B, WAIT)
    s.apply(A, WAIT)
    s.apply(B, peek(0))
    s.apply(A, WAIT)
    s.apply(B, KEEP)
    assert s.slot_taker[0] == B
    assert s.view(A)["slots"][0]["face"] == face(s, 0)
    assert "face" not in s.view(None)["slots"][0]


# TR-H1, TR-H2
def test_tr_h1_h2_face_down_designs_hidden_and_tile_ids_never_shown():
    s = to_grab(4, seed=74)
    s.apply(A, peek(0))
    hidden = hidden_designs(s)
    assert len(hidden) == 2 + 4
    for seat in (A, B, None):
        v = s.view(seat)
        text = json.dumps(v)
        for design in hidden:
            assert design not in text
        for tile in s.tiles:  # TR-H6: no tile ids in any observation
            assert tile.id not in text
        downs = [p for p in v["landscape"]["positions"] if p["col"] in (0, 3)]
        assert all(p["design"] is None and p["rows"] is None for p in downs)


# TR-H2
def test_tr_h2_pending_choice_hidden_from_others():
    s = to_grab(3, seed=75)
    s.apply(A, peek(4))
    assert s.view(A)["pending"]["my_choice"] == {"type": "peek", "slot": 4}
    for seat in (B, C, None):
        v = s.view(seat)
        assert "my_choice" not in v["pending"]
        assert v["pending"]["waiting_for"] == [B, C]
        assert '"slot": 4' not in json.dumps(v["pending"])


# TR-H6
def test_tr_h6_slot_numbers_rerandomised_each_round():
    s = to_grab(2, seed=76)
    first = list(s.slot_tile)
    all_act(s, DONE)
    while s.phase == "build":
        s.apply(s.actors()[0], s.legal_actions(s.actors()[0])[-1])
    assert s.round == 2 and s.slot_tile != first


# TR-H7
def test_tr_h7_log_has_no_faces_before_reveal_and_no_draws():
    s = to_grab(2, seed=77)
    s.apply(A, peek(0))
    s.apply(B, peek(0))
    text = json.dumps(s.log(None))
    assert "bread" not in text and "marble" not in text and "tools" not in text
    assert 'set_aside": 6' in text or '"set_aside": 6' in text
    tick = [e for e in s.log(B) if e["type"] == "tick"][-1]
    assert {(e["seat"], e["won"]) for e in tick["actions"]} in (
        {(0, True), (1, False)},
        {(0, False), (1, True)},
    )
    all_act(s, DONE)
    reveal = [e for e in s.log(None) if e["type"] == "reveal"]
    assert reveal and "pool" in reveal[0]  # revealed tiles become public
    assert not any("slot_tile" in e or "aside" in e for e in s.log(None))


# -- determinization (TR-H4) -------------------------------------------------------------


# TR-H4
def test_tr_h4_resample_keeps_view_and_legal_actions():
    s = grab_position()
    for seat in (A, B, C, None):
        for k in range(8):
            r = s.resample(seat, random.Random(k))
            assert r.view(seat) == s.view(seat)  # step 6: nothing public or known changes
            if seat is not None:
                assert r.legal_actions(seat) == s.legal_actions(seat)
            assert r.conserved() == expected_conserved(r)
            assert r.actors() == s.actors()


# TR-H4
def test_tr_h4_resample_redeals_unknown_faces_and_designs():
    s = grab_position()
    known_a = set(s.memory[A])
    unknown = [i for i in range(len(s.slot_tile)) if i not in known_a]
    faces_seen, designs_seen, aside_seen = set(), set(), set()
    for k in range(30):
        r = s.resample(A, random.Random(k))
        faces_seen.add(tuple(r.faces[r.slot_tile[i]] for i in unknown))
        designs_seen.add(tuple(hidden_designs(r)))
        aside_seen.add(tuple(sorted(r.faces[t] for t in r.aside)))
        for i in known_a:
            assert r.faces[r.slot_tile[i]] == s.faces[s.slot_tile[i]]
        assert sorted(hidden_designs(r)) == sorted(hidden_designs(s))
        # step 3: the other seats' knowledge agrees with the sample
        for q in (B, C):
            if r.hand[q] >= 0:
                assert r.view(q)["me"]["hand"] == list(r.faces[r.slot_tile[r.hand[q]]])
            assert r.view(q)["me"]["tiles"] == sorted(list(r.faces[t]) for t in r.holdings(q))
    assert len(faces_seen) > 1 and len(designs_seen) > 1 and len(aside_seen) > 1


# TR-H4
def test_tr_h4_fresh_chance_and_no_record():
    s = grab_position()
    r = s.resample(A, random.Random(3))
    assert r.chance.to_json() != s.chance.to_json()
    with pytest.raises(RecordError):
        r.record()
    # the true state is untouched
    assert s.resample(A, random.Random(3)).view(A) == s.view(A)


# TR-H4
def test_tr_h4_after_reveal_only_set_aside_unknown_multiset_fixed():
    """TR-H5 (informative): uniform sampling; after the reveal nothing but the set-aside
    order can differ."""
    s = to_grab(3, seed=78)
    s.apply(A, peek(0))
    s.apply(B, peek(1))
    s.apply(C, peek(2))
    all_act(s, KEEP)
    all_act(s, DONE)
    assert s.phase == "build"
    for k in range(5):
        r = s.resample(B, random.Random(k))
        assert [r.faces[t] for t in range(len(r.loc)) if r.loc[t] >= -1] == [
            s.faces[t] for t in range(len(s.loc)) if s.loc[t] >= -1
        ] or sorted(r.faces[t] for t in r.aside) == sorted(s.faces[t] for t in s.aside)
        assert sorted(r.faces[t] for t in r.aside) == sorted(s.faces[t] for t in s.aside)
        for p in range(3):
            assert sorted(r.faces[t] for t in r.holdings(p)) == sorted(
                s.faces[t] for t in s.holdings(p)
            )
        assert r.view(B) == s.view(B)
