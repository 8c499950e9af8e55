"""Edge cases ZK-E1..ZK-E50 not covered elsewhere. Covered in other files (cited there):
ZK-E1, ZK-E3, ZK-E8, ZK-E9 (test_combat); ZK-E6, ZK-E7, ZK-E13, ZK-E14, ZK-E17, ZK-E39,
ZK-E40, ZK-E41 (test_combat, test_events); ZK-E23, ZK-E28, ZK-E31, ZK-E37, ZK-E42
(test_events); ZK-E32..ZK-E36, ZK-E46, ZK-E47 (test_jerusalem); ZK-E48 (test_information,
and here)."""

from __future__ import annotations

from spieltisch.games.zeichen_des_kreuzes.city_phase import city_options

from .helpers import (
    A,
    cell,
    city,
    cubes_ok,
    do,
    illegal,
    log_kinds,
    new,
    no_hands,
    place,
    script_tower,
    set_cubes,
    set_hand,
    stack_pile,
    to_phase,
    tray,
)

FLEET_W, FLEET_E, ARMY_I, ARMY_A = 0, 1, 2, 3


def unit_fight(*trays, tie_rule: str = "defender", hand=(6,), contents=None):
    """Seat 0 steps from (2,7) onto ARMY_I, moved to (2,8)."""
    s = new(4, tie_rule=tie_rule)
    no_hands(s)
    script_tower(s, *trays, contents=contents)
    s.units[ARMY_I] = cell(s, 2, 8)
    place(s, 0, 2, 7)
    set_hand(s, 0, hand)
    do(s, 0, A.move(hand[0], cell(s, 2, 8)))
    return s


# -- fight outcome ------------------------------------------------------------------------------


def test_e2_empty_tray() -> None:
    """ZK-E2: A = Gt = 0 is a loss by default; every committed cube stays in the tower."""
    s = unit_fight(tray())
    do(s, 0, A.commit(3))
    assert s.view(None)["tower"] == {"P0": 3, "G": 3}
    assert s.motivation[0] == 9 and s.pawn[0] == cell(s, 2, 7)
    assert cubes_ok(s)


def test_e4_lance_with_attacker_tie_rule() -> None:
    """ZK-E4: Gt = A + 1 with a lance under tie_rule attacker: a win; Lc = A, nothing back."""
    s = unit_fight(tray(P0=1, G=2), tie_rule="attacker", hand=(6, 135))
    do(s, 0, A.FIGHT)
    do(s, 0, A.commit(3, 135))
    assert s.army[0] == 3 and s.motivation[0] == 11
    assert s.units[ARMY_I] == cell(s, 3, 8) and s.pawn[0] == cell(s, 2, 8)
    assert cubes_ok(s)


def test_e5_win_with_a_zero() -> None:
    """ZK-E5: an empty-handed win under 'attacker' still liberates prisoners."""
    s = unit_fight(tray(P1=2), tie_rule="attacker", contents={"P1": 2})
    do(s, 0, A.KEEP_TOWER)
    supply1 = s.supply[1]
    do(s, 0, A.commit(2))
    assert s.army[0] == 6 - 2 + 2 and s.supply[1] == supply1 + 2
    assert s.motivation[0] == 11
    assert cubes_ok(s)


# -- neutral units -------------------------------------------------------------------------------


def test_e10_removed_unit_and_symbol() -> None:
    """ZK-E10: with ARMY_I removed, an army symbol moves only ARMY_A; with both removed the
    symbol has no effect but the card is still a movement card."""
    s = new(4)
    no_hands(s)
    place(s, 0, 12, 3)
    set_hand(s, 0, [0])
    s.units[ARMY_I] = -1
    do(s, 0, A.move(0, cell(s, 12, 2)))
    assert s.decision_kind == "symbol"
    assert {a.unit for a in s.legal_actions(0) if a.kind == "move_unit"} == {ARMY_A}
    illegal(s, 0, A.move_unit(ARMY_I, cell(s, 3, 7)), "ZK-R18")
    s = new(4)
    no_hands(s)
    place(s, 0, 12, 3)
    set_hand(s, 0, [1])
    s.units[ARMY_I] = s.units[ARMY_A] = -1
    assert A.move(1, cell(s, 12, 2)) in s.legal_actions(0)
    do(s, 0, A.move(1, cell(s, 12, 2)))
    assert s.decision_kind == "cards" and s.pawn[0] == cell(s, 12, 2)


def test_e11_return_not_removal() -> None:
    """ZK-E11: beaten away from its start cell a unit returns and stays in play; beaten on
    its start cell it is removed."""
    s = unit_fight(tray(P0=1), tray(P0=1))
    s.markers[0] = 0
    do(s, 0, A.commit(1))
    assert s.units[ARMY_I] == cell(s, 3, 8)
    set_hand(s, 0, [7])
    do(s, 0, A.move(7, cell(s, 3, 8)))
    do(s, 0, A.commit(1))
    assert s.units[ARMY_I] == -1


def test_e12_unit_back_on_a_pawn_does_not_fight() -> None:
    """ZK-E12: a unit put back on its start cell where a pawn stands does not fight it;
    moving it away starts nothing; stepping onto it does."""
    s = unit_fight(tray(P0=1), tray(P3=1))
    place(s, 1, 3, 8)
    do(s, 0, A.commit(1))
    assert s.units[ARMY_I] == cell(s, 3, 8) == s.pawn[1]
    assert log_kinds(s).count("fight") == 1 and s.decision_kind == "cards"
    set_hand(s, 0, [2])
    do(s, 0, A.move(2, cell(s, 1, 7)))
    do(s, 0, A.move_unit(ARMY_I, cell(s, 4, 8)))
    assert log_kinds(s).count("fight") == 1 and s.decision_kind == "cards"
    # a pawn stepping onto the unit's cell fights (seat 3 on its own turn)
    s.active, s.decision_kind, s.decider = 3, "cards", 3
    place(s, 3, 5, 8)
    set_hand(s, 3, [8])
    s.units[ARMY_I] = cell(s, 4, 8)
    do(s, 3, A.move(8, cell(s, 4, 8)))
    assert s.fight is not None and s.fight.fighter == 3


def test_e15_unit_onto_own_pawn() -> None:
    """ZK-E15: the active player may move a unit onto his own pawn; he then fights it."""
    s = new(4)
    no_hands(s)
    place(s, 0, 3, 6)
    set_hand(s, 0, [0])
    do(s, 0, A.move(0, cell(s, 2, 7)))
    assert A.move_unit(ARMY_I, cell(s, 2, 7)) in s.legal_actions(0)
    do(s, 0, A.move_unit(ARMY_I, cell(s, 2, 7)))
    assert s.fight is not None and s.fight.fighter == 0 and s.fight.kind == "unit_army"


# -- retreats -------------------------------------------------------------------------------------


def test_e16_origin_blocked() -> None:
    """ZK-E16: the step origin holds a unit: rule (b) applies."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(G=1))
    s.units[ARMY_I] = cell(s, 2, 8)
    s.units[ARMY_A] = cell(s, 2, 7)
    place(s, 0, 2, 7)
    set_hand(s, 0, [6])
    do(s, 0, A.move(6, cell(s, 2, 8)))
    do(s, 0, A.commit(1))
    assert (s.decision_kind, s.decider) == ("retreat", 0)
    cells = {a.to for a in s.legal_actions(0)}
    assert cell(s, 2, 7) not in cells and cell(s, 3, 8) in cells and len(cells) == 7


def fleet_on_pawn(start, step, unit, unit_from, unit_to, pawn):
    s = new(4)
    no_hands(s)
    script_tower(s, tray(G=1))
    s.units[unit] = cell(s, *unit_from)
    place(s, 0, *start)
    place(s, 1, *pawn)
    set_hand(s, 0, [56])
    do(s, 0, A.move(56, cell(s, *step)))
    do(s, 0, A.move_unit(unit, cell(s, *unit_to)))
    do(s, 1, A.commit(1))
    return s


def test_e18_retreat_at_sea_prefers_land() -> None:
    """ZK-E18: losing on (19,11) without a step origin: the only land neighbour, Candia."""
    s = fleet_on_pawn((17, 11), (18, 11), FLEET_E, (20, 12), (19, 11), (19, 11))
    assert s.pawn[1] == cell(s, 18, 10) and s.decision_kind == "cards"


def test_e18_retreat_in_the_open_atlantic() -> None:
    """ZK-E18: on (1,4), with no land neighbour, the choice is among the sea neighbours."""
    s = fleet_on_pawn((1, 2), (0, 2), FLEET_W, (2, 4), (1, 4), (1, 4))
    assert (s.decision_kind, s.decider) == ("retreat", 1)
    assert {a.to for a in s.legal_actions(1)} == {
        cell(s, x, y) for x in (0, 1, 2) for y in (3, 4, 5) if (x, y) != (1, 4)
    }


# -- cities ---------------------------------------------------------------------------------------


def test_e19_plunder_own_start_city() -> None:
    """ZK-E19: Bohemund may plunder Bari, his start city."""
    s = new(4)
    no_hands(s)
    set_hand(s, 0, [7])
    do(s, 0, A.END_CARDS)
    assert s.decision_kind == "city" and A.PLUNDER in s.legal_actions(0)


def test_e20_shared_city_closed_after_plunder() -> None:
    """ZK-E20: two pawns on Paris; after the first successful plunder only PASS is left."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(P0=2))
    place(s, 0, 6, 4)
    place(s, 1, 6, 4)
    set_hand(s, 0, [7])
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    do(s, 0, A.commit(2))
    assert s.plundered_by[city(s, "Paris")] == 0
    assert city_options(s, 1) == [A.PASS]
    s.active = 1
    to_phase(s, "city")
    illegal(s, 1, A.PRAY, "ZK-R28")
    illegal(s, 1, A.PLUNDER, "ZK-R28")


def test_e21_retrying_a_muslim_plunder() -> None:
    """ZK-E21: a failed plunder costs -1 and a retreat; the city stays open."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(G=1))
    place(s, 0, 10, 10, origin=(9, 10))
    set_hand(s, 0, [7])
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    do(s, 0, A.commit(1))
    assert s.motivation[0] == 9 and s.pawn[0] == cell(s, 9, 10)
    assert s.plundered_by[city(s, "Tunis")] == -1 and s.green_tiles[0] == []
    place(s, 0, 10, 10)
    to_phase(s, "city")
    assert A.PLUNDER in s.legal_actions(0)


def test_e22_limit_reached() -> None:
    """ZK-E22: at the Muslim plunder limit (3, or 2 with 5 players) PLUNDER is absent."""
    for players, tiles in ((4, 3), (5, 2)):
        s = new(players)
        place(s, 0, 10, 10)
        s.green_tiles[0] = [2] * tiles
        to_phase(s, "city")
        assert s.legal_actions(0) == [A.PASS]
        illegal(s, 0, A.PLUNDER, "ZK-R29")
        s.green_tiles[0] = [2] * (tiles - 1)
        assert A.PLUNDER in s.legal_actions(0)


def test_e24_odd_supply() -> None:
    """ZK-E24: supply 3 and treasure >= 2: k is 1 or 2; k = 2 costs 2 and yields 3."""
    s = new(4)
    place(s, 0, 6, 4)
    set_cubes(s, 0, 27)
    s.treasure[0] = 5
    to_phase(s, "city")
    assert [a.amount for a in s.legal_actions(0) if a.kind == "recruit"] == [1, 2]
    illegal(s, 0, A.recruit(3), "ZK-R27")
    do(s, 0, A.recruit(2))
    assert (s.army[0], s.supply[0], s.treasure[0]) == (30, 0, 3)


def test_e25_supply_zero() -> None:
    """ZK-E25: no RECRUIT, Mercenaries or Crusade sermon with supply 0."""
    s = new(4)
    no_hands(s)
    place(s, 0, 6, 4)
    set_cubes(s, 0, 30)
    set_hand(s, 0, [117, 138])
    assert [a.kind for a in s.legal_actions(0)] == ["end_cards"]
    to_phase(s, "city")
    assert not any(a.kind == "recruit" for a in s.legal_actions(0))
    illegal(s, 0, A.recruit(1), "ZK-R27")


# -- motivation and cards -----------------------------------------------------------------------


def test_e26_clamping() -> None:
    """ZK-E26: 19 + 2 = 20; 1 - 3 = 0; 20 + 1 = 20."""
    s = new(4)
    place(s, 0, 6, 4)
    s.motivation[0] = 19
    to_phase(s, "city")
    do(s, 0, A.PRAY)
    assert s.motivation[0] == 20
    s = new(4)
    no_hands(s)
    script_tower(s, tray(P0=2))
    place(s, 0, 6, 4)
    s.motivation[0] = 1
    set_hand(s, 0, [7])
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    do(s, 0, A.commit(2))
    assert s.motivation[0] == 0
    s = unit_fight(tray(P0=1))
    s.motivation[0] = 20
    do(s, 0, A.commit(1))
    assert s.motivation[0] == 20


def test_e27_draw_count_fixed() -> None:
    """ZK-E27 (worked example ZK-X5): D = 2 at motivation 3 stays 2 after a Papal
    blessing."""
    s = new(4)
    set_hand(s, 0, [7])
    set_cubes(s, 0, 5)
    s.motivation[0] = 3
    stack_pile(s, [111, 12, 101, 70, 71])
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert s.hands[0] == [7, 12, 70]
    assert s.motivation[0] == 4 and s.army[0] == 3
    assert s.discard[-2:] == [111, 101]


def test_e29_nothing_to_reshuffle() -> None:
    """ZK-E29: at the first exhaustion with an empty discard pile the second follows at once
    and the game ends after this turn (a constructed position without the other cards)."""
    s = new(4)
    set_hand(s, 0, [7])
    s.draw_pile, s.discard = [], []
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert s.exhaustions == 2 and s.is_over() and s.view(None)["end_reason"] == "deck"
    assert s.winners() == [] and s.hands[0] == [7]


def test_e30_second_exhaustion_mid_phase() -> None:
    """ZK-E30: the remaining draws are forfeited; the hand may stay below 5."""
    s = new(4)
    set_hand(s, 0, [7])
    s.exhaustions = 1
    s.discard.extend(s.draw_pile)
    s.draw_pile = []
    stack_pile(s, [12])
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert s.hands[0] == [7, 12] and s.exhaustions == 2 and s.is_over()


# -- Jerusalem -------------------------------------------------------------------------------------


def test_e38_occupying_jerusalem() -> None:
    """ZK-E38: an ineligible pawn on Jerusalem passes its city phase; pawns may share it."""
    s = new(4)
    place(s, 0, 23, 12)
    place(s, 1, 23, 12)
    to_phase(s, "cards")
    do(s, 0, A.END_CARDS)
    assert s.decision_kind == "discard"
    assert s.pawn[0] == s.pawn[1] == cell(s, 23, 12)


# -- events and movement ---------------------------------------------------------------------------


def test_e43_symbol_after_a_lost_step() -> None:
    """ZK-E43: the symbol move is still available after a lost fight and a retreat."""
    s = unit_fight(tray(G=1), hand=(0,))
    do(s, 0, A.commit(1))
    assert s.pawn[0] == cell(s, 2, 7)
    assert (s.decision_kind, s.decider) == ("symbol", 0)


def test_e44_staying_in_a_city() -> None:
    """ZK-E44: the city phase happens without any movement, every turn."""
    s = new(4)
    place(s, 0, 6, 4)
    for _ in range(2):
        s.active = 0
        to_phase(s, "cards")
        do(s, 0, A.END_CARDS)
        assert s.decision_kind == "city"
        do(s, 0, A.PRAY)
    assert s.motivation[0] == 14


def test_e45_unused_knights() -> None:
    """ZK-E45: an unused knight's start city is an ordinary city; pawns may share another
    knight's start cell."""
    s = new(2)
    place(s, 0, 5, 6)  # Toulouse (Raimund, unused)
    to_phase(s, "city")
    assert {a.kind for a in s.legal_actions(0)} >= {"pray", "recruit", "plunder", "pass"}
    s = new(2)
    no_hands(s)
    place(s, 0, 7, 2)
    set_hand(s, 0, [6])
    assert A.move(6, cell(s, 8, 2)) in s.legal_actions(0)  # Cologne, seat 1's start
    do(s, 0, A.move(6, cell(s, 8, 2)))
    assert s.pawn[0] == s.pawn[1]


# -- game end and hidden values ------------------------------------------------------------------


def test_e48_failed_plunder_reveals_nothing() -> None:
    """ZK-E48: a failed plunder reveals no tile value."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(G=1))
    place(s, 0, 6, 4, origin=(5, 4))
    set_hand(s, 0, [7])
    faces = s.view(None)["face_down_tiles"]
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    do(s, 0, A.commit(1))
    assert s.view(None)["face_down_tiles"] == faces
    assert s.view(0)["cities"][city(s, "Paris")]["tile"] is None
    assert "plundered" not in log_kinds(s)


def test_e49_destitute_player() -> None:
    """ZK-E49: army 0 and treasure 0: he still moves, prays and draws."""
    s = new(4)
    no_hands(s)
    set_cubes(s, 0, 0)
    s.treasure[0] = 0
    place(s, 0, 7, 4)
    set_hand(s, 0, [6])
    do(s, 0, A.move(6, cell(s, 6, 4)))
    do(s, 0, A.END_CARDS)
    assert set(s.legal_actions(0)) == {A.PRAY, A.PASS}
    do(s, 0, A.PRAY)
    assert s.decision_kind == "cards" and s.active == 1  # empty hand: drew and passed on
    assert len(s.hands[0]) == 3


def test_e50_leftovers() -> None:
    """ZK-E50, ZK-W4: at the end cards and treasure count only as tie-breaks."""
    for option, winners in (("none", []), ("most_muslim_cities", [1])):
        s = new(4, exhaustion_winner=option)
        set_hand(s, 0, [7, 8, 9, 10])
        s.green_tiles[0] = [2]
        s.green_tiles[1] = [3]
        set_cubes(s, 0, 5)
        set_cubes(s, 1, 5)
        s.treasure[0], s.treasure[1] = 0, 9
        s.exhaustions = 1
        s.discard.extend(s.draw_pile)
        s.draw_pile = []
        s.motivation[0] = 10
        to_phase(s, "discard")
        do(s, 0, A.END_DISCARD)
        assert s.is_over() and s.winners() == winners
