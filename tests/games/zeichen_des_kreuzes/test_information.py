"""Hidden information (ZK-H1..ZK-H8): views, log, determinization and leak checks,
including positions in the middle of a siege."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from spieltisch.engine.conformance import _check_leaks
from spieltisch.engine.errors import IllegalAction
from spieltisch.engine.game import ConformanceCase

from .helpers import (
    GAME,
    A,
    cell,
    city,
    do,
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

IMMEDIATES = set(range(100, 114))
FLEET_W, FLEET_E, ARMY_I, ARMY_A = 0, 1, 2, 3


def public(view: dict) -> dict:
    out = dict(view)
    out.pop("hand", None)
    out.pop("seat")
    return out


def mid_siege(decision: str = "defend"):
    """Seat 2 besieges Jerusalem; at 'attack', 'defend' (a = 7 stored) or 'continue'."""
    s = new(4)
    s.active = 2
    script_tower(s, tray(P2=4, G=1), tray(P2=4), contents={"P0": 1, "G": 1})
    set_cubes(s, 2, 12)
    s.green_tiles[2] = [3, 4]
    place(s, 2, 23, 12, origin=(24, 11))
    to_phase(s, "city")
    do(s, 2, A.SIEGE)
    do(s, 2, A.KEEP_TOWER)
    if decision == "attack":
        return s
    do(s, 2, A.commit(7))
    if decision == "defend":
        return s
    do(s, 1, A.defend(3))
    assert s.decision_kind == "continue"
    return s


def truce_window():
    """Seat 1 must decide on a Truce against FLEET_W, moved onto it by seat 0."""
    s = new(4)
    place(s, 0, 6, 8)
    place(s, 1, 7, 9)
    set_hand(s, 0, [56, 136, 1, 2])
    do(s, 0, A.move(56, cell(s, 5, 8)))
    do(s, 0, A.move_unit(FLEET_W, cell(s, 7, 9)))
    assert (s.decision_kind, s.decider) == ("truce", 1)
    return s


# -- ZK-H1 / ZK-H2 / ZK-H5: views --------------------------------------------------------------


def test_public_view_equal_for_every_seat_and_spectator() -> None:
    """ZK-H1, ZK-H5: everyone, spectators included, sees the same public facts."""
    s = new(4)
    views = [s.view(seat) for seat in (0, 1, 2, 3, None)]
    for v in views[1:]:
        assert public(v) == public(views[0])
    v = views[4]
    assert v["seat"] is None and "hand" not in v
    assert v["draw_pile"] == len(s.draw_pile) and isinstance(v["draw_pile"], int)
    assert v["garrison"] == 15 and v["sieges"] == 0 and v["exhaustions"] == 0
    assert v["decision"] == {"type": "cards", "seat": 0}
    seat = v["seats"][1]
    for key in ("army", "supply", "tower", "treasure", "motivation", "markers", "knight"):
        assert key in seat
    assert seat["hand_size"] == 5 and seat["pawn"] == [8, 2] and seat["origin"] is None
    assert [u["cell"] for u in v["units"]] == [[8, 9], [20, 12], [3, 8], [21, 8]]


def test_hand_only_for_its_owner() -> None:
    """ZK-H2: a seat sees its own hand and no other."""
    s = new(4)
    for seat in range(4):
        codes = [f"ZK{c:03d}" for c in s.hands[seat]]
        assert s.view(seat)["hand"] == codes
        for other in (*(o for o in range(4) if o != seat), None):
            text = json.dumps(s.view(other))
            assert all(
                f'"{code}"' not in text
                for code in codes
                if code not in s.view(other).get("hand", [])
            )


def test_face_down_tiles_only_as_multisets() -> None:
    """ZK-H1, ZK-H3, ZK-E48: face-down tiles appear only as a multiset per colour; a
    plundered city shows its value."""
    s = new(4)
    v = s.view(None)
    assert v["face_down_tiles"]["red"] == [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5]
    assert v["face_down_tiles"]["green"] == [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6]
    assert all(c["tile"] is None for c in v["cities"])
    tunis = city(s, "Tunis")
    s.plundered_by[tunis] = 1
    v = s.view(3)
    assert v["cities"][tunis]["tile"] == s.tile[tunis]
    assert len(v["face_down_tiles"]["green"]) == 11


def test_tower_only_counts() -> None:
    """ZK-H1, ZK-H3, ZK-T6: the tower shows counts per colour, never shelves."""
    s = new(4)
    s.tower.throw([0] * 6 + [5] * 3)
    for seat in (0, None):
        v = s.view(seat)
        assert sum(v["tower"].values()) == s.tower.total()
        assert "shel" not in json.dumps(v)


# -- ZK-H1 / ZK-H2: the log --------------------------------------------------------------------


def test_log_draws_visible_only_to_the_drawer() -> None:
    """ZK-H1, ZK-H2: a drawn card shows only to its drawer; immediates are public."""
    s = new(4)
    no_hands(s, 0)
    set_hand(s, 0, [7, 8, 9])
    stack_pile(s, [12, 101, 70])
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    mine = [e for e in s.log(0) if e["type"] == "draw"]
    assert [e["card"] for e in mine] == ["ZK012", "ZK070"]
    for seat in (1, 2, 3, None):
        draws = [e for e in s.log(seat) if e["type"] == "draw"]
        assert draws == [{"type": "draw", "seat": 0}] * 2
        imm = [e for e in s.log(seat) if e["type"] == "immediate"]
        assert imm[0]["card"] == "ZK101"


# -- ZK-H4: simultaneous commitment ---------------------------------------------------------------


def test_attacker_asked_first_and_cannot_change() -> None:
    """ZK-H4, ZK-H2: the attacker commits first; the defender only sees that he has; the
    attacker cannot change his number; both are revealed together."""
    s = mid_siege("attack")
    assert (s.decision_kind, s.decider) == ("attack", 2)
    assert s.view(1)["fight"]["attacker_committed"] is False
    do(s, 2, A.commit(7))
    assert s.view(1)["fight"]["attacker_committed"] is True
    assert "my_commitment" not in s.view(1)["fight"]
    assert "my_commitment" not in s.view(None)["fight"]
    assert s.view(2)["fight"]["my_commitment"] == 7
    assert s.legal_actions(2) == []
    with pytest.raises(IllegalAction):
        s.apply(2, A.commit(5))
    assert "7" not in json.dumps([e for e in s.log(1) if e["type"] == "committed"])
    do(s, 1, A.defend(3))
    assert [(e["a"], e["d"]) for e in s.log(None) if e["type"] == "reveal"] == [(7, 3)]


# -- ZK-H6 / ZK-H7: resampling ---------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 2, None])
def test_resample_cards_and_tiles(seat: int | None) -> None:
    """ZK-H6, ZK-H7: own hand and everything public unchanged; other hands and the pile
    re-dealt, immediates never in a hand; face-down tiles permuted within their colour;
    tower counts, discard and removed units kept; view(seat) unchanged."""
    s = new(4, seed=3)
    s.units[ARMY_A] = -1
    s.discard = [s.draw_pile.pop() for _ in range(6)]
    s.plundered_by[city(s, "Tunis")] = 1
    s.tower.throw([0] * 5 + [5] * 3)
    unseen = Counter(c for p in range(4) if p != seat for c in s.hands[p])
    unseen.update(s.draw_pile)
    moved_hand = moved_tile = False
    for k in range(8):
        t = s.resample(seat, random.Random(k))
        assert json.dumps(t.view(seat)) == json.dumps(s.view(seat))
        assert json.dumps(t.log(seat)) == json.dumps(s.log(seat))
        if seat is not None:
            assert t.hands[seat] == s.hands[seat]
        others = Counter(c for p in range(4) if p != seat for c in t.hands[p])
        assert others + Counter(t.draw_pile) == unseen
        assert all(len(t.hands[p]) == len(s.hands[p]) for p in range(4))
        assert not any(IMMEDIATES & set(h) for h in t.hands)
        assert t.discard == s.discard and t.units == s.units
        assert t.tower.counts() == s.tower.counts()
        assert t.tile[city(s, "Tunis")] == s.tile[city(s, "Tunis")]
        for kind in ("city_red", "city_green"):
            cs = [c.index for c in s.comp.board.cities if c.kind == kind]
            assert sorted(t.tile[c] for c in cs) == sorted(s.tile[c] for c in cs)
        moved_hand |= any(t.hands[p] != s.hands[p] for p in range(4) if p != seat)
        moved_tile |= t.tile != s.tile
    assert moved_hand and moved_tile


def test_resample_replaces_another_seats_secret_commitment() -> None:
    """ZK-H6 step 3: another seat's stored commitment becomes a value of its legal range;
    the attacker's own sample keeps his number."""
    s = mid_siege("defend")
    seen = set()
    for k in range(30):
        t = s.resample(1, random.Random(k))
        a = t.secret.own_choice(2).amount
        assert 5 <= a <= 12
        seen.add(a)
        assert json.dumps(t.view(1)) == json.dumps(s.view(1))
        assert t.garrison == s.garrison and t.tower.counts() == s.tower.counts()
    assert len(seen) > 1
    for k in range(5):
        assert s.resample(2, random.Random(k)).secret.own_choice(2).amount == 7
    t = s.resample(None, random.Random(9))
    assert 5 <= t.secret.own_choice(2).amount <= 12


# -- leak checks -----------------------------------------------------------------------------------


@pytest.mark.parametrize("decision", ["attack", "defend", "continue"])
def test_no_leaks_mid_siege(decision: str) -> None:
    """ZK-H1..ZK-H6: the conformance leak check in the middle of a siege."""
    s = mid_siege(decision)
    assert s.decision_kind == decision
    _check_leaks(GAME, ConformanceCase(players=4), 1, 0, s, random.Random(1))


def test_no_leaks_at_a_truce_window() -> None:
    """ZK-H1..ZK-H6: the leak check while a non-active player decides on a Truce."""
    s = truce_window()
    _check_leaks(GAME, ConformanceCase(players=4), 1, 0, s, random.Random(1))
    do(s, 1, A.FIGHT)
    _check_leaks(GAME, ConformanceCase(players=4), 1, 1, s, random.Random(2))


def test_no_leaks_after_draws() -> None:
    """ZK-H2, ZK-H6: after draws and an immediate event."""
    s = new(4)
    set_hand(s, 0, [7, 8])
    stack_pile(s, [12, 101, 70])
    to_phase(s, "discard")
    do(s, 0, A.END_DISCARD)
    _check_leaks(GAME, ConformanceCase(players=4), 1, 0, s, random.Random(3))


# -- ZK-H8: throws are chance -------------------------------------------------------------------


def test_throws_are_chance() -> None:
    """ZK-H8, ZK-T7: the same position with another chance seed can give another tray; the
    same seed the same one."""
    s = new(4)
    no_hands(s)
    place(s, 0, 2, 7)
    s.units[ARMY_I] = cell(s, 2, 8)
    set_hand(s, 0, [6])
    do(s, 0, A.move(6, cell(s, 2, 8)))
    trays = []
    for k in range(12):
        t = s.resample(0, random.Random(k))
        do(t, 0, A.commit(6))
        trays.append(json.dumps(next(e for e in t.log(0) if e["type"] == "throw")["tray"]))
    assert len(set(trays)) > 1
    a, b = s.clone(), s.clone()
    do(a, 0, A.commit(6))
    do(b, 0, A.commit(6))
    assert a.log(0) == b.log(0)
