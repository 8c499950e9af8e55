"""The result screen of a finished table (issue 15): the final standing, each seat's score
broken down (``Game.result_sheet``), the game's length, and a chart of the standing over
the game (``Game.progress`` after every move, drawn as SVG by ``chart.py``).

Everything in it is public at the end of the game: the standing and the result sheet of a
finished game, and the game's measure of progress (which each game computes from public
information). It is the same for every seat and spectator, so it is worked out once per
table and language — the table's moves are replayed once, when the game has ended — and
kept in a small cache that every seat's payload reads (``result_payload``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import picture as pic
from ..engine.errors import RecordError
from ..engine.game import Game, State
from ..engine.i18n import translator
from ..engine.result import ranks
from . import board
from .chart import NARROW, WIDE, Timeline, chart_svg

if TYPE_CHECKING:
    from .live import LiveTable

MAX_POINTS = 300  # points per line at most (Tumult Royal's grab ticks make many moves)
KEPT = 64  # results (tables × languages) and timelines kept in memory


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


def mark_svg(seat: int, colour: str, size: int = 18) -> str:
    """The seat's shape in its colour as a small inline SVG (the standing's rows)."""
    half = size / 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" aria-hidden="true" focusable="false">'
        + pic.seat_mark(seat, half, half, half * 0.72, fill=colour)
        + "</svg>"
    )


# -- the result ----------------------------------------------------------------------------
def final_places(table: LiveTable) -> list[int]:
    """Each seat's place at the end (1 best; tied seats share one). A game ended by a
    timeout: every other seat shares the first place, the seat out of time is last (the
    game has no final scores)."""
    players = table.record.players
    if table.ended is not None:
        lost = int(table.ended["seat"])
        return [players if s == lost else 1 for s in range(players)]
    return ranks(list(table.state.ranking_keys()))


def build_result(table: LiveTable, lang: str, timeline: Timeline | None) -> dict[str, Any]:
    """The ``result`` of the update payload (``docs/web-table.md``)."""
    game, state = table.game, table.state
    players = table.record.players
    colour = seat_colours(game.id)
    names = [game.seat_name(s, lang) for s in range(players)]
    winners = set(table.winners())
    out_of_time = set(table.timed_out)
    places = final_places(table)
    scores = None if table.ended is not None else [float(v) for v in state.scores()]
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
