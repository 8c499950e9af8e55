"""The search bot: tree reuse across public moves only, root parallelism, budgets.

The Kingdoms of Crusaders plays the flat search (``root_candidates``); these tests ask its
hooks for the tree search, which is what they are about."""

from __future__ import annotations

import random

import pytest

from spieltisch import bots
from spieltisch.bots.search import ActionStats, SearchBot, SearchResult
from spieltisch.bots.search.parallel import merge
from spieltisch.engine.registry import game


@pytest.fixture(autouse=True)
def tree_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game("kingdoms-of-crusaders").search_hooks(), "root_candidates", 0)


def _kc(moves: int = 2):
    g = game("kingdoms-of-crusaders")
    state = g.new_game(2, 4, {})
    rng = random.Random(1)
    for _ in range(moves):
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return g, state


def _two_decisions(public: bool, monkeypatch) -> tuple[SearchBot, int, int]:
    """The bot decides, its move and the opponent's are made, the bot decides again.
    Returns the bot, the root's visits carried into the second search, and its budget."""
    g, state = _kc()
    monkeypatch.setattr(g.search_hooks(), "public", lambda action: public)
    bot = SearchBot(seconds=None, iterations=80)
    seat = state.actors()[0]
    rng = random.Random(3)
    mine = bots.act(bot, state, seat, rng)
    state.apply(seat, mine)
    other = state.actors()[0]
    assert other != seat
    # the opponent answers with the reply the bot's tree explored most
    assert bot._search is not None
    node = bot._search.root.children[((seat, mine),)]
    reply = max(node.seat_edges(other), key=lambda edge: edge.visits).action
    state.apply(other, reply)
    first = bot.last
    assert first is not None
    carried = {"visits": 0}
    original = bot._reused

    def spy(*args):
        search = original(*args)
        carried["visits"] = 0 if search is None else search.root.visits
        return search

    monkeypatch.setattr(bot, "_reused", spy)
    bots.act(bot, state, seat, rng)
    return bot, carried["visits"], 80


def test_the_tree_is_kept_across_public_moves(monkeypatch):
    bot, carried, _budget = _two_decisions(True, monkeypatch)
    assert carried > 0  # the subtree the two moves lead to was searched before
    assert bot.last is not None and bot.last.iterations >= carried


def test_the_tree_is_dropped_when_a_move_was_not_public(monkeypatch):
    bot, carried, budget = _two_decisions(False, monkeypatch)
    assert carried == 0
    assert bot.last is not None and bot.last.iterations <= budget


def test_root_parallel_search_merges_the_workers_statistics():
    # the workers are processes of their own, with the game's own hooks: a game that
    # searches with the tree
    g = game("im-zeichen-des-kreuzes")
    state = g.new_game(3, 4, {})
    seat = state.actors()[0]
    bot = SearchBot(seconds=None, iterations=40, workers=2)
    action = bot.choose(state.resample(seat, random.Random(1)), seat, random.Random(2))
    assert action in state.legal_actions(seat)
    assert bot.last is not None
    assert 32 <= bot.last.iterations <= 80  # two workers, each stopping early at most
    # the workers' CPU time is the bot's too: this process's process_time does not see it
    assert bot.last.helper_cpu_seconds > 0.0
    assert bot.helper_cpu_seconds == bot.last.helper_cpu_seconds
    bot.choose(state.resample(seat, random.Random(3)), seat, random.Random(4))
    assert bot.helper_cpu_seconds > bot.last.helper_cpu_seconds > 0.0


def test_root_parallel_flat_search_sums_the_worlds_of_both_workers():
    g, state = _kc()  # in the workers, the game's own hooks: the flat search
    seat = state.actors()[0]
    bot = SearchBot(seconds=None, iterations=10, workers=2)
    action = bot.choose(state.resample(seat, random.Random(1)), seat, random.Random(2))
    assert action in state.legal_actions(seat)
    assert bot.last is not None and bot.last.actions
    assert g.search_hooks().root_candidates == 0  # this process's hooks, set by the fixture
    assert 2 <= bot.last.iterations <= 20
    top = bot.last.actions[0]
    assert all(s.visits <= top.visits for s in bot.last.actions)


def test_merge_sums_visits_and_weights_values_by_visits():
    _, state = _kc()
    a, b = state.legal_actions(state.actors()[0])[:2]
    one = SearchResult(0, 10, 1.0, (0.6, 0.4), (ActionStats(a, 8, 0.5), ActionStats(b, 2, 1.0)))
    two = SearchResult(0, 10, 2.0, (0.4, 0.6), (ActionStats(b, 9, 0.0), ActionStats(a, 1, 1.0)))
    merged = merge([one, two])
    assert merged.iterations == 20 and merged.seconds == 2.0
    assert merged.values == (0.5, 0.5)
    assert [(s.action, s.visits) for s in merged.actions] == [(b, 11), (a, 9)]
    assert abs(merged.actions[0].value - 2.0 / 11) < 1e-12
    assert abs(merged.actions[1].value - 5.0 / 9) < 1e-12


def test_a_kept_tree_chooses_only_among_the_cards_really_held() -> None:
    # KC: the card drawn between two decisions is no node of its own, so a kept tree holds
    # edges for cards drawn in other worlds; with few iterations such an edge may lead
    g = game("kingdoms-of-crusaders")
    stale_seen = 0
    for seed in range(6):
        state = g.new_game(2, seed, {})
        players = [SearchBot(seconds=None, iterations=4), bots.make("normal", g)]
        rngs = [random.Random(seed), random.Random(seed + 100)]
        while not state.is_over():
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            action = bots.act(players[seat], state, seat, rngs[seat])
            assert action in legal
            search = getattr(players[seat], "_search", None)
            if search is not None:  # the tree this decision searched, kept or new
                stale_seen += any(e.action not in legal for e in search.root.seat_edges(seat))
            state.apply(seat, action)
    assert stale_seen > 0  # the case arose: kept trees with edges of cards not held
