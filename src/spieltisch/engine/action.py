"""Actions: immutable values with a stable JSON form and a readable ``str``."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class Action(ABC):
    """Base of every game's actions. Subclasses are immutable, hashable and compare by value
    (frozen dataclasses do this). ``to_json`` is stable across versions of the game: a record
    written today must replay tomorrow."""

    __slots__ = ()

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON object with at least a ``"type"`` key."""

    @abstractmethod
    def __str__(self) -> str:
        """Short, readable, unambiguous (``"play K07 -> 3"``)."""
