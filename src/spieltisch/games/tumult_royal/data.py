"""Every printed number of Tumult Royal as one validated data object (TR-D1 to TR-D13).

The default comes from ``data/tumult_royal.json``; option ``ruleset_data`` or
``--edition FILE`` replaces it (an owner of the physical game can correct the
reconstructed numbers R1-R9). Objects may carry a ``"provenance"`` string, which the
parser ignores."""

from __future__ import annotations

import functools
import json
from importlib import resources
from pathlib import Path
from typing import Any

from ...engine.data import read_json_file
from ...engine.errors import DataError
from .data_parse import TERRAIN_NAMES, parse_ruleset
from .ruleset import Layout, Position, Ruleset, Terrain, Tile, TileSpec

__all__ = [
    "BUILTIN_RULESETS",
    "TERRAIN_NAMES",
    "Layout",
    "Position",
    "Ruleset",
    "Terrain",
    "Tile",
    "TileSpec",
    "builtin_ruleset",
    "default_ruleset",
    "game_tiles",
    "load_ruleset_file",
    "parse_ruleset",
    "ruleset_for",
    "ruleset_from_text",
]


def game_tiles(ruleset: Ruleset, players: int) -> tuple[Tile, ...]:
    """The game set for ``players`` (TR-S3): per good in data order, every template entry
    with ``min_players <= players``, in template order."""
    return tuple(
        Tile(f"{prefix}{spec.index:02d}", good, spec.value)
        for good, prefix in enumerate(ruleset.tile_prefix)
        for spec in ruleset.tile_template
        if spec.min_players <= players
    )


# The built-in rulesets by the name option ``ruleset_data`` takes. "default" is the current
# one (reconstructed-2); older ones stay, frozen, so that records made under them replay.
BUILTIN_RULESETS = {
    "default": "data/tumult_royal.json",
    "reconstructed-1": "data/tumult_royal_reconstructed-1.json",
}


@functools.cache
def builtin_ruleset(name: str) -> Ruleset:
    """A ruleset shipped with the engine, by its name in ``BUILTIN_RULESETS``."""
    path = BUILTIN_RULESETS[name]
    text = resources.files(__package__).joinpath(path).read_text("utf-8")
    return parse_ruleset(json.loads(text))


def default_ruleset() -> Ruleset:
    return builtin_ruleset("default")


def ruleset_for(value: Any) -> Ruleset:
    """The ruleset an option value ``ruleset_data`` names: a built-in name or a data object."""
    if isinstance(value, str) and value in BUILTIN_RULESETS:
        return builtin_ruleset(value)
    return ruleset_from_text(json.dumps(value, sort_keys=True))


@functools.lru_cache(maxsize=32)
def ruleset_from_text(raw: str) -> Ruleset:
    """Parse canonical JSON text (``Ruleset.raw``), cached."""
    try:
        doc = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise DataError(f"ruleset data is not valid JSON: {exc}") from None
    return parse_ruleset(doc)


def load_ruleset_file(path: str | Path) -> dict[str, Any]:
    """Read a ruleset JSON file for ``--edition``; returns the validated object."""
    doc = read_json_file(path, "ruleset")
    parse_ruleset(doc)
    return doc  # type: ignore[no-any-return]
