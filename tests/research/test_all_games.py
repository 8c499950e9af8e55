"""Every registered game with a numeric encoding, for each player count: PettingZoo's three
checks and OpenSpiel's ``random_sim_test`` with serialization. A game takes part as soon as
its ``encoding()`` stops raising ``NoEncoding``; the toy game proves the harness."""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

import pytest

import spieltisch
from spieltisch.engine.errors import NoEncoding
from spieltisch.engine.game import Game

from .checks import run_pettingzoo_checks
from .toy_encoding import TOY


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


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_openspiel_random_sim_test(game: Game, players: int, options: Mapping[str, Any]) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the research extra is not installed")
    from spieltisch.research import openspiel as sos
    from spieltisch.research._core import canonical_json

    name = sos.register(game)
    loaded = pyspiel.load_game(
        name, {"players": players, "seed": 3, "options": canonical_json(dict(options))}
    )
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_ismcts_searches_from_resampled_states(
    game: Game, players: int, options: Mapping[str, Any]
) -> None:
    """A few IS-MCTS decisions (which assert that every resampled state shows the bot the
    same information state) and MCTS decisions, with random rollouts to the game's end."""
    pyspiel = pytest.importorskip("pyspiel", reason="the research extra is not installed")
    np = pytest.importorskip("numpy", reason="the research extra is not installed")
    from open_spiel.python.algorithms import ismcts, mcts

    from spieltisch.research import openspiel as sos
    from spieltisch.research._core import canonical_json

    loaded = pyspiel.load_game(
        sos.register(game), {"players": players, "seed": 5, "options": canonical_json(options)}
    )
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(loaded, evaluator, 2.0, 4, random_state=rng),
        mcts.MCTSBot(loaded, 2.0, 4, evaluator, random_state=rng),
    ]
    state = loaded.new_initial_state()
    for turn in range(4):
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
