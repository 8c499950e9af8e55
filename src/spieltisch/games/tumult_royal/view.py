"""What one seat may see of a Tumult Royal table (TR-H2, TR-H3): the view the renderers,
bots and pages read."""

from __future__ import annotations

from ...engine.game import JSON
from .build import consoled
from .table import BUILD, OVER, POOL, START, Table


def view(table: Table, seat: int | None) -> JSON:
    """A JSON-able dict of exactly what ``seat`` may see; ``None`` is a spectator."""
    rules, options, phase = table.rules, table.options, table.phase
    actor = table.actor()
    out: JSON = {
        "game": "tumult-royal",
        "seat": seat,
        "players": table.players,
        "variant": options["variant"],
        # the printed numbers (chronicle, costs) renderers show: 'default' or the data
        "ruleset_data": options["ruleset_data"],
        "round": table.round,
        "phase": phase,
        "actors": list(table.actors()),
        "turn_of": None if phase not in (START, BUILD) else actor,
        # TR-R21: whether ending the current build turn now earns the consolation
        "consolation": options["consolation"],
        "consolation_due": phase == BUILD and consoled(table, actor),
        "demand": {rules.goods[g]: (table.demand[g] or None) for g in range(3)},
        "tick": table.tick,
        "grab_ticks": options["grab_ticks"],
        "landscape": landscape(table),
        "board": [
            {"field": list(table.land.rc(f)), "seat": s, "statues": n} for f, s, n in table.board
        ],
        "chronicle": [
            {"round": i + 1, "seat": k, "statues": n} for i, (k, n) in enumerate(table.chronicle)
        ],
        "ranks": list(table.rank),
        "players_state": [player(table, p) for p in range(table.players)],
        "set_aside": len(table.aside),
        "slots": slots(table, seat),
        "last_tick": table.last_tick,
        "pool": sorted(list(table.faces[t]) for t, w in enumerate(table.loc) if w == POOL)
        if table.revealed or phase == START
        else None,
        "pending": pending(table, seat),
    }
    if seat is not None:
        out["me"] = mine(table, seat)
    if phase == OVER:
        out["winners"] = table.winners()
        out["end_reason"] = table.end_reason
    return out


def landscape(table: Table) -> JSON:
    """The tile positions in reading order: designs of the face-up ones only (TR-H2)."""
    columns, tiles = table.land.columns, table.rules.landscape_tiles
    positions = [
        {
            "row": i // columns,
            "col": i % columns,
            "face_up": up,
            "design": table.designs[i] if up else None,
            "rows": list(tiles[table.designs[i]]) if up else None,
        }
        for i, up in enumerate(table.face_up)
    ]
    return {"columns": columns, "positions": positions}


def slots(table: Table, seat: int | None) -> list[JSON]:
    """TR-G4, TR-G11, TR-G12: every slot's state and holder; faces ``seat`` knows."""
    out = []
    for s in range(len(table.slot_tile)):
        taker, holder = table.slot_taker[s], table.slot_holder[s]
        state = "taken" if taker >= 0 else "held" if holder >= 0 else "down"
        entry: JSON = {"slot": s, "state": state}
        if state != "down":
            entry["seat"] = taker if state == "taken" else holder
        if table.knows(seat, s):
            entry["face"] = list(table.faces[table.slot_tile[s]])
        out.append(entry)
    return out


def player(table: Table, p: int) -> JSON:
    """The public part of one player's castle board (TR-H2)."""
    held = table.holdings(p)
    public = [t for t in held if table.revealed or table.carried[t]]
    return {
        "seat": p,
        "followers": table.followers[p],
        "reserve": table.reserve[p],
        "placed": table.placed(p),
        "grace": table.grace[p],
        "rank": table.rank.index(p) + 1,
        "tiles_held": len(held),
        "hand_slot": None if table.hand[p] < 0 else table.hand[p],
        "done": table.done[p],
        "kept_slots": [s for s, taker in enumerate(table.slot_taker) if taker == p],
        "public_tiles": sorted(list(table.faces[t]) for t in public),
    }


def pending(table: Table, seat: int | None) -> JSON:
    """Who still chooses in this tick is public; a choice only to its chooser (TR-H2)."""
    waiting = [s for s in table.tick_seats if s not in table.pending]
    out: JSON = {"waiting_for": waiting}
    mine = table.pending.get(seat) if seat is not None else None
    if mine is not None:
        out["my_choice"] = mine.to_json()
    return out


def mine(table: Table, seat: int) -> JSON:
    """What only ``seat`` knows: the face in its hand, its memory, its tiles (TR-G12)."""
    faces, slot_tile = table.faces, table.slot_tile
    s = table.hand[seat]
    return {
        "hand": None if s < 0 else list(faces[slot_tile[s]]),
        "memory": {str(m): list(faces[slot_tile[m]]) for m in table.memory[seat]},
        "tiles": sorted(list(faces[t]) for t in table.holdings(seat)),
    }
