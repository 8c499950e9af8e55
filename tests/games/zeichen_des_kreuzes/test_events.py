"""The event cards ZK-EV01..ZK-EV14: conditions, effects and timing (section 6)."""

from __future__ import annotations

import pytest

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


def card_phase(players: int = 4, x: int = 7, y: int = 3, hand: tuple[int, ...] = ()):
    s = new(players)
    no_hands(s)
    place(s, 0, x, y)
    set_hand(s, 0, hand)
    return s


def draw(s, seat: int, top_first: list[int], hand: list[int]) -> None:
    """Seat ``seat`` (made active) ends its discard phase holding ``hand`` and draws."""
    s.active = seat
    set_hand(s, seat, hand)
    stack_pile(s, top_first)
    to_phase(s, "discard")
    do(s, seat, A.END_DISCARD)


# -- immediate events (ZK-R35) ------------------------------------------------------------------


def test_plague_hits_only_the_drawer() -> None:
    """ZK-EV01, ZK-E31: the drawer moves min(2, army) cubes to his supply, wherever he is;
    the event does not count toward D and is discarded face up."""
    s = new(4)
    no_hands(s)
    set_cubes(s, 0, 1)
    armies = list(s.army)
    draw(s, 0, [100, 6], [7, 8, 9, 10])
    assert (s.army[0], s.supply[0]) == (0, 30)
    assert s.army[1:] == armies[1:]
    assert s.hands[0] == [6, 7, 8, 9, 10]
    assert s.discard[-1] == 100
    event = next(e for e in s.log(2) if e["type"] == "immediate")
    assert event == {
        "type": "immediate",
        "seat": 0,
        "card": "ZK100",
        "event": "plague",
        "hit": [0],
    }
    assert cubes_ok(s)


def test_storm_hits_every_pawn_at_sea() -> None:
    """ZK-EV02, ZK-E31: every pawn on a sea cell, the drawer included."""
    s = new(4)
    no_hands(s)
    place(s, 0, 19, 11)  # sea
    place(s, 1, 5, 3)  # sea, army 1
    set_cubes(s, 1, 1)
    place(s, 2, 12, 3)  # land
    armies = list(s.army)
    draw(s, 0, [104, 6], [7, 8, 9, 10])
    assert s.army == [armies[0] - 2, 0, armies[2], armies[3]]
    assert next(e for e in s.log(None) if e["type"] == "immediate")["hit"] == [0, 1]
    assert cubes_ok(s)


def test_storm_without_pawns_at_sea() -> None:
    """ZK-EV02: no pawn at sea: no effect."""
    s = new(4)
    no_hands(s)
    armies = list(s.army)
    draw(s, 0, [105, 6], [7, 8, 9, 10])
    assert s.army == armies


@pytest.mark.parametrize(("garrison", "after"), [(15, 17), (0, 2), (19, 21)])
def test_saracen_reinforcement(garrison: int, after: int) -> None:
    """ZK-EV03, ZK-E37: garrison +2, no cap."""
    s = new(4)
    no_hands(s)
    s.garrison = garrison
    draw(s, 0, [107, 6], [7, 8, 9, 10])
    assert s.garrison == after


def test_papal_blessing_everybody() -> None:
    """ZK-EV04: every player +1, clamped at 20 (ZK-E26)."""
    s = new(4)
    no_hands(s)
    s.motivation = [20, 3, 10, 0]
    draw(s, 1, [111, 6], [7, 8, 9, 10])
    assert s.motivation == [20, 4, 11, 1]


def test_several_immediates_in_one_draw_phase() -> None:
    """ZK-R35, ZK-E28: several immediates resolve one after another and do not count."""
    s = new(4)
    no_hands(s)
    s.motivation[0] = 10
    draw(s, 0, [111, 101, 107, 6, 12], [7, 8, 9])
    assert s.hands[0] == [6, 7, 8, 9, 12]
    assert s.discard[-3:] == [111, 101, 107]
    assert all(c < 100 or c > 113 for c in s.hands[0])


# -- ZK-EV05 Forced march -----------------------------------------------------------------------


def test_forced_march_condition_and_targets() -> None:
    """ZK-EV05: on land, a step to any adjacent land cell (mountain or plain, cities too)."""
    s = card_phase(hand=(114,))
    targets = {a.to for a in s.legal_actions(0) if a.kind == "event"}
    assert targets == {cell(s, *c) for c in ((7, 2), (8, 2), (8, 3), (6, 4), (7, 4), (8, 4))}
    s = card_phase(x=5, y=3, hand=(114,))  # at sea
    assert [a.kind for a in s.legal_actions(0)] == ["end_cards"]
    illegal(s, 0, A.event(114, to=cell(s, 4, 4)), "ZK-EV05")


def test_forced_march_two_steps_or_stop() -> None:
    """ZK-EV05: two real steps (step origin set each time); the holder may stop after one;
    it has no symbol."""
    s = card_phase(hand=(114,))
    do(s, 0, A.event(114, to=cell(s, 8, 4)))  # mountain
    assert s.origin[0] == cell(s, 7, 3)
    assert (s.decision_kind, s.decider) == ("second_step", 0)
    assert A.STOP_STEPS in s.legal_actions(0)
    illegal(s, 0, A.step(cell(s, 10, 6)), "ZK-EV05")  # not adjacent
    do(s, 0, A.step(cell(s, 9, 5)))
    assert s.pawn[0] == cell(s, 9, 5) and s.origin[0] == cell(s, 8, 4)
    assert s.decision_kind == "cards"
    s = card_phase(hand=(114,))
    do(s, 0, A.event(114, to=cell(s, 8, 4)))
    do(s, 0, A.STOP_STEPS)
    assert s.decision_kind == "cards" and s.pawn[0] == cell(s, 8, 4)


def test_forced_march_second_step_only_after_a_won_fight() -> None:
    """ZK-EV05, ZK-E42: a won fight on the first step keeps the second step; a lost one
    forfeits it."""
    for trays, won in (((tray(P0=1)), True), ((tray(G=1)), False)):
        s = card_phase(hand=(114,))
        script_tower(s, trays)
        s.units[ARMY_I] = cell(s, 8, 3)
        do(s, 0, A.event(114, to=cell(s, 8, 3)))
        do(s, 0, A.commit(1))
        if won:
            assert (s.decision_kind, s.pawn[0]) == ("second_step", cell(s, 8, 3))
        else:
            assert (s.decision_kind, s.pawn[0]) == ("cards", cell(s, 7, 3))
        assert cubes_ok(s)


# -- ZK-EV06 .. ZK-EV08 ------------------------------------------------------------------------


def test_mercenaries() -> None:
    """ZK-EV06: pay 1 treasure, min(2, supply) troops, anywhere; needs treasure >= 1 and
    supply >= 1; it does not use up the city-phase option."""
    s = card_phase(x=6, y=4, hand=(117,))  # Paris
    set_cubes(s, 0, 29)
    s.treasure[0] = 1
    do(s, 0, A.event(117))
    assert (s.army[0], s.supply[0], s.treasure[0]) == (30, 0, 0)
    do(s, 0, A.END_CARDS)
    assert s.decision_kind == "city" and A.PRAY in s.legal_actions(0)
    s = card_phase(hand=(117,))
    s.treasure[0] = 0
    illegal(s, 0, A.event(117), "ZK-EV06")
    s = card_phase(hand=(118,))
    set_cubes(s, 0, 30)
    illegal(s, 0, A.event(118), "ZK-EV06")


@pytest.mark.parametrize(
    ("where", "ok"),
    [((6, 4), True), ((18, 10), True), ((23, 12), True), ((10, 10), True), ((8, 3), False)],
)
def test_relic(where: tuple[int, int], ok: bool) -> None:
    """ZK-EV07: on any city cell (plundered or not, Candia, Jerusalem): motivation +2."""
    s = card_phase(x=where[0], y=where[1], hand=(120,))
    s.plundered_by[city(s, "Tunis")] = 1
    if ok:
        do(s, 0, A.event(120))
        assert s.motivation[0] == 12
    else:
        illegal(s, 0, A.event(120), "ZK-EV07")


def test_tribute() -> None:
    """ZK-EV08: with at least one green tile, treasure +2."""
    s = card_phase(hand=(123,))
    illegal(s, 0, A.event(123), "ZK-EV08")
    s.green_tiles[0] = [5]
    treasure = s.treasure[0]
    do(s, 0, A.event(123))
    assert s.treasure[0] == treasure + 2


# -- ZK-EV09 Truce -------------------------------------------------------------------------------


def test_truce_off_start_cell() -> None:
    """ZK-EV09: the fight is cancelled: no cubes move, no motivation change; the unit goes
    to its start cell; the pawn stays."""
    s = card_phase(x=2, y=7, hand=(6, 126))
    s.units[ARMY_I] = cell(s, 2, 8)
    before = (list(s.army), list(s.supply), list(s.motivation))
    do(s, 0, A.move(6, cell(s, 2, 8)))
    do(s, 0, A.truce(126))
    assert (s.army, s.supply, s.motivation) == before
    assert s.units[ARMY_I] == cell(s, 3, 8)
    assert s.pawn[0] == cell(s, 2, 8)
    assert s.decision_kind == "cards" and s.fight is None and 126 in s.discard
    assert "throw" not in log_kinds(s)


def test_truce_on_start_cell_never_removes() -> None:
    """ZK-EV09, ZK-E13: on its own start cell the unit stays there, sharing the cell."""
    s = card_phase(x=3, y=7, hand=(6, 127))
    do(s, 0, A.move(6, cell(s, 3, 8)))
    do(s, 0, A.truce(127))
    assert s.units[ARMY_I] == cell(s, 3, 8) == s.pawn[0]


def test_truce_stops_the_pawn_sequence() -> None:
    """ZK-EV09, ZK-R22: after a Truce the remaining pawns do not fight the unit."""
    s = card_phase(x=6, y=8, hand=(56, 128))
    place(s, 1, 7, 9)
    do(s, 0, A.move(56, cell(s, 7, 9)))
    do(s, 0, A.move_unit(FLEET_W, cell(s, 7, 9)))
    assert s.fight is not None and s.fight.fighter == 0
    do(s, 0, A.truce(128))
    assert s.units[FLEET_W] == cell(s, 8, 9)
    assert [e["fighter"] for e in s.log(None) if e["type"] == "fight"] == [0]
    assert s.decision_kind == "cards"


def test_truce_only_in_its_window() -> None:
    """ZK-EV09, ZK-R38: never playable in the card phase."""
    s = card_phase(hand=(126,))
    assert [a.kind for a in s.legal_actions(0)] == ["end_cards"]
    illegal(s, 0, A.event(126), "ZK-R38")


# -- ZK-EV10 Tower shaking -----------------------------------------------------------------------


def test_tower_shaking_only_in_an_emptying_window() -> None:
    """ZK-EV10: not in the card phase; in the active player's emptying window, also with a
    marker left, and also in an Ambush he plays."""
    s = card_phase(hand=(129,))
    script_tower(s, tray(P1=2), contents={"G": 1})
    illegal(s, 0, A.event(129), "ZK-R38")
    set_hand(s, 0, [129, 133])
    place(s, 1, 12, 3)
    do(s, 0, A.event(133, target=1))
    assert (s.decision_kind, s.decider) == ("empty", 0)
    assert set(s.legal_actions(0)) == {A.empty_tower(), A.empty_tower(129), A.KEEP_TOWER}
    do(s, 0, A.empty_tower(129))
    assert s.markers[0] == 2 and s.tower.total() == 0
    assert (s.decision_kind, s.decider) == ("commit", 1)


# -- ZK-EV11 Genoese ships -----------------------------------------------------------------------


def test_genoese_ships_condition_and_steps() -> None:
    """ZK-EV11: from a coastal land cell (or at sea) a step to an adjacent sea cell, then MAY
    a second sea step."""
    s = card_phase(x=5, y=4, hand=(131,))  # Rouen
    targets = {a.to for a in s.legal_actions(0) if a.kind == "event"}
    assert targets == {cell(s, 4, 3), cell(s, 5, 3), cell(s, 6, 3)}
    do(s, 0, A.event(131, to=cell(s, 5, 3)))
    assert s.decision_kind == "second_step"
    assert {a.to for a in s.legal_actions(0) if a.kind == "step"} == {
        cell(s, 4, 3),
        cell(s, 6, 3),
        cell(s, 6, 2),
    }
    illegal(s, 0, A.step(cell(s, 4, 4)), "ZK-EV11")
    do(s, 0, A.step(cell(s, 6, 2)))
    assert s.pawn[0] == cell(s, 6, 2) and s.origin[0] == cell(s, 5, 3)
    s = card_phase(x=12, y=3, hand=(132,))  # inland
    assert [a.kind for a in s.legal_actions(0)] == ["end_cards"]
    illegal(s, 0, A.event(132, to=cell(s, 12, 2)), "ZK-EV11")


def test_genoese_ships_second_step_forfeited_after_a_lost_fight() -> None:
    """ZK-EV11, ZK-E42."""
    s = card_phase(x=5, y=4, hand=(131,))
    script_tower(s, tray(G=1))
    s.units[FLEET_W] = cell(s, 5, 3)
    do(s, 0, A.event(131, to=cell(s, 5, 3)))
    do(s, 0, A.commit(1))
    assert s.pawn[0] == cell(s, 5, 4) and s.decision_kind == "cards" and s.two_step == -1


# -- ZK-EV12 Ambush ------------------------------------------------------------------------------


def test_ambush_targets() -> None:
    """ZK-EV12, ZK-E41: another player's pawn on land, not on Jerusalem."""
    s = card_phase(hand=(133,))
    place(s, 1, 5, 3)  # sea
    place(s, 2, 23, 12)  # Jerusalem
    place(s, 3, 6, 4)  # land
    assert {a.target for a in s.legal_actions(0) if a.kind == "event"} == {3}
    illegal(s, 0, A.event(133, target=1), "ZK-EV12")
    illegal(s, 0, A.event(133, target=2), "ZK-EV12")
    illegal(s, 0, A.event(133, target=0), "ZK-EV12")
    place(s, 3, 6, 3)
    assert [a.kind for a in s.legal_actions(0)] == ["end_cards"]


def test_ambush_fight() -> None:
    """ZK-EV12: the target fights 2 greens with a minimum of 2; the holder has the emptying
    window; on a loss the target retreats by rule (b) (no step origin in another's turn)."""
    s = card_phase(hand=(133,))
    script_tower(s, tray(G=2), contents={"G": 1})
    place(s, 3, 12, 3)
    set_cubes(s, 3, 5)
    do(s, 0, A.event(133, target=3))
    assert s.fight is not None and (s.fight.kind, s.fight.fighter, s.fight.enemy) == (
        "ambush",
        3,
        2,
    )
    assert (s.decision_kind, s.decider) == ("empty", 0)
    do(s, 0, A.KEEP_TOWER)
    assert (s.decision_kind, s.decider) == ("commit", 3)
    assert [a.amount for a in s.legal_actions(3)] == [2, 3, 4, 5]
    do(s, 3, A.commit(2))
    assert (s.decision_kind, s.decider) == ("retreat", 3)
    assert len(s.legal_actions(3)) == 8
    do(s, 3, A.retreat(cell(s, 13, 4)))
    assert s.pawn[3] == cell(s, 13, 4) and s.motivation[3] == 9
    assert s.motivation[0] == 10 and s.decision_kind == "cards"
    assert cubes_ok(s)


def test_ambush_on_an_empty_army_is_an_automatic_loss() -> None:
    """ZK-EV12, ZK-E7, ZK-C4."""
    s = card_phase(hand=(134,))
    place(s, 3, 12, 3)
    set_cubes(s, 3, 0)
    do(s, 0, A.event(134, target=3))
    assert s.decision_kind == "retreat" and "throw" not in log_kinds(s)
    assert s.motivation[3] == 9


# -- ZK-EV13 Holy Lance --------------------------------------------------------------------------


def test_holy_lance_once_per_fight() -> None:
    """ZK-EV13: one Holy Lance per fight, played by the fighting player with his
    commitment; never in the card phase."""
    s = card_phase(x=2, y=7, hand=(6, 135, 136))
    illegal(s, 0, A.event(135), "ZK-R38")
    script_tower(s, tray(P0=2, G=2))
    s.units[ARMY_I] = cell(s, 2, 8)
    set_cubes(s, 0, 2)
    do(s, 0, A.move(6, cell(s, 2, 8)))
    do(s, 0, A.FIGHT)
    assert {(a.amount, a.card) for a in s.legal_actions(0)} == {
        (n, c) for n in (1, 2) for c in (-1, 135, 136)
    }
    do(s, 0, A.commit(2, 136))
    assert s.hands[0] == [135] and s.motivation[0] == 11
    assert s.units[ARMY_I] == cell(s, 3, 8)


def test_holy_lance_per_jerusalem_round() -> None:
    """ZK-EV13: in a siege, one lance per round."""
    s = new(4)
    no_hands(s)
    s.active = 1
    script_tower(s, tray(P1=1, G=1), tray(P1=3))
    set_cubes(s, 1, 12)
    s.green_tiles[1] = [2, 3]
    place(s, 1, 23, 12)
    set_hand(s, 1, [135, 137])
    to_phase(s, "city")
    do(s, 1, A.SIEGE)
    do(s, 1, A.commit(5, 135))
    do(s, 0, A.defend(3))
    assert s.decision_kind == "continue"
    do(s, 1, A.CONTINUE_SIEGE)
    do(s, 1, A.KEEP_TOWER)
    assert A.commit(5, 137) in s.legal_actions(1)


# -- ZK-EV14 Crusade sermon ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "plundered", "supply", "gain"),
    [
        ((6, 4), False, 10, 3),
        ((18, 10), False, 2, 2),
        ((6, 4), True, 10, None),
        ((10, 10), False, 10, None),
        ((6, 4), False, 0, None),
        ((8, 3), False, 10, None),
    ],
)
def test_crusade_sermon(
    where: tuple[int, int], plundered: bool, supply: int, gain: int | None
) -> None:
    """ZK-EV14, ZK-E23, ZK-E25: on an unplundered red city or Candia with supply >= 1:
    min(3, supply) troops, free."""
    s = card_phase(x=where[0], y=where[1], hand=(138,))
    set_cubes(s, 0, 30 - supply)
    if plundered:
        s.plundered_by[city(s, "Paris")] = 2
    if gain is None:
        illegal(s, 0, A.event(138), "ZK-EV14")
        return
    treasure = s.treasure[0]
    do(s, 0, A.event(138))
    assert s.army[0] == 30 - supply + gain and s.treasure[0] == treasure
    assert cubes_ok(s)
