"""Options and variants (§8) and configuration validity (KC-R5, §2.4)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import OptionError

from .helpers import GAME, SLOTS, Play, deck_ids, hand_ids, random_game

DEFAULT_SLOTS = list(SLOTS.values())


def test_defaults() -> None:
    state = GAME.new_game(2, 0)
    assert state.options == {
        "claims": "auto",
        "stop_when_decided": False,
        "first_player": "random",
        "deck": "proposal-a",
    }
    assert state.players == 2 == GAME.default_players
    assert {o.name for o in GAME.options} == {"claims", "stop_when_decided", "first_player", "deck"}


@pytest.mark.parametrize("claims", ["auto", "manual", "off"])
def test_claims_values(claims: str) -> None:
    state = GAME.new_game(3, 1, {"claims": claims})
    assert state.options["claims"] == claims
    assert state.view(None)["claims"] == claims


@pytest.mark.parametrize(("value", "expected"), [(True, True), (False, False), ("true", True)])
def test_stop_when_decided_values(value: object, expected: bool) -> None:
    state = GAME.new_game(2, 1, {"stop_when_decided": value})
    assert state.options["stop_when_decided"] is expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r10_first_player_values(players: int) -> None:
    for seat in range(players):
        assert GAME.new_game(players, 2, {"first_player": seat}).actors() == (seat,)
    assert GAME.new_game(players, 2, {"first_player": str(players - 1)}).actors() == (players - 1,)
    with pytest.raises(OptionError, match="first_player"):
        GAME.new_game(players, 2, {"first_player": players})


# -- KC-R5: deck option ---------------------------------------------------------------------------
def test_kc_r5_custom_deck_is_used_with_ids_in_list_order() -> None:
    deck = ["1....", ".2...", "..3..", "...4.", "....5"] * 10  # 50 cards: the 2-player minimum
    state = GAME.new_game(2, 3, {"deck": deck, "first_player": 0})
    ids = sorted(deck_ids(state) + [c for s in (0, 1) for c in hand_ids(state, s)])
    assert ids == [f"K{i:02d}" for i in range(1, 51)]
    hand = state.view(0)["hand"]
    for entry in hand:
        assert entry["slots"] == deck[int(entry["card"][1:]) - 1]
    final = random_game(2, 3, {"deck": deck})
    assert final.is_over()


def test_kc_r5_custom_deck_as_symbol_names_and_two_copies() -> None:
    deck = [["LANCE", "BOW"], ["sword"], "...45"] * 13  # 39 cards x 2 = 78 >= 75
    state = GAME.new_game(3, 3, {"deck": deck})
    cards = deck_ids(state) + [c for s in range(3) for c in hand_ids(state, s)]
    assert len(cards) == 78
    assert "K01-A" in cards and "K39-B" in cards
    assert state.options["deck"][:3] == ["12...", "..3..", "...45"]


@pytest.mark.parametrize(("players", "cards", "ok"), [
    (2, 50, True), (2, 49, False),
    (3, 38, True), (3, 37, False),
    (4, 50, True), (4, 49, False),
])  # fmt: skip
def test_kc_r5_the_pool_needs_25_cards_per_player(players: int, cards: int, ok: bool) -> None:
    deck = DEFAULT_SLOTS[:cards]
    if ok:
        state = GAME.new_game(players, 0, {"deck": deck})
        assert random_game(players, 0, {"deck": deck}).is_over()
        assert state.players == players
    else:
        with pytest.raises(OptionError, match=rf"option 'deck'.*at least {25 * players}"):
            GAME.new_game(players, 0, {"deck": deck})


@pytest.mark.parametrize(
    ("card", "problem"),
    [
        (".....", "at least one symbol"),
        ([], "at least one symbol"),
        (["LANCE", "LANCE"], "appears twice"),
        (["KNIGHT"], "unknown symbol"),
        ("..36.", "slot string"),
        ("1234", "slot string"),
        (5, "slot string or a list"),
    ],
)
def test_kc_r3_kc_r5_bad_cards_in_the_deck_option(card: object, problem: str) -> None:
    deck: list[object] = list(DEFAULT_SLOTS)
    deck[6] = card
    with pytest.raises(OptionError, match="deck") as info:
        GAME.new_game(2, 0, {"deck": deck})
    assert problem in str(info.value)
    assert "card 7" in str(info.value)


def test_default_deck_is_valid_for_every_player_count() -> None:
    # KC-R5: 56 >= 50, 112 >= 75, 112 >= 100
    for players in (2, 3, 4):
        state = GAME.new_game(players, 0, {"deck": "proposal-a"})
        state.apply(state.actors()[0], Play(hand_ids(state, state.actors()[0])[0], 1))
        assert state.play_counter == 1
        assert len(deck_ids(state)) == (56 if players == 2 else 112) - 5 * players - 2


# -- options for players (issue 15): names, one-line summaries, values in words, source --------
def test_every_option_has_words_for_players_in_english_and_german() -> None:
    """§8: each option of the lobby has a label, a summary, its values in words and where it
    comes from (KC-R10, KC-R28-R30, KC-R34, KC-R5)."""
    from spieltisch.engine.i18n import translator
    from spieltisch.engine.options import SOURCES

    de = translator("spieltisch.games.kingdoms_of_crusaders", "de")
    for option in GAME.options:
        assert option.label and option.summary, option.name
        assert option.source in SOURCES, option.name
        assert option.value_labels, option.name
        words = [option.label, option.summary, *(w for _, w in option.value_labels)]
        for text in words:
            assert (None, text) in de.messages, f"{option.name}: no German for {text!r}"
            assert de(text) != text, text
        if option.choices is not None:
            assert [v for v, _ in option.value_labels] == list(option.choices), option.name
        for value, _ in option.value_labels:
            assert option.normalize(value, 4) == value, (option.name, value)


def test_option_sources_follow_the_rules_file() -> None:
    """§1 and §8: the claim modes, the early stop and the deck list are reconstructed; a fixed
    first player is meant for tests and tutorials (KC-R10)."""
    sources = {o.name: o.source for o in GAME.options}
    assert sources == {
        "claims": "reconstructed",
        "stop_when_decided": "reconstructed",
        "first_player": "digital",
        "deck": "reconstructed",
    }
