"""Actions: immutable values with a stable JSON form and a readable ``str``."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class Action(ABC):
    """Base of every game's actions. A game has one action class (a frozen dataclass:
    immutable, hashable, compared by value) whose first field is ``kind``, what the action
    does (``"play"``, ``"claim"``, ``"grab"``); its JSON is ``{"type": kind, ...}`` with the
    other fields by name. ``to_json`` is stable across versions of the game: a record
    written today must replay tomorrow."""

    __slots__ = ()

    kind: str

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON object with at least a ``"type"`` key."""

    @abstractmethod
    def __str__(self) -> str:
        """Short, readable, unambiguous (``"play K07 -> 3"``)."""
