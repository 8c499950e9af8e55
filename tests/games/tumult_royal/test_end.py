"""End of the game, winner and returns (TR-V1..TR-V6, TR-E19, TR-E26)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction

from .helpers import END_TURN, A, B, C, assign, build, set_board, set_designs, set_placed, to_build

X2_DESIGNS = ["L06", "L01", "L02", "L03", "L04", "L05", "L07", "L08", "L09", "L10"]


# TR-V1
def test_tr_v1_tr_e19_25th_statue_mid_turn_ends_at_once():
    s = to_build(2, seed=61)
    set_designs(s, X2_DESIGNS, [True, False])
    s.rank, s.turn, s.built = [A, B], 0, False
    set_board(s, {(2, 0): A, (5, 5): (A, 23), (0, 2): B})
    hand = [("bread", 1), ("tools", 1), ("bread", 1), ("tools", 1)]
    assign(s, {A: hand})
    s.apply(A, build(3, 0, ("bread", 1), ("tools", 1)))
    assert s.is_over() and s.end_reason == "25th statue" and s.winners() == [A]
    assert s.actors() == () and s.legal_actions(B) == []
    assert not any(e["type"] in ("crown", "grace", "end_turn") for e in s.events)
    with pytest.raises(IllegalAction):
        s.apply(A, END_TURN)
    # TR-V5: the instant winner is first even with fewer followers
    assert s.ranking_keys()[A] > s.ranking_keys()[B]


# TR-V2
def test_tr_v2_threshold_end_skips_phases_six_and_seven():
    s = to_build(3, seed=62)
    set_placed(s, [15, 5, 5])
    s.round = 6
    s.followers = [20, 5, 5]
    s.events.clear()
    while s.phase == "build":
        s.apply(s.actors()[0], END_TURN)
    assert s.end_reason == "threshold" and s.winners() == [A]
    assert not any(e["type"] == "grace" for e in s.events)


# TR-V3
def test_tr_v3_tr_e26_round_limit_and_threshold_at_round_ten():
    s = to_build(2, seed=63)
    s.round = 10
    set_placed(s, [5, 3])
    s.followers = [20, 5]
    while s.phase == "build":
        s.apply(s.actors()[0], END_TURN)
    assert s.is_over() and s.end_reason == "threshold"  # 7 - 3 = 4 > 2
    assert s.winners() == [A]


# TR-V4, TR-V5
def test_tr_v4_v5_winner_tie_breaks_placed_followers_rank():
    s = to_build(3, seed=64)
    set_placed(s, [10, 12, 12])
    s.followers = [30, 4, 5]
    s.rank = [A, B, C]
    s.finish(-1, "round limit")
    assert s.winners() == [C]  # most placed, then followers
    s.followers = [30, 5, 5]
    assert s.winners() == [B]  # then better rank
    keys = s.ranking_keys()
    standing = sorted(range(3), key=lambda p: keys[p], reverse=True)
    assert standing == [B, C, A]
    assert s.scores() == [10.0, 12.0, 12.0]


# TR-V6
def test_tr_v6_returns_zero_sum_win_loss():
    s = to_build(4, seed=65)
    assert s.returns() == [0.0] * 4  # intermediate rewards are 0
    set_placed(s, [9, 8, 7, 6])
    s.finish(-1, "round limit")
    assert s.returns() == pytest.approx([1.0, -1 / 3, -1 / 3, -1 / 3])
    assert sum(s.returns()) == pytest.approx(0.0)
