"""The actions of The Kingdoms of Crusaders: play a card, claim a territory, end claiming.

Draws and passes are automatic (KC-R13, KC-R14): the player makes no decision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.action import Action
from ...engine.errors import MalformedAction


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` from the hand into territory ``territory`` (1-5) of one's own row."""

    card: str
    territory: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "card": self.card, "territory": self.territory}

    def __str__(self) -> str:
        return f"play {self.card} -> {self.territory}"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Claim territory ``territory`` by proving no opponent can beat one's army (KC-R29)."""

    territory: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "claim", "territory": self.territory}

    def __str__(self) -> str:
        return f"claim {self.territory}"


@dataclass(frozen=True, slots=True)
class EndClaims(Action):
    """Stop claiming for this turn (KC-R29)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "end_claims"}

    def __str__(self) -> str:
        return "end claims"


END_CLAIMS = EndClaims()
CLAIMS = {t: Claim(t) for t in range(1, 6)}


def _territory(obj: dict[str, Any]) -> int:
    t = obj.get("territory")
    if not isinstance(t, int) or isinstance(t, bool):
        raise MalformedAction(f"'territory' must be an integer 1-5, got {t!r}")
    return t


def action_from_json(obj: Any) -> Action:
    if not isinstance(obj, dict):
        raise MalformedAction(f"an action must be a JSON object, got {type(obj).__name__}")
    kind = obj.get("type")
    if kind == "play":
        if set(obj) != {"type", "card", "territory"}:
            raise MalformedAction("a play is {'type': 'play', 'card': id, 'territory': 1-5}")
        card = obj["card"]
        if not isinstance(card, str):
            raise MalformedAction(f"'card' must be a card id string, got {card!r}")
        return Play(card, _territory(obj))
    if kind == "claim":
        if set(obj) != {"type", "territory"}:
            raise MalformedAction("a claim is {'type': 'claim', 'territory': 1-5}")
        return Claim(_territory(obj))
    if kind == "end_claims":
        if set(obj) != {"type"}:
            raise MalformedAction("end_claims takes no fields")
        return END_CLAIMS
    raise MalformedAction(f"unknown action type {kind!r}; expected 'play', 'claim' or 'end_claims'")
