"""Deciding territories: completion, claims, the claim phase, closing and markers
(KC-R24 to KC-R32, KC-E8 to KC-E20)."""

from __future__ import annotations

import random

import pytest

from spieltisch.engine.errors import IllegalAction

from .helpers import (
    GAME,
    Claim,
    EndClaims,
    Play,
    build,
    decided_of,
    events_of,
    hand_ids,
    random_game,
    ref_army_key,
    ref_claim_valid,
    slots_of,
    snapshot,
    steps,
    unseen_ids,
    view_army,
    view_key,
)
from .positions import (
    TWO_CLAIMS_PLAY,
    X4_PLAY_19,
    X4_PLAYS,
    X5_PLAY_15,
    X5_PLAYS,
    X6_PLAY_34,
    A,
    B,
    two_claims_state,
    x4_state,
    x6_state,
)


def _decisions(state: object) -> list[tuple[int, int, int, str]]:
    return [
        (e["territory"], e["winner"], e["marker"], e["method"])
        for e in events_of(state, "decide")  # type: ignore[arg-type]
    ]


# -- KC-R24 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("claims", ["auto", "manual", "off"])
def test_kc_r24_a_decided_territory_has_one_winner_that_never_changes(claims: str) -> None:
    for players in (2, 3, 4):
        for seed in range(4):
            seen: dict[int, object] = {}
            for state, _, _ in steps(players, seed, {"claims": claims}):
                data = state.to_json()["data"]
                for t, d in enumerate(data["decided"]):
                    if t in seen:
                        assert d == seen[t]
                    elif d is not None:
                        assert d["method"] in ("completion", "claim")
                        if claims == "off":
                            assert d["method"] == "completion"
                        seen[t] = d
            for t, d in seen.items():
                assert decided_of(state, t + 1) == d
            assert len(_decisions(state)) == len({e[0] for e in _decisions(state)})


# -- KC-R25 -------------------------------------------------------------------------------------
def test_kc_r25_an_incomplete_army_never_claims() -> None:
    # three cards of which no completion by anyone could be beaten ... still no claim
    plays = [(A, "K01", 1), (B, "K40", 5), (A, "K02", 1), (B, "K41", 5), (A, "K03", 1)]
    state = build(plays)
    assert not state.claim_valid(0, A)
    assert not ref_claim_valid(state, 0, A)
    assert decided_of(state, 1) is None


def test_kc_r25_no_claim_on_a_decided_territory() -> None:
    state = x4_state("auto")
    state.apply(A, X4_PLAY_19)
    assert decided_of(state, 1) is not None
    assert not state.claim_valid(0, A)
    assert 0 not in state.valid_claims(A)


# -- KC-R26, KC-E11: the unseen pool includes the claimant's own hand ----------------------------
@pytest.mark.parametrize("where", ["claimant hand", "opponent hand", "deck", "table"])
def test_kc_r26_kc_e11_only_the_table_is_evidence(where: str) -> None:
    # KC-X4 with B's K15 (the last Sword+Banner card) moved off the table to ``where``
    plays = [p if p[1] != "K15" else (B, "K47", 3) for p in X4_PLAYS]
    hands = {A: ["K56"]}
    deck_top: list[str] = []
    if where == "claimant hand":
        hands[A] = ["K56", "K15"]
    elif where == "opponent hand":
        hands[B] = ["K15"]
    elif where == "deck":
        deck_top = ["K15"]
    else:
        plays = list(X4_PLAYS)
    state = build(plays, hands=hands, deck_top=deck_top)
    state.apply(A, X4_PLAY_19)
    valid = where == "table"
    assert ("K15" in unseen_ids(state)) == (not valid)
    assert (decided_of(state, 1) is not None) == valid
    if not valid:
        assert not ref_claim_valid(state, 0, A)
        assert state.refutation(0, A) == (B, (".23.5",))


def test_kc_e11_multiplicities_count() -> None:
    # KC-X5 with every Bow+Sword card but K15 on the table: B would need two such cards
    extra = [
        (B, "K04", 5),
        (A, "K01", 5),
        (B, "K07", 5),
        (A, "K02", 5),
        (B, "K08", 5),
        (A, "K03", 5),
        (B, "K14", 2),
        (A, "K41", 3),
    ]
    state = build(X5_PLAYS + extra, claims="auto", hands={A: ["K22"]})
    assert state.actors() == (A,)
    state.apply(A, X5_PLAY_15)
    bow_sword = [c for c in unseen_ids(state) if c in ("K01", "K02", "K03", "K04", "K07")]
    assert bow_sword == []
    assert "K15" in unseen_ids(state) and "K14" not in unseen_ids(state)
    d = decided_of(state, 4)
    assert d is not None and d["winner"] == A and d["method"] == "claim"

    # with a second Bow+Sword card unseen (K14), B can refute with K14 + K15
    extra2 = [p if p[1] != "K14" else (B, "K48", 2) for p in extra]
    state2 = build(X5_PLAYS + extra2, claims="auto", hands={A: ["K22"]})
    state2.apply(A, X5_PLAY_15)
    assert decided_of(state2, 4) is None
    assert not ref_claim_valid(state2, 3, A)
    who, slots = state2.refutation(3, A)
    assert who == B and sorted(slots) == [".23.5", ".234."]


# -- KC-R27: refutation ---------------------------------------------------------------------------
def test_kc_r27_an_equal_key_completion_does_not_refute() -> None:
    a = ["K15", "K45", "K14", "K41"]  # B(2) C(3)
    b = ["K49", "K46", "K44"]  # Bow 2, Sword 1: at best B(2) C(3)
    key = ref_army_key(a)
    assert key == (0, (), 1, (2,), 1, (3,))
    plays = [(A, a[0], 1), (B, b[0], 1), (A, a[1], 1), (B, b[1], 1), (A, a[2], 1), (B, b[2], 1)]
    state = build(plays, hands={A: [a[3]]})
    state.apply(A, Play(a[3], 1))
    U = unseen_ids(state)
    assert max(ref_army_key([*b, x]) for x in U) == key  # an equal completion exists
    assert decided_of(state, 1) == {"winner": A, "marker": 1, "method": "claim", "play": 7}


def test_kc_r27_a_strictly_greater_completion_refutes() -> None:
    # KC-X4 without the claim-proof: K15 unseen, B + K15 = R(5,3) > R(5) B(4)
    state = build(
        [p if p[1] != "K15" else (B, "K47", 3) for p in X4_PLAYS],
        claims="off",
        hands={A: ["K56"]},
    )
    state.apply(A, X4_PLAY_19)
    assert ref_army_key(["K34", "K35", "K12", "K15"]) > ref_army_key(["K36", "K37", "K17", "K56"])
    assert not state.claim_valid(0, A)


# 3 players: P0 and P1 have equal complete armies R(4,3,2) B(5,1); P2 has three Lances.
EQUAL = ["K01", "K02", "K03", "K07"]
GREATER = ["K01", "K02", "K05", "K06"]  # R(5,4,1) B(3,2)


def _three_player_state(p1_cards: list[str], p0_first: bool) -> object:
    p0 = [f"{c}-A" for c in EQUAL]
    p1 = [f"{c}-B" for c in p1_cards]
    p2 = ["K38-A", "K39-A", "K40-A"]
    plays = []
    for i in range(4):
        pair = [(0, p0[i], 1), (1, p1[i], 1)] if p0_first else [(1, p1[i], 1), (0, p0[i], 1)]
        plays += pair
        if i < 3:
            plays.append((2, p2[i], 1))
    return build(plays, players=3, claims="off", active=2)


@pytest.mark.parametrize("p0_first", [True, False])
def test_kc_r27_kc_e13_complete_opponent_with_equal_key_blocks_only_if_earlier(
    p0_first: bool,
) -> None:
    state = _three_player_state(EQUAL, p0_first)
    assert view_key(state, 1, 0) == view_key(state, 1, 1) == (3, (4, 3, 2), 2, (5, 1), 0, ())
    assert state.claim_valid(0, 0) == p0_first == ref_claim_valid(state, 0, 0)
    assert state.claim_valid(0, 1) == (not p0_first) == ref_claim_valid(state, 0, 1)
    assert not state.claim_valid(0, 2)


@pytest.mark.parametrize("p0_first", [True, False])
def test_kc_r27_complete_opponent_with_greater_key_always_refutes(p0_first: bool) -> None:
    state = _three_player_state(GREATER, p0_first)
    assert view_key(state, 1, 1) > view_key(state, 1, 0)
    assert not state.claim_valid(0, 0) and not ref_claim_valid(state, 0, 0)
    assert state.claim_valid(0, 1) and ref_claim_valid(state, 0, 1)


# -- KC-E12: opponents with no card ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("cards", "valid"),
    [
        (["K38", "K44", "K49", "K53"], False),  # no formation: 4 unseen cards easily beat it
        (["K01", "K02", "K03", "K07"], True),  # R(4,3,2) B(5,1): no 4 unseen cards beat it
    ],
)
def test_kc_e12_an_opponent_with_no_card_is_tested_with_four_unseen_cards(
    cards: list[str], valid: bool
) -> None:
    plays = [(A, cards[0], 3), (B, "K40", 1), (A, cards[1], 3), (B, "K41", 1)]
    plays += [(A, cards[2], 3), (B, "K42", 1)]
    off = build(plays, claims="off", hands={A: [cards[3]]})
    off.apply(A, Play(cards[3], 3))
    assert view_army(off, 3, B)["cards"] == []
    assert off.claim_valid(2, A) == valid == ref_claim_valid(off, 2, A)
    if not valid:
        who, slots = off.refutation(2, A)
        assert who == B and len(slots) == 4
    auto = build(plays, claims="auto", hands={A: [cards[3]]})
    auto.apply(A, Play(cards[3], 3))
    assert (decided_of(auto, 3) is not None) == valid


# -- KC-E14: independent opponent tests --------------------------------------------------------
def _e14_state(p1_threat: bool, p2_threat: bool, k15b_on_table: bool) -> object:
    threat = ["K34", "K35", "K12"]  # B(5,3): beats R(5) B(4) with one Sword+Banner card
    lances = ["K38", "K39", "K40"]
    p1 = [f"{c}-A" for c in (threat if p1_threat else lances)]
    p2 = [f"{c}-B" for c in (threat if p2_threat else lances)]
    plays = [(0, c, 1) for c in ["K36-A", "K37-A", "K17-A", "K56-A"]]
    plays += [(1, c, 1) for c in p1] + [(2, c, 1) for c in p2]
    # every other Sword+Banner card on the table (outside territory 1) except K15-B
    plays += [(0, c, 2) for c in ["K01-A", "K02-A", "K04-A", "K06-A"]]
    plays += [(1, c, 2) for c in ["K01-B", "K02-B", "K04-B", "K06-B"]]
    plays += [(2, c, 2) for c in ["K07-A", "K07-B", "K17-B"]] + [(2, "K15-A", 3)]
    for card in ["K12", "K34", "K35"]:  # the copies not used by a threatening opponent
        for suffix, used in (("A", p1_threat), ("B", p2_threat)):
            if not used:
                plays.append((0 if suffix == "A" else 1, f"{card}-{suffix}", 4))
    if k15b_on_table:
        plays.append((0, "K15-B", 5))
    return build(plays, players=3, claims="off", active=0)


@pytest.mark.parametrize(
    ("p1_threat", "p2_threat", "k15b_on_table", "valid"),
    [
        (True, True, False, False),  # both may use the single unseen K15-B
        (True, False, False, False),  # one refuting opponent is enough
        (False, True, False, False),
        (False, False, False, True),
        (True, True, True, True),  # nothing left to refute with
    ],
)
def test_kc_e14_each_opponent_is_tested_on_its_own(
    p1_threat: bool, p2_threat: bool, k15b_on_table: bool, valid: bool
) -> None:
    state = _e14_state(p1_threat, p2_threat, k15b_on_table)
    sword_banner_unseen = [
        c for c in unseen_ids(state) if slots_of(c)[2] == "3" and slots_of(c)[4] == "5"
    ]
    assert sword_banner_unseen == ([] if k15b_on_table else ["K15-B"])
    assert state.claim_valid(0, 0) == valid
    assert ref_claim_valid(state, 0, 0) == valid


# -- KC-R28, KC-E15: the resolution step -------------------------------------------------------
def test_kc_r28_kc_e15_one_play_decides_in_territory_order_for_active_and_non_active() -> None:
    state = x6_state("alternating")
    before = len(events_of(state, "decide"))
    state.apply(B, X6_PLAY_34)  # played into territory 4 by B
    new = _decisions(state)[before:]
    assert new == [(2, A, 3, "claim"), (4, B, 4, "completion")]


@pytest.mark.parametrize("claims", ["manual", "off"])
def test_kc_r28_only_completion_under_manual_and_off(claims: str) -> None:
    state = x6_state("alternating", claims=claims)
    state.apply(B, X6_PLAY_34)
    assert decided_of(state, 2) is None  # A's claim is valid but not decided by the engine
    assert state.claim_valid(1, A)
    assert decided_of(state, 4) == {"winner": B, "marker": 3, "method": "completion", "play": 34}
    # B has no valid claim, so no claim phase; A is next
    assert state.actors() == (A,) and state.phase == "play"
    if claims == "manual":
        # A's claim on territory 2 waits for A's own claim phase (KC-E8, KC-E26)
        state.apply(A, Play(hand_ids(state, A)[0], 3))
        assert state.phase == "claim"
        assert set(state.legal_actions(A)) == {Claim(2), EndClaims()}
        state.apply(A, Claim(2))
        assert decided_of(state, 2) == {"winner": A, "marker": 4, "method": "claim", "play": 35}


# -- KC-R29: the claim phase ---------------------------------------------------------------------
def test_kc_r29_the_claim_phase_repeats_until_no_valid_claim_remains() -> None:
    state = two_claims_state("manual")
    assert state.claim_valid(1, A) and ref_claim_valid(state, 1, A)  # territory 2 already
    assert not state.claim_valid(3, A) and not ref_claim_valid(state, 3, A)  # territory 4
    state.apply(A, TWO_CLAIMS_PLAY)
    assert state.phase == "claim" and state.actors() == (A,)
    assert set(state.legal_actions(A)) == {Claim(1), Claim(2), EndClaims()}
    claimable = [t["claimable_by"] for t in state.view(None)["territories"]]
    assert claimable == [[A], [A], [], [], []]  # public, under claims=manual
    assert state.legal_actions(B) == []
    state.apply(A, Claim(2))
    assert decided_of(state, 2) == {"winner": A, "marker": 1, "method": "claim", "play": 23}
    assert state.phase == "claim" and set(state.legal_actions(A)) == {Claim(1), EndClaims()}
    state.apply(A, Claim(1))
    assert decided_of(state, 1) == {"winner": A, "marker": 2, "method": "claim", "play": 23}
    # no valid claim remains: the turn passes on without end_claims
    assert state.phase == "play" and state.actors() == (B,)
    assert events_of(state, "draw")[-1] == {"type": "draw", "seat": B}
    assert state.play_counter == 23


def test_kc_r29_kc_e8_end_claims_keeps_the_claim_for_a_later_turn() -> None:
    state = two_claims_state("manual")
    state.apply(A, TWO_CLAIMS_PLAY)
    state.apply(A, EndClaims())
    assert state.actors() == (B,) and state.phase == "play"
    assert decided_of(state, 1) is None and decided_of(state, 2) is None
    state.apply(B, Play(hand_ids(state, B)[0], 5))
    assert state.claim_valid(0, A) and state.claim_valid(1, A)
    state.apply(A, Play(hand_ids(state, A)[0], 3))
    assert set(state.legal_actions(A)) == {Claim(1), Claim(2), EndClaims()}


def test_kc_r29_claim_phase_is_skipped_without_a_valid_claim() -> None:
    state = x4_state("manual")
    state.apply(A, Play(hand_ids(state, A)[1], 5))  # not K56: nothing becomes provable
    assert state.phase == "play" and state.actors() == (B,)


def test_kc_r29_kc_e18_illegal_claims_change_nothing() -> None:
    state = two_claims_state("manual")
    state.apply(A, TWO_CLAIMS_PLAY)
    before = snapshot(state)
    cases = [
        (A, Claim(4), "not proven", "KC-R27"),  # complete but refutable
        (A, Claim(3), "only a complete army can claim", "KC-R25"),  # no army there
        (A, Claim(6), "no territory 6", "KC-R6"),
        (A, Play(hand_ids(state, A)[0], 3), "already played your card", "KC-R15"),
    ]
    for seat, action, text, rule in cases:
        with pytest.raises(IllegalAction, match=text) as info:
            state.apply(seat, action)
        assert info.value.rule == rule
        assert snapshot(state) == before
    with pytest.raises(IllegalAction, match="may not act"):
        state.apply(B, Claim(1))  # only the active player claims
    assert snapshot(state) == before
    state.apply(A, Claim(2))
    after = snapshot(state)
    with pytest.raises(IllegalAction, match="already won territory 2") as info:
        state.apply(A, Claim(2))
    assert info.value.rule == "KC-R25"
    assert snapshot(state) == after


# -- KC-R30 -----------------------------------------------------------------------------------
def test_kc_r30_claims_off_has_no_claims() -> None:
    state = two_claims_state("off")
    state.apply(A, TWO_CLAIMS_PLAY)
    assert decided_of(state, 1) is None and decided_of(state, 2) is None
    assert state.claim_valid(0, A) and state.claim_valid(1, A)
    assert state.actors() == (B,)
    assert all(a.kind == "play" for a in state.legal_actions(B))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="Claims are off"):
        state.apply(B, Claim(1))
    assert snapshot(state) == before
    for players in (2, 3, 4):
        final = random_game(players, 77, {"claims": "off"})
        assert {e[3] for e in _decisions(final)} == {"completion"}
        assert events_of(final, "claim") == []


# -- KC-R31, KC-E20: closed territories ---------------------------------------------------------
def test_kc_r31_kc_e20_no_play_into_a_decided_territory_and_its_cards_stay() -> None:
    state = x4_state("auto")
    state.apply(A, X4_PLAY_19)
    assert decided_of(state, 1) is not None
    before = snapshot(state)
    card = hand_ids(state, B)[0]
    with pytest.raises(IllegalAction, match="already decided.*closed") as info:
        state.apply(B, Play(card, 1))
    assert info.value.rule == "KC-R31"
    assert snapshot(state) == before
    assert all(a.territory != 1 for a in state.legal_actions(B))
    # B's three cards stay on the table and are not unseen for later claim tests
    assert [c["card"] for c in view_army(state, 1, B)["cards"]] == ["K34", "K35", "K12"]
    assert not {"K34", "K35", "K12"} & set(unseen_ids(state))
    assert sum(state.view(None)["unseen"].values()) == 37
    state.apply(B, Play(card, 2))
    assert [c["card"] for c in view_army(state, 1, B)["cards"]] == ["K34", "K35", "K12"]


# -- KC-R32: markers ------------------------------------------------------------------------------
@pytest.mark.parametrize("claims", ["auto", "manual", "off"])
def test_kc_r32_markers_are_handed_out_in_decision_order(claims: str) -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            state = random_game(players, 100 + seed, {"claims": claims})
            decisions = _decisions(state)
            assert [m for _, _, m, _ in decisions] == list(range(1, len(decisions) + 1))
            for t, winner, marker, _ in decisions:
                assert marker in state.markers[winner]
                assert decided_of(state, t)["marker"] == marker  # type: ignore[index]
            plays = {e["play"] for e in events_of(state, "decide")}
            for p in plays:  # one resolution step: increasing territory numbers
                same = [e["territory"] for e in events_of(state, "decide") if e["play"] == p]
                if claims != "manual":
                    assert same == sorted(same)


# -- KC-E8, KC-E9, KC-E10 ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_e8_kc_e9_kc_e10_claims_stay_valid_are_unique_and_predict_the_winner(
    players: int,
) -> None:
    for seed in range(10):
        first_valid: dict[int, int] = {}
        for state, _, _ in steps(players, 200 + seed, {"claims": "off"}):
            for t in range(5):
                if state.decided[t] is not None:
                    continue
                valid = [p for p in range(players) if state.claim_valid(t, p)]
                assert len(valid) <= 1  # KC-E9
                if t in first_valid:
                    assert valid == [first_valid[t]]  # KC-E8
                elif valid:
                    first_valid[t] = valid[0]
        for t, claimant in first_valid.items():
            assert decided_of(state, t + 1)["winner"] == claimant  # type: ignore[index]  # KC-E10


def test_kc_e8_manual_valid_claims_are_offered_on_every_later_claim_phase() -> None:
    for seed in range(15):
        state = GAME.new_game(2, 300 + seed, {"claims": "manual"})
        rng = random.Random(seed)
        while not state.is_over():
            (seat,) = state.actors()
            if state.phase == "claim":
                offered = {a.territory - 1 for a in state.legal_actions(seat) if a.kind == "claim"}
                assert offered == set(state.valid_claims(seat))
                # never claim: validity must persist until completion decides it
                state.apply(seat, EndClaims())
                continue
            pending = {
                (t, p)
                for t in range(5)
                for p in range(2)
                if state.decided[t] is None and state.claim_valid(t, p)
            }
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            for t, p in pending:
                d = state.decided[t]
                assert (d is None and state.claim_valid(t, p)) or (d is not None and d[0] == p)


# -- KC-E16 ---------------------------------------------------------------------------------------
def test_kc_e16_completion_after_an_unmade_valid_claim_is_recorded_as_completion() -> None:
    state = two_claims_state("manual")
    state.apply(A, TWO_CLAIMS_PLAY)
    state.apply(A, EndClaims())
    state.apply(B, Play(hand_ids(state, B)[0], 1))  # B's fourth card in territory 1
    d = decided_of(state, 1)
    assert d is not None and d["winner"] == A and d["method"] == "completion"


# -- KC-E26 ---------------------------------------------------------------------------------------
def test_kc_e26_a_certain_result_is_not_a_decision() -> None:
    # claims=off: A's army in territory 1 cannot be beaten, but the territory waits for B
    off = x4_state("off")
    off.apply(A, X4_PLAY_19)
    for _ in range(2):  # B and A play elsewhere; territory 1 stays open
        (seat,) = off.actors()
        off.apply(seat, Play(hand_ids(off, seat)[0], 5 if seat == B else 3))
        assert off.claim_valid(0, A) and decided_of(off, 1) is None
    off.apply(B, Play(hand_ids(off, B)[0], 1))
    assert decided_of(off, 1)["method"] == "completion"  # type: ignore[index]

    # claims=manual: it waits until A claims it on A's turn
    manual = x4_state("manual")
    manual.apply(A, X4_PLAY_19)
    manual.apply(A, EndClaims())
    manual.apply(B, Play(hand_ids(manual, B)[0], 5))
    assert decided_of(manual, 1) is None and manual.claim_valid(0, A)
    manual.apply(A, Play(hand_ids(manual, A)[0], 3))
    assert manual.phase == "claim" and Claim(1) in manual.legal_actions(A)
    manual.apply(A, Claim(1))
    assert decided_of(manual, 1)["method"] == "claim"  # type: ignore[index]
