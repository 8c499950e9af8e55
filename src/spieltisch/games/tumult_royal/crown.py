"""Phases 5 to 7 (TR-R23 to TR-R31): crown and chronicle with the end check and the fog
reveal, grace, and the end of the round."""

from __future__ import annotations

from .mood import begin_round
from .table import OVER, POOL, Table


def close_round(table: Table) -> None:
    """After the last build turn: phase 5, then (unless the game ended) phases 6 and 7."""
    crown(table)
    if table.phase == OVER:
        return
    grace(table)
    end_of_round(table)


def crown(table: Table) -> None:
    """Phase 5: rank update, the King's tax, the chronicle, the end check, the reveal."""
    rules = table.rules
    followers = table.followers
    table.rank = sorted(table.rank, key=lambda s: -followers[s])  # TR-R23: stable
    king = table.rank[0]
    followers[king] = max(0, followers[king] - rules.king_tax)  # TR-R24
    n = rules.chronicle_statues[table.round - 1]
    placed = 0
    for _ in range(n):  # TR-R25: one at a time
        table.reserve[king] -= 1
        placed += 1
        if table.reserve[king] == 0:
            break
    table.chronicle.append((king, placed))
    table.events.append(
        {"type": "crown", "ranks": list(table.rank), "king": king, "chronicle": placed}
    )
    if table.reserve[king] == 0:
        table.finish(king, "25th statue")  # TR-V1
        return
    theta = rules.end_threshold[table.round - 1]
    if theta is not None:  # TR-R26
        counts = [table.placed(s) for s in range(table.players)]
        if max(counts) - min(counts) > theta:
            table.finish(-1, "threshold")  # TR-V2
            return
    reveal = rules.layouts[table.players].reveal_after_round.get(table.round, ())
    if reveal:  # TR-R27
        for tr, tc in reveal:
            table.face_up[table.land.position_index(tr, tc)] = True
        table.update_codes()
        table.events.append(
            {"type": "fog", "tiles": [list(t) for t in reveal], "tile_columns": table.players}
        )


def grace(table: Table) -> None:
    """Phase 6 (TR-R28): every seat with the fewest statues placed gets grace."""
    players = range(table.players)
    least = min(table.placed(s) for s in players)
    table.grace = [table.placed(s) == least for s in players]
    table.events.append({"type": "grace", "seats": [s for s in players if table.grace[s]]})


def end_of_round(table: Table) -> None:
    """Phase 7: goods return (TR-R29), the reset (TR-R30), the round limit (TR-R31)."""
    loc = table.loc
    for t in table.aside:  # TR-R29
        loc[t] = POOL
    table.aside = []
    keep = table.options["keep_goods"]
    for t, where in enumerate(loc):
        if where >= 0:
            if keep:
                table.carried[t] = True
            else:
                loc[t] = POOL
    table.slot_tile, table.slot_holder, table.slot_taker = [], [], []  # TR-R30
    table.memory = [[] for _ in range(table.players)]
    table.hand = [-1] * table.players
    table.last_tick = []
    table.demand = [0, 0, 0]
    if table.round >= table.rules.max_rounds:  # TR-R31
        table.finish(-1, "round limit")  # TR-V3
        return
    begin_round(table, table.round + 1)
