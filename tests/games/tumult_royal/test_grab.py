"""Phase 2, the grab (TR-R6, TR-G1..TR-G16) and its edge cases (TR-E1..TR-E5, TR-E28)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction
from spieltisch.games.tumult_royal.mood import begin_round

from .helpers import (
    ASIDE,
    DONE,
    KEEP,
    POOL,
    PUT_BACK,
    WAIT,
    all_act,
    expected_conserved,
    peek,
    to_grab,
)


# TR-G2, TR-G3
def test_tr_g2_g3_set_aside_and_slots():
    s = to_grab(4, seed=21)
    assert len(s.aside) == 12  # 3 * P, chosen from the pool
    assert all(s.loc[t] == ASIDE for t in s.aside)
    assert len(s.slot_tile) == 39 - 12
    assert sorted(s.slot_tile + s.aside) == list(range(39))
    assert all(st == -1 for st in s.slot_holder + s.slot_taker)  # TR-G4: all down
    assert s.hand == [-1] * 4 and s.done == [False] * 4  # TR-G5
    assert s.memory == [[], [], [], []]


# TR-G2, TR-G3
def test_tr_g2_g3_scripted_draws_are_used():
    aside = list(range(24, 33))
    slots = list(range(23, -1, -1))
    s = to_grab(3, seed=2, aside=aside, slots=slots)
    assert s.aside == sorted(aside)
    assert s.slot_tile == slots[: len(s.slot_tile)]


# TR-G6
def test_tr_g6_legal_actions_empty_hand_and_holding():
    s = to_grab(2, seed=3)
    legal = s.legal_actions(0)
    kinds = [a.kind for a in legal]
    assert kinds.count("peek") == len(s.slot_tile) and "keep" not in kinds
    s.apply(0, peek(0))
    s.apply(1, WAIT)
    assert {a.kind for a in s.legal_actions(0)} == {"keep", "put_back", "done", "wait"}
    assert peek(0) not in s.legal_actions(1)  # held at the tick start


# TR-G7, TR-G8
def test_tr_g7_g8_keep_put_back_and_memory():
    s = to_grab(2, seed=4)
    f0, f1 = s.faces[s.slot_tile[0]], s.faces[s.slot_tile[1]]
    s.apply(0, peek(0))
    s.apply(1, peek(1))
    assert s.slot_holder[:2] == [0, 1] and s.hand == [0, 1]
    assert s.memory == [[0], [1]]
    assert s.view(0)["me"]["hand"] == list(f0)
    s.apply(0, KEEP)
    s.apply(1, PUT_BACK)
    assert s.slot_taker[0] == 0 and s.loc[s.slot_tile[0]] == 0  # TR-G7 keep
    assert s.slot_holder[1] == -1 and s.slot_taker[1] == -1  # put back: down
    assert s.hand == [-1, -1]
    assert s.view(1)["me"]["memory"] == {"1": list(f1)}  # memory stays (TR-G12)
    assert s.conserved() == expected_conserved(s)


# TR-G8, TR-E3
def test_tr_g8_tr_e3_freed_slot_not_peekable_same_tick():
    s = to_grab(2, seed=5)
    s.apply(0, peek(3))
    s.apply(1, WAIT)
    s.apply(0, PUT_BACK)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:  # slot 3 is held at the tick start
        s.apply(1, peek(3))
    assert err.value.rule == "TR-G6"
    assert s.to_json() == before
    s.apply(1, WAIT)
    s.apply(0, WAIT)
    s.apply(1, peek(3))  # free from the next tick
    assert s.slot_holder[3] == 1


# TR-G8, TR-E4
def test_tr_g8_tr_e4_conflict_uniform_winner_loser_learns_nothing():
    s = to_grab(3, seed=6)
    s.chance.script("peek conflict", 2)
    s.apply(0, peek(5))
    s.apply(1, peek(5))
    s.apply(2, peek(5))
    assert s.hand == [-1, -1, 5] and s.memory == [[], [], [5]]
    assert [e["won"] for e in s.last_tick] == [False, False, True]
    winners = set()
    for seed in range(30):
        t = to_grab(2, seed=seed)
        t.apply(0, peek(0))
        t.apply(1, peek(0))
        winners.add(t.slot_holder[0])
    assert winners == {0, 1}


# TR-G9
def test_tr_g9_ends_after_t_ticks_and_tr_e1_hand_returns():
    s = to_grab(2, seed=7, grab_ticks=3)
    s.apply(0, peek(0))
    s.apply(1, peek(1))
    s.apply(0, KEEP)
    s.apply(1, WAIT)
    kept = s.slot_tile[0]
    s.apply(0, peek(2))
    s.apply(1, WAIT)  # tick 3: seat 1 still holds slot 1, seat 0 holds slot 2
    assert s.tick == 3 and s.phase == "build"  # TR-G9: T ticks done, TR-G1
    assert s.loc[kept] == 0
    assert s.loc[s.slot_tile[1]] == POOL and s.loc[s.slot_tile[2]] == POOL  # TR-E1
    assert s.hand == [-1, -1] and s.done == [True, True]


# TR-E2
def test_tr_e2_done_while_holding_puts_back_then_done():
    s = to_grab(2, seed=8)
    s.apply(0, peek(4))
    s.apply(1, WAIT)
    s.apply(0, DONE)
    s.apply(1, WAIT)
    assert s.hand[0] == -1 and s.slot_holder[4] == -1 and s.done[0]
    assert s.actors() == (1,)  # TR-G6: done players do not act
    assert 4 in s.memory[0]


# TR-E5
def test_tr_e5_everyone_done_ends_early():
    s = to_grab(4, seed=9)
    all_act(s, DONE)
    assert s.tick == 1 and s.phase == "build" and s.revealed


# TR-G16
def test_tr_g16_at_most_half_t_tiles_and_holding_blocks():
    s = to_grab(2, seed=10, grab_ticks=7)
    slot = 0
    while s.phase == "grab":
        if s.hand[0] < 0:
            s.apply(0, peek(slot))
            slot += 1
        else:
            s.apply(0, KEEP)
        if 1 in s.actors():
            s.apply(1, WAIT if s.hand[1] >= 0 or s.tick else peek(20))
    assert len(s.holdings(0)) == 7 // 2  # floor(T/2)


# TR-G10
def test_tr_g10_kept_tile_is_irrevocable():
    s = to_grab(2, seed=11)
    s.apply(0, peek(0))
    s.apply(1, WAIT)
    s.apply(0, KEEP)
    s.apply(1, WAIT)
    assert s.hand[0] == -1
    assert peek(0) not in s.legal_actions(0) and peek(0) not in s.legal_actions(1)
    with pytest.raises(IllegalAction):
        s.apply(0, PUT_BACK)


# TR-R6, TR-G11
def test_tr_r6_g11_state_at_end_of_phase_two_and_public_log():
    s = to_grab(3, seed=12)
    s.apply(0, peek(0))
    s.apply(1, peek(1))
    s.apply(2, WAIT)
    log = s.last_tick
    assert log == [
        {"seat": 0, "action": "peek", "slot": 0, "won": True},
        {"seat": 1, "action": "peek", "slot": 1, "won": True},
        {"seat": 2, "action": "wait"},
    ]
    v = s.view(2)
    assert v["tick"] == 1 and v["grab_ticks"] == 24 and v["set_aside"] == 9
    assert [v["slots"][i]["state"] for i in (0, 1)] == ["held", "held"]
    assert [v["slots"][i]["seat"] for i in (0, 1)] == [0, 1]
    assert "face" not in v["slots"][0]  # faces never public before phase 3
    s.apply(0, KEEP)
    s.apply(1, DONE)
    s.apply(2, DONE)
    s.apply(0, DONE)
    assert s.phase == "build"
    assert s.hand == [-1, -1, -1]
    assert [len(s.holdings(p)) for p in range(3)] == [1, 0, 0]
    non_aside = [t for t in range(33) if s.loc[t] != ASIDE]
    assert all(s.loc[t] in (POOL, 0) for t in non_aside)


# TR-E28
def test_tr_e28_pool_smaller_than_set_aside_no_slots():
    """keep_goods can shrink the pool; then everything is set aside and nobody can peek."""
    s = to_grab(2, seed=13, keep_goods=True)
    all_act(s, DONE)
    while s.phase == "build":
        s.apply(s.actors()[0], s.legal_actions(s.actors()[0])[-1])
    assert s.phase == "grab" and s.round == 2
    all_act(s, DONE)
    assert s.phase == "build"
    # seat 0 carries 23 tiles face up from earlier rounds: only 4 remain for the pool
    s.loc = [0] * 23 + [POOL] * 4
    s.carried = [True] * 23 + [False] * 4
    s.aside = []
    begin_round(s, s.round + 1)
    assert len(s.aside) == 4 and s.slot_tile == []
    assert all(s.loc[t] == 0 for t in range(23))  # carried tiles are not set aside
    assert {a.kind for a in s.legal_actions(0)} == {"done", "wait"}
    assert s.conserved() == expected_conserved(s)


# TR-G3
def test_tr_g3_a_slot_always_holds_the_same_tile_within_a_round():
    s = to_grab(2, seed=14)
    tile = s.slot_tile[6]
    s.apply(0, peek(6))
    s.apply(1, WAIT)
    s.apply(0, PUT_BACK)
    s.apply(1, WAIT)
    s.apply(0, WAIT)
    s.apply(1, peek(6))
    assert s.slot_tile[6] == tile and s.hand[1] == 6
    assert s.view(1)["me"]["hand"] == list(s.faces[tile]) == s.view(0)["me"]["memory"]["6"]


# TR-G15
def test_tr_g15_a_bot_plays_only_through_legal_actions_and_its_view():
    """TR-G15: bots use the same actions and information; nothing depends on timing."""
    import random

    rng = random.Random(5)
    s = to_grab(3, seed=15, grab_ticks=6)
    steps = 0
    while not s.is_over() and steps < 5000:
        for seat in s.actors():
            assert s.view(seat)["seat"] == seat
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        steps += 1
    assert s.is_over() and len(s.winners()) == 1
    assert s.conserved() == expected_conserved(s)
