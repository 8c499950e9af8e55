"""Medina's actions (MD-R21): one placement each, plus the start merchant and the tea discard.

An action names its cell as ``(x, y)``; legal actions are interned per board and colour set,
so listing them allocates nothing."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from ...engine.action import Action
from ...engine.errors import MalformedAction

# MD-R21 order of kinds
KINDS = (
    "start_merchant",
    "build",
    "roof",
    "neutral_roof",
    "stable",
    "merchant",
    "wall",
    "discard_tea",
)
CELL_KINDS = frozenset(KINDS[:-1])


@dataclass(frozen=True, slots=True)
class MedinaAction(Action):
    """``kind`` from ``KINDS``; ``colour`` only for ``build``; ``x, y`` = -1 for the discard."""

    kind: str
    x: int = -1
    y: int = -1
    colour: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        if self.kind == "build":
            out["colour"] = self.colour
        if self.kind in CELL_KINDS:
            out["cell"] = [self.x, self.y]
        return out

    def __str__(self) -> str:
        if self.kind == "discard_tea":
            return "discard tea"
        where = f"({self.x},{self.y})"
        name = self.kind.replace("_", " ")
        return f"build {self.colour} {where}" if self.kind == "build" else f"{name} {where}"


DISCARD_TEA = MedinaAction("discard_tea")


def action_from_json(obj: Any) -> MedinaAction:
    if not isinstance(obj, dict):
        raise MalformedAction(f"an action must be a JSON object, got {type(obj).__name__}")
    kind = obj.get("type")
    if kind not in KINDS:
        raise MalformedAction(f"unknown action type {kind!r}; expected one of {', '.join(KINDS)}")
    if kind == "discard_tea":
        if set(obj) != {"type"}:
            raise MalformedAction("discard_tea takes no fields")
        return DISCARD_TEA
    expected = {"type", "cell", "colour"} if kind == "build" else {"type", "cell"}
    if set(obj) != expected:
        raise MalformedAction(f"a {kind} action has exactly the fields {sorted(expected)}")
    cell = obj["cell"]
    if (
        not isinstance(cell, list)
        or len(cell) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
    ):
        raise MalformedAction(f"'cell' must be [x, y] with integers, got {cell!r}")
    colour = ""
    if kind == "build":
        colour = obj["colour"]
        if not isinstance(colour, str):
            raise MalformedAction(f"'colour' must be a colour name, got {colour!r}")
    return MedinaAction(kind, cell[0], cell[1], colour)


@dataclass(frozen=True, eq=False)
class ActionTable:
    """Interned actions of one board: ``cell_action[kind][cell]``, ``build[colour][cell]``."""

    cell_action: dict[str, tuple[MedinaAction, ...]]
    build: tuple[tuple[MedinaAction, ...], ...]


@functools.lru_cache(maxsize=16)
def action_table(width: int, height: int, colours: tuple[str, ...]) -> ActionTable:
    cells = [(c % width, c // width) for c in range(width * height)]
    return ActionTable(
        cell_action={
            kind: tuple(MedinaAction(kind, x, y) for x, y in cells)
            for kind in KINDS
            if kind in CELL_KINDS and kind != "build"
        },
        build=tuple(tuple(MedinaAction("build", x, y, col) for x, y in cells) for col in colours),
    )
