"""The one action of Toy Goofspiel: bid a card. One action class per game, whose first
field is its kind; its JSON is ``{"type": kind, ...}``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spieltisch.engine import Action, MalformedAction


@dataclass(frozen=True, slots=True)
class Bid(Action):
    kind: str
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "card": self.card}

    def __str__(self) -> str:
        return f"bid {self.card}"


def bid(card: int) -> Bid:
    return Bid("bid", card)


def action_from_json(obj: Any) -> Bid:
    """``{"type": "bid", "card": 3}``; anything else is a ``MalformedAction`` naming it."""
    if not isinstance(obj, dict) or obj.get("type") != "bid":
        raise MalformedAction(f'an action of Toy Goofspiel is {{"type": "bid", ...}}, not {obj!r}')
    card = obj.get("card")
    if not isinstance(card, int) or isinstance(card, bool):
        raise MalformedAction(f"a bid names its card as an integer, not {card!r}")
    return bid(card)
