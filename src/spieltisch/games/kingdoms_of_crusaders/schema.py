"""The JSON Schema of the ``data`` of a state document of The Kingdoms of Crusaders
(``document.py``; published whole by ``Game.state_schema`` in ``docs/schemas``)."""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]

CARD: JSON = {
    "type": "string",
    "pattern": "^K[0-9]{2,}(-[AB])?$",
    "description": "a card id: K01... in deck order; -A/-B for the two copies of 3-4 players",
}
SEAT: JSON = {"type": "integer", "minimum": 0, "maximum": 3, "description": "a seat, 0 first"}
TERRITORY: JSON = {"type": "integer", "minimum": 1, "maximum": 5}
PLAY_NUMBER: JSON = {"type": "integer", "minimum": 1, "maximum": 80}
MARKER: JSON = {"type": "integer", "minimum": 1, "maximum": 5}
METHOD: JSON = {"enum": ["completion", "claim"]}


def _obj(properties: JSON, *, event: str | None = None) -> JSON:
    """An object with exactly these properties (and ``type`` = ``event`` for a log event)."""
    props = dict(properties)
    if event is not None:
        props = {"type": {"const": event}, **props}
    return {
        "type": "object",
        "required": list(props),
        "properties": props,
        "additionalProperties": False,
    }


DECISION = _obj({"winner": SEAT, "marker": MARKER, "method": METHOD, "play": {
    "type": "integer", "minimum": 0, "maximum": 80}})  # fmt: skip

EVENTS: list[JSON] = [
    _obj({"first_player": SEAT}, event="start"),
    _obj({"seat": SEAT}, event="draw"),
    _obj({"seat": SEAT}, event="pass"),
    _obj({"seat": SEAT, "card": CARD, "territory": TERRITORY, "play": PLAY_NUMBER}, event="play"),
    _obj({"seat": SEAT, "territory": TERRITORY}, event="claim"),
    _obj({"seat": SEAT}, event="end_claims"),
    _obj(
        {
            "territory": TERRITORY,
            "winner": SEAT,
            "marker": MARKER,
            "method": METHOD,
            "play": DECISION["properties"]["play"],
        },
        event="decide",
    ),
    _obj(
        {
            "reason": {"enum": ["all territories decided", "winners fixed"]},
            "winners": {"type": "array", "items": SEAT, "minItems": 1, "maxItems": 4},
        },
        event="end",
    ),
]

DATA_SCHEMA: JSON = {
    "type": "object",
    "description": "a position of The Kingdoms of Crusaders; cards by id (KC-R2)",
    "required": [
        "deck",
        "hands",
        "armies",
        "decided",
        "play_counter",
        "active",
        "phase",
        "first_player",
        "drawn",
        "events",
    ],
    "additionalProperties": False,
    "properties": {
        "deck": {"type": "array", "items": CARD, "description": "the deck, top card first"},
        "hands": {
            "type": "array",
            "description": "per seat, the cards in hand (KC-R9)",
            "minItems": 2,
            "maxItems": 4,
            "items": {"type": "array", "items": CARD, "maxItems": 6},
        },
        "armies": {
            "type": "array",
            "description": "[seat][territory 1-5]: [card id, play number] in play order",
            "minItems": 2,
            "maxItems": 4,
            "items": {
                "type": "array",
                "minItems": 5,
                "maxItems": 5,
                "items": {
                    "type": "array",
                    "maxItems": 4,
                    "items": {
                        "type": "array",
                        "prefixItems": [CARD, PLAY_NUMBER],
                        "minItems": 2,
                        "items": False,
                    },
                },
            },
        },
        "decided": {
            "type": "array",
            "description": "per territory 1-5: null, or who won it, its marker, how, when",
            "minItems": 5,
            "maxItems": 5,
            "items": {"oneOf": [{"type": "null"}, DECISION]},
        },
        "play_counter": {"type": "integer", "minimum": 0, "maximum": 80},
        "active": SEAT,
        "phase": {"enum": ["play", "claim", "over"]},
        "first_player": SEAT,
        "drawn": {"oneOf": [{"type": "null"}, CARD], "description": "the active seat's draw"},
        "events": {
            "type": "array",
            "description": "the public log, oldest first (§6.1)",
            "items": {"oneOf": EVENTS},
        },
    },
}
