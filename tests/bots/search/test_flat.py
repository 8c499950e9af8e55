"""The flat search (``root_candidates`` > 0): it reads only its own seat's view, repeats
itself for a fixed seed and budget, compares the prior's best moves in shared worlds and
drops the ones clearly behind (issue 17 items 1 and 8)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.bots.search import SearchBot
from spieltisch.bots.search.flat import MIN_WORLDS, FlatSearch, make_search
from spieltisch.bots.search.ismcts import Search
from spieltisch.engine.registry import game
from spieltisch.engine.search_hooks import SearchHooks

from .test_ismcts import GAMES, TrueStateGuard, _position


@pytest.fixture
def flat(monkeypatch: pytest.MonkeyPatch):
    """Ask every game's hooks for the flat search with 3 candidates and short rollouts."""

    def hooks_of(g: Any, candidates: int = 3, depth: int = 4) -> SearchHooks:
        hooks = g.search_hooks()
        monkeypatch.setattr(hooks, "root_candidates", candidates)
        monkeypatch.setattr(hooks, "flat_rollout_depth", depth)
        return hooks

    return hooks_of


@pytest.mark.parametrize(("game_id", "players", "moves", "options"), GAMES)
def test_the_flat_search_reads_nothing_but_its_own_seats_view(
    flat, game_id, players, moves, options
):
    g, state = _position(game_id, players, moves, options)
    seat = state.actors()[0]
    guarded = TrueStateGuard(state.resample(seat, random.Random(1)), seat)
    search = FlatSearch(flat(g), guarded, seat, random.Random(5))  # type: ignore[arg-type]
    result = search.run(iterations=12)
    assert result.best in state.legal_actions(seat)


@pytest.mark.parametrize(("game_id", "players", "moves", "options"), GAMES)
def test_hidden_facts_and_a_fixed_seed_give_the_same_flat_search(
    flat, game_id, players, moves, options
):
    g, state = _position(game_id, players, moves, options)
    seat = state.actors()[0]
    hooks = flat(g)
    results = [
        FlatSearch(hooks, state.resample(seat, random.Random(world)), seat, random.Random(5)).run(
            iterations=10
        )
        for world in (11, 12, 12)
    ]
    first = results[0]
    for other in results[1:]:
        assert (other.actions, other.values, other.iterations) == (
            first.actions,
            first.values,
            first.iterations,
        )


def test_the_candidates_are_the_priors_best_and_share_every_world(flat, monkeypatch):
    g, state = _position("kingdoms-of-crusaders", 2, 4)
    seat = state.actors()[0]
    hooks = flat(g, candidates=3)
    legal = state.legal_actions(seat)
    # a prior that prefers the last legal moves: the candidates are those, best first
    weights = [float(i + 1) for i in range(len(legal))]
    monkeypatch.setattr(hooks, "prior", lambda *args: [w / sum(weights) for w in weights])
    monkeypatch.setattr(hooks, "evaluate", lambda s: [0.5, 0.5])  # nothing to tell apart
    search = FlatSearch(hooks, state.resample(seat, random.Random(1)), seat, random.Random(2))
    result = search.run(iterations=MIN_WORLDS + 4)
    assert search.candidates == legal[::-1][:3]
    assert {s.action for s in result.actions} == set(legal[-3:])
    assert all(s.visits == MIN_WORLDS + 4 for s in result.actions)  # none dropped


def test_a_move_clearly_behind_is_dropped_and_the_search_stops_with_one_left(flat, monkeypatch):
    g, state = _position("kingdoms-of-crusaders", 2, 4)
    seat = state.actors()[0]
    hooks = flat(g, candidates=3, depth=0)
    legal = state.legal_actions(seat)
    target = legal[0]
    territory_of = target.territory

    def evaluate(s):  # the seat wins where the first legal move went, with some noise
        mine = sum(1 for _ in s.armies[seat][territory_of - 1])
        v = min(1.0, 0.3 + 0.2 * mine + 0.01 * random.random())
        return [v, 1 - v] if seat == 0 else [1 - v, v]

    monkeypatch.setattr(hooks, "evaluate", evaluate)

    def prior(st, se, lg, rng):  # the target first, then moves into other territories
        return [1.0 if a == target else 0.0 if a.territory == territory_of else 0.5 for a in lg]

    monkeypatch.setattr(hooks, "prior", prior)
    search = FlatSearch(hooks, state.resample(seat, random.Random(1)), seat, random.Random(2))
    result = search.run(iterations=200)
    assert result.iterations == MIN_WORLDS  # stopped once the others were dropped
    assert result.best == target and len(search.alive) == 1
    assert len(result.actions) == 3
    assert all(s.value < result.actions[0].value for s in result.actions[1:])


def test_a_watching_seat_gets_the_positions_value_and_no_moves(flat):
    g, state = _position("kingdoms-of-crusaders", 2, 3)
    watcher = 1 - state.actors()[0]
    search = FlatSearch(
        flat(g), state.resample(watcher, random.Random(1)), watcher, random.Random(2)
    )
    result = search.run(iterations=6)
    assert result.actions == () and result.iterations == 6
    assert abs(sum(result.values) - 1.0) < 1e-9


def test_the_hooks_choose_the_search_and_the_bot_keeps_no_flat_tree(flat):
    g, state = _position("kingdoms-of-crusaders", 2, 2)
    seat = state.actors()[0]
    hooks = g.search_hooks()
    rng = random.Random(1)
    flat_hooks = flat(g)
    assert isinstance(make_search(flat_hooks, state, seat, rng), FlatSearch)
    bot = SearchBot(seconds=None, iterations=6)
    choice = bot.choose(state.resample(seat, random.Random(3)), seat, random.Random(4))
    assert choice in state.legal_actions(seat)
    assert bot._search is None and bot.last is not None and bot.last.iterations <= 6
    hooks.root_candidates = 0
    assert isinstance(make_search(hooks, state, seat, rng), Search)


def test_the_flat_search_needs_a_budget():
    g, state = _position("toy-goofspiel", 2, 0)
    with pytest.raises(ValueError, match="budget"):
        FlatSearch(g.search_hooks(), state, 0, random.Random(1)).run()
    assert game("toy-goofspiel").search_hooks().root_candidates == 0
