"""The JSON Schema of the ``data`` of a state document of Im Zeichen des Kreuzes
(``Game.state_schema`` wraps it in the kernel's envelope; ``docs/schemas`` publishes it).

Lengths the rules fix are fixed here (one entry per seat, 2 to 5; two tower shelves; hands
of at most 5 cards); lengths an edition fixes (cities, neutral units, cards) are not, since
an owner's edition may differ (rules 2.7). Cards are codes ``ZK000``, colours ``P0``..``P4``
and ``G``, cells indices ``y * width + x`` (``document``)."""

from __future__ import annotations

from typing import Any

from .constants import DECISIONS, HAND_LIMIT, MARKERS, MAX_SEATS, MOTIVATION_MAX
from .ending import ENDINGS
from .fight import FIGHT_TYPES

JSON = dict[str, Any]

INT: JSON = {"type": "integer"}
NATURAL: JSON = {"type": "integer", "minimum": 0}
CELL_OR_NONE: JSON = {"type": "integer", "minimum": -1, "description": "a cell; -1: none"}
SEAT_OR_NONE: JSON = {"type": "integer", "minimum": -1, "maximum": MAX_SEATS - 1}
CARD: JSON = {"type": "string", "pattern": "^ZK[0-9]{3}$", "description": "a card code"}
CARDS: JSON = {"type": "array", "items": CARD}
COLOUR_ID: JSON = {"type": "integer", "minimum": 0, "maximum": 5, "description": "5: green"}
COLOUR_COUNTS: JSON = {
    "type": "object",
    "propertyNames": {"pattern": "^(P[0-4]|G)$"},
    "additionalProperties": NATURAL,
}
EVENT_TYPES = (
    "setup",
    "turn",
    "move",
    "event",
    "step",
    "move_unit",
    "fight",
    "truce",
    "no_troops",
    "empty_tower",
    "lance",
    "committed",
    "reveal",
    "throw",
    "fight_result",
    "unit_removed",
    "plundered",
    "retreat",
    "pray",
    "recruit",
    "pass",
    "siege",
    "papal_reward",
    "siege_round",
    "siege_ends",
    "jerusalem_falls",
    "discard",
    "draw",
    "immediate",
    "exhausted",
    "end_cards",
    "game_over",
)


def _per_seat(item: JSON, doc: str) -> JSON:
    return {
        "type": "array",
        "minItems": 2,
        "maxItems": MAX_SEATS,
        "items": item,
        "description": doc,
    }


def _tower() -> JSON:
    params: JSON = {"type": "object", "additionalProperties": {"type": "number"}}
    cubes: JSON = {"type": "array", "items": COLOUR_ID}
    return {
        "description": "the tower with the hidden place of every cube (ZK-T1, ZK-H3)",
        "oneOf": [
            {
                "type": "object",
                "required": ["model", "params", "shelves"],
                "properties": {
                    "model": {"const": "B"},
                    "params": params,
                    "shelf_memory": {"enum": ["persistent", "resample"]},
                    "shelves": {"type": "array", "minItems": 2, "maxItems": 2, "items": cubes},
                },
                "additionalProperties": False,
            },
            {
                "type": "object",
                "required": ["model", "params", "inside"],
                "properties": {"model": {"const": "A"}, "params": params, "inside": cubes},
                "additionalProperties": False,
            },
            {
                "type": "object",
                "required": ["model", "inside", "script"],
                "properties": {
                    "model": {"const": "scripted"},
                    "inside": cubes,
                    "script": {"type": "array", "items": cubes},
                },
                "additionalProperties": False,
            },
        ],
    }


FIGHT: JSON = {
    "description": "the fight being resolved (ZK-C1, ZK-C3)",
    "oneOf": [
        {"type": "null"},
        {
            "type": "object",
            "required": ["kind", "fighter", "enemy", "cell", "unit", "city", "lance", "then"],
            "properties": {
                "kind": {"enum": list(FIGHT_TYPES)},
                "fighter": {"type": "integer", "minimum": 0, "maximum": MAX_SEATS - 1},
                "enemy": NATURAL,
                "cell": NATURAL,
                "unit": {"type": "integer", "minimum": -1},
                "city": {"type": "integer", "minimum": -1},
                "lance": {"type": "integer", "minimum": -1, "description": "a card id; -1"},
                "then": {
                    "type": "array",
                    "minItems": 1,
                    "prefixItems": [{"enum": ["card", "symbol", "second", "units", "discard"]}],
                    "items": INT,
                    "description": "where play goes on afterwards (Fight.then)",
                },
                "outcome": {"enum": ["", "won", "lost", "truce"]},
                "committed": {"type": "integer", "minimum": -1},
            },
            "additionalProperties": False,
        },
    ],
}

SECRET: JSON = {
    "description": "the attacker's stored secret commitment of a siege round (ZK-H4)",
    "oneOf": [
        {"type": "null"},
        {
            "type": "object",
            "required": ["seats", "chosen"],
            "properties": {
                "seats": {"type": "array", "minItems": 2, "maxItems": 2, "items": NATURAL},
                "chosen": {
                    "type": "object",
                    "propertyNames": {"pattern": "^[0-4]$"},
                    "additionalProperties": {
                        "type": "object",
                        "required": ["type", "amount"],
                        "properties": {"type": {"const": "commit"}, "amount": NATURAL},
                    },
                },
            },
            "additionalProperties": False,
        },
    ],
}

EVENT: JSON = {
    "type": "object",
    "required": ["type"],
    "properties": {
        "type": {"enum": list(EVENT_TYPES)},
        "seat": {"type": ["integer", "null"]},
        "card": {"oneOf": [CARD, {"type": "null"}]},
        "fight": {"enum": list(FIGHT_TYPES)},
        "thrown": COLOUR_COUNTS,
        "tray": COLOUR_COUNTS,
        "after": COLOUR_COUNTS,
        "cubes": COLOUR_COUNTS,
    },
}

DATA_SCHEMA: JSON = {
    "type": "object",
    "description": "Im Zeichen des Kreuzes: the position, the pending decision and the log",
    "required": [
        "knights",
        "start_player",
        "active",
        "turn",
        "decision",
        "decider",
        "army",
        "supply",
        "treasure",
        "motivation",
        "markers",
        "pawn",
        "origin",
        "hands",
        "green_tiles",
        "red_tiles",
        "tile",
        "plundered_by",
        "units",
        "garrison",
        "sieges",
        "siege_round",
        "exhaustions",
        "draw_pile",
        "discard",
        "set_aside",
        "tower",
        "fight",
        "secret",
        "two_step",
        "symbol",
        "winners",
        "end_reason",
        "log",
    ],
    "properties": {
        "knights": _per_seat({"type": "string"}, "each seat's knight id (ZK-S2)"),
        "start_player": NATURAL,
        "active": NATURAL,
        "turn": {"type": "integer", "minimum": 1},
        "decision": {"enum": list(DECISIONS)},
        "decider": SEAT_OR_NONE,
        "army": _per_seat(NATURAL, "troops (ZK-R2)"),
        "supply": _per_seat(NATURAL, "own supply (ZK-R2)"),
        "treasure": _per_seat(NATURAL, "treasure (ZK-R4)"),
        "motivation": _per_seat(
            {"type": "integer", "minimum": 0, "maximum": MOTIVATION_MAX}, "motivation (ZK-R5)"
        ),
        "markers": _per_seat(
            {"type": "integer", "minimum": 0, "maximum": MARKERS}, "purple markers (ZK-T5)"
        ),
        "pawn": _per_seat(NATURAL, "each pawn's cell"),
        "origin": _per_seat(CELL_OR_NONE, "each pawn's step origin (ZK-R10)"),
        "hands": _per_seat({**CARDS, "maxItems": HAND_LIMIT}, "each seat's cards (ZK-R7)"),
        "green_tiles": _per_seat({"type": "array", "items": NATURAL}, "held green tiles"),
        "red_tiles": _per_seat({"type": "array", "items": NATURAL}, "held red tiles"),
        "tile": {"type": "array", "items": {"type": "integer", "minimum": -1}},
        "plundered_by": {"type": "array", "items": SEAT_OR_NONE},
        "units": {"type": "array", "items": CELL_OR_NONE},
        "garrison": NATURAL,
        "sieges": NATURAL,
        "siege_round": NATURAL,
        "exhaustions": {"type": "integer", "minimum": 0, "maximum": 2},
        "draw_pile": {**CARDS, "description": "top card last (ZK-S8)"},
        "discard": CARDS,
        "set_aside": CARDS,
        "tower": _tower(),
        "fight": FIGHT,
        "secret": SECRET,
        "two_step": {"type": "integer", "minimum": -1, "description": "a card id; -1: none"},
        "symbol": {"enum": ["", "fleet", "army"]},
        "winners": {"type": "array", "maxItems": MAX_SEATS, "items": NATURAL},
        "end_reason": {"enum": ["", *ENDINGS]},
        "log": {"type": "array", "items": EVENT},
    },
    "additionalProperties": False,
}
