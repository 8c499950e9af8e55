"""Formations, army keys and the winner of a completed territory (KC-R4, KC-R18 to KC-R23,
KC-E3 to KC-E7)."""

from __future__ import annotations

import itertools

import pytest

from spieltisch.games.kingdoms_of_crusaders import army

from .helpers import (
    SLOTS,
    Play,
    build,
    decided_of,
    pool_ids,
    random_game,
    ref_army_key,
    ref_counts,
    ref_key,
    view_army,
    view_key,
)
from .positions import A, B

ALL_COUNTS = list(itertools.product(range(5), repeat=5))
MASKS = list(range(1, 32))


# -- KC-R18 -----------------------------------------------------------------------------------
def test_kc_r18_symbol_counts_of_an_army() -> None:
    cards = ["K05", "K01", "K13", "K24"]
    assert ref_counts(cards) == (4, 2, 1, 3, 4)
    state = build([(A, c, 2) for c in cards[:3]] + [(B, "K40", 1)] + [(A, cards[3], 2)])
    idx = state.counts[A][1]
    assert army.counts_of_index(idx) == (4, 2, 1, 3, 4)
    for c in army.counts_of_index(idx):
        assert 0 <= c <= 4


# -- KC-R19, KC-R20 -------------------------------------------------------------------------
def test_kc_r19_formation_sizes_and_exclusivity() -> None:
    assert ref_key((4, 3, 2, 1, 0)) == (1, (1,), 1, (2,), 1, (3,))
    assert army.KEY_TUPLE[army.index_of_counts((4, 3, 2, 1, 0))] == (1, (1,), 1, (2,), 1, (3,))
    assert army.notation(army.index_of_counts((4, 3, 2, 1, 0))) == "R(1) B(2) C(3)"
    # several symbols may form at once; one symbol forms one formation
    assert army.KEY_TUPLE[army.index_of_counts((2, 2, 2, 2, 2))] == (
        0,
        (),
        0,
        (),
        5,
        (5, 4, 3, 2, 1),
    )
    assert army.KEY_TUPLE[army.index_of_counts((1, 1, 1, 1, 1))] == (0, (), 0, (), 0, ())


def test_kc_r19_kc_r20_engine_key_table_matches_the_reference_for_every_count_vector() -> None:
    for counts in ALL_COUNTS:
        idx = army.index_of_counts(counts)
        assert army.counts_of_index(idx) == counts
        assert army.KEY_TUPLE[idx] == ref_key(counts), counts


def test_kc_r20_key_and_notation_of_the_convention_example() -> None:
    cards = ["K05", "K01", "K13", "K24"]  # R(5,1) B(4) C(2)
    assert ref_army_key(cards) == (2, (5, 1), 1, (4,), 1, (2,))
    state = build([(A, c, 3) for c in cards[:3]] + [(B, "K40", 1)] + [(A, cards[3], 3)])
    assert view_key(state, 3, A) == (2, (5, 1), 1, (4,), 1, (2,))
    assert view_army(state, 3, A)["army"] == "R(5,1) B(4) C(2)"
    assert army.notation(0) == "(none)"


def test_kc_r20_key_depends_only_on_counts() -> None:
    # every 4-card army of the deck: the engine key equals the key of its counts
    ids = list(SLOTS)
    by_counts: dict[tuple[int, ...], set[int]] = {}
    for combo in itertools.combinations(ids[:30], 4):
        counts = ref_counts(combo)
        idx = army.index_of_masks([army_mask(c) for c in combo])
        by_counts.setdefault(counts, set()).add(army.KEY[idx])
        assert army.KEY_TUPLE[idx] == ref_key(counts)
    assert all(len(keys) == 1 for keys in by_counts.values())


def army_mask(card_id: str) -> int:
    return sum(1 << i for i, ch in enumerate(SLOTS[card_id]) if ch != ".")


# -- KC-R21: comparison -----------------------------------------------------------------------
def test_kc_r21_packed_keys_order_exactly_like_key_tuples() -> None:
    order = sorted(range(len(ALL_COUNTS)), key=lambda i: army.KEY_TUPLE[i])
    for a, b in itertools.pairwise(order):
        ta, tb = army.KEY_TUPLE[a], army.KEY_TUPLE[b]
        if ta == tb:
            assert army.KEY[a] == army.KEY[b]
        else:
            assert army.KEY[a] < army.KEY[b], (ta, tb)


@pytest.mark.parametrize(
    ("stronger", "weaker", "why"),
    [
        ((2, (2, 1), 0, (), 0, ()), (1, (5,), 1, (4,), 0, ()), "more Regiments first"),
        ((1, (5,), 0, (), 0, ()), (1, (4,), 1, (5,), 1, (3,)), "Regiment rank before Battalions"),
        ((2, (5, 1), 0, (), 0, ()), (2, (4, 3), 0, (), 0, ()), "strongest Regiment first"),
        ((2, (4, 3), 0, (), 0, ()), (2, (4, 2), 0, (), 0, ()), "then the next Regiment"),
        ((0, (), 2, (2, 1), 0, ()), (0, (), 1, (5,), 2, (4, 3)), "more Battalions"),
        (
            (0, (), 1, (3,), 0, ()),
            (0, (), 1, (2,), 3, (5, 4, 1)),
            "Battalion rank before Companies",
        ),
        ((0, (), 0, (), 3, (3, 2, 1)), (0, (), 0, (), 2, (5, 4)), "more Companies"),
        ((0, (), 0, (), 2, (4, 2)), (0, (), 0, (), 2, (4, 1)), "second Company decides"),
        ((0, (), 0, (), 1, (1,)), (0, (), 0, (), 0, ()), "any formation beats none"),
    ],
)
def test_kc_r21_examples_of_the_comparison(
    stronger: tuple[object, ...], weaker: tuple[object, ...], why: str
) -> None:
    assert stronger > weaker, why
    packed = {army.KEY_TUPLE[i]: army.KEY[i] for i in range(len(ALL_COUNTS))}
    assert packed[stronger] > packed[weaker], why


# -- KC-R22, KC-R23: winner of a completed territory ----------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r22_kc_r23_completion_winner_is_max_key_then_earliest_completion(
    players: int,
) -> None:
    checked = 0
    for seed in range(8):
        state = random_game(players, seed, {"claims": "off"})
        data = state.to_json()["data"]
        for t in range(5):
            d = data["decided"][t]
            assert d is not None and d["method"] == "completion"
            best = max(
                range(players),
                key=lambda p: (
                    ref_army_key(c for c, _ in data["armies"][p][t]),
                    -max(n for _, n in data["armies"][p][t]),
                ),
            )
            assert d["winner"] == best
            checked += 1
    assert checked == 40


def test_kc_r23_three_players_shared_greatest_key_goes_to_earliest_of_them() -> None:
    # P0 and P1 share the greatest key C(5,4); P2 is weaker but completed first (KC-E6)
    p0 = ["K36-A", "K37-A", "K38-A", "K44-A"]
    p1 = ["K53-A", "K54-A", "K56-A", "K30-A"]
    p2 = ["K40-A", "K45-A", "K49-A", "K55-A"]  # no formation
    plays = [(2, c, 2) for c in p2]
    plays += [(1, c, 2) for c in p1[:2]] + [(0, c, 2) for c in p0] + [(1, c, 2) for c in p1[2:3]]
    state = build(plays, players=3, claims="off", active=1, hands={1: [p1[3]]})
    assert view_army(state, 2, 2)["complete_at"] == 4
    assert view_army(state, 2, 0)["complete_at"] == 10
    state.apply(1, Play(p1[3], 2))
    assert view_army(state, 2, 1)["complete_at"] == 12
    assert view_key(state, 2, 0) == view_key(state, 2, 1) == (0, (), 0, (), 2, (5, 4))
    d = decided_of(state, 2)
    assert d is not None and d["winner"] == 0 and d["method"] == "completion"


# -- KC-E3 ------------------------------------------------------------------------------------
def test_kc_e3_limits_of_a_four_card_army() -> None:
    assert ref_key((4, 0, 0, 0, 0)) == (1, (1,), 0, (), 0, ())  # one Regiment only
    packed = {m: sum(5**s for s in range(5) if m >> s & 1) for m in MASKS}
    reachable = {
        sum(packed[m] for m in combo) for combo in itertools.combinations_with_replacement(MASKS, 4)
    }
    assert len(reachable) > 100
    for idx in reachable:
        counts = army.counts_of_index(idx)  # never carries: each count is at most 4
        assert max(counts) <= 4
        key = army.KEY_TUPLE[idx]
        assert key == ref_key(counts)
        assert key[0] + key[2] + key[4] <= 5
        for s in range(5):
            # a symbol is in at most one tier
            assert sum((s + 1) in key[k] for k in (1, 3, 5)) <= 1


# -- KC-E4 ------------------------------------------------------------------------------------
def test_kc_e4_symbols_on_one_card_do_nothing() -> None:
    three = ["K36", "K37", "K53"]
    assert ref_army_key([*three, "K38"]) == ref_army_key([*three, "K44"])
    # in play: B's army differs from A's only by the odd card; the earlier completer wins
    # A: K36 K37 K53 + K38 (Lance); B: K16 K13 K54 + K49 (Sword): both B(4) C(5)
    plays = [(A, "K36", 1), (B, "K16", 1), (A, "K37", 1), (B, "K13", 1)]
    plays += [(A, "K53", 1), (B, "K54", 1), (A, "K38", 1)]
    state = build(plays, claims="off", hands={B: ["K49"]})
    state.apply(B, Play("K49", 1))
    assert view_key(state, 1, A) == view_key(state, 1, B) == (0, (), 1, (4,), 1, (5,))
    d = decided_of(state, 1)
    assert d is not None and d["winner"] == A


# -- KC-E5 ------------------------------------------------------------------------------------
def test_kc_e5_empty_armies() -> None:
    assert ref_army_key(["K38", "K44", "K49", "K53"]) == (0, (), 0, (), 0, ())
    assert army.KEY[0] == army.EMPTY_KEY
    assert all(army.KEY[i] >= army.EMPTY_KEY for i in range(len(ALL_COUNTS)))
    # two empty complete armies: the earlier completer wins; order of seats is irrelevant
    for first in (A, B):
        second = 1 - first
        e1, e2 = ["K38", "K44", "K49", "K53"], ["K39", "K45", "K50", "K54"]
        plays = []
        for x, y in zip(e1, e2[:3], strict=False):
            plays += [(first, x, 4), (second, y, 4)]
        plays.append((first, e1[3], 4))
        state = build(plays, claims="off", first_player=first, hands={second: ["K54"]})
        state.apply(second, Play("K54", 4))
        d = decided_of(state, 4)
        assert d is not None and d["winner"] == first
    # an empty army loses to any formation, even if it completed first
    plays = [(A, "K38", 4), (B, "K39", 4), (A, "K44", 4), (B, "K40", 4)]
    plays += [(A, "K49", 4), (B, "K45", 4), (A, "K53", 4)]
    state = build(plays, claims="off", hands={B: ["K46"]})
    state.apply(B, Play("K46", 4))
    assert view_key(state, 4, B) == (0, (), 0, (), 2, (2, 1))
    d = decided_of(state, 4)
    assert d is not None and d["winner"] == B


# -- KC-E6 ------------------------------------------------------------------------------------
def test_kc_e6_only_the_completion_number_matters() -> None:
    # B placed its first card long before A, and A played many cards elsewhere in between
    plays = [(B, "K53", 2), (A, "K40", 1), (B, "K54", 2), (A, "K41", 1), (B, "K56", 2)]
    plays += [(A, "K36", 2), (B, "K42", 3), (A, "K37", 2), (B, "K43", 3), (A, "K38", 2)]
    plays += [(B, "K47", 3), (A, "K44", 2)]  # A completes at play 12 with C(5,4)
    state = build(plays, claims="off", first_player=B, active=B, hands={B: ["K30"]})
    state.apply(B, Play("K30", 2))  # B completes at play 13 with C(5,4)
    assert view_key(state, 2, A) == view_key(state, 2, B)
    d = decided_of(state, 2)
    assert d is not None and d["winner"] == A


# -- KC-E7 ------------------------------------------------------------------------------------
def test_kc_e7_adding_to_a_count_never_lowers_the_key() -> None:
    for counts in ALL_COUNTS:
        idx = army.index_of_counts(counts)
        for s in range(5):
            if counts[s] < 4:
                raised = list(counts)
                raised[s] += 1
                assert army.KEY[army.index_of_counts(raised)] >= army.KEY[idx]
                assert ref_key(tuple(raised)) >= ref_key(counts)


def test_kc_e7_adding_a_card_never_weakens_an_army() -> None:
    ids = pool_ids(2)
    for combo in itertools.combinations(ids[::4], 3):
        base = ref_army_key(combo)
        for extra in ids[1::5]:
            assert ref_army_key([*combo, extra]) >= base
