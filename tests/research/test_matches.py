"""Complete games of every title between OpenSpiel's own search bots: IS-MCTS (which
samples worlds through ``resample_from_infostate``) against plain MCTS, with the games'
chance as chance nodes (the default). A value-free evaluator keeps the matches short; the
bots' budgets are tiny, the games complete."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.engine.registry import games

pyspiel = pytest.importorskip("pyspiel", reason="the research extra is not installed")
np = pytest.importorskip("numpy", reason="the research extra is not installed")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import spieltisch.research.openspiel as sos  # noqa: E402


class Uninformed(mcts.Evaluator):  # type: ignore[misc]
    """No rollouts: every leaf is worth 0 and every action equally likely."""

    def evaluate(self, state: Any) -> Any:
        return np.zeros(state.num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_ismcts_plays_a_complete_game_against_mcts(game_id: str) -> None:
    name = "python_spieltisch_" + game_id.replace("-", "_")
    game = pyspiel.load_game(name, {"seed": 2})
    rng = np.random.RandomState(2)
    evaluator = Uninformed()
    players = game.num_players()
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=rng)] + [
        mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=rng) for _ in range(players - 1)
    ]
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves <= game.max_game_length()
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9
    assert all(game.min_utility() - 1e-9 <= r <= game.max_utility() + 1e-9 for r in returns)
    assert sos is not None  # the import registered the games
