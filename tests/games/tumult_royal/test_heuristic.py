"""The Tumult Royal heuristic bot: registered, legal, fair (its choice depends only on what
its seat may see) and clearly stronger than random."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch import bots
from spieltisch.bots import RandomBot
from spieltisch.engine.game import Game
from spieltisch.games.tumult_royal.heuristic import HeuristicBot
from spieltisch.games.tumult_royal.state import TumultState


@pytest.fixture(scope="module")
def game() -> Game:
    return spieltisch.game("tumult-royal")


def _new(game: Game, players: int, seed: int, variant: str = "standard") -> TumultState:
    state = game.new_game(players, seed, {"variant": variant})
    assert isinstance(state, TumultState)
    return state


def _step(state: TumultState, seated: list[bots.Bot], rng: random.Random) -> None:
    """One decision of every current actor (a grab tick collects all seats' choices)."""
    for seat in state.actors():
        if seat in state.actors():
            legal = state.legal_actions(seat)
            action = bots.act(seated[seat], state, seat, rng)
            assert action in legal
            state.apply(seat, action)


def test_registered_under_its_name(game: Game) -> None:
    bot = bots.make("heuristic", game)
    assert isinstance(bot, HeuristicBot)
    assert bot.name == "heuristic"
    assert "heuristic" in bots.available(game)


@pytest.mark.parametrize("variant", ["standard", "zocker"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_legal_actions(game: Game, players: int, variant: str) -> None:
    heuristic, rand = HeuristicBot(), RandomBot()
    for seed in range(2):
        state = _new(game, players, seed, variant)
        # the heuristic sits everywhere in even games, beside random bots in odd ones
        seated: list[bots.Bot] = [
            heuristic if seed % 2 == 0 or s == seed % players else rand for s in range(players)
        ]
        rng = random.Random(seed)
        while not state.is_over():
            _step(state, seated, rng)
        assert state.winners()


@pytest.mark.parametrize("options", [{"keep_goods": True}, {"greed_measure": "tiles"}])
def test_legal_with_other_options(game: Game, options: dict[str, object]) -> None:
    heuristic = HeuristicBot()
    state = game.new_game(3, 5, options)
    assert isinstance(state, TumultState)
    rng = random.Random(5)
    while not state.is_over():
        _step(state, [heuristic] * 3, rng)
    assert state.winners()


def test_choice_depends_only_on_what_the_seat_may_see(game: Game) -> None:
    """Two resamples of the same true state differ in every face the seat has not seen and
    in the face-down landscape; with the same bot rng the choice must be the same."""
    bot, rand = HeuristicBot(), RandomBot()
    for players, variant in ((3, "standard"), (2, "zocker"), (4, "standard")):
        state = _new(game, players, 7, variant)
        # the heuristic in seat 0 so that its memory and holdings grow as in a real game
        seated: list[bots.Bot] = [bot] + [rand] * (players - 1)
        rng = random.Random(1)
        checked = grab_checked = differing = step = 0
        while not state.is_over():
            for seat in state.actors():
                if seat not in state.actors():
                    continue
                step += 1
                if len(state.legal_actions(seat)) > 1 and step % 3 == 0:
                    first = state.resample(seat, random.Random(11))
                    second = state.resample(seat, random.Random(987))
                    a = bot.choose(first, seat, random.Random(3))
                    b = bot.choose(second, seat, random.Random(3))
                    assert a == b
                    checked += 1
                    differing += first.slot_tile != second.slot_tile or first.aside != second.aside
                    grab_checked += state.phase == "grab"
                state.apply(seat, bots.act(seated[seat], state, seat, rng))
        assert checked > 20
        assert grab_checked > 10
        assert differing > 10  # the resamples really disagree on hidden faces


def test_beats_random_in_three_player_games(game: Game) -> None:
    heuristic, rand = HeuristicBot(), RandomBot()
    games, wins = 40, 0.0
    for seed in range(2000, 2000 + games):
        state = _new(game, 3, seed)
        me = seed % 3
        seated: list[bots.Bot] = [heuristic if s == me else rand for s in range(3)]
        rng = random.Random(seed)
        while not state.is_over():
            _step(state, seated, rng)
        winners = state.winners()
        if me in winners:
            wins += 1 / len(winners)
    assert wins / games >= 0.8
