"""Phase 2, the tax robbery (TR-G1 to TR-G16): a simultaneous game of ticks. Every seat
that is not done chooses one action per tick, judged against the tick's start and kept
hidden from the others until the tick resolves; then the tumult check (phase 3) and the
build turns (phase 4) follow."""

from __future__ import annotations

from typing import Any

from ...engine.action import Action
from ...engine.decision import Phase
from ...engine.errors import IllegalAction
from ...engine.game import JSON
from ...engine.i18n import N_
from .actions import DONE, KEEP, PUT_BACK, WAIT, TumultAction, not_an_action, peek, well_formed
from .refusal import Refusal, SeatRef
from .table import BUILD, GRAB, Table
from .tumult import tumult_check

HOLDING = (KEEP, PUT_BACK, DONE, WAIT)  # TR-G6 with a tile in hand


def peeks(table: Table) -> list[Action]:
    """TR-G6: a peek at every slot that lies face down at the start of the tick."""
    holder, taker = table.slot_holder, table.slot_taker
    return [peek(s) for s in range(len(table.slot_tile)) if holder[s] < 0 and taker[s] < 0]


def choices(table: Table, seat: int) -> list[Action]:
    """TR-G6: what ``seat`` may choose in this tick (also after it has chosen)."""
    if table.hand[seat] >= 0:
        return list(HOLDING)
    return [*peeks(table), DONE, WAIT]


class Grab(Phase):
    """A grab tick (TR-G6): every seat not done chooses once."""

    kind = GRAB

    def legal(self, state: Any, seat: int) -> list[Action]:
        return choices(state, seat)

    def explain(self, state: Any, seat: int, action: Action) -> IllegalAction | None:
        if not well_formed(action):
            return not_an_action(action)
        assert isinstance(action, TumultAction)
        table: Table = state
        kind = action.kind
        if kind == "peek":
            if table.hand[seat] >= 0:  # one hand (TR-G5)
                return Refusal(
                    N_(
                        "Your hand is full: first keep the tile from slot {s} or put it back "
                        "(one tile at a time)."
                    ),
                    "TR-G6",
                    s=table.hand[seat],
                )
            return peek_refusal(table, seat, action.slot)
        if kind in ("keep", "put_back"):
            if table.hand[seat] < 0:
                return Refusal(N_("Your hand is empty: first peek at a tile."), "TR-G6")
            return None
        if kind not in ("done", "wait"):
            return Refusal(
                N_(
                    "During the tax robbery you peek at a tile, keep or put back the tile in "
                    "your hand, wait or say you are done; building comes after the tumult "
                    "check."
                ),
                "TR-G6",
            )
        return None

    def apply(self, state: Any, seat: int, action: Action) -> None:
        table: Table = state
        assert isinstance(action, TumultAction)
        table.pending[seat] = action
        if len(table.pending) == len(table.tick_seats):
            resolve_tick(table)
        table.decide()


def peek_refusal(table: Table, seat: int, s: Any) -> Refusal | None:
    """TR-G6, TR-E3: a peek names a slot that is face down at the start of the tick."""
    n = len(table.slot_tile)
    if type(s) is not int or not 0 <= s < n:
        if n == 0:  # TR-E28
            return Refusal(N_("There are no tiles to grab this round."), "TR-G6")
        return Refusal(
            N_("There is no slot {s}: the slots are numbered 0 to {last}."),
            "TR-G6",
            s=str(s),
            last=n - 1,
        )
    holder, taker = table.slot_holder[s], table.slot_taker[s]
    if taker == seat:
        return Refusal(N_("Slot {s} is empty: you kept its tile."), "TR-G6", s=s)
    if taker >= 0:
        return Refusal(
            N_("Slot {s} is empty: {player} kept its tile."), "TR-G6", s=s, player=SeatRef(taker)
        )
    if holder >= 0:
        return Refusal(
            N_(
                "{player} holds the tile of slot {s}; you may peek at it once it lies "
                "in its slot again at the start of a tick."
            ),
            "TR-G6",
            s=s,
            player=SeatRef(holder),
        )
    return None


def resolve_tick(table: Table) -> None:
    """TR-G7 (own hands), TR-G8 (peeks, conflicts by chance), TR-G9 (end)."""
    pending = table.pending
    log: list[JSON] = []
    peeks_of: dict[int, list[int]] = {}
    for seat in sorted(pending):
        action = pending[seat]
        kind = action.kind
        if kind == "peek":
            peeks_of.setdefault(action.slot, []).append(seat)
            continue
        s = table.hand[seat]
        if kind == "keep":
            table.slot_holder[s] = -1
            table.slot_taker[s] = seat
            table.loc[table.slot_tile[s]] = seat
            table.hand[seat] = -1
            log.append({"seat": seat, "action": "keep", "slot": s})
        elif kind == "put_back" or (kind == "done" and s >= 0):
            table.slot_holder[s] = -1
            table.hand[seat] = -1
            log.append({"seat": seat, "action": kind, "slot": s})
        else:
            log.append({"seat": seat, "action": kind})
        if kind == "done":
            table.done[seat] = True
    for s in sorted(peeks_of):
        log.extend(_give_slot(table, s, peeks_of[s]))
    log.sort(key=lambda e: e["seat"])
    table.tick += 1
    table.last_tick = log
    table.events.append({"type": "tick", "tick": table.tick, "actions": log})
    table.pending = {}
    if table.tick >= table.options["grab_ticks"] or all(table.done):
        end_grab(table)
    else:
        table.tick_seats = [s for s in range(table.players) if not table.done[s]]


def _give_slot(table: Table, s: int, requesters: list[int]) -> list[JSON]:
    """TR-G8: the slot goes to its only requester, or to one drawn by chance; the face is
    revealed to the winner alone."""
    winner = requesters[0]
    if len(requesters) > 1:
        winner = table.chance.choice("peek conflict", requesters)
    table.slot_holder[s] = winner
    table.hand[winner] = s
    memory = table.memory[winner]
    if s not in memory:
        memory.append(s)
        memory.sort()
    return [
        {"seat": seat, "action": "peek", "slot": s, "won": seat == winner} for seat in requesters
    ]


def end_grab(table: Table) -> None:
    """TR-G9, TR-E1: a tile in hand goes back; the tumult check; the build turns begin."""
    for seat in range(table.players):
        s = table.hand[seat]
        if s >= 0:
            table.slot_holder[s] = -1
            table.hand[seat] = -1
    table.done = [True] * table.players
    table.pending = {}
    table.tick_seats = []
    tumult_check(table)
    table.phase = BUILD  # TR-R15
    table.turn = 0
    table.built = False
    table.decide()
