"""Parsing and validating a Tumult Royal ruleset data object (TR-D13): every field, with a
``DataError`` naming the one that is wrong."""

from __future__ import annotations

import json
from typing import Any

from ...engine.data import require_int as _int
from ...engine.data import require_object as _obj
from ...engine.errors import DataError
from .ruleset import Layout, Position, Ruleset, Terrain, TileSpec

TERRAIN_NAMES = ("meadow", "forest", "mountain", "village", "castle")
PROVENANCE = "provenance"
_REQUIRED = (
    "player_counts",
    "goods",
    "goods_tile_id_prefix",
    "goods_tile_template",
    "statues_per_player",
    "followers_start",
    "terrains",
    "nonadjacent_cost_multiplier",
    "start_terrain",
    "landscape_tiles",
    "layout",
    "chronicle",
    "max_rounds",
    "spinner",
    "set_aside_per_player",
    "king_tax",
    "tumult_follower_loss",
    "no_build_bonus",
    "surplus_followers_per_unit",
    "grace_reduction",
)


def _fail(message: str) -> DataError:
    return DataError(f"ruleset data: {message}")


def _list(value: Any, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(f"{where} must be a list")
    if length is not None and len(value) != length:
        raise _fail(f"{where} must have length {length}, not {len(value)}")
    return value


def _entries(value: Any, where: str) -> dict[str, Any]:
    """An object with its ``provenance`` note removed."""
    return {k: v for k, v in _obj(value, where).items() if k != PROVENANCE}


def _int_key(key: str, where: str) -> int:
    try:
        return int(key)
    except ValueError:
        raise _fail(f"{where} has a key {key!r} that is not an integer") from None


def _goods(doc: dict[str, Any]) -> tuple[tuple[str, str, str], tuple[str, str, str]]:
    goods = _list(doc["goods"], "goods", 3)
    if not all(isinstance(g, str) and g for g in goods) or len(set(goods)) != 3:
        raise _fail("goods must be exactly three distinct names")
    prefixes = _obj(doc["goods_tile_id_prefix"], "goods_tile_id_prefix")
    out = []
    for g in goods:
        p = prefixes.get(g)
        if not isinstance(p, str) or not p:
            raise _fail(f"goods_tile_id_prefix.{g} must be a non-empty string")
        out.append(p)
    if len(set(out)) != 3:
        raise _fail("goods_tile_id_prefix values must be distinct")
    return (goods[0], goods[1], goods[2]), (out[0], out[1], out[2])


def _template(doc: dict[str, Any]) -> tuple[TileSpec, ...]:
    entries = _list(doc["goods_tile_template"], "goods_tile_template")
    if not entries:
        raise _fail("goods_tile_template must not be empty")
    n = len(entries)
    specs = []
    for i, e in enumerate(entries):
        where = f"goods_tile_template[{i}]"
        e = _obj(e, where)
        index = _int(e.get("index"), f"{where}.index", 1)
        if index > n:
            raise _fail(f"{where}.index must be in 1..{n}, not {index}")
        value = _int(e.get("value"), f"{where}.value", 1)
        mp = e.get("min_players")
        if not isinstance(mp, int) or isinstance(mp, bool) or not 2 <= mp <= 4:
            raise _fail(f"{where}.min_players must be an integer in 2..4, not {mp!r}")
        specs.append(TileSpec(index, value, mp))
    indices = [s.index for s in specs]
    if len(set(indices)) != n:
        raise _fail("goods_tile_template indices must be unique")
    return tuple(specs)


def _player_counts(doc: dict[str, Any]) -> tuple[int, ...]:
    pcs = _list(doc["player_counts"], "player_counts")
    if (
        not pcs
        or not all(isinstance(p, int) and not isinstance(p, bool) and 2 <= p <= 4 for p in pcs)
        or len(set(pcs)) != len(pcs)
    ):
        raise _fail("player_counts must be distinct integers in 2..4")
    return tuple(sorted(pcs))


def _terrains(doc: dict[str, Any], goods: tuple[str, str, str]) -> dict[str, Terrain]:
    entries = _entries(doc["terrains"], "terrains")
    if set(entries) != set(TERRAIN_NAMES):
        raise _fail(f"terrains must be exactly {', '.join(TERRAIN_NAMES)}")
    terrains: dict[str, Terrain] = {}
    for name, t in entries.items():
        where = f"terrains.{name}"
        t = _obj(t, where)
        code = t.get("code")
        if not isinstance(code, str) or len(code) != 1:
            raise _fail(f"{where}.code must be a single character, not {code!r}")
        if code in terrains:
            raise _fail(f"{where}.code {code!r} is used twice")
        capacity = _int(t.get("capacity"), f"{where}.capacity", 1)
        cost_doc = _obj(t.get("cost"), f"{where}.cost")
        if set(cost_doc) != set(goods):
            raise _fail(f"{where}.cost must name exactly the goods {', '.join(goods)}")
        c = [_int(cost_doc[g], f"{where}.cost.{g}") for g in goods]
        allowed = t.get("nonadjacent_allowed")
        if not isinstance(allowed, bool):
            raise _fail(f"{where}.nonadjacent_allowed must be true or false")
        terrains[code] = Terrain(name, code, capacity, (c[0], c[1], c[2]), allowed)
    return terrains


def _landscape_tiles(
    doc: dict[str, Any], codes: set[str], start_code: str, start_name: str, max_players: int
) -> dict[str, tuple[str, str, str]]:
    entries = _entries(doc["landscape_tiles"], "landscape_tiles")
    tiles: dict[str, tuple[str, str, str]] = {}
    for tid in sorted(entries):
        where = f"landscape_tiles.{tid}"
        rows = entries[tid]
        if not isinstance(rows, list) or len(rows) != 3:
            raise _fail(f"{where} must be a list of 3 rows")
        for i, row in enumerate(rows):
            if not isinstance(row, str) or len(row) != 3:
                raise _fail(f"{where} row {i} must be a string of 3 terrain codes")
            for ch in row:
                if ch not in codes:
                    raise _fail(f"{where} row {i} has an unknown terrain code {ch!r}")
        if not any(start_code in row for row in rows):
            # any design can land on a face-up position (TR-S5), and TR-S7 needs a meadow there
            raise _fail(f"{where} has no {start_name} field (start_terrain, TR-S7)")
        tiles[tid] = (rows[0], rows[1], rows[2])
    if len(tiles) < 2 * max_players:
        raise _fail(
            f"landscape_tiles has {len(tiles)} tiles; {max_players} players need {2 * max_players}"
        )
    return tiles


def _tiles_of(value: Any, where: str, columns: int) -> list[Position]:
    """A list of tile positions: ``[row, column]`` pairs, or a column number for both
    tiles of that column (TR-D8: "a whole column where that gives half")."""
    out: list[Position] = []
    for item in _list(value, where):
        if isinstance(item, list):
            if len(item) != 2:
                raise _fail(f"{where} has {item!r}: a tile is [row, column]")
            row, col = _int(item[0], f"{where}[] row"), _int(item[1], f"{where}[] column")
            if row > 1 or col >= columns:
                raise _fail(
                    f"{where} has tile {[row, col]} outside rows 0-1, columns 0-{columns - 1}"
                )
            tiles = [(row, col)]
        else:
            col = _int(item, f"{where}[]")
            if col >= columns:
                raise _fail(f"{where} has column {col} outside 0..{columns - 1}")
            tiles = [(0, col), (1, col)]
        for tile in tiles:
            if tile in out:
                raise _fail(f"{where} lists tile {list(tile)} twice")
            out.append(tile)
    return out


def _layouts(
    doc: dict[str, Any], player_counts: tuple[int, ...], max_rounds: int
) -> dict[int, Layout]:
    entries = _entries(doc["layout"], "layout")
    layouts: dict[int, Layout] = {}
    for p in player_counts:
        where = f"layout.{p}"
        lay = _obj(entries.get(str(p)), where)
        columns = _int(lay.get("columns"), f"{where}.columns", 1)
        if columns != p:
            raise _fail(f"{where}.columns must be {p} (one column per player), not {columns}")
        # "face_down_columns" is the key of rulesets written before tile positions existed
        if "face_down" in lay and "face_down_columns" in lay:
            raise _fail(f"{where} has both face_down and face_down_columns; keep face_down")
        key = "face_down" if "face_down" in lay else "face_down_columns"
        if key == "face_down_columns" and any(
            isinstance(c, list) for c in _list(lay.get(key), f"{where}.{key}")
        ):
            raise _fail(f"{where}.face_down_columns lists columns only; use face_down for tiles")
        down = _tiles_of(lay.get(key), f"{where}.{key}", columns)
        reveal_doc = _obj(lay.get("reveal_after_round"), f"{where}.reveal_after_round")
        rounds: dict[int, Any] = {}
        for k_text, tiles in reveal_doc.items():
            k = _int_key(k_text, f"{where}.reveal_after_round")
            if not 1 <= k <= max_rounds:
                raise _fail(f"{where}.reveal_after_round round {k} is outside 1..{max_rounds}")
            rounds[k] = tiles
        still_down = set(down)
        reveal: dict[int, tuple[Position, ...]] = {}
        for k in sorted(rounds):
            tiles_k = _tiles_of(rounds[k], f"{where}.reveal_after_round.{k}", columns)
            for tile in tiles_k:
                if tile not in still_down:
                    raise _fail(
                        f"{where}.reveal_after_round.{k} reveals tile {list(tile)}, which is "
                        "already face up"
                    )
                still_down.discard(tile)
            reveal[k] = tuple(sorted(tiles_k))
        layouts[p] = Layout(columns, tuple(sorted(down)), reveal)
    return layouts


def _chronicle(
    doc: dict[str, Any], max_rounds: int
) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    chron = _obj(doc["chronicle"], "chronicle")
    spf = _list(chron.get("statues_per_field"), "chronicle.statues_per_field", max_rounds)
    statues = tuple(_int(v, f"chronicle.statues_per_field[{i}]", 1) for i, v in enumerate(spf))
    thr = _list(chron.get("end_threshold"), "chronicle.end_threshold", max_rounds)
    thresholds = tuple(
        None if v is None else _int(v, f"chronicle.end_threshold[{i}]") for i, v in enumerate(thr)
    )
    return statues, thresholds


def _spinner(doc: dict[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    sp = _obj(doc["spinner"], "spinner")
    values = _list(sp.get("values"), "spinner.values")
    if not values:
        raise _fail("spinner.values must not be empty")
    weights = _list(sp.get("weights"), "spinner.weights", len(values))
    return (
        tuple(_int(v, f"spinner.values[{i}]", 1) for i, v in enumerate(values)),
        tuple(_int(w, f"spinner.weights[{i}]", 1) for i, w in enumerate(weights)),
    )


def parse_ruleset(doc: Any) -> Ruleset:
    """Validate a ruleset object (TR-D13); ``DataError`` names the field that is wrong."""
    doc = _obj(doc, "the document")
    for key in _REQUIRED:
        if key not in doc:
            raise _fail(f"missing field {key!r}")
    player_counts = _player_counts(doc)
    goods, prefixes = _goods(doc)
    template = _template(doc)
    fs = _entries(doc["followers_start"], "followers_start")
    followers_start = {p: _int(fs.get(str(p)), f"followers_start.{p}") for p in player_counts}
    terrains = _terrains(doc, goods)
    start_name = doc["start_terrain"]
    names = {t.name: code for code, t in terrains.items()}
    if start_name not in names:
        raise _fail(f"start_terrain must be a terrain name, not {start_name!r}")
    max_rounds = _int(doc["max_rounds"], "max_rounds", 1)
    tiles = _landscape_tiles(doc, set(terrains), names[start_name], start_name, max(player_counts))
    statues, thresholds = _chronicle(doc, max_rounds)
    values, weights = _spinner(doc)
    return Ruleset(
        ruleset_id=str(doc.get("ruleset_id", "custom")),
        player_counts=player_counts,
        goods=goods,
        tile_prefix=prefixes,
        tile_template=template,
        statues_per_player=_int(doc["statues_per_player"], "statues_per_player", 1),
        followers_start=followers_start,
        terrains=terrains,
        nonadjacent_cost_multiplier=_int(
            doc["nonadjacent_cost_multiplier"], "nonadjacent_cost_multiplier", 1
        ),
        start_terrain=names[start_name],
        landscape_tiles=tiles,
        layouts=_layouts(doc, player_counts, max_rounds),
        chronicle_statues=statues,
        end_threshold=thresholds,
        max_rounds=max_rounds,
        spinner_values=values,
        spinner_weights=weights,
        set_aside_per_player=_int(doc["set_aside_per_player"], "set_aside_per_player"),
        king_tax=_int(doc["king_tax"], "king_tax"),
        tumult_follower_loss=_int(doc["tumult_follower_loss"], "tumult_follower_loss"),
        no_build_bonus=_int(doc["no_build_bonus"], "no_build_bonus"),
        surplus_followers_per_unit=_int(
            doc["surplus_followers_per_unit"], "surplus_followers_per_unit"
        ),
        grace_reduction=_int(doc["grace_reduction"], "grace_reduction"),
        raw=json.dumps(doc, sort_keys=True),
    )
