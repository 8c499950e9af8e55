"""Drawn components of Tumult Royal's picture (standard library only): the goods (bread,
marble, tools) and the followers as icons, goods tiles face up and face down, the five
terrains, statues, the crown and the grace card.

Every good has an icon, a colour and (on a tile) its number, so colour never carries the
meaning alone. Icons are drawn in a 24-unit box and scaled; they hold no text (text is never
drawn under a scaling transform). A good is found by its name; a ruleset that renames the
goods keeps the icons of their places (first, second, third good)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ...engine.picture import INK, seat_colour, seat_mark, text
from ...engine.svg import num

GOODS = ("bread", "marble", "tools")
# per good: tile face, icon ink, number ink
GOOD_FILL = {"bread": "#f6d49a", "marble": "#e4e9ee", "tools": "#b9d6f0"}
GOOD_EDGE = {"bread": "#a8661c", "marble": "#6d7b86", "tools": "#2f6b9e"}
GOOD_INK = {"bread": "#5a3206", "marble": "#263238", "tools": "#0d3356"}
TILE_BACK = "#7b2d26"  # the people's tax tiles, face down
TILE_BACK_EDGE = "#3e1410"
GOLD = "#e8b923"


def good_kind(good: str, goods: Sequence[str] = GOODS) -> str:
    """``bread``, ``marble`` or ``tools``: the drawing of ``good`` (by name, else by its
    place among the ruleset's goods)."""
    if good in GOOD_FILL:
        return good
    return GOODS[list(goods).index(good)] if good in goods else "tools"


# -- icons in a 24-unit box ---------------------------------------------------------------
_BREAD = (
    '<path d="M2,15 C2,7 8,4 12,4 C16,4 22,7 22,15 C22,19 19,20 12,20 C5,20 2,19 2,15 Z" '
    'fill="#d98c34" stroke="#6b3d0c" stroke-width="1.4"/>'
    '<path d="M7,9 L9,14 M11,8 L13,14 M15,8 L17,13" stroke="#f7dcaa" stroke-width="1.6" '
    'stroke-linecap="round" fill="none"/>'
)
_MARBLE = (  # a marble column: capital, fluted shaft, base
    '<rect x="4" y="3" width="16" height="4" rx="1" fill="#f4f6f8" stroke="#455a64" '
    'stroke-width="1.3"/>'
    '<rect x="6.5" y="7" width="11" height="11" fill="#eef1f4" stroke="#455a64" '
    'stroke-width="1.3"/>'
    '<path d="M10,8 V17 M14,8 V17" stroke="#90a4ae" stroke-width="1.2"/>'
    '<rect x="3" y="18" width="18" height="4" rx="1" fill="#f4f6f8" stroke="#455a64" '
    'stroke-width="1.3"/>'
)
_TOOLS = (
    '<path d="M10.5,9 L13.5,9 L14,22 L10,22 Z" fill="#a0703c" stroke="#4e3214" '
    'stroke-width="1.2"/>'
    '<path d="M4,4 L20,4 L21,9 L3,9 Z" fill="#607d8b" stroke="#263238" stroke-width="1.4" '
    'stroke-linejoin="round"/>'
)
_FOLLOWERS = (
    '<circle cx="8" cy="8" r="3.5" fill="#8e5fb8" stroke="#3b1f58" stroke-width="1.2"/>'
    '<path d="M2,21 C2,14 14,14 14,21 Z" fill="#8e5fb8" stroke="#3b1f58" stroke-width="1.2"/>'
    '<circle cx="16" cy="7" r="3.5" fill="#b38ad6" stroke="#3b1f58" stroke-width="1.2"/>'
    '<path d="M10,20 C10,13 22,13 22,20 Z" fill="#b38ad6" stroke="#3b1f58" '
    'stroke-width="1.2"/>'
)
_CROWN = (
    '<path d="M3,18 L2,7 L8,12 L12,4 L16,12 L22,7 L21,18 Z" fill="#e8b923" stroke="#7a5a00" '
    'stroke-width="1.4" stroke-linejoin="round"/>'
    '<rect x="3" y="18" width="18" height="3" fill="#c99a10" stroke="#7a5a00" '
    'stroke-width="1"/><circle cx="12" cy="13" r="1.8" fill="#c62828"/>'
)
_GRACE = (
    '<rect x="5" y="2" width="14" height="20" rx="2" fill="#fff8e1" stroke="#8d6e63" '
    'stroke-width="1.3"/>'
    '<path d="M12,17 C6,13 7,8 10,8 C11,8 12,9 12,10 C12,9 13,8 14,8 C17,8 18,13 12,17 Z" '
    'fill="#e57373" stroke="#8e2424" stroke-width="1"/>'
)
_STATUE = (
    '<rect x="5" y="18" width="14" height="4" rx="1" fill="{c}" stroke="#222" '
    'stroke-width="1.2"/>'
    '<path d="M8,18 L9,11 C9,9 15,9 15,11 L16,18 Z" fill="{c}" stroke="#222" '
    'stroke-width="1.2"/><circle cx="12" cy="6.5" r="3.6" fill="{c}" stroke="#222" '
    'stroke-width="1.2"/>'
)
ICONS = {
    "bread": _BREAD,
    "marble": _MARBLE,
    "tools": _TOOLS,
    "followers": _FOLLOWERS,
    "crown": _CROWN,
    "grace": _GRACE,
}


@lru_cache(maxsize=2048)
def icon(name: str, x: float, y: float, size: float = 24) -> str:
    """The icon ``name`` (a good's kind, ``followers``, ``crown``, ``grace``) in a box of
    ``size`` at (x, y), as a use of its definition (``defs()``)."""
    k = round(size / 24, 3)
    return f'<use href="#tr-{name}" transform="translate({num(x)},{num(y)}) scale({num(k)})"/>'


@lru_cache(maxsize=1)
def defs() -> str:
    """The definitions of the icons (ids ``tr-NAME``), once per picture (built once)."""
    return (
        "<defs>"
        + "".join(f'<g id="tr-{name}">{body}</g>' for name, body in ICONS.items())
        + "</defs>"
    )


def statue_icon(seat: int, x: float, y: float, size: float = 24) -> str:
    """A statue in the seat's colour (an icon for counts: the reserve)."""
    k = size / 24
    body = _STATUE.format(c=seat_colour(seat))
    return f'<g transform="translate({num(x)},{num(y)}) scale({num(round(k, 3))})">{body}</g>'


# -- goods tiles --------------------------------------------------------------------------
@lru_cache(maxsize=1024)
def tile_face(kind: str, value: int, x: float, y: float, size: float) -> str:
    """A goods tile face up: a square cardboard tile in the good's colour, its icon and its
    number (size 24 or more)."""
    r = max(3, size * 0.12)
    number = 12 if size < 36 else (16 if size < 50 else 22)
    out = [
        f'<rect x="{num(x + 1.5)}" y="{num(y + 2)}" width="{num(size)}" height="{num(size)}" '
        f'rx="{num(r)}" fill="#000" opacity="0.18"/>',
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(size)}" height="{num(size)}" '
        f'rx="{num(r)}" fill="{GOOD_FILL[kind]}" stroke="{GOOD_EDGE[kind]}" '
        'stroke-width="1.5"/>',
    ]
    if size < 36:  # icon left, number right
        out.append(icon(kind, x + 1, y + (size - size * 0.55) / 2, size * 0.55))
        out.append(
            text(
                x + size - 3,
                y + size / 2 + 4.5,
                str(value),
                number,
                text_anchor="end",
                font_weight="bold",
                fill=GOOD_INK[kind],
            )
        )
    else:  # icon top left, number bottom right
        out.append(icon(kind, x + size * 0.08, y + size * 0.08, size * 0.5))
        out.append(
            text(
                x + size * 0.9,
                y + size * 0.9,
                str(value),
                number,
                text_anchor="end",
                font_weight="bold",
                fill=GOOD_INK[kind],
            )
        )
    return "".join(out)


@lru_cache(maxsize=256)
def tile_back(x: float, y: float, size: float) -> str:
    """A goods tile face down: the people's tile with the royal seal."""
    r = max(3, size * 0.12)
    c = size / 2
    seal = size * 0.22
    return (
        f'<rect x="{num(x + 1.5)}" y="{num(y + 2)}" width="{num(size)}" height="{num(size)}" '
        f'rx="{num(r)}" fill="#000" opacity="0.2"/>'
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(size)}" height="{num(size)}" '
        f'rx="{num(r)}" fill="{TILE_BACK}" stroke="{TILE_BACK_EDGE}" stroke-width="1.5"/>'
        f'<rect x="{num(x + 3)}" y="{num(y + 3)}" width="{num(size - 6)}" '
        f'height="{num(size - 6)}" rx="{num(r * 0.6)}" fill="none" stroke="#c98b5a" '
        'stroke-width="1" stroke-dasharray="3 2"/>'
        f'<circle cx="{num(x + c)}" cy="{num(y + c)}" r="{num(seal)}" fill="{GOLD}" '
        'stroke="#7a5a00" stroke-width="1" opacity="0.9"/>'
        + icon("crown", x + c - seal * 0.75, y + c - seal * 0.75, seal * 1.5)
    )


# -- the landscape ------------------------------------------------------------------------
TERRAIN_FILL = {
    "M": "#bfe08f",  # meadow
    "F": "#7fb069",  # forest
    "H": "#c8bba6",  # mountain
    "V": "#f0d39a",  # village
    "C": "#cdb9e0",  # castle
}
TERRAIN_EDGE = "#6d5a3d"


def _meadow(x: float, y: float, s: float) -> str:
    tufts = []
    for fx, fy in ((0.22, 0.3), (0.62, 0.22), (0.42, 0.5), (0.78, 0.48), (0.18, 0.58)):
        bx, by = x + fx * s, y + fy * s
        tufts.append(f"M{num(round(bx - 4, 1))},{num(round(by, 1))} l2,-6 l2,6 l2,-7 l2,7")
    flower = (
        f'<circle cx="{num(x + 0.7 * s)}" cy="{num(y + 0.32 * s)}" r="2.6" fill="#fff59d" '
        'stroke="#f9a825" stroke-width="1"/>'
    )
    return (
        f'<path d="{" ".join(tufts)}" fill="none" stroke="#4f7f2a" stroke-width="1.4" '
        'stroke-linejoin="round"/>' + flower
    )


def _forest(x: float, y: float, s: float) -> str:
    out = []
    for fx, fy, k in ((0.28, 0.12, 0.3), (0.6, 0.08, 0.34), (0.45, 0.3, 0.28)):
        tx, ty, h = x + fx * s, y + fy * s, k * s
        out.append(
            f'<path d="M{num(round(tx, 1))},{num(round(ty, 1))} l{num(round(h * 0.45, 1))},'
            f'{num(round(h, 1))} h{num(round(-h * 0.9, 1))} Z" fill="#2e6b34" stroke="#1b3d1f" '
            'stroke-width="1"/>'
            f'<rect x="{num(round(tx - 1.5, 1))}" y="{num(round(ty + h, 1))}" width="3" '
            f'height="{num(round(h * 0.25, 1))}" fill="#5d4037"/>'
        )
    return "".join(out)


def _mountain(x: float, y: float, s: float) -> str:
    base = y + 0.58 * s

    def pt(fx: float, fy: float) -> str:
        return f"{num(round(x + fx * s, 1))},{num(round(fy, 1))}"

    return (
        f'<path d="M{pt(0.1, base)} L{pt(0.4, y + 0.1 * s)} L{pt(0.7, base)} Z" '
        'fill="#8d8172" stroke="#4e4437" stroke-width="1.2"/>'
        f'<path d="M{pt(0.45, base)} L{pt(0.7, y + 0.22 * s)} L{pt(0.93, base)} Z" '
        'fill="#a39787" stroke="#4e4437" stroke-width="1.2"/>'
        f'<path d="M{pt(0.31, y + 0.23 * s)} L{pt(0.4, y + 0.1 * s)} L{pt(0.49, y + 0.23 * s)} '
        'Z" fill="#fff"/>'
    )


def _house(x: float, y: float, w: float, roof: str) -> str:
    h = w * 0.7
    return (
        f'<rect x="{num(round(x, 1))}" y="{num(round(y, 1))}" width="{num(round(w, 1))}" '
        f'height="{num(round(h, 1))}" fill="#faf0dc" stroke="#5d4037" stroke-width="1"/>'
        f'<path d="M{num(round(x - 2, 1))},{num(round(y, 1))} L{num(round(x + w / 2, 1))},'
        f'{num(round(y - w * 0.55, 1))} L{num(round(x + w + 2, 1))},{num(round(y, 1))} Z" '
        f'fill="{roof}" stroke="#5d4037" stroke-width="1"/>'
        f'<rect x="{num(round(x + w * 0.38, 1))}" y="{num(round(y + h * 0.45, 1))}" '
        f'width="{num(round(w * 0.24, 1))}" height="{num(round(h * 0.55, 1))}" fill="#795548"/>'
    )


def _village(x: float, y: float, s: float) -> str:
    return _house(x + 0.14 * s, y + 0.3 * s, 0.3 * s, "#c0553a") + _house(
        x + 0.55 * s, y + 0.22 * s, 0.3 * s, "#a8432c"
    )


def _r(v: float) -> str:
    return num(round(v, 1))


def _castle(x: float, y: float, s: float) -> str:
    left, top, w, h = x + 0.2 * s, y + 0.22 * s, 0.6 * s, 0.36 * s
    tw = 0.16 * s
    out = [
        f'<rect x="{_r(left)}" y="{_r(top)}" width="{_r(w)}" height="{_r(h)}" fill="#b0a9a0" '
        'stroke="#3e3a36" stroke-width="1.2"/>'
    ]
    for tx in (left - tw / 2, left + w - tw / 2):
        out.append(
            f'<rect x="{_r(tx)}" y="{_r(top - 0.1 * s)}" width="{_r(tw)}" '
            f'height="{_r(h + 0.1 * s)}" fill="#9e968c" stroke="#3e3a36" stroke-width="1.2"/>'
        )
    gx, d = left + w / 2, 0.07 * s
    out.append(  # the gate and the flag
        f'<path d="M{_r(gx - d)},{_r(top + h)} v-{_r(2 * d)} a{_r(d)},{_r(d)} 0 0 1 '
        f'{_r(2 * d)},0 v{_r(2 * d)} Z" fill="#4e342e"/>'
        f'<path d="M{_r(gx)},{_r(top)} v-{_r(0.16 * s)} l{_r(0.12 * s)},{_r(0.04 * s)} '
        f'l-{_r(0.12 * s)},{_r(0.04 * s)}" fill="#c62828" stroke="#3e3a36" stroke-width="1"/>'
    )
    return "".join(out)


_PICTOGRAMS = {"M": _meadow, "F": _forest, "H": _mountain, "V": _village, "C": _castle}


@lru_cache(maxsize=256)
def terrain_field(code: str, x: float, y: float, size: float) -> str:
    """One field of a landscape tile: its terrain's colour and pictogram (upper part; the
    lower part is left for the cost or the statues), using ``terrain_defs(size)``."""
    fill = TERRAIN_FILL.get(code, "#ddd")
    out = (
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(size)}" height="{num(size)}" '
        f'fill="{fill}" stroke="{TERRAIN_EDGE}" stroke-width="0.8"/>'
    )
    if code in _PICTOGRAMS:
        out += f'<use href="#tr-t{code}-{num(size)}" x="{num(x)}" y="{num(y)}"/>'
    return out


@lru_cache(maxsize=8)
def terrain_defs(size: float) -> str:
    """The terrain pictograms for fields of ``size`` (ids ``tr-tCODE-SIZE``)."""
    return (
        "<defs>"
        + "".join(
            f'<g id="tr-t{code}-{num(size)}">{draw(0, 0, size)}</g>'
            for code, draw in _PICTOGRAMS.items()
        )
        + "</defs>"
    )


def statue(seat: int, cx: float, bottom: float, height: float) -> str:
    """A statue standing on ``bottom``, centred on ``cx``: pedestal, body and head in the
    owner's colour, with the owner's seat mark in white on the body."""
    w = height * 0.62
    c = seat_colour(seat)
    head_r = height * 0.15
    body_top = bottom - height * 0.72
    ped_h = height * 0.16
    x0 = cx - w / 2

    def n(v: float) -> str:
        return num(round(v, 1))

    return (
        f'<ellipse cx="{n(cx + 1.5)}" cy="{n(bottom)}" rx="{n(w * 0.55)}" ry="{n(height * 0.06)}" '
        'fill="#000" opacity="0.25"/>'
        f'<rect x="{n(x0)}" y="{n(bottom - ped_h)}" width="{n(w)}" height="{n(ped_h)}" rx="1.5" '
        f'fill="{c}" stroke="{INK}" stroke-width="1.2"/>'
        f'<path d="M{n(cx - w * 0.36)},{n(bottom - ped_h)} L{n(cx - w * 0.26)},{n(body_top)} '
        f"Q{n(cx)},{n(body_top - height * 0.08)} {n(cx + w * 0.26)},{n(body_top)} "
        f'L{n(cx + w * 0.36)},{n(bottom - ped_h)} Z" fill="{c}" stroke="{INK}" '
        'stroke-width="1.2"/>'
        f'<circle cx="{n(cx)}" cy="{n(body_top - head_r * 0.9)}" r="{n(head_r)}" fill="{c}" '
        f'stroke="{INK}" stroke-width="1.2"/>'
        + seat_mark(seat, cx, bottom - ped_h - height * 0.2, max(3.5, height * 0.11), "#fff")
    )
