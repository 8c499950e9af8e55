"""Root parallelism (``bots.search.parallel``): each search process keeps the tree it built
for a bot and goes on from it after public moves, at most a few bots' trees, and an expert
with an iteration budget decides the same every time (each of its searches goes to the
same process)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import pytest

from spieltisch import bots
from spieltisch.bots.search import SearchBot, parallel
from spieltisch.bots.search.parallel import KEPT, Keep
from spieltisch.engine.registry import game

MEDINA = "medina"


@pytest.fixture(autouse=True)
def no_kept_trees() -> Iterator[None]:
    parallel._KEPT.clear()
    yield
    parallel._KEPT.clear()


def _two_placements():
    """Medina, 2nd edition, 2 players: seat 0 opens with one piece, then seat 1 places two
    (MD-R15, MD-R52), so the move between its two decisions is its own."""
    g = game(MEDINA)
    state = g.new_game(2, 3, {"edition": 2})
    seat = state.actors()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert list(state.actors()) == [1]
    return state


def _search(state, seat: int, seed: int, keep: Keep | None):
    blob = pickle.dumps(state.resample(seat, random.Random(seed)))
    return parallel._search_in_worker(MEDINA, blob, seat, 60, None, seed, keep)


def test_a_search_process_goes_on_from_the_tree_it_kept_for_the_bot() -> None:
    state = _two_placements()
    first = _search(state, 1, 5, Keep("a", 0, []))
    decision, tree = parallel._KEPT["a"]
    assert decision == 0 and first.iterations == tree.iterations
    state.apply(1, first.best)
    assert list(state.actors()) == [1]
    second = _search(state, 1, 6, Keep("a", 1, [(1, first.best)]))
    assert parallel._KEPT["a"] == (1, tree)  # the same tree, moved down one move
    assert second.iterations > first.iterations  # its count goes on from the first search
    assert second.helper_cpu_seconds > 0.0


@pytest.mark.parametrize(
    "keep",
    [Keep("a", 2, []), Keep("a", 1, None), Keep("b", 1, []), None],
    ids=["a-decision-skipped", "a-move-not-public", "another-bot", "no-keeping"],
)
def test_a_tree_is_not_kept_for_another_decision_bot_or_hidden_move(keep: Keep | None) -> None:
    state = _two_placements()
    first = _search(state, 1, 5, Keep("a", 0, []))
    tree = parallel._KEPT["a"][1]
    state.apply(1, first.best)
    if keep is not None and keep.moves == []:
        keep = keep._replace(moves=[(1, first.best)])
    second = _search(state, 1, 6, keep)
    assert second.iterations <= 60  # a fresh search
    if keep is not None:
        assert parallel._KEPT[keep.token][1] is not tree


def test_a_process_keeps_the_trees_of_the_last_few_bots_only() -> None:
    state = _two_placements()
    for n in range(KEPT + 2):
        _search(state, 1, n, Keep(f"bot{n}", 0, []))
    assert list(parallel._KEPT) == [f"bot{n}" for n in range(2, KEPT + 2)]


def _expert_game(seed: int) -> list[tuple]:
    g = game(MEDINA)
    state = g.new_game(2, 3, {"edition": 2})
    expert = SearchBot("expert", seconds=None, iterations=30, workers=2)
    normal = bots.make("normal", g)
    rngs = [random.Random(seed), random.Random(seed + 1)]
    stats = []
    for _ in range(6):
        seat = state.actors()[0]
        bot = expert if seat == 1 else normal
        action = bots.act(bot, state, seat, rngs[seat])
        if bot is expert:
            assert expert.last is not None
            stats.append(tuple((s.action, s.visits) for s in expert.last.actions))
        state.apply(seat, action)
    return stats


def test_an_expert_with_an_iteration_budget_decides_the_same_every_time() -> None:
    first = _expert_game(7)
    assert len(first) >= 3
    assert _expert_game(7) == first
