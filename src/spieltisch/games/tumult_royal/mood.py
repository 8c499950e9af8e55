"""Phase 1, the mood (TR-R4, TR-R5), and the deal that opens phase 2: the set-aside tiles
(TR-G2) and the slots of the grab (TR-G3)."""

from __future__ import annotations

from .table import ASIDE, GRAB, POOL, Table


def spin(table: Table, event: str) -> int:
    """One turn of the spinner (TR-D11): a value drawn by its weights."""
    rules = table.rules
    total = sum(rules.spinner_weights)
    x = table.chance.below(event, total)
    for value, weight in zip(rules.spinner_values, rules.spinner_weights, strict=True):
        if x < weight:
            return value
        x -= weight
    raise AssertionError("spinner weights exhausted")


def begin_round(table: Table, number: int) -> None:
    """Phase 1 (mood) and the start of phase 2 (set aside, slots)."""
    table.round = number
    table.demand = [0, 0, 0]
    if table.options["variant"] == "standard":  # TR-R4
        d = spin(table, "spinner")
        table.demand = [d, d, d]
        table.events.append({"type": "spin", "round": number, "demand": d})
    else:
        table.events.append({"type": "zocker", "round": number})  # TR-R5
    deal(table)


def deal(table: Table) -> None:
    """TR-G2, TR-G3: set tiles aside unseen, lay the rest out in slots; the grab begins."""
    players, loc = table.players, table.loc
    pool = [t for t, where in enumerate(loc) if where == POOL and not table.carried[t]]
    k = min(table.rules.set_aside_per_player * players, len(pool))
    table.chance.shuffle("set aside", pool)  # TR-G2: the first k are set aside
    table.aside = sorted(pool[:k])
    for t in table.aside:
        loc[t] = ASIDE
    slots = pool[k:]
    table.chance.shuffle("slots", slots)  # TR-G3
    table.slot_tile = slots
    table.slot_holder = [-1] * len(slots)
    table.slot_taker = [-1] * len(slots)
    table.hand = [-1] * players
    table.done = [False] * players
    table.memory = [[] for _ in range(players)]
    table.tick = 0
    table.last_tick = []
    table.revealed = False
    table.phase = GRAB
    table.events.append({"type": "grab", "round": table.round, "slots": len(slots), "set_aside": k})
    table.pending = {}
    table.tick_seats = list(range(players))
    table.decide()
