"""The claim proof (KC-R27, §5.2, §5.3) against brute force.

* ``KingdomsState.claim_valid`` (``proof.find_refutation`` with the witness cache) is checked
  against the §5.2 reference definition, which enumerates every (4-k)-subset of the unseen
  card *ids*, on seeded random small positions with 2, 3 and 4 players.
* The §5.3 skipping rule is checked against plain enumeration of multisets over the
  histogram of unseen symbol sets, and the engine's search against both."""

from __future__ import annotations

import itertools
import random
from math import comb
from typing import Any

import pytest

from spieltisch.games.kingdoms_of_crusaders import army, proof

from .helpers import (
    GAME,
    KingdomsState,
    brute_cost,
    build,
    pool_ids,
    ref_claim_valid,
    ref_key,
    slots_of,
    steps,
)

POSITIONS_PER_PLAYER_COUNT = {2: 800, 3: 600, 4: 700}  # 2,100 positions in all
MAX_COST = 6000  # subsets the brute force may enumerate in one position


def _symbols(card_id: str) -> frozenset[int]:
    return frozenset(i for i, ch in enumerate(slots_of(card_id)) if ch != ".")


def _pick(rng: random.Random, free: list[str], theme: frozenset[int]) -> str:
    """A free card, usually one showing every symbol of ``theme`` (to make strong armies)."""
    if rng.random() < 0.7:
        fitting = [c for c in free if theme <= _symbols(c)]
        if fitting:
            card = rng.choice(fitting)
            free.remove(card)
            return card
    return free.pop(rng.randrange(len(free)))


def random_position(rng: random.Random, players: int) -> tuple[KingdomsState, int]:
    """A random position whose territory ``t`` (returned, 0-based) has a complete claimant and
    opponents with 0-4 cards; most other cards are on the table so that U is small."""
    while True:
        free = pool_ids(players)
        rng.shuffle(free)
        t = rng.randrange(5)
        claimant = rng.randrange(players)
        armies: dict[tuple[int, int], list[str]] = {}
        for p in range(players):
            size = 4 if p == claimant else rng.choice((0, 1, 2, 2, 3, 3, 3, 4, 4))
            theme = frozenset(rng.sample(range(5), rng.choice((1, 2, 2, 3))))
            armies[(p, t)] = [_pick(rng, free, theme) for _ in range(size)]
        for p in range(players):
            for other in range(5):
                if other != t:
                    size = rng.choice((4, 4, 4, 4, 3)) if players != 3 else 4
                    armies[(p, other)] = [free.pop() for _ in range(size)]
        if len(free) < 5 * players:
            continue
        table = [(p, c, tt + 1) for (p, tt), cards in armies.items() for c in cards]
        numbers = list(range(1, len(table) + 1))
        rng.shuffle(numbers)
        decided: dict[int, tuple[int, int, str, int]] = {}
        closed = [tt for tt in range(5) if tt != t and rng.random() < 0.3]
        for marker, tt in enumerate(closed, start=1):
            decided[tt + 1] = (rng.randrange(players), marker, "claim", len(table))
        state = build(
            table,
            players=players,
            numbers=numbers,
            claims="off",
            active=rng.randrange(players),
            hand_sizes=[5] * players,
            decided=decided,
        )
        complete = [p for p in range(players) if len(armies[(p, t)]) == 4]
        if sum(brute_cost(state, t, p) for p in complete) <= MAX_COST:
            return state, t


@pytest.mark.parametrize("players", [2, 3, 4])
def test_claim_valid_matches_the_reference_definition(players: int) -> None:
    rng = random.Random(20240 + players)
    outcomes = {True: 0, False: 0}
    needs: set[int] = set()
    for _ in range(POSITIONS_PER_PLAYER_COUNT[players]):
        state, t = random_position(rng, players)
        for p in range(players):
            expected = ref_claim_valid(state, t, p)
            assert state.claim_valid(t, p) == expected, (state.to_json()["data"], t, p)
            assert state.claim_valid(t, p) == expected  # again, from the witness cache
            if len(state.armies[p][t]) == 4:
                outcomes[expected] += 1
                for o in range(players):
                    if o != p and len(state.armies[o][t]) < 4:
                        needs.add(4 - len(state.armies[o][t]))
        # territories other than t: decided ones are never claimable
        for tt in range(5):
            if state.decided[tt] is not None:
                assert not any(state.claim_valid(tt, p) for p in range(players))
    # the positions exercise both answers and every completion size the budget allows
    total = outcomes[True] + outcomes[False]
    assert outcomes[True] > total // 10 and outcomes[False] > total // 10, outcomes
    assert needs >= {2: {1, 2, 3, 4}, 3: {1, 2}, 4: {1, 2}}[players], needs


def test_refutation_witness_is_a_real_refutation() -> None:
    rng = random.Random(7)
    checked = 0
    for _ in range(300):
        players = rng.choice((2, 3, 4))
        state, t = random_position(rng, players)
        claimant = next(p for p in range(players) if len(state.armies[p][t]) == 4)
        found = state.refutation(t, claimant)
        if found is None:
            continue
        opponent, slots = found
        cards = [c for c, _ in state.to_json()["data"]["armies"][opponent][t]]
        counts = [0] * 5
        for s in [*(slots_of(c) for c in cards), *slots]:
            for i, ch in enumerate(s):
                counts[i] += ch != "."
        mine = [0] * 5
        for c, _ in state.to_json()["data"]["armies"][claimant][t]:
            for i, ch in enumerate(slots_of(c)):
                mine[i] += ch != "."
        assert len(cards) + len(slots) == 4
        assert ref_key(tuple(counts)) > ref_key(tuple(mine))
        checked += 1
    assert checked > 50


# -- the cache along real games -------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_cached_claim_validity_along_games(players: int) -> None:
    """The same state object (with its witness cache) is asked after every action; each answer
    must equal an uncached answer (a state rebuilt from JSON) and, when affordable, the brute
    force reference."""
    brute = 0
    for seed in range(6):
        for i, (state, _, _) in enumerate(steps(players, 900 + seed, {"claims": "off"})):
            fresh = GAME.state_from_json(state.to_json()) if i % 2 == 0 else None
            for t in range(5):
                for p in range(players):
                    if len(state.armies[p][t]) != 4 or state.decided[t] is not None:
                        continue
                    answer = state.claim_valid(t, p)
                    if fresh is not None:
                        assert fresh.claim_valid(t, p) == answer  # type: ignore[attr-defined]
                    if brute_cost(state, t, p) <= 1500:
                        assert ref_claim_valid(state, t, p) == answer
                        brute += 1
    assert brute > 30


# -- §5.3: the skipping rule versus plain enumeration over the histogram ---------------------------
def _mask_counts(mask: int) -> tuple[int, ...]:
    return tuple(mask >> s & 1 for s in range(5))


def _add(counts: tuple[int, ...], mask: int, times: int = 1) -> tuple[int, ...]:
    return tuple(c + times * (mask >> s & 1) for s, c in enumerate(counts))


def plain_refutes(
    army_counts: tuple[int, ...], need: int, K: tuple[Any, ...], hist: dict[int, int]
) -> bool:
    """Every multiset of ``need`` cards from the histogram, respecting multiplicities."""
    types = sorted(hist)

    def rec(i: int, need: int, counts: tuple[int, ...]) -> bool:
        if need == 0:
            return ref_key(counts) > K
        if i == len(types):
            return False
        m = types[i]
        return any(
            rec(i + 1, need - x, _add(counts, m, x)) for x in range(min(hist[m], need), -1, -1)
        )

    return rec(0, need, army_counts)


def saturated_refutes(
    army_counts: tuple[int, ...], need: int, K: tuple[Any, ...], hist: dict[int, int]
) -> bool:
    """§5.3 step 3, written from the pseudocode (no quick acceptance)."""
    types = sorted(hist, key=lambda m: (-bin(m).count("1"), m))
    supersets = [[j for j, s in enumerate(types) if s != m and s & m == m] for m in types]
    taken = [0] * len(types)

    def search(i: int, r: int, c: tuple[int, ...]) -> bool:
        if r == 0:
            return ref_key(c) > K
        if i == len(types):
            return False
        m = types[i]
        if all(taken[j] == hist[types[j]] for j in supersets[i]):
            for x in range(min(hist[m], r), 0, -1):
                taken[i] = x
                if search(i + 1, r - x, _add(c, m, x)):
                    taken[i] = 0
                    return True
            taken[i] = 0
        return search(i + 1, r, c)

    return search(0, need, army_counts)


def _random_case(
    rng: random.Random,
) -> tuple[tuple[int, ...], int, tuple[Any, ...], dict[int, int]]:
    masks = [sum(1 << i for i, ch in enumerate(slots_of(c)) if ch != ".") for c in pool_ids(3)]
    rng.shuffle(masks)
    need = rng.choice((1, 2, 3, 4))
    army_masks = [masks.pop() for _ in range(4 - need)]
    claim_masks = [masks.pop() for _ in range(4)]
    # bias the claim towards strong armies so that both answers occur
    if rng.random() < 0.5:
        s = rng.randrange(5)
        strong = [m for m in masks if m >> s & 1][:4]
        if len(strong) == 4:
            claim_masks = strong
            for m in strong:
                masks.remove(m)
    size = rng.randrange(6, 30 if need <= 2 else 18)
    hist: dict[int, int] = {}
    for m in masks[:size]:
        hist[m] = hist.get(m, 0) + 1
    counts = (0, 0, 0, 0, 0)
    for m in army_masks:
        counts = _add(counts, m)
    claim_counts = (0, 0, 0, 0, 0)
    for m in claim_masks:
        claim_counts = _add(claim_counts, m)
    return counts, need, ref_key(claim_counts), hist


def test_skipping_rule_gives_the_same_answers_as_plain_enumeration() -> None:
    rng = random.Random(53)
    answers = {True: 0, False: 0}
    for _ in range(2500):
        counts, need, K, hist = _random_case(rng)
        plain = plain_refutes(counts, need, K, hist)
        assert saturated_refutes(counts, need, K, hist) == plain, (counts, need, K, hist)
        # the engine's search, with its quick acceptance and packed keys
        unseen = [hist.get(m, 0) for m in range(32)]
        symbol_counts = [sum(n for m, n in hist.items() if m >> s & 1) for s in range(5)]
        index = army.index_of_counts(counts)
        claim_key = army.KEY[army.index_of_counts(_counts_of_key(K))]
        witness = proof.find_refutation(index, need, claim_key, unseen, symbol_counts)
        assert (witness is not None) == plain
        if witness is not None:
            assert len(witness) == need
            for m in set(witness):
                assert witness.count(m) <= hist.get(m, 0)  # multiplicities respected (KC-E11)
            final = counts
            for m in witness:
                final = _add(final, m)
            assert ref_key(final) > K
        answers[plain] += 1
    assert min(answers.values()) > 400, answers


def _counts_of_key(K: tuple[Any, ...]) -> tuple[int, ...]:
    """Some count vector with key ``K`` (ranks of each tier get that tier's size)."""
    counts = [0] * 5
    for size, ranks in ((4, K[1]), (3, K[3]), (2, K[5])):
        for r in ranks:
            counts[r - 1] = size
    assert ref_key(tuple(counts)) == K
    return tuple(counts)


def test_multiplicity_one_cannot_supply_two_cards() -> None:
    # KC-E11 on the histogram: Bow 2 + Sword 2 needs two Bow+Sword cards; only one is unseen
    army_counts = (0, 2, 2, 0, 0)
    K = ref_key((1, 0, 0, 4, 0))  # R(4)
    bow_sword = 0b00110
    hist = {bow_sword: 1, 0b00001: 10, 0b01000: 3}
    assert not plain_refutes(army_counts, 2, K, hist)
    assert not saturated_refutes(army_counts, 2, K, hist)
    unseen = [hist.get(m, 0) for m in range(32)]
    symbol_counts = [sum(n for m, n in hist.items() if m >> s & 1) for s in range(5)]
    idx = army.index_of_counts(army_counts)
    key = army.KEY[army.index_of_counts((1, 0, 0, 4, 0))]
    assert proof.find_refutation(idx, 2, key, unseen, symbol_counts) is None
    hist[bow_sword] = 2
    unseen[bow_sword] = 2
    symbol_counts = [sum(n for m, n in hist.items() if m >> s & 1) for s in range(5)]
    assert plain_refutes(army_counts, 2, K, hist)
    assert proof.find_refutation(idx, 2, key, unseen, symbol_counts) == (bow_sword, bow_sword)


def test_quick_acceptance_bound_is_an_upper_bound() -> None:
    # §5.3 step 2: no completion exceeds key(u) with u[s] = min(4, c[s] + min(r, n_U(s)))
    rng = random.Random(3)
    for _ in range(400):
        counts, need, _, hist = _random_case(rng)
        symbol_counts = [sum(n for m, n in hist.items() if m >> s & 1) for s in range(5)]
        u = tuple(min(4, c + min(need, n)) for c, n in zip(counts, symbol_counts, strict=True))
        cards = [m for m, n in hist.items() for _ in range(n)]
        for combo in itertools.islice(itertools.combinations(cards, need), 300):
            final = counts
            for m in combo:
                final = _add(final, m)
            assert ref_key(final) <= ref_key(u)
    assert comb(31 + 4 - 1, 4) == 46376  # the §5.3 worst case of plain enumeration
