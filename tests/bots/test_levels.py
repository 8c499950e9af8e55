"""The four levels and their budgets (issue 17 item 2)."""

from __future__ import annotations

import random

import pytest

from spieltisch import bots
from spieltisch.bots import EasyBot, SearchBot
from spieltisch.bots.levels import EXPERT_SECONDS, HARD_SECONDS
from spieltisch.engine.errors import SpieltischError
from spieltisch.engine.registry import game
from tests.bot_checks import play_only_legal
from tests.shipped import shipped_games


@pytest.mark.parametrize("game_id", [g.id for g in shipped_games()])
def test_every_built_in_game_offers_the_four_levels(game_id):
    g = game(game_id)
    assert bots.levels(g) == ["easy", "normal", "hard", "expert"]
    assert {"random", "heuristic"} <= set(bots.available(g))
    assert isinstance(bots.make("easy", g), EasyBot)
    assert type(bots.make("normal", g)) is type(bots.make("heuristic", g))
    hard, expert = bots.make("hard", g), bots.make("expert", g)
    assert isinstance(hard, SearchBot) and hard.seconds == HARD_SECONDS and hard.workers == 1
    assert isinstance(expert, SearchBot) and expert.seconds == EXPERT_SECONDS
    assert expert.workers >= 2  # root parallelism


@pytest.mark.parametrize(
    ("name", "seconds", "iterations"),
    [("hard@0.5s", 0.5, None), ("hard@250ms", 0.25, None), ("expert@800it", None, 800)],
)
def test_a_search_level_takes_a_budget(name, seconds, iterations):
    bot = bots.make(name, game("kingdoms-of-crusaders"))
    assert isinstance(bot, SearchBot)
    assert (bot.seconds, bot.iterations, bot.name) == (seconds, iterations, name)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("normal@1s", "only hard and expert take a budget"),
        ("hard@fast", "a budget is seconds"),
        ("hard@", "a budget is seconds"),
        ("hard@0it", "must be positive"),
        ("hard@-1s", "must be positive"),
        ("grandmaster", "no bot 'grandmaster'"),
    ],
)
def test_a_wrong_bot_name_or_budget_is_refused_with_the_reason(name, message):
    with pytest.raises(SpieltischError, match=message):
        bots.make(name, game("kingdoms-of-crusaders"))


def test_easy_plays_only_legal_moves_to_the_end():
    g = game("kingdoms-of-crusaders")
    state = play_only_legal(
        g.new_game(2, 5, {}), [bots.make("easy", g), bots.make("normal", g)], random.Random(1)
    )
    assert state.is_over()


def test_easy_slips_only_as_often_as_set():
    """slip 0 is the heuristic itself; slip 1 always picks among overlooked candidates."""
    g = game("kingdoms-of-crusaders")
    state = g.new_game(2, 5, {})
    seat = state.actors()[0]
    heuristic = bots.make("heuristic", g)
    steady = EasyBot(g, slip=0.0)
    for i in range(5):
        rng_a, rng_b = random.Random(i), random.Random(i)
        rng_b.random()  # the easy bot draws its slip first
        assert steady.choose(state, seat, rng_a) == heuristic.choose(state, seat, rng_b)
    careless = EasyBot(g, slip=1.0)
    assert careless.choose(state, seat, random.Random(0)) in state.legal_actions(seat)


def test_easy_slips_as_often_as_its_game_says():
    # a game where a slip costs little asks for more of them (SearchHooks.easy_slip)
    kc, zk = game("kingdoms-of-crusaders"), game("im-zeichen-des-kreuzes")
    assert EasyBot(kc).slip == kc.search_hooks().easy_slip == 0.5
    assert EasyBot(zk).slip == zk.search_hooks().easy_slip == 0.35
    assert EasyBot(kc, slip=0.1).slip == 0.1
