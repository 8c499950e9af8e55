"""Rejected input (TR-G13): illegal actions name their rule and change nothing; malformed
action JSON, bad options and corrupt state JSON raise their own errors."""

from __future__ import annotations

import copy

import pytest

from spieltisch.engine.errors import IllegalAction, MalformedAction, OptionError, StateFormatError

from .helpers import (
    DONE,
    END_TURN,
    GAME,
    KEEP,
    PUT_BACK,
    WAIT,
    A,
    B,
    C,
    all_act,
    assign,
    build,
    new,
    peek,
    place,
    set_board,
    set_designs,
    to_build,
    to_grab,
)

X2_DESIGNS = ["L06", "L01", "L02", "L03", "L04", "L05", "L07", "L08", "L09", "L10"]


def rejected(s, seat, action, rule):
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(seat, action)
    assert s.to_json() == before  # nothing changed
    assert err.value.rule == rule, str(err.value)
    assert rule in str(err.value) and err.value.reason
    return err.value


def grab():
    """3 players after one tick: A holds slot 0, B kept nothing and holds nothing, C kept
    slot 1 in an earlier tick."""
    s = to_grab(3, seed=101)
    s.apply(A, WAIT)
    s.apply(B, WAIT)
    s.apply(C, peek(1))
    s.apply(A, peek(0))
    s.apply(B, WAIT)
    s.apply(C, KEEP)
    return s


def builder():
    s = to_build(2, seed=102)
    set_designs(s, X2_DESIGNS, [True, False])
    s.rank, s.turn, s.built = [A, B], 0, False
    set_board(s, {(2, 0): A, (0, 2): B})
    assign(s, {A: [("bread", 3), ("marble", 2), ("tools", 1), ("tools", 2), ("bread", 2)]})
    return s


def test_peek_with_full_hand():
    rejected(grab(), A, peek(5), "TR-G6")


@pytest.mark.parametrize("action", [KEEP, PUT_BACK])
def test_keep_or_put_back_with_empty_hand(action):
    assert "empty" in str(rejected(grab(), B, action, "TR-G6"))


@pytest.mark.parametrize("slot", [0, 1, -1, 30, 10**6])
def test_peek_held_taken_or_out_of_range_slot(slot):
    rejected(grab(), B, peek(slot), "TR-G6")


def test_build_that_cannot_be_paid():
    s = builder()
    rejected(s, A, build(3, 0, ("bread", 3), ("tools", 1), ("tools", 2)), "TR-R19")  # superfluous
    rejected(s, A, build(3, 0, ("bread", 3), ("bread", 2), ("tools", 1)), "TR-R19")
    rejected(s, A, build(3, 0, ("bread", 3)), "TR-R19")  # tools missing
    rejected(s, A, build(3, 0, ("bread", 1), ("tools", 1)), "TR-R19")  # bread 1 not held
    rejected(s, A, build(3, 0, ("gold", 1), ("tools", 1)), "TR-R19")  # no such good
    rejected(s, A, build(1, 0, ("bread", 3), ("marble", 2), ("tools", 2)), "TR-R19")  # castle


def test_non_adjacent_mountain():
    s = builder()
    e = rejected(s, A, build(4, 1, ("bread", 3), ("marble", 2), ("tools", 1)), "TR-R18")
    assert "next to" in e.reason


def test_village_with_too_few_statues():
    s = builder()
    set_board(s, {(1, 1): A, (4, 4): (A, 23), (0, 2): B})
    assert s.reserve[A] == 1
    rejected(s, A, build(1, 2, ("bread", 3), ("marble", 2), ("tools", 1)), "TR-R17")


def test_build_on_occupied_or_face_down_or_off_grid_field():
    s = builder()
    rejected(s, A, build(0, 2, ("bread", 2), ("tools", 1)), "TR-R16")
    rejected(s, A, build(0, 4, ("bread", 2), ("tools", 1)), "TR-R16")
    rejected(s, A, build(6, 0, ("bread", 2), ("tools", 1)), "TR-R16")


def test_actions_in_the_wrong_phase():
    s = new(2, seed=103)
    rejected(s, s.actors()[0], DONE, "TR-S7")
    rejected(grab(), B, END_TURN, "TR-G6")
    rejected(grab(), B, build(3, 0, ("bread", 2), ("tools", 1)), "TR-G6")
    s = builder()
    for action in (peek(0), KEEP, DONE, WAIT, place(0, 0)):
        rejected(s, A, action, "TR-R15")


def test_action_of_a_seat_that_is_not_an_actor_build_turn():
    """The build turn belongs to A, the King (TR-R15)."""
    rejected(builder(), B, END_TURN, "TR-R15")


def test_action_of_a_seat_that_is_not_an_actor_done_in_grab():
    """A seat that pressed done takes no part in the rest of the grab (TR-G6)."""
    g = to_grab(2, seed=104)
    g.apply(A, DONE)
    g.apply(B, WAIT)
    assert g.actors() == (B,)
    rejected(g, A, WAIT, "TR-G6")


def test_action_of_a_seat_that_is_not_an_actor_start_statue():
    """Start statues are placed one at a time in ascending rank order (TR-S7)."""
    st = new(3, seed=105)
    other = next(p for p in range(3) if p != st.actors()[0])
    rejected(st, other, st.legal_actions(st.actors()[0])[0], "TR-S7")


def test_a_seat_cannot_choose_twice_in_one_tick_and_game_over():
    g = to_grab(2, seed=106)
    g.apply(A, WAIT)
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply(A, WAIT)
    assert g.to_json() == before
    with pytest.raises(IllegalAction):
        g.apply(7, WAIT)
    s = builder()
    s.finish(A, "25th statue")
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(A, END_TURN)
    assert "over" in str(err.value) and s.to_json() == before


@pytest.mark.parametrize(
    "obj",
    [
        None,
        [],
        "peek",
        {},
        {"type": "grab"},
        {"type": "peek"},
        {"type": "peek", "slot": "3"},
        {"type": "peek", "slot": True},
        {"type": "keep", "slot": 1},
        {"type": "place_start"},
        {"type": "place_start", "field": [1]},
        {"type": "place_start", "field": [1, "2"]},
        {"type": "build", "field": [1, 2]},
        {"type": "build", "field": [1, 2], "payment": "bread"},
        {"type": "build", "field": [1, 2], "payment": [["bread"]]},
        {"type": "build", "field": [1, 2], "payment": [["bread", 1.5]]},
        {"type": "build", "field": [1, 2], "payment": [[1, 1]]},
    ],
)
def test_malformed_action_json(obj):
    with pytest.raises(MalformedAction):
        GAME.action_from_json(obj)


def test_action_json_round_trip():
    for a in (
        peek(3),
        KEEP,
        PUT_BACK,
        DONE,
        WAIT,
        END_TURN,
        place(1, 2),
        build(3, 0, ("tools", 1), ("bread", 3)),
    ):
        assert GAME.action_from_json(a.to_json()) == a


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"variant": "gambler"}, "variant"),
        ({"keep_goods": "maybe"}, "keep_goods"),
        ({"greed_measure": "weight"}, "greed_measure"),
        ({"grab_ticks": 0}, "grab_ticks"),
        ({"grab_ticks": "many"}, "grab_ticks"),
        ({"tick_ms": -5}, "tick_ms"),
        ({"ruleset_data": {"king_tax": 5}}, "ruleset_data"),
        ({"sand_timer": 20}, "sand_timer"),
    ],
)
def test_bad_options_name_the_option(options, name):
    with pytest.raises(OptionError) as err:
        GAME.new_game(3, seed=1, options=options)
    assert name in str(err.value)


@pytest.mark.parametrize("players", [1, 5, "3"])
def test_bad_player_count(players):
    with pytest.raises(OptionError):
        GAME.new_game(players, seed=1)


def corrupt(mutate):
    s = to_grab(3, seed=107)
    s.apply(A, peek(0))
    obj = copy.deepcopy(s.to_json())
    mutate(obj)
    return obj


@pytest.mark.parametrize(
    "mutate",
    [
        lambda o: o.pop("data"),
        lambda o: o["data"].pop("loc"),
        lambda o: o["data"].update(rank=[0, 0, 1]),
        lambda o: o["data"].update(designs=["L01"] * 10),
        lambda o: o["data"].update(phase="banquet"),
        lambda o: o["data"].update(loc=o["data"]["loc"][:-1]),
        lambda o: o["data"].update(reserve=[25, 25, 25]),  # statues do not add up
        lambda o: o["data"].update(board=[[0, 7, 1]]),
        lambda o: o["data"].update(followers="many"),
        lambda o: o.update(game="medina"),
        lambda o: o.update(options={"variant": "gambler"}),
    ],
)
def test_corrupt_state_json(mutate):
    obj = corrupt(mutate)
    with pytest.raises(StateFormatError):
        GAME.state_from_json(obj)


def test_state_json_round_trip():
    s = to_grab(3, seed=108)
    s.apply(A, peek(0))
    t = GAME.state_from_json(s.to_json())
    assert t.to_json() == s.to_json()
    all_act(t, WAIT)
