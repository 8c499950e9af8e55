"""Hidden information: views, log, public unseen pool, determinization (KC-R37, §6, KC-R26)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from spieltisch.engine.errors import RecordError

from .helpers import (
    GAME,
    Play,
    deck_ids,
    hand_ids,
    pool_ids,
    ref_claim_valid,
    slots_of,
    steps,
    table_of,
    unseen_ids,
)
from .positions import X4_PLAY_19, A, B, x4_state


def _ids_in(obj: object) -> set[str]:
    text = json.dumps(obj)
    return {c for c in _ALL if f'"{c}"' in text}


_ALL = set(pool_ids(2)) | set(pool_ids(3))


# -- KC-R37: private and public facts ----------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r37_no_view_or_log_shows_another_hand_or_the_deck(players: int) -> None:
    for i, (state, _, _) in enumerate(steps(players, 50 + players, {"claims": "manual"})):
        if i % 3:
            continue
        deck = set(deck_ids(state))
        log_ids = _ids_in(state.log(None))
        assert not log_ids & deck
        for seat in [*range(players), None]:
            seen = _ids_in(state.view(seat))
            assert not seen & deck, "the deck is known to nobody"
            for other in range(players):
                if other != seat:
                    assert not seen & state.private_facts(other)
                    assert not log_ids & state.private_facts(other)
            if seat is not None:
                assert {c["card"] for c in state.view(seat)["hand"]} == set(hand_ids(state, seat))
                assert state.private_facts(seat) == set(hand_ids(state, seat))
        assert "hand" not in state.view(None)
        assert state.log(0) == state.log(None)  # the whole log is public


def test_kc_r37_the_drawn_card_is_shown_to_its_owner_only() -> None:
    state = GAME.new_game(3, 5, {"first_player": 1})
    drawn = state.view(1)["drawn"]
    assert drawn in hand_ids(state, 1)
    assert "drawn" not in state.view(0) and "drawn" not in state.view(2)
    assert "drawn" not in state.view(None)
    assert {"type": "draw", "seat": 1} in state.log(None)
    assert all(set(e) == {"type", "seat"} for e in state.log(None) if e["type"] == "draw")


def test_kc_r37_public_facts_are_in_every_view() -> None:
    state = x4_state("auto")
    state.apply(A, X4_PLAY_19)
    views = [state.view(s) for s in (0, 1, None)]
    for key in (
        "territories",
        "markers",
        "standing",
        "deck_size",
        "hand_sizes",
        "play_counter",
        "active",
        "phase",
        "first_player",
        "unseen",
        "claims",
        "stop_when_decided",
    ):
        assert views[0][key] == views[1][key] == views[2][key], key
    v = views[2]
    assert v["deck_size"] == len(deck_ids(state))
    assert v["hand_sizes"] == [5, 6]
    assert v["play_counter"] == 19
    t1 = v["territories"][0]
    assert t1["decided"] == {"winner": A, "marker": 1, "method": "claim", "play": 19}
    assert t1["armies"][A]["complete_at"] == 19
    assert [c["play"] for c in t1["armies"][A]["cards"]] == [1, 3, 5, 19]
    assert v["markers"] == [[1], []]
    plays = [e for e in state.log(None) if e["type"] == "play"]
    assert plays[-1] == {"type": "play", "seat": A, "card": "K56", "territory": 1, "play": 19}


def test_kc_r26_kc_r37_the_unseen_pool_is_public_and_equals_pool_minus_table() -> None:
    for state, _, _ in steps(3, 9):
        if state.play_counter % 7:
            continue
        expected = Counter(slots_of(c) for c in unseen_ids(state))
        assert state.view(None)["unseen"] == dict(expected)
        hidden = [c for h in state.to_json()["data"]["hands"] for c in h] + deck_ids(state)
        assert sorted(hidden) == sorted(unseen_ids(state))


# -- §6.2 determinization and claim validity as public data ----------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r37_resample_keeps_public_facts_and_own_hand(players: int) -> None:
    for i, (state, _, _) in enumerate(steps(players, 60 + players)):
        if i % 9:
            continue
        for seat in [*range(players), None]:
            other = state.resample(seat, random.Random(i))
            assert other.view(seat) == state.view(seat)  # consistent with the seat's view
            pub_a, pub_b = state.view(None), other.view(None)
            assert pub_a == pub_b
            assert table_of(other) == table_of(state)
            if seat is not None:
                assert hand_ids(other, seat) == hand_ids(state, seat)
            hidden_a = sorted(unseen_ids(state))
            hidden_b = sorted(
                [c for h in other.to_json()["data"]["hands"] for c in h] + deck_ids(other)
            )
            assert hidden_a == hidden_b
            for t in range(5):
                for p in range(players):
                    assert other.claim_valid(t, p) == state.claim_valid(t, p)
            with pytest.raises(RecordError):
                other.record()


def test_kc_r37_resample_redeals_other_hands_and_the_deck() -> None:
    state = GAME.new_game(2, 17, {"first_player": 0})
    deals = {
        (tuple(hand_ids(o, B)), tuple(deck_ids(o)))
        for o in (state.resample(A, random.Random(k)) for k in range(20))
    }
    assert len(deals) == 20
    spectator = state.resample(None, random.Random(1))
    assert hand_ids(spectator, A) != hand_ids(state, A) or hand_ids(spectator, B) != hand_ids(
        state, B
    )


def test_kc_r37_claim_validity_ignores_where_unseen_cards_are() -> None:
    base = x4_state("off")
    base.apply(A, X4_PLAY_19)
    for k in range(5):
        other = base.resample(None, random.Random(k))
        assert other.claim_valid(0, A) == base.claim_valid(0, A) == ref_claim_valid(base, 0, A)
    # a played card leaves the unseen pool (KC-R26)
    assert base.legal_actions(B)
    card = hand_ids(base, B)[0]
    base.apply(B, Play(card, 2))
    assert card not in unseen_ids(base)
