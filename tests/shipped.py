"""The games spieltisch ships (installed by its own ``pyproject.toml``), as opposed to every
installed game (``spieltisch.games()``, which includes the example of ``examples/goofspiel``
and any other plugin).

The contract tests (invariants, encodings, pictures, the web table) run on every installed
game; tests of what spieltisch publishes about its own games (their docs pages, published
schemas, German rulebooks, saved fixtures) run on these."""

from __future__ import annotations

import spieltisch
from spieltisch.engine import registry
from spieltisch.engine.game import Game


def shipped_games() -> list[Game]:
    return [g for g in spieltisch.games() if registry.distribution(g.id) == "spieltisch"]


def shipped_ids() -> list[str]:
    return [g.id for g in shipped_games()]
