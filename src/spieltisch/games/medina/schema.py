"""The JSON Schema of a Medina state document's ``data`` (``Game.state_schema`` wraps it in
the kernel's envelope; ``docs/schemas/medina.state.json`` publishes it). ``document.py``
writes and reads each of these fields."""

from __future__ import annotations

from typing import Any

from .cells import PHASES, PIECE_NAMES
from .data import default_ruleset

JSON = dict[str, Any]

_COUNT: JSON = {"type": "integer", "minimum": 0}
_CELL: JSON = {
    "type": "array",
    "description": "a cell [x, y]: x from the left, y from the top, from 0",
    "prefixItems": [_COUNT, _COUNT],
    "minItems": 2,
    "maxItems": 2,
}
_PALACE_ID: JSON = {"type": "integer", "minimum": 1}


def _per_seat(items: JSON, doc: str) -> JSON:
    return {"type": "array", "description": doc, "items": items, "minItems": 2, "maxItems": 4}


def _row(size: int, doc: str) -> JSON:
    return {
        "type": "array",
        "description": doc,
        "items": _COUNT,
        "minItems": size,
        "maxItems": size,
    }


def _holders(doc: str) -> JSON:
    holder = {"oneOf": [{"type": "null"}, _PALACE_ID]}
    return {"type": "array", "description": doc, "items": holder, "minItems": 4, "maxItems": 4}


_COLOURS = sorted({c for names in default_ruleset().colours.values() for c in names})
_EVENTS = [
    "setup",
    "start_merchant",
    "build",
    "roof",
    "neutral_roof",
    "stable",
    "merchant",
    "wall",
    "discard_tea",
    "palace_tile",
    "tower_tile",
    "tower_merchants",
    "tea",
    "retire",
    "pass",
    "end",
]
_SLOTS = "9 counts: buildings of the 4 colours (MD-D4 order), roofs, neutral roofs, stables, "
_SLOTS += "merchants, walls"

DATA_SCHEMA: JSON = {
    "type": "object",
    "description": "A position of Medina (rules §4.0). Palaces are named by id, 1, 2, ... "
    "in founding order; seats by number from 0.",
    "additionalProperties": False,
    "properties": {
        "well": {
            "oneOf": [{"type": "null"}, _CELL],
            "description": "the well's cell (2nd edition, MD-D8); null in the 1st edition",
        },
        "pieces": {
            "type": "array",
            "description": "every piece on the board in placement order: [time, kind, cell, "
            "palace id for buildings, stables and roofs; wall chain 0-7 for walls; 0 for "
            "merchants] (§4.0)",
            "items": {
                "type": "array",
                "prefixItems": [
                    _COUNT,
                    {"enum": sorted(PIECE_NAMES.values())},
                    _CELL,
                    _COUNT,
                ],
                "minItems": 4,
                "maxItems": 4,
            },
        },
        "palaces": {
            "type": "array",
            "description": "per palace, in founding order: its colour and its owner (a seat, "
            "'neutral' under a neutral roof, null without a roof)",
            "items": {
                "type": "object",
                "required": ["id", "colour", "owner"],
                "additionalProperties": False,
                "properties": {
                    "id": _PALACE_ID,
                    "colour": {"enum": _COLOURS},
                    "owner": {
                        "oneOf": [
                            {"type": "null"},
                            {"const": "neutral"},
                            {"type": "integer", "minimum": 0, "maximum": 3},
                        ]
                    },
                },
            },
        },
        "palace_tiles": _holders("per colour (MD-D4 order): the palace holding its tile (MD-R38)"),
        "tower_tiles": _holders("per tower value 1-4: the palace holding its tile (MD-R42)"),
        "tower_merchants": _row(4, "per tower value 1-4: merchants still on its tile (MD-R56)"),
        "initial": _per_seat(_row(9, _SLOTS), "per seat: its supply at setup (MD-D5, MD-D6)"),
        "supply": _per_seat(_row(9, _SLOTS), "per seat: its supply now (MD-R67)"),
        "placed": _per_seat(_row(9, _SLOTS), "per seat: the pieces it placed (MD-R67)"),
        "removed": _per_seat(
            _row(4, "per colour"), "per seat: buildings returned when a colour retired (MD-R36)"
        ),
        "received": _per_seat(_COUNT, "per seat: merchants received from tower tiles (MD-R56)"),
        "tea_pool": {**_COUNT, "description": "tea tiles left in the pool (MD-R57)"},
        "tea": _per_seat(_COUNT, "per seat: tea tiles held (MD-R57)"),
        "tea_box": {**_COUNT, "description": "tea tiles discarded or boxed (MD-R57, MD-R58)"},
        "boxed_merchants": {**_COUNT, "description": "tower merchants boxed (MD-R56)"},
        "purple_roofs": {**_COUNT, "description": "roofs on purple palaces (MD-R57)"},
        "time": {**_COUNT, "description": "the placement counter (§4.0)"},
        "active": {
            "type": "integer",
            "minimum": 0,
            "maximum": 3,
            "description": "the seat to place",
        },
        "phase": {"enum": list(PHASES)},
        "quota": {"enum": [1, 2], "description": "pieces of this turn (MD-R15, MD-R52)"},
        "turn_placements": {"type": "integer", "minimum": 0, "maximum": 2},
        "first_turn_done": _per_seat({"type": "boolean"}, "per seat: had its first turn (MD-R52)"),
        "events": {
            "type": "array",
            "description": "the public log (MD-R69), oldest first",
            "items": {
                "type": "object",
                "required": ["type"],
                "properties": {"type": {"enum": _EVENTS}},
            },
        },
    },
}
DATA_SCHEMA["required"] = sorted(DATA_SCHEMA["properties"])
