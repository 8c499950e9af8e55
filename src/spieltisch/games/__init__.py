"""The four built-in games. Each subpackage has a ``manifest.py`` that spieltisch's
``pyproject.toml`` installs as an entry point of the group ``spieltisch.games``; the
registry finds them (and any other installed game) only that way, and imports a game's
rules when its ``Game`` is first asked for (``engine/manifest.py``).

``spieltisch.games`` is both this package (``spieltisch.games.medina``) and the registry
listing of DESIGN.md §2 (``spieltisch.games()``): the module is made callable, because a
plain function of that name would be shadowed by the subpackage as soon as a game is
imported."""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.game import Game


class _CallableGamesModule(types.ModuleType):
    def __call__(self) -> list[Game]:
        from ..engine.registry import games

        return games()


sys.modules[__name__].__class__ = _CallableGamesModule
