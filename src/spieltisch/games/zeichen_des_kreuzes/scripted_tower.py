"""The scripted tower (ZK-T8), the test double the worked examples use: it returns
prescribed trays in order and keeps its counts by conservation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...engine.chance import Chance
from .colours import check_cubes, colour_from_name, colour_name
from .tower_models import TowerBase, check_tray

TraySpec = Sequence[int] | Mapping[int, int] | Mapping[str, int]


def _colour_key(key: object) -> int:
    if isinstance(key, int) and not isinstance(key, bool):
        check_cubes([key])
        return key
    if isinstance(key, str):
        return colour_from_name(key)
    raise ValueError(f"{key!r} is not a colour id or name")


def _tray_list(spec: TraySpec) -> list[int]:
    """A prescribed tray as a list of colour ids (a mapping expands in colour order)."""
    if isinstance(spec, Mapping):
        given: dict[int, object] = {_colour_key(k): v for k, v in spec.items()}
        out: list[int] = []
        for colour in sorted(given):
            n = given[colour]
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise ValueError(f"tray count {n!r} for {colour_name(colour)} is not natural")
            out.extend([colour] * n)
        return out
    cubes = list(spec)
    check_cubes(cubes)
    return cubes


class ScriptedTower(TowerBase):
    """Returns the prescribed trays in order and keeps its counts by conservation (ZK-T8).

    ``trays`` are lists of colour ids or ``{colour: count}`` mappings (colour ids or names
    such as ``"P0"``/``"G"``); ``contents`` is what the tower holds at the start. A tray that
    is not a sub-multiset of contents + thrown raises ``ValueError`` and changes nothing.
    The remaining script is part of ``to_json()``, so a state holding it round-trips."""

    model = "scripted"
    __slots__ = ("script",)

    def __init__(
        self,
        trays: Iterable[TraySpec] = (),
        contents: TraySpec | None = None,
        chance: Chance | None = None,
    ) -> None:
        super().__init__(chance if chance is not None else Chance(0))
        self.script: list[list[int]] = [_tray_list(t) for t in trays]
        self._recount(_tray_list(contents) if contents is not None else [])

    def add_trays(self, *trays: TraySpec) -> None:
        """Append prescribed trays to the script."""
        self.script.extend(_tray_list(t) for t in trays)

    def throw(self, cubes: list[int]) -> list[int]:
        check_cubes(cubes)
        if not self.script:
            raise ValueError("the scripted tower has no tray left for this throw (ZK-T8)")
        tray = self.script[0]
        check_tray(self._counts, cubes, tray)
        self.script.pop(0)
        self._thrown_in(cubes)
        self._came_out(tray)
        return list(tray)

    def empty(self) -> list[int]:
        out = [c for c, n in enumerate(self._counts) for _ in range(n)]
        self._emptied()
        return out

    def clone(self, chance: Chance) -> ScriptedTower:
        other = ScriptedTower.__new__(ScriptedTower)
        self._copy_counts(other, chance)
        other.script = [list(t) for t in self.script]
        return other

    def to_json(self) -> dict[str, Any]:
        """``{"model": "scripted", "inside": [...], "script": [[...], ...]}``."""
        inside = [c for c, n in enumerate(self._counts) for _ in range(n)]
        return {"model": "scripted", "inside": inside, "script": [list(t) for t in self.script]}
