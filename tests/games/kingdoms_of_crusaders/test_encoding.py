"""The numeric encoding of The Kingdoms of Crusaders (``encoding.py``): the shared contract
checks for every player count and the options that shape the tensors, plus known answers."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest

from spieltisch import bots
from spieltisch.engine.errors import IllegalAction, OptionError
from spieltisch.games.kingdoms_of_crusaders.army import KEY_TUPLE, key_of_counts
from spieltisch.games.kingdoms_of_crusaders.deck import default_deck_slots
from spieltisch.games.kingdoms_of_crusaders.encoding import KingdomsEncoding

from ...encoding_checks import check_encoding
from .helpers import GAME, Claim, EndClaims, KingdomsState, Play, build
from .positions import A, B, x4_state, x6_state

# a custom deck of 60 cards: the default 56 and four more (KC-R5: at least 50 for 2 players)
CUSTOM_DECK = [*default_deck_slots(), "1....", "..3..", "12345", ".2..."]


def enc(players: int = 2, **options: Any) -> KingdomsEncoding:
    e = GAME.encoding(players, options)
    assert isinstance(e, KingdomsEncoding)
    return e


def part(e: KingdomsEncoding, obs: list[float], name: str) -> list[float]:
    s = next(p for p in e.observation_layout() if p.name == name)
    return obs[s.start : s.start + s.size]


# -- the shared contract --------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("claims", ["auto", "manual", "off"])
def test_contract(players: int, claims: str) -> None:
    """Every player count (KC-R2: one or two deck copies) and every claims mode (KC-R28 to
    KC-R30: manual adds the claim actions)."""
    for seed in (1, 2, 3):
        check_encoding(GAME, players, seed, {"claims": claims})


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"deck": CUSTOM_DECK}),
        (2, {"deck": CUSTOM_DECK, "claims": "manual"}),
        (3, {"stop_when_decided": True, "claims": "manual"}),
        (4, {"first_player": 2}),
    ],
)
def test_contract_other_options(players: int, options: dict[str, Any]) -> None:
    """A custom deck (KC-R5) changes the card ids and so the spaces; stop_when_decided
    (KC-R34) and first_player (KC-R10) change neither but are played once."""
    for seed in (4, 5):
        check_encoding(GAME, players, seed, options)


@pytest.mark.parametrize("players", [2, 3])
def test_interleaved_games_and_restored_states(players: int) -> None:
    """The rows of armies are cached per seat by content: games observed in turn through one
    encoding, and states restored from JSON (equal armies, new tuples), still give the
    recomputed observation."""
    e = enc(players)
    games = [GAME.new_game(players, seed, {}) for seed in (7, 8, 9)]
    rng = random.Random(players)
    while not all(g.is_over() for g in games):
        for i, state in enumerate(games):
            assert isinstance(state, KingdomsState)
            restored = GAME.state_from_json(state.to_json())
            assert isinstance(restored, KingdomsState)
            for s in (state, restored):
                for viewer in (0, players - 1, None):
                    assert _close(e.observation(s, viewer), _reference(e, s, viewer))
            if not state.is_over():
                seat = state.actors()[0]
                games[i] = state.clone() if rng.random() < 0.3 else state
                games[i].apply(seat, rng.choice(state.legal_actions(seat)))


# -- sizes and layout -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "claims", "actions", "size", "longest"),
    [
        (2, "auto", 280, 220, 40),
        (2, "off", 280, 220, 40),
        (2, "manual", 286, 220, 107),
        (3, "auto", 560, 330, 60),
        (3, "manual", 566, 330, 188),
        (4, "auto", 560, 384, 80),
        (4, "off", 560, 384, 80),
        (4, "manual", 566, 384, 289),
    ],
)
def test_sizes(players: int, claims: str, actions: int, size: int, longest: int) -> None:
    """5 territories x the card pool (KC-R2: 56 or 112 cards), + 6 claim actions under manual
    (KC-R29); the bound of ``max_game_length``."""
    e = enc(players, claims=claims)
    assert (e.num_actions, e.observation_size, e.max_game_length) == (actions, size, longest)


def test_custom_deck_sizes() -> None:
    e = enc(2, deck=CUSTOM_DECK)
    assert e.num_actions == 5 * 60
    assert part(e, [0.0] * e.observation_size, "hand") == [0.0] * 60


def test_layout_two_players() -> None:
    layout = [(s.name, s.start, s.size) for s in enc(2).observation_layout()]
    assert layout == [
        ("viewer", 0, 2),
        ("phase", 2, 3),
        ("active", 5, 2),
        ("first_player", 7, 2),
        ("play_counter", 9, 1),
        ("deck_size", 10, 1),
        ("hand_sizes", 11, 2),
        ("markers", 13, 10),
        ("territories", 23, 25),
        ("armies", 48, 80),
        ("unseen", 128, 31),
        ("unseen_symbols", 159, 5),
        ("hand", 164, 56),
    ]
    assert all(s.doc for s in enc(4, claims="manual").observation_layout())


def test_encoding_is_cached_and_validated() -> None:
    assert GAME.encoding(3, {}) is GAME.encoding(3, {"stop_when_decided": True})
    assert GAME.encoding(3, {}) is not GAME.encoding(3, {"claims": "manual"})
    with pytest.raises(OptionError):
        GAME.encoding(5)
    with pytest.raises(OptionError):
        GAME.encoding(2, {"claims": "sometimes"})


# -- actions --------------------------------------------------------------------------------------
def test_action_indices_known() -> None:
    """Play (KC-R15) = 5 * card position + territory - 1; claims after the plays (KC-R29)."""
    two, three = enc(2, claims="manual"), enc(3, claims="manual")
    assert two.action_index(Play("K01", 1)) == 0
    assert two.action_index(Play("K07", 3)) == 32
    assert two.action_index(Play("K56", 5)) == 279
    assert two.action_index(Claim(1)) == 280
    assert two.action_index(Claim(5)) == 284
    assert two.action_index(EndClaims()) == 285
    assert three.action_index(Play("K56-A", 5)) == 279
    assert three.action_index(Play("K01-B", 1)) == 280  # KC-R2: the B copy after the A copy
    assert three.action_index(Play("K20-B", 2)) == 5 * 75 + 1
    assert three.action_index(Claim(3)) == 562
    assert three.describe_action(0) == "play K01-A (12345) -> 1"
    assert two.describe_action(32) == "play K07 (.2345) -> 3"
    assert two.describe_action(282) == "claim 3"
    assert two.describe_action(285) == "end claims"
    assert "none" in two.describe_action(286)


def test_actions_of_other_configurations_have_no_index() -> None:
    """Under auto and off nobody claims (KC-R28, KC-R30); ids follow the player count."""
    auto = enc(2)
    for action in (Claim(1), EndClaims(), Play("K01-A", 1), Play("K99", 1), Play("K01", 6)):
        with pytest.raises(IllegalAction):
            auto.action_index(action)
    with pytest.raises(IllegalAction):
        enc(3).action_index(Play("K01", 1))


def test_decoding_refuses_illegal_indices_without_change() -> None:
    """KC-R12, KC-R15, KC-R17: only the active seat, only cards in its hand, only available
    territories; IllegalAction and no change otherwise."""
    e = enc(2, claims="manual")
    state = GAME.new_game(2, 11, {"claims": "manual", "first_player": 0})
    assert isinstance(state, KingdomsState)
    hand = state.hands[0]
    legal = e.legal_indices(state, 0)
    assert legal == [5 * c + t for c in hand for t in range(5)]
    assert e.action_from_index(state, 0, 5 * hand[0] + 2) == Play(state.pool.ids[hand[0]], 3)
    not_held = next(c for c in range(56) if c not in hand)
    before = state.to_json()
    for seat, index in [
        (0, 5 * not_held),  # KC-R15: not in the hand
        (1, legal[0]),  # KC-R17: not this seat's turn
        (0, 280),  # KC-R29: a claim in the play phase
        (0, 285),  # end_claims in the play phase
        (0, 286),  # out of range
        (0, -1),
    ]:
        with pytest.raises(IllegalAction):
            e.action_from_index(state, seat, index)
    assert state.to_json() == before
    assert e.legal_indices(state, 1) == []


def test_decoding_claims() -> None:
    """KC-X4 under manual: after play 19 A has a claim phase with claim(1) valid (KC-R27,
    KC-R29); claims on unproven territories are refused."""
    e = enc(2, claims="manual")
    state = x4_state("manual")
    state.apply(A, Play("K56", 1))
    assert state.actors() == (A,)
    assert e.legal_indices(state, A) == [280, 285]
    assert e.action_from_index(state, A, 280) == Claim(1)
    assert e.action_from_index(state, A, 285) == EndClaims()
    before = state.to_json()
    for index in (281, 282, 0):
        with pytest.raises(IllegalAction):
            e.action_from_index(state, A, index)
    assert state.to_json() == before


def test_territory_not_available_is_refused() -> None:
    """KC-R7/KC-R12: A has 3 cards in territory 1 of KC-X4 and plays a 4th; a full army
    takes no more cards."""
    e = enc(2)
    state = x4_state("off")
    k56 = state.pool.index["K56"]
    assert 5 * k56 in e.legal_indices(state, A)
    state.apply(A, Play("K56", 1))
    state.apply(B, state.legal_actions(B)[0])
    with pytest.raises(IllegalAction):
        e.action_from_index(state, A, 5 * state.hands[A][0])  # territory 1 is full


# -- observation ----------------------------------------------------------------------------------
def test_observation_of_a_fresh_game() -> None:
    """KC-R9 to KC-R14: seat 0 starts (first_player=0) and has drawn its 6th card; nothing is
    on the table, so the whole pool is unseen (KC-R26)."""
    e = enc(2)
    state = GAME.new_game(2, 7, {"first_player": 0})
    assert isinstance(state, KingdomsState)
    obs = e.observation(state, 0)
    assert part(e, obs, "viewer") == [1.0, 0.0]
    assert part(e, obs, "phase") == [1.0, 0.0, 0.0]
    assert part(e, obs, "active") == [1.0, 0.0]
    assert part(e, obs, "first_player") == [1.0, 0.0]
    assert part(e, obs, "play_counter") == [0.0]
    assert part(e, obs, "deck_size") == [45 / 56]
    assert part(e, obs, "hand_sizes") == [1.0, 5 / 6]
    assert set(part(e, obs, "markers") + part(e, obs, "territories") + part(e, obs, "armies")) == {
        0.0
    }
    assert part(e, obs, "unseen") == [1.0] * 31
    assert part(e, obs, "unseen_symbols") == [1.0] * 5
    hand = part(e, obs, "hand")
    assert [c for c, x in enumerate(hand) if x] == state.hands[0]
    # seat 1 sees the same facts from its own seat: itself first
    other = e.observation(state, 1)
    assert part(e, other, "viewer") == [0.0, 1.0]
    assert part(e, other, "active") == [0.0, 1.0]
    assert part(e, other, "hand_sizes") == [5 / 6, 1.0]
    assert [c for c, x in enumerate(part(e, other, "hand")) if x] == state.hands[1]
    # the spectator sees no hand (§6.1)
    spectator = e.observation(state, None)
    assert part(e, spectator, "viewer") == [0.0, 0.0]
    assert set(part(e, spectator, "hand")) == {0.0}
    assert part(e, spectator, "armies") == part(e, obs, "armies")


def test_observation_after_a_play() -> None:
    """KC-R16, KC-R18: the played card shows up in seat 0's army of territory 3 and leaves
    the unseen pool."""
    e = enc(2)
    state = GAME.new_game(2, 7, {"first_player": 0})
    assert isinstance(state, KingdomsState)
    card = state.hands[0][0]
    mask = state.pool.masks[card]
    state.apply(0, Play(state.pool.ids[card], 3))
    obs = e.observation(state, 1)
    armies = part(e, obs, "armies")
    # viewer 1: row 0 is seat 1 (empty), row 1 is seat 0; territory 3 is block 2
    block = armies[(5 + 2) * 8 : (5 + 3) * 8]
    assert block[:5] == [0.25 if mask >> s & 1 else 0.0 for s in range(5)]
    assert block[5] == 0.0  # one card: no formation (KC-R19)
    assert block[6:] == [0.25, 0.0]  # 1 card of 4, not complete
    assert sum(armies) == sum(block)
    unseen = part(e, obs, "unseen")
    assert unseen[mask - 1] == pytest.approx(
        (state.pool.mask_histogram[mask] - 1) / state.pool.mask_histogram[mask]
    )
    assert part(e, obs, "play_counter") == [1 / 40]
    assert part(e, obs, "active") == [1.0, 0.0]  # seat 1 is to move: itself


def test_observation_of_decided_territories() -> None:
    """KC-X6 before play 34, seen by B: territory 1 won by A with marker 1 by claim, territory
    5 by B with marker 2 by completion (KC-R24, KC-R32); seats relative to B."""
    e = enc(2)
    state = x6_state()
    obs = e.observation(state, B)
    # row 0 is B (marker 2), row 1 is A (marker 1)
    assert part(e, obs, "markers") == [0, 1, 0, 0, 0, 1, 0, 0, 0, 0]
    territories = part(e, obs, "territories")
    rows = [territories[5 * t : 5 * t + 5] for t in range(5)]
    assert rows[0] == [1.0, 0.0, 1.0, 0.2, 1.0]  # decided, winner = row 1 (A), marker 1, claim
    assert rows[4] == [1.0, 1.0, 0.0, 0.4, 0.0]  # decided, winner = row 0 (B), completion
    assert rows[1] == rows[2] == rows[3] == [0.0] * 5
    armies = part(e, obs, "armies")

    def block(row: int, t: int) -> list[float]:
        return armies[(5 * row + t - 1) * 8 : (5 * row + t) * 8]

    a4, a2, a3 = block(1, 4), block(1, 2), block(1, 3)
    assert a4[:5] == [0.25, 0.0, 0.0, 1.0, 0.0]  # K53 K54 K55 K22: Helmet 4, Lance 1
    assert a4[6:] == [1.0, 31 / 40]  # complete at play 31 (KC-R16)
    assert a2[5] > a4[5] > a3[5] == 0.0  # R(5) B(4) > R(4) > one card (KC-R21)
    assert block(0, 4)[6:] == [0.75, 0.0]  # B: three cards, incomplete
    assert e.observation(state, A) != obs


def test_claim_phase_observation() -> None:
    """KC-R29: the claim phase shows in the phase one-hot."""
    e = enc(2, claims="manual")
    state = x4_state("manual")
    state.apply(A, Play("K56", 1))
    assert part(e, e.observation(state, A), "phase") == [0.0, 1.0, 0.0]
    state.apply(A, Claim(1))
    obs = e.observation(state, A)
    assert part(e, obs, "territories")[:5] == [1.0, 1.0, 0.0, 0.2, 1.0]
    assert part(e, obs, "phase") == [1.0, 0.0, 0.0]  # B's turn now
    assert part(e, obs, "active") == [0.0, 1.0]


def test_observation_ignores_other_hands() -> None:
    """§6.1, KC-R37: swapping B's hand with deck cards changes nothing A (or a spectator) sees,
    but changes B's own observation."""
    e = enc(2)
    plain = build([(A, "K01", 1), (B, "K02", 1)], hands={B: ["K10", "K11", "K12", "K13", "K14"]})
    swapped = build([(A, "K01", 1), (B, "K02", 1)], hands={B: ["K20", "K21", "K22", "K23", "K24"]})
    assert plain.hands[A] == swapped.hands[A]
    assert e.observation(plain, A) == e.observation(swapped, A)
    assert e.observation(plain, None) == e.observation(swapped, None)
    assert e.observation(plain, B) != e.observation(swapped, B)


def test_observation_of_a_finished_game() -> None:
    """KC-R33: no seat is active, the phase is over."""
    e = enc(3)
    state = GAME.new_game(3, 9, {})
    rng = random.Random(9)
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    obs = e.observation(state, 2)
    assert part(e, obs, "phase") == [0.0, 0.0, 1.0]
    assert part(e, obs, "active") == [0.0, 0.0, 0.0]
    assert sum(part(e, obs, "markers")) == 5  # all five markers awarded (KC-R32)


def test_wrong_configuration_is_refused() -> None:
    with pytest.raises(ValueError, match="configuration"):
        enc(2).observation(GAME.new_game(3, 1), 0)


# -- max_game_length ------------------------------------------------------------------------------
def _play(players: int, options: dict[str, Any], seed: int, choose: Any) -> int:
    state = GAME.new_game(players, seed, options)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, choose(state, seat, rng))
        moves += 1
    return moves


def _never_claim(state: Any, seat: int, rng: random.Random) -> Any:
    """The longest manual games: every claim phase ends with end_claims (KC-R29)."""
    legal = state.legal_actions(seat)
    return EndClaims() if EndClaims() in legal else rng.choice(legal)


def _random(state: Any, seat: int, rng: random.Random) -> Any:
    return rng.choice(state.legal_actions(seat))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_max_game_length_holds(players: int) -> None:
    """Random, never-claiming and heuristic games stay within the bound; under claims=off
    every game has exactly 20 N plays (KC-R7, KC-R30: all territories fill up)."""
    bot = bots.make("heuristic", GAME)

    def heuristic(state: Any, seat: int, rng: random.Random) -> Any:
        return bots.act(bot, state, seat, rng)

    for claims in ("auto", "manual", "off"):
        bound = enc(players, claims=claims).max_game_length
        options = {"claims": claims}
        for seed in range(12):
            assert _play(players, options, seed, _random) <= bound
        for seed in range(2):
            assert _play(players, options, seed, heuristic) <= bound
        if claims == "manual":
            for seed in range(12):
                assert _play(players, options, seed, _never_claim) <= bound
        if claims == "off":
            assert _play(players, options, 0, _random) == bound == 20 * players


# -- the memoised observation against a straightforward recomputation -----------------------------
_KEYS = sorted(set(KEY_TUPLE))  # all army keys, weakest first (KC-R20/R21)


def _reference(e: KingdomsEncoding, st: KingdomsState, seat: int | None) -> list[float]:
    """The observation recomputed from the layout's docs alone: no memo, no stored counts."""
    n, masks, v = e.players, st.pool.masks, seat or 0
    most = 4 * 5 * n

    def onehot(k: int | None) -> list[float]:
        return [1.0 if k is not None and i == k else 0.0 for i in range(n)]

    def rel(p: int) -> int:
        return (p - v) % n

    order = [(v + k) % n for k in range(n)]
    obs = onehot(seat)
    obs += {"play": [1.0, 0.0, 0.0], "claim": [0.0, 1.0, 0.0], "over": [0.0, 0.0, 1.0]}[st.phase]
    obs += onehot(None if st.phase == "over" else rel(st.active))
    obs += onehot(rel(st.first_player))
    obs += [st.play_counter / most, len(st.deck) / len(masks)]
    obs += [len(st.hands[p]) / 6 for p in order]
    markers, territories = [0.0] * (5 * n), []
    for d in st.decided:
        if d is None:
            territories += [0.0] * (3 + n)
        else:
            markers[5 * rel(d[0]) + d[1] - 1] = 1.0
            territories += [1.0, *onehot(rel(d[0])), d[1] / 5, float(d[2] == "claim")]
    obs += markers + territories
    for p in order:
        for t in range(5):
            army = st.armies[p][t]
            counts = [sum(masks[c] >> s & 1 for c in army) for s in range(5)]
            rank = _KEYS.index(key_of_counts(counts)) / (len(_KEYS) - 1)
            done = st.comp[p][t] / most
            obs += [*(c / 4 for c in counts), rank, len(army) / 4, done] if army else [0.0] * 8
    pool, unseen = (
        Counter(masks),
        Counter(masks[c] for c in [*st.deck, *(c for h in st.hands for c in h)]),
    )  # KC-R26: hands and deck
    obs += [unseen[m] / pool[m] if pool[m] else 0.0 for m in range(1, 32)]
    for s in range(5):
        showing = [m for m in pool if m >> s & 1]
        obs.append(sum(unseen[m] for m in showing) / sum(pool[m] for m in showing))
    hand = [] if seat is None else st.hands[seat]
    obs += [1.0 if c in hand else 0.0 for c in range(len(masks))]
    return obs


def _close(obs: list[float], expected: list[float]) -> bool:
    """Equal up to rounding (the encoding multiplies by precomputed reciprocals)."""
    return len(obs) == len(expected) and all(
        math.isclose(a, b, rel_tol=1e-12) for a, b in zip(obs, expected, strict=True)
    )


@pytest.mark.parametrize(
    ("players", "claims"), [(2, "auto"), (2, "manual"), (3, "auto"), (4, "off"), (4, "manual")]
)
def test_observation_matches_a_recomputation(players: int, claims: str) -> None:
    """On many seeded random states, every seat's and the spectator's observation equals the
    recomputation, through one shared encoding whose memos fill up as the games go (a stale
    memo entry would show), and also for resampled states (§6.1)."""
    options = {"claims": claims}
    e = enc(players, **options)
    for seed in range(6):
        state = GAME.new_game(players, 100 + seed, options)
        assert isinstance(state, KingdomsState)
        rng = random.Random(seed)
        moves = 0
        while True:
            for viewer in [*range(players), None]:
                expected = _reference(e, state, viewer)
                assert _close(e.observation(state, viewer), expected)
                if moves % 5 == 0:
                    again = state.resample(viewer, random.Random(moves))
                    assert isinstance(again, KingdomsState)
                    assert _close(e.observation(again, viewer), expected)
            if state.is_over():
                break
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            moves += 1
