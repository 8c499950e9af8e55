"""Scoring and the standing (MD-R60 to MD-R66): palace points, tiles, the tie-breaks and
the returns the bots play for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.game import JSON
from .cells import MERCHANT, NEVER_TIME, WALL

if TYPE_CHECKING:
    from .state import MedinaState


def palace_points(st: MedinaState, p: int) -> dict[str, int]:
    """MD-R60 for one palace: components, walls, merchants, well bonus."""
    board, cellv = st.board, st.cellv
    comps = st.pal_buildings[p] + st.pal_stables[p]
    walls, merchants = set(), set()
    for c in comps:
        for d in board.n4[c]:
            if cellv[d] == WALL:
                walls.add(d)
            elif cellv[d] == MERCHANT:
                merchants.add(d)
    well = st.rules.well_bonus * sum(1 for c in comps if c in st.bonus)
    total = len(comps) + len(walls) + len(merchants) + well
    return {
        "components": len(comps),
        "walls": len(walls),
        "merchants": len(merchants),
        "well": well,
        "total": total,
    }


def palace_total(st: MedinaState, p: int) -> int:
    """``palace_points(st, p)["total"]`` without the breakdown (the bots ask for it often)."""
    n4, cellv = st.board.n4, st.cellv
    comps = st.pal_buildings[p] + st.pal_stables[p]
    around = set()  # walls and merchants next to the palace, each once
    for c in comps:
        for d in n4[c]:
            v = cellv[d]
            if v in (WALL, MERCHANT):
                around.add(d)
    bonus = st.bonus
    well = st.rules.well_bonus * sum(1 for c in comps if c in bonus) if bonus else 0
    return len(comps) + len(around) + well


def breakdown(st: MedinaState) -> list[JSON]:
    """Per seat: points per owned palace, palace tiles, tower tiles, total (MD-R63)."""
    out: list[JSON] = [
        {"palaces": [], "palace_tiles": 0, "tower_tiles": 0, "total": 0} for _ in range(st.players)
    ]
    for p in range(1, len(st.pal_colour)):
        owner = st.pal_owner[p]
        if owner >= 0:
            pts = palace_points(st, p)
            x, y = st.board.xy(st.canonical_cell(p))
            out[owner]["palaces"].append(
                {"palace": p, "colour": st.colours[st.pal_colour[p]], "cell": [x, y], **pts}
            )
            out[owner]["total"] += pts["total"]
    for colour, p in enumerate(st.palace_tile):
        if p and st.pal_owner[p] >= 0:
            value = st.rules.palace_tile_values[st.colours[colour]]
            out[st.pal_owner[p]]["palace_tiles"] += value
            out[st.pal_owner[p]]["total"] += value
    for i, p in enumerate(st.tower_tile):
        if p and st.pal_owner[p] >= 0:
            out[st.pal_owner[p]]["tower_tiles"] += i + 1
            out[st.pal_owner[p]]["total"] += i + 1
    return out


def ranking_keys(st: MedinaState) -> list[tuple[Any, ...]]:
    """MD-R64/R65: score, then largest palace, then its earlier claim."""
    largest = [0] * st.players
    claimed_at = [NEVER_TIME] * st.players
    for p in range(1, len(st.pal_colour)):
        owner = st.pal_owner[p]
        if owner < 0:
            continue
        size = st.size(p)
        if size > largest[owner] or (
            size == largest[owner] and st.pal_roof_time[p] < claimed_at[owner]
        ):
            largest[owner] = size
            claimed_at[owner] = st.pal_roof_time[p]
    scores = st.scores()
    return [(scores[s], largest[s], -claimed_at[s]) for s in range(st.players)]


def rank_returns(keys: list[tuple[Any, ...]]) -> list[float]:
    """MD-R66 ``rank``: a tie group at 0-based places i..j gets 1 - 2*((i+j)/2)/(n-1)."""
    n = len(keys)
    order = sorted(range(n), key=lambda s: keys[s], reverse=True)
    out = [0.0] * n
    i = 0
    while i < n:
        j = i
        while j + 1 < n and keys[order[j + 1]] == keys[order[i]]:
            j += 1
        value = 1 - 2 * ((i + j) / 2) / (n - 1)
        for k in range(i, j + 1):
            out[order[k]] = value
        i = j + 1
    return out


def score_returns(scores: list[float]) -> list[float]:
    """MD-R66 ``score``: each score minus the mean."""
    mean = sum(scores) / len(scores)
    return [s - mean for s in scores]
