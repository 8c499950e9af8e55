"""Medina's board in the picture: the squares (every city and wall square is a place,
``data-place="cell:x,y"``), the pieces on them with their tips, and the joins that make the
blocks of one palace read as one building complex.

The board is drawn as in the rules' maps (MD-D1: x across, y down), with the coordinates
along the top and left edges and the squares as large as the picture's width allows."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.picture import MUTED, seat_colour, text
from ...engine.svg import num
from . import picture_pieces as pieces
from .picture_index import XY, BoardIndex, palace_tip, side_of, tower_tip, xy
from .picture_placed import placed_piece, placed_tower
from .picture_words import (
    side_name,
    words,
)

LABEL_W = 24  # room for the row numbers left of the board
MAX_CELL = 60
CITY_FILL, CITY_EDGE = "#f2dfb4", "#d6bf8f"
RING_FILL, RING_EDGE = "#cdb07a", "#a88c58"
FRAME = "#6e4f2a"
STABLE_PATH = "#a47a45"  # the path from a stable to its palace
ZONE_FILL = "#dfe6d8"  # the well's zone: no building or stable (MD-D8)


# -- drawing ------------------------------------------------------------------------------
# The picture is drawn for every seat and spectator after every move (issue 14), so what
# recurs from picture to picture is memoised: the squares once per board, a piece once per
# look (its place, drawing and tip). Each cache is bounded and keyed on everything its
# drawing shows, so a picture never depends on what was drawn before. ``document`` joins the
# body's elements with newlines; a cached group of elements is joined the same way.
def _square(x: int, y: int, px: float, py: float, c: int, ring: bool, zone: bool = False) -> str:
    fill, edge = (RING_FILL, RING_EDGE) if ring else (CITY_FILL, CITY_EDGE)
    if zone:
        fill = ZONE_FILL
    return (
        f'<rect x="{num(px)}" y="{num(py)}" width="{c}" height="{c}" fill="{fill}" '
        f'stroke="{edge}" stroke-width="1"/>'
    )


def _open_square(
    x: int, y: int, px: float, py: float, c: int, ring: bool, side: str, mark: str, lang: str
) -> str:
    """The opening of a square's group (the place, its tip) and the square itself; ``mark``
    is ``bonus`` or ``zone`` (the well's) or empty."""
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


def _well(well: XY, lang: str, px: float, py: float, c: int) -> str:
    x, y = well
    tip = words(lang)["well"].format(x=x, y=y, n=4)
    return (
        f'<g transform="translate({num(px)},{num(py)})" data-kind="well" data-cell="{x},{y}"'
        f"{pic.key('well')}{pic.tip(tip)}>{pieces.well(c)}</g>"
    )


Layer = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


@lru_cache(maxsize=128)
def _square_layer(
    width: int,
    height: int,
    ox: float,
    oy: float,
    c: int,
    towers: frozenset[XY],
    bonus: frozenset[XY],
    well: XY | None,
    lang: str,
) -> Layer:
    """The squares row by row without their pieces, as three tuples: each square's drawing
    with nothing on it, its part before a piece and its part after one. A tower's square is
    its part before the tower. They depend on the board's size and place, the towers, the
    well, the bonus squares and the language only: drawn once per board, not per picture."""
    zone = (
        {(well[0] + dx, well[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}
        if well
        else set()
    )
    empty: list[str] = []
    heads: list[str] = []
    tails: list[str] = []
    for yy in range(height):
        for xx in range(width):
            px, py = ox + xx * c, oy + yy * c
            if (xx, yy) in towers:
                head = _square(xx, yy, px, py, c, True)
                empty.append(head)
                heads.append(head)
                tails.append("")
                continue
            mark = "bonus" if (xx, yy) in bonus else "zone" if (xx, yy) in zone else ""
            ring = xx in (0, width - 1) or yy in (0, height - 1)
            side = side_of(xx, yy, width, height)
            head = _open_square(xx, yy, px, py, c, ring, side, mark, lang)
            tail = (_bonus_mark(xx, yy, px, py, c) + "\n" if mark == "bonus" else "") + "</g>"
            middle = "\n" + _well(well, lang, px, py, c) if (xx, yy) == well else ""
            empty.append(head + middle + "\n" + tail)
            heads.append(head)
            tails.append(tail)
    return tuple(empty), tuple(heads), tuple(tails)


def _squares(index: BoardIndex, ox: float, oy: float, c: int, lang: str) -> list[str]:
    """The squares with the towers and the pieces on them (the well's and the bonus
    squares' marks come with the squares)."""
    view = index.view
    bw, bh = index.width, index.height
    bonus = frozenset(xy(b) for b in view.get("bonus_cells", []))
    well = xy(view["well"]) if view.get("well") else None
    empty, heads, tails = _square_layer(
        bw, bh, ox, oy, c, frozenset(index.towers), bonus, well, lang
    )
    cells = list(empty)
    for (x, y), at in index.towers.items():
        if 0 <= x < bw and 0 <= y < bh:
            i = y * bw + x
            cells[i] = heads[i] + "\n" + placed_tower(index, at, ox + x * c, oy + y * c, c, lang)
    towers = index.towers
    for (x, y), piece in index.piece_at.items():
        if 0 <= x < bw and 0 <= y < bh and (x, y) not in towers:
            i = y * bw + x
            drawn = placed_piece(index, piece, x, y, ox + x * c, oy + y * c, c, lang)
            cells[i] = f"{heads[i]}\n{drawn}\n{tails[i]}"
    return cells


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
    kinds = (str(pa["kind"]), str(pb["kind"]))
    return _join_drawing(a, b, kinds, str(palace.get("colour")), palace.get("owner"), ox, oy, c)


@lru_cache(maxsize=2048)
def _join_drawing(
    a: XY, b: XY, kinds: tuple[str, str], colour: str, owner: Any, ox: float, oy: float, c: int
) -> str:
    """``_join`` of components of ``kinds`` in a palace of ``colour`` and ``owner``."""
    m = pieces.inset(c)
    horizontal = a[1] == b[1]
    base = ox + a[0] * c if horizontal else oy + a[1] * c
    start = base + _extent(kinds[0], c, horizontal)[1] - 1
    end = base + c + _extent(kinds[1], c, horizontal)[0] + 1
    spans: list[tuple[float, float, str]]
    if "stable" in kinds:
        spans = (
            [(c * 0.62, c * 0.78, STABLE_PATH)]
            if horizontal
            else [(c * 0.42, c * 0.58, STABLE_PATH)]
        )
    elif not horizontal:
        fill = pieces.BUILDING_FILL.get(colour, "#888")
        spans = [(m + 6, c - m - 6, fill)]
    else:
        fill = pieces.BUILDING_FILL.get(colour, "#888")
        band = pieces.band_height(c) if owner is not None else 0
        spans = [(m + band, c - m - 6, fill)]
        if owner is not None:
            roof = seat_colour(owner) if isinstance(owner, int) else pieces.NEUTRAL_FILL
            spans.append((m + 2, m + band, roof))
    out = []
    for lo, hi, paint in spans:
        x: float
        y: float
        if horizontal:
            x, y, w, h = start, oy + a[1] * c + lo, end - start, hi - lo
        else:
            x, y, w, h = ox + a[0] * c + lo, start, hi - lo, end - start
        out.append(
            f'<rect x="{num(round(x, 1))}" y="{num(round(y, 1))}" width="{num(round(w, 1))}" '
            f'height="{num(round(h, 1))}" fill="{paint}"/>'
        )
    return "".join(out)


def _joins(index: BoardIndex, ox: float, oy: float, c: int) -> list[str]:
    out = ['<g class="joins" pointer-events="none">']
    for p in index.palaces.values():
        cells = {xy(b) for b in p["buildings"]} | {xy(s) for s in p["stables"]}
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


def draw_board(
    view: dict[str, Any], lang: str, width: float, y: float, index: BoardIndex | None = None
) -> tuple[list[str], float]:
    """The board below ``y``; returns the elements and the y under the board (``index``:
    the view's, when the caller has made it already)."""
    index = BoardIndex(view) if index is None else index
    c = cell_size(view, width)
    bw, bh = index.width, index.height
    ox = LABEL_W + (width - LABEL_W - bw * c) / 2
    oy = y + 26
    out = ['<g class="board">', _frame(bw, bh, ox, oy, c), '<g class="squares">']
    out += _squares(index, ox, oy, c, lang)
    out.append("</g>")
    out.append(_city_line(bw, bh, ox, oy, c))
    out += _joins(index, ox, oy, c)
    out.append("</g>")
    return out, oy + bh * c + 8


__all__ = ["BoardIndex", "cell_size", "draw_board", "palace_tip", "tower_tip"]
