"""Combat (ZK-C1..ZK-C14), the emptying window (ZK-T5) and the tower as the game uses it
(ZK-T1, ZK-T2, ZK-T6, ZK-T8). All fights use a scripted tower (ZK-T8)."""

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
    to_phase,
    tray,
)

FLEET_W, FLEET_E, ARMY_I, ARMY_A = 0, 1, 2, 3
KINDS = ("unit_army", "unit_fleet", "plunder_muslim", "plunder_christian", "ambush")


def start(
    kind: str,
    *trays: dict[str, int],
    army: int = 6,
    contents: dict[str, int] | None = None,
    tie_rule: str = "defender",
    on_start: bool = False,
):
    """A 4-player game, seat 0 active, empty hands, and a fight of ``kind`` just started.
    Returns (state, fighting seat)."""
    s = new(4, tie_rule=tie_rule)
    no_hands(s)
    script_tower(s, *trays, contents=contents)
    for seat in range(4):
        set_cubes(s, seat, army)
    if kind == "unit_army":
        if not on_start:
            s.units[ARMY_I] = cell(s, 2, 8)
            place(s, 0, 2, 7)
        else:
            place(s, 0, 3, 7)
        set_hand(s, 0, [6])
        do(s, 0, A.move(6, s.units[ARMY_I]))
        return s, 0
    if kind == "unit_fleet":
        s.units[FLEET_E] = cell(s, 20, 11)
        place(s, 0, 19, 11)
        set_hand(s, 0, [62])
        do(s, 0, A.move(62, cell(s, 20, 11)))
        return s, 0
    if kind == "plunder_muslim":
        place(s, 0, 10, 10, origin=(9, 10))
        to_phase(s, "city")
        do(s, 0, A.PLUNDER)
        return s, 0
    if kind == "plunder_christian":
        place(s, 0, 6, 4, origin=(5, 4))
        to_phase(s, "city")
        do(s, 0, A.PLUNDER)
        return s, 0
    assert kind == "ambush"
    place(s, 1, 12, 3)
    set_hand(s, 0, [133])
    do(s, 0, A.event(133, target=1))
    return s, 1


def amounts(s, seat: int) -> list[int]:
    return sorted({a.amount for a in s.legal_actions(seat) if a.kind == "commit"})


# -- ZK-C1: fight types -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "enemy", "minimum"),
    [
        ("unit_army", 3, 1),
        ("unit_fleet", 3, 1),
        ("plunder_muslim", 3, 1),
        ("plunder_christian", 2, 1),
        ("ambush", 2, 2),
    ],
)
def test_fight_types_enemy_and_minimum_commitment(kind: str, enemy: int, minimum: int) -> None:
    """ZK-C1: E and the minimum commitment per fight type; ZK-C3 step 6: n_min..army."""
    s, x = start(kind, army=6)
    assert s.fight is not None and s.fight.kind == kind
    assert s.view(None)["fight"]["type"] == kind
    assert s.view(None)["fight"]["enemy"] == enemy
    assert (s.decision_kind, s.decider) == ("commit", x)
    assert amounts(s, x) == list(range(minimum, 7))
    illegal(s, x, A.commit(7), "ZK-C3")
    if minimum > 1:
        illegal(s, x, A.commit(1), "ZK-C3")


def test_minimum_commitment_capped_by_army() -> None:
    """ZK-C3 step 6: n_min = min(minimum, army) (ZK-E41: an army of 1 commits that 1)."""
    s, x = start("ambush", army=1)
    assert amounts(s, x) == [1]


# -- ZK-C2: roles -------------------------------------------------------------------------


def symbol_fight(hand1: list[int], contents: dict[str, int] | None = None):
    """Seat 0 plays 56 (sea + ship) and moves FLEET_W onto seat 1's pawn on (7,9)."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(P1=2), contents=contents)
    place(s, 0, 6, 8)
    place(s, 1, 7, 9)
    set_hand(s, 0, [56, 136])
    set_hand(s, 1, hand1)
    do(s, 0, A.move(56, cell(s, 5, 8)))
    assert s.decision_kind == "symbol"
    do(s, 0, A.move_unit(FLEET_W, cell(s, 7, 9)))
    return s


def test_roles_fighting_player_and_active_player_differ() -> None:
    """ZK-C2, ZK-E39: seat 1 fights a unit seat 0 moved; the Truce, lance and commitment are
    seat 1's, the emptying window is only seat 0's (ZK-T5)."""
    s = symbol_fight([126, 135], contents={"G": 1})
    assert s.fight is not None and s.fight.fighter == 1 and s.active == 0
    assert (s.decision_kind, s.decider) == ("truce", 1)
    assert s.legal_actions(0) == []
    do(s, 1, A.FIGHT)
    assert (s.decision_kind, s.decider) == ("empty", 0)
    illegal(s, 1, A.empty_tower(), "ZK-T5")
    do(s, 0, A.KEEP_TOWER)
    assert (s.decision_kind, s.decider) == ("commit", 1)
    lances = {a.card for a in s.legal_actions(1)}
    assert lances == {-1, 135}  # seat 0's lance 136 is not offered
    do(s, 1, A.commit(2))
    assert s.fight is None and s.decision_kind == "cards" and s.decider == 0
    assert s.units[FLEET_W] == cell(s, 8, 9)  # beaten off its start cell: returns (ZK-R23)
    assert cubes_ok(s)


# -- ZK-C3: the sequence --------------------------------------------------------------------


def test_sequence_truce_then_emptying_then_lance_and_commitment() -> None:
    """ZK-C3: announce, truce window, emptying window, lance + commitment, throw, resolve."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(P0=1, G=2), contents={"G": 1})
    s.units[ARMY_I] = cell(s, 2, 8)
    place(s, 0, 2, 7)
    set_hand(s, 0, [6, 126, 135])
    do(s, 0, A.move(6, cell(s, 2, 8)))
    assert log_kinds(s)[-1] == "fight"
    assert s.decision_kind == "truce"
    assert set(s.legal_actions(0)) == {A.truce(126), A.FIGHT}
    do(s, 0, A.FIGHT)
    assert s.decision_kind == "empty"
    assert set(s.legal_actions(0)) == {A.empty_tower(), A.KEEP_TOWER}
    do(s, 0, A.KEEP_TOWER)
    assert s.decision_kind == "commit"
    assert set(s.legal_actions(0)) == {A.commit(n, c) for n in range(1, 7) for c in (-1, 135)}
    do(s, 0, A.commit(3, 135))
    kinds = log_kinds(s)
    assert kinds[kinds.index("fight") :] == ["fight", "lance", "throw", "fight_result", "retreat"]
    # A* = 1 + 1 = Gt = 2: a tie, lost under the default tie rule; retreat to the origin
    assert s.pawn[0] == cell(s, 2, 7) and s.origin[0] == -1
    assert cubes_ok(s)


def test_no_truce_window_without_cards_and_no_emptying_on_an_empty_tower() -> None:
    """ZK-C3 steps 2 and 4: nothing to ask, so the commitment comes at once."""
    s, _ = start("unit_army", tray(P0=1))
    assert s.decision_kind == "commit"


def test_truce_window_only_in_unit_fights() -> None:
    """ZK-C1 (Truce possible only in UNIT fights), ZK-C3 step 2."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(P0=1))
    place(s, 0, 10, 10, origin=(9, 10))
    set_hand(s, 0, [126])
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    assert s.decision_kind == "commit"  # tower empty: no window; and no Truce window
    illegal(s, 0, A.truce(126), "ZK-EV09")


# -- ZK-C4 / ZK-C5: no troops, uncommitted troops ---------------------------------------------


def test_automatic_loss_without_troops() -> None:
    """ZK-C4, ZK-E6: army 0 in a unit fight: the Truce is still offered; otherwise an
    automatic loss: nothing thrown, tower unchanged, no cubes move, motivation -1, retreat."""
    s = new(4)
    no_hands(s)
    script_tower(s, contents={"P0": 2, "G": 1})
    set_cubes(s, 0, 0)
    s.units[ARMY_I] = cell(s, 2, 8)
    place(s, 0, 2, 7)
    set_hand(s, 0, [6, 126])
    do(s, 0, A.move(6, cell(s, 2, 8)))
    assert (s.decision_kind, s.decider) == ("truce", 0)
    supply = s.supply[0]
    do(s, 0, A.FIGHT)
    assert "throw" not in log_kinds(s)
    result = s.log(None)[-2]
    assert result == {"type": "fight_result", "seat": 0, "won": False, "automatic": True}
    assert s.view(None)["tower"] == {"P0": 2, "G": 1}
    assert (s.army[0], s.supply[0]) == (0, supply)
    assert s.motivation[0] == 9
    assert s.pawn[0] == cell(s, 2, 7)
    assert s.units[ARMY_I] == cell(s, 2, 8)  # a loss: the unit stays
    assert cubes_ok(s)


def test_uncommitted_troops_are_safe() -> None:
    """ZK-C5: only the n committed cubes are thrown; a loss costs no uncommitted troop."""
    s, _ = start("unit_army", tray(G=3), army=8)
    do(s, 0, A.commit(3))
    assert s.army[0] == 5
    assert s.view(None)["tower"] == {"P0": 3}
    assert cubes_ok(s)


# -- ZK-C6..ZK-C8: counting and comparing -----------------------------------------------------


def test_tray_counts_old_lodged_cubes() -> None:
    """ZK-C6, ZK-C7, ZK-E3: A counts cubes lodged earlier (A > n) and prisoners count for
    nobody."""
    s, _ = start("unit_army", tray(P0=4, G=2, P1=3), army=8, contents={"P0": 3, "P1": 3})
    supply1 = s.supply[1]
    do(s, 0, A.KEEP_TOWER)
    do(s, 0, A.commit(1))
    throw = s.log(None)[[e["type"] for e in s.log(None)].index("throw")]
    assert throw["thrown"] == {"P0": 1, "G": 3}
    assert throw["tray"] == {"P0": 4, "G": 2, "P1": 3}
    assert throw["after"] == {"G": 1}
    # win: Lc = 2 to supply, 2 back to the army, 3 prisoners home, 3 liberated
    assert s.army[0] == 8 - 1 + 2 + 3
    assert s.supply[1] == supply1 + 3
    assert cubes_ok(s)


def test_green_count_may_exceed_e() -> None:
    """ZK-E3: Gt counts lodged greens too, so Gt may exceed E."""
    s, _ = start("plunder_christian", tray(P0=3, G=4), contents={"G": 2})
    do(s, 0, A.KEEP_TOWER)
    do(s, 0, A.commit(3))
    assert any(e["type"] == "fight_result" and not e["won"] for e in s.log(None))
    assert s.plundered_by[city(s, "Paris")] == -1


@pytest.mark.parametrize(("tie_rule", "won"), [("defender", False), ("attacker", True)])
def test_tie_rule(tie_rule: str, won: bool) -> None:
    """ZK-C8, ZK-E1: A* = Gt is a loss under 'defender', a win under 'attacker'."""
    s, _ = start("plunder_muslim", tray(P0=2, G=2), tie_rule=tie_rule)
    do(s, 0, A.commit(3))
    assert (s.plundered_by[city(s, "Tunis")] == 0) is won
    assert s.motivation[0] == (12 if won else 9)
    assert s.army[0] == 3  # a win gives Lc = min(2, 2) = 2: nothing comes back
    assert cubes_ok(s)


def test_holy_lance_adds_one_to_a() -> None:
    """ZK-C7: A* = A + 1 with a Holy Lance; a tie becomes a win under 'defender'."""
    s, _ = start("unit_army", tray(P0=2, G=2))
    set_hand(s, 0, [135])
    do(s, 0, A.commit(3, 135))
    assert s.units[ARMY_I] == cell(s, 3, 8)  # won: back to its start cell
    assert s.motivation[0] == 11
    assert s.army[0] == 3  # Lc = min(2, 2): no cube back
    assert 135 in s.discard
    assert cubes_ok(s)


# -- ZK-C9 / ZK-C10: cubes ----------------------------------------------------------------


def test_cubes_on_a_win_with_a_prisoner() -> None:
    """ZK-C9 (worked example ZK-X1): greens out, Lc = min(Gt, A) to supply, the rest back,
    prisoners to their owners, liberation."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(P0=4, G=2, P2=1), contents={"P0": 2, "G": 1, "P2": 2})
    place(s, 0, 10, 10, origin=(9, 10))
    tunis = city(s, "Tunis")
    s.tile[tunis] = 4
    s.motivation[0] = 9
    supply2 = s.supply[2]
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    do(s, 0, A.KEEP_TOWER)
    do(s, 0, A.commit(5))
    assert (s.army[0], s.supply[0], s.tower.count(0)) == (4, 23, 3)
    assert (s.treasure[0], s.motivation[0], s.green_tiles[0]) == (7, 11, [4])
    assert s.plundered_by[tunis] == 0 and s.pawn[0] == cell(s, 10, 10)
    assert s.supply[2] == supply2 + 1
    assert s.view(None)["tower"] == {"P0": 3, "P2": 1, "G": 2}
    assert cubes_ok(s)


def test_liberation_capped_by_supply() -> None:
    """ZK-C9 step 4, ZK-E8: supply 1 and three prisoners: only 1 troop is liberated."""
    s, _ = start("unit_army", tray(P0=1, P1=3), contents={"P1": 3})
    set_cubes(s, 0, 29, 1)
    do(s, 0, A.KEEP_TOWER)
    do(s, 0, A.commit(1))
    assert (s.army[0], s.supply[0]) == (30, 0)
    assert cubes_ok(s)


def test_cubes_on_a_loss() -> None:
    """ZK-C10, ZK-E9 (worked example ZK-X2): everything in the tray goes home; prisoners
    are not converted; motivation -2; retreat to the step origin."""
    s = new(4)
    no_hands(s)
    s.active = 3
    script_tower(s, tray(P3=1, G=2, P0=1), contents={"G": 3, "P0": 1})
    place(s, 3, 6, 4, origin=(5, 4))
    supply0 = s.supply[0]
    to_phase(s, "city")
    do(s, 3, A.PLUNDER)
    do(s, 3, A.KEEP_TOWER)
    do(s, 3, A.commit(3))
    assert (s.army[3], s.supply[3], s.tower.count(3)) == (5, 23, 2)
    assert (s.treasure[3], s.motivation[3]) == (5, 8)
    assert s.supply[0] == supply0 + 1 and s.army[0] == 6
    assert s.pawn[3] == cell(s, 5, 4) and s.origin[3] == -1
    assert s.plundered_by[city(s, "Paris")] == -1
    assert s.view(None)["tower"] == {"P3": 2, "G": 3}
    assert cubes_ok(s)


# -- ZK-C11: motivation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "win", "loss"),
    [
        ("unit_army", 1, -1),
        ("unit_fleet", 1, -1),
        ("ambush", 1, -1),
        ("plunder_muslim", 2, -1),
        ("plunder_christian", -3, -2),
    ],
)
@pytest.mark.parametrize("won", [True, False])
def test_motivation_per_fight_type(kind: str, win: int, loss: int, won: bool) -> None:
    """ZK-C11: the fighting player's motivation change, once per fight."""
    x = 1 if kind == "ambush" else 0
    s, fighter = start(kind, tray(**{f"P{x}": 2}) if won else tray(G=1))
    assert fighter == x
    other = s.motivation[1 - x]
    do(s, x, A.commit(2))
    if s.decision_kind == "retreat":
        do(s, x, s.legal_actions(x)[0])
    assert s.motivation[x] == 10 + (win if won else loss)
    assert s.motivation[1 - x] == other
    assert cubes_ok(s)


# -- ZK-C12: retreat ------------------------------------------------------------------------


def test_retreat_a_to_the_step_origin() -> None:
    """ZK-C12 (a): back to the step origin, which becomes none; not a step."""
    s, _ = start("unit_fleet", tray(G=1))
    do(s, 0, A.commit(1))
    assert s.pawn[0] == cell(s, 19, 11) and s.origin[0] == -1
    assert s.log(None)[-1] == {"type": "retreat", "seat": 0, "to": [19, 11]}
    assert s.decision_kind == "cards"


def test_retreat_b_choice_prefers_land_and_avoids_units() -> None:
    """ZK-C12 (b): no step origin (an Ambush target): the target chooses among the adjacent
    land cells without a neutral unit."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(G=1))
    place(s, 1, 5, 4)  # Rouen: three sea neighbours, five land neighbours
    s.units[ARMY_I] = cell(s, 4, 5)
    set_hand(s, 0, [133])
    do(s, 0, A.event(133, target=1))
    do(s, 1, A.commit(2))
    assert (s.decision_kind, s.decider) == ("retreat", 1)
    assert {a.to for a in s.legal_actions(1)} == {
        cell(s, 4, 4),
        cell(s, 6, 4),
        cell(s, 5, 5),
        cell(s, 6, 5),
    }
    illegal(s, 1, A.retreat(cell(s, 5, 3)), "ZK-C12")  # sea although land qualifies
    illegal(s, 1, A.retreat(cell(s, 4, 5)), "ZK-C12")  # holds a unit
    do(s, 1, A.retreat(cell(s, 6, 4)))
    assert s.pawn[1] == cell(s, 6, 4) and s.origin[1] == -1
    assert (s.decision_kind, s.decider) == ("cards", 0)
    assert s.motivation[1] == 9


def test_retreat_c_nowhere_to_go() -> None:
    """ZK-C12 (c): every adjacent cell holds a unit: the pawn stays."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(G=1))
    place(s, 1, 0, 0)
    s.units[FLEET_W] = cell(s, 1, 0)
    s.units[FLEET_E] = cell(s, 0, 1)
    s.units[ARMY_I] = cell(s, 1, 1)
    set_hand(s, 0, [133])
    do(s, 0, A.event(133, target=1))
    do(s, 1, A.commit(2))
    assert s.pawn[1] == cell(s, 0, 0)
    assert (s.decision_kind, s.decider) == ("cards", 0)


def test_retreat_is_not_a_step() -> None:
    """ZK-C12: the retreat triggers no fight even onto a cell next to units, and sets the
    step origin to none; a retreat into a city in phase 1 leads to a city phase (ZK-E17)."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(G=1))
    place(s, 0, 5, 4)  # Rouen
    s.units[ARMY_I] = cell(s, 4, 5)
    set_hand(s, 0, [7])
    do(s, 0, A.move(7, cell(s, 4, 5)))
    do(s, 0, A.commit(1))
    assert s.pawn[0] == cell(s, 5, 4) and s.origin[0] == -1
    assert log_kinds(s).count("fight") == 1
    do(s, 0, A.END_CARDS)
    assert s.decision_kind == "city" and A.PRAY in s.legal_actions(0)


# -- ZK-C13: stakes ------------------------------------------------------------------------


def test_stakes_unit_win_off_start_returns_it() -> None:
    """ZK-C13, ZK-R23: a unit beaten off its start cell returns there; the pawn stays."""
    s, _ = start("unit_army", tray(P0=1))
    do(s, 0, A.commit(1))
    assert s.units[ARMY_I] == cell(s, 3, 8)
    assert s.pawn[0] == cell(s, 2, 8)


def test_stakes_unit_win_on_start_removes_it() -> None:
    """ZK-C13, ZK-R23: beaten on its own start cell, the unit is removed."""
    s, _ = start("unit_army", tray(P0=1), on_start=True)
    do(s, 0, A.commit(1))
    assert s.units[ARMY_I] == -1
    assert s.view(None)["units"][ARMY_I]["cell"] is None


def test_stakes_unit_loss_leaves_it() -> None:
    """ZK-C13, ZK-R23: on a loss the unit stays where it is."""
    s, _ = start("unit_army", tray(G=1), on_start=True)
    do(s, 0, A.commit(1))
    assert s.units[ARMY_I] == cell(s, 3, 8)
    assert s.pawn[0] == cell(s, 3, 7)


def test_stakes_ambush_none() -> None:
    """ZK-C13: an Ambush has no stakes beyond cubes, motivation and retreat."""
    s, _ = start("ambush", tray(P1=2))
    before = (list(s.treasure), list(s.units), list(s.plundered_by))
    do(s, 1, A.commit(2))
    assert (s.treasure, s.units, s.plundered_by) == before
    assert s.pawn[1] == cell(s, 12, 3)


# -- ZK-C14: one fight at a time --------------------------------------------------------------


def test_one_fight_at_a_time_in_pawn_order() -> None:
    """ZK-C14, ZK-R22, ZK-E14: a fleet moved onto three pawns fights the active player
    first, then the others in turn order; once beaten, the rest do not fight."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(G=1), tray(P1=1))
    s.markers[0] = 0
    place(s, 0, 6, 8)
    place(s, 2, 7, 9)
    place(s, 1, 7, 9)
    set_hand(s, 0, [56])
    do(s, 0, A.move(56, cell(s, 7, 9)))
    do(s, 0, A.move_unit(FLEET_W, cell(s, 7, 9)))
    assert s.fight is not None and s.fight.fighter == 0
    do(s, 0, A.commit(1))
    assert s.pawn[0] == cell(s, 6, 8)  # retreat to the origin
    assert s.fight is not None and s.fight.fighter == 1 and s.decider == 1
    do(s, 1, A.commit(1))
    fights = [e["fighter"] for e in s.log(None) if e["type"] == "fight"]
    assert fights == [0, 1]
    assert s.units[FLEET_W] == cell(s, 8, 9)
    assert s.pawn[2] == cell(s, 7, 9)
    assert (s.decision_kind, s.decider) == ("cards", 0)
    assert cubes_ok(s)


# -- ZK-T5: emptying ------------------------------------------------------------------------


def test_emptying_with_a_marker() -> None:
    """ZK-T5: a marker is spent, every cube leaves, player cubes go to their owners'
    supplies; emptied cubes do not count in the coming fight."""
    s, _ = start("unit_army", tray(P0=1, G=1), contents={"P0": 1, "P1": 2, "G": 3})
    assert s.decision_kind == "empty"
    supply = (s.supply[0], s.supply[1])
    do(s, 0, A.empty_tower())
    assert s.markers[0] == 1
    assert (s.supply[0], s.supply[1]) == (supply[0] + 1, supply[1] + 2)
    assert s.tower.total() == 0 and s.view(None)["tower"] == {}
    assert s.log(None)[-1]["cubes"] == {"P0": 1, "P1": 2, "G": 3}
    do(s, 0, A.commit(2))
    assert s.view(None)["tower"] == {"P0": 1, "G": 2}
    assert cubes_ok(s)


def test_emptying_with_tower_shaking_without_a_marker() -> None:
    """ZK-T5, ZK-EV10: with no marker left only Tower shaking empties the tower."""
    s, _ = start("plunder_christian", tray(P0=1), contents={"G": 2})
    s.markers[0] = 0
    set_hand(s, 0, [129])
    assert set(s.legal_actions(0)) == {A.empty_tower(129), A.KEEP_TOWER}
    illegal(s, 0, A.empty_tower(), "ZK-T5")
    do(s, 0, A.empty_tower(129))
    assert s.markers[0] == 0 and 129 in s.discard and s.tower.total() == 0


def test_no_emptying_on_an_empty_tower() -> None:
    """ZK-T5, ZK-E40: no window on an empty tower; emptying is illegal."""
    s, _ = start("plunder_christian", tray(P0=1))
    set_hand(s, 0, [129])
    assert s.decision_kind == "commit"
    illegal(s, 0, A.empty_tower())
    illegal(s, 0, A.empty_tower(129))


# -- the tower as seen from the game ----------------------------------------------------------


def test_tower_empty_at_setup_and_counts_public() -> None:
    """ZK-T2: empty at setup; ZK-T6: the per-colour counts are in every view."""
    s = new(3)
    for seat in (0, 1, 2, None):
        assert s.view(seat)["tower"] == {}
    s, _ = start("unit_army", tray(P0=1), contents={"P2": 1})
    do(s, 0, A.KEEP_TOWER)
    do(s, 0, A.commit(3))
    for seat in (0, 1, 2, 3, None):
        view = s.view(seat)
        assert view["tower"] == {"P0": 2, "P2": 1, "G": 3}
        assert view["seats"][0]["tower"] == 2


def test_every_throw_is_logged() -> None:
    """ZK-T1 (conservation), ZK-T6 (thrown, tray, counts after), ZK-T8 (scripted tower)."""
    s, _ = start("unit_army", tray(P0=2, G=1, P3=1), contents={"P3": 1, "G": 1})
    do(s, 0, A.KEEP_TOWER)
    do(s, 0, A.commit(4))
    throws = [e for e in s.log(1) if e["type"] == "throw"]
    assert throws == [
        {
            "type": "throw",
            "seat": 0,
            "thrown": {"P0": 4, "G": 3},
            "tray": {"P0": 2, "P3": 1, "G": 1},
            "after": {"P0": 2, "G": 3},
        }
    ]
    assert cubes_ok(s)


def test_pawn_order_starts_after_the_active_player_and_waits_for_the_retreat() -> None:
    """ZK-C14, ZK-R22: without the active player's pawn, turn order from his left; the next
    fight starts only after the previous one (its retreat included) has fully resolved."""
    s = new(4)
    no_hands(s)
    script_tower(s, tray(G=1), tray(P3=1))
    s.markers[0] = 0
    place(s, 0, 6, 8)
    place(s, 3, 7, 9)
    place(s, 1, 7, 9)
    set_hand(s, 0, [56])
    do(s, 0, A.move(56, cell(s, 5, 8)))
    do(s, 0, A.move_unit(FLEET_W, cell(s, 7, 9)))
    do(s, 1, A.commit(1))
    assert (s.decision_kind, s.decider) == ("retreat", 1)
    assert {a.to for a in s.legal_actions(1)} == {cell(s, 6, 10), cell(s, 7, 10), cell(s, 8, 10)}
    assert [e["fighter"] for e in s.log(None) if e["type"] == "fight"] == [1]
    do(s, 1, A.retreat(cell(s, 7, 10)))
    assert s.fight is not None and (s.decision_kind, s.decider) == ("commit", 3)
    do(s, 3, A.commit(1))
    assert [e["fighter"] for e in s.log(None) if e["type"] == "fight"] == [1, 3]
    assert s.units[FLEET_W] == cell(s, 8, 9) and s.decision_kind == "cards"
    assert cubes_ok(s)
