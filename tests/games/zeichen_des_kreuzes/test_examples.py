"""The worked examples of section 11 (ZK-X1..ZK-X5), exactly as written, with a scripted
tower (ZK-T8) and tie_rule defender."""

from __future__ import annotations

from collections import Counter

import pytest

from spieltisch.games.zeichen_des_kreuzes.city_phase import city_options

from .helpers import (
    GREEN,
    A,
    cell,
    city,
    cubes_ok,
    do,
    new,
    place,
    script_tower,
    set_cubes,
    set_hand,
    stack_pile,
    to_phase,
    tray,
    xy,
)


def set_tile(s, name, value):
    """Give ``name`` the face-down tile ``value`` by swapping with a city of the same
    colour, so the multiset of tiles is unchanged."""
    board = s.comp.board
    here = city(s, name)
    kind = board.cities[here].kind
    if s.tile[here] == value:
        return
    other = next(
        c.index
        for c in board.cities
        if c.kind == kind and c.index != here and s.tile[c.index] == value
    )
    s.tile[here], s.tile[other] = s.tile[other], s.tile[here]


def tower_counts(s):
    return {("G" if c == GREEN else f"P{c}"): n for c, n in s.tower.counts().items() if n}


def activate(s, seat):
    s.active = seat
    to_phase(s, "cards")


def test_x1_won_muslim_plunder_with_prisoner():
    """ZK-X1 (ZK-R29, ZK-C9): won Muslim plunder with a prisoner."""
    s = new(4)
    tiles_before = Counter(s.tile)
    set_tile(s, "Tunis", 4)
    assert Counter(s.tile) == tiles_before
    place(s, 0, 10, 10, origin=(9, 10))
    s.motivation[0] = 9
    script_tower(s, tray(P0=4, G=2, P2=1), contents={"P0": 2, "G": 1, "P2": 2})
    assert (s.army[0], s.supply[0], s.treasure[0]) == (6, 22, 3)
    p2_supply = s.supply[2]
    to_phase(s, "city")
    assert A.PLUNDER in s.legal_actions(0)  # 0 tiles < limit 3
    do(s, 0, A.PLUNDER)
    assert s.fight.enemy == 3  # E = 3
    assert s.decision_kind == "empty"
    do(s, 0, A.KEEP_TOWER)
    do(s, 0, A.commit(5))
    throw = [e for e in s.log(None) if e["type"] == "throw"][-1]
    assert throw["thrown"] == {"P0": 5, "G": 3}
    assert throw["tray"] == {"P0": 4, "G": 2, "P2": 1}
    assert [e for e in s.log(None) if e["type"] == "fight_result"][-1]["won"] is True
    assert (s.army[0], s.supply[0], s.tower.count(0)) == (4, 23, 3)
    assert s.treasure[0] == 7
    assert s.motivation[0] == 11
    assert s.green_tiles[0] == [4]
    assert s.plundered_by[city(s, "Tunis")] == 0
    assert s.view(None)["cities"][city(s, "Tunis")]["tile"] == 4
    assert s.pawn[0] == cell(s, 10, 10)
    assert s.supply[2] == p2_supply + 1 and s.tower.count(2) == 1
    assert tower_counts(s) == {"P0": 3, "G": 2, "P2": 1}
    assert cubes_ok(s)


def test_x2_lost_christian_plunder():
    """ZK-X2 (ZK-R28, ZK-C10, ZK-C12): lost Christian-city plunder and the retreat."""
    s = new(4)
    activate(s, 3)
    paris = city(s, "Paris")
    set_hand(s, 3, [6])
    script_tower(s, tray(P3=1, G=2, P0=1), contents={"G": 3, "P0": 1})
    p0_supply = s.supply[0]
    assert s.pawn[3] == cell(s, 5, 4)  # Rouen
    do(s, 3, A.move(6, cell(s, 6, 4)))
    assert s.origin[3] == cell(s, 5, 4)
    do(s, 3, A.END_CARDS)
    assert s.decision_kind == "city"
    assert (s.army[3], s.supply[3], s.tower.count(3), s.treasure[3], s.motivation[3]) == (
        8,
        22,
        0,
        5,
        10,
    )
    do(s, 3, A.PLUNDER)
    assert s.fight.enemy == 2
    do(s, 3, A.KEEP_TOWER)
    do(s, 3, A.commit(3))
    assert [e for e in s.log(None) if e["type"] == "fight_result"][-1]["won"] is False
    assert (s.army[3], s.supply[3], s.tower.count(3)) == (5, 23, 2)
    assert s.treasure[3] == 5
    assert s.motivation[3] == 8
    assert s.pawn[3] == cell(s, 5, 4) and s.origin[3] == -1
    assert s.plundered_by[paris] == -1
    assert s.view(0)["cities"][paris]["tile"] is None
    assert s.supply[0] == p0_supply + 1
    assert tower_counts(s) == {"G": 3, "P3": 2}
    assert cubes_ok(s)
    # PRAY, RECRUIT and PLUNDER remain available at Paris
    t = s.clone()
    place(t, 3, 6, 4)
    assert {a.kind for a in city_options(t, 3)} == {"pray", "recruit", "plunder", "pass"}


@pytest.mark.parametrize("papal_reward", ["declaration", "lost_siege"])
def test_x3_jerusalem_siege_won_then_lost_round(papal_reward: str) -> None:
    """ZK-X3 (ZK-J1..ZK-J11, ZK-H4): a siege with one won and one lost round. The example
    is played with ``papal_reward = declaration``; under the default ``lost_siege`` the
    reward of 2 is paid when round 2 is lost, before the retreat, and the final treasure
    is the same (ZK-J2, ZK-E36)."""
    on_declaring = papal_reward == "declaration"
    s = new(4, papal_reward=papal_reward)
    activate(s, 2)
    place(s, 2, 23, 12, origin=(24, 11))
    s.sieges = 1
    s.treasure[2] = 1
    s.motivation[2] = 7
    s.green_tiles[2] = [3, 5]
    script_tower(s, tray(P2=6, G=3, P0=1), tray(P2=2, G=4), contents={"P2": 2, "G": 2, "P0": 1})
    set_cubes(s, 2, 12)
    assert (s.army[2], s.supply[2], s.tower.count(2)) == (12, 16, 2)
    assert s.defender() == 1
    p0_supply = s.supply[0]
    do(s, 2, A.END_CARDS)
    assert s.decision_kind == "city" and A.SIEGE in s.legal_actions(2)
    do(s, 2, A.SIEGE)
    assert s.sieges == 2 and s.treasure[2] == (3 if on_declaring else 1)
    # round 1
    do(s, 2, A.KEEP_TOWER)
    assert s.decision_kind == "attack" and s.decider == 2
    do(s, 2, A.commit(7))
    assert s.decision_kind == "defend" and s.decider == 1
    do(s, 1, A.defend(4))
    assert (s.army[2], s.supply[2], s.tower.count(2)) == (9, 18, 3)
    assert s.motivation[2] == 8
    assert s.garrison == 11
    assert s.treasure[2] == (3 if on_declaring else 1)  # a won round pays nothing
    assert s.supply[0] == p0_supply + 1
    assert tower_counts(s) == {"P2": 3, "G": 3}
    assert cubes_ok(s)
    assert s.decision_kind == "continue"
    do(s, 2, A.CONTINUE_SIEGE)
    # round 2
    do(s, 2, A.KEEP_TOWER)
    do(s, 2, A.commit(6))
    do(s, 1, A.defend(3))
    assert (s.army[2], s.supply[2], s.tower.count(2)) == (3, 20, 7)
    assert s.motivation[2] == 6
    assert xy(s, s.pawn[2]) == (24, 11)
    assert s.decision_kind == "discard"
    assert s.garrison == 8 and s.sieges == 2 and s.treasure[2] == 3
    assert tower_counts(s) == {"P2": 7, "G": 2}
    assert cubes_ok(s)
    kinds = [e["type"] for e in s.log(None)]
    if on_declaring:
        assert "papal_reward" not in kinds
    else:  # paid for the lost round, before the retreat (ZK-J11)
        paid = kinds.index("papal_reward")
        assert kinds[paid - 1] == "fight_result" and kinds[paid + 1] == "retreat"
        assert s.log(None)[paid] == {"type": "papal_reward", "seat": 2, "number": 2, "reward": 2}


def x4_position(fleet_e_at=(20, 12)):
    s = new(4)
    activate(s, 1)
    place(s, 1, 19, 11)
    set_cubes(s, 1, 6)
    s.motivation[1] = 5
    s.units[1] = cell(s, *fleet_e_at)
    set_hand(s, 1, [56])
    script_tower(s, tray(P1=4, G=2))
    return s


def test_x4_fleet_beaten_on_start_cell():
    """ZK-X4 (ZK-R23, ZK-R16, ZK-E10): a fleet beaten on its start cell is removed."""
    s = x4_position()
    assert (s.army[1], s.supply[1], s.tower.count(1)) == (6, 24, 0)
    assert s.tower.total() == 0
    do(s, 1, A.move(56, cell(s, 20, 12)))
    assert s.origin[1] == cell(s, 19, 11)
    assert s.fight.kind == "unit_fleet" and s.fight.enemy == 3
    assert s.decision_kind == "commit"  # no truce card, empty tower: no windows
    do(s, 1, A.commit(5))
    assert (s.army[1], s.supply[1], s.tower.count(1)) == (3, 26, 1)
    assert s.motivation[1] == 6
    assert s.units[1] == -1
    assert s.pawn[1] == cell(s, 20, 12)
    assert tower_counts(s) == {"P1": 1, "G": 1}
    assert cubes_ok(s)
    assert s.decision_kind == "symbol"
    moves = {(a.unit, xy(s, a.to)) for a in s.legal_actions(1) if a.kind == "move_unit"}
    assert moves == {(0, (7, 8)), (0, (7, 9)), (0, (8, 8)), (0, (9, 9))}


def test_x4_contrast_fleet_beaten_off_start():
    """ZK-X4 contrast (ZK-E11): beaten on (20,11), FLEET_E returns to (20,12) in play."""
    s = x4_position(fleet_e_at=(20, 11))
    do(s, 1, A.move(56, cell(s, 20, 11)))
    do(s, 1, A.commit(5))
    assert s.units[1] == cell(s, 20, 12)
    assert (s.army[1], s.supply[1], s.tower.count(1)) == (3, 26, 1)


def test_x5_draw_limit_at_low_motivation():
    """ZK-X5 (ZK-R6, ZK-R34, ZK-R35, ZK-E27): D = 2 at motivation 3, immediates do not
    count, D stays 2 after the Papal blessing."""
    s = new(4)
    s.motivation[0] = 3
    set_hand(s, 0, [20])
    set_cubes(s, 0, 5)
    assert s.supply[0] == 25
    stack_pile(s, [111, 12, 101, 70])
    discard_before = list(s.discard)
    others = list(s.motivation[1:])
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert s.hands[0] == [12, 20, 70]
    assert s.motivation[0] == 4
    assert (s.army[0], s.supply[0]) == (3, 27)
    assert s.discard == [*discard_before, 111, 101]
    assert s.motivation[1:] == [m + 1 for m in others]
    assert cubes_ok(s)


@pytest.mark.parametrize(("motivation", "hand", "drawn"), [(1, 0, 1), (6, 4, 1), (2, 5, 0)])
def test_x5_comparisons(motivation, hand, drawn):
    """ZK-X5 comparisons: m 1 hand 0 -> D 1; m 6 hand 4 -> D 1; m 2 hand 5 -> D 0."""
    s = new(4)
    s.motivation[0] = motivation
    set_hand(s, 0, list(range(20, 20 + hand)))
    stack_pile(s, [12, 13, 14])
    to_phase(s, "discard")
    s.normalize()
    if s.decision_kind == "discard":
        do(s, 0, A.END_DISCARD)
    assert len(s.hands[0]) == hand + drawn
