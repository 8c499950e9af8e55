"""Medina's board in the picture: the squares (every city and wall square is a place,
``data-place="cell:x,y"``), the pieces on them with their tips, and the joins that make the
blocks of one palace read as one building complex.

The board is drawn as in the rules' maps (MD-D1: x across, y down), with the coordinates
along the top and left edges and the squares as large as the picture's width allows."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.picture import MUTED, seat_colour, text
from ...engine.svg import attr, num
from . import picture_pieces as pieces
from .picture_words import (
    count,
    holder_text,
    owner_name,
    points_text,
    side_name,
    words,
)
from .words import colour_name

XY = tuple[int, int]
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
LABEL_W = 24  # room for the row numbers left of the board
MAX_CELL = 60
CITY_FILL, CITY_EDGE = "#f2dfb4", "#d6bf8f"
RING_FILL, RING_EDGE = "#cdb07a", "#a88c58"
FRAME = "#6e4f2a"
STABLE_PATH = "#a47a45"  # the path from a stable to its palace
ZONE_FILL = "#dfe6d8"  # the well's zone: no building or stable (MD-D8)


def _xy(cell: Sequence[Any]) -> XY:
    return int(cell[0]), int(cell[1])


class BoardIndex:
    """What the picture and the move captions look up in a view, by square and palace."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.width = int(view["board"]["width"])
        self.height = int(view["board"]["height"])
        self.palaces = {int(p["id"]): p for p in view["palaces"]}
        self.palace_at = {_xy(p["cell"]): int(p["id"]) for p in view["palaces"]}
        self.incomplete = {
            str(p["colour"]): int(p["id"]) for p in view["palaces"] if p["status"] == "incomplete"
        }
        self.building_palace: dict[XY, int] = {}
        self.piece_at: dict[XY, dict[str, Any]] = {}
        for piece in view["pieces"]:
            self.piece_at[_xy(piece["cell"])] = piece
            if piece["kind"] == "building":
                self.building_palace[_xy(piece["cell"])] = int(piece["palace"])
        self.ends = {_xy(c) for c in view["merchant_line_ends"]}
        self.towers = {_xy(t["cell"]): t for t in view["towers"]}
        self.chain_of: dict[XY, dict[str, Any]] = {}
        for chain in view["wall_chains"]:
            for c in chain["cells"]:
                self.chain_of[_xy(c)] = chain
        self.points: dict[int, dict[str, Any]] = {}
        for score in view.get("scores", []):
            for p in score["palaces"]:
                self.points[int(p["palace"])] = p

    def palace_beside(self, x: int, y: int) -> int | None:
        """The palace with a building next to (x, y): a stable's palace (MD-R29)."""
        for dx, dy in ORTHOGONAL:
            p = self.building_palace.get((x + dx, y + dy))
            if p is not None:
                return p
        return None

    def wall_tower(self, x: int, y: int) -> int | None:
        """The tower whose chain a wall on (x, y) joins: the tower or wall next to it."""
        for dx, dy in ORTHOGONAL:
            near = (x + dx, y + dy)
            if near in self.towers:
                return int(self.towers[near]["tower"])
            if near in self.chain_of:
                return int(self.chain_of[near]["tower"])
        return None

    def side(self, x: int, y: int) -> str:
        if y == 0:
            return "top"
        if y == self.height - 1:
            return "bottom"
        return "left" if x == 0 else "right"

    def ring(self, x: int, y: int) -> bool:
        return x in (0, self.width - 1) or y in (0, self.height - 1)


# -- tips ---------------------------------------------------------------------------------
def palace_tip(index: BoardIndex, palace_id: int, lang: str) -> str:
    """A palace's colour, size, owner, status, points and tiles."""
    w = words(lang)
    view = index.view
    p = index.palaces.get(palace_id)
    if p is None:
        return w["palace"].format(id=palace_id, colour="?", size="?")
    colour = colour_name(p["colour"], lang)
    parts = [w["palace"].format(id=palace_id, colour=colour, size=p["size"])]
    if p["owner"] is None:
        parts.append(w["unclaimed"])
        if p["status"] in ("incomplete", "closed"):
            parts.append(w[p["status"]].format(colour=colour))
    elif p["owner"] == "neutral":
        parts.append(w["neutral_owner"])
    else:
        parts.append(w["owner"].format(name=owner_name(p["owner"], lang, view.get("seat"))))
        if palace_id in index.points:
            parts.append(points_text(index.points[palace_id], lang))
    for tile_colour, holder in view["palace_tiles"].items():
        if holder == palace_id:
            value = pieces.TILE_VALUE.get(tile_colour, 1)
            parts.append(
                w["holds_palace_tile"].format(
                    colour=colour_name(tile_colour, lang), n=count(value, "point", lang)
                )
            )
    for value, holder in view["tower_tiles"].items():
        if holder == palace_id:
            parts.append(w["holds_tower_tile"].format(n=value))
    return "; ".join(parts)


def _piece_tip(index: BoardIndex, piece: dict[str, Any], lang: str) -> str:
    w = words(lang)
    x, y = _xy(piece["cell"])
    kind = piece["kind"]
    if kind in ("building", "stable"):
        return w[kind].format(x=x, y=y) + ": " + palace_tip(index, int(piece["palace"]), lang)
    if kind == "merchant":
        tip = w["merchant"].format(x=x, y=y)
        return f"{tip}: {w['line_end']}" if (x, y) in index.ends else tip
    chain = index.chain_of.get((x, y), {"tower": "?", "side": index.side(x, y), "cells": []})
    return w["wall"].format(
        x=x,
        y=y,
        tower=chain["tower"],
        side=side_name(chain["side"], lang),
        n=count(len(chain["cells"]), "wall", lang),
    )


def tower_tip(index: BoardIndex, tower: dict[str, Any], lang: str) -> str:
    w = words(lang)
    value = int(tower["tower"])
    parts = [w["tower"].format(n=value, pts=count(value, "point", lang))]
    palace = tower.get("holder")
    if palace:
        owner = index.palaces.get(int(palace), {}).get("owner")
        parts.append(holder_text(palace, owner, lang, index.view.get("seat"), "tower_held"))
    else:
        parts.append(w["tower_free"])
    if index.view["edition"] == 2 and tower.get("merchants"):
        parts.append(
            w["tower_merchants"].format(n=count(int(tower["merchants"]), "merchant", lang))
        )
    return "; ".join(parts)


# -- drawing ------------------------------------------------------------------------------
@lru_cache(maxsize=8192)
def _square(x: int, y: int, px: float, py: float, c: int, ring: bool, zone: bool = False) -> str:
    fill, edge = (RING_FILL, RING_EDGE) if ring else (CITY_FILL, CITY_EDGE)
    if zone:
        fill = ZONE_FILL
    return (
        f'<rect x="{num(px)}" y="{num(py)}" width="{c}" height="{c}" fill="{fill}" '
        f'stroke="{edge}" stroke-width="1"/>'
    )


def _open_square(
    index: BoardIndex, x: int, y: int, px: float, py: float, c: int, mark: str, lang: str
) -> str:
    """The opening of a square's group (the place, its tip) and the square itself; ``mark``
    is ``bonus`` or ``zone`` (the well's) or empty."""
    side = index.side(x, y)
    return _open_square_cached(x, y, px, py, c, index.ring(x, y), side, mark, lang)


@lru_cache(maxsize=8192)
def _open_square_cached(
    x: int, y: int, px: float, py: float, c: int, ring: bool, side: str, mark: str, lang: str
) -> str:
    w = words(lang)
    if ring:
        tip = w["ring_square"].format(x=x, y=y, side=side_name(side, lang))
    elif mark == "bonus":
        tip = w["bonus"].format(x=x, y=y, n=4)
    elif mark == "zone":
        tip = w["zone"].format(x=x, y=y)
    else:
        tip = w["square"].format(x=x, y=y)
    square = _square(x, y, px, py, c, ring, mark == "zone")
    return f"<g{pic.place(f'cell:{x},{y}')}{pic.tip(tip)}>" + square


@lru_cache(maxsize=256)
def _bonus_mark(x: int, y: int, px: float, py: float, c: int) -> str:
    return (
        f'<g class="bonus" data-bonus="{x},{y}">'
        f'<rect x="{num(px + 2)}" y="{num(py + 2)}" width="{c - 4}" height="{c - 4}" '
        'fill="none" stroke="#2e86c1" stroke-width="2" stroke-dasharray="5 3"/>'
        f'<rect x="{num(px + c - 24)}" y="{num(py + 2)}" width="22" height="16" rx="3" '
        'fill="#d6eaf8" stroke="#2e86c1" stroke-width="1"/>'
        + text(px + c - 13, py + 15, "+4", 12, text_anchor="middle", fill="#1b4f72")
        + "</g>"
    )


def _piece(
    index: BoardIndex, piece: dict[str, Any], px: float, py: float, c: int, lang: str
) -> str:
    x, y = _xy(piece["cell"])
    kind = piece["kind"]
    attrs = f' data-kind="{kind}" data-cell="{x},{y}"' + pic.key(f"{kind}:{x},{y}")
    inner = ""
    if kind in ("building", "stable"):
        palace_id = int(piece["palace"])
        owner = index.palaces.get(palace_id, {}).get("owner")
        attrs += f' data-palace="{palace_id}" data-owner={attr("" if owner is None else owner)}'
        if kind == "building":
            inner = pieces.building(str(piece["colour"]), owner is not None, c)
            if owner is not None:
                if index.palace_at.get((x, y)) == palace_id:  # the roof piece, numbered
                    roof = (
                        f"<g{pic.key(f'roof:{palace_id}')}>{pieces.roof(owner, c, palace_id)}</g>"
                    )
                else:
                    roof = pieces.roof(owner, c)
                inner += roof
        else:
            inner = pieces.stable(c)
    elif kind == "merchant":
        end = (x, y) in index.ends
        attrs += f' data-end="{int(end)}"'
        inner = pieces.merchant(c, end)
    elif kind == "wall":
        chain = index.chain_of.get((x, y))
        tower = int(chain["tower"]) if chain else 0
        attrs += f' data-tower="{tower}"'
        inner = pieces.wall(c, index.side(x, y), tower)
    attrs += pic.tip(_piece_tip(index, piece, lang))
    return f'<g transform="translate({num(px)},{num(py)})"{attrs}>{inner}</g>'


def _tower(
    index: BoardIndex, tower: dict[str, Any], px: float, py: float, c: int, lang: str
) -> str:
    x, y = _xy(tower["cell"])
    value = int(tower["tower"])
    holder = tower.get("holder")
    owner = index.palaces.get(int(holder), {}).get("owner") if holder else None
    attrs = (
        f' data-kind="tower" data-cell="{x},{y}" data-tower="{value}"'
        + pic.key(f"tower:{value}")
        + pic.tip(tower_tip(index, tower, lang))
    )
    return (
        f'<g transform="translate({num(px)},{num(py)})"{attrs}>{pieces.tower(c, value, owner)}</g>'
    )


def _well(index: BoardIndex, lang: str, px: float, py: float, c: int) -> str:
    x, y = _xy(index.view["well"])
    tip = words(lang)["well"].format(x=x, y=y, n=4)
    return (
        f'<g transform="translate({num(px)},{num(py)})" data-kind="well" data-cell="{x},{y}"'
        f"{pic.key('well')}{pic.tip(tip)}>{pieces.well(c)}</g>"
    )


def _extent(kind: str, c: int, along_x: bool) -> tuple[float, float]:
    """Where a component's drawing starts and ends inside its square along one axis."""
    if kind == "building":
        m = pieces.inset(c)
        return m, c - m
    return (c * 0.2, c * 0.8) if along_x else (c * 0.16, c * 0.84)


def _join(index: BoardIndex, a: XY, b: XY, ox: float, oy: float, c: int) -> str:
    """The bridge between two neighbouring components of one palace, in the gap between
    their drawings: wall (and roof) for two buildings, a path to a stable."""
    pa, pb = index.piece_at[a], index.piece_at[b]
    palace = index.palaces.get(int(pa["palace"]), {})
    m = pieces.inset(c)
    horizontal = a[1] == b[1]
    base = ox + a[0] * c if horizontal else oy + a[1] * c
    start = base + _extent(str(pa["kind"]), c, horizontal)[1] - 1
    end = base + c + _extent(str(pb["kind"]), c, horizontal)[0] + 1
    spans: list[tuple[float, float, str]]
    if "stable" in (pa["kind"], pb["kind"]):
        spans = (
            [(c * 0.62, c * 0.78, STABLE_PATH)]
            if horizontal
            else [(c * 0.42, c * 0.58, STABLE_PATH)]
        )
    elif not horizontal:
        colour = pieces.BUILDING_FILL.get(str(palace.get("colour")), "#888")
        spans = [(m + 6, c - m - 6, colour)]
    else:
        colour = pieces.BUILDING_FILL.get(str(palace.get("colour")), "#888")
        owner = palace.get("owner")
        band = pieces.band_height(c) if owner is not None else 0
        spans = [(m + band, c - m - 6, colour)]
        if owner is not None:
            fill = seat_colour(owner) if isinstance(owner, int) else pieces.NEUTRAL_FILL
            spans.append((m + 2, m + band, fill))
    out = []
    for lo, hi, fill in spans:
        x: float
        y: float
        if horizontal:
            x, y, w, h = start, oy + a[1] * c + lo, end - start, hi - lo
        else:
            x, y, w, h = ox + a[0] * c + lo, start, hi - lo, end - start
        out.append(
            f'<rect x="{num(round(x, 1))}" y="{num(round(y, 1))}" width="{num(round(w, 1))}" '
            f'height="{num(round(h, 1))}" fill="{fill}"/>'
        )
    return "".join(out)


def _joins(index: BoardIndex, ox: float, oy: float, c: int) -> list[str]:
    out = ['<g class="joins" pointer-events="none">']
    for p in index.palaces.values():
        cells = {_xy(b) for b in p["buildings"]} | {_xy(s) for s in p["stables"]}
        for x, y in sorted(cells):
            for b in ((x + 1, y), (x, y + 1)):
                if b in cells:
                    out.append(_join(index, (x, y), b, ox, oy, c))
    out.append("</g>")
    return out


def cell_size(view: dict[str, Any], width: float) -> int:
    """The squares as large as fit the picture's width (at most ``MAX_CELL``)."""
    columns = int(view["board"]["width"])
    return min(MAX_CELL, int((width - 2 * 20 - LABEL_W) // columns))


@lru_cache(maxsize=32)
def _frame(width: int, height: int, ox: float, oy: float, c: int) -> str:
    """The board's frame, the line of the old city inside the ring, the coordinates."""
    out = [
        f'<rect x="{num(ox - 6)}" y="{num(oy - 6)}" width="{width * c + 12}" '
        f'height="{height * c + 12}" rx="6" fill="{FRAME}"/>'
    ]
    for x in range(width):
        out.append(text(ox + x * c + c / 2, oy - 10, str(x), 12, text_anchor="middle", fill=MUTED))
    for y in range(height):
        out.append(text(ox - 10, oy + y * c + c / 2 + 4, str(y), 12, text_anchor="end", fill=MUTED))
    return "".join(out)


def _city_line(width: int, height: int, ox: float, oy: float, c: int) -> str:
    return (
        f'<rect x="{num(ox + c)}" y="{num(oy + c)}" width="{(width - 2) * c}" '
        f'height="{(height - 2) * c}" fill="none" stroke="{FRAME}" stroke-width="2" '
        'pointer-events="none"/>'
    )


def draw_board(view: dict[str, Any], lang: str, width: float, y: float) -> tuple[list[str], float]:
    """The board below ``y``; returns the elements and the y under the board."""
    index = BoardIndex(view)
    c = cell_size(view, width)
    bw, bh = index.width, index.height
    ox = LABEL_W + (width - LABEL_W - bw * c) / 2
    oy = y + 26
    bonus = {_xy(b) for b in view.get("bonus_cells", [])}
    well = _xy(view["well"]) if view.get("well") else None
    zone = (
        {(well[0] + dx, well[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}
        if well
        else set()
    )
    out = ['<g class="board">', _frame(bw, bh, ox, oy, c), '<g class="squares">']
    for yy in range(bh):
        for xx in range(bw):
            px, py = ox + xx * c, oy + yy * c
            if (xx, yy) in index.towers:
                out.append(_square(xx, yy, px, py, c, True))
                out.append(_tower(index, index.towers[(xx, yy)], px, py, c, lang))
                continue
            mark = "bonus" if (xx, yy) in bonus else "zone" if (xx, yy) in zone else ""
            out.append(_open_square(index, xx, yy, px, py, c, mark, lang))
            piece = index.piece_at.get((xx, yy))
            if piece is not None:
                out.append(_piece(index, piece, px, py, c, lang))
            elif (xx, yy) == well:
                out.append(_well(index, lang, px, py, c))
            if (xx, yy) in bonus:
                out.append(_bonus_mark(xx, yy, px, py, c))
            out.append("</g>")
    out.append("</g>")
    out.append(_city_line(bw, bh, ox, oy, c))
    out += _joins(index, ox, oy, c)
    out.append("</g>")
    return out, oy + bh * c + 8


__all__ = ["BoardIndex", "cell_size", "draw_board", "palace_tip", "tower_tip"]
