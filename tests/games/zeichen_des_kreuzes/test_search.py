"""The search hooks of Im Zeichen des Kreuzes (``search.py``, ``search_eval.py``): the
evaluation, the prior, which moves are public (ZK-H1, ZK-H2), the siege's secret
commitments as one simultaneous round (ZK-J4, ZK-H4, ZK-H6), and a search game."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from spieltisch import bots
from spieltisch.bots.search import Search
from spieltisch.engine.search_hooks import win_shares
from spieltisch.games.zeichen_des_kreuzes.actions import ZkAction
from spieltisch.games.zeichen_des_kreuzes.search import ZkSearchHooks
from spieltisch.games.zeichen_des_kreuzes.search_eval import FEATURES, WEIGHTS, features
from spieltisch.games.zeichen_des_kreuzes.state import ZkState

from ...bot_checks import play_only_legal
from .helpers import GAME, A, do, on_jerusalem

HOOKS = GAME.search_hooks()


def _positions(players: int, seed: int, every: int = 3, noise: float = 0.2) -> Iterator[ZkState]:
    """Copies of the states of a seeded game of the heuristic (with some random moves),
    every ``every``-th step, and the end."""
    state = GAME.new_game(players, seed, {})
    assert isinstance(state, ZkState)
    bot = bots.make("heuristic", GAME)
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield state.clone()
        seat = state.actors()[0]
        if rng.random() < noise:
            action = rng.choice(state.legal_actions(seat))
        else:
            action = bots.act(bot, state, seat, rng)
        state.apply(seat, action)
        step += 1
    yield state


def _siege_attack(players: int = 2, seat: int = 0, army: int = 9) -> ZkState:
    """``seat`` has declared a siege and is about to commit (ZK-J4 step 3)."""
    state = on_jerusalem(players, seat=seat, army=army)
    do(state, seat, A.SIEGE)
    if state.decision_kind == "empty":
        do(state, seat, A.KEEP_TOWER)
    assert state.decision_kind == "attack"
    return state


def test_the_game_makes_its_own_hooks() -> None:
    assert isinstance(HOOKS, ZkSearchHooks)
    assert all(len(w) == len(FEATURES) for w in WEIGHTS.values())
    assert set(WEIGHTS) == {2, 3, 4, 5}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_evaluate_gives_win_chances_and_the_win_shares_at_the_end(players: int) -> None:
    for seed in range(2):
        state = None
        for state in _positions(players, 40 + seed, every=4):
            values = HOOKS.evaluate(state)
            assert len(values) == players
            assert all(0.0 <= v <= 1.0 for v in values)
            assert sum(values) == pytest.approx(1.0)
        assert state is not None and state.is_over()
        assert HOOKS.evaluate(state) == win_shares(state)


def test_evaluate_favours_the_seat_ready_to_besiege() -> None:
    # seat 0 stands eligible on Jerusalem (ZK-J1) with a big army; seat 1 is at home
    state = on_jerusalem(2, seat=0, army=20)
    values = HOOKS.evaluate(state)
    assert values[0] > 0.8
    weak = on_jerusalem(2, seat=0, army=5, garrison=30)
    assert HOOKS.evaluate(weak)[0] < values[0]


def test_evaluate_counts_the_motivation_a_siege_needs() -> None:
    # ZK-J1 ii: below motivation 6 no siege; the way grows by the prayers it takes
    ready = on_jerusalem(2, seat=0)
    tired = on_jerusalem(2, seat=0)
    tired.motivation[0] = 1
    assert features(tired, 0)[0] > features(ready, 0)[0]
    assert HOOKS.evaluate(tired)[0] < HOOKS.evaluate(ready)[0]


@pytest.mark.parametrize("players", [2, 3])
def test_the_prior_is_a_distribution_over_the_legal_actions(players: int) -> None:
    rng = random.Random(5)
    kinds = set()
    for state in _positions(players, 11, every=2):
        if state.is_over():
            continue
        seat = state.actors()[0]
        world = state.resample(seat, rng)
        legal = world.legal_actions(seat)
        prior = HOOKS.prior(world, seat, legal, rng)
        assert len(prior) == len(legal)
        assert all(p > 0.0 for p in prior)
        assert sum(prior) == pytest.approx(1.0)
        kinds.add(state.decision_kind)
    assert {"cards", "discard"} <= kinds


def _seen_by(state: ZkState, seat: int) -> str:
    return json.dumps([state.view(seat), state.log(seat)], sort_keys=True)


@pytest.mark.parametrize("players", [2, 3])
def test_a_public_action_is_told_apart_by_every_other_seat(players: int) -> None:
    """``public`` is True only for actions that every other seat's view and log reveal
    whole: no other legal action leaves that seat seeing the same (ZK-H1)."""
    checked = 0
    for seed in (3, 4):
        for state in _positions(players, 60 + seed, every=5):
            if state.is_over():
                continue
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            if len(legal) < 2:
                continue
            for other in range(players):
                if other == seat:
                    continue
                seen = []
                for action in legal:
                    after = state.clone()
                    after.apply(seat, action)
                    seen.append(_seen_by(after, other))
                for action, view in zip(legal, seen, strict=True):
                    if HOOKS.public(action):
                        assert seen.count(view) == 1, f"{action} is not seen whole"
                        checked += 1
    assert checked > 100


def test_a_siege_attacker_s_commitment_is_not_public() -> None:
    # ZK-J4 step 3, ZK-H2: the defender sees that the attacker committed, not how many
    state = _siege_attack(players=3, seat=2, army=9)
    legal = state.legal_actions(2)
    seen = set()
    for action in legal:
        assert isinstance(action, ZkAction) and action.kind == "commit"
        assert not HOOKS.public(action)
        after = state.clone()
        after.apply(2, action)
        seen.add(_seen_by(after, after.defender()))
    assert len(seen) == 1 < len(legal)
    # once revealed, the defender's answer is public (ZK-J4 step 5)
    assert HOOKS.public(A.defend(3))


@pytest.mark.parametrize(
    ("players", "seat", "defender"), [(2, 0, 1), (2, 1, 0), (3, 0, 2), (4, 2, 1)]
)
def test_the_secret_commitments_are_one_simultaneous_round(
    players: int, seat: int, defender: int
) -> None:
    """ZK-J4 steps 3 to 5, ZK-H4: the attacker commits, then the defender (the right-hand
    neighbour, ZK-J3) chooses without knowing the number: one round of both."""
    state = _siege_attack(players, seat)
    assert HOOKS.simultaneous(state) == (seat, defender)
    do(state, seat, A.commit(5))
    assert state.decision_kind == "defend"
    assert HOOKS.simultaneous(state) is None  # the round was entered at the attack
    assert HOOKS.simultaneous(on_jerusalem(players, seat=seat)) is None


def test_in_the_tree_the_defender_never_knows_the_attackers_number() -> None:
    state = _siege_attack(players=2, seat=0, army=9)
    search = Search(HOOKS, state.resample(0, random.Random(1)), 0, random.Random(2))
    search.run(iterations=200)
    root = search.root
    seats = {seat for seat, _ in root.edges}
    assert seats == {0, 1}  # both seats choose at the root, each from its own statistics
    assert all(len(key) == 2 for key in root.children)  # children: (commit, garrison)
    for (seat, action), _edge in root.edges.items():
        assert isinstance(action, ZkAction)
        assert action.kind == ("commit" if seat == 0 else "defend")


def test_the_defender_s_world_re_deals_the_attacker_s_number() -> None:
    # ZK-H6 step 3: the stored commitment is drawn anew from its legal range (ZK-J5)
    state = _siege_attack(players=2, seat=0, army=12)
    do(state, 0, A.commit(12))
    amounts = set()
    for seed in range(40):
        world = state.resample(1, random.Random(seed))
        assert world.secret is not None
        attack = world.secret.own_choice(0)
        assert isinstance(attack, ZkAction)
        amounts.add(attack.amount)
        own = state.resample(0, random.Random(seed)).secret
        assert own is not None and own.own_choice(0) == ZkAction("commit", amount=12)
    assert amounts <= set(range(5, 13)) and len(amounts) > 3


def test_the_hooks_see_the_same_in_worlds_the_seat_cannot_tell_apart() -> None:
    """The prior of the seat to move reads only what it may see (its own hand and ZK-H1):
    two worlds re-dealt from its view give the same prior; the evaluation differs at most
    through the re-dealt hands (``search_eval``: this turn, hand)."""
    for state in _positions(2, 21, every=7):
        if state.is_over():
            continue
        seat = state.actors()[0]
        a, b = (state.resample(seat, random.Random(k)) for k in (1, 2))
        legal = a.legal_actions(seat)
        assert legal == b.legal_actions(seat)
        assert HOOKS.prior(a, seat, legal, random.Random(0)) == HOOKS.prior(
            b, seat, legal, random.Random(0)
        )
        public = [i for i, name in enumerate(FEATURES) if name not in ("this turn", "hand")]
        for s in range(2):
            fa, fb = features(a, s), features(b, s)
            assert [fa[i] for i in public] == [fb[i] for i in public]


@pytest.mark.parametrize("players", [2, 3])
def test_a_search_game_against_the_heuristic_plays_to_the_end(players: int) -> None:
    state = GAME.new_game(players, 5 + players, {})
    seated = [
        bots.make("hard@40it", GAME) if seat == 0 else bots.make("normal", GAME)
        for seat in range(players)
    ]
    play_only_legal(state, seated, random.Random(players))
    assert state.is_over()
