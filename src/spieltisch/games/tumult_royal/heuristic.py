"""The heuristic bot of Tumult Royal: risk-priced grabbing and greedy, look-ahead building.

The bot is handed a resampled state (DESIGN.md §4) and reads only what its seat may see:
the public board, slot states, kept-tile counts, followers, ranks, grace cards, the demand,
its own hand, kept tiles and memory. Faces of slots it has not held are never read; their
distribution is the known game set (``state.tiles``) minus every face the seat knows.

Rules of thumb, as the code encodes them:

1. **Value of goods = statues they can buy.** ``potential`` (``heuristic_risk.py``)
   estimates the statues a bundle of (bread, marble, tools) units buys this round: castles
   and villages (as far as free ones are reachable) plus meadows/forests (one bread or
   marble and one tools each), capped by the reserve. Unspent tiles go back at the end of
   the round, so goods are worth nothing beyond the coming build turn.
2. **Keep a tile only when it beats its expected punishment.** For the good in hand the bot
   computes the distribution of the units left in the pool at the end of the grab: the
   known slots exactly, every unexplored slot as a draw from the unknown tile mix, minus the
   tiles the others are still expected to keep (their observed keep rate). With the demand
   (or, in Zocker, the spinner distribution) this gives the chance of a tumult. The chance
   of being the greediest compares its own measure (minus grace) with the others' kept
   tiles (known faces from memory, unknown ones as draws from the mix; rank breaks ties).
   The punishment is 3 followers plus the statue value of every tile of that good but the
   smallest. The tile is kept iff its marginal statue value exceeds the increase of the
   expected punishment less a small bias (``Params.keep_margin``: a kept tile is also a tile
   the others cannot build with; tuned in heuristic-vs-heuristic games); otherwise it is put
   back.
3. **Explore, then stop.** With an empty hand the bot peeks an unexplored slot; when none is
   left it re-takes the best remembered slot still worth keeping, and otherwise is done. A
   peek in the last tick is pointless, so it is done then.
4. **Build greedily with look-ahead.** Every legal build is scored by the statues it
   places, plus the statues the remaining goods can still buy (rule 1, so a village is not
   spoiled by a meadow that eats its bread), plus followers from overpayment, plus a small
   positional bonus (free neighbours, reachable villages and castles). The best build is
   taken; the turn ends when no build is left (unspent tiles are lost at the end of the
   round anyway). Ending the turn is worth the +2 consolation where TR-R21 gives it: to a
   player without any legal build (``consolation = could_not``, the default), or to anyone
   who builds nothing (``built_nothing``); a statue is worth more, so the bot builds
   whenever it can, and while grabbing it values goods that buy no statue at the
   consolation. Overpayment followers count towards the crown: the King's chronicle statues
   are placed statues too.
5. **Start statues** go on the meadow with the richest free surroundings (villages and
   castles within two steps, room to grow), away from the other players.

Strength (seeded games, heuristic in one seat beside random bots, seat rotating): 300 of
300 three-player games won, and 100 of 100 in each of 2p/4p standard and 2p/3p/4p Zocker;
in 3p it keeps about 10.5 tiles per round, is punished about 0.8 times per game and wins
(mostly by the end check of round 5-6) about 22 statues ahead of the best random bot.

The bot uses no randomness and breaks ties by the order of ``legal_actions``, so its choice
depends only on the information of its seat."""

from __future__ import annotations

import random

from ...engine.action import Action
from ...engine.game import State
from .actions import DONE, END_TURN, KEEP, PUT_BACK, TumultAction
from .build import consoled
from .grab import choices
from .heuristic_risk import GrabInfo, Params, caps, potential
from .table import BUILD, GRAB, START, Table

WIN = 1e9  # the score of a build that places the last statue (TR-V1)


def plausible_choice(state: Table, seat: int) -> TumultAction:
    """What ``seat`` would choose in the current grab tick by these rules of thumb, also
    once it has chosen (``resample`` re-deals a pending choice hidden from the others)."""
    choice = _PLAUSIBLE._grab(state, seat, choices(state, seat))
    assert isinstance(choice, TumultAction)
    return choice


class HeuristicBot:
    name = "heuristic"

    def __init__(self, params: Params | None = None) -> None:
        self.params = params or Params()

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        assert isinstance(state, Table)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == START:
            return self._start(state, seat, legal)
        if state.phase == GRAB:
            return self._grab(state, seat, legal)
        if state.phase == BUILD:
            return self._build(state, seat, legal)
        return legal[0]

    # -- start statues ---------------------------------------------------------------------
    def _start(self, state: Table, seat: int, legal: list[Action]) -> Action:
        land = state.land
        weight = {"M": 0.5, "F": 0.5, "H": 0.3, "V": 1.2, "C": 1.6}
        best, choice = -1e9, legal[0]
        for action in legal:
            assert isinstance(action, TumultAction) and action.field is not None
            r0, c0 = action.field
            score = 0.0
            for g in range(land.size):
                r, c = land.rc(g)
                d = abs(r - r0) + abs(c - c0)
                if d == 0 or d > 2:
                    continue
                factor = 1.0 if d == 1 else 0.6
                if state.owner[g] >= 0:
                    score -= 0.7 * factor
                    continue
                code = state.terrain(g)
                if code:
                    score += weight[code] * factor
                else:
                    score += 0.2 * factor  # fog: room once revealed
            if score > best:
                best, choice = score, action
        return choice

    # -- grab ------------------------------------------------------------------------------
    def _grab(self, state: Table, seat: int, legal: list[Action]) -> Action:
        remaining = state.options["grab_ticks"] - state.tick
        hand = state.hand[seat]
        if hand >= 0:
            info = GrabInfo(state, seat, self.params)
            t = state.slot_tile[hand]
            return KEEP if info.keep_score(t) > self.params.keep_margin else PUT_BACK
        if remaining < 2:
            return DONE
        peeks = [a for a in legal if isinstance(a, TumultAction) and a.kind == "peek"]
        known = state.memory[seat]
        for a in peeks:  # the first unexplored slot (the risk model is not needed)
            if a.slot not in known:
                return a
        info = GrabInfo(state, seat, self.params)
        best, choice = self.params.keep_margin, None
        for a in peeks:  # every remaining slot is remembered: its face is known
            score = info.keep_score(state.slot_tile[a.slot])
            if score > best:
                best, choice = score, a
        return choice if choice is not None else DONE

    # -- build -----------------------------------------------------------------------------
    def _build(self, state: Table, seat: int, legal: list[Action]) -> Action:
        # the first build that places the 25th statue (it wins at once), else the best
        # scored build, ``end_turn`` on a tie with it
        scores = self.build_scores(state, seat, legal)
        best = scores[legal.index(END_TURN)]
        choice: Action = END_TURN
        for action, score in zip(legal, scores, strict=True):
            if score == WIN:
                return action
            if score > best:
                best, choice = score, action
        return choice

    def build_scores(self, state: Table, seat: int, legal: list[Action]) -> list[float]:
        """Rule of thumb 4: the score of every legal action of a build turn, in statues
        (``WIN`` for a build that places the last statue); ``end_turn`` is worth the
        consolation where TR-R21 gives it, else nothing."""
        p = self.params
        goods = state.rules.goods
        held = [0, 0, 0]
        for t in state.holdings(seat):
            held[state.tiles[t].good] += state.tiles[t].value
        reach = caps(state, seat)
        reserve = state.reserve[seat]
        land, owner = state.land, state.owner
        # ending the turn earns the consolation only where TR-R21 gives it for this turn:
        # always under built_nothing, only without any legal build under could_not
        end = p.follower * state.rules.no_build_bonus if consoled(state, seat) else 0.0
        scores: list[float] = []
        # what depends on the field alone, worked out once per field: its capacity, the
        # cost paid there, the villages and castles left in reach, the neighbour bonuses
        per_field: dict[tuple[int, int], tuple[int, int, tuple[int, int], list[float]]] = {}
        index = {name: g for g, name in enumerate(goods)}
        for action in legal:
            if not isinstance(action, TumultAction) or action.kind != "build":
                scores.append(end)
                continue
            assert action.field is not None
            known = per_field.get(action.field)
            if known is None:
                f = land.field(*action.field)
                code = state.terrain(f)
                terrain = state.rules.terrains[code]
                adjacent = any(owner[n] == seat for n in land.n4[f])
                m = 1 if adjacent else state.rules.nonadjacent_cost_multiplier
                bonuses = []
                for n in land.n4[f]:
                    if owner[n] < 0:
                        nc = state.terrain(n)
                        if nc in ("V", "C"):
                            bonuses.append(p.big_neighbour)
                        elif nc:
                            bonuses.append(p.free_neighbour)
                vc = (
                    reach[0] - (1 if code == "V" else 0),
                    reach[1] - (1 if code == "C" else 0),
                )
                cost = sum(terrain.cost) * m
                known = per_field[action.field] = (terrain.capacity, cost, vc, bonuses)
            capacity, cost, vc, bonuses = known
            after = reserve - capacity
            if after == 0:
                scores.append(WIN)  # the 25th statue wins at once
                continue
            paid = [0, 0, 0]
            for name, value in action.payment:
                paid[index[name]] += value
            surplus = sum(paid) - cost
            left = (held[0] - paid[0], held[1] - paid[1], held[2] - paid[2])
            score = capacity + p.follower * surplus
            score += potential(left, vc, after)
            for bonus in bonuses:  # one at a time, in the neighbours' order, as ever
                score += bonus
            scores.append(score)
        return scores


_PLAUSIBLE = HeuristicBot()
