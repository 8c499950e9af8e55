"""Turn structure, movement, neutral units, cities and cards (ZK-R1..ZK-R38)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction
from spieltisch.games.zeichen_des_kreuzes.board import MOUNTAIN, PLAIN, SEA
from spieltisch.games.zeichen_des_kreuzes.constants import draw_limit
from spieltisch.games.zeichen_des_kreuzes.movement import unit_moves

from .helpers import (
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

PLAIN_CARD, PLAIN_CARD_2, MOUNTAIN_CARD, SEA_CARD, SEA_CARD_2, JOKER = 6, 7, 38, 62, 63, 88
SHIP_CARD, ARMY_CARD, JOKER_SHIP = 56, 0, 86
PLAGUE, STORM, SARACEN, BLESSING = 100, 104, 107, 111
RELIC, TRUCE_CARD, LANCE = 120, 126, 135
FLEET_W, FLEET_E, ARMY_I, ARMY_A = 0, 1, 2, 3


def cells(s, *pairs):
    return {cell(s, x, y) for x, y in pairs}


def moves_of(s, card):
    return {a.to for a in s.legal_actions(s.active) if a.kind == "move" and a.card == card}


def finish_turn(s):
    """End the card phase, pass in a city, end the discard phase."""
    p = s.active
    do(s, p, A.END_CARDS)
    if s.decision_kind == "city":
        do(s, p, A.PASS)
    if s.decision_kind == "discard":
        do(s, p, A.END_DISCARD)


def through_windows(s):
    """No Truce, no emptying: answer the windows before a commitment."""
    while s.decision_kind in ("truce", "empty"):
        do(s, s.decider, A.FIGHT if s.decision_kind == "truce" else A.KEEP_TOWER)


def kinds(s):
    return sorted({a.kind for a in s.legal_actions(s.decider)})


# -- 5.1 general state --------------------------------------------------------------------


def test_turn_order_clockwise():
    """ZK-R1, ZK-R12: after seat i comes seat (i+1) mod N; the turn counter grows by 1."""
    s = new(4)
    seen = []
    for _ in range(6):
        seen.append((s.turn, s.active))
        finish_turn(s)
    assert seen == [(1, 0), (2, 1), (3, 2), (4, 3), (5, 0), (6, 1)]


@pytest.mark.parametrize(
    ("players", "active", "right"), [(4, 0, 3), (4, 2, 1), (2, 0, 1), (2, 1, 0)]
)
def test_right_hand_neighbour(players, active, right):
    """ZK-R1, ZK-J3: the right-hand neighbour is seat (i-1) mod N; in a 2-player game the
    other player."""
    s = new(players)
    s.active = active
    assert s.defender() == right


def test_cube_invariant_through_a_fight():
    """ZK-R2: army + supply + tower = 30 for every seat, after a throw that lodges cubes."""
    s = new()
    place(s, 0, 19, 11)
    set_hand(s, 0, [SEA_CARD])
    script_tower(s, tray(P0=2, G=1), contents={"P2": 2})
    do(s, 0, A.move(SEA_CARD, cell(s, 20, 12)))
    through_windows(s)
    do(s, 0, A.commit(4))
    assert cubes_ok(s)
    assert s.tower.count(0) == 2 and s.tower.count(2) == 2
    assert s.army[0] + s.supply[0] + s.tower.count(0) == 30


def test_green_supply_unlimited():
    """ZK-R3, ZK-E37: taking greens always succeeds; a garrison may exceed the 50 physical
    cubes."""
    s = new()
    s.garrison = 49
    set_hand(s, 0, [PLAIN_CARD, PLAIN_CARD_2, MOUNTAIN_CARD, SEA_CARD])
    stack_pile(s, [SARACEN, 12])
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert s.garrison == 51


def test_treasure_payments_need_treasure():
    """ZK-R4: an action that needs a payment the player cannot make is illegal (recruiting,
    Mercenaries with treasure 0)."""
    s = new()
    s.treasure[0] = 0
    set_hand(s, 0, [117])
    assert not any(a.kind == "event" for a in s.legal_actions(0))
    to_phase(s, "city")  # Bari
    assert not any(a.kind == "recruit" for a in s.legal_actions(0))


@pytest.mark.parametrize(("before", "after"), [(19, 20), (20, 20), (10, 12)])
def test_motivation_clamped_up(before, after):
    """ZK-R5, ZK-E26: changes are clamped to 0..20 (praying)."""
    s = new()
    s.motivation[0] = before
    to_phase(s, "city")
    do(s, 0, A.PRAY)
    assert s.motivation[0] == after


def test_motivation_clamped_down():
    """ZK-R5, ZK-E26: 1 - 3 = 0 (a won Christian plunder)."""
    s = new()
    s.motivation[0] = 1
    script_tower(s, tray(P0=1))
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    through_windows(s)
    do(s, 0, A.commit(1))
    assert s.motivation[0] == 0


@pytest.mark.parametrize(("m", "limit"), [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (10, 3), (20, 3)])
def test_draw_limit(m, limit):
    """ZK-R6: L(m) = 3 if m >= 4, 2 if m is 2 or 3, 1 if m is 0 or 1."""
    assert draw_limit(m) == limit
    s = new()
    s.motivation[0] = m
    set_hand(s, 0, [])
    stack_pile(s, [12, 13, 14, 15])
    to_phase(s, "discard")
    s.normalize()
    assert s.hands[0] == sorted([12, 13, 14][:limit])


@pytest.mark.parametrize(("hand", "drawn"), [(5, 0), (4, 1), (3, 2), (2, 3)])
def test_hand_limit(hand, drawn):
    """ZK-R7, ZK-R34: D = min(L(m), 5 - hand size); a hand never exceeds 5."""
    s = new()
    set_hand(s, 0, list(range(20, 20 + hand)))
    stack_pile(s, [12, 13, 14])
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert len(s.hands[0]) == hand + drawn <= 5


def test_cells_terrain():
    """ZK-R8: city cells and army starts are plain; fleet starts are sea."""
    s = new()
    board = s.comp.board
    assert all(board.terrain[c.cell] == PLAIN for c in board.cities)
    assert [board.terrain[u.start_cell] for u in s.comp.units] == [SEA, SEA, PLAIN, PLAIN]


def test_pawns_share_cells_and_end_at_sea():
    """ZK-R9: pawns share cells without interacting; a pawn may end a turn at sea."""
    s = new()
    place(s, 1, 12, 6)
    set_hand(s, 0, [SEA_CARD])
    do(s, 0, A.move(SEA_CARD, cell(s, 12, 6)))
    assert s.decision_kind == "cards" and s.fight is None
    assert s.pawn[0] == s.pawn[1] == cell(s, 12, 6)
    finish_turn(s)
    assert s.active == 1 and s.pawn[0] == cell(s, 12, 6)


def test_step_origin_set_and_reset():
    """ZK-R10: a step sets the step origin to the cell left; every origin is none at the
    start of every turn."""
    s = new()
    set_hand(s, 0, [PLAIN_CARD, PLAIN_CARD_2])
    do(s, 0, A.move(PLAIN_CARD, cell(s, 12, 7)))
    assert s.origin[0] == cell(s, 13, 7)
    do(s, 0, A.move(PLAIN_CARD_2, cell(s, 11, 7)))
    assert s.origin[0] == cell(s, 12, 7)
    s.origin[2] = cell(s, 0, 0)
    finish_turn(s)
    assert s.origin == [-1, -1, -1, -1]


# -- 5.2 turn structure -------------------------------------------------------------------


def test_phases_in_order():
    """ZK-R11, ZK-R12: card phase, city phase (on a city), discard phase, draw phase, then
    the next seat's card phase and turn + 1."""
    s = new()
    stack_pile(s, [12, 13, 14])
    set_hand(s, 0, [20, 21])
    assert s.decision_kind == "cards" and s.view(None)["phase"] == "card"
    do(s, 0, A.END_CARDS)
    assert s.decision_kind == "city" and s.view(None)["phase"] == "city"
    do(s, 0, A.PASS)
    assert s.decision_kind == "discard" and s.view(None)["phase"] == "discard"
    do(s, 0, A.END_DISCARD)
    assert s.hands[0] == [12, 13, 14, 20, 21]  # drawn in phase 4
    assert (s.turn, s.active, s.decision_kind) == (2, 1, "cards")
    assert s.log(None)[-1] == {"type": "turn", "seat": 1, "turn": 2}


def test_city_phase_skipped_off_city():
    """ZK-R11, ZK-R24: no city phase when the pawn is not on a city cell."""
    s = new()
    place(s, 0, 12, 7)
    do(s, 0, A.END_CARDS)
    assert s.decision_kind == "discard"


# -- 5.3 card phase -----------------------------------------------------------------------


def test_card_phase_any_number_of_cards():
    """ZK-R13: any number of cards one at a time, then end; or none at all."""
    s = new()
    set_hand(s, 0, [PLAIN_CARD, SEA_CARD, PLAIN_CARD_2])
    do(s, 0, A.move(PLAIN_CARD, cell(s, 12, 7)))
    do(s, 0, A.move(SEA_CARD, cell(s, 12, 6)))
    do(s, 0, A.move(PLAIN_CARD_2, cell(s, 11, 5)))
    assert s.pawn[0] == cell(s, 11, 5) and s.hands[0] == []
    assert s.decision_kind == "cards"
    assert A.END_CARDS in s.legal_actions(0)
    t = new()
    assert A.END_CARDS in t.legal_actions(0)


def test_movement_card_terrain_and_adjacency():
    """ZK-R14: a movement card steps onto an adjacent (8 neighbours) cell of its terrain;
    a joker onto any terrain."""
    s = new()  # seat 0 on Bari (13,7)
    set_hand(s, 0, [PLAIN_CARD, MOUNTAIN_CARD, SEA_CARD, JOKER])
    plain = cells(s, (12, 7), (13, 8))
    sea = cells(s, (12, 6), (13, 6), (14, 6), (14, 7), (12, 8), (14, 8))
    assert moves_of(s, PLAIN_CARD) == plain
    assert moves_of(s, SEA_CARD) == sea
    assert moves_of(s, MOUNTAIN_CARD) == set()
    assert moves_of(s, JOKER) == plain | sea
    place(s, 0, 8, 5)  # Alps: every terrain around
    board = s.comp.board
    around = set(board.neighbours[cell(s, 8, 5)])
    assert len(around) == 8
    assert moves_of(s, MOUNTAIN_CARD) == {c for c in around if board.terrain[c] == MOUNTAIN}
    assert moves_of(s, JOKER) == around


def test_movement_card_to_discard():
    """ZK-R14, ZK-R37: the played card goes face up onto the discard pile."""
    s = new()
    set_hand(s, 0, [PLAIN_CARD])
    do(s, 0, A.move(PLAIN_CARD, cell(s, 13, 8)))
    assert s.discard[-1] == PLAIN_CARD and PLAIN_CARD not in s.hands[0]
    assert s.view(None)["discard"][-1] == "ZK006"


def test_no_card_for_its_symbol_alone():
    """ZK-R14: a movement card needs a step of its terrain; a ship card without a sea
    neighbour cannot be played at all."""
    s = new()
    place(s, 0, 7, 5)
    set_hand(s, 0, [SHIP_CARD])
    assert moves_of(s, SHIP_CARD) == set()
    assert s.legal_actions(0) == [A.END_CARDS]


def test_step_into_unit_starts_fight():
    """ZK-R15: stepping onto a neutral unit's cell starts a fight with the stepper as X."""
    s = new()
    place(s, 0, 19, 11)
    set_hand(s, 0, [SEA_CARD])
    do(s, 0, A.move(SEA_CARD, cell(s, 20, 12)))
    assert s.fight is not None
    assert (s.fight.kind, s.fight.fighter, s.fight.enemy) == ("unit_fleet", 0, 3)
    assert s.decision_kind == "commit" and s.decider == 0


def test_step_onto_city_does_nothing_in_card_phase():
    """ZK-R15: entering a city in phase 1 has no effect."""
    s = new()
    place(s, 0, 12, 7)
    set_hand(s, 0, [PLAIN_CARD, PLAIN_CARD_2])
    do(s, 0, A.move(PLAIN_CARD, cell(s, 11, 7)))  # Rome
    assert s.decision_kind == "cards" and s.fight is None
    assert s.motivation[0] == 10 and s.treasure[0] == 3


def test_symbol_move_offered_and_declined():
    """ZK-R16: after the step, a ship card lets the active player move a fleet one field or
    decline; then the card phase goes on."""
    s = new()
    place(s, 0, 19, 11)
    set_hand(s, 0, [SHIP_CARD])
    do(s, 0, A.move(SHIP_CARD, cell(s, 19, 12)))
    assert s.decision_kind == "symbol" and s.symbol == "fleet"
    legal = s.legal_actions(0)
    assert A.NO_UNIT_MOVE in legal
    assert {(a.unit, xy(s, a.to)) for a in legal if a.kind == "move_unit"} == {
        (FLEET_W, (7, 8)),
        (FLEET_W, (7, 9)),
        (FLEET_W, (8, 8)),
        (FLEET_W, (9, 9)),
        (FLEET_E, (20, 11)),
        (FLEET_E, (21, 12)),
        (FLEET_E, (19, 11)),
        (FLEET_E, (19, 12)),  # onto his own pawn (ZK-E15)
    }
    do(s, 0, A.NO_UNIT_MOVE)
    assert s.decision_kind == "cards" and s.units[FLEET_E] == cell(s, 20, 12)


def test_symbol_move_after_lost_fight():
    """ZK-R16, ZK-E43: the symbol move comes after the step's fight and retreat are
    resolved, even after a loss."""
    s = new()
    place(s, 0, 19, 11)
    set_hand(s, 0, [SHIP_CARD])
    script_tower(s, tray(G=3))
    do(s, 0, A.move(SHIP_CARD, cell(s, 20, 12)))
    through_windows(s)
    do(s, 0, A.commit(1))
    assert s.pawn[0] == cell(s, 19, 11) and s.origin[0] == -1  # retreated
    assert s.decision_kind == "symbol"
    do(s, 0, A.move_unit(FLEET_W, cell(s, 9, 9)))
    assert s.units[FLEET_W] == cell(s, 9, 9) and s.decision_kind == "cards"


def test_army_symbol_moves_army():
    """ZK-R16: an army symbol moves a Muslim army."""
    s = new()
    place(s, 0, 12, 7)
    set_hand(s, 0, [ARMY_CARD])
    do(s, 0, A.move(ARMY_CARD, cell(s, 13, 8)))
    assert s.decision_kind == "symbol" and s.symbol == "army"
    targets = {a.unit for a in s.legal_actions(0) if a.kind == "move_unit"}
    assert targets == {ARMY_I, ARMY_A}


def test_symbol_without_legal_unit_move_has_no_effect():
    """ZK-R16, ZK-E10: with no fleet able to move, the ship symbol asks nothing."""
    s = new()
    s.units[FLEET_W] = s.units[FLEET_E] = -1
    place(s, 0, 19, 11)
    set_hand(s, 0, [SHIP_CARD])
    do(s, 0, A.move(SHIP_CARD, cell(s, 19, 12)))
    assert s.decision_kind == "cards"


def test_no_other_movement():
    """ZK-R17: ending phases never moves a pawn; only the decider acts."""
    s = new()
    before = list(s.pawn)
    finish_turn(s)
    finish_turn(s)
    assert s.pawn == before
    with pytest.raises(IllegalAction):
        s.apply(0, A.END_CARDS)  # seat 2 is active now


# -- 5.4 neutral units --------------------------------------------------------------------


def test_removed_unit_never_moves():
    """ZK-R18, ZK-E10: a removed unit is offered no move; the other unit of its kind is."""
    s = new()
    s.units[FLEET_E] = -1
    moves = unit_moves(s, "fleet")
    assert {u for u, _ in moves} == {FLEET_W}


def test_units_move_only_by_symbol():
    """ZK-R19: turns pass without any unit moving."""
    s = new()
    before = list(s.units)
    for _ in range(4):
        finish_turn(s)
    assert s.units == before


def test_unit_move_rules_fleet():
    """ZK-R20: fleets move to sea cells, not onto another unit, not onto the start cell of
    another unit in play; a unit may enter its own start cell and a removed unit's."""
    s = new()
    s.units[FLEET_E] = cell(s, 21, 12)
    s.units[FLEET_W] = cell(s, 19, 12)
    moves = unit_moves(s, "fleet")
    west = {xy(s, c) for u, c in moves if u == FLEET_W}
    east = {xy(s, c) for u, c in moves if u == FLEET_E}
    assert west == {(18, 11), (19, 11), (20, 11), (18, 12)}  # not (20,12): FLEET_E's start
    assert east == {(20, 11), (22, 11), (20, 12), (22, 12)}  # own start allowed
    s.units[FLEET_E] = cell(s, 20, 11)
    west = {xy(s, c) for u, c in unit_moves(s, "fleet") if u == FLEET_W}
    assert (20, 11) not in west  # occupied
    s.units[FLEET_E] = -1
    west = {xy(s, c) for u, c in unit_moves(s, "fleet") if u == FLEET_W}
    assert (20, 12) in west and (20, 11) in west  # a removed unit's start is free


def test_unit_move_rules_army():
    """ZK-R20: armies move to land cells that are not cities, not onto another unit and
    not onto another in-play unit's start cell."""
    s = new()
    s.units[ARMY_I] = cell(s, 22, 7)
    s.units[ARMY_A] = cell(s, 23, 7)
    mine = {xy(s, c) for u, c in unit_moves(s, "army") if u == ARMY_I}
    # (21,8) is ARMY_A's start, (22,8) Iconium, (23,7) ARMY_A, the north is sea
    assert mine == {(21, 7), (23, 8)}
    s.units[ARMY_A] = -1
    mine = {xy(s, c) for u, c in unit_moves(s, "army") if u == ARMY_I}
    assert mine == {(21, 7), (21, 8), (23, 7), (23, 8)}


def test_unit_moved_onto_pawn_starts_fight():
    """ZK-R21: moving a unit onto a cell with a pawn starts a fight with that pawn's owner."""
    s = new()
    place(s, 0, 19, 11)
    place(s, 2, 20, 11)
    set_hand(s, 0, [SHIP_CARD])
    set_hand(s, 2, [])
    do(s, 0, A.move(SHIP_CARD, cell(s, 19, 12)))
    do(s, 0, A.move_unit(FLEET_E, cell(s, 20, 11)))
    assert s.fight is not None and s.fight.fighter == 2 and s.fight.kind == "unit_fleet"
    assert s.decision_kind == "commit" and s.decider == 2


def test_unit_placed_back_shares_cell_without_fight():
    """ZK-R21, ZK-E12: a unit returned to its start cell where a pawn stands does not fight
    it; the pawn may leave without a fight."""
    s = new()
    place(s, 0, 19, 11)
    place(s, 3, 20, 12)  # on FLEET_E's start
    s.units[FLEET_E] = cell(s, 20, 11)
    set_hand(s, 0, [SEA_CARD])
    script_tower(s, tray(P0=1))
    do(s, 0, A.move(SEA_CARD, cell(s, 20, 11)))
    through_windows(s)
    do(s, 0, A.commit(1))  # won: FLEET_E goes back to (20,12) where seat 3 stands
    assert s.units[FLEET_E] == cell(s, 20, 12)
    assert s.fight is None and s.decision_kind == "cards"


def several_pawns(first_tray):
    """Seats 1 and 3 stand on (9,9); seat 0 moves FLEET_W onto them."""
    s = new()
    place(s, 0, 19, 11)
    place(s, 1, 9, 9)
    place(s, 3, 9, 9)
    set_hand(s, 0, [SHIP_CARD])
    set_hand(s, 1, [])
    set_hand(s, 3, [])
    script_tower(s, first_tray, tray(P3=1))
    do(s, 0, A.move(SHIP_CARD, cell(s, 19, 12)))
    do(s, 0, A.move_unit(FLEET_W, cell(s, 9, 9)))
    return s


def test_several_pawns_turn_order_until_beaten():
    """ZK-R22, ZK-R23: the unit fights the pawns in turn order after the active player; a
    loss leaves it there and the next pawn fights; a win sends it home and stops."""
    s = several_pawns(tray(G=3))
    assert s.fight.fighter == 1
    through_windows(s)
    do(s, 1, A.commit(1))  # lost
    assert s.units[FLEET_W] == cell(s, 9, 9)  # a loss leaves the unit
    assert s.decision_kind == "retreat" and s.decider == 1
    do(s, 1, A.retreat(cell(s, 9, 8)))
    assert s.fight.fighter == 3
    through_windows(s)
    do(s, 3, A.commit(1))  # won
    assert s.units[FLEET_W] == cell(s, 8, 9)  # back to its start
    assert s.decision_kind == "cards" and s.decider == 0


def test_several_pawns_first_wins_others_do_not_fight():
    """ZK-R22, ZK-E14: once the unit is beaten the other pawns do not fight."""
    s = several_pawns(tray(P1=1))
    through_windows(s)
    do(s, 1, A.commit(1))
    assert s.units[FLEET_W] == cell(s, 8, 9)
    assert s.decision_kind == "cards" and s.fight is None
    assert s.motivation[3] == 10 and s.army[3] == 8


def test_active_pawn_fights_first():
    """ZK-R22: the active player's pawn fights first when it is on the cell."""
    s = new()
    place(s, 0, 9, 10)
    place(s, 1, 9, 9)
    set_hand(s, 0, [SHIP_CARD])
    set_hand(s, 1, [])
    do(s, 0, A.move(SHIP_CARD, cell(s, 9, 9)))
    do(s, 0, A.move_unit(FLEET_W, cell(s, 9, 9)))
    assert s.fight.fighter == 0


def test_unit_removed_on_own_start_cell():
    """ZK-R23: a unit beaten on its own start cell is removed, never to return."""
    s = new()
    place(s, 0, 4, 8)
    set_hand(s, 0, [PLAIN_CARD])
    script_tower(s, tray(P0=2))
    do(s, 0, A.move(PLAIN_CARD, cell(s, 3, 8)))
    assert s.fight.kind == "unit_army"
    through_windows(s)
    do(s, 0, A.commit(2))
    assert s.units[ARMY_I] == -1
    assert s.motivation[0] == 11
    assert all(u != ARMY_I for u, _ in unit_moves(s, "army"))


# -- 5.5 city phase -----------------------------------------------------------------------


def test_city_phase_without_moving():
    """ZK-R24, ZK-E44: standing on a city at the end of the card phase is enough."""
    s = new()
    do(s, 0, A.END_CARDS)
    assert s.decision_kind == "city"


def test_city_phase_after_retreat_into_city():
    """ZK-R24, ZK-E17: a pawn that retreats into a city in phase 1 gets a city phase."""
    s = new()
    s.units[ARMY_I] = cell(s, 12, 5)  # an army beside Venice (11,5)
    place(s, 0, 11, 5)
    set_hand(s, 0, [PLAIN_CARD])
    script_tower(s, tray(G=3))
    do(s, 0, A.move(PLAIN_CARD, cell(s, 12, 5)))
    through_windows(s)
    do(s, 0, A.commit(1))
    assert s.pawn[0] == cell(s, 11, 5)
    do(s, 0, A.END_CARDS)
    assert s.decision_kind == "city"


def city_actions(s):
    return sorted(str(a) for a in s.legal_actions(s.active))


def test_options_red_city():
    """ZK-R25: an unplundered red city offers PRAY, RECRUIT(k), PLUNDER, PASS; a plundered
    one only PASS, so nothing is asked."""
    s = new()
    to_phase(s, "city")
    assert kinds(s) == ["pass", "plunder", "pray", "recruit"]
    s.plundered_by[city(s, "Bari")] = 2
    to_phase(s, "cards")
    do(s, 0, A.END_CARDS)
    assert s.decision_kind == "discard"


def test_options_candia():
    """ZK-R25, ZK-R31, ZK-E23: Candia offers PRAY, RECRUIT, PASS and is never plundered."""
    s = new()
    place(s, 0, 18, 10)
    to_phase(s, "city")
    assert kinds(s) == ["pass", "pray", "recruit"]


def test_options_green_city():
    """ZK-R25: an unplundered green city offers PLUNDER and PASS; a plundered one nothing."""
    s = new()
    place(s, 0, 10, 10)
    to_phase(s, "city")
    assert kinds(s) == ["pass", "plunder"]
    s.plundered_by[city(s, "Tunis")] = 1
    to_phase(s, "cards")
    do(s, 0, A.END_CARDS)
    assert s.decision_kind == "discard"


def test_options_jerusalem():
    """ZK-R25, ZK-R32: Jerusalem offers SIEGE (only if ZK-J1 holds) and PASS."""
    s = new()
    place(s, 0, 23, 12)
    do(s, 0, A.END_CARDS)
    assert s.decision_kind == "discard"  # not eligible: only PASS, nothing to decide
    s = new()
    place(s, 0, 23, 12)
    s.green_tiles[0] = [4, 5]
    to_phase(s, "city")
    assert kinds(s) == ["pass", "siege"]


def test_pray():
    """ZK-R26: motivation +2, and the city option is used."""
    s = new()
    to_phase(s, "city")
    do(s, 0, A.PRAY)
    assert s.motivation[0] == 12 and s.decision_kind == "discard"


def test_recruit_range_and_odd_supply():
    """ZK-R27, ZK-E24: 1 <= k <= treasure and k <= ceil(supply/2); with supply 3 and
    treasure 3, k is 1 or 2, and k = 2 costs 2 and yields 3 troops."""
    s = new()
    set_cubes(s, 0, 27)  # supply 3
    s.treasure[0] = 3
    to_phase(s, "city")
    assert [a.amount for a in s.legal_actions(0) if a.kind == "recruit"] == [1, 2]
    do(s, 0, A.recruit(2))
    assert (s.treasure[0], s.army[0], s.supply[0]) == (1, 30, 0)
    assert cubes_ok(s)


def test_recruit_limited_by_treasure_and_rate():
    """ZK-R27: 1 treasure = 2 troops, k <= treasure."""
    s = new()  # army 6, supply 24, treasure 3
    to_phase(s, "city")
    assert [a.amount for a in s.legal_actions(0) if a.kind == "recruit"] == [1, 2, 3]
    do(s, 0, A.recruit(3))
    assert (s.treasure[0], s.army[0], s.supply[0]) == (0, 12, 18)


def test_recruit_needs_supply():
    """ZK-R27, ZK-E25: no RECRUIT with supply 0."""
    s = new()
    set_cubes(s, 0, 30)
    to_phase(s, "city")
    assert kinds(s) == ["pass", "plunder", "pray"]


def test_christian_plunder_won():
    """ZK-R28: E = 2; a win gives the red tile face up and its value in treasure, closes the
    city for everyone, motivation -3."""
    s = new()
    bari = city(s, "Bari")
    value = s.tile[bari]
    script_tower(s, tray(P0=2))
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    assert s.fight.kind == "plunder_christian" and s.fight.enemy == 2
    through_windows(s)
    do(s, 0, A.commit(2))
    assert s.treasure[0] == 3 + value
    assert s.red_tiles[0] == [value]
    assert s.plundered_by[bari] == 0
    assert s.motivation[0] == 7
    assert s.pawn[0] == cell(s, 13, 7)
    assert s.view(1)["cities"][bari]["tile"] == value
    assert s.decision_kind == "discard"
    assert s.log(None)[-3]["thrown"] == {"P0": 2, "G": 2}


def test_christian_plunder_lost():
    """ZK-R28: a loss gives motivation -2, the tile stays face down, the pawn retreats."""
    s = new()
    bari = city(s, "Bari")
    script_tower(s, tray(G=2))
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    through_windows(s)
    do(s, 0, A.commit(1))
    assert s.motivation[0] == 8
    assert s.plundered_by[bari] == -1 and s.red_tiles[0] == []
    assert s.view(1)["cities"][bari]["tile"] is None
    assert s.decision_kind == "retreat"
    assert {xy(s, a.to) for a in s.legal_actions(0)} == {(12, 7), (13, 8)}  # land first
    do(s, 0, A.retreat(cell(s, 12, 7)))
    assert s.pawn[0] == cell(s, 12, 7) and s.decision_kind == "discard"


def test_plunder_needs_troops():
    """ZK-R28, ZK-R29, ZK-E7: no PLUNDER with army 0."""
    s = new()
    set_cubes(s, 0, 0)
    to_phase(s, "city")
    assert "plunder" not in kinds(s)


def test_muslim_plunder_won():
    """ZK-R29, ZK-R30: E = 3; a win gives the green tile, its value, motivation +2."""
    s = new()
    tunis = city(s, "Tunis")
    value = s.tile[tunis]
    place(s, 0, 10, 10)
    script_tower(s, tray(P0=3, G=1))
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    assert s.fight.kind == "plunder_muslim" and s.fight.enemy == 3
    through_windows(s)
    do(s, 0, A.commit(4))
    assert s.green_tiles[0] == [value]
    assert s.treasure[0] == 3 + value
    assert s.motivation[0] == 12
    assert s.plundered_by[tunis] == 0
    assert s.view(None)["seats"][0]["green_tiles"] == [value]


def test_muslim_plunder_lost_does_not_count():
    """ZK-R29: a loss gives -1 and a retreat; failed attempts count toward nothing."""
    s = new()
    place(s, 0, 10, 10, origin=(9, 10))
    script_tower(s, tray(G=3))
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    through_windows(s)
    do(s, 0, A.commit(1))
    assert s.motivation[0] == 9
    assert s.green_tiles[0] == []
    assert s.pawn[0] == cell(s, 9, 10)


@pytest.mark.parametrize(
    ("players", "held", "offered"),
    [(4, 2, True), (4, 3, False), (5, 1, True), (5, 2, False), (2, 3, False)],
)
def test_muslim_plunder_limit(players, held, offered):
    """ZK-R29, ZK-E22: fewer green tiles than the limit: 3 with 2-4 players, 2 with 5."""
    s = new(players)
    place(s, 0, 10, 10)
    s.green_tiles[0] = [2] * held
    to_phase(s, "city")
    assert ("plunder" in kinds(s)) is offered
    assert s.view(None)["plunder_limit"] == (2 if players == 5 else 3)


def test_jerusalem_entered_without_fight():
    """ZK-R32, ZK-E38: any pawn may enter and occupy Jerusalem without fighting."""
    s = new()
    place(s, 0, 23, 11)
    place(s, 1, 23, 12)
    set_hand(s, 0, [PLAIN_CARD])
    do(s, 0, A.move(PLAIN_CARD, cell(s, 23, 12)))
    assert s.fight is None and s.decision_kind == "cards"
    assert s.pawn[0] == s.pawn[1] == cell(s, 23, 12)
    assert s.garrison == 15


# -- 5.6 discard, draw, deck --------------------------------------------------------------


def test_discard_any_subset():
    """ZK-R33: any subset, face up, in order; texts have no effect."""
    s = new()
    set_hand(s, 0, [PLAIN_CARD, 130, RELIC, SEA_CARD, JOKER])
    to_phase(s, "discard")
    do(s, 0, A.discard(RELIC))
    do(s, 0, A.discard(PLAIN_CARD))
    assert s.discard[-2:] == [RELIC, PLAIN_CARD]
    assert s.hands[0] == [SEA_CARD, JOKER, 130]
    assert s.motivation[0] == 10


def test_draw_count_fixed_at_start():
    """ZK-R34, ZK-E27: D is fixed at the start of phase 4; a Papal blessing drawn at
    motivation 3 does not raise it."""
    s = new()
    s.motivation[0] = 3
    set_hand(s, 0, [20])
    stack_pile(s, [BLESSING, 12, 13, 14])
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert s.hands[0] == [12, 13, 20]
    assert s.motivation[0] == 4


def test_immediate_events_do_not_count():
    """ZK-R35: an immediate card drawn is resolved, discarded and does not count toward D."""
    s = new()
    set_hand(s, 0, [20, 21, 22, 23])  # D = 1
    stack_pile(s, [PLAGUE, 12, 13])
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert s.hands[0] == [12, 20, 21, 22, 23]
    assert (s.army[0], s.supply[0]) == (4, 26)
    assert s.discard[-1] == PLAGUE
    assert cubes_ok(s)


def test_storm_hits_everyone_at_sea():
    """ZK-R35, ZK-E31: Storm at sea hits every pawn at sea, the drawer's included."""
    s = new()
    place(s, 0, 12, 6)
    place(s, 2, 0, 5)
    set_hand(s, 0, [20, 21, 22, 23])
    stack_pile(s, [STORM, 12])
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert s.army == [4, 8, 6, 8]


def test_first_exhaustion_reshuffles_discard():
    """ZK-R36: at the first exhaustion the discard pile becomes the new draw pile and
    drawing continues."""
    s = new()
    set_hand(s, 0, [20, 21])  # D = 3
    movement = [c for c in s.draw_pile if c < 100]
    others = [c for c in s.draw_pile if c >= 100]
    assert others
    s.draw_pile = [movement[0]]
    s.discard = movement[1:]  # the event cards are left out of this position
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert s.exhaustions == 1
    assert len(s.hands[0]) == 5
    assert s.discard == []
    assert s.decision_kind == "cards" and s.active == 1
    assert {"type": "exhausted", "count": 1} in s.log(None)


def test_second_exhaustion_ends_game_after_turn():
    """ZK-R36, ZK-W2, ZK-E30: at the second exhaustion drawing stops, the remaining draws
    are forfeited and the game ends when the turn ends."""
    s = new()
    s.exhaustions = 1
    set_hand(s, 0, [20])
    s.discard.extend(s.draw_pile[:-1])
    s.draw_pile = s.draw_pile[-1:]
    top = s.draw_pile[0]
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert s.exhaustions == 2
    assert len(s.hands[0]) == (2 if top < 100 else 1)
    assert s.is_over() and s.winners() == [] and s.view(None)["end_reason"] == "deck"


def test_first_exhaustion_with_empty_discard():
    """ZK-R36, ZK-E29: with an empty discard pile the second exhaustion follows at once."""
    s = new()
    set_hand(s, 0, [20])
    s.draw_pile = []
    s.discard = []
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert s.exhaustions == 2
    assert s.is_over() and s.view(None)["end_reason"] == "deck"


def test_public_card_zones():
    """ZK-R37, ZK-H1: the discard pile is public and ordered; the draw pile only by size."""
    s = new()
    set_hand(s, 0, [PLAIN_CARD, SEA_CARD])
    do(s, 0, A.move(PLAIN_CARD, cell(s, 12, 7)))
    to_phase(s, "discard")
    do(s, 0, A.discard(SEA_CARD))
    for seat in (None, 1, 2):
        view = s.view(seat)
        assert view["discard"][-2:] == ["ZK006", "ZK062"]
        assert view["draw_pile"] == len(s.draw_pile)


def test_held_event_timing():
    """ZK-R38: a window card (Truce, Holy Lance) is not playable in the card phase; a
    card-phase card only when its condition holds."""
    s = new()
    set_hand(s, 0, [TRUCE_CARD, LANCE, RELIC])
    events = [a for a in s.legal_actions(0) if a.kind == "event"]
    assert events == [A.event(RELIC)]  # on Bari, a city
    place(s, 0, 12, 7)
    assert not any(a.kind == "event" for a in s.legal_actions(0))
    place(s, 0, 13, 7)
    do(s, 0, A.event(RELIC))
    assert s.motivation[0] == 12 and s.discard[-1] == RELIC


@pytest.mark.parametrize(("card", "symbol"), [(JOKER_SHIP, "fleet"), (84, "army"), (34, "army")])
def test_symbols_of_joker_and_mountain_cards(card, symbol):
    """ZK-R16, 2.5: jokers 84-85 carry an army, 86-87 a ship; mountain 34-37 an army."""
    s = new()
    place(s, 0, 8, 5)  # Alps: plain, mountain and more around
    set_hand(s, 0, [card])
    to = next(a.to for a in s.legal_actions(0) if a.kind == "move")
    do(s, 0, A.move(card, to))
    assert s.decision_kind == "symbol" and s.symbol == symbol


def test_truce_puts_unit_back_on_start():
    """ZK-R19, ZK-R21, ZK-EV09: a Truce places the unit on its start cell without a fight;
    the pawn stays, nothing else changes."""
    s = new()
    s.units[FLEET_E] = cell(s, 20, 11)
    place(s, 0, 19, 11)
    set_hand(s, 0, [SEA_CARD, TRUCE_CARD])
    do(s, 0, A.move(SEA_CARD, cell(s, 20, 11)))
    assert s.decision_kind == "truce"
    do(s, 0, A.truce(TRUCE_CARD))
    assert s.units[FLEET_E] == cell(s, 20, 12)
    assert s.pawn[0] == cell(s, 20, 11)
    assert (s.army[0], s.motivation[0]) == (6, 10)
    assert s.discard[-1] == TRUCE_CARD and s.decision_kind == "cards"


def test_no_exhaustion_without_a_draw():
    """ZK-R36: exhaustion occurs only when a card must be drawn (D = 0 draws nothing)."""
    s = new()
    s.discard.extend(s.draw_pile)
    s.draw_pile = []
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)  # hand 5: D = 0
    assert s.exhaustions == 0 and not s.is_over() and s.active == 1


def test_both_exhaustions_in_one_draw_phase():
    """ZK-R36, ZK-E30: after the reshuffle the pile can run out again in the same phase;
    the second exhaustion forfeits the remaining draws."""
    s = new()
    set_hand(s, 0, [20])  # D = 3
    s.draw_pile = []
    s.discard = [12]  # the other cards are left out of this position
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    assert s.exhaustions == 2
    assert s.hands[0] == [12, 20]
    assert s.is_over() and s.winners() == []
