"""Phase 3, the tumult check (TR-R7 to TR-R14): the reveal, the demand of each good against
what is left to the people, and the punishment of the greediest."""

from __future__ import annotations

from ...engine.game import JSON
from .mood import spin
from .table import POOL, Table


def tumult_check(table: Table) -> None:
    """TR-R7 to TR-R13: reveal, then check bread, marble and tools in that order."""
    rules = table.rules
    table.revealed = True  # TR-R7
    faces = table.faces
    table.events.append(
        {
            "type": "reveal",
            "holdings": [
                sorted(list(faces[t]) for t in table.holdings(p)) for p in range(table.players)
            ],
            "pool": sorted(list(faces[t]) for t, w in enumerate(table.loc) if w == POOL),
        }
    )
    for g in range(3):  # TR-R8: bread, marble, tools
        name = rules.goods[g]
        if table.options["variant"] == "zocker":
            table.demand[g] = spin(table, f"spinner {name}")
            table.events.append({"type": "spin", "good": name, "demand": table.demand[g]})
        remaining = sum(
            table.tiles[t].value
            for t, w in enumerate(table.loc)
            if w == POOL and table.tiles[t].good == g
        )
        if remaining >= table.demand[g]:  # TR-R9
            continue
        greediest = find_greediest(table, g)
        event: JSON = {
            "type": "tumult",
            "good": name,
            "remaining": remaining,
            "demand": table.demand[g],
            "greediest": None,
        }
        if greediest >= 0:
            punish(table, greediest, g)
            event["greediest"] = greediest
        table.events.append(event)


def find_greediest(table: Table, g: int) -> int:
    """TR-R10, TR-R11: the candidate with the largest adjusted measure (grace subtracts
    one), the better rank on a tie; -1 when nobody has an adjusted measure of 1 or more."""
    best, greediest = 0, -1
    reduction = table.rules.grace_reduction
    for seat in table.rank:  # better rank first: ties go to the better rank (TR-R11)
        a = measure(table, seat, g) - (reduction if table.grace[seat] else 0)
        if a >= 1 and a > best:
            best, greediest = a, seat
    return greediest


def measure(table: Table, seat: int, g: int) -> int:
    """TR-R10: units (or tiles) of good ``g`` that ``seat`` holds."""
    tiles = [t for t in table.holdings(seat) if table.tiles[t].good == g]
    if table.options["greed_measure"] == "tiles":
        return len(tiles)
    return sum(table.tiles[t].value for t in tiles)


def punish(table: Table, seat: int, g: int) -> None:
    """TR-R12: lose followers; keep one smallest tile of the good, return the rest."""
    table.followers[seat] = max(0, table.followers[seat] - table.rules.tumult_follower_loss)
    tiles = sorted(
        (t for t in table.holdings(seat) if table.tiles[t].good == g),
        key=lambda t: (table.tiles[t].value, table.tiles[t].id),
    )
    for t in tiles[1:]:
        table.loc[t] = POOL
        table.carried[t] = False
