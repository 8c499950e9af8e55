"""Bad input: illegal actions raise IllegalAction naming the rule and change nothing;
malformed action JSON raises MalformedAction; a corrupt saved state StateFormatError."""

from __future__ import annotations

import copy

import pytest

from spieltisch.engine.errors import IllegalAction, MalformedAction, StateFormatError

from .helpers import (
    GAME,
    A,
    cell,
    city,
    do,
    new,
    place,
    script_tower,
    set_cubes,
    set_hand,
    snapshot,
    to_phase,
    tray,
)

PLAIN_CARD, SEA_CARD, SHIP_CARD, TOWER_SHAKING = 6, 62, 56, 129


def forget_legal(s):
    """The state lists its legal actions at most once per position; tests that edit a
    position directly make it list them again."""
    if hasattr(type(s), "_legal"):
        s._legal = None


def rejected(s, seat, action, rule, *words):
    """``action`` raises IllegalAction citing ``rule`` and mentioning ``words``; the state
    is unchanged."""
    forget_legal(s)
    before = snapshot(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(seat, action)
    assert snapshot(s) == before
    assert err.value.rule == rule, str(err.value)
    assert rule in str(err.value)
    for word in words:
        assert word in err.value.reason, err.value.reason
    return err.value


def in_unit_fight():
    """Seat 0 stepped onto FLEET_E and must commit."""
    s = new()
    place(s, 0, 19, 11)
    set_hand(s, 0, [SEA_CARD])
    script_tower(s, tray(P0=1))
    do(s, 0, A.move(SEA_CARD, cell(s, 20, 12)))
    assert s.decision_kind == "commit"
    return s


def on_jerusalem(tiles=2, motivation=6, army=5):
    s = new()
    place(s, 0, 23, 12)
    s.green_tiles[0] = [4] * tiles
    s.motivation[0] = motivation
    set_cubes(s, 0, army)
    to_phase(s, "city")
    return s


# -- card phase ---------------------------------------------------------------------------


def test_wrong_terrain():
    """ZK-R14: a plain card cannot step onto a sea cell."""
    s = new()
    set_hand(s, 0, [PLAIN_CARD])
    rejected(s, 0, A.move(PLAIN_CARD, cell(s, 12, 6)), "ZK-R14", "plain only", "sea")


def test_not_adjacent():
    """ZK-R14: the step goes to one of the 8 neighbours only."""
    s = new()
    set_hand(s, 0, [PLAIN_CARD])
    rejected(s, 0, A.move(PLAIN_CARD, cell(s, 11, 7)), "ZK-R14", "not adjacent")


def test_card_not_in_hand():
    """ZK-R13, ZK-R14: only a card from one's own hand can be played."""
    s = new()
    set_hand(s, 0, [PLAIN_CARD])
    err = rejected(s, 0, A.move(7, cell(s, 12, 7)), "ZK-H2", "not in your hand")
    assert "ZK007" in err.reason


def test_event_card_as_movement():
    """ZK-R14: an event card is not a movement card."""
    s = new()
    set_hand(s, 0, [120])
    rejected(s, 0, A.move(120, cell(s, 12, 7)), "ZK-R14", "not a movement card")


def test_window_card_in_card_phase():
    """ZK-R38: a Truce is played only in its window."""
    s = new()
    set_hand(s, 0, [126])
    rejected(s, 0, A.event(126), "ZK-R38", "in a fight", "not in the card phase")


def test_acting_out_of_turn():
    """ZK-R1, ZK-R13: only the active player acts in his card phase."""
    s = new()
    set_hand(s, 1, [PLAIN_CARD])
    err = rejected(s, 1, A.END_CARDS, "ZK-R13")
    assert "seat 1 may not act" in err.reason
    rejected(s, 0, A.PRAY, "ZK-R25", "cannot pray now", "card phase")


# -- city phase ---------------------------------------------------------------------------


def test_plunder_candia():
    """ZK-R31: Candia can never be plundered."""
    s = new()
    place(s, 0, 18, 10)
    to_phase(s, "city")
    rejected(s, 0, A.PLUNDER, "ZK-R31", "Candia")


def test_recruit_in_plundered_city():
    """ZK-R28: a plundered Christian city is closed to recruiting."""
    s = new()
    s.plundered_by[city(s, "Bari")] = 1
    to_phase(s, "city")
    rejected(s, 0, A.recruit(1), "ZK-R28", "plundered")
    rejected(s, 0, A.PRAY, "ZK-R28", "plundered")


def test_recruit_too_much():
    """ZK-R27: k <= treasure and k <= ceil(supply / 2)."""
    s = new()  # treasure 3, supply 24
    to_phase(s, "city")
    rejected(s, 0, A.recruit(4), "ZK-R27", "1 to 3 treasure", "not 4")
    set_cubes(s, 0, 27)  # supply 3
    rejected(s, 0, A.recruit(3), "ZK-R27", "1 to 2 treasure")


def test_recruit_in_muslim_city():
    """ZK-R25: no praying or recruiting in a Muslim city."""
    s = new()
    place(s, 0, 10, 10)
    to_phase(s, "city")
    rejected(s, 0, A.PRAY, "ZK-R25", "Muslim city")


def test_plunder_over_limit():
    """ZK-R29: no Muslim plunder at the limit."""
    s = new()
    place(s, 0, 10, 10)
    s.green_tiles[0] = [2, 3, 4]
    to_phase(s, "city")
    rejected(s, 0, A.PLUNDER, "ZK-R29", "3 green tiles")


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"tiles": 1}, ("2 Muslim plunders", "you have 1")),
        ({"motivation": 5}, ("motivation 6", "yours is 5")),
        ({"army": 4}, ("army of 5", "yours is 4")),
    ],
)
def test_siege_prerequisites(kwargs, words):
    """ZK-J1: each of the three conditions is checked, and the message says which."""
    assert A.SIEGE in on_jerusalem().legal_actions(0)
    s = on_jerusalem(**kwargs)
    rejected(s, 0, A.SIEGE, "ZK-J1", *words)


def test_siege_five_players_needs_one_tile():
    """ZK-J1 (i): R = 1 with 5 players."""
    s = new(5)
    place(s, 0, 23, 12)
    to_phase(s, "city")
    rejected(s, 0, A.SIEGE, "ZK-J1", "1 Muslim plunder (a green tile)")


# -- fights -------------------------------------------------------------------------------


def test_commit_below_minimum():
    """ZK-C3 step 6: at least min(1, army) troops, at most the army."""
    s = in_unit_fight()
    rejected(s, 0, A.commit(0), "ZK-C3", "at least 1")
    rejected(s, 0, A.commit(7), "ZK-C3", "only 6 troops")


def test_siege_commit_below_five():
    """ZK-J5: the attacker commits 5 <= a <= army; the defender 3 <= d <= garrison."""
    s = on_jerusalem(army=8)
    script_tower(s, tray(P0=5))
    do(s, 0, A.SIEGE)
    assert s.decision_kind == "attack"
    rejected(s, 0, A.commit(4), "ZK-J5", "at least 5")
    rejected(s, 0, A.commit(9), "ZK-J5", "only 8")
    do(s, 0, A.commit(5))
    rejected(s, 3, A.defend(2), "ZK-J5", "3 to 15")
    rejected(s, 3, A.defend(16), "ZK-J5", "3 to 15")


def test_empty_an_empty_tower():
    """ZK-E40, ZK-T5: with an empty tower there is no emptying window: emptying, with a
    marker or with Tower shaking, is illegal and changes nothing."""
    s = new()
    place(s, 0, 19, 11)
    set_hand(s, 0, [SEA_CARD, TOWER_SHAKING])
    script_tower(s, tray(P0=1))
    do(s, 0, A.move(SEA_CARD, cell(s, 20, 12)))
    do(s, 0, A.FIGHT)
    assert s.tower.total() == 0 and s.markers[0] == 2
    assert s.decision_kind == "commit"
    assert not any(a.kind == "empty_tower" for a in s.legal_actions(0))
    rejected(s, 0, A.empty_tower(), "ZK-T5", "cannot empty the tower now")
    rejected(s, 0, A.empty_tower(TOWER_SHAKING), "ZK-T5", "cannot empty the tower now")


def test_empty_without_marker():
    """ZK-T5: emptying costs a purple marker."""
    s = new()
    place(s, 0, 19, 11)
    set_hand(s, 0, [SEA_CARD, PLAIN_CARD])  # a card in hand: the window is still asked
    s.markers[0] = 0
    script_tower(s, tray(P0=1), contents={"G": 1})
    do(s, 0, A.move(SEA_CARD, cell(s, 20, 12)))
    do(s, 0, A.FIGHT)
    assert s.decision_kind == "empty"
    rejected(s, 0, A.empty_tower(), "ZK-T5", "no purple marker")


def test_fleet_symbol_move_onto_land():
    """ZK-R20: a fleet moves to sea cells only."""
    s = new()
    place(s, 0, 19, 11)
    set_hand(s, 0, [SHIP_CARD])
    do(s, 0, A.move(SHIP_CARD, cell(s, 19, 12)))
    assert s.decision_kind == "symbol"
    rejected(s, 0, A.move_unit(0, cell(s, 9, 8)), "ZK-R20", "sea only")
    rejected(s, 0, A.move_unit(0, cell(s, 6, 9)), "ZK-R20")  # not adjacent
    rejected(s, 0, A.move_unit(2, cell(s, 2, 8)), "ZK-R16", "not Iberian army")


def test_retreat_to_bad_cell():
    """ZK-C12: the retreat goes to an adjacent cell without a unit, land if any."""
    s = new()
    script_tower(s, tray(G=2))
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    do(s, 0, A.commit(1))
    assert s.decision_kind == "retreat"
    rejected(s, 0, A.retreat(cell(s, 12, 6)), "ZK-C12")  # sea, though land qualifies


def test_no_action_after_game_over():
    """ZK-W1: nothing can be played once the game is over."""
    s = new(turn_limit=1)
    do(s, 0, A.END_CARDS)
    do(s, 0, A.PASS)
    do(s, 0, A.END_DISCARD)
    assert s.is_over()
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="over"):
        s.apply(1, A.END_CARDS)
    assert snapshot(s) == before


def test_not_an_action_object():
    """An object that is not an action of the game is rejected without change."""
    s = new()
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(0, "end_cards")
    assert snapshot(s) == before


# -- malformed JSON -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("obj", "words"),
    [
        ("end_cards", "JSON object"),
        ({"type": "fly"}, "unknown action type 'fly'"),
        ({}, "unknown action type None"),
        ({"type": "move", "card": "ZK006", "to": [26, 0]}, "'to' must be a cell"),
        ({"type": "move", "card": "ZK006", "to": [3]}, "'to' must be a cell"),
        ({"type": "move", "card": "ZK006", "to": "3,4"}, "'to' must be a cell"),
        ({"type": "move", "card": "ZK006", "to": [-1, 4]}, "'to' must be a cell"),
        ({"type": "move", "card": "6", "to": [3, 4]}, "is not a card code"),
        ({"type": "move", "card": "ZK0006", "to": [3, 4]}, "is not a card code"),
        ({"type": "move", "card": 6, "to": [3, 4]}, "is not a card code"),
        ({"type": "move", "to": [3, 4]}, "needs a 'card'"),
        ({"type": "end_cards", "card": "ZK006"}, "unexpected field"),
        ({"type": "recruit", "amount": -1}, "non-negative integer"),
        ({"type": "recruit", "amount": True}, "non-negative integer"),
    ],
)
def test_malformed_action_json(obj, words):
    """Malformed action JSON raises MalformedAction naming what is wrong."""
    with pytest.raises(MalformedAction) as err:
        GAME.action_from_json(obj)
    assert words in str(err.value)


def test_action_json_round_trip():
    """Well-formed action JSON parses back to the action."""
    for action in (A.move(6, 3 * 26 + 4), A.END_CARDS, A.commit(5, 135), A.recruit(2)):
        assert GAME.action_from_json(action.to_json()) == action


# -- corrupt saved state ------------------------------------------------------------------


def corrupt(edit):
    obj = copy.deepcopy(new().to_json())
    edit(obj["data"])
    return obj


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d["army"].__setitem__(0, 7), "cubes do not add up to 30 (ZK-R2)"),
        (lambda d: d["supply"].__setitem__(2, 0), "cubes do not add up to 30"),
        (lambda d: d["motivation"].__setitem__(1, 21), "motivation must be 0..20"),
        (lambda d: d["treasure"].__setitem__(1, -1), "negative"),
        (lambda d: d["pawn"].__setitem__(1, 364), "off the board"),
        (lambda d: d["army"].pop(), "'army' must be a list of 4 integers"),
        (lambda d: d["draw_pile"].append(d["draw_pile"][0]), "appears twice"),
        (lambda d: d["draw_pile"].pop(), "all 140 cards"),
        (lambda d: d["draw_pile"].__setitem__(0, "ZK140"), "unknown card"),
        (lambda d: d["hands"][0].append(d["draw_pile"].pop()), "at most 5 cards"),
        (lambda d: d.__setitem__("decision", "dance"), "unknown decision"),
        (lambda d: d.__setitem__("active", 9), "'active' is not a seat"),
        (lambda d: d["knights"].__setitem__(0, "K_XYZ"), "knights"),
        (lambda d: d.__setitem__("garrison", "15"), "'garrison' must be an integer"),
        (lambda d: d.__setitem__("log", "nothing"), "'log' must be a list"),
    ],
)
def test_corrupt_state(edit, words):
    """A corrupt saved state raises StateFormatError naming the problem."""
    with pytest.raises(StateFormatError) as err:
        GAME.state_from_json(corrupt(edit))
    assert words in str(err.value)


def test_corrupt_state_missing_field():
    """A missing field is a StateFormatError, not a KeyError."""
    obj = corrupt(lambda d: d.pop("units"))
    with pytest.raises(StateFormatError, match="units"):
        GAME.state_from_json(obj)


def test_state_round_trip():
    """A saved state loads back to the same JSON."""
    s = new()
    obj = s.to_json()
    assert GAME.state_from_json(copy.deepcopy(obj)).to_json() == obj


def test_state_not_a_document():
    """A state must be a JSON object of this game."""
    with pytest.raises(StateFormatError):
        GAME.state_from_json([1, 2])
    obj = new().to_json()
    obj["game"] = "chess"
    with pytest.raises(StateFormatError, match="chess"):
        GAME.state_from_json(obj)
