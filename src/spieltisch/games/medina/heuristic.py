"""The heuristic bot of Medina: one placement of look-ahead over a static evaluation.

Every promising placement is tried on a clone of the (resampled) state and the result is
scored by ``evaluate``: my *total* minus the best opponent's total, where a seat's total is
its provisional score (MD-R63, tiles included) plus a discounted *roof potential*.

Rules of thumb, as the evaluation encodes them:

1. **Score now.** Provisional scores are exact: stables, merchants and walls next to my own
   palaces, walls that bring a tower tile (MD-R44) and stables that take a palace tile
   (MD-R40) all show up as points at once; the same pieces next to an opponent's palace show
   up as his points, so they are avoided.
2. **A roof is an option.** A seat with roofs left has, for each colour it does not own yet,
   the value of the best unclaimed palace of that colour it could still roof: its palace
   points, the palace tile it would take (MD-R39) and the tower tiles of the wall chains it
   touches (MD-R43). An incomplete palace also counts its likely growth (more buildings of
   its colour are still in the supplies), and a colour with many buildings left is worth
   at least a typical future palace. Only the best colours up to the number of roofs left
   count, at a discount (``Params.potential``): an option can be lost.
3. **Roof when waiting no longer pays.** A roof turns the option into points at full value,
   so the bot roofs a palace once its value clearly beats its expected growth, and at once
   when it is the palace an opponent would take (roofing removes it from his options too).
   Late in the game the growth terms vanish and every remaining roof goes on the best
   palace left.
4. **Do not feed the opponents.** Growing an unclaimed palace raises the option of everyone
   who may roof it; the difference "mine minus best opponent's" decides whether a building
   helps. When every placement hurts, the least harmful one is taken (the score difference
   drops least).
5. **Walls for towers.** A wall that touches my claimed palace on a new chain takes that
   tower's tile; walls next to unclaimed palaces raise their roof value (tower tiles arrive
   with the roof).
6. **2nd edition.** Neutral roofs deny an opponent's best option (they lower his potential
   without raising mine); cells two steps from the well are worth their bonus to whoever
   roofs; a tea tile is discarded instead of a second placement when every placement would
   lower the evaluation.

To stay fast, building actions that found a new palace, and merchant actions that restart
the line, are pre-ranked by a cheap local score, and only the best few of them per colour
are tried on a clone. The bot uses no randomness; of equally good actions it takes the
first in the order of ``legal_actions``, so its choice does not depend on ``rng``."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...engine.action import Action
from ...engine.game import State
from .actions import MedinaAction
from .board import CITY
from .cells import EMPTY, MERCHANT, ROOFS, WALL
from .scoring import palace_total
from .state import MedinaState


@dataclass(frozen=True)
class Params:
    """Tunable weights of the evaluation."""

    potential: float = 0.85  # discount of a roof option
    growth: float = 1.5  # expected growth per building still to come (incomplete palace)
    growth_cap: int = 4  # at most this many more buildings expected
    future: float = 2.0  # value per building left in supplies of a colour (a future palace)
    future_cap: int = 6
    tile_base: float = 0.3  # weight of a held palace tile while its colour is still built
    tower_base: float = 0.4  # weight of a held tower tile early in the game
    found_candidates: int = 3  # founding cells tried per colour
    merchant_candidates: int = 6  # restart cells tried


class HeuristicBot:
    name = "heuristic"

    def __init__(self, params: Params | None = None) -> None:
        self.params = params or Params()

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        assert isinstance(state, MedinaState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == "start_merchant":
            return self._start_merchant(state, legal)
        best: Action = legal[0]
        best_value = float("-inf")
        for action, value in self.values(state, seat, legal):
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    def values(
        self, state: MedinaState, seat: int, legal: list[Action]
    ) -> list[tuple[Action, float]]:
        """The placements worth trying (``_candidates``), each with the evaluation of the
        position it leads to, in the order of ``legal`` (the search's prior grades them)."""
        out: list[tuple[Action, float]] = []
        for action in self._candidates(state, seat, legal):
            child = state.clone()
            child._apply(seat, action)
            out.append((action, self.evaluate(child, seat)))
        return out

    # -- candidates --------------------------------------------------------------------
    def _start_merchant(self, state: MedinaState, legal: list[Action]) -> Action:
        """The start merchant: near the centre, where palaces will crowd around it."""
        board = state.board
        cx, cy = (board.width - 1) / 2, (board.height - 1) / 2

        def dist(a: Action) -> float:
            assert isinstance(a, MedinaAction)
            return abs(a.x - cx) + abs(a.y - cy)

        return min(legal, key=dist)

    def _candidates(self, state: MedinaState, seat: int, legal: list[Action]) -> list[Action]:
        board = state.board
        width = board.width
        found: dict[str, list[tuple[float, int, Action]]] = {}
        restart: list[tuple[float, int, Action]] = []
        out: list[Action] = []
        colours = state.colours
        restart_line = not state.ext_squares
        for i, action in enumerate(legal):
            assert isinstance(action, MedinaAction)
            kind = action.kind
            if kind == "build":
                colour = colours.index(action.colour)
                if state.incomplete[colour]:
                    out.append(action)
                    continue
                c = action.y * width + action.x
                found.setdefault(action.colour, []).append(
                    (-self._found_score(state, seat, c), i, action)
                )
            elif kind == "merchant" and restart_line:
                c = action.y * width + action.x
                restart.append((-self._merchant_score(state, seat, c), i, action))
            else:
                out.append(action)
        p = self.params
        for items in found.values():
            items.sort(key=lambda t: (t[0], t[1]))
            out.extend(a for _, _, a in items[: p.found_candidates])
        restart.sort(key=lambda t: (t[0], t[1]))
        out.extend(a for _, _, a in restart[: p.merchant_candidates])
        order = {a: i for i, a in enumerate(legal)}
        out.sort(key=order.__getitem__)
        return out

    def _found_score(self, state: MedinaState, seat: int, c: int) -> float:
        """A cheap local score of founding a palace on ``c``: room to grow, and walls,
        merchants and well bonus next to it."""
        board, cellv = state.board, state.cellv
        score = 0.0
        for d in board.n4[c]:
            v = cellv[d]
            if v in (WALL, MERCHANT):
                score += 1.0
            elif v == EMPTY and board.cls[d] == CITY:
                score += 0.25  # room to grow
        if c in state.bonus:
            score += state.rules.well_bonus
        # a wall cell next to it: tower tiles later
        for d in board.n4[c]:
            if board.side_of[d] >= 0:
                score += 0.5
        return score

    def _merchant_score(self, state: MedinaState, seat: int, c: int) -> float:
        board, cell_pal, owner = state.board, state.cell_pal, state.pal_owner
        score = 0.0
        seen: set[int] = set()
        for d in board.n4[c]:
            q = cell_pal[d]
            if q and q not in seen:
                seen.add(q)
                o = owner[q]
                if o == seat:
                    score += 1.0
                elif o >= 0:
                    score -= 1.0
        return score

    # -- evaluation --------------------------------------------------------------------
    def evaluate(self, state: MedinaState, seat: int) -> float:
        scores, pot = self.measures(state)
        n = state.players
        k = self.params.potential
        totals = [scores[s] + k * pot[s] for s in range(n)]
        mine = totals[seat]
        best_other = max(totals[s] for s in range(n) if s != seat)
        return mine - best_other

    def measures(self, state: MedinaState) -> tuple[list[float], list[float]]:
        """Per seat: the provisional score with tiles weighted by their safety, and the
        roof potential (the two halves of ``evaluate``; the search's evaluation reads them)."""
        points = [0] + [palace_total(state, q) for q in range(1, len(state.pal_colour))]
        scores = self._scores(state, points)
        n = state.players
        if state.phase == "over":
            return scores, [0.0] * n
        supply = state.supply
        left = [sum(supply[t][c] for t in range(n)) for c in range(4)]
        options = self._options(state, points, left)
        return scores, [self._potential(state, s, options, left) for s in range(n)]

    def _scores(self, state: MedinaState, points: list[int]) -> list[float]:
        """Provisional scores with tiles weighted by how safe they are: a palace tile of a
        colour whose buildings are still being placed, and a tower tile early in the game,
        can still be taken by a larger or later palace."""
        n = state.players
        out = [0.0] * n
        owner = state.pal_owner
        for q in range(1, len(state.pal_colour)):
            o = owner[q]
            if o >= 0:
                out[o] += points[q]
        p = self.params
        total_b = [sum(state.initial[t][c] for t in range(n)) for c in range(4)]
        left = [sum(state.supply[t][c] for t in range(n)) for c in range(4)]
        for c, q in enumerate(state.palace_tile):
            if q and owner[q] >= 0:
                value = state.rules.palace_tile_values[state.colours[c]]
                done = 1.0 - left[c] / total_b[c] if total_b[c] else 1.0
                out[owner[q]] += value * (p.tile_base + (1.0 - p.tile_base) * done)
        placed = sum(sum(row) for row in state.placed)
        total = placed + sum(sum(row) for row in state.supply)
        progress = placed / total if total else 1.0
        tw = p.tower_base + (1.0 - p.tower_base) * progress
        for i, q in enumerate(state.tower_tile):
            if q and owner[q] >= 0:
                out[owner[q]] += (i + 1) * tw
        return out

    def _options(
        self, state: MedinaState, points: list[int], left: list[int]
    ) -> list[tuple[int, float, int, float]]:
        """Per unclaimed palace, what roofing it would give any seat now, worked out once
        for all seats: its colour, its points with the palace tile it would take (MD-R39),
        the towers of the wall chains it touches (bit i: tower value i + 1; MD-R43, the
        seat's own tiles among them are worth nothing more) and its expected growth."""
        p = self.params
        board = state.board
        out = []
        for q in state.unclaimed:
            colour = state.pal_colour[q]
            holder = state.palace_tile[colour]
            value = float(points[q])
            if not holder or state.size(q) > state.size(holder):
                value += state.rules.palace_tile_values[state.colours[colour]]
            chains = state.pal_chains[q]
            towers = 0
            if chains:
                for chain in range(8):
                    if chains >> chain & 1:
                        towers |= 1 << (board.chain_tower(chain) - 1)
            exp = state.pal_exp[q]
            growth = p.growth * min(left[colour], exp, p.growth_cap) if exp else 0.0
            out.append((colour, value, towers, growth))
        return out

    def _potential(
        self,
        state: MedinaState,
        s: int,
        options: list[tuple[int, float, int, float]],
        left: list[int],
    ) -> float:
        """Sum of the best roof options of seat ``s``, one per colour, as many as its roofs."""
        roofs = state.supply[s][ROOFS]
        if not roofs:
            return 0.0
        p = self.params
        owns = state.owns[s]
        best = [0.0, 0.0, 0.0, 0.0]
        for c in range(4):
            if not owns >> c & 1 and not state.retired >> c & 1:
                best[c] = p.future * min(left[c], p.future_cap)
        tower_tile, pal_owner = state.tower_tile, state.pal_owner
        for c, v, towers, growth in options:
            if owns >> c & 1:
                continue
            if towers:
                for i in range(4):
                    if towers >> i & 1:
                        h = tower_tile[i]
                        if not h or pal_owner[h] != s:
                            v += i + 1
            v += growth
            if v > best[c]:
                best[c] = v
        vals = sorted((b for b in best if b > 0), reverse=True)
        return float(sum(vals[:roofs]))


__all__ = ["HeuristicBot", "Params"]
