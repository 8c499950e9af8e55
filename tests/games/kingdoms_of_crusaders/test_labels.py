"""Button captions (``game.action_label``) of The Kingdoms of Crusaders in English and German:
every action kind gets a real caption, the captions of one step are pairwise distinct, and
they are computed from the seat's view alone."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from spieltisch.engine.action import Action
from spieltisch.games.kingdoms_of_crusaders import Claim, EndClaims, KingdomsState, Play

from ...caption_checks import bot_steps, check_captions_use_only_the_view, check_step_captions
from .helpers import GAME, build

# (players, options): every player count, and every claims mode (only `manual` offers
# claim and end_claims actions, KC-R29)
CONFIGS = [
    (2, {"claims": "auto"}),
    (2, {"claims": "manual"}),
    (3, {"claims": "manual"}),
    (3, {"claims": "off"}),
    (4, {"claims": "manual"}),
    (4, {"claims": "auto", "stop_when_decided": True}),
]


def steps(
    players: int, options: dict[str, Any], seed: int
) -> Iterator[tuple[Any, int, list[Action]]]:
    return bot_steps(GAME, players, options, seed)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_kc_r15_kc_r29_every_step_has_distinct_captions_in_both_languages(
    players: int, options: dict[str, Any]
) -> None:
    """Plays (KC-R15), claims and end_claims (KC-R29): each caption is non-empty, the
    captions of one step differ from each other in each language, and German differs from
    English; the unknown language "fr" reads English."""
    kinds: set[str] = set()
    for seed in range(2):
        for state, seat, legal in steps(players, options, seed):
            kinds |= check_step_captions(GAME, state, seat, legal)
    expected = {"play", "claim", "end_claims"} if options["claims"] == "manual" else {"play"}
    assert kinds == expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r37_captions_use_only_the_view(players: int) -> None:
    """KC-R37: a hand is private. A state resampled for the seat (every other hand and the
    deck re-dealt) gives the seat the same captions, in both languages."""
    rng = random.Random(players)
    for n, (state, seat, legal) in enumerate(steps(players, {"claims": "manual"}, 7)):
        if n % 5:
            continue
        check_captions_use_only_the_view(GAME, state, seat, legal, rng)


def _hand_state() -> KingdomsState:
    # K17 ..345, K32/K33 ..34. (two cards with the same symbols), K56 ....5, K38 1...., K01
    return build(players=2, hands={0: ["K17", "K32", "K33", "K56", "K38", "K01"]}, active=0)


def test_kc_r3_kc_r4_a_card_is_named_by_its_symbols() -> None:
    """KC-R3, KC-R4: a card is called by its symbols, Lance to Banner (German: Lanze, Bogen,
    Schwert, Helm, Banner), and the caption names the territory it goes into."""
    view = _hand_state().view(0)
    label = GAME.action_label
    assert label(Play("K17", 1), view, "en") == "Play Sword + Helmet + Banner into territory 1"
    assert label(Play("K17", 1), view, "de") == "Schwert + Helm + Banner in Gebiet 1 ausspielen"
    assert label(Play("K56", 5), view, "en") == "Play Banner into territory 5"
    assert label(Play("K56", 5), view, "de") == "Banner in Gebiet 5 ausspielen"
    assert label(Play("K38", 4), view, "de") == "Lanze in Gebiet 4 ausspielen"
    assert label(Play("K01", 2), view, "en") == (
        "Play Lance + Bow + Sword + Helmet + Banner into territory 2"
    )


def test_kc_r2_cards_with_the_same_symbols_are_told_apart_by_id() -> None:
    """Two cards showing the same symbols get their ids, so that their buttons differ; with
    3-4 players the two deck copies (KC-R2) are such cards."""
    view = _hand_state().view(0)
    assert GAME.action_label(Play("K32", 2), view, "en") == (
        "Play Sword + Helmet (K32) into territory 2"
    )
    assert GAME.action_label(Play("K33", 2), view, "de") == (
        "Schwert + Helm (K33) in Gebiet 2 ausspielen"
    )
    state = build(players=3, hands={0: ["K32-A", "K32-B", "K56-A", "K38-A", "K38-B", "K01-A"]})
    view = state.view(0)
    labels = [GAME.action_label(a, view, "en") for a in state.legal_actions(0)]
    assert "Play Sword + Helmet (K32-B) into territory 3" in labels
    assert "Play Banner into territory 3" in labels  # K56-A is the only Banner card here
    assert len(set(labels)) == len(labels) == 30


def test_kc_r29_claim_and_end_claims_captions() -> None:
    """KC-R29: claim(t) and end_claims, worded as in the terminal menu."""
    view = _hand_state().view(0)
    assert GAME.action_label(Claim(3), view, "en") == "Claim territory 3"
    assert GAME.action_label(Claim(3), view, "de") == "Gebiet 3 beanspruchen"
    assert GAME.action_label(EndClaims(), view, "en") == (
        "End claims (claim nothing more this turn)"
    )
    assert GAME.action_label(EndClaims(), view, "de") == (
        "Ansprüche beenden (in diesem Zug nichts mehr beanspruchen)"
    )


def test_a_card_the_view_does_not_show_is_named_by_id_only() -> None:
    """The caption never looks past the view: without the card in the view's hand (a
    spectator's view has no hand) it can only give the id."""
    view = _hand_state().view(None)
    assert GAME.action_label(Play("K17", 1), view, "en") == "Play K17 into territory 1"
    assert GAME.action_label(Play("K17", 1), view, "de") == "K17 in Gebiet 1 ausspielen"
