"""What the search bot knows of Im Zeichen des Kreuzes (``engine.search_hooks``).

- **Evaluation** (``search_eval``): each seat's chance of taking Jerusalem first, from the
  race's public measures through a fitted softmax.
- **Prior**: the heuristic's choice (``HeuristicBot``) gets ``heuristic_weight`` of the
  prior, the rest is even: the heuristic plans routes and fights but scores no
  alternatives, so its one choice is all it can tell.
- **Rollout**: the heuristic itself for a few steps (about the rest of a turn), then the
  evaluation.
- **Secret commitments** (ZK-J4 steps 3 to 5, ZK-H4): the attacker's commitment and the
  defender's garrison form one simultaneous round, so the defender's choice in the tree never
  depends on the attacker's hidden number.
- **Public moves**: everything but a commitment (a siege attacker's number stays hidden
  until the reveal, and an action alone does not say whether it is one)."""

from __future__ import annotations

import random

from ...engine.action import Action
from ...engine.search_hooks import SearchHooks, win_shares
from ...engine.state import State
from .actions import ZkAction
from .constants import ATTACK
from .search_eval import win_chances
from .state import ZkState


class ZkSearchHooks(SearchHooks):
    rollout_depth = 8
    heuristic_weight = 0.5
    exploration = 1.0

    def rollout_action(self, state: State, seat: int, rng: random.Random) -> Action:
        bot = self.heuristic()
        assert bot is not None
        action: Action = bot.choose(state, seat, rng)
        return action

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, ZkState)
        if state.is_over():
            return win_shares(state)
        return win_chances(state)

    def simultaneous(self, state: State) -> tuple[int, ...] | None:
        """ZK-J4 steps 3 to 5, ZK-H4: while the attacker has not committed, the attacker
        and the defender (ZK-J3) choose as in one simultaneous round."""
        assert isinstance(state, ZkState)
        if state.decision_kind == ATTACK:
            return (state.decider, state.defender())
        return None

    def public(self, action: Action) -> bool:
        """Every action but a commitment is seen whole by every seat once applied: cards
        played or discarded go face up (ZK-R37), steps, unit moves, retreats and city
        actions are on the board, and the defender's number is revealed at once (ZK-J4
        step 5). A commitment may be a siege attacker's secret number (ZK-H2)."""
        return isinstance(action, ZkAction) and action.kind != "commit"
