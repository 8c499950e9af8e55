"""The setup (TR-S2 to TR-S6) and the start statues (TR-S7): in ascending rank order, the
King last, every player puts one statue on a free meadow of a face-up tile; then round 1
begins (TR-S8)."""

from __future__ import annotations

from typing import Any

from ...engine.action import Action
from ...engine.decision import Phase
from ...engine.errors import IllegalAction
from ...engine.i18n import N_
from .actions import TumultAction, not_an_action, well_formed
from .build import field_of, occupied
from .mood import begin_round
from .refusal import Refusal, Term
from .table import START, Table


def set_up(table: Table) -> None:
    """TR-S2 to TR-S6 on an empty table: the ranks dealt, the landscape laid out with half
    of it face down; the start statues are the first decision (TR-S7)."""
    table.chance.shuffle("rank deal", table.rank)  # TR-S4
    table.chance.shuffle("landscape", table.designs)  # TR-S5
    land = table.land
    for tr, tc in table.rules.layouts[table.players].face_down:  # TR-D8
        table.face_up[land.position_index(tr, tc)] = False
    table.update_codes()
    table.events.append({"type": "setup", "ranks": list(table.rank)})
    table.decide()


def start_fields(table: Table) -> list[int]:
    """The free fields of the start terrain on face-up tiles."""
    start, owner, codes = table.rules.start_terrain, table.owner, table.codes
    return [f for f in range(table.land.size) if owner[f] < 0 and codes[f] == start]


class StartStatues(Phase):
    """A start statue (TR-S7)."""

    kind = START

    def legal(self, state: Any, seat: int) -> list[Action]:
        table: Table = state
        rc = table.land.rc
        return [TumultAction("place_start", field=rc(f)) for f in start_fields(table)]

    def explain(self, state: Any, seat: int, action: Action) -> IllegalAction | None:
        if not well_formed(action):
            return not_an_action(action)
        assert isinstance(action, TumultAction)
        table: Table = state
        rules = table.rules
        start = rules.start_terrain
        if action.kind != "place_start":
            return Refusal(
                N_("First every player places a start statue on a free {terrain}."),
                "TR-S7",
                terrain=Term("terrain", rules.terrains[start].name),
            )
        f = field_of(table, action, "TR-S7")
        if isinstance(f, Refusal):
            return f
        refusal = occupied(table, seat, f, "TR-S7")
        if refusal is not None:
            return refusal
        code = table.terrain(f)
        if code != start:
            r, c = table.land.rc(f)
            return Refusal(
                N_("Your start statue goes on {start}, not on {terrain} ({r},{c})."),
                "TR-S7",
                start=Term("terrain built", rules.terrains[start].name),
                terrain=Term("terrain built", rules.terrains[code].name),
                r=r,
                c=c,
            )
        return None

    def apply(self, state: Any, seat: int, action: Action) -> None:
        table: Table = state
        assert isinstance(action, TumultAction) and action.field is not None
        f = table.land.field(*action.field)
        table.put_statues(seat, f, 1)
        table.events.append({"type": "start_statue", "seat": seat, "field": list(action.field)})
        table.turn += 1
        if table.turn == table.players:
            begin_round(table, 1)  # TR-S8
        table.decide()
