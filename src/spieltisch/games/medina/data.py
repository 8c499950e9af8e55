"""Every printed number of Medina as one validated data object (MD-D9).

The default comes from ``data/medina.json``; option ``ruleset_data`` or ``--edition FILE``
replaces it (an owner of the physical game can correct the reconstructed numbers)."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ...engine.data import read_json_file
from ...engine.data import require_int as _int
from ...engine.data import require_object as _obj
from ...engine.errors import DataError

CORNERS = ("top_left", "top_right", "bottom_right", "bottom_left")
SUPPLY_KEYS = ("buildings_per_colour", "roofs", "neutral_roofs", "stables", "merchants", "walls")


@dataclass(frozen=True)
class Supply:
    buildings_per_colour: int
    roofs: int
    neutral_roofs: int
    stables: int
    merchants: int
    walls: int


@dataclass(frozen=True)
class Ruleset:
    """The validated numbers. ``raw`` is the JSON object it came from (kept for records)."""

    ruleset_id: str
    boards: dict[str, tuple[int, int]]
    tower_values: dict[str, int]  # corner name -> value 1-4
    colours: dict[int, tuple[str, ...]]  # edition -> the four colours in processing order
    palace_tile_values: dict[str, int]
    supply: dict[tuple[int, int], Supply]  # (edition, players) -> per-seat supply
    tower_merchants: dict[int, int]  # tower value -> merchants at setup (2nd edition)
    tea_tiles: int
    tea_per_purple_roof: tuple[int, ...]
    well_bonus: int
    raw: str  # canonical JSON text

    def initial_supply(self, edition: int, players: int) -> list[int]:
        """MD-D5, MD-D6: one seat's pieces at setup, per supply slot (``cells.py``)."""
        s = self.supply[(edition, players)]
        neutral = s.neutral_roofs if edition == 2 else 0
        return [s.buildings_per_colour] * 4 + [s.roofs, neutral, s.stables, s.merchants, s.walls]

    def tea_for_roof(self, k: int) -> int:
        """Tiles due for the k-th roof (1-based) on a purple palace (MD-R57)."""
        return self.tea_per_purple_roof[k - 1] if k <= len(self.tea_per_purple_roof) else 0


def parse_ruleset(doc: Any) -> Ruleset:
    """Validate a ruleset object (MD-D9); ``DataError`` names the field that is wrong."""
    doc = _obj(doc, "the document")
    for key in (
        "boards",
        "tower_values",
        "colours",
        "palace_tile_values",
        "supply",
        "tower_merchants",
        "tea_tiles",
        "tea_per_purple_roof",
        "well_bonus",
    ):
        if key not in doc:
            raise DataError(f"ruleset data: missing field {key!r}")
    boards = {}
    for name in ("standard", "small"):
        b = _obj(_obj(doc["boards"], "boards").get(name), f"boards.{name}")
        w, h = (
            _int(b.get("width"), f"boards.{name}.width", 7),
            _int(b.get("height"), f"boards.{name}.height", 7),
        )
        boards[name] = (w, h)
    tv = _obj(doc["tower_values"], "tower_values")
    tower_values = {c: _int(tv.get(c), f"tower_values.{c}", 1) for c in CORNERS}
    if sorted(tower_values.values()) != [1, 2, 3, 4]:
        raise DataError("ruleset data: tower_values must be a permutation of 1, 2, 3, 4")
    colours_doc = _obj(doc["colours"], "colours")
    colours = {}
    for edition in (1, 2):
        names = colours_doc.get(str(edition))
        if (
            not isinstance(names, list)
            or len(names) != 4
            or len(set(names)) != 4
            or not all(isinstance(n, str) and n for n in names)
        ):
            raise DataError(f"ruleset data: colours.{edition} must list four distinct names")
        colours[edition] = tuple(names)
    ptv = _obj(doc["palace_tile_values"], "palace_tile_values")
    palace_tile_values = {}
    for names in colours.values():
        for name in names:
            palace_tile_values[name] = _int(ptv.get(name), f"palace_tile_values.{name}", 1)
    supply_doc = _obj(doc["supply"], "supply")
    supply = {}
    for edition, counts in ((1, (3, 4)), (2, (2, 3, 4))):
        per_edition = _obj(supply_doc.get(str(edition)), f"supply.{edition}")
        for players in counts:
            s = _obj(per_edition.get(str(players)), f"supply.{edition}.{players}")
            supply[(edition, players)] = Supply(
                *(_int(s.get(k), f"supply.{edition}.{players}.{k}") for k in SUPPLY_KEYS)
            )
    tm = _obj(doc["tower_merchants"], "tower_merchants")
    tower_merchants = {v: _int(tm.get(str(v)), f"tower_merchants.{v}") for v in (1, 2, 3, 4)}
    tea_tiles = _int(doc["tea_tiles"], "tea_tiles")
    per_roof = doc["tea_per_purple_roof"]
    if not isinstance(per_roof, list):
        raise DataError("ruleset data: tea_per_purple_roof must be a list of integers")
    tea_per_roof = tuple(_int(v, "tea_per_purple_roof[]") for v in per_roof)
    if sum(tea_per_roof) > tea_tiles:
        raise DataError("ruleset data: tea_per_purple_roof sums to more than tea_tiles")
    return Ruleset(
        ruleset_id=str(doc.get("ruleset_id", "custom")),
        boards=boards,
        tower_values=tower_values,
        colours=colours,
        palace_tile_values=palace_tile_values,
        supply=supply,
        tower_merchants=tower_merchants,
        tea_tiles=tea_tiles,
        tea_per_purple_roof=tea_per_roof,
        well_bonus=_int(doc["well_bonus"], "well_bonus"),
        raw=json.dumps(doc, sort_keys=True),
    )


@functools.cache
def default_ruleset() -> Ruleset:
    text = resources.files(__package__).joinpath("data/medina.json").read_text("utf-8")
    return parse_ruleset(json.loads(text))


@functools.lru_cache(maxsize=32)
def ruleset_from_text(raw: str) -> Ruleset:
    return parse_ruleset(json.loads(raw))


def load_ruleset_file(path: str | Path) -> dict[str, Any]:
    """Read a ruleset JSON file for ``--edition``; returns the validated object."""
    doc = read_json_file(path, "ruleset")
    parse_ruleset(doc)
    return doc  # type: ignore[no-any-return]


def ruleset_of(options: Mapping[str, Any]) -> Ruleset:
    """The numbers a game's resolved options play with (option ``ruleset_data``)."""
    data = options["ruleset_data"]
    if data == "default":
        return default_ruleset()
    return ruleset_from_text(json.dumps(data, sort_keys=True))
