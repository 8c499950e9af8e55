"""The pieces of Im Zeichen des Kreuzes as drawn figures (standard library only): the
knights' pawns in their seat's colour with the seat's shape, the neutral fleets (a galley)
and armies (a shield with a crescent between two spears), the cities (walled towns by
kind), the cubes and the tower. Each function returns SVG drawn around a given centre."""

from __future__ import annotations

from functools import lru_cache

from ...engine.picture import INK, seat_mark
from ...engine.svg import num

# seats 0-4: red, yellow, white, black, brown (rules 2.2: pieces in green, purple, orange
# and blue are the game's own, so the seats avoid them); the shape (picture.seat_mark) is
# the second carrier
SEAT_COLOURS = ("#d32f2f", "#f9c80e", "#fafafa", "#262626", "#8d5524")
SEAT_INK = ("#ffffff", "#000000", "#000000", "#ffffff", "#ffffff")
GREEN_CUBE = "#2e9e4f"

# The figures are pure functions of their arguments and the picture draws the same pieces
# at the same places after every move for every seat, so each is memoised (typed: an int
# and a float of equal value are kept apart, as their formatting could differ).
_memo = lru_cache(maxsize=1024, typed=True)
CITY_FILL = {
    "city_red": "#c0392b",
    "city_crete": "#e67e22",
    "city_green": "#1e8449",
    "jerusalem": "#e5b82a",
}


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_ink(seat: int) -> str:
    return SEAT_INK[seat % len(SEAT_INK)]


@_memo
def mark(seat: int, cx: float, cy: float, r: float) -> str:
    """The seat's shape in the seat's colour (``picture.seat_mark`` with this game's
    colours)."""
    return seat_mark(seat, cx, cy, r, fill=seat_colour(seat))


@_memo
def knight(seat: int, cx: float, cy: float, scale: float = 1.0) -> str:
    """A pawn (head, shoulders, a wide foot) in the seat's colour with the seat's shape on
    its chest; (cx, cy) is the middle of the figure."""
    s = scale
    colour, ink = seat_colour(seat), seat_ink(seat)
    foot = cy + 13 * s
    body = (
        f"M{num(cx - 10 * s)},{num(foot)} "
        f"Q{num(cx - 9 * s)},{num(cy - 1 * s)} {num(cx - 4 * s)},{num(cy - 4 * s)} "
        f"L{num(cx + 4 * s)},{num(cy - 4 * s)} "
        f"Q{num(cx + 9 * s)},{num(cy - 1 * s)} {num(cx + 10 * s)},{num(foot)} Z"
    )
    return (
        f'<ellipse cx="{num(cx)}" cy="{num(foot + 1)}" rx="{num(11 * s)}" ry="{num(3 * s)}" '
        'fill="#000000" opacity="0.25"/>'
        f'<path d="{body}" fill="{colour}" stroke="{INK}" stroke-width="1.3" '
        'stroke-linejoin="round"/>'
        f'<circle cx="{num(cx)}" cy="{num(cy - 9 * s)}" r="{num(6 * s)}" fill="{colour}" '
        f'stroke="{INK}" stroke-width="1.3"/>' + seat_mark(seat, cx, cy + 5 * s, 3.6 * s, fill=ink)
    )


@_memo
def fleet(cx: float, cy: float) -> str:
    """A galley: a dark hull with oars, a mast and a lateen sail."""
    return (
        f'<ellipse cx="{num(cx)}" cy="{num(cy + 11)}" rx="15" ry="3" fill="#0b2a4a" '
        'opacity="0.25"/>'
        f'<path d="M{num(cx - 15)},{num(cy + 3)} L{num(cx + 15)},{num(cy + 3)} '
        f"Q{num(cx + 12)},{num(cy + 10)} {num(cx + 6)},{num(cy + 10)} L{num(cx - 8)},"
        f'{num(cy + 10)} Q{num(cx - 13)},{num(cy + 9)} {num(cx - 15)},{num(cy + 3)} Z" '
        'fill="#4e342e" stroke="#1b0f0a" stroke-width="1.2"/>'
        f'<path d="M{num(cx - 9)},{num(cy + 10)} l-3,4 M{num(cx - 3)},{num(cy + 10)} l-3,4 '
        f'M{num(cx + 3)},{num(cy + 10)} l-3,4" stroke="#1b0f0a" stroke-width="1.2"/>'
        f'<path d="M{num(cx)},{num(cy + 3)} V{num(cy - 14)}" stroke="#1b0f0a" '
        'stroke-width="1.6"/>'
        f'<path d="M{num(cx - 10)},{num(cy - 1)} L{num(cx + 1)},{num(cy - 15)} '
        f'Q{num(cx + 11)},{num(cy - 5)} {num(cx + 11)},{num(cy + 1)} Z" fill="#1f4e9c" '
        'stroke="#0b1f3a" stroke-width="1.1"/>'
        f'<path d="M{num(cx - 3)},{num(cy - 4)} l6,-5" stroke="#ffffff" stroke-width="1.2" '
        'opacity="0.7"/>'
    )


@_memo
def army(cx: float, cy: float) -> str:
    """A Muslim army: a round shield with a crescent between two crossed spears."""
    return (
        f'<ellipse cx="{num(cx)}" cy="{num(cy + 13)}" rx="13" ry="3" fill="#000000" '
        'opacity="0.25"/>'
        f'<path d="M{num(cx - 13)},{num(cy + 13)} L{num(cx + 11)},{num(cy - 14)} '
        f'M{num(cx + 13)},{num(cy + 13)} L{num(cx - 11)},{num(cy - 14)}" stroke="#4a2a05" '
        'stroke-width="2"/>'
        f'<path d="M{num(cx + 11)},{num(cy - 14)} l2,-4 l-5,2 Z M{num(cx - 11)},{num(cy - 14)} '
        f'l-2,-4 l5,2 Z" fill="#90a4ae" stroke="#37474f" stroke-width="0.8"/>'
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="10.5" fill="#b9770e" stroke="#4a2a05" '
        'stroke-width="1.6"/>'
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="7.5" fill="none" stroke="#f5cba7" '
        'stroke-width="1"/>'
        f'<path d="M{num(cx + 2)},{num(cy - 5.5)} A5.5,5.5 0 1,0 {num(cx + 2)},{num(cy + 5.5)} '
        f'A4.3,4.3 0 1,1 {num(cx + 2)},{num(cy - 5.5)} Z" fill="#ffffff"/>'
    )


@_memo
def city(kind: str, cx: float, cy: float, plundered: bool) -> str:
    """A walled town: red Christian cities with a cross, Muslim cities green with a
    crescent, Candia orange, Jerusalem golden and larger; a plundered city is burnt (grey
    roofs and smoke)."""
    fill = "#8e8e8e" if plundered else CITY_FILL.get(kind, "#888888")
    big = kind == "jerusalem"
    w = 13 if big else 10
    top = cy - (11 if big else 8)
    out = [
        f'<rect x="{num(cx - w)}" y="{num(top + 6)}" width="{2 * w}" '
        f'height="{num(cy + 2 - top)}" fill="#f3e5c8" stroke="#3e2c1c" stroke-width="1.2"/>',
        # two towers with crenellations
        _tower(cx - w, top, fill),
        _tower(cx + w - 7, top, fill),
        f'<path d="M{num(cx - 3)},{num(cy + 8)} v-5 a3,3 0 0,1 6,0 v5 Z" fill="#3e2c1c"/>',
    ]
    if kind in ("city_red", "city_crete", "jerusalem"):
        colour = "#ffffff" if not big else "#b71c1c"
        out.append(
            f'<path d="M{num(cx)},{num(top - 6)} v9 M{num(cx - 3.5)},{num(top - 3)} h7" '
            f'stroke="{colour if not plundered else "#555555"}" stroke-width="2"/>'
            if big
            else f'<path d="M{num(cx)},{num(top + 8)} v7 M{num(cx - 3)},{num(top + 10.5)} h6" '
            f'stroke="{fill}" stroke-width="1.8"/>'
        )
    if kind == "city_green":
        out.append(
            f'<path d="M{num(cx + 1.5)},{num(top + 8)} A4,4 0 1,0 {num(cx + 1.5)},{num(top + 16)} '
            f'A3,3 0 1,1 {num(cx + 1.5)},{num(top + 8)} Z" fill="{fill}"/>'
        )
    if plundered:
        out.append(
            f'<path d="M{num(cx + 4)},{num(top)} q-4,-5 0,-9 q4,-4 0,-9" fill="none" '
            'stroke="#616161" stroke-width="2" opacity="0.7" stroke-linecap="round"/>'
        )
    return "".join(out)


@_memo
def _tower(x: float, top: float, roof: str) -> str:
    return (
        f'<path d="M{num(x)},{num(top + 16)} V{num(top + 2)} h1.75 v-2 h1.75 v2 h1.75 v-2 '
        f'h1.75 v2 V{num(top + 16)} Z" fill="{roof}" stroke="#3e2c1c" stroke-width="1"/>'
    )


@_memo
def cube(colour: str, x: float, y: float, size: float = 14, label: str = "") -> str:
    """A wooden cube seen from above at a slant (top face lighter)."""
    s = size
    return (
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(s)}" height="{num(s)}" rx="2" '
        f'fill="{colour}" stroke="{INK}" stroke-width="1"/>'
        f'<rect x="{num(x + 2)}" y="{num(y + 2)}" width="{num(s - 4)}" height="{num(s / 3)}" '
        'rx="1" fill="#ffffff" opacity="0.3"/>'
    )


@_memo
def tower(x: float, y: float, w: float, h: float) -> str:
    """The cube tower: a stone tower with a funnel on top, two shelves (dashed) inside and
    a tray at its foot."""
    return (
        f'<path d="M{num(x + 8)},{num(y + 14)} L{num(x)},{num(y)} H{num(x + w)} '
        f'L{num(x + w - 8)},{num(y + 14)} Z" fill="#a1887f" stroke="#4e342e" stroke-width="1.4"/>'
        f'<rect x="{num(x + 8)}" y="{num(y + 14)}" width="{num(w - 16)}" height="{num(h - 30)}" '
        'fill="#bcaaa4" stroke="#4e342e" stroke-width="1.4"/>'
        f'<path d="M{num(x + 8)},{num(y + 14 + (h - 30) / 3)} h{num(w - 30)} '
        f'M{num(x + 22)},{num(y + 14 + 2 * (h - 30) / 3)} h{num(w - 30)}" stroke="#4e342e" '
        'stroke-width="2" stroke-dasharray="4 2"/>'
        f'<path d="M{num(x - 4)},{num(y + h - 16)} h{num(w + 8)} l-4,16 h{num(-w)} Z" '
        'fill="#8d6e63" stroke="#4e342e" stroke-width="1.4"/>'
    )
