"""The Kingdoms of Crusaders: a Battle-Line-like card duel for 2-4 players
(``../shared/rules/kingdoms_of_crusaders.md``).

The game is installed through ``manifest.py`` (entry point ``spieltisch.games``); importing
this package imports no rules: the names below load their module when first used."""

from __future__ import annotations

import importlib
from typing import Any

# name -> the module of this package that defines it
_EXPORTS = {
    "Claim": "actions",
    "EndClaims": "actions",
    "Play": "actions",
    "GAME": "game",
    "KingdomsOfCrusaders": "game",
    "KingdomsState": "state",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
