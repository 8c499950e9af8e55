""" "Why can't I?": every illegal action is explained in plain words with the rule that forbids
it, in English and German (``explain.py``, ``Game.why_illegal``), and every key of the picture
that no legal move uses means an action (``svg.attempt``) whose reason can be given.

The rules cited: KC-R1 (seats), KC-R2 (the cards of the game), KC-R6 (territories 1-5),
KC-R7 (at most 4 cards), KC-R8 (a played card stays), KC-R15 (one card from the hand),
KC-R17 (turn order), KC-R25 (only a complete army claims, only an open territory), KC-R27
(an unproven claim), KC-R28/KC-R30 (no claims by players under auto/off), KC-R29 (the claim
phase), KC-R31 (closed territories), KC-R33/KC-R34 (the end)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from spieltisch.engine.action import Action
from spieltisch.engine.errors import IllegalAction
from spieltisch.engine.rulebook import rulebook
from spieltisch.games.kingdoms_of_crusaders.svg import attempt, board_moves, render_svg

from .helpers import (
    GAME,
    Claim,
    EndClaims,
    KingdomsState,
    Play,
    build,
    hand_ids,
    random_game,
    snapshot,
    steps,
)
from .positions import TWO_CLAIMS_PLAY, X4_PLAY_19, A, B, two_claims_state, x4_state

BOOK = rulebook("spieltisch.games.kingdoms_of_crusaders", "en")
CONFIGS: list[tuple[int, int, dict[str, Any]]] = [
    (2, 3, {}),
    (2, 11, {"claims": "manual"}),
    (3, 5, {"claims": "manual"}),
    (3, 8, {"claims": "off", "stop_when_decided": True}),
    (4, 9, {"claims": "manual"}),
]


def _reasons(state: KingdomsState, seat: int, action: Action) -> tuple[IllegalAction, ...]:
    """The reason in English and German; both name a rule of the rulebook, the German text
    is a translation, and the state is unchanged."""
    before = snapshot(state)
    en = GAME.why_illegal(state, seat, action, "en")
    de = GAME.why_illegal(state, seat, action, "de")
    assert snapshot(state) == before
    assert en is not None and de is not None, action
    assert en.rule is not None and BOOK.get(en.rule) is not None, (action, en)
    assert de.rule == en.rule
    assert en.reason and de.reason and de.reason != en.reason, (en.reason, de.reason)
    return en, de


def _keys(svg: str) -> tuple[set[str], set[str]]:
    root = ET.fromstring(svg.split("?>", 1)[1] if svg.startswith("<?xml") else svg)
    picks = {el.get("data-pick", "") for el in root.iter() if el.get("data-pick")}
    places = {el.get("data-place", "") for el in root.iter() if el.get("data-place")}
    return picks, places


def _check_position(state: KingdomsState, seat: int) -> int:
    """Every key of ``seat``'s picture that no legal move uses, alone and with each legal
    pick selected, means an action that is illegal and explained; the legal moves' keys
    mean their own actions, and a legal action has no reason. Returns the actions tried."""
    view = state.view(seat)
    legal = [a.to_json() for a in state.legal_actions(seat)]
    picks, places = _keys(render_svg(view, "en", legal))
    moves = board_moves(view, legal, "en")
    for action, move in zip(legal, moves, strict=True):
        if move["place"] is not None:
            assert attempt(view, move["pick"], move["place"]) == action
        assert GAME.why_illegal(state, seat, GAME.action_from_json(action), "de") is None
    used_picks = {m["pick"] for m in moves if m["pick"]}
    used_places = {m["place"] for m in moves if m["place"]}
    tries: list[dict[str, Any] | None] = [attempt(view, p, None) for p in picks - used_picks]
    for place in places - used_places:
        tries.append(attempt(view, None, place))
        tries += [attempt(view, p, place) for p in used_picks]
    tried = 0
    for meant in tries:
        if meant is None:
            continue
        _reasons(state, seat, GAME.action_from_json(meant))
        tried += 1
    return tried


@pytest.mark.parametrize(("players", "seed", "options"), CONFIGS)
def test_every_key_no_legal_move_uses_is_explained(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    tried = 0
    for n, (state, _seat, _action) in enumerate(steps(players, seed, options)):
        if n % 3:
            continue
        for seat in range(players):
            tried += _check_position(state, seat)
    assert tried > 50


def test_keys_after_the_end_are_explained() -> None:
    """KC-R33: after the end every click is answered with the end."""
    final = random_game(2, 4)
    assert _check_position(final, 0) > 0
    en, de = _reasons(final, 0, Play(hand_ids(final, 0)[0], 1))
    assert en.rule == "KC-R33" and "The game is over" in en.reason
    assert "Das Spiel ist vorbei" in de.reason


# -- the reasons, rule by rule ---------------------------------------------------------------
def test_kc_r17_not_your_turn() -> None:
    state = build(players=3)
    en, de = _reasons(state, 1, Play(hand_ids(state, 1)[0], 1))
    assert (en.reason, en.rule) == ("It is Player 1's turn, not yours.", "KC-R17")
    assert de.reason == "Spieler 1 ist am Zug, nicht du."


def test_kc_r15_kc_r8_kc_r2_cards() -> None:
    state = x4_state("auto")
    theirs = hand_ids(state, B)[0]
    en, de = _reasons(state, A, Play(theirs, 1))
    assert (en.reason, en.rule) == (f"Card {theirs} is not in your hand.", "KC-R15")
    assert de.reason == f"Karte {theirs} ist nicht auf deiner Hand."
    en, _ = _reasons(state, A, Play("K36", 2))  # A's own card in territory 1
    assert en.rule == "KC-R8" and "already on the table, in territory 1" in en.reason
    en, _ = _reasons(state, A, Play("K01-A", 1))  # suffixes only with 3-4 players
    assert en.rule == "KC-R2" and "no card K01-A" in en.reason


@pytest.mark.parametrize("territory", [0, 6])
def test_kc_r6_no_such_territory(territory: int) -> None:
    state = x4_state("manual")
    en, de = _reasons(state, A, Play("K56", territory))
    assert en.rule == "KC-R6" and f"no territory {territory}" in en.reason
    assert f"kein Gebiet {territory}" in de.reason


def test_kc_r31_closed_territory_and_kc_r7_full_army() -> None:
    state = x4_state("auto")
    state.apply(A, X4_PLAY_19)  # territory 1 decided for A by claim
    en, de = _reasons(state, B, Play(hand_ids(state, B)[0], 1))
    assert en.rule == "KC-R31"
    assert en.reason.startswith("Territory 1 is already decided: Player 1 won it")
    assert de.reason.startswith("Gebiet 1 ist schon entschieden: Spieler 1 hat es gewonnen")
    state = x4_state("off")
    state.apply(A, X4_PLAY_19)
    state.apply(B, Play(hand_ids(state, B)[0], 4))
    en, de = _reasons(state, A, Play(hand_ids(state, A)[0], 1))
    assert en.rule == "KC-R7" and "already have 4 cards in territory 1" in en.reason
    assert "schon 4 Karten in Gebiet 1" in de.reason


@pytest.mark.parametrize(("claims", "rule"), [("auto", "KC-R28"), ("off", "KC-R30")])
def test_no_claims_by_players_under_auto_or_off(claims: str, rule: str) -> None:
    en, _ = _reasons(x4_state(claims), A, Claim(1))
    assert en.rule == rule


def test_kc_r29_claims_after_the_play_and_only_in_the_claim_phase() -> None:
    state = two_claims_state("manual")
    en, _ = _reasons(state, A, Claim(2))
    assert en.rule == "KC-R29" and en.reason.startswith("Claims come after your play")
    en, _ = _reasons(state, A, EndClaims())
    assert en.rule == "KC-R29" and en.reason.startswith("There is nothing to end")
    state.apply(A, TWO_CLAIMS_PLAY)  # A's claim phase
    en, _ = _reasons(state, A, Play(hand_ids(state, A)[0], 3))
    assert en.rule == "KC-R15" and "already played your card" in en.reason
    en, de = _reasons(state, B, Claim(1))
    assert en.rule == "KC-R29" and en.reason.startswith("Player 1 is claiming territories now")
    assert de.reason.startswith("Spieler 1 beansprucht gerade Gebiete")


def test_kc_r25_only_complete_armies_claim_open_territories() -> None:
    state = two_claims_state("manual")
    state.apply(A, TWO_CLAIMS_PLAY)
    en, de = _reasons(state, A, Claim(3))
    assert en.rule == "KC-R25"
    assert en.reason == "You have 0 of 4 cards in territory 3: only a complete army can claim."
    state.apply(A, Claim(2))
    en, de = _reasons(state, A, Claim(2))
    assert (en.reason, en.rule) == ("You have already won territory 2.", "KC-R25")
    assert de.reason == "Du hast Gebiet 2 schon gewonnen."


def test_kc_r27_unproven_claim_names_a_refuting_opponent_and_unseen_cards() -> None:
    """KC-X5's kind of refutation: B's one card in territory 4 plus three unseen cards."""
    state = two_claims_state("manual")
    state.apply(A, TWO_CLAIMS_PLAY)
    en, de = _reasons(state, A, Claim(4))
    assert en.rule == "KC-R27"
    assert en.reason.startswith(
        "Your claim on territory 4 is not proven: Player 2 could still beat your army with 3 "
        "cards that are not on the table, for example with these symbols: "
    )
    assert de.reason.startswith("Dein Anspruch auf Gebiet 4 ist nicht bewiesen: Spieler 2")
    assert "Bogen" in de.reason and "Bow" in en.reason


def _three_player_claim(earlier: bool) -> KingdomsState:
    """Three players, manual claims, A (seat 0) in its claim phase with four Lances in
    territory 1 beside B's four Bows (stronger) or B's four Lances completed earlier."""
    b_cards = (
        ["K38-B", "K39-B", "K40-B", "K41-B"] if earlier else ["K44-A", "K45-A", "K46-A", "K47-A"]
    )
    a_cards = ["K38-A", "K39-A", "K40-A", "K41-A"]
    plays = [(B, c, 1) for c in b_cards] + [(A, c, 1) for c in a_cards]
    return build(plays, players=3, claims="manual", active=A, phase="claim")


@pytest.mark.parametrize("earlier", [False, True])
def test_kc_r27_complete_opponents_that_refute(earlier: bool) -> None:
    """KC-R27 (a), KC-E13: a complete opponent that is stronger, or as strong and earlier."""
    state = _three_player_claim(earlier)
    en, de = _reasons(state, A, Claim(1))
    assert en.rule == "KC-R27"
    if earlier:
        assert en.reason.endswith(
            "the army of Player 2 there is as strong and was complete earlier."
        )
        assert de.reason.endswith("gleich stark und war früher vollständig.")
    else:
        assert en.reason.endswith("the complete army of Player 2 there is stronger.")
        assert de.reason.endswith("ist stärker.")


def test_kc_r1_no_such_seat_and_non_actions() -> None:
    state = build()
    en, _ = _reasons(state, 5, Play(hand_ids(state, 0)[0], 1))
    assert (en.reason, en.rule) == ("There is no Player 6 in this game.", "KC-R1")
    found = GAME.why_illegal(state, 0, object(), "de")  # type: ignore[arg-type]
    assert found is not None and found.rule is None


def test_the_state_raises_the_english_reason() -> None:
    """``apply`` and ``why_illegal`` give the same words (one catalog entry)."""
    state = two_claims_state("manual")
    state.apply(A, TWO_CLAIMS_PLAY)
    for action in (Claim(4), Claim(3), Play("K99", 1), Play(hand_ids(state, A)[0], 1)):
        with pytest.raises(IllegalAction) as info:
            state.apply(A, action)
        found = GAME.why_illegal(state, A, action, "en")
        assert found is not None
        assert (info.value.reason, info.value.rule) == (found.reason, found.rule)


# -- what a click means --------------------------------------------------------------------
def test_attempt_reads_the_click() -> None:
    state = x4_state("auto")
    state.apply(A, X4_PLAY_19)
    view = state.view(B)
    card = hand_ids(state, B)[0]
    assert attempt(view, f"card:{card}", "territory:1") == {
        "type": "play",
        "card": card,
        "territory": 1,
    }
    # no card selected: a closed territory still means a play (to say why not) ...
    meant = attempt(view, None, "territory:1")
    assert meant is not None and meant["territory"] == 1
    # ... an open one needs a card first
    assert attempt(view, None, "territory:3") is None
    assert attempt(view, None, "claim:2") == {"type": "claim", "territory": 2}
    assert attempt(view, None, "deck") is None
    assert attempt(state.view(None), None, "territory:1") is None  # spectators make no moves
    # a hand card alone (not B's turn in the view of A): a play into an open territory
    meant = attempt(state.view(A), f"card:{hand_ids(state, A)[0]}", None)
    assert meant is not None and meant["type"] == "play" and meant["territory"] != 1
