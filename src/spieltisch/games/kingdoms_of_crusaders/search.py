"""What The Kingdoms of Crusaders tells the search bot (``engine.search_hooks``).

* **Evaluation.** Each seat's chance of winning, a softmax over seats of a few measures
  (``search_eval.py``): the heuristic's match value for the seat, its territories won, the
  territories it can expect, and whether it is to move. The weights were fitted on positions
  of heuristic-against-heuristic games (``tools/search/fit_kingdoms_of_crusaders.py``).
* **Prior.** The heuristic's own scores of the plays (its match value after each), through a
  softmax: the search looks first where the heuristic would play, and second where it nearly
  would. A claim (``claims = manual``) gets most of the prior, as the heuristic always claims.
* **Flat search with the heuristic's rollouts.** The search compares the heuristic's six best
  plays in the same re-deals (``bots.search.flat``): each is followed by 16 plays of the
  heuristic for every seat, then the evaluation. The differences between good plays are
  small and the deal decides much; comparing them in the same worlds cancels its luck. The
  tree search (used by the post-game analysis) judges a new node at once.
* **Every move is public.** A play shows its card to everybody (the log names it), a claim
  and the end of claiming hide nothing: the tree is kept between decisions. The draws stay
  hidden, but they are no moves: the search re-deals them in every iteration.
* **Never simultaneous.** One seat acts at a time, in the claim phase too (KC-R17, KC-R29)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ...engine.action import Action
from ...engine.search_hooks import SearchHooks, win_shares
from ...engine.state import State
from .actions import CLAIM, END_CLAIMS_KIND, PLAY, Move
from .heuristic import HeuristicBot, _Evaluation
from .search_eval import features
from .state import KingdomsState

# Fitted by tools/search/fit_kingdoms_of_crusaders.py: the weights of the softmax over seats
# of the measures search_eval.FEATURES (match, territories, to_move, judge), per
# player count; WEIGHTS for a world re-dealt for one seat (judged as that seat sees it),
# WEIGHTS_ALL_HANDS for any other state (every hand in it is taken as known). 3 and 4
# players: 400 games each; held-out figures in docs/games/kingdoms-of-crusaders-search.md.
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (0.3716, 0.2059, -0.0928, -0.0151),
    3: (0.5515, 0.8602, -0.0663, -0.2566),
    4: (0.6616, 0.7954, -0.0700, -0.3398),
}
WEIGHTS_ALL_HANDS: dict[int, tuple[float, ...]] = {
    2: (0.4270, 0.1509, -0.1345, 0.0),
    3: (0.5357, 0.9777, -0.0957, 0.0),
    4: (0.6167, 0.9730, -0.1032, 0.0),
}


class KingdomsSearchHooks(SearchHooks):
    #: the flat search (``bots.search.flat``): the heuristic's six best plays compared in
    #: shared re-deals, each followed by 16 plays of the heuristic for every seat and the
    #: evaluation. The tree search gained little here (hard 53.5% of 200 games against
    #: normal at 1,000 iterations); see docs/games/kingdoms-of-crusaders-search.md
    root_candidates = 6
    flat_rollout_depth = 16
    #: the tree search (post-game analysis) judges a new node at once: short or whole
    #: rollouts of a quick greedy policy did not help it
    rollout_depth = 0
    heuristic_weight = 0.7  # claims: the share of the prior on the heuristic's claim
    exploration = 1.0
    #: the prior's softmax over the heuristic's match values, per standard deviation of them
    sharpness = 2.0
    #: share of the prior spread evenly, so that no play is left unvisited for long
    floor = 0.1
    #: the draws decide much of a game, so a slip costs less: easy scored 34.5% of 200 games
    #: against normal at 0.35, 31.5% at 0.45, 27% at 0.5 (seats rotated)
    easy_slip = 0.5

    def evaluate(self, state: State) -> list[float]:
        if state.is_over():
            return win_shares(state)
        assert isinstance(state, KingdomsState)
        # in a re-dealt world only the hand of the seat it was dealt for is real: judged as
        # that seat sees it, the evaluation does not vary with the other hands dealt
        judge = state.dealt_for
        weights = (WEIGHTS if judge is not None else WEIGHTS_ALL_HANDS)[state.players]
        rows = features(state, judge)
        scores = [sum(w * f for w, f in zip(weights, row, strict=True)) for row in rows]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def prior(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> list[float]:
        n = len(legal)
        plays = [a for a in legal if isinstance(a, Move) and a.kind == PLAY]
        if len(plays) != n or n == 1 or not isinstance(state, KingdomsState):
            return super().prior(state, seat, legal, rng)  # a claim phase: the claim first
        scored = _Evaluation(state, seat, HeuristicBot.params).scores(plays)
        values = [value for _, value in scored.values()]
        top = max(values)
        # the heuristic's values of good plays often differ in the third decimal only: its
        # scale is the spread of its values at this decision
        mean = sum(values) / len(values)
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
        scale = self.sharpness / spread if spread > 1e-12 else 0.0
        weight = {a: math.exp((value - top) * scale) for a, value in scored.values()}
        total = sum(weight.values())
        even = self.floor / n
        # equivalent plays (KC-E24) leave their group's weight to the first of them: the
        # search need not split its visits among moves that are one
        return [even + (1.0 - self.floor) * weight.get(a, 0.0) / total for a in plays]

    def rollout_action(self, state: State, seat: int, rng: random.Random) -> Action:
        """The heuristic's play (it claims whatever it can): the flat search's rollouts are
        the game as two ``normal`` players would go on with it, in the re-dealt world."""
        bot = self.heuristic()
        assert bot is not None
        action: Action = bot.choose(state, seat, rng)
        return action

    def public(self, action: Action) -> bool:
        return isinstance(action, Move) and action.kind in (PLAY, CLAIM, END_CLAIMS_KIND)
