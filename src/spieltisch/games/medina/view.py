"""What a seat sees of a game of Medina (MD-R67, MD-R68): everything but the other seats'
hidden supplies (all of them with ``open_screens``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.game import JSON
from .cells import (
    BUILDING,
    MERCHANT,
    MERCHANTS,
    NEUTRAL_ROOFS,
    OVER,
    ROOFS,
    STABLE,
    STABLES,
    SUPPLY_NAMES,
    UNCLAIMED,
    WALL,
    WALLS,
)
from .tiles import owner_json

if TYPE_CHECKING:
    from .state import MedinaState


def view(st: MedinaState, seat: int | None) -> JSON:
    """The view of ``seat`` (``None``: a spectator)."""
    board, xy, colours = st.board, st.xy, st.colours
    out: JSON = {
        "game": st.game.id,
        "seat": seat,
        "players": st.players,
        "edition": st.edition,
        "board": {"width": board.width, "height": board.height},
        "phase": st.phase,
        "active": None if st.phase == OVER else st.active,
        "quota": st.quota,
        "placements_this_turn": st.turn_placements,
        "time": st.time,
        "towers": _towers(st),
        "well": None if st.well < 0 else xy(st.well),
        "bonus_cells": [xy(c) for c in st.bonus],
        "pieces": _pieces(st),
        "palaces": _palaces(st),
        "merchant_line_ends": [
            xy(c) for _, kind, c, _ in st.pieces if kind == MERCHANT and st.merch_adj[c] <= 1
        ],
        "wall_chains": _wall_chains(st),
        "palace_tiles": {colours[c]: st.palace_tile[c] or None for c in range(4)},
        "tower_tiles": {str(v): st.tower_tile[v - 1] or None for v in (1, 2, 3, 4)},
        "retired": [colours[c] for c in range(4) if st.retired >> c & 1],
        "tea_pool": st.tea_pool,
        "supplies": [_supply(st, s, seat) for s in range(st.players)],
        "scores": st.breakdown(),
    }
    if st.phase == OVER:
        out["winners"] = st.winners()
    return out


def _towers(st: MedinaState) -> list[JSON]:
    board = st.board
    return [
        {
            "tower": board.tower_value[c],
            "cell": st.xy(c),
            "holder": st.tower_tile[board.tower_value[c] - 1] or None,
            "merchants": st.tower_merchants[board.tower_value[c] - 1],
        }
        for c in board.tower_cells
    ]


def _pieces(st: MedinaState) -> list[JSON]:
    """The pieces on the board in placement order (roofs are the palaces' business)."""
    xy, colours = st.xy, st.colours
    out: list[JSON] = []
    for _, kind, cell, extra in st.pieces:
        if kind == BUILDING:
            colour = colours[st.pal_colour[extra]]
            out.append({"kind": "building", "cell": xy(cell), "colour": colour, "palace": extra})
        elif kind == STABLE:
            out.append({"kind": "stable", "cell": xy(cell), "palace": extra})
        elif kind == MERCHANT:
            out.append({"kind": "merchant", "cell": xy(cell)})
        elif kind == WALL:
            out.append({"kind": "wall", "cell": xy(cell), "chain": extra})
    return out


def _status(st: MedinaState, p: int) -> str:
    if st.pal_owner[p] != UNCLAIMED:
        return "claimed"
    return "incomplete" if st.pal_exp[p] else "closed"


def _palaces(st: MedinaState) -> list[JSON]:
    xy = st.xy
    return [
        {
            "id": p,
            "colour": st.colours[st.pal_colour[p]],
            "owner": owner_json(st, p),
            "status": _status(st, p),
            "size": st.size(p),
            "cell": xy(st.canonical_cell(p)),
            "roof_time": st.pal_roof_time[p] or None,
            "buildings": [xy(c) for c in st.pal_buildings[p]],
            "stables": [xy(c) for c in st.pal_stables[p]],
        }
        for p in range(1, len(st.pal_colour))
    ]


def _wall_chains(st: MedinaState) -> list[JSON]:
    return [
        {
            "tower": value,
            "side": side,
            "cells": [st.xy(c) for _, kind, c, ch in st.pieces if kind == WALL and ch == chain],
        }
        for chain, (value, side) in enumerate(st.board.chains)
    ]


def _supply(st: MedinaState, s: int, seat: int | None) -> JSON:
    """Seat ``s``'s supply as ``seat`` sees it: roofs, tea and the ledger are public, the
    rest only to ``s`` itself or with open screens (MD-R67, MD-R68)."""
    colours = st.colours
    row: JSON = {
        "roofs": st.supply[s][ROOFS],
        "neutral_roofs": st.supply[s][NEUTRAL_ROOFS],
        "tea": st.tea[s],
        "owns": [colours[c] for c in range(4) if st.owns[s] >> c & 1],
        "ledger": {
            "initial": dict(zip(SUPPLY_NAMES, st.initial[s], strict=True)),
            "placed": dict(zip(SUPPLY_NAMES, st.placed[s], strict=True)),
            "removed": dict(zip(colours, st.removed[s], strict=True)),
            "received_merchants": st.received[s],
        },
    }
    if st.options["open_screens"] or s == seat:
        row["buildings"] = dict(zip(colours, st.supply[s][:4], strict=True))
        row["stables"] = st.supply[s][STABLES]
        row["merchants"] = st.supply[s][MERCHANTS]
        row["walls"] = st.supply[s][WALLS]
    return row
