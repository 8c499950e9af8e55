"""Medina's components as drawings (standard library only): buildings as coloured blocks
with dots for their palace-tile value (colour is never the only carrier), roofs in the
owner's colour with the owner's seat mark, stables, merchant figures, wall segments with
their tower's number, towers, the well and the supply's tiles.

Each drawing is made at the origin in a box of ``c`` pixels and memoised on what it shows;
the board places it with a translation (never a scaling)."""

from __future__ import annotations

from functools import lru_cache

from ...engine.picture import INK, seat_colour, seat_mark, text
from ...engine.svg import num

BUILDING_FILL = {
    "grey": "#a9aeb3",
    "black": "#2e2e2e",
    "purple": "#7d3c98",
    "brown": "#8b5a2b",
    "orange": "#e67e22",
}
BUILDING_EDGE = {
    "grey": "#5f6368",
    "black": "#000",
    "purple": "#4a235a",
    "brown": "#4e3117",
    "orange": "#9c4f0e",
}
PIP_FILL = {"grey": "#222", "black": "#fff", "purple": "#fff", "brown": "#fff", "orange": "#222"}
TILE_VALUE = {"grey": 1, "black": 2, "purple": 2, "brown": 3, "orange": 4}
TOWER_FILL = {1: "#16a085", 2: "#c2185b", 3: "#b7950b", 4: "#6c3483"}
WALL_FILL = {1: "#8fd3c4", 2: "#eba3c0", 3: "#e6cf78", 4: "#c0a0d8"}
NEUTRAL_FILL = "#f4f1ea"
STABLE_FILL = "#c9a36b"
MERCHANT_FILL = "#fbf3dc"
END_RING = "#d35400"

# dot positions (fractions of the dot area) for the values 1-4, as on a die
_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.2, 0.2), (0.5, 0.5), (0.8, 0.8)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
}


def pips(colour: str, x: float, y: float, w: float, h: float, r: float) -> str:
    """The dots of ``colour``'s palace-tile value inside the box (x, y, w, h)."""
    fill = PIP_FILL.get(colour, "#fff")
    return "".join(
        f'<circle cx="{num(round(x + fx * w, 1))}" cy="{num(round(y + fy * h, 1))}" '
        f'r="{num(r)}" fill="{fill}"/>'
        for fx, fy in _PIPS.get(TILE_VALUE.get(colour, 1), _PIPS[1])
    )


def owner_band(
    owner: int | str, x: float, y: float, w: float, h: float, number: int | None = None
) -> str:
    """A roof over a block: the seat's colour with its mark in white, or a neutral roof
    (light, with an empty-set mark); with ``number``, the mark moves left of the palace's
    number."""
    cx, cy = x + w / 2, y + h / 2
    r = max(4.0, h * 0.32)
    if number is not None:  # a smaller mark at the left, the number at the right
        r = max(4.0, h * 0.26)
        cx = x + r + 3
    neutral = not isinstance(owner, int)
    fill = NEUTRAL_FILL if neutral else seat_colour(int(owner))
    out = [
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="3" '
        f'fill="{fill}" stroke="{INK}" stroke-width="1"/>'
    ]
    if neutral:
        out.append(
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="none" stroke="{INK}" '
            'stroke-width="1.5"/>'
            f'<path d="M{num(cx - r)},{num(cy + r)} L{num(cx + r)},{num(cy - r)}" '
            f'stroke="{INK}" stroke-width="1.5"/>'
        )
    else:
        out.append(seat_mark(int(owner), cx, cy, r, fill="#fff"))
    if number is not None:
        out.append(
            text(
                x + w - 3,
                cy + 4.5,
                f"#{number}",
                12,
                text_anchor="end",
                font_weight="bold",
                fill=INK if neutral else "#fff",
            )
        )
    return "".join(out)


def inset(c: int) -> int:
    """The margin between a square's edge and the block standing on it."""
    return round(c * 0.08)


def band_height(c: int) -> int:
    """The height of a roof across the top of a block."""
    return round(c * 0.34)


@lru_cache(maxsize=256)
def building(colour: str, roofed: bool, c: int) -> str:
    """A building block with the dots of its colour's palace-tile value (below the roof's
    place when the palace is roofed)."""
    m = inset(c)
    w = c - 2 * m
    band = band_height(c) if roofed else 0
    out = [
        f'<rect x="{m}" y="{m}" width="{w}" height="{w}" rx="4" '
        f'fill="{BUILDING_FILL.get(colour, "#888")}" '
        f'stroke="{BUILDING_EDGE.get(colour, INK)}" stroke-width="1.5"/>',
        f'<rect x="{m + 2}" y="{c - m - 5}" width="{w - 4}" height="3" rx="1.5" '
        'fill="#000" fill-opacity="0.18"/>',
    ]
    area = w - band
    size = min(area * 0.64, w * 0.64)
    out.append(pips(colour, (c - size) / 2, m + band + (area - size) / 2, size, size, c * 0.065))
    return "".join(out)


@lru_cache(maxsize=64)
def roof(owner: int | str, c: int, number: int | None = None) -> str:
    """The roof on a block of a claimed palace (on its first block, with its number)."""
    m = inset(c)
    return owner_band(owner, m, m, c - 2 * m, band_height(c), number)


@lru_cache(maxsize=16)
def stable(c: int) -> str:
    """A stable: a wooden shed with a pitched roof."""
    x0, x1 = c * 0.2, c * 0.8
    top, bottom = c * 0.46, c * 0.84
    return (
        f'<rect x="{num(x0)}" y="{num(top)}" width="{num(x1 - x0)}" height="{num(bottom - top)}" '
        f'fill="{STABLE_FILL}" stroke="#5d3a17" stroke-width="1.5"/>'
        f'<path d="M{num(c * 0.12)},{num(top + 2)} L{num(c / 2)},{num(c * 0.16)} '
        f'L{num(c * 0.88)},{num(top + 2)} Z" fill="#8d5b2c" stroke="#5d3a17" stroke-width="1.5"/>'
        f'<rect x="{num(c * 0.42)}" y="{num(c * 0.6)}" width="{num(c * 0.16)}" '
        f'height="{num(bottom - c * 0.6)}" fill="#5d3a17"/>'
    )


@lru_cache(maxsize=16)
def merchant(c: int, end: bool) -> str:
    """A merchant figure (head, body, base); an end of the line wears a dashed ring."""
    cx = c / 2
    out = []
    if end:
        out.append(
            f'<circle cx="{num(cx)}" cy="{num(c / 2)}" r="{num(c * 0.43)}" fill="#fdebd0" '
            f'stroke="{END_RING}" stroke-width="3" stroke-dasharray="6 3"/>'
        )
    out.append(
        f'<ellipse cx="{num(cx)}" cy="{num(c * 0.8)}" rx="{num(c * 0.2)}" ry="{num(c * 0.06)}" '
        f'fill="{MERCHANT_FILL}" stroke="#4e3b24" stroke-width="1.2"/>'
        f'<path d="M{num(cx - c * 0.15)},{num(c * 0.79)} L{num(cx - c * 0.07)},{num(c * 0.42)} '
        f'L{num(cx + c * 0.07)},{num(c * 0.42)} L{num(cx + c * 0.15)},{num(c * 0.79)} Z" '
        f'fill="{MERCHANT_FILL}" stroke="#4e3b24" stroke-width="1.2"/>'
        f'<circle cx="{num(cx)}" cy="{num(c * 0.32)}" r="{num(c * 0.12)}" '
        f'fill="{MERCHANT_FILL}" stroke="#4e3b24" stroke-width="1.2"/>'
    )
    return "".join(out)


@lru_cache(maxsize=64)
def wall(c: int, side: str, tower: int) -> str:
    """A wall segment along its side, battlements towards the outside, tinted by its tower
    and carrying the tower's number."""
    fill = WALL_FILL.get(tower, "#bdc3c7")
    t = c * 0.5  # thickness
    a = (c - t) / 2
    if side in ("top", "bottom"):
        body = (0.0, a, float(c), t)
        out_y = a - c * 0.12 if side == "top" else a + t
        merlons = [(i * c / 4 + c * 0.04, out_y, c / 8 + 1, c * 0.12) for i in range(4)]
    else:
        body = (a, 0.0, t, float(c))
        out_x = a - c * 0.12 if side == "left" else a + t
        merlons = [(out_x, i * c / 4 + c * 0.04, c * 0.12, c / 8 + 1) for i in range(4)]
    parts = [
        f'<rect x="{num(round(x, 1))}" y="{num(round(y, 1))}" width="{num(round(w, 1))}" '
        f'height="{num(round(h, 1))}" fill="{fill}" stroke="#3b2a1a" stroke-width="1"/>'
        for x, y, w, h in [body, *merlons]
    ]
    parts.append(
        text(c / 2, c / 2 + 5, str(tower), 13, text_anchor="middle", font_weight="bold", fill=INK)
    )
    return "".join(parts)


@lru_cache(maxsize=64)
def tower(c: int, value: int, holder: int | str | None) -> str:
    """A round tower with battlements, its number on a light disc; the seat mark of the
    owner of the palace holding its tile."""
    cx = cy = c / 2
    out = [
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(c * 0.47)}" '
        f'fill="{TOWER_FILL.get(value, "#777")}" stroke="#3b2a1a" stroke-width="2"/>',
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(c * 0.4)}" fill="none" '
        'stroke="#fffdf7" stroke-width="3" stroke-dasharray="5 4"/>',
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(c * 0.25)}" fill="#fffdf7" '
        'stroke="#3b2a1a" stroke-width="1"/>',
        text(cx, cy + 6, str(value), 17, text_anchor="middle", font_weight="bold", fill=INK),
    ]
    if isinstance(holder, int):
        out.append(seat_mark(holder, c * 0.84, c * 0.84, 7))
    elif holder == "neutral":
        out.append(owner_band("neutral", c * 0.7, c * 0.74, c * 0.28, c * 0.22))
    return "".join(out)


@lru_cache(maxsize=16)
def well(c: int) -> str:
    cx = cy = c / 2
    return (
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(c * 0.42)}" fill="#a39481" '
        'stroke="#5b4a36" stroke-width="2"/>'
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(c * 0.3)}" fill="#5dade2" '
        'stroke="#1b4f72" stroke-width="2"/>'
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(c * 0.12)}" fill="#1b4f72"/>'
    )


@lru_cache(maxsize=16)
def tea_tile(c: int) -> str:
    """A tea tile: a green square with a cup."""
    m = c * 0.12
    return (
        f'<rect x="{num(m)}" y="{num(m)}" width="{num(c - 2 * m)}" height="{num(c - 2 * m)}" '
        'rx="4" fill="#6aa84f" stroke="#274e13" stroke-width="1.5"/>'
        f'<path d="M{num(c * 0.3)},{num(c * 0.42)} L{num(c * 0.64)},{num(c * 0.42)} '
        f'L{num(c * 0.6)},{num(c * 0.7)} L{num(c * 0.34)},{num(c * 0.7)} Z" fill="#fffdf7" '
        'stroke="#274e13" stroke-width="1.2"/>'
        f'<circle cx="{num(c * 0.68)}" cy="{num(c * 0.52)}" r="{num(c * 0.07)}" fill="none" '
        'stroke="#fffdf7" stroke-width="2"/>'
    )
