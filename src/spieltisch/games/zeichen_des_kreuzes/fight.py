"""One fight (ZK-C1, ZK-C3) and the arithmetic of its outcome (ZK-C7 to ZK-C10).

The state machine that asks the windows lives in ``state``; this module holds the fight's
record and the pure rules about trays, so they can be tested without a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

UNIT_FLEET = "unit_fleet"
UNIT_ARMY = "unit_army"
PLUNDER_MUSLIM = "plunder_muslim"
PLUNDER_CHRISTIAN = "plunder_christian"
AMBUSH = "ambush"
JERUSALEM_ROUND = "jerusalem_round"
FIGHT_TYPES = (UNIT_FLEET, UNIT_ARMY, PLUNDER_MUSLIM, PLUNDER_CHRISTIAN, AMBUSH, JERUSALEM_ROUND)

# ZK-C1: enemy green cubes E and the minimum own commitment
ENEMY_CUBES = {UNIT_FLEET: 3, UNIT_ARMY: 3, PLUNDER_MUSLIM: 3, PLUNDER_CHRISTIAN: 2, AMBUSH: 2}
MIN_COMMIT = {
    UNIT_FLEET: 1,
    UNIT_ARMY: 1,
    PLUNDER_MUSLIM: 1,
    PLUNDER_CHRISTIAN: 1,
    AMBUSH: 2,
    JERUSALEM_ROUND: 5,
}
# ZK-C11: motivation of the fighting player on a win / a loss
MOTIVATION = {
    UNIT_FLEET: (1, -1),
    UNIT_ARMY: (1, -1),
    AMBUSH: (1, -1),
    PLUNDER_MUSLIM: (2, -1),
    PLUNDER_CHRISTIAN: (-3, -2),
    JERUSALEM_ROUND: (1, -2),
}


@dataclass(slots=True)
class Fight:
    """The fight being resolved. ``then`` says where play resumes afterwards:
    ``("symbol", card)``, ``("second", card)``, ``("card",)``, ``("units", unit, *seats)``
    or ``("discard",)``."""

    kind: str
    fighter: int
    enemy: int  # E: green cubes thrown (the defender's choice in a Jerusalem round)
    cell: int
    unit: int = -1
    city: int = -1
    lance: int = -1  # the Holy Lance card played in this fight, -1 if none
    then: tuple[Any, ...] = ("card",)
    outcome: str = ""  # "", "won", "lost", "truce"
    committed: int = -1  # the fighter's cubes thrown, public once thrown (revealed in a siege)

    def copy(self) -> Fight:
        return Fight(
            self.kind,
            self.fighter,
            self.enemy,
            self.cell,
            self.unit,
            self.city,
            self.lance,
            self.then,
            self.outcome,
            self.committed,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "fighter": self.fighter,
            "enemy": self.enemy,
            "cell": self.cell,
            "unit": self.unit,
            "city": self.city,
            "lance": self.lance,
            "then": list(self.then),
            "outcome": self.outcome,
            "committed": self.committed,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Fight:
        if obj["kind"] not in FIGHT_TYPES:
            raise ValueError(f"unknown fight type {obj['kind']!r}")
        return cls(
            str(obj["kind"]),
            int(obj["fighter"]),
            int(obj["enemy"]),
            int(obj["cell"]),
            int(obj["unit"]),
            int(obj["city"]),
            int(obj["lance"]),
            tuple(obj["then"]),
            str(obj["outcome"]),
            int(obj.get("committed", -1)),
        )


def fighter_wins(own: int, green: int, lance: bool, tie_rule: str) -> bool:
    """ZK-C7/ZK-C8: A* = A (+1 with a Holy Lance) against Gt; ties by ``tie_rule``."""
    a = own + (1 if lance else 0)
    if a != green:
        return a > green
    return tie_rule == "attacker"
