"""The post-game analysis as a PNG chart (matplotlib): each seat's estimated win chance after
every move, one line per seat in the seat's colour *and* with its own dash pattern and
marker (as the result screen's chart, ``server/chart.py``), the turning points marked with
their move numbers, the rounds along the top, a legend and a title."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..engine import picture as pic
from ..engine.errors import SpieltischError
from ..engine.registry import manifest
from .postgame import GameAnalysis

# matplotlib's names for the seats' shapes (engine.picture.SEAT_SHAPES) and dash patterns
# (server/chart.py's DASHES, in line widths)
MARKERS = {"circle": "o", "square": "s", "triangle": "^", "diamond": "D", "hexagon": "h"}
DASHES: tuple[tuple[float, ...], ...] = ((), (3.6, 2), (0.8, 1.6), (4.8, 1.6, 1.2, 1.6), (2, 2))
MARKS_PER_LINE = 8


def seat_colours(game_id: str) -> Callable[[int], str]:
    """The seats' colours as the game's pictures draw them (its picture module's
    ``seat_colour``, or that of the module's ``figures``), else the toolkit's."""
    try:
        module = manifest(game_id).picture_module()
    except (ImportError, SpieltischError):  # no pictures: the toolkit's colours
        module = None
    for holder in (module, getattr(module, "figures", None)):
        found = getattr(holder, "seat_colour", None)
        if callable(found):
            return found  # type: ignore[no-any-return]
    return pic.seat_colour


def light(colour: str) -> bool:
    """Too light to draw on white paper without a dark edge (white, yellow)."""
    if not (colour.startswith("#") and len(colour) == 7):
        return False
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255 > 0.68


def write_png(analysis: GameAnalysis, path: str | Path, names: Sequence[str], title: str) -> None:
    """Draw ``analysis`` into the PNG file ``path`` (``names``: the seats' names)."""
    import matplotlib

    matplotlib.use("Agg")  # no display needed
    import matplotlib.patheffects as effects
    import matplotlib.pyplot as plt

    colour = seat_colours(analysis.game)
    steps = list(range(len(analysis.estimates)))
    fig, ax = plt.subplots(figsize=(11, 5.6), dpi=110)
    try:
        for seat in range(analysis.players):
            c = colour(seat)
            edge = [effects.withStroke(linewidth=4.5, foreground=pic.INK)] if light(c) else None
            ys = [100 * est[seat] for est in analysis.estimates]
            shape = pic.SEAT_SHAPES[seat % len(pic.SEAT_SHAPES)]
            ax.plot(
                steps,
                ys,
                color=c,
                linewidth=2.2,
                linestyle=(0, DASHES[seat % len(DASHES)]),
                marker=MARKERS.get(shape, "*"),
                markersize=7,
                markeredgecolor=pic.INK,
                markevery=_marks(len(steps), seat, analysis.players),
                label=names[seat],
                path_effects=edge,
            )
        _turning_points(ax, analysis, colour)
        _axes(ax, analysis)
        ax.set_title(title, fontsize=13, loc="left")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=11, frameon=False)
        fig.tight_layout()
        fig.savefig(path, format="png")
    finally:
        plt.close(fig)


def _turning_points(ax: Any, analysis: GameAnalysis, colour: Callable[[int], str]) -> None:
    """A ring where each turning point left its seat's estimate and a label with the move
    number below it (above near the bottom), pushed further out where it would crowd the
    label of a turning point close by."""
    placed: list[tuple[int, float, float]] = []  # move, estimate, label offset
    near_moves = max(1.0, 0.04 * analysis.moves)
    marks = sorted(
        (d.move, seat, 100 * d.after)
        for seat, points in enumerate(analysis.turning_points)
        for d in points
    )
    for move, seat, y in marks:
        c = colour(seat)
        offsets = (-22.0, 14.0, -42.0, 34.0) if y > 15 else (14.0, 34.0, 54.0, -22.0)
        crowded = {off for m, v, off in placed if abs(m - move) < near_moves and abs(v - y) < 25}
        offset = next((o for o in offsets if o not in crowded), offsets[0])
        placed.append((move, y, offset))
        ax.annotate(
            str(move),
            xy=(move, y),
            xytext=(0, offset),
            textcoords="offset points",
            ha="center",
            fontsize=10,
            color=pic.INK,
            arrowprops={"arrowstyle": "-", "color": c, "linewidth": 1.2},
            bbox={"boxstyle": "round,pad=0.2", "fc": "white", "ec": c, "lw": 1.5},
        )
        ax.plot(
            [move],
            [y],
            marker="o",
            markersize=13,
            markerfacecolor="none",
            markeredgecolor=c,
            markeredgewidth=2,
        )


def _marks(points: int, seat: int, seats: int) -> list[int]:
    """Where a seat's markers sit: evenly along the line, shifted per seat so that equal
    lines show every seat's shape."""
    if points <= 1:
        return [0] if points else []
    spots = {
        min(points - 1, round((k + (seat + 1) / (seats + 1)) * (points - 1) / MARKS_PER_LINE))
        for k in range(MARKS_PER_LINE)
    }
    return sorted(spots)


def _axes(ax: object, analysis: GameAnalysis) -> None:
    """Win chance 0–100 % up, the move number along, a dotted line and a number on top
    where each round begins."""
    from matplotlib.axes import Axes
    from matplotlib.ticker import PercentFormatter

    assert isinstance(ax, Axes)
    ax.set_ylim(-2, 102)
    ax.set_xlim(0, max(1, analysis.moves))
    ax.yaxis.set_major_formatter(PercentFormatter(100))
    ax.set_ylabel("Estimated win chance", fontsize=11)
    ax.set_xlabel("Move", fontsize=11)
    ax.grid(True, color="#e2d9c6", linewidth=0.8)
    ax.tick_params(labelsize=10)
    if analysis.rounds:
        top = ax.secondary_xaxis("top")
        shown = _spread([step for _r, step in analysis.rounds], analysis.moves)
        top.set_xticks([step for _r, step in analysis.rounds if step in shown])
        top.set_xticklabels([str(r) for r, step in analysis.rounds if step in shown])
        top.set_xlabel("Round", fontsize=11)
        top.tick_params(labelsize=10)
        for _r, step in analysis.rounds[1:]:
            ax.axvline(step, color="#b8a98c", linewidth=0.8, linestyle=":")


def _spread(steps: Sequence[int], moves: int, labels: int = 24) -> set[int]:
    """The round starts to number: at most about ``labels`` of them, spaced out."""
    gap = max(1, moves) / labels
    shown: set[int] = set()
    last = -gap
    for step in steps:
        if step - last >= gap:
            shown.add(step)
            last = step
    return shown
