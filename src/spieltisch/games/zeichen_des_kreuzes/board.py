"""The map (rules section 3): terrain grid, 8-neighbour adjacency, named cells.

Cells are indexed ``y * width + x``; the board is immutable and shared by every state.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import DataError

SEA, PLAIN, MOUNTAIN = 0, 1, 2
TERRAIN_NAMES = ("sea", "plain", "mountain")

# city kinds
RED, CRETE, GREEN_CITY, JERUSALEM = "city_red", "city_crete", "city_green", "jerusalem"
CITY_KINDS = (RED, CRETE, GREEN_CITY, JERUSALEM)
NAMED_KINDS = (*CITY_KINDS, "knight_start", "fleet_start", "army_start")
FAITHS = ("christian", "muslim", "none")

# legend (3.1): every character fixes the terrain; the letters also mark named cells
LEGEND = {
    "~": SEA,
    "F": SEA,
    ".": PLAIN,
    "^": MOUNTAIN,
    "A": PLAIN,
    "C": PLAIN,
    "K": PLAIN,
    "M": PLAIN,
    "J": PLAIN,
}
_LETTER_OF_KIND = {
    RED: "C",
    CRETE: "K",
    GREEN_CITY: "M",
    JERUSALEM: "J",
    "fleet_start": "F",
    "army_start": "A",
}


@dataclass(frozen=True)
class City:
    index: int
    name: str
    cell: int
    kind: str  # city_red, city_crete, city_green, jerusalem
    faith: str

    @property
    def has_tile(self) -> bool:
        return self.kind in (RED, GREEN_CITY)


@dataclass(frozen=True)
class NamedCell:
    x: int
    y: int
    kind: str
    name: str
    faith: str


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    rows: tuple[str, ...]
    terrain: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    # per cell and per card terrain (sea, plain, mountain, joker = any): adjacent cells
    terrain_neighbours: tuple[tuple[tuple[int, ...], ...], ...]
    cities: tuple[City, ...]  # canonical order: red, Candia, green, Jerusalem as in the file
    city_at: dict[int, int]  # cell -> city index
    named: tuple[NamedCell, ...]

    def cell(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def on_board(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def is_land(self, cell: int) -> bool:
        return self.terrain[cell] != SEA

    def city_cells(self, kind: str) -> list[int]:
        return [c.cell for c in self.cities if c.kind == kind]

    def starts(self, kind: str) -> list[NamedCell]:
        return [n for n in self.named if n.kind == kind]

    @property
    def jerusalem(self) -> City:
        return next(c for c in self.cities if c.kind == JERUSALEM)

    def distances(self, start: int, allowed: frozenset[int] | None = None) -> list[int]:
        """Fewest steps from ``start`` to every cell (-1 unreachable); ``allowed`` limits the
        terrains entered."""
        dist = [-1] * len(self.terrain)
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for c in frontier:
                for n in self.neighbours[c]:
                    if dist[n] < 0 and (allowed is None or self.terrain[n] in allowed):
                        dist[n] = dist[c] + 1
                        nxt.append(n)
            frontier = nxt
        return dist

    def cell_json(self, cell: int) -> list[int]:
        return [cell % self.width, cell // self.width]

    def cell_str(self, cell: int) -> str:
        x, y = self.xy(cell)
        return f"({x},{y})"


def parse_map(text: str, height: int = 14) -> Board:
    """Read the map format of rules 3.1; ``DataError`` names the line and the problem."""
    lines = [line.rstrip("\r") for line in text.split("\n")]
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) < height:
        raise DataError(f"map: the first {height} lines must be the grid; found {len(lines)}")
    rows = tuple(lines[:height])
    terrain = _grid(rows)
    width = len(rows[0])
    named = _named_cells(lines, rows, height)
    cities, city_at = _cities(named, rows, width)
    neighbours = [
        tuple(
            ny * width + nx
            for ny in (y - 1, y, y + 1)
            for nx in (x - 1, x, x + 1)
            if (nx, ny) != (x, y) and 0 <= nx < width and 0 <= ny < height
        )
        for y in range(height)
        for x in range(width)
    ]
    by_terrain = tuple(
        (
            *(tuple(n for n in around if terrain[n] == t) for t in (SEA, PLAIN, MOUNTAIN)),
            around,
        )
        for around in neighbours
    )
    return Board(
        width=width,
        height=height,
        rows=rows,
        terrain=tuple(terrain),
        neighbours=tuple(neighbours),
        terrain_neighbours=by_terrain,
        cities=tuple(cities),
        city_at=city_at,
        named=tuple(named),
    )


def _grid(rows: tuple[str, ...]) -> list[int]:
    """The terrain of every cell, row by row (the legend of 3.1)."""
    width = len(rows[0])
    if width < 2:
        raise DataError("map line 1: the grid row is empty")
    terrain: list[int] = []
    for y, row in enumerate(rows):
        if len(row) != width:
            raise DataError(
                f"map line {y + 1}: grid rows must all have {width} characters, not {len(row)}"
            )
        for x, ch in enumerate(row):
            if ch not in LEGEND:
                raise DataError(f"map line {y + 1}, column {x + 1}: unknown map character {ch!r}")
            terrain.append(LEGEND[ch])
    return terrain


def _named_cells(lines: list[str], rows: tuple[str, ...], height: int) -> list[NamedCell]:
    """The lines after the grid: ``x y kind name faith``, each on a cell of its letter."""
    width = len(rows[0])
    named: list[NamedCell] = []
    for number, line in enumerate(lines[height:], start=height + 1):
        if not line.strip():
            continue
        fields = line.split(" ")
        if len(fields) != 5:
            raise DataError(
                f"map line {number}: a named cell needs 5 fields 'x y kind name faith', "
                f"found {len(fields)}"
            )
        xs, ys, kind, name, faith = fields
        if not (xs.isdigit() and ys.isdigit()):
            raise DataError(f"map line {number}: x and y must be integers")
        x, y = int(xs), int(ys)
        if not (0 <= x < width and 0 <= y < height):
            raise DataError(f"map line {number}: cell ({x},{y}) is off the board")
        if kind not in NAMED_KINDS:
            raise DataError(f"map line {number}: unknown kind {kind!r}")
        if faith not in FAITHS:
            raise DataError(f"map line {number}: unknown faith {faith!r}")
        letter = _LETTER_OF_KIND.get(kind)
        if letter is not None and rows[y][x] != letter:
            raise DataError(
                f"map line {number}: {kind} {name} at ({x},{y}) must be on a {letter!r} cell, "
                f"the grid has {rows[y][x]!r}"
            )
        named.append(NamedCell(x, y, kind, name.replace("_", " "), faith))
    return named


def _cities(
    named: list[NamedCell], rows: tuple[str, ...], width: int
) -> tuple[list[City], dict[int, int]]:
    """The cities in the file's order, one per city letter of the grid, one Jerusalem."""
    cities: list[City] = []
    city_at: dict[int, int] = {}
    for n in named:
        if n.kind in CITY_KINDS:
            cell = n.y * width + n.x
            if cell in city_at:
                raise DataError(f"map: two cities on cell ({n.x},{n.y})")
            city_at[cell] = len(cities)
            cities.append(City(len(cities), n.name, cell, n.kind, n.faith))
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in "CKMJ" and y * width + x not in city_at:
                raise DataError(f"map: the {ch!r} cell ({x},{y}) has no named city line")
    if sum(c.kind == JERUSALEM for c in cities) != 1:
        raise DataError("map: there must be exactly one jerusalem")
    return cities, city_at
