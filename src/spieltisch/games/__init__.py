"""The four games. Each subpackage registers one ``Game`` with the engine registry on
import; ``spieltisch.game(id)`` imports it lazily.

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
