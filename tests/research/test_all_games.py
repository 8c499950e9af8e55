"""Every registered game with a numeric encoding, for each player count: PettingZoo's three
checks and OpenSpiel's ``random_sim_test`` with serialization. A game takes part as soon as
its ``encoding()`` stops raising ``NoEncoding``; the toy game proves the harness."""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Mapping
from typing import Any

import pytest

import spieltisch
from spieltisch.engine.errors import NoEncoding
from spieltisch.engine.game import Game
from tests.shipped import shipped_ids

from .checks import run_pettingzoo_checks
from .toy_encoding import TOY, TOY_NAME


def _configurations(game: Game) -> list[tuple[int, Mapping[str, Any]]]:
    """One configuration per player count: the options of the game's first conformance
    case with that count (e.g. Medina's 2-player game needs its 2nd edition)."""
    chosen: dict[int, Mapping[str, Any]] = {}
    for case in game.conformance_cases():
        chosen.setdefault(case.players, case.options)
    for players in range(game.min_players, game.max_players + 1):
        chosen.setdefault(players, {})
    return sorted(chosen.items(), key=lambda item: item[0])


def _cases() -> list[Any]:
    cases = []
    for game in [*spieltisch.games(), TOY]:
        try:
            game.encoding(game.default_players)
        except NoEncoding:
            cases.append(
                pytest.param(
                    game,
                    game.default_players,
                    {},
                    id=game.id,
                    marks=pytest.mark.skip(reason=f"{game.id} has no numeric encoding yet"),
                )
            )
            continue
        for players, options in _configurations(game):
            cases.append(pytest.param(game, players, options, id=f"{game.id}-{players}p"))
    return cases


CASES = _cases()


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_pettingzoo_checks(game: Game, players: int, options: Mapping[str, Any]) -> None:
    pytest.importorskip("pettingzoo", reason="the research extra is not installed")
    run_pettingzoo_checks(game, players, options, cycles=20)


def _load_openspiel(game: Game, players: int, options: Mapping[str, Any], **params: Any) -> Any:
    pyspiel = pytest.importorskip("pyspiel", reason="the research extra is not installed")
    from spieltisch.research import openspiel as sos
    from spieltisch.research._core import canonical_json

    # the tests' toy under a name of its own (an installed example may hold its short name)
    name = sos.register(game, TOY_NAME if game is TOY else None)
    params = {"players": players, "options": canonical_json(dict(options)), **params}
    return pyspiel.load_game(name, params)


@pytest.mark.parametrize("chance", ["seeded", "explicit"])
@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_openspiel_random_sim_test(
    game: Game, players: int, options: Mapping[str, Any], chance: str
) -> None:
    """OpenSpiel's own checks, with serialization where open_spiel 2.0.2 can serialize the
    game (not a sampled-stochastic Python game: ``test_openspiel_states_round_trip``). The
    games spieltisch ships draw only listable outcomes (below, choice, shuffle, and the
    bernoulli coins of Im Zeichen des Kreuzes's tower), so they are explicit-stochastic
    and serialize."""
    pyspiel = pytest.importorskip("pyspiel", reason="the research extra is not installed")
    loaded = _load_openspiel(game, players, options, seed=3, chance=chance)
    sampled = loaded.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    if chance == "explicit" and game.id in shipped_ids():
        assert not sampled, f"{game.id} has a sampled chance event"
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=not sampled, verbose=False)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_openspiel_states_round_trip(game: Game, players: int, options: Mapping[str, Any]) -> None:
    """With explicit chance, at chance nodes and decision nodes alike, a state serialized
    and deserialized is the same state (string, history, next chance outcomes), and the
    draws replay the engine state of the whole game exactly. A game that declares its
    chance events (its chance mode rests on them) draws only those, and ``unit`` only in
    an event declared as such."""
    pytest.importorskip("pyspiel", reason="the research extra is not installed")
    from spieltisch.research import openspiel as sos

    loaded = _load_openspiel(game, players, options, seed=4)
    rng = random.Random(4)
    state = loaded.new_initial_state()
    step = 0
    while not state.is_terminal():
        if step % 23 == 0:
            again = loaded.deserialize_state(state.serialize())
            assert str(again) == str(state) and again.history() == state.history()
            assert again.chance_outcomes() == state.chance_outcomes()
        if state.is_chance_node():
            event, kind = state.chance_event
            if game.chance_events:
                assert event in game.chance_events, f"{event!r} is not declared"
                if kind == "unit":  # an event may draw by several calls (ZK's tower)
                    assert game.chance_events[event].kind == "unit", f"{event!r} draws unit"
            if kind == "bernoulli":  # a coin: (p, 1 - p), no outcome of probability 0
                (_, p), (_, q) = state.chance_outcomes()
                assert 0 < p < 1 and q == 1 - p
            outcomes = state.chance_outcomes()
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            state.apply_action(rng.choice([a for a, _ in outcomes]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        step += 1
    engine = state.engine_state
    again = sos.replay_explicit(engine.record(), state.draws, game)
    assert again.to_json() == engine.to_json()


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_ismcts_searches_from_resampled_states(
    game: Game, players: int, options: Mapping[str, Any]
) -> None:
    """A few IS-MCTS decisions (which assert that every resampled state shows the bot the
    same information state) and MCTS decisions, with random rollouts to the game's end
    through the chance nodes."""
    pytest.importorskip("pyspiel", reason="the research extra is not installed")
    np = pytest.importorskip("numpy", reason="the research extra is not installed")
    from open_spiel.python.algorithms import ismcts, mcts

    loaded = _load_openspiel(game, players, options, seed=5)
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(loaded, evaluator, 2.0, 4, random_state=rng),
        mcts.MCTSBot(loaded, 2.0, 4, evaluator, random_state=rng),
    ]
    state = loaded.new_initial_state()
    for turn in range(4):
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        if state.is_terminal():
            break
        action = bots[turn % 2].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_gymnasium_check_env(game: Game, players: int, options: Mapping[str, Any]) -> None:
    pytest.importorskip("gymnasium", reason="the research extra is not installed")
    from gymnasium.utils.env_checker import check_env

    from spieltisch.research.gym import SingleAgentEnv

    env = SingleAgentEnv(game, seat=players - 1, players=players, options=options, seed=2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env, skip_render_check=True)
    # no warning at all: in particular every game bounds its observation Box
    # (``Encoding.observation_bounds``), so check_env finds no infinite limits
    assert not [str(w.message) for w in caught], [str(w.message) for w in caught]
