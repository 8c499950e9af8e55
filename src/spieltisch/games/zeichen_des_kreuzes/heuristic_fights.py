"""The heuristic bot's choices inside a fight (rules 4 and 5 of ``heuristic``): truce,
emptying the tower, the commitment with or without a Holy Lance, and the defender's garrison
commitment in a siege round."""

from __future__ import annotations

from ...engine.action import Action
from . import actions as A
from .actions import ZkAction
from .bot_odds import _after_win, fall_chance, siege_odds, win_prob
from .fight import AMBUSH, ENEMY_CUBES, JERUSALEM_ROUND, PLUNDER_CHRISTIAN, PLUNDER_MUSLIM
from .state import ZkState
from .tower import GREEN


class FightChoices:
    """The fight half of ``HeuristicBot``."""

    hopeless: float

    def _fight_odds(
        self, state: ZkState, seat: int, n: int, greens: int, ties: bool, bonus: int = 0
    ) -> float:
        tower = state.tower
        return win_prob(n, greens, tower.count(seat), tower.count(GREEN), bonus, ties)

    def _truce(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        truces = [a for a in legal if isinstance(a, ZkAction) and a.kind == "truce"]
        if not truces:
            return A.FIGHT
        ties = state.options["tie_rule"] == "attacker"
        army = state.army[seat]
        if army == 0:
            return truces[0]
        n = self._needed(state, seat, army, 3, ties, 0.85)
        p = self._fight_odds(state, seat, n, 3, ties)
        return truces[0] if p < 0.6 else A.FIGHT

    def _needed(
        self,
        state: ZkState,
        seat: int,
        army: int,
        greens: int,
        ties: bool,
        goal: float,
        low: int = 1,
        bonus: int = 0,
    ) -> int:
        """The fewest cubes in ``low..army`` whose odds reach ``goal`` (all of them if
        none does)."""
        for n in range(low, army + 1):
            if self._fight_odds(state, seat, n, greens, ties, bonus) >= goal:
                return n
        return army

    def _empty(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        fight = state.fight
        if fight is None or fight.fighter != seat:
            return A.KEEP_TOWER
        tower = state.tower
        greens_in, own_in = tower.count(GREEN), tower.count(seat)
        if greens_in <= own_in:
            return A.KEEP_TOWER
        ties = state.options["tie_rule"] == "attacker"
        army = state.army[seat]
        if fight.kind == JERUSALEM_ROUND:
            e = max(3, min(state.garrison, army))
            n = army
            margin = 0.05
        else:
            e = ENEMY_CUBES[fight.kind]
            n = self._needed(state, seat, army, e, ties, 0.9, low=2 if fight.kind == AMBUSH else 1)
            margin = 0.1 if fight.kind == PLUNDER_MUSLIM else 0.2
        keep = win_prob(n, e, own_in, greens_in, 0, ties)
        empty = win_prob(n, e, 0, 0, 0, ties)
        if empty - keep < margin:
            return A.KEEP_TOWER
        shaking = [
            a for a in legal if isinstance(a, ZkAction) and a.kind == "empty_tower" and a.card >= 0
        ]
        if shaking:
            return shaking[0]
        if A.empty_tower() in legal and (margin < 0.2 or state.markers[seat] >= 1):
            return A.empty_tower()
        return A.KEEP_TOWER

    def _commit(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        fight = state.fight
        assert fight is not None
        ties = state.options["tie_rule"] == "attacker"
        commits = [a for a in legal if isinstance(a, ZkAction) and a.kind == "commit"]
        amounts = sorted({a.amount for a in commits})
        lances = sorted({a.card for a in commits if a.card >= 0})
        lo, hi = amounts[0], amounts[-1]
        if fight.kind == JERUSALEM_ROUND:
            odds = siege_odds(min(state.garrison, 40), min(state.army[seat], 30), ties)
            if odds < self.hopeless:
                # the round still drains the garrison (the defender's greens leave for
                # good, ZK-J6) and a loss may bring the Pope's consolation (ZK-J11): risk
                # the fewest troops and keep the rest for the next siege
                return A.commit(lo, -1)
            return A.commit(hi, lances[0] if lances else -1)
        e = ENEMY_CUBES[fight.kind]
        goal = 0.9 if fight.kind in (PLUNDER_MUSLIM, PLUNDER_CHRISTIAN) else 0.8
        n = self._needed(state, seat, hi, e, ties, goal, low=lo)
        if lances:
            p0 = self._fight_odds(state, seat, n, e, ties)
            n1 = self._needed(state, seat, hi, e, ties, goal, low=lo, bonus=1)
            p1 = self._fight_odds(state, seat, n1, e, ties, 1)
            important = fight.kind == PLUNDER_MUSLIM
            if p0 < goal and p1 - p0 >= (0.08 if important else 0.15):
                return A.commit(n1, lances[0])
        return A.commit(n, -1)

    def _defend(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        fight = state.fight
        assert fight is not None
        ties = state.options["tie_rule"] == "attacker"
        attacker = fight.fighter
        a = state.army[attacker]  # the stored commitment is secret: assume everything
        bonus = 1 if fight.lance >= 0 else 0
        tower = state.tower
        g = state.garrison
        best, choice = 2.0, legal[0]
        for act in legal:
            assert isinstance(act, ZkAction)
            d = act.amount
            p = win_prob(a, d, tower.count(attacker), tower.count(GREEN), bonus, ties)
            if d < g:
                p *= fall_chance(min(g - d, 40), min(_after_win(a, d), 30), ties)
            if p < best - 1e-9:
                best, choice = p, act
        return choice
