"""The validated numbers of Tumult Royal (TR-D1 to TR-D13) as types: tiles, terrains,
layouts and the whole ruleset (``data_parse.py`` builds them from a data object)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TileSpec:
    """One entry of the goods-tile template (TR-D1)."""

    index: int
    value: int
    min_players: int


@dataclass(frozen=True)
class Tile:
    """One goods tile of a game set (TR-S3): ``good`` is the index into ``Ruleset.goods``."""

    id: str
    good: int
    value: int


@dataclass(frozen=True)
class Terrain:
    """A terrain type (TR-D6). ``cost`` is (bread, marble, tools) for one build."""

    name: str
    code: str
    capacity: int
    cost: tuple[int, int, int]
    nonadjacent_allowed: bool


Position = tuple[int, int]  # a tile position (tile row 0-1, tile column), TR-D8


@dataclass(frozen=True)
class Layout:
    """Landscape layout for one player count (TR-D8, TR-D10)."""

    columns: int
    face_down: tuple[Position, ...]  # at setup, in reading order
    reveal_after_round: dict[int, tuple[Position, ...]]  # round -> tiles turned face up


@dataclass(frozen=True)
class Ruleset:
    """The validated numbers. ``raw`` is the canonical JSON text it came from."""

    ruleset_id: str
    player_counts: tuple[int, ...]
    goods: tuple[str, str, str]
    tile_prefix: tuple[str, str, str]  # per good index: "BR", "MA", "TO"
    tile_template: tuple[TileSpec, ...]
    statues_per_player: int
    followers_start: dict[int, int]
    terrains: dict[str, Terrain]  # code -> terrain, in data order
    nonadjacent_cost_multiplier: int
    start_terrain: str  # a terrain code
    landscape_tiles: dict[str, tuple[str, str, str]]  # id -> rows, ordered by id
    layouts: dict[int, Layout]
    chronicle_statues: tuple[int, ...]
    end_threshold: tuple[int | None, ...]
    max_rounds: int
    spinner_values: tuple[int, ...]
    spinner_weights: tuple[int, ...]
    set_aside_per_player: int
    king_tax: int
    tumult_follower_loss: int
    no_build_bonus: int
    surplus_followers_per_unit: int
    grace_reduction: int
    raw: str

    @property
    def max_players(self) -> int:
        return max(self.player_counts)

    def terrain_code(self, name: str) -> str:
        """The code of the terrain called ``name`` ("meadow" -> "M")."""
        for code, terrain in self.terrains.items():
            if terrain.name == name:
                return code
        raise KeyError(name)
