"""Model A of the tower (ZK-T4): every cube inside comes out with ``p_old``, every thrown
cube with ``p_new``, independently; ``chance.bernoulli("tower", p)`` for each ``u() < p``
and ``chance.shuffle("tower", ...)``, in the order of the pseudocode (ZK-T7)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...engine.chance import Chance
from .colours import check_cubes, tally
from .tower_models import EVENT, TowerBase, take_out
from .tower_params import check_params


class TowerA(TowerBase):
    """Independent release (ZK-T4): each cube inside comes out with ``p_old``, each thrown
    cube with ``p_new``. ``inside`` is the ordered list T of the rules."""

    model = "A"
    __slots__ = ("inside", "p_new", "p_old")

    def __init__(self, chance: Chance, p_new: float = 2 / 3, p_old: float = 1 / 3) -> None:
        super().__init__(chance)
        check_params("A", {"p_new": p_new, "p_old": p_old})
        self.p_new = p_new
        self.p_old = p_old
        self.inside: list[int] = []

    def throw(self, cubes: list[int]) -> list[int]:
        tray = self.scripted_tray(cubes)
        self._thrown_in(cubes)
        if tray is not None:  # thrown cubes first, then the cubes inside in order
            need = tally(tray)
            kept = take_out(need, cubes)
            self.inside = take_out(need, self.inside) + kept
            self._came_out(tray)
            return tray
        chance = self.chance
        coin = chance.bernoulli  # bound once: a coin per cube
        out: list[int] = []
        keep: list[int] = []
        p_old = self.p_old
        for c in self.inside:  # cubes already inside
            if coin(EVENT, p_old):
                out.append(c)
            else:
                keep.append(c)
        new = list(cubes)
        chance.shuffle(EVENT, new)
        p_new = self.p_new
        for c in new:
            if coin(EVENT, p_new):
                out.append(c)
            else:
                keep.append(c)
        self.inside = keep
        self._came_out(out)
        return out

    def empty(self) -> list[int]:
        out = self.inside
        self.inside = []
        self._emptied()
        return out

    def lay(self, cubes: Sequence[int], rng: random.Random) -> None:
        check_cubes(cubes)
        inside = list(cubes)
        rng.shuffle(inside)  # the order inside is hidden (ZK-H3)
        self.inside = inside
        self._recount(inside)

    def clone(self, chance: Chance) -> TowerA:
        other = TowerA.__new__(TowerA)
        self._copy_counts(other, chance)
        other.p_new, other.p_old = self.p_new, self.p_old
        other.inside = list(self.inside)
        return other

    def params(self) -> dict[str, float]:
        return {"p_new": self.p_new, "p_old": self.p_old}

    def to_json(self) -> dict[str, Any]:
        """``{"model": "A", "params", "inside"}``; the order of ``inside`` is hidden."""
        return {"model": "A", "params": self.params(), "inside": list(self.inside)}
