"""What the search bot (``hard``, ``expert``) knows of Tumult Royal.

* **Evaluation** (``search_eval.py``): the rest of the round is played by the heuristic, then
  a softmax of public measures fitted on heuristic games judges the next round's start.
* **Prior**: in a build turn the heuristic's own scores of every legal action through a
  softmax; in a grab tick its keep score through a logistic (a tile in hand) or weight on
  its choice, the slots never held standing for each other (an empty hand); for the start
  statues the default weight on its choice.
* **Rollout**: none before the evaluation, which already plays the round out.
* **Public moves**: start statues, builds and the end of a turn; a grab choice stays hidden
  from the others until its tick resolves (TR-G6, TR-H2), so none of those.
* **Simultaneous rounds**: a grab tick (TR-G6): the seats still to choose in it (the
  default); a seat that has chosen already is re-dealt a plausible choice (``resample``).

``docs/games/tumult-royal-search.md`` has the measures, the fit and the figures."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ...engine.action import Action
from ...engine.search_hooks import SearchHooks
from ...engine.state import State
from .actions import TumultAction
from .heuristic import WIN, HeuristicBot
from .heuristic_risk import GrabInfo
from .search_eval import chances
from .table import BUILD, GRAB, Table

PUBLIC_KINDS = frozenset({"place_start", "build", "end_turn"})


class TumultSearchHooks(SearchHooks):
    rollout_depth = 0
    heuristic_weight = 0.5
    exploration = 0.5
    #: statues per unit of the softmax over the heuristic's build scores
    build_temperature = 0.5
    #: statues per unit of the logistic over the heuristic's keep score (tile in hand)
    keep_temperature = 0.3
    #: the prior's share of done and wait for a seat holding a tile
    grab_side = 0.1

    def heuristic(self) -> HeuristicBot:
        if self._heuristic is None:
            self._heuristic = HeuristicBot()
        bot: HeuristicBot = self._heuristic
        return bot

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, Table)
        # the heuristic draws nothing from its generator; chance comes from the state's own
        return chances(state, self.heuristic(), random.Random(0))

    def rollout_action(self, state: State, seat: int, rng: random.Random) -> Action:
        return self.heuristic().choose(state, seat, rng)

    def prior(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> list[float]:
        assert isinstance(state, Table)
        if len(legal) == 1:
            return [1.0]
        if state.phase == GRAB:
            return self._grab_prior(state, seat, legal, rng)
        if state.phase != BUILD:
            return super().prior(state, seat, legal, rng)
        scores = self.heuristic().build_scores(state, seat, list(legal))
        if WIN in scores:  # the last statue wins (TR-V1): nothing else deserves a look
            wins = scores.count(WIN)
            return [1.0 / wins if s == WIN else 0.0 for s in scores]
        top = max(scores)
        t = self.build_temperature
        exps = [math.exp((s - top) / t) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def _grab_prior(
        self, state: Table, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> list[float]:
        """A tile in hand: keep or put back by the heuristic's keep score (through a
        logistic), a little for done and wait. An empty hand: weight on the heuristic's
        choice, the rest spread over the distinct choices: the slots the seat has never held
        are all alike to it (their faces are re-dealt uniformly, TR-H4), so only the first
        stands for them and the others get nothing (no search time on copies)."""
        bot = self.heuristic()
        side = self.grab_side
        if state.hand[seat] >= 0:
            info = GrabInfo(state, seat, bot.params)
            margin = info.keep_score(state.slot_tile[state.hand[seat]]) - bot.params.keep_margin
            keep = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, margin / self.keep_temperature))))
            weights = {"keep": keep * (1 - side), "put_back": (1 - keep) * (1 - side)}
            return [weights.get(a.kind, side / 2) for a in legal if isinstance(a, TumultAction)]
        choice = bot.choose(state, seat, rng)
        known = state.memory[seat]
        stand_in: Action | None = None
        distinct = []
        for a in legal:
            assert isinstance(a, TumultAction)
            if a.kind == "peek" and a.slot not in known:
                if stand_in is not None:
                    distinct.append(False)
                    continue
                stand_in = a
            distinct.append(True)
        base = (1.0 - self.heuristic_weight) / sum(distinct)
        return [
            (base if d else 0.0) + (self.heuristic_weight if a == choice else 0.0)
            for a, d in zip(legal, distinct, strict=True)
        ]

    def public(self, action: Action) -> bool:
        return isinstance(action, TumultAction) and action.kind in PUBLIC_KINDS
