"""The chart of the result screen: each seat's progress over the game (``Game.progress``
after every move) as SVG, and the numbers as the result screen writes them.

The chart is drawn for the page at 1:1 like the board pictures (``docs/board-interface.md``):
no text under 12 px, at most ``WIDE`` units wide (and a ``NARROW`` one for phones), one line
per seat in the seat's colour *and* with its own dash pattern and marker shape (colour is
never the only carrier), a legend with the seat names, axis titles, and a title and
``aria-label`` for screen readers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from ..engine import picture as pic
from ..engine.i18n import translator
from ..engine.svg import attr, num

WIDE = 660  # the chart in the side column of a wide screen (the column is ~700 px then)
NARROW = 356  # the chart on a phone (390 px wide, less the page's margins)
DASHES = ("", "9 5", "2 4", "12 4 3 4", "5 5", "14 3 3 3 3 3")  # per seat, with the shape
LINE_WIDTH = 2.5
GRID = "#e2d9c6"
TICK = 13  # tick labels
LABEL = 14  # axis titles and the legend


@dataclass(frozen=True)
class Timeline:
    """A game's progress replayed: ``values[i]`` is each seat's progress after
    ``steps[i]`` moves (thinned to at most ``MAX_POINTS`` points: a run of equal values
    keeps only its ends, which draws the same line), ``rounds`` the ``(round, step)`` at
    which each round begins, ``moves`` the number of moves."""

    steps: list[int]
    values: list[list[float]]
    rounds: list[tuple[int, int]]
    moves: int


def number(value: float) -> str:
    """A score as the page shows it: whole numbers without ``.0``, others to one place."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.1f}"


def nice_ticks(low: float, high: float, count: int, whole: bool = False) -> list[float]:
    """About ``count`` round tick values (steps of 1, 2 or 5 × 10^k) covering low…high."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if raw <= m * magnitude)
    if whole:
        step = max(1.0, round(step))
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    return [start + i * step for i in range(round((end - start) / step) + 1)]


def _light(colour: str) -> bool:
    """A colour too light to draw a line with on the paper without a dark edge."""
    if not (colour.startswith("#") and len(colour) == 7):
        return False
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255 > 0.68


def _at(steps: Sequence[int], values: Sequence[float], step: float) -> float:
    """The value of the line through ``(steps[i], values[i])`` at ``step``."""
    for i in range(1, len(steps)):
        if step <= steps[i]:
            a, b = steps[i - 1], steps[i]
            share = 0.0 if b == a else (step - a) / (b - a)
            return values[i - 1] + (values[i] - values[i - 1]) * share
    return values[-1]


@dataclass(frozen=True)
class _Plot:
    """Where the chart's plot area lies and how moves (x) and values (y) map onto it."""

    x0: float
    x1: float
    top: float  # the top of the round numbers (if any), below the y axis title
    plot_top: float
    plot_h: float
    moves: int
    y_low: float
    y_high: float

    @property
    def plot_bottom(self) -> float:
        return self.plot_top + self.plot_h

    def x_of(self, step: float) -> float:
        return self.x0 + (self.x1 - self.x0) * step / self.moves

    def y_of(self, value: float) -> float:
        return self.plot_bottom - self.plot_h * (value - self.y_low) / (self.y_high - self.y_low)


def chart_svg(
    timeline: Timeline,
    names: Sequence[str],
    colour: Callable[[int], str],
    label: str,
    lang: str,
    width: int = WIDE,
) -> str:
    """The standing over the game: x the move number (with a line and a label where each
    round begins), y ``label`` (the game's measure of progress), one line per seat."""
    _ = translator(__package__, lang)
    narrow = width < 500
    values = timeline.values
    low = min(0.0, min(min(v) for v in values))
    high = max(max(v) for v in values)
    whole = all(float(x).is_integer() for v in values for x in v)
    y_ticks = nice_ticks(low, high, 4 if narrow else 5, whole)
    plot = _plot(timeline, y_ticks, width, narrow, _("Round"))
    grid: list[str] = []
    out: list[str] = [pic.text(4, 16, label, LABEL, font_weight="bold")]
    for lines, texts in (
        _y_axis(plot, y_ticks),
        _round_axis(plot, timeline.rounds, _("Round")),
        _move_axis(plot, narrow),
    ):
        grid += lines
        out += texts
    out.insert(0, f'<g stroke="{GRID}" stroke-width="1" fill="none">{"".join(grid)}</g>')
    out.append(
        f'<rect x="{num(plot.x0)}" y="{num(plot.plot_top)}" width="{num(plot.x1 - plot.x0)}" '
        f'height="{num(plot.plot_h)}" fill="none" stroke="{pic.PANEL_EDGE}"/>'
    )
    out.append(pic.text(plot.x1, plot.plot_bottom + 38, _("Move"), LABEL, text_anchor="end"))
    out += _seat_lines(plot, timeline, colour, len(names), narrow)
    legend, height = _legend(plot, names, values[-1], colour, width)
    out += legend
    title = _("{label} over the game, one line per player").format(label=label)
    summary = "; ".join(
        _("{name} ends with {value}").format(name=names[s], value=number(values[-1][s]))
        for s in range(len(names))
    )
    size = f'width="{num(width)}" height="{num(height)}"'
    box = f"0 0 {num(width)} {num(height)}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="result-chart-svg" {size} '
        f'viewBox="{box}" role="img" '
        f"aria-label={attr(title + ': ' + summary)} font-family={attr(pic.FONT_FAMILY)}>"
        f"<title>{escape(title)}</title><desc>{escape(summary)}</desc>"
        f'<rect x="0" y="0" {size} fill="{pic.PAPER}"/>' + "".join(out) + "</svg>"
    )


def _plot(
    timeline: Timeline, y_ticks: Sequence[float], width: int, narrow: bool, round_word: str
) -> _Plot:
    """The plot area: left of it room for the widest y tick label (and the word "Round"),
    above it the y axis title and the round numbers, if the game has rounds."""
    tick_w = max(pic.text_width(number(t), TICK) for t in y_ticks)
    if timeline.rounds:  # the word "Round" left of the round numbers
        tick_w = max(tick_w, pic.text_width(round_word, TICK) + 4)
    top = 22.0  # the y axis title
    if timeline.rounds:
        top += 22
    return _Plot(
        x0=max(34.0, tick_w + 14),
        x1=width - 14,
        top=top,
        plot_top=top + 12,
        plot_h=180 if narrow else 220,
        moves=max(1, timeline.moves),
        y_low=y_ticks[0],
        y_high=y_ticks[-1],
    )


def _y_axis(plot: _Plot, y_ticks: Sequence[float]) -> tuple[list[str], list[str]]:
    """A grid line and a label per y tick: (grid lines, labels)."""
    grid: list[str] = []
    texts: list[str] = []
    for t in y_ticks:
        y = plot.y_of(t)
        grid.append(f'<line x1="{num(plot.x0)}" y1="{num(y)}" x2="{num(plot.x1)}" y2="{num(y)}"/>')
        texts.append(
            pic.text(plot.x0 - 6, y + 4.5, number(t), TICK, text_anchor="end", fill=pic.MUTED)
        )
    return grid, texts


def _round_axis(
    plot: _Plot, rounds: Sequence[tuple[int, int]], round_word: str
) -> tuple[list[str], list[str]]:
    """A dashed line where each round begins and its number above the plot, each where
    there is room: (grid lines, labels); nothing for a game without rounds."""
    grid: list[str] = []
    texts: list[str] = []
    if not rounds:
        return grid, texts
    top = plot.top
    texts.append(
        pic.text(plot.x0 - 10, top + 2, round_word, TICK, text_anchor="end", fill=pic.MUTED)
    )
    last_line = last_label = -1e9
    for rnd, step in rounds:
        x = plot.x_of(step)
        if x - last_line >= 4:
            grid.append(
                f'<line x1="{num(x)}" y1="{num(plot.plot_top - 6)}" x2="{num(x)}" '
                f'y2="{num(plot.plot_bottom)}" stroke-dasharray="3 3"/>'
            )
            last_line = x
        if x - last_label >= 10 + pic.text_width(str(rnd), TICK) and x <= plot.x1 + 1:
            texts.append(pic.text(x, top + 2, str(rnd), TICK, text_anchor="middle"))
            last_label = x
    return grid, texts


def _move_axis(plot: _Plot, narrow: bool) -> tuple[list[str], list[str]]:
    """Tick marks and move numbers below the plot: (tick marks, labels)."""
    grid: list[str] = []
    texts: list[str] = []
    bottom = plot.plot_bottom
    for t in nice_ticks(0, plot.moves, 3 if narrow else 6, whole=True):
        if t > plot.moves:
            break
        x = plot.x_of(t)
        grid.append(
            f'<line x1="{num(x)}" y1="{num(bottom)}" x2="{num(x)}" y2="{num(bottom + 5)}"/>'
        )
        texts.append(
            pic.text(x, bottom + 19, number(t), TICK, text_anchor="middle", fill=pic.MUTED)
        )
    return grid, texts


def _dashed(seat: int) -> str:
    """The seat's dash pattern as an attribute ("" for a solid line)."""
    dash = DASHES[seat % len(DASHES)]
    return f' stroke-dasharray="{dash}"' if dash else ""


def _seat_lines(
    plot: _Plot, timeline: Timeline, colour: Callable[[int], str], seats: int, narrow: bool
) -> list[str]:
    """The lines, then the markers (on top of every line), each seat its own shape and
    dash."""
    values = timeline.values
    xs = [plot.x_of(s) for s in timeline.steps]
    lines: list[str] = []
    markers: list[str] = []
    per_line = 5 if narrow else 8
    for seat in range(seats):
        points = " ".join(
            f"{num(round(x, 1))},{num(round(plot.y_of(v[seat]), 1))}"
            for x, v in zip(xs, values, strict=True)
        )
        c = colour(seat)
        if _light(c):  # a dark edge under a light line (Im Zeichen des Kreuzes: white, yellow)
            lines.append(
                f'<polyline points="{points}" fill="none" stroke="{pic.INK}" '
                f'stroke-width="{LINE_WIDTH + 2}" stroke-linejoin="round"/>'
            )
        lines.append(
            f'<polyline class="seat-line" data-seat="{seat}" points="{points}" fill="none" '
            f'stroke="{c}" stroke-width="{LINE_WIDTH}" stroke-linejoin="round"{_dashed(seat)}/>'
        )
        # markers evenly along the line, shifted per seat so that equal lines show each
        for k in range(per_line):
            at = plot.moves * (k + (seat + 1) / (seats + 1)) / per_line
            value = _at(timeline.steps, [v[seat] for v in values], at)
            markers.append(pic.seat_mark(seat, plot.x_of(at), plot.y_of(value), 5, fill=c))
    return lines + markers


def _legend(
    plot: _Plot,
    names: Sequence[str],
    finals: Sequence[float],
    colour: Callable[[int], str],
    width: int,
) -> tuple[list[str], float]:
    """Each seat's line sample, shape and name with its final value, in rows below the
    plot: (the parts, the height of the whole chart)."""
    out: list[str] = []
    y = plot.plot_bottom + 52
    x = plot.x0
    row_h = 24
    for seat in range(len(names)):
        text = f"{names[seat]}: {number(finals[seat])}"
        w = 40 + pic.text_width(text, LABEL) + 18
        if x + w > width - 8 and x > plot.x0:
            x, y = plot.x0, y + row_h
        c = colour(seat)
        cy = y + 8
        if _light(c):
            out.append(
                f'<line x1="{num(x)}" y1="{num(cy)}" x2="{num(x + 34)}" y2="{num(cy)}" '
                f'stroke="{pic.INK}" stroke-width="{LINE_WIDTH + 2}"/>'
            )
        out.append(
            f'<line x1="{num(x)}" y1="{num(cy)}" x2="{num(x + 34)}" y2="{num(cy)}" '
            f'stroke="{c}" stroke-width="{LINE_WIDTH}"{_dashed(seat)}/>'
        )
        out.append(pic.seat_mark(seat, x + 17, cy, 5.5, fill=c))
        out.append(pic.text(x + 42, cy + 5, text, LABEL))
        x += w
    return out, y + row_h + 4
