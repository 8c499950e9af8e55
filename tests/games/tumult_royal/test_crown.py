"""Phase 5 crown and chronicle (TR-R23..TR-R27), phase 6 grace (TR-R28), phase 7 end of
round (TR-R29..TR-R31) and their edge cases (TR-E20..TR-E26, TR-E30)."""

from __future__ import annotations

from spieltisch.games.tumult_royal import crown as phase_5
from spieltisch.games.tumult_royal.crown import grace
from spieltisch.games.tumult_royal.tumult import tumult_check

from .helpers import (
    DONE,
    END_TURN,
    GAME,
    POOL,
    A,
    B,
    C,
    D,
    all_act,
    assign,
    expected_conserved,
    faces_of,
    set_placed,
    to_build,
    to_grab,
)


def crown(players, placed, followers, rank, round_no, seed=51, **opt):
    s = to_build(players, seed=seed, **opt)
    set_placed(s, placed)
    s.followers = list(followers)
    s.rank = list(rank)
    s.round = round_no
    s.chronicle = []
    s.events.clear()
    phase_5.crown(s)
    return s


# TR-R23
def test_tr_r23_stable_sort_by_followers():
    s = crown(4, [5, 5, 5, 5], [10, 12, 10, 12], [C, D, A, B], 1)
    assert s.rank == [D, B, C, A]  # ties keep the previous order


# TR-R24
def test_tr_r24_tr_e23_e24_king_tax_floored_ranks_not_recomputed():
    s = crown(3, [5, 5, 5], [9, 8, 8], [A, B, C], 1)
    assert s.followers == [4, 8, 8] and s.rank == [A, B, C]  # TR-E24
    s = crown(3, [5, 5, 5], [3, 2, 2], [A, B, C], 1)
    assert s.followers[A] == 0  # TR-E23


# TR-E22
def test_tr_e22_zero_followers_king_by_tie_order():
    s = crown(3, [5, 5, 5], [0, 0, 0], [B, A, C], 2)
    assert s.rank == [B, A, C] and s.followers == [0, 0, 0]


# TR-R25
def test_tr_r25_chronicle_one_then_two_statues():
    s = crown(2, [5, 5], [10, 5], [A, B], 5)
    assert s.chronicle == [(A, 1)] and s.placed(A) == 6
    s = crown(2, [5, 5], [10, 5], [A, B], 6)
    assert s.chronicle == [(A, 2)] and s.placed(A) == 7
    assert s.conserved() == expected_conserved(s)


# TR-R25, TR-E21
def test_tr_r25_tr_e21_last_statue_on_two_statue_field_wins():
    s = crown(3, [24, 20, 20], [10, 5, 5], [A, B, C], 7)
    assert s.is_over() and s.winner == A and s.winners() == [A]
    assert s.chronicle == [(A, 1)] and s.reserve[A] == 0


# TR-E20
def test_tr_e20_chronicle_win_beats_end_check():
    s = crown(3, [23, 10, 10], [10, 5, 5], [A, B, C], 6)  # delta would be 15 > 6
    assert s.end_reason == "25th statue" and s.winners() == [A]
    assert not any(e["type"] == "grace" for e in s.events)


# TR-R26
def test_tr_r26_end_check_only_with_threshold_and_strict():
    s = crown(3, [20, 5, 5], [10, 5, 5], [A, B, C], 5)  # field 5: no threshold
    assert not s.is_over()
    s = crown(3, [10, 7, 7], [10, 5, 5], [A, B, C], 6)  # 12 - 7 = 5 < 6
    assert not s.is_over()
    s = crown(3, [11, 7, 7], [10, 5, 5], [A, B, C], 6)  # 13 - 7 = 6 = theta: continue
    assert not s.is_over()
    s = crown(3, [12, 7, 7], [10, 5, 5], [A, B, C], 6)  # 7 > 6
    assert s.is_over() and s.end_reason == "threshold"


# TR-E25
def test_tr_e25_end_check_counts_the_kings_new_statues():
    # before: 13 - 8 = 5 = theta_7; the King's 2 statues make it 7 > 5
    s = crown(3, [13, 8, 10], [10, 5, 5], [B, A, C], 7)
    assert s.rank[0] == A and s.is_over() and s.end_reason == "threshold"
    s = crown(3, [12, 13, 9], [10, 20, 5], [A, B, C], 7)  # B King: 15 - 9 = 6 > 5
    assert s.is_over()


# TR-R27
def test_tr_r27_fog_reveal_after_the_scheduled_round():
    """TR-R27, TR-D10: the scheduled tiles turn face up in phase 5 of the listed round, and
    the log names them as players point at them."""
    s = crown(4, [3, 3, 3, 3], [5, 5, 5, 5], [A, B, C, D], 2)
    # 4 players: column 0 after round 2; column 3 stays face down until round 4
    assert s.face_up == [True, True, True, False, True, True, True, False]
    assert all(s.terrain(f) for f in s.land.fields_of_column(0))
    fog = s.log(None)[-1]
    assert fog == {"type": "fog", "tiles": [[0, 0], [1, 0]], "tile_columns": 4}
    assert GAME.describe(fog, None) == "The fog lifts: the outer left column lies face up now."
    s = crown(2, [3, 3], [5, 5], [A, B], 2)
    assert s.face_up == [True, False, True, False]
    s = crown(2, [3, 3], [5, 5], [A, B], 3)
    assert s.face_up == [True, True, True, True]
    v = s.view(None)
    assert all(p["design"] and p["face_up"] for p in v["landscape"]["positions"])


# TR-R27, TR-D8, TR-D10
def test_tr_r27_three_players_reveal_half_the_landscape_in_two_steps():
    """TR-D8: 3 of 6 tiles start face down (the seed's "jeweils die Hälfte"); TR-D10: they
    turn face up in two steps, after rounds 2 and 4, as the ruleset data lists them."""
    s = to_build(3, seed=51)
    layout = s.rules.layouts[3]
    assert s.face_up.count(False) == 3 == len(layout.face_down)
    assert sorted(layout.reveal_after_round) == [2, 4]
    seen = set()
    for round_no in (2, 4):
        s = crown(3, [3, 3, 3], [5, 5, 5], [A, B, C], round_no)
        seen |= {tuple(t) for t in s.log(None)[-1]["tiles"]}
        assert s.face_up.count(False) == 3 - len(layout.reveal_after_round[round_no])
    assert seen == set(layout.face_down)
    s = crown(3, [3, 3, 3], [5, 5, 5], [A, B, C], 3)
    assert s.log(None)[-1]["type"] != "fog"  # nothing is revealed after round 3


# TR-R27
def test_tr_r27_reveal_comes_after_the_end_check():
    s = crown(3, [20, 5, 5], [10, 5, 5], [A, B, C], 6)
    start = to_build(3, seed=51).face_up
    assert s.is_over() and s.face_up == start  # the game ended before any reveal


# TR-R28
def test_tr_r28_grace_to_all_tied_fewest():
    s = to_build(4, seed=52)
    set_placed(s, [5, 3, 3, 7])
    grace(s)
    assert s.grace == [False, True, True, False]
    set_placed(s, [4, 4, 4, 4])
    grace(s)
    assert s.grace == [True] * 4


# TR-R29, TR-R30
def test_tr_r29_r30_goods_return_and_reset():
    s = to_grab(3, seed=53)
    s.apply(0, DONE)
    s.apply(1, DONE)
    s.apply(2, DONE)
    assign(s, {A: [("bread", 3)], B: [("tools", 1)], "aside": [("marble", 3)] * 3})
    s.memory = [[0], [], []]
    while s.phase == "build":
        s.apply(s.actors()[0], END_TURN)
    assert s.round == 2 and s.phase == "grab"
    assert all(not s.holdings(p) for p in range(3))  # everything back, redealt
    assert s.memory == [[], [], []] and s.hand == [-1] * 3
    assert len(s.aside) == 9
    assert s.conserved() == expected_conserved(s)


# TR-R29
def test_tr_r29_keep_goods_carries_face_up_and_excluded_from_set_aside():
    s = to_grab(3, seed=54, keep_goods=True)
    all_act(s, DONE)
    assign(s, {A: [("bread", 3), ("bread", 3)], B: [("tools", 1)]})
    while s.phase == "build":
        s.apply(s.actors()[0], END_TURN)
    assert faces_of(s, A) == [("bread", 3), ("bread", 3)]
    assert all(s.carried[t] for t in s.holdings(A))
    assert not any(s.loc[t] >= 0 for t in s.aside + s.slot_tile)
    assert s.view(C)["players_state"][A]["public_tiles"] == [["bread", 3], ["bread", 3]]
    assert len(s.slot_tile) + len(s.aside) == 33 - 3


# TR-E30
def test_tr_e30_returned_tiles_join_pool_for_next_round():
    s = to_build(2, seed=55)
    assign(s, {A: [("bread", 3), ("bread", 1)]})
    s.demand = [99, 0, 0]
    tumult_check(s)
    returned = [t for t, f in enumerate(s.faces) if f == ("bread", 3) and s.loc[t] == POOL]
    assert returned
    assert s.phase == "build"  # no grab action exists any more this round
    while s.phase == "build":
        s.apply(s.actors()[0], END_TURN)
    assert all(t in s.aside + s.slot_tile for t in returned)


# TR-R31
def test_tr_r31_tr_e26_round_ten_ends_the_game():
    s = to_build(2, seed=56)
    s.round = 10
    set_placed(s, [3, 3])  # the King's 2 statues give delta 2 = theta_10: no threshold end
    s.followers = [5, 5]
    while s.phase == "build":
        s.apply(s.actors()[0], END_TURN)
    assert s.is_over() and s.end_reason == "round limit"
    assert any(e["type"] == "grace" for e in s.events)  # phases 6 and 7 were played
    s = to_build(2, seed=56)
    s.round = 9
    while s.phase == "build":
        s.apply(s.actors()[0], END_TURN)
    assert s.round == 10 and not s.is_over()
