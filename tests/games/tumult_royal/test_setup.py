"""Setup (TR-S1..TR-S8), rank and grace cards (TR-D4, TR-D5), round structure and chance
(TR-R1..TR-R3)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction

from .helpers import GAME, POOL, new, place, set_designs, to_build, to_grab


# TR-S1, TR-S2, TR-S3, TR-S6
@pytest.mark.parametrize(("players", "followers", "tiles"), [(2, 30, 27), (3, 20, 33), (4, 15, 39)])
def test_tr_s1_s2_s3_s6_personal_supply_and_pool(players, followers, tiles):
    s = new(players, seed=5)
    assert s.players == players  # TR-S1 seats 0..P-1
    assert s.reserve == [25] * players  # TR-S2
    assert s.followers == [followers] * players
    assert s.grace == [False] * players  # TR-D5: every card starts on no_grace
    assert all(w == POOL for w in s.loc) and len(s.loc) == tiles  # TR-S3: all in the pool
    assert all(not s.holdings(p) for p in range(players))


# TR-S4, TR-D4
@pytest.mark.parametrize("players", [2, 3, 4])
def test_tr_s4_d4_rank_deal_is_a_permutation_and_varies(players):
    ranks = {tuple(new(players, seed=k).rank) for k in range(60)}
    for r in ranks:
        assert sorted(r) == list(range(players))  # TR-D4: ranks 1..P, King first
    assert len(ranks) > 1  # dealt by chance (TR-S4)


# TR-S4, TR-S5
def test_tr_s4_s5_chance_events_are_named_and_forceable():
    """TR-R2: every chance event can be forced, including the rank deal and landscape."""
    landscape = ["L10", *[f"L0{i}" for i in range(1, 10)]]
    s = GAME.new_game(4, 9, chance_script={"rank deal": [[2, 0, 3, 1]], "landscape": [landscape]})
    assert s.rank == [2, 0, 3, 1]
    assert s.designs[0] == "L10"  # position (0,0) gets the first shuffled design (TR-S5)


# TR-S5
@pytest.mark.parametrize(("players", "down"), [(2, [1]), (3, [0, 2]), (4, [0, 3])])
def test_tr_s5_face_down_columns(players, down):
    s = new(players, seed=2)
    assert [c for c in range(players) if not s.face_up[c]] == down
    assert sorted(s.designs) == sorted(s.rules.landscape_tiles)  # 2P used, rest out of game


# TR-S7
def test_tr_s7_start_order_lowest_rank_first_and_free_meadow():
    s = new(4, seed=11)
    s.rank = [2, 0, 3, 1]
    order = []
    while s.phase == "setup_start_statues":
        seat = s.actors()[0]
        order.append(seat)
        legal = s.legal_actions(seat)
        for a in legal:  # only free meadows on face-up tiles
            f = s.land.field(*a.field)
            assert s.terrain(f) == "M" and s.owner[f] < 0
        before = s.followers.copy()
        s.apply(seat, legal[0])
        assert s.followers == before  # free of charge
    assert order == [1, 3, 0, 2]  # rank P first, King last
    assert s.reserve == [24] * 4
    assert sum(1 for o in s.owner if o >= 0) == 4


# TR-S7
def test_tr_s7_start_statue_must_be_meadow_on_face_up_tile():
    s = new(2, seed=1)
    set_designs(s, ["L06", "L01", "L02", "L03", "L04", "L05", "L07", "L08", "L09", "L10"])
    seat = s.actors()[0]
    with pytest.raises(IllegalAction) as err:
        s.apply(seat, place(1, 0))  # castle of L06
    assert err.value.rule == "TR-S7"
    with pytest.raises(IllegalAction):
        s.apply(seat, place(0, 3))  # meadow of L01, but column 1 is face down
    s.apply(seat, place(0, 0))
    with pytest.raises(IllegalAction):
        s.apply(s.actors()[0], place(0, 0))  # occupied
    s.apply(s.actors()[0], place(0, 2))  # next to the other player: allowed


# TR-S8
def test_tr_s8_start_of_play_round_one_phase_one():
    s = new(3, seed=4)
    assert s.round == 0 and s.chronicle == []
    s = to_grab(3, seed=4)
    assert s.round == 1 and s.chronicle == []
    assert all(d in (2, 3, 4, 5) for d in s.demand)  # phase 1 spun at once


# TR-R1
def test_tr_r1_phase_sequence_in_events():
    s = to_build(4, seed=3)
    while s.phase == "build":
        s.apply(s.actors()[0], s.legal_actions(s.actors()[0])[-1])  # end_turn
    types = [e["type"] for e in s.events]
    order = ["spin", "grab", "reveal", "end_turn", "crown", "grace", "spin"]
    idx = [types.index(order[0])]
    for t in order[1:]:
        idx.append(types.index(t, idx[-1] + 1))
    assert idx == sorted(idx)
    assert s.round == 2 and s.phase == "grab"


# TR-R2
def test_tr_r2_decision_points_and_forced_moves_are_presented():
    s = to_grab(2, seed=8)
    assert s.actors() == (0, 1)  # simultaneous grab
    for seat in (0, 1):
        assert {a.kind for a in s.legal_actions(seat)} >= {"done", "wait"}
    s = to_build(2, seed=8)
    seat = s.actors()[0]
    assert len(s.actors()) == 1
    assert s.legal_actions(seat)[-1].kind == "end_turn"  # presented even if alone


# TR-R3
def test_tr_r3_current_rank_decides_build_order():
    s = to_build(4, seed=2, rank=[3, 1, 0, 2])
    order = []
    while s.phase == "build":
        seat = s.actors()[0]
        order.append(seat)
        s.apply(seat, s.legal_actions(seat)[-1])
    assert order == [3, 1, 0, 2]
    assert GAME.id == "tumult-royal"


# TR-E27
def test_tr_e27_a_face_up_meadow_always_exists_for_start_statues():
    for players in (2, 3, 4):
        for seed in range(40):
            s = new(players, seed=seed)
            while s.phase == "setup_start_statues":
                seat = s.actors()[0]
                legal = s.legal_actions(seat)
                assert legal  # impossible to run out with valid data (TR-D13)
                s.apply(seat, legal[-1])


# TR-S6
def test_tr_s6_follower_supply_is_unlimited():
    s = to_build(2, seed=12)
    s.followers = [10**6, 10**6]
    for seat in list(s.rank):
        s.apply(seat, s.legal_actions(seat)[-1])  # +2 each, no cap
    assert sorted(s.followers) == [10**6 + 2 - 5, 10**6 + 2]  # King's tax after the bonus
