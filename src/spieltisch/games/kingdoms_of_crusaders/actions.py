"""The actions of The Kingdoms of Crusaders: play a card, claim a territory, end claiming.

One class, ``Move``, whose ``kind`` says what it does; its JSON is ``{"type": kind, ...}``
with the fields that kind uses, exactly as records have always stored them:

* ``play`` (KC-R15): ``{"type": "play", "card": "K07", "territory": 3}``, ``play K07 -> 3``;
* ``claim`` (KC-R29, ``claims = manual``): ``{"type": "claim", "territory": 3}``, ``claim 3``;
* ``end_claims`` (KC-R29): ``{"type": "end_claims"}``, ``end claims``.

``Play``, ``Claim`` and ``EndClaims`` build them. Draws and passes are automatic (KC-R13,
KC-R14): the player makes no decision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.action import Action
from ...engine.errors import MalformedAction
from .deck import TERRITORIES, CardPool

PLAY, CLAIM, END_CLAIMS_KIND = "play", "claim", "end_claims"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """``kind`` ``play`` puts ``card`` into ``territory`` (1-5) of one's own row;
    ``claim`` claims ``territory``; ``end_claims`` stops claiming for this turn."""

    kind: str
    card: str = ""  # play only
    territory: int = 0  # play and claim

    def to_json(self) -> dict[str, Any]:
        if self.kind == PLAY:
            return {"type": PLAY, "card": self.card, "territory": self.territory}
        if self.kind == CLAIM:
            return {"type": CLAIM, "territory": self.territory}
        return {"type": self.kind}

    def __str__(self) -> str:
        if self.kind == PLAY:
            return f"play {self.card} -> {self.territory}"
        if self.kind == CLAIM:
            return f"claim {self.territory}"
        return self.kind.replace("_", " ")


def Play(card: str, territory: int) -> Move:
    """Play ``card`` from the hand into territory ``territory`` (1-5) (KC-R15)."""
    return Move(PLAY, card, territory)


def Claim(territory: int) -> Move:
    """Claim ``territory`` by proving no opponent can beat one's army (KC-R29)."""
    interned = CLAIMS.get(territory) if type(territory) is int else None
    return interned or Move(CLAIM, "", territory)


def EndClaims() -> Move:
    """Stop claiming for this turn (KC-R29)."""
    return END_CLAIMS


END_CLAIMS = Move(END_CLAIMS_KIND)
CLAIMS = {t: Move(CLAIM, "", t) for t in range(1, TERRITORIES + 1)}

_play_tables: dict[int, tuple[tuple[Move, ...], ...]] = {}


def play_table(pool: CardPool) -> tuple[tuple[Move, ...], ...]:
    """Interned play actions of a card pool: ``table[card_index][territory - 1]``."""
    table = _play_tables.get(id(pool))
    if table is None:
        table = tuple(tuple(Move(PLAY, cid, t) for t in range(1, 6)) for cid in pool.ids)
        _play_tables[id(pool)] = table
    return table


def _territory(obj: dict[str, Any]) -> int:
    t = obj.get("territory")
    if not isinstance(t, int) or isinstance(t, bool):
        raise MalformedAction(f"'territory' must be an integer 1-5, got {t!r}")
    return t


def action_from_json(obj: Any) -> Move:
    """The action of ``{"type": kind, ...}``; ``MalformedAction`` names what is wrong."""
    if not isinstance(obj, dict):
        raise MalformedAction(f"an action must be a JSON object, got {type(obj).__name__}")
    kind = obj.get("type")
    if kind == PLAY:
        if set(obj) != {"type", "card", "territory"}:
            raise MalformedAction("a play is {'type': 'play', 'card': id, 'territory': 1-5}")
        card = obj["card"]
        if not isinstance(card, str):
            raise MalformedAction(f"'card' must be a card id string, got {card!r}")
        return Move(PLAY, card, _territory(obj))
    if kind == CLAIM:
        if set(obj) != {"type", "territory"}:
            raise MalformedAction("a claim is {'type': 'claim', 'territory': 1-5}")
        return Claim(_territory(obj))
    if kind == END_CLAIMS_KIND:
        if set(obj) != {"type"}:
            raise MalformedAction("end_claims takes no fields")
        return END_CLAIMS
    raise MalformedAction(f"unknown action type {kind!r}; expected 'play', 'claim' or 'end_claims'")
