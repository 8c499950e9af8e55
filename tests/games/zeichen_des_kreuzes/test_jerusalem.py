"""Jerusalem (ZK-J1..ZK-J12) with a scripted tower (ZK-T8)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import OptionError

from .helpers import (
    A,
    cell,
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


def siege(
    *trays: dict[str, int],
    players: int = 4,
    active: int = 2,
    army: int = 12,
    tiles: tuple[int, ...] = (3, 4),
    motivation: int = 7,
    garrison: int = 15,
    sieges: int = 0,
    treasure: int = 1,
    contents: dict[str, int] | None = None,
    origin: tuple[int, int] | None = (24, 11),
    **options: str,
):
    """Seat ``active`` stands on Jerusalem (23,12) in its city phase, holding card 6 (so
    the discard phase waits for it)."""
    s = new(players, **options)
    no_hands(s)
    s.active = active
    script_tower(s, *trays, contents=contents)
    set_cubes(s, active, army)
    s.green_tiles[active] = list(tiles)
    s.motivation[active] = motivation
    s.treasure[active] = treasure
    s.garrison, s.sieges = garrison, sieges
    place(s, active, 23, 12, origin=origin)
    set_hand(s, active, [6])
    to_phase(s, "city")
    return s


def round_(s, a: int, d: int, lance: int = -1) -> None:
    """Play one round: skip an emptying window, commit a (secretly) and d."""
    p = s.active
    if s.decision_kind == "empty":
        do(s, p, A.KEEP_TOWER)
    do(s, p, A.commit(a, lance))
    do(s, s.defender(), A.defend(d))


# -- ZK-J1 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "tiles", "motivation", "army", "ok"),
    [
        (4, 2, 6, 5, True),
        (4, 1, 20, 20, False),
        (4, 2, 5, 20, False),
        (4, 3, 20, 4, False),
        (5, 1, 6, 5, True),
        (5, 0, 20, 20, False),
        (2, 2, 6, 5, True),
        (3, 1, 6, 5, False),
    ],
)
def test_eligibility(players: int, tiles: int, motivation: int, army: int, ok: bool) -> None:
    """ZK-J1: R green tiles (2, or 1 with 5 players), motivation >= 6, army >= 5."""
    s = siege(players=players, active=1, army=army, tiles=(2,) * tiles, motivation=motivation)
    assert (A.SIEGE in s.legal_actions(1)) is ok
    assert s.view(None)["seats"][1]["siege_eligible"] is ok
    if not ok:
        illegal(s, 1, A.SIEGE, "ZK-J1")


def test_motivation_checked_only_at_declaration() -> None:
    """ZK-J1, ZK-E35: motivation is not checked again before a later round."""
    s = siege(tray(P2=1), motivation=6)
    do(s, 2, A.SIEGE)
    round_(s, 5, 3)
    assert s.decision_kind == "continue" and s.motivation[2] == 7
    s.motivation[2] = 0
    assert A.CONTINUE_SIEGE in s.legal_actions(2)
    do(s, 2, A.CONTINUE_SIEGE)
    do(s, 2, A.KEEP_TOWER)
    assert s.decision_kind == "attack" and s.siege_round == 2


# -- ZK-J2, ZK-J11, ZK-E36, ZK-O12: the papal reward ------------------------------------------


@pytest.mark.parametrize(("before", "reward"), [(0, 3), (1, 2), (2, 1), (3, 0), (7, 0)])
def test_papal_reward_consoles_a_lost_siege(before: int, reward: int) -> None:
    """ZK-J2, ZK-J11, ZK-E36 (default ``papal_reward = lost_siege``): declaring pays
    nothing; siege k lost in its first round pays 3/2/1/0 at once, before the retreat."""
    s = siege(tray(G=1), sieges=before, treasure=1)
    assert s.options["papal_reward"] == "lost_siege"  # the seed's reading is the default
    do(s, 2, A.SIEGE)
    assert s.sieges == before + 1 and s.treasure[2] == 1
    assert s.log(None)[-2] == {"type": "siege", "seat": 2, "number": before + 1, "if_lost": reward}
    assert s.view(2)["fight"]["papal_reward_if_lost"] == reward
    round_(s, 5, 3)
    assert s.treasure[2] == 1 + reward
    assert s.pawn[2] == cell(s, 24, 11) and s.decision_kind == "discard"
    paid = [e for e in s.log(None) if e["type"] == "papal_reward"]
    expected = [{"type": "papal_reward", "seat": 2, "number": before + 1, "reward": reward}]
    assert paid == (expected if reward else [])


def test_papal_reward_for_a_siege_lost_in_a_later_round_is_paid_once() -> None:
    """ZK-J2: each siege counts once, however many rounds it has; a won round pays
    nothing, the lost round that ends it pays the reward of its number."""
    s = siege(tray(P2=4), tray(G=2), treasure=0)
    do(s, 2, A.SIEGE)
    round_(s, 5, 3)
    assert s.treasure[2] == 0 and s.decision_kind == "continue"
    assert s.view(2)["fight"]["papal_reward_if_lost"] == 3
    do(s, 2, A.CONTINUE_SIEGE)
    round_(s, 5, 3)
    assert s.treasure[2] == 3 and s.decision_kind == "discard"
    assert log_kinds(s).count("papal_reward") == 1


def test_no_papal_reward_for_a_stopped_siege_or_the_fall() -> None:
    """ZK-J2, ZK-J10, ZK-E36: a siege that the attacker stops, or that takes Jerusalem,
    pays nothing under ``lost_siege``."""
    s = siege(tray(P2=4), treasure=1)
    do(s, 2, A.SIEGE)
    round_(s, 5, 3)
    do(s, 2, A.STOP_SIEGE)
    assert s.treasure[2] == 1 and "papal_reward" not in log_kinds(s)
    s = siege(tray(P2=1), garrison=3, treasure=1)
    do(s, 2, A.SIEGE)
    round_(s, 5, 3)
    assert s.is_over() and s.winners() == [2]
    assert s.treasure[2] == 1 and "papal_reward" not in log_kinds(s)


def test_papal_reward_collected_for_several_sieges() -> None:
    """ZK-E36: the same player collects the reward for each lost siege no. 1-3."""
    s = siege(tray(G=1), tray(G=1), treasure=0)
    do(s, 2, A.SIEGE)
    round_(s, 5, 3)
    assert s.treasure[2] == 3
    t = siege(tray(G=1), sieges=1, treasure=3)
    do(t, 2, A.SIEGE)
    round_(t, 5, 3)
    assert t.treasure[2] == 3 + 2


@pytest.mark.parametrize(("before", "reward"), [(0, 3), (1, 2), (2, 1), (3, 0), (7, 0)])
def test_papal_reward_on_declaration_whatever_the_outcome(before: int, reward: int) -> None:
    """ZK-J2, ZK-O12 ``papal_reward = declaration`` (spec version 1): siege k pays
    3/2/1/0 on declaring, and a lost round pays nothing more."""
    s = siege(tray(G=1), sieges=before, treasure=1, papal_reward="declaration")
    do(s, 2, A.SIEGE)
    assert s.sieges == before + 1 and s.treasure[2] == 1 + reward
    assert s.log(None)[-2] == {
        "type": "siege",
        "seat": 2,
        "number": before + 1,
        "reward": reward,
    }
    assert s.view(2)["fight"]["papal_reward_if_lost"] == 0
    round_(s, 5, 3)
    assert s.treasure[2] == 1 + reward
    assert s.decision_kind == "discard" and "papal_reward" not in log_kinds(s)


def test_papal_reward_on_declaration_also_for_a_won_siege() -> None:
    """ZK-O12 ``declaration``: the reward is kept when the siege takes Jerusalem."""
    s = siege(tray(P2=1), garrison=3, treasure=1, papal_reward="declaration")
    do(s, 2, A.SIEGE)
    round_(s, 5, 3)
    assert s.is_over() and s.treasure[2] == 4


def test_papal_reward_option_is_validated() -> None:
    """ZK-O12: a wrong value names the option and the allowed values."""
    with pytest.raises(OptionError) as err:
        new(4, papal_reward="always")
    assert "'papal_reward'" in str(err.value) and "lost_siege, declaration" in str(err.value)


# -- ZK-J3: the defender ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "active", "defender"), [(4, 2, 1), (4, 0, 3), (5, 0, 4), (2, 0, 1), (2, 1, 0)]
)
def test_defender_is_the_right_hand_neighbour(players: int, active: int, defender: int) -> None:
    """ZK-J3, ZK-E46: seat (P - 1) mod N; in a 2-player game the opponent."""
    s = siege(players=players, active=active)
    do(s, active, A.SIEGE)
    assert s.view(None)["fight"]["defender"] == defender
    do(s, active, A.commit(5))
    assert (s.decision_kind, s.decider) == ("defend", defender)


# -- ZK-J4: one round ---------------------------------------------------------------------------


def test_emptying_window_every_round() -> None:
    """ZK-J4 step 1, ZK-T5: the active attacker's emptying window opens before each round."""
    s = siege(tray(P2=3), tray(P2=3), contents={"G": 1})
    do(s, 2, A.SIEGE)
    assert (s.decision_kind, s.decider) == ("empty", 2)
    round_(s, 5, 3)
    do(s, 2, A.CONTINUE_SIEGE)
    assert (s.decision_kind, s.decider) == ("empty", 2)
    do(s, 2, A.empty_tower())
    assert s.markers[2] == 1 and s.tower.total() == 0
    assert s.decision_kind == "attack"


def test_lance_public_before_the_secret_commitments() -> None:
    """ZK-J4 steps 2..5, ZK-H4: the lance is public at once; the number stays secret until
    the defender has chosen; then both are revealed."""
    s = siege(tray(P2=2, G=3))
    set_hand(s, 2, [6, 135])
    do(s, 2, A.SIEGE)
    assert s.decision_kind == "attack"
    do(s, 2, A.commit(7, 135))
    assert (s.decision_kind, s.decider) == ("defend", 1)
    for seat in (0, 1, 3, None):
        fight = s.view(seat)["fight"]
        assert fight["lance"] == "ZK135"
        assert fight["attacker_committed"] is True
        assert "my_commitment" not in fight
        assert all("a" not in e for e in s.log(seat) if e["type"] == "committed")
    assert s.view(2)["fight"]["my_commitment"] == 7
    assert [e for e in s.log(1) if e["type"] == "lance"] == [
        {"type": "lance", "seat": 2, "card": "ZK135"}
    ]
    do(s, 1, A.defend(3))
    reveal = next(e for e in s.log(0) if e["type"] == "reveal")
    assert (reveal["a"], reveal["d"]) == (7, 3)
    # A* = 2 + 1 = 3 = Gt: a tie, lost under the default tie rule
    assert s.motivation[2] == 5


@pytest.mark.parametrize(
    ("garrison", "expected"),
    [(15, list(range(3, 16))), (3, [3]), (2, [2]), (1, [1]), (0, [0]), (20, list(range(3, 21)))],
)
def test_defender_range(garrison: int, expected: list[int]) -> None:
    """ZK-J5, ZK-E32: 3..g; all of a garrison of 1 or 2; 0 against an empty one."""
    s = siege(garrison=garrison)
    do(s, 2, A.SIEGE)
    do(s, 2, A.commit(5))
    assert [a.amount for a in s.legal_actions(1)] == expected
    for d in (expected[0] - 1, expected[-1] + 1):
        if d >= 0:
            illegal(s, 1, A.defend(d), "ZK-J5")


def test_attacker_range() -> None:
    """ZK-J5: 5 <= a <= army, with or without a lance."""
    s = siege(army=7)
    set_hand(s, 2, [6, 136])
    do(s, 2, A.SIEGE)
    assert {(a.amount, a.card) for a in s.legal_actions(2)} == {
        (n, c) for n in (5, 6, 7) for c in (-1, 136)
    }
    illegal(s, 2, A.commit(4), "ZK-J5")
    illegal(s, 2, A.commit(8), "ZK-J5")


def test_garrison_accounting() -> None:
    """ZK-J6, ZK-E47: committed greens leave the garrison whatever the outcome; lodged greens
    stay in the tower and never return to the garrison."""
    s = siege(tray(P2=2, G=1))
    do(s, 2, A.SIEGE)
    round_(s, 5, 4)
    assert s.garrison == 11
    assert s.view(None)["tower"] == {"P2": 3, "G": 3}
    assert s.view(None)["garrison"] == 11
    assert cubes_ok(s)


# -- ZK-J8..ZK-J11 --------------------------------------------------------------------------------


def test_round_won_then_round_lost() -> None:
    """ZK-J8, ZK-J10, ZK-J11 (worked example ZK-X3)."""
    s = siege(
        tray(P2=6, G=3, P0=1),
        tray(P2=2, G=4),
        contents={"P2": 2, "G": 2, "P0": 1},
        sieges=1,
    )
    supply0 = s.supply[0]
    assert (s.army[2], s.supply[2]) == (12, 16)
    do(s, 2, A.SIEGE)
    assert s.treasure[2] == 1  # siege no. 2 pays its 2 only if it is lost (ZK-J2)
    round_(s, 7, 4)
    assert s.garrison == 11 and s.treasure[2] == 1
    assert (s.army[2], s.supply[2], s.tower.count(2)) == (9, 18, 3)
    assert s.motivation[2] == 8 and s.supply[0] == supply0 + 1
    assert s.view(None)["tower"] == {"P2": 3, "G": 3}
    assert (s.decision_kind, s.decider) == ("continue", 2)
    assert set(s.legal_actions(2)) == {A.CONTINUE_SIEGE, A.STOP_SIEGE}
    do(s, 2, A.CONTINUE_SIEGE)
    round_(s, 6, 3)
    assert s.garrison == 8
    assert (s.army[2], s.supply[2], s.tower.count(2)) == (3, 20, 7)
    assert s.motivation[2] == 6
    assert s.pawn[2] == cell(s, 24, 11) and s.origin[2] == -1
    assert s.view(None)["tower"] == {"P2": 7, "G": 2}
    assert (s.decision_kind, s.sieges, s.treasure[2]) == ("discard", 2, 3)
    assert "siege_ends" in log_kinds(s)
    assert cubes_ok(s)


def test_stop_keeps_the_pawn_on_jerusalem() -> None:
    """ZK-J10: stopping ends the siege; the pawn stays."""
    s = siege(tray(P2=4))
    do(s, 2, A.SIEGE)
    round_(s, 5, 3)
    do(s, 2, A.STOP_SIEGE)
    assert s.pawn[2] == cell(s, 23, 12) and s.decision_kind == "discard" and s.fight is None


def test_must_stop_below_five() -> None:
    """ZK-J10, ZK-E34: army 4 after a won round: the siege ends, the pawn stays, and a new
    siege needs a later turn."""
    s = siege(tray(P2=2, G=1), army=7)
    do(s, 2, A.SIEGE)
    round_(s, 7, 3)
    assert s.army[2] == 1
    assert s.decision_kind == "discard" and s.pawn[2] == cell(s, 23, 12)
    assert s.garrison == 12
    assert s.sieges == 1


def test_fall_of_jerusalem_ends_the_game() -> None:
    """ZK-J9, ZK-W1: garrison 0 after a won round: the attacker is the sole winner and the
    game ends at once."""
    s = siege(tray(P2=1), garrison=3)
    do(s, 2, A.SIEGE)
    round_(s, 5, 3)
    assert s.is_over() and s.winners() == [2]
    assert s.scores() == [0.0, 0.0, 1.0, 0.0]
    assert log_kinds(s)[-2:] == ["jerusalem_falls", "game_over"]
    assert all(s.legal_actions(p) == [] for p in range(4))
    assert s.view(0)["winners"] == [2] and s.view(0)["end_reason"] == "jerusalem"


def test_lost_round_to_zero_does_not_fall_and_flees() -> None:
    """ZK-J11, ZK-E33: a lost round that empties the garrison: no fall; -2 and flee."""
    s = siege(tray(G=1), garrison=3)
    do(s, 2, A.SIEGE)
    round_(s, 5, 3)
    assert s.garrison == 0 and not s.is_over()
    assert s.motivation[2] == 5
    assert s.pawn[2] == cell(s, 24, 11)
    assert s.decision_kind == "discard"


def test_flee_without_step_origin_is_a_choice() -> None:
    """ZK-J11 with ZK-C12 (b): no step origin: the attacker chooses an adjacent land cell."""
    s = siege(tray(G=1), origin=None)
    do(s, 2, A.SIEGE)
    round_(s, 5, 3)
    assert (s.decision_kind, s.decider) == ("retreat", 2)
    cells = {a.to for a in s.legal_actions(2)}
    assert cell(s, 22, 12) not in cells and cell(s, 24, 11) in cells
    do(s, 2, A.retreat(cell(s, 23, 13)))
    assert s.pawn[2] == cell(s, 23, 13) and s.decision_kind == "discard"


def test_next_won_round_against_zero_falls() -> None:
    """ZK-E33, ZK-E32: against a garrison of 0, d = 0; a won round ends with 0, so Jerusalem
    falls; but a round against 0 committed greens can still be lost through lodged greens."""
    s = siege(tray(P2=1, G=2), garrison=0, contents={"G": 2})
    do(s, 2, A.SIEGE)
    round_(s, 5, 0)
    assert not s.is_over() and s.motivation[2] == 5
    s = siege(tray(P2=1), garrison=0)
    do(s, 2, A.SIEGE)
    round_(s, 5, 0)
    assert s.is_over() and s.winners() == [2]


def test_nobody_else_plays_truce_or_lance() -> None:
    """ZK-J7: during a siege the defender only chooses d; no Truce, no lance for others."""
    s = siege(tray(P2=3))
    set_hand(s, 1, [126, 135])
    set_hand(s, 3, [127, 136])
    do(s, 2, A.SIEGE)
    assert all(s.legal_actions(p) == [] for p in (0, 1, 3))
    do(s, 2, A.commit(5))
    assert {a.kind for a in s.legal_actions(1)} == {"defend"}
    illegal(s, 1, A.truce(126))
    illegal(s, 1, A.commit(5, 135))
    illegal(s, 3, A.truce(127))
    do(s, 1, A.defend(3))
    assert s.hands[1] == [126, 135] and s.hands[3] == [127, 136]


def test_later_siege_is_a_new_siege() -> None:
    """ZK-J12: after a siege the active player goes on with the discard phase; a later siege,
    by any player, has a new number."""
    s = siege(tray(G=1), tray(P0=1))
    do(s, 2, A.SIEGE)
    round_(s, 5, 3)
    assert s.decision_kind == "discard" and s.sieges == 1
    # a later turn of seat 0
    s.active = 0
    set_cubes(s, 0, 8)
    s.green_tiles[0] = [2, 2]
    place(s, 0, 23, 12)
    set_hand(s, 0, [7])
    to_phase(s, "city")
    treasure = s.treasure[0]
    do(s, 0, A.SIEGE)
    assert s.sieges == 2 and s.treasure[0] == treasure  # paid only if it is lost
    assert s.view(None)["fight"]["papal_reward_if_lost"] == 2
    assert s.view(None)["fight"]["siege_number"] == 2
    assert s.view(None)["fight"]["round"] == 1
