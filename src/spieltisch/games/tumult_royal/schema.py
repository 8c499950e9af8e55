"""The JSON Schema of the ``data`` of a Tumult Royal state document (``table.Table``'s
facts under their keys). Bounds are those of the rules with any ruleset: 2 to 4 seats,
three goods; codes the engine writes are enums."""

from __future__ import annotations

from typing import Any

from .actions import KINDS
from .table import ENDINGS, PHASES

JSON = dict[str, Any]

EVENTS = (
    "setup",
    "start_statue",
    "spin",
    "zocker",
    "grab",
    "tick",
    "reveal",
    "tumult",
    "build",
    "no_build",
    "end_turn",
    "crown",
    "fog",
    "grace",
    "end",
)
CHOICES = ("peek", "keep", "put_back", "done", "wait")


def _int(low: int | None = None, high: int | None = None) -> JSON:
    out: JSON = {"type": "integer"}
    if low is not None:
        out["minimum"] = low
    if high is not None:
        out["maximum"] = high
    return out


def _array(items: JSON, low: int | None = None, high: int | None = None, **more: Any) -> JSON:
    out: JSON = {"type": "array", "items": items, **more}
    if low is not None:
        out["minItems"] = low
    if high is not None:
        out["maxItems"] = high
    return out


def _tuple(*items: JSON) -> JSON:
    return {"type": "array", "prefixItems": list(items), "items": False, "minItems": len(items)}


SEAT = _int(0, 3)
SEAT_OR_NONE = _int(-1, 3)
PER_SEAT_INT = _array(_int(0), 2, 4)
PER_SEAT_BOOL = _array({"type": "boolean"}, 2, 4)
FACE = _tuple({"type": "string"}, _int(1))
CHOICE: JSON = {
    "type": "object",
    "required": ["type"],
    "properties": {"type": {"enum": list(CHOICES)}, "slot": _int(0)},
    "additionalProperties": False,
}
LAST: JSON = {
    "type": "object",
    "required": ["seat", "action"],
    "properties": {
        "seat": SEAT,
        "action": {"enum": list(CHOICES)},
        "slot": _int(0),
        "won": {"type": "boolean"},
    },
    "additionalProperties": False,
}
EVENT: JSON = {
    "type": "object",
    "required": ["type"],
    "properties": {"type": {"enum": list(EVENTS)}},
    "description": "a log event (describe.py says each in words)",
}


def data_schema() -> JSON:
    """The schema of a state document's ``data``."""
    properties: JSON = {
        "designs": _array({"type": "string"}, 4, description="design per tile position"),
        "face_up": _array({"type": "boolean"}, 4, 8, description="per tile position"),
        "board": _array(_tuple(_int(0), SEAT, _int(1, 3)), description="field, seat, statues"),
        "followers": PER_SEAT_INT,
        "reserve": PER_SEAT_INT,
        "chronicle": _array(_tuple(SEAT, _int(1)), description="King and statues per round"),
        "rank": _array(SEAT, 2, 4, uniqueItems=True),
        "grace": PER_SEAT_BOOL,
        "loc": _array(_int(-2, 3), description="-1 pool, -2 set aside, else the holding seat"),
        "carried": _array({"type": "boolean"}),
        "aside": _array(_int(0), uniqueItems=True),
        "slot_tile": _array(_int(0), uniqueItems=True),
        "slot_holder": _array(SEAT_OR_NONE),
        "slot_taker": _array(SEAT_OR_NONE),
        "hand": _array(_int(-1), 2, 4),
        "done": PER_SEAT_BOOL,
        "memory": _array(_array(_int(0), uniqueItems=True), 2, 4),
        "tick": _int(0),
        "pending": {
            "type": "object",
            "propertyNames": {"pattern": "^[0-3]$"},
            "additionalProperties": CHOICE,
        },
        "waiting": _array(SEAT, 0, 4, uniqueItems=True),
        "last_tick": _array(LAST, 0, 4),
        "revealed": {"type": "boolean"},
        "round": _int(0),
        "phase": {"enum": list(PHASES)},
        "demand": _array(_int(0), 3, 3),
        "turn": _int(0, 4),
        "built": {"type": "boolean"},
        "winner": SEAT_OR_NONE,
        "end_reason": {"enum": ["", *ENDINGS]},
        "events": _array(EVENT),
    }
    return {
        "type": "object",
        "required": sorted(properties),
        "properties": properties,
        "additionalProperties": False,
        "description": "Tumult Royal's table (table.py); action types: " + ", ".join(KINDS),
    }
