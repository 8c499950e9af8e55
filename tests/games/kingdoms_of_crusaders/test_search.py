"""The search hooks of The Kingdoms of Crusaders (``search.py``, ``search_eval.py``): the
evaluation, the prior, which moves are public, no simultaneous steps, and a search game."""

from __future__ import annotations

import json
import random

import pytest

from spieltisch import bots
from spieltisch.bots.search import SearchBot
from spieltisch.engine.action import Action
from spieltisch.engine.search_hooks import win_shares
from spieltisch.games.kingdoms_of_crusaders.heuristic import HeuristicBot
from spieltisch.games.kingdoms_of_crusaders.search import KingdomsSearchHooks

from ...bot_checks import play_only_legal
from .helpers import GAME, KingdomsState, steps

HOOKS = GAME.search_hooks()
CLAIMS = ("auto", "manual", "off")


def _positions(players: int, seed: int, claims: str = "auto", every: int = 3):
    """States of a seeded random game (copies), every ``every``-th decision and the end."""
    state = None
    for i, (state, _, _) in enumerate(steps(players, seed, {"claims": claims})):
        if i % every == 0:
            yield state.clone()
    assert state is not None and state.is_over()
    yield state


def test_the_game_makes_its_own_hooks() -> None:
    assert isinstance(HOOKS, KingdomsSearchHooks)
    assert HOOKS.rollout_depth >= 0
    # hard and expert search flat: the heuristic's best plays in shared re-deals
    assert HOOKS.root_candidates == 6 and HOOKS.flat_rollout_depth == 16


@pytest.mark.parametrize("claims", CLAIMS)
def test_the_rollouts_play_as_the_heuristic_plays(claims: str) -> None:
    heuristic = HeuristicBot()
    checked = 0
    for state in _positions(2, 23, claims, every=2):
        if state.is_over():
            continue
        seat = state.actors()[0]
        world = state.resample(seat, random.Random(1))
        expected = heuristic.choose(world, seat, random.Random(2))
        assert HOOKS.rollout_action(world, seat, random.Random(3)) == expected
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_gives_win_chances_and_the_win_shares_at_the_end(players: int) -> None:
    for seed in range(3):
        for state in _positions(players, 70 + seed):
            values = HOOKS.evaluate(state)
            assert len(values) == players
            assert all(0.0 <= v <= 1.0 for v in values)
            assert sum(values) == pytest.approx(1.0)
            if state.is_over():
                assert values == win_shares(state)


def test_a_world_is_judged_by_what_its_seat_knows() -> None:
    # in a world re-dealt for a seat, the other hands are guesses: the evaluation must not
    # vary with them (KC-R37: only the own hand is known)
    state = next(s for i, s in enumerate(_positions(3, 51, every=1)) if i == 12)
    for seat in range(3):
        worlds = [state.resample(seat, random.Random(k)) for k in range(4)]
        assert all(w.dealt_for == seat for w in worlds)
        assert worlds[0].hands != worlds[1].hands
        values = [HOOKS.evaluate(w) for w in worlds]
        assert all(v == pytest.approx(values[0]) for v in values)
    assert state.dealt_for is None  # the true state is judged with every hand
    assert state.resample(0, random.Random(1)).clone().dealt_for == 0


def test_evaluate_favours_the_seat_that_holds_three_territories() -> None:
    # two players: three territories win the game (KC-R35, KC-E21)
    found = 0
    for seed in range(10):
        for state in _positions(2, 90 + seed, every=1):
            won = [len(m) for m in state.markers]
            if state.is_over() or max(won) < 3:
                continue
            leader = won.index(max(won))
            assert HOOKS.evaluate(state)[leader] > 0.95
            found += 1
    assert found > 0


@pytest.mark.parametrize("claims", CLAIMS)
@pytest.mark.parametrize("players", [2, 3])
def test_the_prior_is_a_distribution_over_the_legal_actions(players: int, claims: str) -> None:
    rng = random.Random(5)
    kinds = set()
    for state in _positions(players, 11, claims, every=2):
        if state.is_over():
            continue
        (seat,) = state.actors()
        world = state.resample(seat, rng)
        legal = world.legal_actions(seat)
        prior = HOOKS.prior(world, seat, legal, rng)
        assert len(prior) == len(legal)
        assert all(p > 0.0 for p in prior)
        assert sum(prior) == pytest.approx(1.0)
        # the heuristic's own choice is among the most likely
        choice = HeuristicBot().choose(world, seat, rng)
        assert prior[legal.index(choice)] == pytest.approx(max(prior))
        kinds.update(a.kind for a in legal)
    if claims == "manual":
        assert "claim" in kinds  # claim phases were met too


def test_equivalent_plays_leave_the_prior_to_the_first_of_them() -> None:
    # KC-E24: cards with the same symbols played into the same territory are one move, so
    # the search need not split its visits among them
    state = next(s for s in _positions(2, 3, every=1) if len(s.legal_actions(s.active)) > 5)
    seat = state.active
    legal = state.legal_actions(seat)
    prior = HOOKS.prior(state, seat, legal, random.Random(1))
    masks, index = state.pool.masks, state.pool.index
    first: dict[tuple[int, int], float] = {}
    for action, p in zip(legal, prior, strict=True):
        group = (masks[index[action.card]], action.territory)
        if group in first:
            assert p == min(prior) and p < first[group]
        else:
            first[group] = p


def _revealed(state: KingdomsState, seat: int, action: Action, other: int) -> bool:
    """Whether ``other`` sees the whole of ``action`` (just applied by ``seat``) in its view
    and its log."""
    events = [e for e in state.log(other) if e.get("seat") == seat and e["type"] == action.kind]
    if action.kind == "play":
        shown = json.dumps(state.view(other)["territories"][action.territory - 1])
        played = [e for e in events if e["card"] == action.card]
        return f'"{action.card}"' in shown and played[-1]["territory"] == action.territory
    if action.kind == "claim":
        return bool(events) and events[-1]["territory"] == action.territory
    return bool(events)  # end_claims: that it happened is all there is


@pytest.mark.parametrize("claims", CLAIMS)
@pytest.mark.parametrize("players", [2, 4])
def test_public_moves_are_seen_whole_by_every_other_seat(players: int, claims: str) -> None:
    for state, seat, action in steps(players, 21, {"claims": claims}):
        assert HOOKS.public(action)
        before = len(state.log(None))
        after = state.clone()
        after.apply(seat, action)
        assert len(after.log(None)) > before
        for other in range(players):
            if other != seat:
                assert _revealed(after, seat, action, other), (action, other)


def test_an_action_of_another_game_is_not_public() -> None:
    class Foreign(Action):
        def to_json(self) -> dict[str, str]:
            return {"type": "foreign"}

        def __str__(self) -> str:
            return "foreign"

    assert not HOOKS.public(Foreign())


@pytest.mark.parametrize("claims", CLAIMS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r17_kc_r29_one_seat_acts_at_a_time(players: int, claims: str) -> None:
    # KC-R17: turns go seat by seat; KC-R29: only the active player claims
    phases = set()
    for state, seat, _ in steps(players, 31, {"claims": claims}):
        assert state.actors() == (seat,) or list(state.actors()) == [seat]
        assert HOOKS.simultaneous(state) is None
        phases.add(state.phase)
    assert phases == ({"play", "claim"} if claims == "manual" else {"play"})


@pytest.mark.parametrize("players", [2, 3])
def test_a_search_game_against_the_heuristic_plays_only_legal_moves(players: int) -> None:
    state = GAME.new_game(players, 8, {})
    seated = [bots.make("hard@8it", GAME) if s == 0 else HeuristicBot() for s in range(players)]
    assert play_only_legal(state, seated, random.Random(2)).winners()


def test_the_hooks_need_no_hidden_fact() -> None:
    # two true states that differ only in what seat 0 cannot see give seat 0 the same search
    state = next(s for i, s in enumerate(_positions(2, 41, every=1)) if i == 9)
    seat = state.active
    other = state.resample(seat, random.Random(99))
    assert other.hands[1 - seat] != state.hands[1 - seat] or other.deck != state.deck
    results = []
    for true in (state, other):
        bot = SearchBot(seconds=None, iterations=12)
        action = bots.act(bot, true, seat, random.Random(4))
        assert bot.last is not None
        results.append((action, [(a.action, a.visits) for a in bot.last.actions]))
    assert results[0] == results[1]
