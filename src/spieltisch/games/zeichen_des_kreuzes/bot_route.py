"""The heuristic bot's routes: fewest-steps distances to a goal (cached per board) and a
memoised search over the hand for the longest run of steps the cards can pay for (rule 2 of
``heuristic``)."""

from __future__ import annotations

from .board import MOUNTAIN, PLAIN, SEA, Board
from .components import JOKER

_DIST: dict[int, tuple[Board, dict[int, list[int]]]] = {}


def distances(board: Board, goal: int) -> list[int]:
    """Fewest steps from every cell to ``goal`` (all terrains), cached per board."""
    entry = _DIST.get(id(board))
    if entry is None or entry[0] is not board:
        entry = (board, {})
        _DIST[id(board)] = entry
    table = entry[1].get(goal)
    if table is None:
        table = entry[1][goal] = board.distances(goal)
    return table


LAND_CODES = (PLAIN, MOUNTAIN)
# hand counts: sea, plain, mountain, joker, forced march, genoese ships
_SLOT = {SEA: 0, PLAIN: 1, MOUNTAIN: 2, JOKER: 3}
MARCH, SHIPS = 4, 5


class Planner:
    """Memoised search over the hand: the longest run of steps that each get one cell
    closer to the goal and that the hand can pay for (rule 2). Values are
    ``(steps, jokers left)``."""

    __slots__ = ("blocked", "board", "dist", "memo")

    def __init__(self, board: Board, dist: list[int], blocked: set[int]) -> None:
        self.board, self.dist, self.blocked = board, dist, blocked
        self.memo: dict[tuple[int, tuple[int, ...]], tuple[int, int]] = {}

    def _next(self, cell: int, land: bool | None = None) -> list[int]:
        board, dist = self.board, self.dist
        out = []
        for n in board.neighbours[cell]:
            if dist[n] != dist[cell] - 1 or n in self.blocked:
                continue
            if land is not None and (board.terrain[n] != SEA) != land:
                continue
            out.append(n)
        return out

    def best(self, cell: int, counts: tuple[int, ...]) -> tuple[int, int]:
        key = (cell, counts)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        value = (0, counts[3])
        if self.dist[cell] > 0:
            terrain = self.board.terrain
            for n in self._next(cell):
                for slot in (_SLOT[terrain[n]], 3):
                    if counts[slot] <= 0:
                        continue
                    rest = list(counts)
                    rest[slot] -= 1
                    v = self.best(n, tuple(rest))
                    v = (v[0] + 1, v[1])
                    if v > value:
                        value = v
            for slot in (MARCH, SHIPS):
                if counts[slot] <= 0 or (slot == MARCH and terrain[cell] == SEA):
                    continue
                rest = list(counts)
                rest[slot] -= 1
                for n in self._next(cell, land=slot == MARCH):
                    v = self.two_step(n, slot, tuple(rest))
                    if v > value:
                        value = v
        self.memo[key] = value
        return value

    def two_step(self, first: int, slot: int, rest: tuple[int, ...]) -> tuple[int, int]:
        """Value of a two-step card whose first step enters ``first``."""
        v = self.best(first, rest)
        value = (v[0] + 1, v[1])
        if self.dist[first] > 0 and not (slot == MARCH and self.board.terrain[first] == SEA):
            for n in self._next(first, land=slot == MARCH):
                w = self.best(n, rest)
                if (w[0] + 2, w[1]) > value:
                    value = (w[0] + 2, w[1])
        return value
