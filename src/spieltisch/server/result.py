"""The result screen of a finished table (issue 15): the final standing, each seat's score
broken down (``Game.result_sheet``), the game's length, and a chart of the standing over
the game (``Game.progress`` after every move, drawn here as SVG).

Everything in it is public at the end of the game: the standing and the result sheet of a
finished game, and the game's measure of progress (which each game computes from public
information). It is the same for every seat and spectator, so it is worked out once per
table and language — the table's moves are replayed once, when the game has ended — and
kept in a small cache that every seat's payload reads (``result_payload``).

The chart is drawn for the page at 1:1 like the board pictures (``docs/board-interface.md``):
no text under 12 px, at most ``WIDE`` units wide (and a ``NARROW`` one for phones), one line
per seat in the seat's colour *and* with its own dash pattern and marker shape (colour is
never the only carrier), a legend with the seat names, axis titles, and a title and
``aria-label`` for screen readers.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from ..engine import picture as pic
from ..engine.errors import RecordError
from ..engine.game import Game, State
from ..engine.i18n import translator
from ..engine.result import ranks
from ..engine.svg import attr, num
from . import board

if TYPE_CHECKING:
    from .live import LiveTable

MAX_POINTS = 300  # points per line at most (Tumult Royal's grab ticks make many moves)
WIDE = 660  # the chart in the side column of a wide screen (the column is ~700 px then)
NARROW = 356  # the chart on a phone (390 px wide, less the page's margins)
KEPT = 64  # results (tables × languages) and timelines kept in memory
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


def _progress(game: Game, state: State) -> list[float]:
    return [float(v) for v in game.progress(state)]


def replay_timeline(game: Game, state: State) -> Timeline | None:
    """Replay ``state``'s moves from the start once: the progress after every move and the
    rounds. ``None`` for a state without a move record (a re-dealt copy)."""
    try:
        record = state.record()
    except RecordError:
        return None
    replay = game.new_game(record.players, record.seed, record.options)
    values = [_progress(game, replay)]
    rounds: list[tuple[int, int]] = []
    first = game.round_of(replay)
    if first is not None:
        rounds.append((first, 0))
    for n, (seat, action) in enumerate(record.moves, start=1):
        replay.apply(seat, game.action_from_json(action))
        values.append(_progress(game, replay))
        now = game.round_of(replay)
        if now is not None and (not rounds or rounds[-1][0] != now):
            rounds.append((now, n))
    keep = thin(values, MAX_POINTS)
    return Timeline(keep, [values[i] for i in keep], rounds, len(record.moves))


def thin(values: Sequence[Sequence[float]], limit: int) -> list[int]:
    """The indices of the points to draw: the first and last, and the ends of every run of
    equal points (the lines drawn through them are the lines through all of them); then, if
    still more than ``limit``, an even selection of those."""
    n = len(values)
    keep = [
        i
        for i in range(n)
        if i in (0, n - 1) or values[i] != values[i - 1] or values[i] != values[i + 1]
    ]
    if len(keep) > limit:
        stride = (len(keep) - 1) / (limit - 1)
        keep = sorted({keep[round(k * stride)] for k in range(limit)})
    return keep


# -- numbers and words ---------------------------------------------------------------------
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


def duration(seconds: float, lang: str) -> str:
    """A game's length in time, in words: ``45 s``, ``4 min 12 s``, ``1 h 05 min``, ``2 d 3 h``."""
    _ = translator(__package__, lang)
    s = max(0, round(seconds))
    d, h, m, sec = s // 86400, s % 86400 // 3600, s % 3600 // 60, s % 60
    if d:
        return _("{d} d {h} h").format(d=d, h=h)
    if h:
        return _("{h} h {m} min").format(h=h, m=f"{m:02d}")
    if m:
        return _("{m} min {s} s").format(m=m, s=f"{sec:02d}")
    return _("{s} s").format(s=sec)


# -- seats ---------------------------------------------------------------------------------
def seat_colours(game_id: str) -> Callable[[int], str]:
    """The seats' colours as the game's pictures draw them: a game with colours of its own
    names them ``seat_colour`` in its picture module or in that module's ``figures`` (Im
    Zeichen des Kreuzes: red, yellow, white, black, brown); else the toolkit's."""
    module = board.picture_module(game_id)
    for holder in (module, getattr(module, "figures", None)):
        found = getattr(holder, "seat_colour", None)
        if callable(found) and found is not pic.seat_colour:
            return found  # type: ignore[no-any-return]
    return pic.seat_colour


def _light(colour: str) -> bool:
    """A colour too light to draw a line with on the paper without a dark edge."""
    if not (colour.startswith("#") and len(colour) == 7):
        return False
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255 > 0.68


def mark_svg(seat: int, colour: str, size: int = 18) -> str:
    """The seat's shape in its colour as a small inline SVG (the standing's rows)."""
    half = size / 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" aria-hidden="true" focusable="false">'
        + pic.seat_mark(seat, half, half, half * 0.72, fill=colour)
        + "</svg>"
    )


# -- the chart -----------------------------------------------------------------------------
def _at(steps: Sequence[int], values: Sequence[float], step: float) -> float:
    """The value of the line through ``(steps[i], values[i])`` at ``step``."""
    for i in range(1, len(steps)):
        if step <= steps[i]:
            a, b = steps[i - 1], steps[i]
            share = 0.0 if b == a else (step - a) / (b - a)
            return values[i - 1] + (values[i] - values[i - 1]) * share
    return values[-1]


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
    seats = len(names)
    narrow = width < 500
    values = timeline.values
    finals = values[-1]
    low = min(0.0, min(min(v) for v in values))
    high = max(max(v) for v in values)
    whole = all(float(x).is_integer() for v in values for x in v)
    y_ticks = nice_ticks(low, high, 4 if narrow else 5, whole)
    y_low, y_high = y_ticks[0], y_ticks[-1]
    tick_w = max(pic.text_width(number(t), TICK) for t in y_ticks)
    if timeline.rounds:  # the word "Round" left of the round numbers
        tick_w = max(tick_w, pic.text_width(_("Round"), TICK) + 4)
    x0 = max(34.0, tick_w + 14)
    x1 = width - 14
    top = 22.0  # the y axis title
    out: list[str] = [pic.text(4, 16, label, LABEL, font_weight="bold")]
    if timeline.rounds:
        top += 22
    plot_top = top + 12
    plot_h = 180 if narrow else 220
    plot_bottom = plot_top + plot_h
    moves = max(1, timeline.moves)

    def x_of(step: float) -> float:
        return x0 + (x1 - x0) * step / moves

    def y_of(value: float) -> float:
        return plot_bottom - plot_h * (value - y_low) / (y_high - y_low)

    # the grid: a line per y tick, a line where each round begins (labelled where there is
    # room), the move numbers below
    grid: list[str] = []
    for t in y_ticks:
        y = y_of(t)
        grid.append(f'<line x1="{num(x0)}" y1="{num(y)}" x2="{num(x1)}" y2="{num(y)}"/>')
        out.append(pic.text(x0 - 6, y + 4.5, number(t), TICK, text_anchor="end", fill=pic.MUTED))
    if timeline.rounds:
        out.append(pic.text(x0 - 10, top + 2, _("Round"), TICK, text_anchor="end", fill=pic.MUTED))
        last_line = last_label = -1e9
        for rnd, step in timeline.rounds:
            x = x_of(step)
            if x - last_line >= 4:
                grid.append(
                    f'<line x1="{num(x)}" y1="{num(plot_top - 6)}" x2="{num(x)}" '
                    f'y2="{num(plot_bottom)}" stroke-dasharray="3 3"/>'
                )
                last_line = x
            if x - last_label >= 10 + pic.text_width(str(rnd), TICK) and x <= x1 + 1:
                out.append(pic.text(x, top + 2, str(rnd), TICK, text_anchor="middle"))
                last_label = x
    for t in nice_ticks(0, moves, 3 if narrow else 6, whole=True):
        if t > moves:
            break
        x = x_of(t)
        grid.append(
            f'<line x1="{num(x)}" y1="{num(plot_bottom)}" x2="{num(x)}" '
            f'y2="{num(plot_bottom + 5)}"/>'
        )
        out.append(
            pic.text(x, plot_bottom + 19, number(t), TICK, text_anchor="middle", fill=pic.MUTED)
        )
    out.insert(0, f'<g stroke="{GRID}" stroke-width="1" fill="none">{"".join(grid)}</g>')
    out.append(
        f'<rect x="{num(x0)}" y="{num(plot_top)}" width="{num(x1 - x0)}" '
        f'height="{num(plot_h)}" fill="none" stroke="{pic.PANEL_EDGE}"/>'
    )
    out.append(pic.text(x1, plot_bottom + 38, _("Move"), LABEL, text_anchor="end"))

    # the lines, then the markers (on top of every line), each seat its own shape and dash
    xs = [x_of(s) for s in timeline.steps]
    markers: list[str] = []
    per_line = 5 if narrow else 8
    for seat in range(seats):
        points = " ".join(
            f"{num(round(x, 1))},{num(round(y_of(v[seat]), 1))}"
            for x, v in zip(xs, values, strict=True)
        )
        c = colour(seat)
        dash = DASHES[seat % len(DASHES)]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        if _light(c):  # a dark edge under a light line (Im Zeichen des Kreuzes: white, yellow)
            out.append(
                f'<polyline points="{points}" fill="none" stroke="{pic.INK}" '
                f'stroke-width="{LINE_WIDTH + 2}" stroke-linejoin="round"/>'
            )
        out.append(
            f'<polyline class="seat-line" data-seat="{seat}" points="{points}" fill="none" '
            f'stroke="{c}" stroke-width="{LINE_WIDTH}" stroke-linejoin="round"{dashed}/>'
        )
        # markers evenly along the line, shifted per seat so that equal lines show each
        for k in range(per_line):
            at = moves * (k + (seat + 1) / (seats + 1)) / per_line
            value = _at(timeline.steps, [v[seat] for v in values], at)
            markers.append(pic.seat_mark(seat, x_of(at), y_of(value), 5, fill=c))
    out.extend(markers)

    # the legend: each seat's line sample, shape and name with its final value
    y = plot_bottom + 52
    x = x0
    row_h = 24
    for seat in range(seats):
        text = f"{names[seat]}: {number(finals[seat])}"
        w = 40 + pic.text_width(text, LABEL) + 18
        if x + w > width - 8 and x > x0:
            x, y = x0, y + row_h
        c = colour(seat)
        dash = DASHES[seat % len(DASHES)]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        cy = y + 8
        if _light(c):
            out.append(
                f'<line x1="{num(x)}" y1="{num(cy)}" x2="{num(x + 34)}" y2="{num(cy)}" '
                f'stroke="{pic.INK}" stroke-width="{LINE_WIDTH + 2}"/>'
            )
        out.append(
            f'<line x1="{num(x)}" y1="{num(cy)}" x2="{num(x + 34)}" y2="{num(cy)}" '
            f'stroke="{c}" stroke-width="{LINE_WIDTH}"{dashed}/>'
        )
        out.append(pic.seat_mark(seat, x + 17, cy, 5.5, fill=c))
        out.append(pic.text(x + 42, cy + 5, text, LABEL))
        x += w
    height = y + row_h + 4
    title = _("{label} over the game, one line per player").format(label=label)
    summary = "; ".join(
        _("{name} ends with {value}").format(name=names[s], value=number(finals[s]))
        for s in range(seats)
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


# -- the result ----------------------------------------------------------------------------
def build_result(table: LiveTable, lang: str, timeline: Timeline | None) -> dict[str, Any]:
    """The ``result`` of the update payload (``docs/web-table.md``)."""
    game, state = table.game, table.state
    players = table.record.players
    colour = seat_colours(game.id)
    names = [game.seat_name(s, lang) for s in range(players)]
    winners = set(table.winners())
    out_of_time = set(table.timed_out)
    scores: list[float] | None
    if table.ended is not None:
        # a game ended by a timeout: every other seat wins (they share the first place), the
        # seat out of time is last; the game has no final scores
        lost = int(table.ended["seat"])
        places = [players if s == lost else 1 for s in range(players)]
        scores = None
    else:
        places = ranks(list(state.ranking_keys()))
        scores = [float(v) for v in state.scores()]
    standing = [
        {
            "seat": s,
            "name": names[s],
            "place": places[s],
            "score": None if scores is None else scores[s],
            "winner": s in winners,
            "out_of_time": s in out_of_time,
            "mark": mark_svg(s, colour(s)),
        }
        for s in sorted(range(players), key=lambda s: (places[s], s))
    ]
    sheet = game.result_sheet(state, lang).to_json() if state.is_over() else None
    chart: dict[str, Any] | None = None
    if timeline is not None:
        label = game.progress_label(lang)
        chart = {
            "label": label,
            "wide": chart_svg(timeline, names, colour, label, lang, WIDE),
            "narrow": chart_svg(timeline, names, colour, label, lang, NARROW),
            "wide_width": WIDE,
            "narrow_width": NARROW,
        }
    first, last = table.first_move_at, table.last_move_at
    seconds = None if first is None or last is None else max(0.0, last - first)
    rounds = len({r for r, _step in timeline.rounds}) if timeline and timeline.rounds else None
    return {
        "standing": standing,
        "sheet": sheet,
        "chart": chart,
        "length": {
            "moves": table.version,
            "rounds": rounds,
            "seconds": seconds,
            "duration": None if seconds is None else duration(seconds, lang),
        },
        "ended": None if table.ended is None else table.ended.get("reason"),
    }


class _Cache:
    """A small least-recently-used map."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], Any]) -> Any:
        if key in self.items:
            self.items.move_to_end(key)
            return self.items[key]
        value = make()
        self.items[key] = value
        while len(self.items) > self.size:
            self.items.popitem(last=False)
        return value


_timelines = _Cache(KEPT)
_results = _Cache(KEPT)


def result_payload(table: LiveTable, lang: str) -> dict[str, Any]:
    """The result of a finished table in ``lang``, worked out once per table, state of the
    table and language (every seat's and spectator's update shares it)."""
    record = table.record
    table_key = (record.id, record.created, table.version)
    ended = None if table.ended is None else (table.ended.get("reason"), table.ended.get("seat"))
    key = (*table_key, ended, tuple(table.timed_out), lang)

    def make() -> dict[str, Any]:
        timeline: Timeline | None = _timelines.items.get(table_key)
        if timeline is None:
            timeline = replay_timeline(table.game, table.state)
            if timeline is not None:  # a re-dealt copy has no moves: nothing to keep
                _timelines.get(table_key, lambda: timeline)
        return build_result(table, lang, timeline)

    result: dict[str, Any] = _results.get(key, make)
    return result
