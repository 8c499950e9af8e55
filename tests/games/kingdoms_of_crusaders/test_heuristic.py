"""The heuristic bot: legal, registered, fair by construction, and clearly stronger than random."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch import bots
from spieltisch.bots import RandomBot
from spieltisch.engine.action import Action
from spieltisch.engine.game import Game
from spieltisch.games.kingdoms_of_crusaders import KingdomsState
from spieltisch.games.kingdoms_of_crusaders.heuristic import HeuristicBot

from ...bot_checks import play_only_legal, seating


@pytest.fixture(scope="module")
def game() -> Game:
    return spieltisch.game("kingdoms-of-crusaders")


def _new(game: Game, players: int, seed: int, claims: str = "auto") -> KingdomsState:
    state = game.new_game(players, seed, {"claims": claims})
    assert isinstance(state, KingdomsState)
    return state


def test_registered_under_its_name(game: Game) -> None:
    bot = bots.make("heuristic", game)
    assert isinstance(bot, HeuristicBot)
    assert bot.name == "heuristic"
    assert "heuristic" in bots.available(game)


@pytest.mark.parametrize("claims", ["auto", "manual", "off"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_legal_actions(game: Game, players: int, claims: str) -> None:
    heuristic, rand = HeuristicBot(), RandomBot()
    for seed in range(6):
        state = _new(game, players, seed, claims)
        seated = seating(heuristic, rand, seed, players)
        assert play_only_legal(state, seated, random.Random(seed)).winners()


def test_always_claims_under_manual(game: Game) -> None:
    bot = HeuristicBot()
    claim_phases = 0
    for seed in range(12):
        state = _new(game, 2, seed, "manual")
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            action = bots.act(bot, state, seat, rng)
            if any(a.kind == "claim" for a in legal):
                claim_phases += 1
                assert action.kind == "claim"
            state.apply(seat, action)
    assert claim_phases > 0


def _positions(game: Game, players: int, claims: str, seeds: range) -> list[KingdomsState]:
    """Every position in which a heuristic seat has a real choice, from heuristic self-play."""
    bot = HeuristicBot()
    out = []
    for seed in seeds:
        state = _new(game, players, seed, claims)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.actors()[0]
            if len(state.legal_actions(seat)) > 1:
                out.append(state.clone())
            state.apply(seat, bots.act(bot, state, seat, rng))
    return out


def _hidden(state: KingdomsState, seat: int) -> tuple[object, ...]:
    """What ``seat`` cannot see: the other hands and the deck order."""
    others = tuple(tuple(h) for p, h in enumerate(state.hands) if p != seat)
    return (*others, tuple(state.deck))


@pytest.mark.parametrize(("players", "claims"), [(2, "auto"), (3, "manual"), (4, "off")])
def test_choice_depends_only_on_what_the_seat_sees(game: Game, players: int, claims: str) -> None:
    bot = HeuristicBot()
    differing = 0
    for i, state in enumerate(_positions(game, players, claims, range(3))):
        seat = state.actors()[0]
        first = state.resample(seat, random.Random(1000 + i))
        second = state.resample(seat, random.Random(2000 + i))
        assert first.view(seat) == second.view(seat)
        differing += _hidden(first, seat) != _hidden(second, seat)
        a: Action = bot.choose(first, seat, random.Random(7))
        b: Action = bot.choose(second, seat, random.Random(7))
        assert a == b, f"position {i}: {a} vs {b} on two resamples of the same view"
        assert a in state.legal_actions(seat)
    assert differing > 0  # the resamples really did change the hidden cards


def test_beats_random_in_two_players(game: Game) -> None:
    """Seeded: 200 games, seats alternating; the heuristic must win at least 80 %."""
    heuristic, rand = HeuristicBot(), RandomBot()
    wins = 0
    games = 200
    for seed in range(games):
        me = seed % 2
        seated: list[bots.Bot] = [heuristic, rand] if me == 0 else [rand, heuristic]
        state = _new(game, 2, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.actors()[0]
            state.apply(seat, bots.act(seated[seat], state, seat, rng))
        wins += me in state.winners()
    assert wins / games >= 0.8, f"won {wins} of {games}"


@pytest.mark.parametrize("players", [3, 4])
def test_beats_random_in_multiplayer(game: Game, players: int) -> None:
    """Seeded: one heuristic against random bots wins far more than its fair share."""
    heuristic, rand = HeuristicBot(), RandomBot()
    share = 0.0
    games = 40
    for seed in range(games):
        me = seed % players
        seated: list[bots.Bot] = [heuristic if s == me else rand for s in range(players)]
        state = _new(game, players, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.actors()[0]
            state.apply(seat, bots.act(seated[seat], state, seat, rng))
        winners = state.winners()
        if me in winners:
            share += 1 / len(winners)
    assert share / games >= 0.7, f"win share {share / games:.2f}"
