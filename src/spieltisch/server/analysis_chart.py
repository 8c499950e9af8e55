"""The chart of a post-game analysis as SVG: each seat's estimated win chance after every
move (0–100 %), drawn like the result screen's chart (``chart.py``: one line per seat in
its colour with its own dash pattern and marker, rounds along the top, no text under
12 px, a wide and a narrow size), with each seat's turning points ringed and numbered with
their move."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from ..analysis.postgame import GameAnalysis
from ..engine import picture as pic
from ..engine.i18n import translator
from ..engine.svg import attr, num
from .chart import (
    GRID,
    LABEL,
    LINE_WIDTH,
    TICK,
    Timeline,
    _dashed,
    _light,
    _move_axis,
    _Plot,
    _plot,
    _round_axis,
    _seat_lines,
    _y_axis,
)
from .result import MAX_POINTS, thin

Y_TICKS = (0.0, 25.0, 50.0, 75.0, 100.0)


def timeline(analysis: GameAnalysis) -> Timeline:
    """The estimates in percent as the result chart's timeline (runs of equal points
    thinned, at most ``MAX_POINTS`` per line)."""
    values = [[100 * v for v in est] for est in analysis.estimates]
    keep = thin(values, MAX_POINTS)
    return Timeline(keep, [values[i] for i in keep], list(analysis.rounds), analysis.moves)


def analysis_svg(
    analysis: GameAnalysis,
    names: Sequence[str],
    colour: Callable[[int], str],
    lang: str,
    width: int,
) -> str:
    """The whole chart at ``width`` units (``chart.WIDE`` or ``chart.NARROW``)."""
    _ = translator(__package__, lang)
    narrow = width < 500
    line = timeline(analysis)
    label = _("Win chance (%)")
    plot = _plot(line, Y_TICKS, width, narrow, _("Round"))
    grid: list[str] = []
    out: list[str] = [pic.text(4, 16, label, LABEL, font_weight="bold")]
    for lines, texts in (
        _y_axis(plot, Y_TICKS),
        _round_axis(plot, line.rounds, _("Round")),
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
    out += _seat_lines(plot, line, colour, analysis.players, narrow)
    out += _turning_marks(plot, analysis, colour)
    legend, height = _legend(plot, names, colour, width, _("turning point"))
    out += legend
    title = _("Estimated win chance after every move, one line per player")
    summary = "; ".join(
        _("{name}: turning points at moves {moves}").format(
            name=names[s], moves=", ".join(str(d.move) for d in points) or "–"
        )
        for s, points in enumerate(analysis.turning_points)
    )
    size = f'width="{num(width)}" height="{num(height)}"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="analysis-chart-svg" {size} '
        f'viewBox="0 0 {num(width)} {num(height)}" role="img" '
        f"aria-label={attr(title + ': ' + summary)} font-family={attr(pic.FONT_FAMILY)}>"
        f"<title>{escape(title)}</title><desc>{escape(summary)}</desc>"
        f'<rect x="0" y="0" {size} fill="{pic.PAPER}"/>' + "".join(out) + "</svg>"
    )


def _turning_marks(plot: _Plot, analysis: GameAnalysis, colour: Callable[[int], str]) -> list[str]:
    """A ring in the seat's colour where its estimate landed after each turning point, and
    the move's number beside it: above the ring, or below, or further out, wherever it
    overlaps no number placed before (turning points close together on a phone)."""
    rings: list[str] = []
    labels: list[str] = []
    placed: list[tuple[float, float, float, float]] = []
    marks = sorted(
        (d.move, seat, d.after)
        for seat, points in enumerate(analysis.turning_points)
        for d in points
    )
    for move, seat, after in marks:
        c = colour(seat)
        edge = pic.INK if _light(c) else c
        x, y = plot.x_of(move), plot.y_of(100 * after)
        rings.append(
            f'<circle class="turning-point" data-seat="{seat}" data-move="{move}" '
            f'cx="{num(x)}" cy="{num(y)}" r="9" fill="none" stroke="{edge}" '
            f'stroke-width="2.5"/>'
        )
        half = pic.text_width(str(move), TICK) / 2 + 2
        box = (x - half, x + half)
        options = [ty for ty in (y - 14, y + 25, y - 30, y + 41) if _inside(plot, ty)]
        ty = next(
            (t for t in options if not any(_overlap(box, (t - 12, t + 2), p) for p in placed)),
            options[0] if options else y - 14,
        )
        placed.append((box[0], box[1], ty - 12, ty + 2))
        labels.append(
            pic.text(
                x,
                ty,
                str(move),
                TICK,
                text_anchor="middle",
                font_weight="bold",
                stroke=pic.PAPER,
                stroke_width=3,
                paint_order="stroke",
                fill=pic.INK,
            )
        )
    return rings + labels


def _inside(plot: _Plot, baseline: float) -> bool:
    """A number at ``baseline`` stays between the round numbers and the move numbers."""
    return plot.plot_top + 12 < baseline < plot.plot_bottom + 4


def _overlap(
    xs: tuple[float, float], ys: tuple[float, float], other: tuple[float, float, float, float]
) -> bool:
    return xs[0] < other[1] and other[0] < xs[1] and ys[0] < other[3] and other[2] < ys[1]


def _legend(
    plot: _Plot,
    names: Sequence[str],
    colour: Callable[[int], str],
    width: int,
    ring_word: str,
) -> tuple[list[str], float]:
    """Each seat's line sample, shape and name, and the ring of a turning point, in rows
    below the plot: (the parts, the height of the whole chart)."""
    out: list[str] = []
    y = plot.plot_bottom + 52
    x = plot.x0
    row_h = 24
    entries = [(seat, names[seat]) for seat in range(len(names))] + [(None, ring_word)]
    for seat, text in entries:
        w = 40 + pic.text_width(text, LABEL) + 18
        if x + w > width - 8 and x > plot.x0:
            x, y = plot.x0, y + row_h
        cy = y + 8
        if seat is None:
            out.append(
                f'<circle cx="{num(x + 17)}" cy="{num(cy)}" r="9" fill="none" '
                f'stroke="{pic.INK}" stroke-width="2.5"/>'
            )
        else:
            c = colour(seat)
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
