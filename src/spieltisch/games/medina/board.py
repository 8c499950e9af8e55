"""Board geometry (MD-D1 to MD-D3, MD-D7, MD-D8): cells, classes, neighbours, ring sides,
towers and wall chains.

A cell is stored as one integer ``y * width + x``, so ascending integers are the row-major
order of MD-D1 and sorting a list of cells needs no key."""

from __future__ import annotations

import functools
from dataclasses import dataclass

TOWER, WALL_CELL, CITY = 1, 2, 3
SIDES = ("top", "bottom", "left", "right")


@dataclass(frozen=True, eq=False)
class Board:
    width: int
    height: int
    cls: tuple[int, ...]  # TOWER, WALL_CELL or CITY per cell
    inner: tuple[bool, ...]  # MD-R2
    n4: tuple[tuple[int, ...], ...]  # orthogonal neighbours inside the grid
    n8: tuple[tuple[int, ...], ...]  # king neighbours inside the grid
    city_cells: tuple[int, ...]
    inner_cells: tuple[int, ...]
    wall_cells: tuple[int, ...]
    tower_cells: tuple[int, ...]
    tower_value: dict[int, int]  # tower cell -> value 1-4
    tower_cell: dict[int, int]  # value -> tower cell
    side_of: tuple[int, ...]  # wall cell -> index into SIDES, -1 elsewhere
    chains: tuple[tuple[int, str], ...]  # chain id -> (tower value, side name)
    chain_at: dict[tuple[int, int], int]  # (tower cell, side index) -> chain id
    inward: tuple[int, ...]  # wall cell -> the one city cell it touches, -1 elsewhere

    @property
    def size(self) -> int:
        return self.width * self.height

    def cell(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def name(self, cell: int) -> str:
        x, y = self.xy(cell)
        return f"({x},{y})"

    def on_board(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def chain_tower(self, chain: int) -> int:
        return self.chains[chain][0]

    def well_zone(self, well: int) -> tuple[int, ...]:
        """MD-D8: the 8 king neighbours of the well."""
        return self.n8[well]

    def bonus_cells(self, well: int) -> tuple[int, ...]:
        """MD-D8: city cells two steps from the well in a straight line (3 or 4 of them)."""
        x, y = self.xy(well)
        out = []
        for dx, dy in ((0, -2), (-2, 0), (2, 0), (0, 2)):
            if self.on_board(x + dx, y + dy) and self.cls[self.cell(x + dx, y + dy)] == CITY:
                out.append(self.cell(x + dx, y + dy))
        return tuple(sorted(out))


@functools.lru_cache(maxsize=16)
def make_board(width: int, height: int, tower_values: tuple[int, int, int, int]) -> Board:
    """``tower_values`` in the order top-left, top-right, bottom-right, bottom-left."""
    W, H = width, height
    corners = (0, W - 1, (H - 1) * W + W - 1, (H - 1) * W)
    cls, inner, side_of = [], [], []
    for y in range(H):
        for x in range(W):
            on_x, on_y = x in (0, W - 1), y in (0, H - 1)
            if on_x and on_y:
                cls.append(TOWER)
                side_of.append(-1)
            elif on_x or on_y:
                cls.append(WALL_CELL)
                side_of.append(0 if y == 0 else 1 if y == H - 1 else 2 if x == 0 else 3)
            else:
                cls.append(CITY)
                side_of.append(-1)
            inner.append(2 <= x <= W - 3 and 2 <= y <= H - 3)
    n4, n8 = [], []
    for y in range(H):
        for x in range(W):
            n4.append(
                tuple(
                    sorted(
                        (y + dy) * W + x + dx
                        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                        if 0 <= x + dx < W and 0 <= y + dy < H
                    )
                )
            )
            n8.append(
                tuple(
                    sorted(
                        (y + dy) * W + x + dx
                        for dx in (-1, 0, 1)
                        for dy in (-1, 0, 1)
                        if (dx or dy) and 0 <= x + dx < W and 0 <= y + dy < H
                    )
                )
            )
    tower_value = dict(zip(corners, tower_values, strict=True))
    # each tower starts one chain on each of the two sides meeting at its corner (MD-D3)
    chains: list[tuple[int, str]] = []
    chain_at: dict[tuple[int, int], int] = {}
    for value in (1, 2, 3, 4):
        cell = corners[tower_values.index(value)]
        x, y = cell % W, cell // W
        for side in (0 if y == 0 else 1, 2 if x == 0 else 3):
            chain_at[(cell, side)] = len(chains)
            chains.append((value, SIDES[side]))
    inward = []
    for c in range(W * H):
        if cls[c] == WALL_CELL:
            inward.append(next(d for d in n4[c] if cls[d] == CITY))
        else:
            inward.append(-1)
    return Board(
        width=W,
        height=H,
        cls=tuple(cls),
        inner=tuple(inner),
        n4=tuple(n4),
        n8=tuple(n8),
        city_cells=tuple(c for c in range(W * H) if cls[c] == CITY),
        inner_cells=tuple(c for c in range(W * H) if inner[c]),
        wall_cells=tuple(c for c in range(W * H) if cls[c] == WALL_CELL),
        tower_cells=tuple(sorted(corners)),
        tower_value=tower_value,
        tower_cell={v: c for c, v in tower_value.items()},
        side_of=tuple(side_of),
        chains=tuple(chains),
        chain_at=chain_at,
        inward=tuple(inward),
    )
