"""The Medina heuristic bot: legal, registered, independent of the resampling rng, and
clearly stronger than random."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch import bots
from spieltisch.bots import RandomBot
from spieltisch.engine.game import Game
from spieltisch.games.medina.heuristic import HeuristicBot
from spieltisch.games.medina.state import MedinaState

from ...bot_checks import play_only_legal, seating


@pytest.fixture(scope="module")
def game() -> Game:
    return spieltisch.game("medina")


def _new(game: Game, players: int, seed: int, edition: int) -> MedinaState:
    state = game.new_game(players, seed, {"edition": edition})
    assert isinstance(state, MedinaState)
    return state


def test_registered_under_its_name(game: Game) -> None:
    bot = bots.make("heuristic", game)
    assert isinstance(bot, HeuristicBot)
    assert bot.name == "heuristic"
    assert "heuristic" in bots.available(game)


@pytest.mark.parametrize(("edition", "players"), [(1, 3), (1, 4), (2, 2), (2, 3), (2, 4)])
def test_only_legal_actions(game: Game, edition: int, players: int) -> None:
    heuristic, rand = HeuristicBot(), RandomBot()
    for seed in range(3):
        state = _new(game, players, seed, edition)
        seated = seating(heuristic, rand, seed, players)
        assert play_only_legal(state, seated, random.Random(seed)).winners()


def test_choice_does_not_depend_on_the_resampling_rng(game: Game) -> None:
    bot, rand = HeuristicBot(), RandomBot()
    for edition, players in ((1, 3), (2, 2)):
        state = _new(game, players, 7, edition)
        rng = random.Random(1)
        checked = 0
        while not state.is_over():
            seat = state.actors()[0]
            if len(state.legal_actions(seat)) > 1 and state.time % 5 == 0:
                first = state.resample(seat, random.Random(11))
                second = state.resample(seat, random.Random(987))
                a = bot.choose(first, seat, random.Random(3))
                b = bot.choose(second, seat, random.Random(3))
                assert a == b
                checked += 1
            state.apply(seat, bots.act(rand, state, seat, rng))
        assert checked > 5


def test_beats_random_in_three_player_games(game: Game) -> None:
    heuristic, rand = HeuristicBot(), RandomBot()
    games, wins = 60, 0.0
    for seed in range(1000, 1000 + games):
        state = _new(game, 3, seed, 1)
        me = seed % 3
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.actors()[0]
            state.apply(seat, bots.act(heuristic if seat == me else rand, state, seat, rng))
        winners = state.winners()
        if me in winners:
            wins += 1 / len(winners)
    assert wins / games >= 0.85
