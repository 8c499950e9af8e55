"""The heuristic bot's choices about its hand and the neutral units (rules 3 and 7 of
``heuristic``): which cards to discard for the route ahead, and where a symbol moves a
fleet or an army."""

from __future__ import annotations

from abc import ABC, abstractmethod

from ...engine.action import Action
from . import actions as A
from .actions import ZkAction
from .board import MOUNTAIN, PLAIN, SEA, Board
from .bot_route import Planner, distances
from .components import JOKER, MOVEMENT
from .constants import draw_limit
from .state import ZkState


class HandChoices(ABC):
    """The hand half of ``HeuristicBot`` (planning is the bot's own, and these three
    methods with it)."""

    @abstractmethod
    def goal(self, state: ZkState, seat: int) -> int: ...

    @abstractmethod
    def _hand_counts(self, state: ZkState, seat: int) -> list[int]: ...

    @abstractmethod
    def _planner(self, state: ZkState, dist: list[int], seat: int) -> Planner: ...

    # -- discard ----------------------------------------------------------------------
    def _discard(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        """Rule 3: drop cards of no use on the route; when the hand cannot make a single
        step, drop the weakest cards until a full draw fits."""
        board, cards = state.comp.board, state.comp.cards
        here = state.pawn[seat]
        dist = distances(board, self.goal(state, seat))
        counts = self._hand_counts(state, seat)
        need = self._route_needs(board, dist, here, counts, 6)
        first = self._route_needs(board, dist, here, counts, 1)
        have = [0, 0, 0]
        values: list[tuple[float, int]] = []
        events = 0
        for c in state.hands[seat]:
            card = cards[c]
            if card.kind == MOVEMENT:
                if card.terrain == JOKER:
                    value = 3.0
                else:
                    t = card.terrain
                    have[t] += 1
                    value = 0.0 if have[t] > need[t] else 2.0 + first[t]
            else:
                events += 1
                value = self._event_value(state, seat, card.event or "", need)
            values.append((value, c))
        values.sort()
        useless = [c for v, c in values if v <= 0]
        if useless:
            return A.discard(useless[0])
        plan = self._planner(state, dist, seat)
        stuck = dist[here] > 0 and plan.best(here, tuple(counts))[0] == 0
        room = 5 - draw_limit(state.motivation[seat])
        if (stuck or events >= 3) and len(values) > room:
            return A.discard(values[0][1])
        return A.END_DISCARD

    def _event_value(self, state: ZkState, seat: int, event: str, need: list[int]) -> float:
        if event == "holy_lance":
            return 3.0
        if event in ("tower_shaking", "truce"):
            return 2.0
        if event == "mercenaries":
            return 2.0 if state.treasure[seat] >= 1 and state.supply[seat] >= 1 else 0.0
        if event == "tribute":
            return 2.5 if state.green_tiles[seat] else 1.0
        if event == "relic":
            return 1.0 if state.motivation[seat] < 18 else 0.0
        if event == "crusade_sermon":
            return 1.0 if state.supply[seat] >= 1 else 0.0
        if event == "forced_march":
            return 2.0 if need[PLAIN] + need[MOUNTAIN] >= 2 else 0.0
        if event == "genoese_ships":
            return 2.0 if need[SEA] >= 2 else 0.0
        return 0.5  # ambush

    def _route_needs(
        self, board: Board, dist: list[int], here: int, counts: list[int], horizon: int
    ) -> list[int]:
        """Terrain cards needed for the next ``horizon`` steps of a route that prefers the
        terrains in hand (sea, plain, mountain)."""
        need = [0, 0, 0]
        cell = here
        held = list(counts)
        terrain = board.terrain
        for _ in range(horizon):
            if dist[cell] <= 0:
                break
            options = [n for n in board.neighbours[cell] if dist[n] == dist[cell] - 1]
            if not options:
                break

            def key(n: int) -> tuple[int, int]:
                t = terrain[n]
                return (0 if held[t] > 0 else 1, -held[t])

            nxt = min(options, key=key)
            t = terrain[nxt]
            if held[t] > 0:
                held[t] -= 1
            need[t] += 1
            cell = nxt
        return need

    # -- neutral units ----------------------------------------------------------------
    def _symbol(self, state: ZkState, seat: int, legal: list[Action]) -> Action:
        board = state.comp.board
        here = state.pawn[seat]
        dist = distances(board, self.goal(state, seat))
        leader = self._leader(state, seat)

        def in_way(cell: int) -> float:
            if cell < 0:
                return 0.0
            hx, hy = board.xy(here)
            x, y = board.xy(cell)
            cheb = max(abs(hx - x), abs(hy - y))
            if cheb > 3 or dist[cell] >= dist[here]:
                return 0.0
            return 1.0 / cheb if cheb else 2.0

        best, choice = 0.2, A.NO_UNIT_MOVE
        for a in legal:
            assert isinstance(a, ZkAction)
            if a.kind != "move_unit":
                continue
            pawns = [s for s in range(state.players) if state.pawn[s] == a.to]
            if seat in pawns:
                continue
            score = in_way(state.units[a.unit]) - in_way(a.to)
            for s in pawns:
                score += 1.0 + (1.5 if s == leader else 0.0) + 0.05 * len(state.green_tiles[s])
            if score > best:
                best, choice = score, a
        return choice

    def _leader(self, state: ZkState, seat: int) -> int:
        board = state.comp.board
        dj = distances(board, board.jerusalem.cell)
        best, who = -1e9, -1
        for s in range(state.players):
            if s == seat:
                continue
            score = 3.0 * len(state.green_tiles[s]) - 0.2 * dj[state.pawn[s]] + 0.1 * state.army[s]
            if score > best:
                best, who = score, s
        return who
