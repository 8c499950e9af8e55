"""JSON Schemas of state documents: the kernel's envelope around each game's ``data``.

A game gives the schema of its ``data`` (``Game.state_schema``); this module wraps it in
what every state document has (``schema``, ``game``, ``version``, ``players``, ``seed``,
``options``, ``chance``, ``moves``). ``spieltisch schema GAME`` prints it; the docs publish
it (``docs/schemas``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

JSON = dict[str, Any]

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def state_document_schema(game: Game, data: JSON) -> JSON:
    """The schema of ``game``'s state document whose ``data`` follows ``data``."""
    from .game import STATE_SCHEMA

    options: JSON = {
        "type": "object",
        "description": "the resolved options; see the game's rules for each",
        "properties": {
            o.name: {"description": o.doc, "enum": list(o.choices)}
            if o.choices
            else {"description": o.doc}
            for o in game.options
        },
    }
    return {
        "$schema": DRAFT,
        "$id": f"https://spieltisch.invalid/schemas/{game.id}.state.json",
        "title": f"{game.name}: state document",
        "type": "object",
        "required": ["schema", "game", "version", "players", "seed", "data"],
        "properties": {
            "schema": {"const": STATE_SCHEMA},
            "game": {"const": game.id},
            "version": {"type": "integer", "minimum": 1, "maximum": game.version},
            "players": {
                "type": "integer",
                "minimum": game.min_players,
                "maximum": game.max_players,
            },
            "seed": {"type": "integer"},
            "options": options,
            "chance": {
                "type": "object",
                "required": ["splitmix64"],
                "properties": {
                    "splitmix64": {"type": "integer", "minimum": 0},
                    "script": {"type": "object", "additionalProperties": {"type": "array"}},
                },
            },
            "moves": {
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["seat", "action"],
                            "properties": {
                                "seat": {"type": "integer", "minimum": 0},
                                "action": {"type": "object", "required": ["type"]},
                            },
                        },
                    },
                ]
            },
            "data": data,
        },
    }
