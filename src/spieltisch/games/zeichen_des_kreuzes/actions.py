"""The actions of Im Zeichen des Kreuzes: one immutable value type, one kind per decision.

Cells travel as ``[x, y]`` in JSON and as cell indexes inside; cards as codes ``ZK012``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ...engine.action import Action
from ...engine.errors import MalformedAction
from .components import card_code, parse_card_code

WIDTH = 26  # only used to print cells; the board's width is checked when applied

# kind -> (fields it uses, a short description); the order of fields is the JSON order
KINDS: dict[str, tuple[tuple[str, ...], str]] = {
    "move": (("card", "to"), "play a movement card: one step (ZK-R14)"),
    "event": (("card", "to", "target"), "play a held event card (section 6)"),
    "end_cards": ((), "end the card phase (ZK-R13)"),
    "step": (("to",), "second step of Forced march / Genoese ships (ZK-EV05, ZK-EV11)"),
    "stop_steps": ((), "forgo the second step"),
    "move_unit": (("unit", "to"), "symbol move of a neutral unit (ZK-R16)"),
    "no_unit_move": ((), "decline the symbol move (ZK-R16)"),
    "truce": (("card",), "play a Truce (ZK-EV09)"),
    "fight": ((), "no Truce: fight (ZK-C3)"),
    "empty_tower": (("card",), "empty the tower with a marker or Tower shaking (ZK-T5)"),
    "keep_tower": ((), "do not empty the tower (ZK-T5)"),
    "commit": (("amount", "card"), "commit troops, optionally with a Holy Lance (ZK-C3, ZK-J4)"),
    "defend": (("amount",), "the defender's garrison commitment (ZK-J5)"),
    "retreat": (("to",), "retreat after a lost fight (ZK-C12)"),
    "pray": ((), "pray: motivation +2 (ZK-R26)"),
    "recruit": (("amount",), "recruit: pay treasure for troops (ZK-R27)"),
    "plunder": ((), "plunder the city (ZK-R28, ZK-R29)"),
    "siege": ((), "besiege Jerusalem (ZK-J1)"),
    "pass": ((), "no city action (ZK-R25)"),
    "continue_siege": ((), "another round of the siege (ZK-J10)"),
    "stop_siege": ((), "end the siege (ZK-J10)"),
    "discard": (("card",), "discard a card (ZK-R33)"),
    "end_discard": ((), "end the discard phase and draw (ZK-R33, ZK-R34)"),
}


@dataclass(frozen=True, slots=True)
class ZkAction(Action):
    """``card`` is a card id, ``to`` a cell index, ``unit`` a neutral unit index, ``target``
    a seat, ``amount`` a number; -1 where the kind does not use the field."""

    kind: str
    card: int = -1
    to: int = -1
    unit: int = -1
    target: int = -1
    amount: int = -1

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for name in KINDS[self.kind][0]:
            value = getattr(self, name)
            if name == "card":
                out["card"] = None if value < 0 else card_code(value)
            elif name == "to":
                out["to"] = None if value < 0 else [value % WIDTH, value // WIDTH]
            elif name == "unit":
                out["unit"] = value
            else:
                out[name] = None if value < 0 else value
        return out

    def __str__(self) -> str:
        parts = [self.kind]
        if self.card >= 0:
            parts.append(card_code(self.card))
        if self.amount >= 0:
            parts.append(str(self.amount))
        if self.unit >= 0:
            parts.append(f"unit {self.unit}")
        if self.target >= 0:
            parts.append(f"seat {self.target}")
        if self.to >= 0:
            parts.append(f"-> ({self.to % WIDTH},{self.to // WIDTH})")
        return " ".join(parts)


def action_from_json(obj: Any, width: int = WIDTH, height: int = 14) -> ZkAction:
    """Parse an action; ``MalformedAction`` names what is wrong."""
    if not isinstance(obj, dict):
        raise MalformedAction("an action must be a JSON object with a 'type'")
    kind = obj.get("type")
    if kind not in KINDS:
        raise MalformedAction(
            f"unknown action type {kind!r}; expected one of {', '.join(sorted(KINDS))}"
        )
    fields = KINDS[kind][0]
    extra = set(obj) - {"type", *fields}
    if extra:
        raise MalformedAction(f"action {kind!r} has unexpected field(s) {sorted(extra)}")
    values: dict[str, int] = {}
    for name in fields:
        raw = obj.get(name)
        optional = (kind == "event" and name in ("to", "target")) or (
            name == "card" and kind in ("empty_tower", "commit")
        )
        if raw is None:
            if optional:
                continue
            raise MalformedAction(f"action {kind!r} needs a {name!r}")
        if name == "card":
            try:
                values["card"] = parse_card_code(raw)
            except ValueError as exc:
                raise MalformedAction(f"action {kind!r}: {exc}") from None
        elif name == "to":
            if (
                not isinstance(raw, list)
                or len(raw) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw)
                or not (0 <= raw[0] < width and 0 <= raw[1] < height)
            ):
                raise MalformedAction(
                    f"action {kind!r}: 'to' must be a cell [x, y] with 0 <= x < {width} and "
                    f"0 <= y < {height}, not {raw!r}"
                )
            values["to"] = raw[1] * width + raw[0]
        else:
            if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
                raise MalformedAction(
                    f"action {kind!r}: {name!r} must be a non-negative integer, not {raw!r}"
                )
            values[name] = raw
    return ZkAction(kind, **values)


# constructors with the games' own names
END_CARDS = ZkAction("end_cards")
STOP_STEPS = ZkAction("stop_steps")
NO_UNIT_MOVE = ZkAction("no_unit_move")
FIGHT = ZkAction("fight")
KEEP_TOWER = ZkAction("keep_tower")
PRAY = ZkAction("pray")
PLUNDER = ZkAction("plunder")
SIEGE = ZkAction("siege")
PASS = ZkAction("pass")
CONTINUE_SIEGE = ZkAction("continue_siege")
STOP_SIEGE = ZkAction("stop_siege")
END_DISCARD = ZkAction("end_discard")


@cache  # actions are immutable values; reusing them keeps listing cheap
def move(card: int, to: int) -> ZkAction:
    return ZkAction("move", card=card, to=to)


def event(card: int, to: int = -1, target: int = -1) -> ZkAction:
    return ZkAction("event", card=card, to=to, target=target)


@cache  # actions are immutable values; reusing them keeps listing cheap
def step(to: int) -> ZkAction:
    return ZkAction("step", to=to)


@cache  # actions are immutable values; reusing them keeps listing cheap
def move_unit(unit: int, to: int) -> ZkAction:
    return ZkAction("move_unit", unit=unit, to=to)


def truce(card: int) -> ZkAction:
    return ZkAction("truce", card=card)


def empty_tower(card: int = -1) -> ZkAction:
    return ZkAction("empty_tower", card=card)


@cache  # actions are immutable values; reusing them keeps listing cheap
def commit(amount: int, lance: int = -1) -> ZkAction:
    return ZkAction("commit", card=lance, amount=amount)


@cache  # actions are immutable values; reusing them keeps listing cheap
def defend(amount: int) -> ZkAction:
    return ZkAction("defend", amount=amount)


@cache  # actions are immutable values; reusing them keeps listing cheap
def retreat(to: int) -> ZkAction:
    return ZkAction("retreat", to=to)


@cache  # actions are immutable values; reusing them keeps listing cheap
def recruit(treasure: int) -> ZkAction:
    return ZkAction("recruit", amount=treasure)


@cache  # actions are immutable values; reusing them keeps listing cheap
def discard(card: int) -> ZkAction:
    return ZkAction("discard", card=card)
