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
NO_PALACE: dict[str, Any] = {}  # what a missing palace reads as (never written to)


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
            cell = piece["cell"]
            at = int(cell[0]), int(cell[1])  # _xy inline: the index is made for every picture
            self.piece_at[at] = piece
            if piece["kind"] == "building":
                self.building_palace[at] = int(piece["palace"])
        self.ends = {_xy(c) for c in view["merchant_line_ends"]}
        self.towers = {_xy(t["cell"]): t for t in view["towers"]}
        self.chain_of: dict[XY, dict[str, Any]] = {
            (int(c[0]), int(c[1])): chain for chain in view["wall_chains"] for c in chain["cells"]
        }
        self.points: dict[int, dict[str, Any]] = {}
        for score in view.get("scores", []):
            for p in score["palaces"]:
                self.points[int(p["palace"])] = p
        # every block and stable of a palace carries the palace's tip: made once per view
        self._palace_tips: dict[tuple[int, str], str] = {}

    def palace_tip(self, palace_id: int, lang: str) -> str:
        """``palace_tip`` of this view, made once per palace and language."""
        found = self._palace_tips.get((palace_id, lang))
        if found is None:
            found = self._palace_tips[(palace_id, lang)] = palace_tip(self, palace_id, lang)
        return found

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
        return _side_of(x, y, self.width, self.height)

    def ring(self, x: int, y: int) -> bool:
        return x in (0, self.width - 1) or y in (0, self.height - 1)


# -- tips ---------------------------------------------------------------------------------
def palace_tip(index: BoardIndex, palace_id: int, lang: str) -> str:
    """A palace's colour, size, owner, status, points and tiles."""
    view = index.view
    p = index.palaces.get(palace_id)
    if p is None:
        return words(lang)["palace"].format(id=palace_id, colour="?", size="?")
    owner = p["owner"]
    viewer = None
    points = None
    if owner is not None and owner != "neutral":  # a seat: its name, the palace's points
        viewer = view.get("seat")
        found = index.points.get(palace_id)
        if found is not None:
            points = (
                found["components"],
                found.get("walls"),
                found.get("merchants"),
                found.get("well"),
                found["total"],
            )
    tiles = tuple(c for c, holder in view["palace_tiles"].items() if holder == palace_id)
    towers = tuple(v for v, holder in view["tower_tiles"].items() if holder == palace_id)
    return _palace_tip_text(
        palace_id, p["colour"], p["size"], owner, p["status"], viewer, points, tiles, towers, lang
    )


@lru_cache(maxsize=4096)
def _palace_tip_text(
    palace_id: int,
    colour_id: Any,
    size: Any,
    owner: Any,
    status: Any,
    viewer: int | None,
    points: tuple[Any, ...] | None,
    tiles: tuple[str, ...],
    towers: tuple[Any, ...],
    lang: str,
) -> str:
    """``palace_tip`` from what it names: most palaces stay as they are from move to move,
    and each of their blocks and stables carries the tip."""
    w = words(lang)
    colour = colour_name(colour_id, lang)
    parts = [w["palace"].format(id=palace_id, colour=colour, size=size)]
    if owner is None:
        parts.append(w["unclaimed"])
        if status in ("incomplete", "closed"):
            parts.append(w[status].format(colour=colour))
    elif owner == "neutral":
        parts.append(w["neutral_owner"])
    else:
        parts.append(w["owner"].format(name=owner_name(owner, lang, viewer)))
        if points is not None:
            names = ("components", "walls", "merchants", "well", "total")
            parts.append(points_text(dict(zip(names, points, strict=True)), lang))
    for tile_colour in tiles:
        value = pieces.TILE_VALUE.get(tile_colour, 1)
        parts.append(
            w["holds_palace_tile"].format(
                colour=colour_name(tile_colour, lang), n=count(value, "point", lang)
            )
        )
    for value in towers:
        parts.append(w["holds_tower_tile"].format(n=value))
    return "; ".join(parts)


def tower_tip(index: BoardIndex, tower: dict[str, Any], lang: str) -> str:
    """A tower's tile value, the palace holding it and (2nd edition) its merchants."""
    value = int(tower["tower"])
    palace = tower.get("holder")
    owner = index.palaces.get(int(palace), NO_PALACE).get("owner") if palace else None
    viewer = index.view.get("seat") if palace else None
    merchants = tower.get("merchants") if index.view["edition"] == 2 else None
    return _tower_tip_text(value, palace, owner, viewer, merchants, lang)


@lru_cache(maxsize=256)
def _tower_tip_text(
    value: int, palace: Any, owner: Any, viewer: int | None, merchants: Any, lang: str
) -> str:
    """``tower_tip`` from what it names (drawn on the board and on the tile's card)."""
    w = words(lang)
    parts = [w["tower"].format(n=value, pts=count(value, "point", lang))]
    if palace:
        parts.append(holder_text(palace, owner, lang, viewer, "tower_held"))
    else:
        parts.append(w["tower_free"])
    if merchants:
        parts.append(w["tower_merchants"].format(n=count(int(merchants), "merchant", lang)))
    return "; ".join(parts)


# -- drawing ------------------------------------------------------------------------------
# The picture is drawn for every seat and spectator after every move (issue 14), so what
# recurs from picture to picture is memoised: the squares once per board, a piece once per
# look (its place, drawing and tip). Each cache is bounded and keyed on everything its
# drawing shows, so a picture never depends on what was drawn before. ``document`` joins the
# body's elements with newlines; a cached group of elements is joined the same way.
def _side_of(x: int, y: int, width: int, height: int) -> str:
    if y == 0:
        return "top"
    if y == height - 1:
        return "bottom"
    return "left" if x == 0 else "right"


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
            side = _side_of(xx, yy, width, height)
            head = _open_square(xx, yy, px, py, c, ring, side, mark, lang)
            tail = (_bonus_mark(xx, yy, px, py, c) + "\n" if mark == "bonus" else "") + "</g>"
            middle = "\n" + _well(well, lang, px, py, c) if (xx, yy) == well else ""
            empty.append(head + middle + "\n" + tail)
            heads.append(head)
            tails.append(tail)
    return tuple(empty), tuple(heads), tuple(tails)


def _palace_piece_attrs(kind: str, x: int, y: int, palace_id: int, owner: Any) -> str:
    return (
        f' data-kind="{kind}" data-cell="{x},{y}"'
        + pic.key(f"{kind}:{x},{y}")
        + f' data-palace="{palace_id}" data-owner={attr("" if owner is None else owner)}'
    )


@lru_cache(maxsize=4096)
def _palace_piece(
    kind: str,
    x: int,
    y: int,
    px: float,
    py: float,
    c: int,
    palace_id: int,
    owner: Any,
    colour: str,
    first: bool,
    palace: str,
    lang: str,
) -> str:
    """A building (with its roof once its palace is claimed; the roof on the palace's
    ``first`` square carries the palace's number) or a stable; ``palace`` is the palace's
    tip."""
    attrs = _palace_piece_attrs(kind, x, y, palace_id, owner)
    if kind == "building":
        inner = pieces.building(colour, owner is not None, c)
        if owner is not None:
            if first:  # the roof piece, numbered
                inner += f"<g{pic.key(f'roof:{palace_id}')}>{pieces.roof(owner, c, palace_id)}</g>"
            else:
                inner += pieces.roof(owner, c)
    else:
        inner = pieces.stable(c)
    attrs += pic.tip(words(lang)[kind].format(x=x, y=y) + ": " + palace)
    return f'<g transform="translate({num(px)},{num(py)})"{attrs}>{inner}</g>'


@lru_cache(maxsize=1024)
def _merchant_piece(x: int, y: int, px: float, py: float, c: int, end: bool, lang: str) -> str:
    """A merchant; an ``end`` of the merchant line says so in its tip."""
    w = words(lang)
    attrs = f' data-kind="merchant" data-cell="{x},{y}"' + pic.key(f"merchant:{x},{y}")
    attrs += f' data-end="{int(end)}"'
    tip = w["merchant"].format(x=x, y=y)
    attrs += pic.tip(f"{tip}: {w['line_end']}" if end else tip)
    inner = pieces.merchant(c, end)
    return f'<g transform="translate({num(px)},{num(py)})"{attrs}>{inner}</g>'


@lru_cache(maxsize=1024)
def _wall_piece(
    kind: str,
    x: int,
    y: int,
    px: float,
    py: float,
    c: int,
    side: str,
    tower: int,
    chain: tuple[Any, str, int],
    lang: str,
) -> str:
    """A wall of ``tower``'s chain (``chain``: the chain's tower, side and length as its tip
    names them); any other kind of piece is drawn as its tip alone, as a wall's."""
    attrs = f' data-kind="{kind}" data-cell="{x},{y}"' + pic.key(f"{kind}:{x},{y}")
    inner = ""
    if kind == "wall":
        attrs += f' data-tower="{tower}"'
        inner = pieces.wall(c, side, tower)
    chain_tower, chain_side, walls = chain
    tip = words(lang)["wall"].format(
        x=x,
        y=y,
        tower=chain_tower,
        side=side_name(chain_side, lang),
        n=count(walls, "wall", lang),
    )
    attrs += pic.tip(tip)
    return f'<g transform="translate({num(px)},{num(py)})"{attrs}>{inner}</g>'


def _piece(
    index: BoardIndex,
    piece: dict[str, Any],
    x: int,
    y: int,
    px: float,
    py: float,
    c: int,
    lang: str,
) -> str:
    """The piece on square (x, y), drawn at (px, py)."""
    kind = piece["kind"]
    if kind in ("building", "stable"):
        palace_id = int(piece["palace"])
        owner = index.palaces.get(palace_id, NO_PALACE).get("owner")
        colour = str(piece["colour"]) if kind == "building" else ""
        first = index.palace_at.get((x, y)) == palace_id
        palace = index.palace_tip(palace_id, lang)
        return _palace_piece(kind, x, y, px, py, c, palace_id, owner, colour, first, palace, lang)
    if kind == "merchant":
        return _merchant_piece(x, y, px, py, c, (x, y) in index.ends, lang)
    side = index.side(x, y)
    found = index.chain_of.get((x, y))
    tower = int(found["tower"]) if kind == "wall" and found else 0
    chain = (found["tower"], found["side"], len(found["cells"])) if found else ("?", side, 0)
    return _wall_piece(kind, x, y, px, py, c, side, tower, chain, lang)


@lru_cache(maxsize=256)
def _tower_piece(
    x: int, y: int, value: int, owner: Any, px: float, py: float, c: int, tip: str
) -> str:
    attrs = (
        f' data-kind="tower" data-cell="{x},{y}" data-tower="{value}"'
        + pic.key(f"tower:{value}")
        + pic.tip(tip)
    )
    return (
        f'<g transform="translate({num(px)},{num(py)})"{attrs}>{pieces.tower(c, value, owner)}</g>'
    )


def _tower(
    index: BoardIndex, tower: dict[str, Any], px: float, py: float, c: int, lang: str
) -> str:
    x, y = _xy(tower["cell"])
    value = int(tower["tower"])
    holder = tower.get("holder")
    owner = index.palaces.get(int(holder), NO_PALACE).get("owner") if holder else None
    return _tower_piece(x, y, value, owner, px, py, c, tower_tip(index, tower, lang))


def _squares(index: BoardIndex, ox: float, oy: float, c: int, lang: str) -> list[str]:
    """The squares with the towers and the pieces on them (the well's and the bonus
    squares' marks come with the squares)."""
    view = index.view
    bw, bh = index.width, index.height
    bonus = frozenset(_xy(b) for b in view.get("bonus_cells", []))
    well = _xy(view["well"]) if view.get("well") else None
    empty, heads, tails = _square_layer(
        bw, bh, ox, oy, c, frozenset(index.towers), bonus, well, lang
    )
    cells = list(empty)
    for (x, y), tower in index.towers.items():
        if 0 <= x < bw and 0 <= y < bh:
            i = y * bw + x
            cells[i] = heads[i] + "\n" + _tower(index, tower, ox + x * c, oy + y * c, c, lang)
    towers = index.towers
    for (x, y), piece in index.piece_at.items():
        if 0 <= x < bw and 0 <= y < bh and (x, y) not in towers:
            i = y * bw + x
            drawn = _piece(index, piece, x, y, ox + x * c, oy + y * c, c, lang)
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
