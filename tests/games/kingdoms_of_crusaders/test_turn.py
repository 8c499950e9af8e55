"""The turn: availability, passing, drawing, playing, the play counter and the turn sequence
(KC-R12 to KC-R17, KC-E1, KC-E2, KC-E24, KC-E25)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction

from .helpers import (
    GAME,
    Claim,
    EndClaims,
    Play,
    build,
    decided_of,
    deck_ids,
    events_of,
    hand_ids,
    pool_ids,
    random_game,
    ref_claim_valid,
    snapshot,
    steps,
    view_army,
)
from .positions import X4_PLAY_19, A, B, x4_state

IDS = pool_ids(2)


# -- KC-R12 -------------------------------------------------------------------------------------
def test_kc_r12_available_means_undecided_and_fewer_than_four_own_cards() -> None:
    plays = []
    a_t1, a_t2 = ["K40", "K41", "K42", "K43"], ["K44", "K45", "K46", "K47"]
    b_t2, b_t3 = ["K49", "K50", "K51", "K52"], ["K53", "K54", "K55", "K56"]
    for i in range(4):
        plays += [(A, a_t1[i], 1), (B, b_t2[i], 2)]
    for i in range(4):
        plays += [(A, a_t2[i], 2), (B, b_t3[i], 3)]
    state = build(plays, claims="off", decided={2: (B, 1, "completion", 15)})
    assert state.actors() == (A,)
    legal = state.legal_actions(A)
    assert {a.territory for a in legal} == {3, 4, 5}
    assert state.available(A) == [2, 3, 4]  # 0-based
    # B's 4 cards in territory 3 do not make it unavailable to A (KC-R7)
    assert any(a.territory == 3 for a in legal)


# -- KC-R13, KC-E2: passing ----------------------------------------------------------------------
def _pass_position(claims: str, a_t2: list[str] | None = None) -> object:
    """A has 4 cards in every territory (``a_t2`` in territory 2), B 3 in each; B is to
    play."""
    free = [c for c in IDS if c not in (a_t2 or [])]
    if not a_t2:
        a_t2, free = free[:4], free[4:]
    a_other, b_cards = free[:16], free[16:31]
    a_plays = [(A, c, 2) for c in a_t2]
    for t, start in zip((1, 3, 4, 5), range(0, 16, 4), strict=True):
        a_plays += [(A, c, t) for c in a_other[start : start + 4]]
    b_plays = [(B, c, 1 + i // 3) for i, c in enumerate(b_cards)]
    return build(a_plays + b_plays, claims=claims, active=B, first_player=A)


def test_kc_r13_kc_e2_a_player_with_four_cards_everywhere_passes_automatically() -> None:
    state = _pass_position("off")
    assert state.available(A) == []
    hand_a = hand_ids(state, A)
    deck_before = len(deck_ids(state))
    counter = state.play_counter
    card = hand_ids(state, B)[0]
    state.apply(B, Play(card, 1))  # B completes territory 1: decided by completion
    assert decided_of(state, 1) is not None
    assert state.play_counter == counter + 1
    # A passed: no draw, no play, hand unchanged; B is active again and has drawn
    tail = state.log(None)[-4:]
    assert [e["type"] for e in tail] == ["play", "decide", "pass", "draw"]
    assert tail[2] == {"type": "pass", "seat": A}
    assert tail[3] == {"type": "draw", "seat": B}
    assert hand_ids(state, A) == hand_a
    assert len(deck_ids(state)) == deck_before - 1  # only B's draw
    assert state.play_counter == counter + 1  # the pass does not count
    assert state.actors() == (B,)
    assert state.phase == "play"
    assert GAME.describe(events_of(state, "pass")[-1], None).startswith("Player 1 passed")


def test_kc_r13_kc_e19_manual_pass_turn_still_gets_a_claim_phase() -> None:
    strong = ["K01", "K02", "K05", "K13"]  # R(5,4,1) ... in territory 2
    state = _pass_position("manual", a_t2=strong)
    assert view_army(state, 2, A)["army"] == "R(5,4,1) B(2) C(3)"
    assert ref_claim_valid(state, 1, A) and state.claim_valid(1, A)
    card = hand_ids(state, B)[0]
    counter = state.play_counter
    state.apply(B, Play(card, 1))
    assert events_of(state, "pass")[-1] == {"type": "pass", "seat": A}
    assert state.actors() == (A,)
    assert state.phase == "claim"
    assert Claim(2) in state.legal_actions(A) and EndClaims() in state.legal_actions(A)
    assert all(a.kind != "play" for a in state.legal_actions(A))
    state.apply(A, Claim(2))
    d = decided_of(state, 2)
    assert d is not None and d["winner"] == A and d["method"] == "claim"
    assert d["marker"] == 2  # territory 1 was decided first (KC-R32)
    assert state.play_counter == counter + 1  # claims do not count (KC-R16)
    if state.phase == "claim":
        state.apply(A, EndClaims())
    assert state.actors() == (B,)


# -- KC-R14: draw ------------------------------------------------------------------------------
def test_kc_r14_the_next_player_draws_the_top_card() -> None:
    state = GAME.new_game(2, 12, {"first_player": 0})
    top = deck_ids(state)[0]
    n = len(deck_ids(state))
    card = hand_ids(state, A)[0]
    state.apply(A, Play(card, 3))
    assert top in hand_ids(state, B)
    assert len(deck_ids(state)) == n - 1
    assert state.view(B)["drawn"] == top
    assert "drawn" not in state.view(A)
    assert len(hand_ids(state, B)) == 6 and len(hand_ids(state, A)) == 5


def test_kc_r14_empty_deck_skips_the_draw() -> None:
    # defensive clause: not reachable in a valid configuration (KC-E1)
    state = build([], hand_sizes=[6, 50])
    assert deck_ids(state) == []
    state.apply(A, Play(hand_ids(state, A)[0], 1))
    assert state.actors() == (B,)
    assert state.phase == "play"
    assert len(hand_ids(state, B)) == 50
    assert events_of(state, "draw") == []


def test_kc_r15_empty_hand_passes() -> None:
    # defensive clause: B has neither deck nor hand, so B passes although it has room
    state = build([], hand_sizes=[56, 0])
    state.apply(A, Play(hand_ids(state, A)[0], 1))
    assert events_of(state, "pass") == [{"type": "pass", "seat": B}]
    assert state.actors() == (A,)
    assert len(hand_ids(state, A)) == 55


# -- KC-R15: play ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r15_legal_actions_are_every_hand_card_into_every_available_territory(
    players: int,
) -> None:
    state = GAME.new_game(players, 30 + players)
    (seat,) = state.actors()
    legal = state.legal_actions(seat)
    hand = hand_ids(state, seat)
    assert len(hand) == 6
    assert set(legal) == {Play(c, t) for c in hand for t in range(1, 6)}
    assert len(legal) == len(set(legal)) == 30
    for other in range(players):
        if other != seat:
            assert state.legal_actions(other) == []
    card = hand[2]
    state.apply(seat, Play(card, 4))
    cards = [c["card"] for c in view_army(state, 4, seat)["cards"]]
    assert cards == [card]
    assert card not in hand_ids(state, seat)
    for other in range(players):
        if other != seat:
            assert view_army(state, 4, other)["cards"] == []


def test_kc_r15_only_cards_from_ones_own_hand() -> None:
    state = GAME.new_game(2, 1, {"first_player": 0})
    other = hand_ids(state, B)[0]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply(A, Play(other, 1))
    assert snapshot(state) == before


# -- KC-R16: play counter and completion ----------------------------------------------------------
def test_kc_r16_play_numbers_and_completion_numbers() -> None:
    state = GAME.new_game(2, 2, {"first_player": 1, "claims": "off"})
    for n in range(1, 9):
        (seat,) = state.actors()
        card = hand_ids(state, seat)[0]
        state.apply(seat, Play(card, 5))
        assert state.play_counter == n
        assert events_of(state, "play")[-1]["play"] == n
        army = view_army(state, 5, seat)
        assert army["cards"][-1] == {
            "card": card,
            "slots": army["cards"][-1]["slots"],
            "play": n,
        }
        if len(army["cards"]) < 4:
            assert army["complete_at"] is None
        else:
            assert army["complete_at"] == n
    # seat 1 started: its 4th card was play 7, seat 0's play 8
    assert view_army(state, 5, 1)["complete_at"] == 7
    assert view_army(state, 5, 0)["complete_at"] == 8


# -- KC-R17: turn sequence --------------------------------------------------------------------
def test_kc_r17_play_resolution_claim_phase_then_next_seat() -> None:
    manual = x4_state("manual")
    manual.apply(A, X4_PLAY_19)
    # 1. play, 2. resolution (nothing under manual), 3. claim phase, 4. next seat
    assert manual.phase == "claim" and manual.actors() == (A,)
    draws = len(events_of(manual, "draw"))
    manual.apply(A, EndClaims())
    assert manual.actors() == (B,) and manual.phase == "play"
    assert len(events_of(manual, "draw")) == draws + 1
    assert events_of(manual, "draw")[-1] == {"type": "draw", "seat": B}

    auto = x4_state("auto")
    auto.apply(A, X4_PLAY_19)
    assert auto.actors() == (B,) and auto.phase == "play"
    kinds = [e["type"] for e in auto.log(None)][-3:]
    assert kinds == ["play", "decide", "draw"]


# -- KC-E1: the deck never runs out ---------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("claims", ["auto", "manual", "off"])
def test_kc_e1_every_draw_finds_a_card_and_hands_stay_at_five(players: int, claims: str) -> None:
    pool = 56 if players == 2 else 112
    assert pool >= 25 * players

    def check(state: object, seat: int, action: object) -> None:
        sizes = state.view(None)["hand_sizes"]  # type: ignore[attr-defined]
        expected = [5] * players
        if state.phase == "play":  # type: ignore[attr-defined]
            expected[seat] = 6
        assert sizes == expected

    for seed in range(6):
        state = random_game(players, seed, {"claims": claims}, on_step=check)
        plays = len(events_of(state, "play"))
        assert len(events_of(state, "draw")) == plays  # every play was preceded by a draw
        assert plays <= 20 * players
        assert len(deck_ids(state)) == pool - 5 * players - plays
        assert state.view(None)["hand_sizes"] == [5] * players


# -- KC-E2: passes --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("claims", ["auto", "manual"])
def test_kc_e2_passes_happen_only_with_four_cards_everywhere_and_never_all_round(
    players: int, claims: str
) -> None:
    passes = 0
    for seed in range(12):
        seen = 0
        longest = 0

        def check(state: object, seat: int, action: object) -> None:
            nonlocal seen, passes
            events = state.log(None)  # type: ignore[attr-defined]
            for e in events[seen:]:
                if e["type"] == "pass":
                    passes += 1
                    p = e["seat"]
                    data = state.to_json()["data"]  # type: ignore[attr-defined]
                    for t in range(5):
                        if data["decided"][t] is None:
                            assert len(data["armies"][p][t]) == 4
                    assert len(data["hands"][p]) == 5
            seen = len(events)

        state = random_game(players, seed, {"claims": claims}, on_step=check)
        run = 0
        for e in state.log(None):
            if e["type"] == "pass":
                run += 1
                longest = max(longest, run)
            elif e["type"] in ("draw", "play"):
                run = 0
        assert longest < players
    assert passes > 0  # the situation does occur


# -- KC-E24: interchangeable cards ----------------------------------------------------------------
def test_kc_e24_equivalent_cards_are_distinct_actions_with_identical_effects() -> None:
    state = build([], hands={A: ["K38", "K39", "K01", "K02", "K20", "K21"]})
    legal = state.legal_actions(A)
    for cid in ("K38", "K39", "K01", "K02"):
        assert Play(cid, 1) in legal
    assert len(legal) == 30
    one, two = state.clone(), state.clone()
    one.apply(A, Play("K38", 2))
    two.apply(A, Play("K39", 2))
    assert events_of(one, "play")[-1]["card"] == "K38"
    assert events_of(two, "play")[-1]["card"] == "K39"
    v1, v2 = one.view(None), two.view(None)
    assert v1["territories"][1]["armies"][0]["key"] == v2["territories"][1]["armies"][0]["key"]
    assert v1["unseen"] == v2["unseen"]


def test_kc_e24_copies_a_and_b_are_equivalent_in_three_players() -> None:
    state = build([], players=3, hands={A: ["K20-A", "K20-B"]})
    legal = state.legal_actions(A)
    assert Play("K20-A", 1) in legal and Play("K20-B", 1) in legal
    one, two = state.clone(), state.clone()
    one.apply(A, Play("K20-A", 1))
    two.apply(A, Play("K20-B", 1))
    assert view_army(one, 1, A)["key"] == view_army(two, 1, A)["key"]
    assert view_army(one, 1, A)["cards"][0]["card"] == "K20-A"


# -- KC-E25: free placement -------------------------------------------------------------------
def test_kc_e25_any_card_into_any_available_territory_even_a_lost_one() -> None:
    state = x4_state("off")
    state.apply(A, X4_PLAY_19)
    # B cannot win territory 1 any more (A's claim is proven), but may still play there
    assert state.claim_valid(0, A)
    hand = hand_ids(state, B)
    assert set(state.legal_actions(B)) == {Play(c, t) for c in hand for t in range(1, 6)}
    state.apply(B, Play(hand[0], 1))
    assert len(view_army(state, 1, B)["cards"]) == 4
    d = decided_of(state, 1)
    assert d is not None and d["winner"] == A and d["method"] == "completion"


# -- KC-R8: placed cards never move -------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("claims", ["auto", "manual"])
def test_kc_r8_a_placed_card_stays_in_place_face_up_until_the_end(
    players: int, claims: str
) -> None:
    for seed in range(3):
        placed: dict[str, tuple[int, int, int]] = {}
        state = None
        for state, _, _ in steps(players, 500 + seed, {"claims": claims}):
            _check_table(state, placed)
        assert state is not None and state.is_over()
        _check_table(state, placed)  # after the last action too
        assert len(placed) == state.play_counter


def _check_table(state: object, placed: dict[str, tuple[int, int, int]]) -> None:
    for e in events_of(state, "play"):  # type: ignore[arg-type]
        placed.setdefault(e["card"], (e["seat"], e["territory"], e["play"]))
    table = {
        c["card"]: (a["seat"], t["territory"], c["play"])
        for t in state.view(None)["territories"]  # type: ignore[attr-defined]
        for a in t["armies"]
        for c in a["cards"]
    }
    assert table == placed


# -- KC-R6, KC-R7: territories, sides and the per-side limit ---------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r6_five_territories_each_one_battle_among_all_players(players: int) -> None:
    state = GAME.new_game(players, 40 + players, {"claims": "off"})
    territories = state.view(None)["territories"]
    assert [t["territory"] for t in territories] == [1, 2, 3, 4, 5]
    assert all([a["seat"] for a in t["armies"]] == list(range(players)) for t in territories)
    seen = 0
    for state, seat, action in steps(players, 40 + players, {"claims": "off"}):
        before = state.view(None)["territories"]
        open_before = [t["decided"] is None for t in before]
        state = state.clone()
        state.apply(seat, action)
        after = state.view(None)["territories"]
        # the card went to the mover's own side of the chosen territory, nowhere else
        for t in range(5):
            for p in range(players):
                grew = len(after[t]["armies"][p]["cards"]) - len(before[t]["armies"][p]["cards"])
                assert grew == (1 if (p, t + 1) == (seat, action.territory) else 0)
            if open_before[t] and after[t]["decided"] is not None:
                # under claims=off a battle ends only when every player has 4 cards there
                assert all(len(a["cards"]) == 4 for a in after[t]["armies"])
                seen += 1
    assert seen == 5


def test_kc_r7_never_more_than_four_cards_per_side() -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            for state, seat, action in steps(players, 600 + seed, {"claims": "off"}):
                for row in state.armies:
                    assert all(len(army) <= 4 for army in row)
                if action.kind == "play":
                    assert len(state.armies[seat][action.territory - 1]) < 4
                    for t in range(5):
                        if len(state.armies[seat][t]) == 4:
                            assert all(a.territory != t + 1 for a in state.legal_actions(seat))
