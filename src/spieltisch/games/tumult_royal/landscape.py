"""Landscape geometry (TR-D8, TR-D10): tile positions, fields, neighbours and fog.

A field is one integer ``r * width + c`` on the 6 x 3N grid (N = players = tile columns),
so ascending integers are row-major order. Tile position ``(tr, tc)`` holds the fields
with ``r // 3 == tr`` and ``c // 3 == tc``; index ``tr * N + tc`` is its reading-order
index (TR-S5)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .data import Ruleset, default_ruleset

TILE_SIZE = 3
TILE_ROWS = 2
HEIGHT = TILE_ROWS * TILE_SIZE

Position = tuple[int, int]


@dataclass(frozen=True, eq=False)
class Landscape:
    players: int
    columns: int  # N tile columns
    width: int  # 3N field columns
    height: int  # 6 field rows
    tiles: Mapping[str, tuple[str, str, str]]  # design id -> rows (TR-D7)
    face_down: tuple[Position, ...]  # tile positions face down at setup (TR-D8)
    reveal_after_round: Mapping[int, tuple[Position, ...]]  # TR-D10
    positions: tuple[Position, ...]  # reading order (TR-S5)
    pos: tuple[Position, ...]  # field -> tile position
    loc: tuple[Position, ...]  # field -> local cell of its tile
    n4: tuple[tuple[int, ...], ...]  # field -> orthogonal neighbours, ascending
    position_fields: Mapping[Position, tuple[int, ...]]
    column_fields: tuple[tuple[int, ...], ...]  # tile column -> fields of both rows

    @property
    def size(self) -> int:
        return self.width * self.height

    def field(self, r: int, c: int) -> int:
        return r * self.width + c

    def rc(self, field: int) -> tuple[int, int]:
        return divmod(field, self.width)

    def name(self, field: int) -> str:
        r, c = self.rc(field)
        return f"({r},{c})"

    def on_grid(self, r: int, c: int) -> bool:
        return 0 <= r < self.height and 0 <= c < self.width

    def position_of(self, field: int) -> Position:
        return self.pos[field]

    def position_index(self, tr: int, tc: int) -> int:
        return tr * self.columns + tc

    def local(self, field: int) -> Position:
        return self.loc[field]

    def neighbours(self, field: int) -> tuple[int, ...]:
        """TR-D8: orthogonal neighbours inside the grid, across tile borders."""
        return self.n4[field]

    def fields_of_position(self, tr: int, tc: int) -> tuple[int, ...]:
        return self.position_fields[(tr, tc)]

    def fields_of_column(self, tc: int) -> tuple[int, ...]:
        return self.column_fields[tc]

    def terrain_at(self, designs: Mapping[Position, str], field: int) -> str:
        """The terrain code of ``field``; ``designs`` maps tile position -> design id."""
        lr, lc = self.loc[field]
        return self.tiles[designs[self.pos[field]]][lr][lc]

    def terrain_grid(self, designs: Mapping[Position, str]) -> tuple[str, ...]:
        """The terrain code of every field, indexed by field."""
        return tuple(self.terrain_at(designs, f) for f in range(self.size))

    def face_down_after(self, round_no: int) -> tuple[Position, ...]:
        """Face-down tile positions once the reveals of rounds ``<= round_no`` are done
        (TR-D10); ``round_no = 0`` gives the setup state."""
        revealed = {
            t for k, tiles in self.reveal_after_round.items() if k <= round_no for t in tiles
        }
        return tuple(t for t in self.face_down if t not in revealed)

    def face_up_fields(self, face_down: Iterable[Position]) -> tuple[int, ...]:
        """Fields that exist for play when the tiles ``face_down`` are fogged (TR-D8)."""
        down = set(face_down)
        return tuple(f for f in range(self.size) if self.pos[f] not in down)


_CACHE: dict[tuple[int, str], Landscape] = {}


def make_landscape(players: int, ruleset: Ruleset | None = None) -> Landscape:
    """The geometry for ``players`` under ``ruleset`` (default data if None); cached."""
    rs = ruleset if ruleset is not None else default_ruleset()
    key = (players, rs.raw)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    layout = rs.layouts[players]
    n = layout.columns
    w = TILE_SIZE * n
    size = w * HEIGHT
    pos = tuple((f // w // TILE_SIZE, f % w // TILE_SIZE) for f in range(size))
    loc = tuple((f // w % TILE_SIZE, f % w % TILE_SIZE) for f in range(size))
    n4 = []
    for f in range(size):
        r, c = divmod(f, w)
        n4.append(
            tuple(
                (r + dr) * w + c + dc
                for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                if 0 <= r + dr < HEIGHT and 0 <= c + dc < w
            )
        )
    positions = tuple((tr, tc) for tr in range(TILE_ROWS) for tc in range(n))
    position_fields = {p: tuple(f for f in range(size) if pos[f] == p) for p in positions}
    column_fields = tuple(tuple(f for f in range(size) if pos[f][1] == tc) for tc in range(n))
    land = Landscape(
        players=players,
        columns=n,
        width=w,
        height=HEIGHT,
        tiles=rs.landscape_tiles,
        face_down=layout.face_down,
        reveal_after_round=layout.reveal_after_round,
        positions=positions,
        pos=pos,
        loc=loc,
        n4=tuple(n4),
        position_fields=position_fields,
        column_fields=column_fields,
    )
    _CACHE[key] = land
    return land
