"""The shared toolkit of the board pictures (standard library only): what every game's
renderer draws the same way, so that each game draws only its own board.

A picture is drawn for the screen at 1:1 (one SVG unit is one CSS pixel at the page's
default zoom): at most ``MAX_WIDTH`` wide, no text smaller than ``MIN_FONT``, no clickable
target smaller than ``MIN_TARGET`` in either direction. ``docs/board-interface.md`` is the
contract between the pictures, the game's ``board_moves`` and the game page.

What the page reads in a picture (attributes on any element):

* ``data-pick="KEY"``: something the player picks first (a hand card, a piece of the supply);
* ``data-place="KEY"``: somewhere the picked thing (or a move without a pick) goes;
* ``data-key="KEY"``: a piece's identity across updates (the page animates a piece whose
  place changed, fades in a new one and marks the pieces of the other players' last moves);
* ``data-tip="TEXT"``: what the element is and does, shown on hover, focus and long-press.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from .i18n import lang_of as lang_of  # the games read it from here
from .i18n import translator
from .svg import attr, content, num, text_element

MAX_WIDTH = 1000  # the board column of the page at 1400×900
MIN_FONT = 12  # WCAG-readable at 1:1
FONT = 14  # body text
SMALL = 12  # secondary text
LARGE = 17  # headings
TITLE = 21  # the picture's title
MIN_TARGET = 24  # WCAG 2.2 target size (2.5.8), in both directions
LINE = 20  # pixels per line of body text
FONT_FAMILY = "DejaVu Sans, Verdana, Arial, sans-serif"

# seat colours and a second carrier for each (colour is never the only one): a shape drawn
# beside every seat-coloured thing and the seat's number
SEAT_COLOURS = ("#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star")
INK = "#222"
MUTED = "#555"
PAPER = "#fffdf7"
PANEL_FILL = "#f7f1e3"
PANEL_EDGE = "#b8a98c"


# -- attributes the page reads ------------------------------------------------------------
def tip(text: str) -> str:
    """`` data-tip="…"``: the element's explanation (hover, focus, long-press)."""
    return f" data-tip={attr(text)}" if text else ""


def pick(key: str) -> str:
    return f" data-pick={attr(key)}"


def place(key: str) -> str:
    return f" data-place={attr(key)}"


def key(name: str) -> str:
    return f" data-key={attr(name)}"


# -- seats --------------------------------------------------------------------------------
def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_name(seat: int, lang: str = "en", viewer: int | None = None) -> str:
    """``Player 1`` … for seat 0 …; the same everywhere (page, pictures, log). With the
    viewer given, the viewer's own seat reads ``Player 2 (you)``."""
    _ = translator("spieltisch.engine", lang)
    if viewer is not None and seat == viewer:
        return _("Player {n} (you)").format(n=seat + 1)
    return _("Player {n}").format(n=seat + 1)


def seat_mark(seat: int, cx: float, cy: float, r: float = 8, fill: str | None = None) -> str:
    """The seat's shape in its colour, centred on (cx, cy): circle, square, triangle, …"""
    colour = fill or seat_colour(seat)
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    style = f'fill="{colour}" stroke="{INK}" stroke-width="1.2"'
    if shape == "circle":
        return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" {style}/>'
    if shape == "square":
        s = r * 0.9
        return (
            f'<rect x="{num(cx - s)}" y="{num(cy - s)}" width="{num(2 * s)}" '
            f'height="{num(2 * s)}" {style}/>'
        )
    points: list[tuple[float, float]]
    if shape == "triangle":
        points = [(cx, cy - r * 1.1), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)]
    elif shape == "diamond":
        points = [(cx, cy - r * 1.15), (cx + r, cy), (cx, cy + r * 1.15), (cx - r, cy)]
    elif shape == "hexagon":
        points = [(cx + r * c, cy + r * s) for c, s in _HEXAGON]
    else:
        points = [(cx + r * c, cy + r * s) for c, s in _STAR]
    path = " ".join(f"{num(round(x, 1))},{num(round(y, 1))}" for x, y in points)
    return f'<polygon points="{path}" {style}/>'


_HEXAGON = ((1.0, 0.0), (0.5, 0.87), (-0.5, 0.87), (-1.0, 0.0), (-0.5, -0.87), (0.5, -0.87))
_STAR = (
    (0.0, -1.1),
    (0.3, -0.35),
    (1.05, -0.35),
    (0.45, 0.12),
    (0.68, 0.9),
    (0.0, 0.42),
    (-0.68, 0.9),
    (-0.45, 0.12),
    (-1.05, -0.35),
    (-0.3, -0.35),
)


# -- parts drawn once ---------------------------------------------------------------------
Part = Callable[[], tuple[Sequence[str], float]]


class Drawn:
    """The parts of one table's pictures, kept by a key that names everything they show
    (their position included), so that a part unchanged since the last move is not drawn
    again: the web table draws every seat's picture after every move, and a move changes
    a few parts.

    A part unused for ``TURNS`` moves goes (``turn``): a seat's picture while it is to move
    differs from its picture while it waits, and in a game of two the seats take turns, so
    a part comes back two moves later. A table keeps about the parts of its present
    pictures, never a history of them."""

    TURNS = 2

    def __init__(self) -> None:
        # the parts used since the last move first, then those last used a move earlier...;
        # each part as text (a picture is ASCII only: one byte a character), its y, and the
        # keys of the parts drawn inside it
        self._ages: list[dict[Any, tuple[str, float, tuple[Any, ...]]]] = [
            {} for _ in range(self.TURNS + 1)
        ]
        self._inside: list[list[Any]] = []  # the keys used while drawing each open part

    def get(self, key: Any, draw: Part) -> tuple[str, float]:
        if self._inside:
            self._inside[-1].append(key)
        now = self._ages[0]
        kept = now.get(key)
        if kept is None:
            kept = self._take(key)
            if kept is None:
                self._inside.append([])
                try:
                    lines, y = draw()
                finally:
                    inside = tuple(self._inside.pop())
                kept = ("\n".join(lines), y, inside)
            now[key] = kept
        return kept[0], kept[1]

    def _take(self, key: Any) -> tuple[str, float, tuple[Any, ...]] | None:
        """A part kept from an earlier move, moved to this move's parts with the parts drawn
        inside it: a part used again keeps its own parts too, so that they are still there
        when it changes (an unchanged army inside a territory that just got a card)."""
        for older in self._ages[1:]:
            kept = older.pop(key, None)
            if kept is not None:
                now = self._ages[0]
                for inner in kept[2]:
                    if inner not in now:
                        found = self._take(inner)
                        if found is not None:
                            now[inner] = found
                return kept
        return None

    def turn(self) -> None:
        """A move was made: the parts unused for ``TURNS`` moves go."""
        self._ages = [{}, *self._ages[:-1]]

    def __len__(self) -> int:
        return sum(len(age) for age in self._ages)


_KEEPING: ContextVar[Drawn | None] = ContextVar("spieltisch_drawn_parts", default=None)


@contextmanager
def keeping(drawn: Drawn | None) -> Iterator[None]:
    """Pictures drawn inside keep their parts in ``drawn`` (``kept``)."""
    token = _KEEPING.set(drawn)
    try:
        yield
    finally:
        _KEEPING.reset(token)


def kept(key: Any, draw: Part) -> tuple[str, float]:
    """A part of a picture as one string (its lines joined as ``document`` joins them) and
    the ``y`` below it: kept from the table's earlier pictures under ``key``, which must
    name everything the part shows, or drawn by ``draw``. Outside ``keeping`` every part
    is drawn afresh. The games' tests compare pictures drawn both ways."""
    drawn = _KEEPING.get()
    if drawn is None:
        lines, y = draw()
        return "\n".join(lines), y
    return drawn.get(key, draw)


# -- text and boxes -----------------------------------------------------------------------
def text(x: float, y: float, body: str, size: int = FONT, **attrs: Any) -> str:
    """A ``<text>``; sizes under ``MIN_FONT`` are refused (a picture is drawn to be read)."""
    if size < MIN_FONT:
        raise ValueError(f"font size {size} is under the minimum of {MIN_FONT}")
    return text_element(x, y, body, size, **attrs)


def wrap(body: str, width_px: float, size: int = FONT) -> list[str]:
    """``body`` broken into lines that fit ``width_px`` at ``size`` (an estimate of the
    average glyph width of DejaVu Sans: 0.6 em)."""
    per_line = max(8, int(width_px / (size * 0.6)))
    lines: list[str] = []
    line = ""
    for word in body.split():
        candidate = f"{line} {word}" if line else word
        if len(candidate) > per_line and line:
            lines.append(line)
            candidate = word
        line = candidate
    if line:
        lines.append(line)
    return lines


def text_width(body: str, size: int = FONT) -> float:
    """An estimate of the width of ``body`` at ``size`` (see ``wrap``)."""
    return len(body) * size * 0.6


def box(
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str = PANEL_FILL,
    stroke: str = PANEL_EDGE,
    rx: float = 8,
    extra: str = "",
) -> str:
    return (
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="1.2"{extra}/>'
    )


class Column:
    """Lines of text and small drawings stacked downwards inside ``width`` pixels (a side
    panel, a legend, a standing)."""

    def __init__(self, x: float, y: float, width: float) -> None:
        self.x, self.y, self.width = x, y, width
        self.out: list[str] = []

    def heading(self, body: str) -> None:
        self.y += LINE + 6
        self.out.append(text(self.x, self.y, body, LARGE, font_weight="bold"))
        self.y += 4

    def line(self, body: str, size: int = FONT, indent: float = 0, **attrs: Any) -> None:
        for part in wrap(body, self.width - indent, size):
            self.y += max(LINE, size + 6)
            self.out.append(text(self.x + indent, self.y, part, size, **attrs))

    def gap(self, pixels: float = 8) -> None:
        self.y += pixels

    def raw(self, svg: str, height: float) -> None:
        """A drawing of ``height`` pixels placed by the caller at ``self.y``."""
        self.out.append(svg)
        self.y += height


# -- the parts every game has -------------------------------------------------------------
def header(title: str, status: str, width: float, y: float = 0) -> tuple[list[str], float]:
    """The picture's head: the game's title and one status line (whose turn, the round…);
    returns the elements and the y below them."""
    out = [
        f'<rect x="0" y="{num(y)}" width="{num(width)}" height="64" fill="#3b2f2f"/>',
        text(16, y + 27, title, TITLE, font_weight="bold", fill="#fff"),
        text(16, y + 52, status, FONT, fill="#f3e9d2"),
    ]
    return out, y + 64


def legend(
    items: Sequence[tuple[str, str]], x: float, y: float, width: float, icon: float = 22
) -> tuple[list[str], float]:
    """``(icon_svg, label)`` pairs in rows: each icon is drawn by the caller in a box of
    ``icon`` pixels at the origin and translated here; returns elements and the y below."""
    out = ['<g class="legend">']
    cx, cy = x, y
    for drawing, label in items:
        w = icon + 8 + text_width(label, SMALL) + 16
        if cx + w > x + width and cx > x:
            cx, cy = x, cy + icon + 8
        out.append(f'<g transform="translate({num(cx)},{num(cy)})"{tip(label)}>{drawing}</g>')
        out.append(text(cx + icon + 6, cy + icon * 0.72, label, SMALL))
        cx += w
    out.append("</g>")
    return out, cy + icon + 8


@dataclass(frozen=True)
class Row:
    """One seat's row of ``standings``: its cells, and optionally the row's explanation
    (default: the name), extra attributes for the row's group (`` data-key="seat:1"``) and
    the seat's mark drawn by the game (a function of the centre: games with their own seat
    colours and figures)."""

    seat: int
    name: str
    cells: Sequence[str]
    tip: str = ""
    attrs: str = ""
    mark: Callable[[float, float], str] | None = None


def standings(
    rows: Sequence[tuple[int, str, Sequence[str]] | Row],
    columns: Sequence[str],
    x: float,
    y: float,
    widths: Sequence[float],
    acting: Sequence[int] = (),
) -> tuple[list[str], float]:
    """A table of the seats: each row is ``(seat, name, cells)`` or a ``Row``, drawn with
    the seat's mark and name, then one cell per column (heads ``columns``, widths ``widths``
    after the name's); the seats in ``acting`` are marked ▶. Returns the elements and the y
    below them."""
    out = ['<g class="standings">']
    row_h = 26
    name_w = widths[0]
    cx = x + name_w
    for head, w in zip(columns, widths[1:], strict=True):
        out.append(text(cx, y + 16, head, SMALL, fill=MUTED))
        cx += w
    y += 24
    for given in rows:
        row = given if isinstance(given, Row) else Row(*given)
        seat = row.seat
        out.append(f'<g data-seat="{seat}"{row.attrs}{tip(row.tip or row.name)}>')
        if seat in acting:
            out.append(text(x, y + 18, "▶", FONT, fill=seat_colour(seat)))
        out.append(row.mark(x + 24, y + 13) if row.mark else seat_mark(seat, x + 24, y + 13, 7))
        weight = {"font_weight": "bold"} if seat in acting else {}
        out.append(text(x + 38, y + 18, row.name, FONT, **weight))
        cx = x + name_w
        for cell, w in zip(row.cells, widths[1:], strict=True):
            out.append(text(cx, y + 18, cell, FONT))
            cx += w
        out.append("</g>")
        y += row_h
    out.append("</g>")
    return out, y + 4


def document(
    game: str,
    width: float,
    height: float,
    body: Sequence[str],
    title: str,
    seat: int | None,
    background: str = PAPER,
) -> str:
    """The standalone SVG document: 1:1 size, the game and viewing seat as attributes."""
    if width > MAX_WIDTH:
        raise ValueError(f"a picture {width} wide is wider than {MAX_WIDTH}")
    w, h = num(width), num(height)
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}" data-game={attr(game)} '
        f"data-seat={attr('' if seat is None else seat)}>"
    )
    return (
        "\n".join(
            [
                head,
                f"<title>{content(title)}</title>",
                f'<rect x="0" y="0" width="{w}" height="{h}" fill="{background}"/>',
                *body,
                "</svg>",
            ]
        )
        + "\n"
    )
