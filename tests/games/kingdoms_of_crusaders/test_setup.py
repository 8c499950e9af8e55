"""Players, card pool, deck data and the setup state (KC-R1 to KC-R5, KC-R9 to KC-R11, §2, §3)."""

from __future__ import annotations

import itertools
from collections import Counter
from importlib import resources

import pytest

from spieltisch.engine.errors import OptionError
from spieltisch.games.kingdoms_of_crusaders import deck as deck_module
from spieltisch.games.kingdoms_of_crusaders.symbols import RANK, SYMBOLS

from .helpers import GAME, SLOTS, deck_ids, events_of, hand_ids, pool_ids, random_game


# -- KC-R1 ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r1_two_to_four_players_with_seats_0_to_n_minus_1(players: int) -> None:
    state = GAME.new_game(players, 5)
    assert state.players == players
    assert len(state.view(None)["hand_sizes"]) == players
    assert state.actors()[0] in range(players)
    assert [a["seat"] for a in state.view(None)["territories"][0]["armies"]] == list(range(players))


@pytest.mark.parametrize("players", [0, 1, 5, 6])
def test_kc_r1_other_player_counts_are_rejected(players: int) -> None:
    with pytest.raises(OptionError, match="2 to 4 players"):
        GAME.new_game(players, 0)


# -- KC-R2 ------------------------------------------------------------------------------------
def _all_cards(state: object) -> list[str]:
    data = state.to_json()["data"]  # type: ignore[attr-defined]
    table = [c for row in data["armies"] for army in row for c, _ in army]
    return data["deck"] + [c for h in data["hands"] for c in h] + table


@pytest.mark.parametrize(("players", "size"), [(2, 56), (3, 112), (4, 112)])
def test_kc_r2_card_pool_is_one_or_two_copies(players: int, size: int) -> None:
    state = GAME.new_game(players, 11)
    cards = _all_cards(state)
    assert len(cards) == len(set(cards)) == size
    assert sorted(cards) == sorted(pool_ids(players))
    if players == 2:
        assert all("-" not in c for c in cards)
        assert "K01" in cards and "K56" in cards
    else:
        assert {c[-2:] for c in cards} == {"-A", "-B"}
        assert "K01-A" in cards and "K56-B" in cards


@pytest.mark.parametrize("players", [3, 4])
def test_kc_r2_suffixed_cards_have_the_symbols_of_their_base_id(players: int) -> None:
    state = GAME.new_game(players, 3)
    from spieltisch.games.kingdoms_of_crusaders.symbols import slots_of_mask

    pool = state.pool
    for cid, mask in zip(pool.ids, pool.masks, strict=True):
        assert slots_of_mask(mask) == SLOTS[cid.split("-")[0]], cid
    # and as shown to the player holding them
    for seat in range(players):
        for entry in state.view(seat)["hand"]:
            assert entry["slots"] == SLOTS[entry["card"].split("-")[0]]


# -- KC-R3 and the deck data of §2.3 ----------------------------------------------------------
def test_kc_r3_every_default_card_shows_a_nonempty_set_of_distinct_symbols() -> None:
    state = GAME.new_game(2, 0)
    for mask in state.pool.masks:
        assert 0 < mask < 32
    for cid, slots in SLOTS.items():
        assert len(slots) == 5 and slots != "....."
        assert all(ch in (".", str(i + 1)) for i, ch in enumerate(slots)), cid


def test_kc_r3_engine_default_deck_is_the_spec_list() -> None:
    assert deck_module.default_deck_slots() == tuple(SLOTS.values())
    path = resources.files("spieltisch.games.kingdoms_of_crusaders").joinpath(
        "data/deck_proposal_a.toml"
    )
    assert deck_module.load_edition(str(path)) == list(SLOTS.values())


def test_kc_r3_derived_facts_of_the_default_deck() -> None:
    per_symbol = [sum(1 for s in SLOTS.values() if s[i] != ".") for i in range(5)]
    assert per_symbol == [26, 25, 24, 23, 21]
    sizes = Counter(5 - s.count(".") for s in SLOTS.values())
    assert [sizes[k] for k in (5, 4, 3, 2, 1)] == [2, 5, 10, 20, 19]
    assert len(SLOTS) == 56
    for triple in itertools.combinations(range(5), 3):
        showing = [c for c, s in SLOTS.items() if all(s[i] != "." for i in triple)]
        assert len(showing) == 5, triple
    # the same facts hold for the engine's pool
    pool = GAME.new_game(2, 0).pool
    assert [sum(1 for m in pool.masks if m >> s & 1) for s in range(5)] == per_symbol


# -- KC-R4 ------------------------------------------------------------------------------------
def test_kc_r4_symbol_ranks() -> None:
    assert SYMBOLS == ("LANCE", "BOW", "SWORD", "HELMET", "BANNER")
    assert RANK == {"LANCE": 1, "BOW": 2, "SWORD": 3, "HELMET": 4, "BANNER": 5}


# -- KC-R9: shuffle and deal --------------------------------------------------------------------
@pytest.mark.parametrize(("players", "rest"), [(2, 46), (3, 97), (4, 92)])
def test_kc_r9_five_cards_each_and_the_rest_is_the_deck(players: int, rest: int) -> None:
    state = GAME.new_game(players, 21, {"first_player": 0})
    # the first player has already drawn its first card (KC-R14)
    sizes = state.view(None)["hand_sizes"]
    assert sizes == [6] + [5] * (players - 1)
    assert len(deck_ids(state)) == rest - 1
    assert [e["type"] for e in state.log(None)] == ["start", "draw"]


def test_kc_r9_the_shuffle_depends_on_the_seed_and_is_uniform() -> None:
    decks = {tuple(deck_ids(GAME.new_game(2, seed))) for seed in range(50)}
    assert len(decks) == 50
    # P1 is not the first player, so its hand is exactly its five dealt cards
    freq: Counter[str] = Counter()
    games = 1500
    for seed in range(games):
        freq.update(hand_ids(GAME.new_game(2, seed, {"first_player": 0}), 1))
    expected = games * 5 / 56  # about 134
    assert set(freq) == set(SLOTS)
    assert all(0.6 * expected < n < 1.4 * expected for n in freq.values()), freq


# -- KC-R10: first player and order ---------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r10_first_player_is_random_unless_fixed(players: int) -> None:
    firsts = Counter(GAME.new_game(players, seed).first_player for seed in range(400))
    assert set(firsts) == set(range(players))
    assert min(firsts.values()) > 400 / players * 0.7
    for seat in range(players):
        state = GAME.new_game(players, 9, {"first_player": seat})
        assert state.actors() == (seat,)
        assert events_of(state, "start") == [{"type": "start", "first_player": seat}]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r10_seats_take_turns_clockwise(players: int) -> None:
    order: list[int] = []

    def record(state: object, seat: int, action: object) -> None:
        order.append(seat)

    # claims=off and no passes before the end of a territory: plain rotation
    state = GAME.new_game(players, 4, {"claims": "off", "first_player": players - 1})
    first = state.first_player
    random_game(players, 4, {"claims": "off", "first_player": players - 1}, on_step=record)
    assert first == players - 1
    assert order[0] == first
    for i in range(20):
        assert order[i] == (first + i) % players


# -- KC-R11 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r11_nothing_decided_no_marker_and_counter_zero_at_start(players: int) -> None:
    state = GAME.new_game(players, 8)
    view = state.view(None)
    assert view["play_counter"] == 0 == state.play_counter
    assert all(t["decided"] is None for t in view["territories"])
    assert view["markers"] == [[] for _ in range(players)]
    assert view["standing"] == [[0, 0] for _ in range(players)]
    assert all(a["cards"] == [] for t in view["territories"] for a in t["armies"])
    assert not state.is_over() and state.winners() == []
