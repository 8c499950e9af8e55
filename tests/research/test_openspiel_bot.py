"""OpenSpiel's IS-MCTS as a bot (``bots.make("ismcts@...")``): it plays every game to the
end with legal moves from the re-dealt world ``bots.act`` hands it, takes the budgets of the
search levels, repeats itself for a fixed seed and simulation budget, and without the
research extra ``bots.make`` names the extra."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from spieltisch import bots
from spieltisch.engine.errors import SpieltischError
from spieltisch.engine.game import State
from spieltisch.engine.registry import game

pytest.importorskip("pyspiel", reason="the research extra is not installed")

from spieltisch.research.openspiel_bot import (
    DEFAULT_SECONDS,
    MIN_SIMULATIONS,
    OpenSpielISMCTSBot,
)

# two players each (Medina's 2-player game is its second edition), and the simulations per
# move: Im Zeichen des Kreuzes's random rollouts are long (20 cost 20-30 CPU s a game)
GAMES = [
    ("kingdoms-of-crusaders", {}, 20),
    ("medina", {"edition": 2}, 20),
    ("tumult-royal", {}, 20),
    ("im-zeichen-des-kreuzes", {}, 8),
    ("toy-goofspiel", {}, 20),
]


def _play(game_id: str, options: dict[str, Any], names: list[str], seed: int) -> State:
    g = game(game_id)
    state = g.new_game(len(names), seed, options)
    seat_bots = [bots.make(name, g) for name in names]
    rngs = [random.Random(f"{seed}/{seat}") for seat in range(len(names))]
    while not state.is_over():
        seat = state.actors()[0]
        action = bots.act(seat_bots[seat], state, seat, rngs[seat])  # refuses an illegal one
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    return state


@pytest.mark.parametrize(("game_id", "options", "simulations"), GAMES, ids=[g[0] for g in GAMES])
def test_ismcts_plays_a_game_against_normal_to_the_end(
    game_id: str, options: dict[str, Any], simulations: int
) -> None:
    state = _play(game_id, options, [f"ismcts@{simulations}it", "normal"], seed=3)
    assert state.is_over()
    assert abs(sum(state.returns())) < 1e-9


@pytest.mark.parametrize(
    ("name", "seconds", "iterations"),
    [
        ("ismcts", DEFAULT_SECONDS, None),
        ("ismcts@1s", 1.0, None),
        ("ismcts@250ms", 0.25, None),
        ("ismcts@200it", None, 200),
    ],
)
def test_budgets(name: str, seconds: float | None, iterations: int | None) -> None:
    bot = bots.make(name, game("kingdoms-of-crusaders"))
    assert isinstance(bot, OpenSpielISMCTSBot)
    assert (bot.name, bot.seconds, bot.iterations) == (name, seconds, iterations)


@pytest.mark.parametrize(
    ("name", "message"),
    [("ismcts@fast", "a budget is seconds"), ("ismcts@0it", "a budget must be positive")],
)
def test_a_wrong_budget_is_refused(name: str, message: str) -> None:
    with pytest.raises(SpieltischError, match=message):
        bots.make(name, game("kingdoms-of-crusaders"))


def _position(game_id: str, steps: int, seed: int = 4) -> State:
    g = game(game_id)
    state = g.new_game(2, seed, {})
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_a_time_budget_runs_simulations_until_the_time_is_spent() -> None:
    state = _position("kingdoms-of-crusaders", 6)
    seat = state.actors()[0]
    bot = bots.make("ismcts@50ms", state.game)
    assert isinstance(bot, OpenSpielISMCTSBot)
    action = bot.choose(state.resample(seat, random.Random(1)), seat, random.Random(2))
    assert action in state.legal_actions(seat)
    assert bot.simulations >= MIN_SIMULATIONS


def test_a_fixed_seed_and_simulation_budget_repeat_the_decision() -> None:
    state = _position("kingdoms-of-crusaders", 6)
    seat = state.actors()[0]
    chosen = set()
    for _ in range(2):
        bot = bots.make("ismcts@40it", state.game)
        world = state.resample(seat, random.Random(1))
        chosen.add(bot.choose(world, seat, random.Random(2)))
    assert len(chosen) == 1


@pytest.mark.parametrize("chance", ["seeded", "explicit"])
def test_either_chance_mode_plays_a_legal_move(chance: str) -> None:
    state = _position("im-zeichen-des-kreuzes", 10)
    seat = state.actors()[0]
    bot = OpenSpielISMCTSBot(iterations=8, chance=chance)
    action = bot.choose(state.resample(seat, random.Random(1)), seat, random.Random(2))
    assert action in state.legal_actions(seat)


def test_a_higher_seat_of_a_simultaneous_step_is_asked_first() -> None:
    """OpenSpiel plays a simultaneous step lowest seat first; asked for seat 1 while seat 0
    has not chosen, the bot fills in a hidden choice for seat 0 in its own world."""
    g = game("tumult-royal")
    state = g.new_game(2, 4, {})
    rng = random.Random(2)
    while len(state.actors()) < 2:
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    bot = bots.make("ismcts@8it", g)
    assert bots.act(bot, state, 1, random.Random(3)) in state.legal_actions(1)


def test_without_the_research_extra_make_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
    monkeypatch.delitem(sys.modules, "spieltisch.research.openspiel_bot", raising=False)
    with pytest.raises(SpieltischError, match=r"ismcts@1s.*research extra"):
        bots.make("ismcts@1s", game("kingdoms-of-crusaders"))
