"""The lower panels of Im Zeichen des Kreuzes' picture (``panels_svg``; standard library
only): the shared motivation track with its zones (ZK-R6, ZK-J1), the knights' standings
and the road to victory (how far each knight is from Jerusalem)."""

from __future__ import annotations

import functools
from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.svg import num
from . import figures
from .constants import JERUSALEM_MOTIVATION
from .fight import JERUSALEM_ROUND, MIN_COMMIT
from .picture_text import counted, words

X = 32  # the panels' left edge (the map's)
WIDTH = 936  # the panels' width (the map's)
GAP = 12
MOTIVATION_MAX = 20


# -- the motivation track, the standings, the road to victory -----------------------------
_ZONES = ((0, "#ef9a9a"), (2, "#ffcc80"), (4, "#fff59d"), (JERUSALEM_MOTIVATION, "#c5e1a5"))


def motivation(view: dict[str, Any], lang: str, y: float) -> tuple[str, float]:
    viewer = view.get("seat") if isinstance(view.get("seat"), int) else None
    cell = WIDTH // (MOTIVATION_MAX + 1)
    by_value: dict[int, list[dict[str, Any]]] = {}
    for s in view["seats"]:
        m = max(0, min(MOTIVATION_MAX, int(s["motivation"])))
        by_value.setdefault(m, []).append(s)
    tall = max(2, max((len(v) + 1) // 2 for v in by_value.values()))
    track_h = 22 + tall * 17
    h = 30 + track_h + 8
    ty = y + 28
    out = [_motivation_track(lang, y, track_h)]
    for m, seats in by_value.items():
        for i, s in enumerate(seats):
            p = int(s["seat"])
            mx = X + m * cell + 10 + (i % 2) * 17
            my = ty + 28 + (i // 2) * 17
            tip = counted(lang, "marker_tip", int(s["draw_limit"])).format(
                name=pic.seat_name(p, lang, viewer), m=s["motivation"], d=s["draw_limit"]
            )
            out.append(
                f'<g data-kind="motivation" data-seat="{p}" data-value="{s["motivation"]}" '
                f'data-key="motivation:{p}"{pic.tip(tip)}>' + figures.mark(p, mx, my, 7) + "</g>"
            )
    return "".join(out), h


@lru_cache(maxsize=64, typed=True)
def _motivation_track(lang: str, y: float, track_h: int) -> str:
    """The track's numbered squares without the markers: the same at the same height."""
    words_ = words(lang)
    cell = WIDTH // (MOTIVATION_MAX + 1)
    out = [f'<g class="motivation-track"{pic.tip(words_["motivation_tip"])}>']
    out.append(pic.text(X, y + 18, words_["motivation"], pic.FONT, font_weight="bold"))
    ty = y + 28
    for m in range(MOTIVATION_MAX + 1):
        fill = next(c for low, c in reversed(_ZONES) if m >= low)
        cx = X + m * cell
        out.append(
            f'<rect x="{num(cx)}" y="{num(ty)}" width="{cell - 2}" height="{track_h}" rx="4" '
            f'fill="{fill}" stroke="#8d7b5c" stroke-width="1"/>'
            + pic.text(
                cx + (cell - 2) / 2,
                ty + 15,
                str(m),
                pic.SMALL,
                text_anchor="middle",
                fill="#4e3b22",
            )
        )
    out.append("</g>")
    return "".join(out)


def _short_knight(name: str) -> str:
    """``Robert II.`` for ``Robert II. von der Normandie`` (the full name is in the tip)."""
    return name.split(" von ")[0]


def _mark(seat: int, cx: float, cy: float) -> str:
    return figures.mark(seat, cx, cy, 7)


def standings(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
    viewer = view.get("seat") if isinstance(view.get("seat"), int) else None
    seats = tuple(
        (
            int(s["seat"]),
            (
                _short_knight(str(s["knight_name"])),
                str(s["army"]),
                str(s["supply"]),
                str(s["tower"]),
                str(s["treasure"]),
                str(s["markers"]),
                str(s["hand_size"]),
                " ".join(str(v) for v in s["red_tiles"]) or "–",
                " ".join(str(v) for v in s["green_tiles"]) or "–",
            ),
        )
        for s in view["seats"]
    )
    acting = () if view["over"] else (int(view["active"]),)
    out, bottom = _standings_drawn(seats, acting, viewer, lang, y)
    return list(out), bottom


# many moves leave every seat's counts as they were: the table is drawn once per look
@lru_cache(maxsize=256, typed=True)
def _standings_drawn(
    seats: tuple[tuple[int, tuple[str, ...]], ...],
    acting: tuple[int, ...],
    viewer: int | None,
    lang: str,
    y: float,
) -> tuple[tuple[str, ...], float]:
    """The standings of ``seats`` (each seat and its cells as text)."""
    words_ = words(lang)
    heads = [
        words_[k]
        for k in (
            "col_knight",
            "col_army",
            "col_supply",
            "col_tower",
            "col_treasure",
            "col_markers",
            "col_hand",
            "col_red",
            "col_green",
        )
    ]
    widths = [170, 120, 64, 70, 58, 74, 72, 56, 110, 110]
    rows = []
    for p, cells in seats:
        rows.append(
            pic.Row(
                p,
                pic.seat_name(p, lang, viewer),
                list(cells),
                attrs=f' data-key="seat:{p}"',  # log lines about the seat's tableau mark it
                mark=functools.partial(_mark, p),  # this game's seat colours (rules 2.2)
            )
        )
    out = [pic.text(X, y + 18, words_["seats"], pic.LARGE, font_weight="bold")]
    table, bottom = pic.standings(rows, heads, X, y + 24, widths, list(acting))
    out += table
    return tuple(out), bottom


def progress(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
    viewer = view.get("seat") if isinstance(view.get("seat"), int) else None
    seats = tuple(
        (
            s["seat"],
            tuple(s["green_tiles"]),
            s["motivation"],
            s["army"],
            bool(s.get("siege_eligible")),
            s["treasure"],
        )
        for s in view["seats"]
    )
    facts = (
        view["over"],
        view.get("end_reason"),
        view.get("jerusalem_tiles_needed", 2),
        (view.get("options") or {}).get("exhaustion_winner", "none"),
        view["exhaustions"],
        tuple(view.get("winners") or []),
    )
    out, bottom = _progress_drawn(seats, facts, viewer, lang, y)
    return list(out), bottom


# the road to victory changes with a few counts only: drawn once per look, from a view cut
# down to exactly the facts in the cache key (so the key is complete by construction)
@lru_cache(maxsize=256, typed=True)
def _progress_drawn(
    seats: tuple[tuple[Any, ...], ...],
    facts: tuple[Any, ...],
    viewer: int | None,
    lang: str,
    y: float,
) -> tuple[tuple[str, ...], float]:
    over, end_reason, need, rule, exhaustions, winners = facts
    names = ("seat", "green_tiles", "motivation", "army", "siege_eligible", "treasure")
    view = {
        "seat": viewer,
        "over": over,
        "end_reason": end_reason,
        "jerusalem_tiles_needed": need,
        "options": {"exhaustion_winner": rule},
        "exhaustions": exhaustions,
        "winners": list(winners),
        "seats": [dict(zip(names, row, strict=True)) for row in seats],
    }
    out, bottom = _progress_of(view, lang, y)
    return tuple(out), bottom


def _progress_of(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
    """How close each knight is to winning, from the public view: the fall of Jerusalem
    (ZK-W1) needs a siege, and a siege needs green tiles, motivation and army (ZK-J1); if the
    deck runs out twice (ZK-W2), ``exhaustion_winner`` decides (ZK-W4)."""
    words_ = words(lang)
    viewer = view.get("seat") if isinstance(view.get("seat"), int) else None
    need = int(view.get("jerusalem_tiles_needed", 2))
    army_need = MIN_COMMIT[JERUSALEM_ROUND]
    rule = (view.get("options") or {}).get("exhaustion_winner", "none")
    col = pic.Column(X, y, WIDTH)
    if view["over"] and view.get("end_reason") == "jerusalem":
        return [], y  # the header names the winner; nothing else counts (ZK-W1)
    col.heading(words_["progress"])
    if not view["over"]:
        col.line(words_["win_rule"], pic.SMALL, fill=pic.MUTED)
        col.line(
            words_["siege_rule"].format(r=need, m=JERUSALEM_MOTIVATION, a=army_need),
            pic.SMALL,
            fill=pic.MUTED,
        )
        for s in view["seats"]:
            p = int(s["seat"])
            green = len(s["green_tiles"])
            ready = bool(s.get("siege_eligible"))
            col.out.append(
                f'<g data-kind="progress" data-seat="{p}" data-green="{green}" '
                f'data-motivation="{s["motivation"]}" data-army="{s["army"]}" '
                f'data-ready="{"true" if ready else "false"}">'
            )
            line = f"{pic.seat_name(p, lang, viewer)}: " + words_["seat_progress"].format(
                g=green,
                r=need,
                m=s["motivation"],
                mm=JERUSALEM_MOTIVATION,
                a=s["army"],
                aa=army_need,
            )
            col.out.append(figures.mark(p, X + 8, col.y + LINE_MID, 6))
            col.line(
                line + (" ✓" if ready else ""),
                pic.FONT,
                indent=22,
                font_weight="bold" if p == viewer else "normal",
            )
            col.out.append("</g>")
        col.line(words_["deck_rule"].format(e=view["exhaustions"]), pic.SMALL, fill=pic.MUTED)
    if view["over"]:
        col.line(words_["deck_rule"].format(e=view["exhaustions"]), pic.SMALL, fill=pic.MUTED)
    key = "cities_rule" if rule == "most_muslim_cities" else "no_winner_rule"
    col.line(words_[key], pic.SMALL, fill=pic.MUTED)
    if rule == "most_muslim_cities":
        _ranking(view, lang, col, viewer)
    return col.out, col.y + 8


LINE_MID = 15  # from a Column's y to the middle of its next line


def _ranking(view: dict[str, Any], lang: str, col: pic.Column, viewer: int | None) -> None:
    """ZK-W4 (most_muslim_cities): most green tiles, then army, then treasure."""
    words_ = words(lang)
    winners = set(view.get("winners") or [])
    keys = {
        s["seat"]: (len(s["green_tiles"]), int(s["army"]), int(s["treasure"]))
        for s in view["seats"]
    }
    order = sorted(view["seats"], key=lambda s: (tuple(-k for k in keys[s["seat"]]), s["seat"]))
    place = 0
    previous: tuple[int, ...] | None = None
    for i, s in enumerate(order, 1):
        p = s["seat"]
        if keys[p] != previous:
            place, previous = i, keys[p]
        g, a, t = keys[p]
        col.out.append(
            f'<g data-kind="ranking" data-seat="{p}" data-rank="{place}" data-green="{g}" '
            f'data-army="{a}" data-treasure="{t}">'
        )
        col.out.append(figures.mark(p, X + 8, col.y + LINE_MID, 6))
        name = pic.seat_name(p, lang, viewer)
        star = " ★" if p in winners else ""
        col.line(
            words_["ranking"].format(n=place, name=name, g=g, a=a, t=t) + star, pic.FONT, indent=22
        )
        col.out.append("</g>")
