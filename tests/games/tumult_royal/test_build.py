"""Phase 4, build (TR-R15..TR-R22) and its edge cases (TR-E13..TR-E18)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction, OptionError
from spieltisch.games.tumult_royal.build import build_fields, consoled, has_legal_build
from spieltisch.games.tumult_royal.payments import payments

from .helpers import (
    END_TURN,
    GAME,
    POOL,
    A,
    B,
    assign,
    build,
    expected_conserved,
    faces_of,
    set_board,
    set_designs,
    to_build,
)

X2_DESIGNS = ["L06", "L01", "L02", "L03", "L04", "L05", "L07", "L08", "L09", "L10"]
# columns 0-2 of the 2-player grid (column 1 of tiles, fields 3-5, is face down):
# row 0: M F M / row 1: C H V / row 2: M F M / row 3: M M F / row 4: M H V / row 5: F H M


def position(tiles_a=(), tiles_b=(), board=None, face_up=(True, False), **opt):
    s = to_build(2, seed=41, **opt)
    set_designs(s, X2_DESIGNS, list(face_up))
    s.rank = [A, B]
    s.turn = 0
    s.built = False
    set_board(s, board if board is not None else {(2, 0): A, (0, 2): B})
    assign(s, {A: list(tiles_a), B: list(tiles_b)})
    s.followers = [30, 30]
    assert s.actors() == (A,)
    return s


def rejected(s, action, rule):
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(s.actors()[0], action)
    assert err.value.rule == rule
    assert s.to_json() == before
    return err.value


# TR-R15
def test_tr_r15_turns_in_rank_order_king_first_and_later_players_see_builds():
    s = position([("bread", 1), ("tools", 1)], [("bread", 1), ("tools", 1)])
    s.apply(A, build(3, 0, ("bread", 1), ("tools", 1)))
    assert s.actors() == (A,)  # any number of builds, then end_turn
    s.apply(A, END_TURN)
    assert s.actors() == (B,)
    assert all(a.field != (3, 0) for a in s.legal_actions(B) if a.kind == "build")


# TR-R16
def test_tr_r16_target_must_be_face_up_and_empty():
    s = position([("bread", 3), ("tools", 3)] * 1)
    rejected(s, build(0, 2, ("bread", 3), ("tools", 3)), "TR-R16")  # B's statue
    rejected(s, build(0, 3, ("bread", 3), ("tools", 3)), "TR-R16")  # face-down tile
    rejected(s, build(9, 0, ("bread", 3), ("tools", 3)), "TR-R16")  # off the grid


# TR-R17
def test_tr_r17_tr_e13_capacity_vs_reserve():
    hand = [("bread", 2), ("marble", 2), ("tools", 1), ("bread", 1), ("marble", 1)]
    s = position(hand, board={(0, 0): A, (1, 1): A, (5, 5): (A, 22), (0, 2): B})
    assert s.reserve[A] == 1 and s.conserved() == expected_conserved(s)
    rejected(s, build(1, 2, ("bread", 2), ("marble", 2), ("tools", 1)), "TR-R17")  # village
    legal = {a.field for a in s.legal_actions(A) if a.kind == "build"}
    assert (1, 2) not in legal and (1, 0) not in legal
    s.apply(A, build(0, 1, ("marble", 1), ("tools", 1)))  # a forest is still possible
    assert s.is_over() and s.winners() == [A]  # and it is the 25th statue (TR-V1)


# TR-R17
def test_tr_r17_village_places_two_castle_three():
    hand = [("bread", 2), ("marble", 2), ("tools", 1)]
    s = position(hand, board={(1, 1): A, (0, 0): B})
    s.apply(A, build(1, 2, *hand))
    f = s.land.field(1, 2)
    assert (s.owner[f], s.statues[f], s.reserve[A]) == (A, 2, 22)
    hand = [("bread", 3), ("marble", 3), ("tools", 2)]
    s = position(hand, board={(2, 0): A, (0, 2): B})
    s.apply(A, build(1, 0, *hand))
    assert s.statues[s.land.field(1, 0)] == 3 and s.reserve[A] == 21


# TR-R18, TR-E14
def test_tr_r18_tr_e14_adjacency_and_double_cost():
    s = position([("bread", 2), ("tools", 2), ("marble", 2)])
    costs = dict(build_fields(s, A))
    f = s.land.field
    assert costs[f(3, 0)] == (1, 0, 1)  # adjacent meadow: base
    assert costs[f(5, 0)] == (0, 2, 2)  # non-adjacent forest: double
    assert costs[f(4, 0)] == (2, 0, 2)  # non-adjacent meadow: double
    assert f(4, 1) not in costs and f(1, 2) not in costs  # mountain, village
    assert costs[f(1, 0)] == (3, 3, 2)  # castle next to (2,0)
    rejected(s, build(4, 1, ("bread", 2), ("marble", 2), ("tools", 2)), "TR-R18")
    # cannot choose to pay double for an adjacent meadow
    s = position([("bread", 1), ("bread", 1), ("tools", 1), ("tools", 1)])
    rejected(s, build(3, 0, ("bread", 1), ("bread", 1), ("tools", 1), ("tools", 1)), "TR-R19")


# TR-R18, TR-E16
def test_tr_r18_tr_e16_other_players_give_no_adjacency_chronicle_neither():
    s = position([("bread", 1), ("marble", 1), ("tools", 1)])
    set_board(s, {(5, 0): A, (1, 1): B, (4, 0): B}, chronicle=[(A, 1)])
    costs = dict(build_fields(s, A))
    assert costs[s.land.field(2, 1)] == (0, 2, 2)  # forest next to B only: double
    assert costs[s.land.field(0, 1)] == (0, 2, 2)
    assert s.land.field(4, 1) not in costs  # mountain next to B (and not to A): illegal


# TR-E15
def test_tr_e15_face_down_fields_and_adjacency_across_border_after_reveal():
    s = position([("bread", 1), ("tools", 1)], board={(3, 2): A, (0, 0): B})
    assert all(s.land.rc(f)[1] < 3 for f, _ in build_fields(s, A))
    set_designs(s, X2_DESIGNS, [True, True])  # column 1 revealed: L01 at (0,1), L03 at (1,1)
    costs = dict(build_fields(s, A))
    # (3,3) is L03 row 0 col 0 = F, adjacent across the border to (3,2)
    assert s.terrain(s.land.field(3, 3)) == "F"
    assert costs[s.land.field(3, 3)] == (0, 1, 1)


# TR-R19
def test_tr_r19_payment_validity_and_minimality():
    s = position([("bread", 1), ("bread", 1), ("bread", 3), ("tools", 1), ("marble", 1)])
    pays = payments(s, A, (1, 0, 1))
    assert pays == [
        (("bread", 1), ("tools", 1)),
        (("bread", 3), ("tools", 1)),
    ]
    assert payments(s, A, (2, 0, 1)) == [
        (("bread", 1), ("bread", 1), ("tools", 1)),
        (("bread", 3), ("tools", 1)),
    ]
    assert payments(s, A, (0, 0, 2)) == []  # cannot cover
    rejected(s, build(3, 0, ("bread", 1), ("bread", 1), ("tools", 1)), "TR-R19")  # superfluous
    rejected(s, build(3, 0, ("bread", 1), ("marble", 1), ("tools", 1)), "TR-R19")  # cost 0
    rejected(s, build(3, 0, ("bread", 1)), "TR-R19")  # no coverage
    rejected(s, build(3, 0, ("bread", 2), ("tools", 1)), "TR-R19")  # not held


# TR-R20, TR-E17
def test_tr_r20_tr_e17_effects_overpay_with_single_large_tile():
    s = position([("bread", 3), ("tools", 1), ("marble", 2)])
    s.apply(A, build(3, 0, ("bread", 3), ("tools", 1)))
    assert s.followers[A] == 32  # +2 surplus
    assert faces_of(s, A) == [("marble", 2)]
    assert sum(1 for t, w in enumerate(s.loc) if w == POOL and s.faces[t] == ("bread", 3)) == 2
    f = s.land.field(3, 0)
    assert s.owner[f] == A and s.reserve[A] == 23
    # adjacency is judged against the new board: (4,0) meadow now adjacent
    assert dict(build_fields(s, A))[s.land.field(4, 0)] == (1, 0, 1)
    assert s.conserved() == expected_conserved(s)


# TR-R21
def test_tr_r21_tr_e18_no_consolation_for_a_player_who_could_build():
    """TR-R21, TR-E18 (default ``consolation = could_not``, the seed's "konnte"): a player
    who had a legal build and ends the turn without building gets nothing."""
    s = position([("bread", 1), ("tools", 1)], [])
    assert s.options["consolation"] == "could_not"
    assert any(a.kind == "build" for a in s.legal_actions(A)) and not consoled(s, A)
    s.apply(A, END_TURN)
    assert s.followers[A] == 30
    assert [e["type"] for e in s.log(None)[-1:]] == ["end_turn"]
    s2 = position([("bread", 1), ("tools", 1)], [])
    s2.apply(A, build(3, 0, ("bread", 1), ("tools", 1)))
    s2.apply(A, END_TURN)
    assert s2.followers[A] == 30  # built: no bonus


@pytest.mark.parametrize(
    "tiles",
    [
        [],  # nothing to pay with
        [("marble", 3)],  # no terrain costs marble alone (TR-D6)
        [("bread", 1), ("marble", 1)],  # every cost needs tools
    ],
)
def test_tr_r21_consolation_for_a_player_who_could_not_build(tiles):
    """TR-R21: a player without any legal build at the start of the build turn gets
    ``no_build_bonus`` = +2 followers at end_turn, logged as a consolation."""
    s = position(tiles, [])
    assert [a for a in s.legal_actions(A) if a.kind == "build"] == []
    assert consoled(s, A)
    s.apply(A, END_TURN)
    assert s.followers[A] == 32
    event = [e for e in s.log(None) if e["type"] == "no_build"][-1]
    assert event == {"type": "no_build", "seat": A, "bonus": 2, "could_not": True}
    assert GAME.describe(event, A) == (
        "You could not build anything and gain 2 followers as a consolation."
    )


def test_tr_r21_a_double_price_build_is_a_legal_build():
    """TR-R21 with TR-R18: goods for a meadow away from one's statues at double price are a
    legal build, so passing earns nothing."""
    s = position([("bread", 2), ("tools", 2)], [], board={(0, 2): B})  # A has no statue
    builds = [a for a in s.legal_actions(A) if a.kind == "build"]
    assert builds and not consoled(s, A)
    assert {a.payment for a in builds} == {(("bread", 2), ("tools", 2))}  # double price
    s.apply(A, END_TURN)
    assert s.followers[A] == 30


def test_tr_r21_built_nothing_pays_anyone_who_builds_nothing():
    """TR-R21, TR-E18 with ``consolation = built_nothing`` (ruleset reconstructed-1): +2
    for every player who makes no build, even one who could have built."""
    s = position([("bread", 1), ("tools", 1)], [], consolation="built_nothing")
    assert any(a.kind == "build" for a in s.legal_actions(A)) and consoled(s, A)
    s.apply(A, END_TURN)
    assert s.followers[A] == 32
    event = [e for e in s.log(None) if e["type"] == "no_build"][-1]
    assert event == {"type": "no_build", "seat": A, "bonus": 2}
    assert GAME.describe(event, None) == "Player 1 built nothing and gains 2 followers."
    s2 = position([("bread", 1), ("tools", 1)], [], consolation="built_nothing")
    s2.apply(A, build(3, 0, ("bread", 1), ("tools", 1)))
    assert not consoled(s2, A)
    s2.apply(A, END_TURN)
    assert s2.followers[A] == 30


def test_tr_r21_consolation_option_is_validated():
    """A wrong value names the option and its values."""
    with pytest.raises(OptionError) as err:
        GAME.new_game(3, 1, {"consolation": "sometimes"})
    assert "'consolation'" in str(err.value) and "could_not, built_nothing" in str(err.value)


# TR-R22
def test_tr_r22_permanence_no_moving_statues():
    s = position([("bread", 1), ("tools", 1)], [("bread", 1), ("tools", 1)])
    rejected(s, build(2, 0, ("bread", 1), ("tools", 1)), "TR-R16")  # own field is occupied
    s.apply(A, END_TURN)
    rejected(s, build(2, 0, ("bread", 1), ("tools", 1)), "TR-R16")  # field never changes owner
    assert faces_of(s, A) == [("bread", 1), ("tools", 1)]  # unspent tiles stay until TR-R29


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_tr_r21_could_build_agrees_with_the_legal_builds(players, seed):
    """TR-R21, TR-R19: "could build" (held units reach a reachable field's cost) is true
    exactly when the legal actions offer a build, at every build decision of random games
    (under both readings of the consolation)."""
    import random

    for consolation in ("could_not", "built_nothing"):
        s = GAME.new_game(players, seed, {"consolation": consolation})
        rng = random.Random(seed)
        checked = 0
        while not s.is_over():
            seat = s.actors()[0]
            legal = s.legal_actions(seat)
            if s.phase == "build":
                builds = any(a.kind == "build" for a in legal)
                assert has_legal_build(s, seat) is builds
                assert s.view(None)["consolation_due"] is (
                    not s.built and (consolation == "built_nothing" or not builds)
                )
                checked += 1
            s.apply(seat, rng.choice(legal))
        assert checked > 20
