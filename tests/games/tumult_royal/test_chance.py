"""Scripted chance (TR-R2): every chance event of the game can be forced from the first
shuffle on with ``new_game(chance_script=...)``, its outcomes in the rules' public codes;
a bad outcome is refused naming it. Also the standing and its tie-breaks (TR-V4, TR-V5)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import ChanceScriptError

from .helpers import DONE, GAME, KEEP, WAIT, A, B, C, D, all_act, peek, set_placed, to_build

DESIGNS = ["L10", "L09", "L08", "L07", "L06", "L05", "L04", "L03", "L02", "L01"]


def start(players: int = 3, **script: list) -> object:
    s = GAME.new_game(players, seed=1, chance_script=script)
    while s.phase == "setup_start_statues":
        seat = s.actors()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    return s


def test_every_event_the_rules_draw_is_declared() -> None:
    """TR-R2's chance events, each with its rule."""
    assert set(GAME.chance_events) == {
        "rank deal",
        "landscape",
        "spinner",
        "spinner bread",
        "spinner marble",
        "spinner tools",
        "set aside",
        "slots",
        "peek conflict",
    }
    assert all(e.rule and e.rule.startswith("TR-") for e in GAME.chance_events.values())


def test_tr_s4_the_rank_deal_is_the_seats_king_first() -> None:
    s = GAME.new_game(4, seed=1, chance_script={"rank deal": [[C, A, D, B]]})
    assert s.rank == [C, A, D, B] and s.actors() == (B,)  # the lowest rank places first


def test_tr_s5_the_landscape_is_the_designs_in_reading_order() -> None:
    s = GAME.new_game(2, seed=1, chance_script={"landscape": [DESIGNS]})
    assert s.designs == DESIGNS
    assert s.view(None)["landscape"]["positions"][0]["design"] == "L10"


@pytest.mark.parametrize("value", [2, 3, 4, 5])
def test_tr_r4_the_spinner_shows_the_scripted_value(value: int) -> None:
    s = start(spinner=[value])
    assert s.demand == [value] * 3


def test_tr_r8_zocker_spins_each_good_as_scripted() -> None:
    s = GAME.new_game(
        2,
        seed=1,
        options={"variant": "zocker"},
        chance_script={"spinner bread": [5], "spinner marble": [2], "spinner tools": [3]},
    )
    while s.phase != "build":
        if s.phase == "grab":
            all_act(s, DONE)
        else:
            s.apply(s.actors()[0], s.legal_actions(s.actors()[0])[0])
    assert s.demand == [5, 2, 3]


def test_tr_g2_tr_g3_set_aside_and_slots_by_tile_id() -> None:
    aside = ["BR01", "BR02", "MA01", "MA02", "TO01", "TO02"]
    ids = [t.id for t in GAME.new_game(2).tiles]
    rest = [i for i in ids if i not in aside]
    slots = list(reversed(rest))
    s = start(2, **{"set aside": [aside], "slots": [slots]})
    assert [s.tiles[t].id for t in s.aside] == aside
    assert [s.tiles[t].id for t in s.slot_tile] == slots


def test_tr_g8_a_peek_conflict_goes_to_the_scripted_seat() -> None:
    s = start(2, **{"peek conflict": [B]})
    s.apply(A, peek(0))
    s.apply(B, peek(0))
    assert s.hand == [-1, 0]
    s.apply(A, WAIT)
    s.apply(B, KEEP)
    assert s.slot_taker[0] == B


@pytest.mark.parametrize(
    ("script", "problem"),
    [
        ({"rank deal": [[0, 0, 1]]}, "not every seat"),
        ({"landscape": [["L01"]]}, "not every design"),
        ({"spinner": [7]}, "spinner shows"),
        ({"set aside": [["XX01"]]}, "no goods tile"),
        ({"set aside": [["BR01", "BR01"]]}, "named twice"),
        ({"peek conflict": [9]}, "seat 0 to 2"),
        ({"weather": [1]}, "no chance event 'weather'"),
    ],
)
def test_a_bad_scripted_outcome_is_refused_naming_it(script: dict, problem: str) -> None:
    with pytest.raises(ChanceScriptError, match=problem):
        GAME.new_game(3, seed=1, chance_script=script)


def test_tr_v4_tr_v5_standing_by_statues_followers_then_rank() -> None:
    """TR-V4: most statues placed, then most followers, then the better rank."""
    s = to_build(4, seed=3)
    set_placed(s, [10, 12, 12, 12])
    s.followers = [30, 8, 8, 9]
    s.rank = [A, C, B, D]
    assert s.standing() == [[D], [C], [B], [A]]  # D: more followers; C ranks above B
    s.finish(-1, "threshold")
    assert s.winners() == [D]


def test_tr_v5_the_instant_winner_stands_first() -> None:
    """TR-V1, TR-V5: a seat that placed its 25th statue is first whatever the others."""
    s = to_build(3, seed=3)
    set_placed(s, [20, 25, 22])
    s.followers = [50, 0, 50]
    s.finish(B, "25th statue")
    assert s.standing()[0] == [B] and s.winners() == [B]
