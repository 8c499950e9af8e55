"""The search never reads the true state, repeats itself for a fixed seed and budget, and
treats a simultaneous round as one node (DESIGN.md §4, issue 17 item 8)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.bots.search import Search, SearchBot
from spieltisch.engine.registry import game
from spieltisch.engine.state import State


class TrueStateGuard:
    """Stands for the state a bot is handed. The search may re-deal it from its own seat's
    view and ask who plays; reading anything else (a hand, the deck, the generator) fails
    loudly, naming what was read."""

    def __init__(self, state: State, seat: int) -> None:
        self._state, self._seat = state, seat
        self.players, self.game = state.players, state.game

    def resample(self, seat: int | None, rng: random.Random) -> State:
        assert seat == self._seat, f"the search re-dealt from seat {seat}'s view, not its own"
        return self._state.resample(seat, rng)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the search read {name!r} of the state it was given")


def _position(game_id: str, players: int, moves: int, options: dict[str, Any] | None = None):
    g = game(game_id)
    state = g.new_game(players, 7, options or {})
    rng = random.Random(3)
    for _ in range(moves):
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return g, state


GAMES = [
    ("kingdoms-of-crusaders", 2, 6, {}),
    ("medina", 2, 6, {"edition": 2}),
    ("tumult-royal", 2, 12, {}),
    ("im-zeichen-des-kreuzes", 3, 10, {}),
    ("toy-goofspiel", 2, 2, {}),
]


@pytest.mark.parametrize(("game_id", "players", "moves", "options"), GAMES)
def test_the_search_reads_nothing_but_its_own_seats_view(game_id, players, moves, options):
    g, state = _position(game_id, players, moves, options)
    seat = state.actors()[0]
    guarded = TrueStateGuard(state.resample(seat, random.Random(1)), seat)
    result = Search(g.search_hooks(), guarded, seat, random.Random(5)).run(iterations=30)  # type: ignore[arg-type]
    assert result.best in state.legal_actions(seat)


@pytest.mark.parametrize(("game_id", "players", "moves", "options"), GAMES)
def test_hidden_facts_do_not_change_the_decision(game_id, players, moves, options):
    """Two worlds that agree on everything the seat sees, differing in what it cannot see
    (other hands, the deck's order, the generator): the same seed gives the same search."""
    g, state = _position(game_id, players, moves, options)
    seat = state.actors()[0]
    results = []
    for world_seed in (11, 12):
        world = state.resample(seat, random.Random(world_seed))
        search = Search(g.search_hooks(), world, seat, random.Random(5))
        results.append(search.run(iterations=40))
    assert results[0].actions == results[1].actions
    assert results[0].values == results[1].values


@pytest.mark.parametrize(("game_id", "players", "moves", "options"), GAMES)
def test_a_fixed_seed_and_iteration_budget_give_the_same_decision(game_id, players, moves, options):
    _g, state = _position(game_id, players, moves, options)
    seat = state.actors()[0]
    chosen = [
        SearchBot(seconds=None, iterations=50).choose(
            state.resample(seat, random.Random(2)), seat, random.Random(9)
        )
        for _ in range(2)
    ]
    assert chosen[0] == chosen[1]
    assert chosen[0] in state.legal_actions(seat)


def test_a_simultaneous_round_is_one_node_with_each_seats_own_statistics():
    """Goofspiel's bids (GS-R2) are simultaneous: both seats' edges hang at the root and the
    children are keyed by the whole round, so the opponent never chooses knowing our bid."""
    g, state = _position("toy-goofspiel", 2, 0)
    assert len(state.actors()) == 2
    search = Search(g.search_hooks(), state.resample(0, random.Random(1)), 0, random.Random(2))
    search.run(iterations=200)
    seats = {seat for seat, _ in search.root.edges}
    assert seats == {0, 1}
    assert all(len(key) == 2 for key in search.root.children)
    for edge in search.root.seat_edges(1):
        assert edge.avail == search.root.visits  # offered at every visit, whatever seat 0 bid


def test_the_observer_need_not_be_the_one_to_move():
    """Analysis asks for a seat's chances while another seat is to move."""
    g, state = _position("kingdoms-of-crusaders", 2, 3)
    mover = state.actors()[0]
    watcher = 1 - mover
    result = Search(
        g.search_hooks(), state.resample(watcher, random.Random(1)), watcher, random.Random(2)
    ).run(iterations=60)
    assert result.actions == ()  # the watcher has no action at the root
    assert 0.0 <= result.win_chance <= 1.0
    assert abs(sum(result.values) - 1.0) < 1e-9


def test_a_budget_is_required():
    g, state = _position("toy-goofspiel", 2, 0)
    search = Search(g.search_hooks(), state, 0, random.Random(1))
    with pytest.raises(ValueError, match="budget"):
        search.run()
    with pytest.raises(ValueError, match="budget"):
        SearchBot(seconds=None, iterations=None)
