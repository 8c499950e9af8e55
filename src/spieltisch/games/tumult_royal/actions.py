"""Tumult Royal's actions (TR-R2): start statues, the grab-tick actions, builds, end of turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.action import Action
from ...engine.errors import IllegalAction, MalformedAction

KINDS = ("place_start", "peek", "keep", "put_back", "done", "wait", "build", "end_turn")
Face = tuple[str, int]  # (good, value)


@dataclass(frozen=True, slots=True)
class TumultAction(Action):
    """``field`` is ``(row, col)`` of the field grid for ``place_start`` and ``build``;
    ``slot`` for ``peek``; ``payment`` the faces paid for a ``build``, sorted."""

    kind: str
    field: tuple[int, int] | None = None
    slot: int = -1
    payment: tuple[Face, ...] = ()

    def __post_init__(self) -> None:
        # a payment is a multiset (TR-R2): one order, so that equal payments are equal
        if self.payment and list(self.payment) != sorted(self.payment):
            object.__setattr__(self, "payment", tuple(sorted(self.payment)))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        if self.kind in ("place_start", "build") and self.field is not None:
            out["field"] = list(self.field)
        if self.kind == "peek":
            out["slot"] = self.slot
        if self.kind == "build":
            out["payment"] = [[g, v] for g, v in self.payment]
        return out

    def __str__(self) -> str:
        if self.kind == "peek":
            return f"peek slot {self.slot}"
        if self.kind == "place_start" and self.field is not None:
            return f"start statue ({self.field[0]},{self.field[1]})"
        if self.kind == "build" and self.field is not None:
            paid = " ".join(f"{g}{v}" for g, v in self.payment) or "nothing"
            return f"build ({self.field[0]},{self.field[1]}) paying {paid}"
        return self.kind.replace("_", " ")


def not_an_action(action: object) -> IllegalAction:
    """The refusal of an object that is no action of the game (no rule forbids it)."""
    return IllegalAction(f"{action!r} is not an action of Tumult Royal")


def well_formed(action: object) -> bool:
    """Whether ``action`` is a Tumult Royal action with only the fields its kind has (a
    ``keep`` names no slot, a ``peek`` no field): anything else is in no legal list."""
    if type(action) is not TumultAction:
        return False
    kind = action.kind
    if kind == "peek":
        return action.field is None and not action.payment
    if kind == "build":
        return action.slot == -1  # the field is checked by the rules, with a reason
    if kind == "place_start":
        return action.slot == -1 and not action.payment
    return kind in KINDS and action.field is None and action.slot == -1 and not action.payment


KEEP = TumultAction("keep")
PUT_BACK = TumultAction("put_back")
DONE = TumultAction("done")
WAIT = TumultAction("wait")
END_TURN = TumultAction("end_turn")
PEEKS = tuple(TumultAction("peek", slot=s) for s in range(64))  # interned: listed every tick
_builds: dict[tuple[tuple[int, int], tuple[Face, ...]], TumultAction] = {}


def peek(slot: int) -> TumultAction:
    return PEEKS[slot] if 0 <= slot < len(PEEKS) else TumultAction("peek", slot=slot)


def build(field: tuple[int, int], payment: tuple[Face, ...]) -> TumultAction:
    """Interned build actions (legal builds are listed at every build decision)."""
    key = (field, payment)
    action = _builds.get(key)
    if action is None:
        action = _builds[key] = TumultAction("build", field=field, payment=payment)
    return action


_SIMPLE = {"keep": KEEP, "put_back": PUT_BACK, "done": DONE, "wait": WAIT, "end_turn": END_TURN}


def _field(obj: dict[str, Any]) -> tuple[int, int]:
    f = obj.get("field")
    if (
        not isinstance(f, list)
        or len(f) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in f)
    ):
        raise MalformedAction(f"'field' must be [row, col] with integers, got {f!r}")
    return (f[0], f[1])


def action_from_json(obj: Any) -> TumultAction:
    if not isinstance(obj, dict):
        raise MalformedAction(f"an action must be a JSON object, got {type(obj).__name__}")
    kind = obj.get("type")
    if kind not in KINDS:
        raise MalformedAction(f"unknown action type {kind!r}; expected one of {', '.join(KINDS)}")
    if kind in _SIMPLE:
        if set(obj) != {"type"}:
            raise MalformedAction(f"{kind} takes no fields")
        return _SIMPLE[kind]
    if kind == "peek":
        slot = obj.get("slot")
        if set(obj) != {"type", "slot"} or not isinstance(slot, int) or isinstance(slot, bool):
            raise MalformedAction("a peek is {'type': 'peek', 'slot': integer}")
        return TumultAction("peek", slot=slot)
    if kind == "place_start":
        if set(obj) != {"type", "field"}:
            raise MalformedAction("place_start is {'type': 'place_start', 'field': [row, col]}")
        return TumultAction("place_start", field=_field(obj))
    if set(obj) != {"type", "field", "payment"}:
        raise MalformedAction("a build is {'type': 'build', 'field': [r, c], 'payment': [...]}")
    payment = obj["payment"]
    faces: list[Face] = []
    if not isinstance(payment, list):
        raise MalformedAction("'payment' must be a list of [good, value] pairs")
    for item in payment:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], str)
            or not isinstance(item[1], int)
            or isinstance(item[1], bool)
        ):
            raise MalformedAction(f"a paid tile is [good, value], got {item!r}")
        faces.append((item[0], item[1]))
    return TumultAction("build", field=_field(obj), payment=tuple(sorted(faces)))
