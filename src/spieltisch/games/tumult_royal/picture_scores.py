"""The scores of Tumult Royal's board picture: the King's chronicle (ten fields with the
statues each round's King places there and the end-check thresholds, TR-D9, TR-R25, TR-R26)
and the standing by the winner rule (TR-V4, TR-V5) with how close the end is (TR-V1)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine.picture import (
    FONT,
    INK,
    LARGE,
    MUTED,
    SMALL,
    Row,
    box,
    key,
    standings,
    text,
    tip,
    wrap,
)
from ...engine.svg import num
from .board_words import words
from .icons import statue
from .picture_base import WIDTH, M, Pic, statues_words

CHRONICLE_H = 78


def chronicle(pic: Pic, y: float, x0: float = M, width: float = WIDTH - 2 * M) -> float:
    """The chronicle's fields in rows within ``width`` (one row below the landscape, or
    two columns beside a narrow one); returns the y below."""
    v, w, rs = pic.view, pic.w, pic.rs
    y += 18
    pic.out.append(text(x0, y + 20, w["chronicle"], LARGE, font_weight="bold"))
    top = y + 32
    per_row = max(1, min(rs.max_rounds, int((width + 8) // 88)))
    step = (width + 8) / per_row
    done = {int(c["round"]): (int(c["seat"]), int(c["statues"])) for c in v["chronicle"]}
    for k in range(1, rs.max_rounds + 1):
        x = x0 + (k - 1) % per_row * step
        fy = top + (k - 1) // per_row * (CHRONICLE_H + 8)
        pic.out.append(_chronicle_field(pic, k, done.get(k), x, fy, step - 8))
    rows = (rs.max_rounds + per_row - 1) // per_row
    return top + rows * (CHRONICLE_H + 8) - 8


def _chronicle_field(
    pic: Pic, k: int, entry: tuple[int, int] | None, x: float, top: float, cw: float
) -> str:
    """Round ``k``'s field: its number, its threshold θ, and the King's statues placed
    there (the piece ``chronicle:K``) or outlines of the statues still to come."""
    v, rs = pic.view, pic.rs
    need = rs.chronicle_statues[k - 1] if k - 1 < len(rs.chronicle_statues) else 1
    theta = rs.end_threshold[k - 1] if k - 1 < len(rs.end_threshold) else None
    current = k == v["round"] and entry is None and v["phase"] != "game_over"
    name = None if entry is None else pic.name(entry[0])
    return _chronicle_svg(pic.lang, k, entry, name, need, theta, current, x, top, cw)


@lru_cache(maxsize=512)
def _chronicle_svg(
    lang: str,
    k: int,
    entry: tuple[int, int] | None,
    name: str | None,
    need: int,
    theta: int | None,
    current: bool,
    x: float,
    top: float,
    cw: float,
) -> str:
    """A chronicle field drawn, keyed on all it shows (the King's name as the reader reads
    it): the fields change once a round."""
    w = words(lang)
    ch = CHRONICLE_H
    if entry is not None:
        hint = w["chronicle_done"].format(k=k, name=name, n=statues_words(entry[1], lang))
    else:
        hint = w["chronicle_tip"].format(k=k, n=statues_words(need, lang))
    if theta is not None:
        hint += w["chronicle_check"].format(t=theta)
    fill, edge = ("#fff3c4", "#c62828") if current else ("#f8ecd0", "#a1887f")
    body = [
        f'<g data-round="{k}"{tip(hint)}>',
        box(x, top, cw, ch, fill, edge, 6),
        text(x + 7, top + 18, str(k), FONT, font_weight="bold", fill=INK),
    ]
    if theta is not None:
        body.append(
            text(
                x + cw - 6,
                top + 18,
                f"θ{theta}",
                SMALL,
                text_anchor="end",
                fill="#c62828",
                font_weight="bold",
            )
        )
    if entry is not None:
        s, n = entry
        body.append(f'<g data-chronicle="{k}" data-seat="{s}"{key(f"chronicle:{k}")}>')
        for j in range(n):
            body.append(statue(s, x + cw / 2 + (j - (n - 1) / 2) * 24, top + ch - 8, 42))
        body.append("</g>")
    else:
        for j in range(need):
            cx = x + cw / 2 + (j - (need - 1) / 2) * 24
            body.append(
                f'<ellipse cx="{num(cx)}" cy="{num(top + ch - 26)}" rx="9" ry="17" fill="none" '
                'stroke="#a1887f" stroke-width="1.5" stroke-dasharray="3 3"/>'
            )
    return "".join(body) + "</g>"


def _placed_parts(view: dict[str, Any]) -> tuple[dict[int, int], dict[int, int]]:
    """Statues placed per seat on the landscape and on the chronicle."""
    landscape = {int(p["seat"]): 0 for p in view["players_state"]}
    chronicle = dict(landscape)
    for b in view["board"]:
        landscape[b["seat"]] += int(b["statues"])
    for c in view["chronicle"]:
        chronicle[c["seat"]] += int(c["statues"])
    return landscape, chronicle


def standing(pic: Pic, y: float) -> float:
    """The standing by the winner rule (TR-V4, TR-V5) and how close the end is (TR-V1,
    TR-R26); ``data-kind="standing"`` rows carry the numbers the tests and tools read."""
    v, w = pic.view, pic.w
    landscape, chronicle = _placed_parts(v)
    winners = set(v.get("winners") or [])
    order = sorted(
        v["players_state"],
        key=lambda p: (p["seat"] not in winners, -p["placed"], -p["followers"], p["rank"]),
    )
    rows = tuple(
        (
            p["seat"],
            pic.name(p["seat"]) + (" ★" if p["seat"] in winners else ""),
            (
                str(p["placed"]),
                f"{landscape[p['seat']]} + {chronicle[p['seat']]}",
                str(p["followers"]),
                str(p["rank"]),
            ),
            (
                f' data-kind="standing" data-position="{position}" '
                f'data-placed="{p["placed"]}" data-landscape="{landscape[p["seat"]]}" '
                f'data-chronicle="{chronicle[p["seat"]]}" data-followers="{p["followers"]}"'
            ),
        )
        for position, p in enumerate(order, 1)
    )
    cols = (w["col_placed"], w["col_parts"], w["col_followers"], w["col_rank"])
    acting = () if v["phase"] == "game_over" else tuple(v.get("actors") or [])
    elements, bottom = _standing_table(y, w["standing"], rows, cols, acting)
    pic.out += elements
    return _end_lines(pic, bottom + 4)


_StandingRow = tuple[int, str, tuple[str, ...], str]  # seat, name, cells, attributes


@lru_cache(maxsize=256)
def _standing_table(
    y: float,
    heading: str,
    rows: tuple[_StandingRow, ...],
    cols: tuple[str, ...],
    acting: tuple[int, ...],
) -> tuple[tuple[str, ...], float]:
    """The heading and the table, keyed on the texts they show (most moves change no
    number in it, and every seat sees the same but its own name)."""
    y += 18
    out = [text(M, y + 20, heading, LARGE, font_weight="bold")]
    table = [Row(seat, name, list(cells), attrs=attrs) for seat, name, cells, attrs in rows]
    elements, bottom = standings(table, cols, M, y + 28, (250, 110, 170, 120, 80), acting)
    return (*out, *elements), bottom


def _end_lines(pic: Pic, y: float) -> float:
    """The winner rule, and before the end: the instant win, the spread of statues placed
    and the next end check."""
    v, w, rs = pic.view, pic.w, pic.rs
    players = v["players_state"]
    lines = [w["standing_rule"]]
    placed = [int(p["placed"]) for p in players]
    hi, lo = max(placed), min(placed)
    check = None
    if v["phase"] != "game_over":
        least = min(int(p["reserve"]) for p in players)
        lines.append(w["instant"].format(n=rs.statues_per_player, r=least))
        lines.append(w["spread"].format(d=hi - lo, hi=hi, lo=lo))
        check = end_check_line(pic)
    elements, y = _end_svg(y, tuple(lines), hi - lo, check)
    pic.out += elements
    return y


@lru_cache(maxsize=256)
def _end_svg(
    y: float, lines: tuple[str, ...], spread: int, check: str | None
) -> tuple[tuple[str, ...], float]:
    """The lines under the standing, wrapped, and the next end check (none at the end),
    keyed on their texts."""
    out = []
    for line in lines:
        for part in wrap(line, WIDTH - 2 * M, FONT):
            y += 20
            out.append(text(M, y, part, FONT, fill=MUTED))
    if check is not None:
        out.append(f'<g data-kind="end-check" data-spread="{spread}">')
        for part in wrap(check, WIDTH - 2 * M, FONT):
            y += 20
            out.append(text(M, y, part, FONT, fill=MUTED))
        out.append("</g>")
    return tuple(out), y + 6


def end_check_line(pic: Pic) -> str:
    """The next chronicle with an end check (TR-R26), or the round limit (TR-R31)."""
    v, w, rs = pic.view, pic.w, pic.rs
    done = {c["round"] for c in v["chronicle"]}
    k = max(1, int(v["round"] or 1))
    if k in done:
        k += 1
    checks = [
        r
        for r in range(k, rs.max_rounds + 1)
        if r - 1 < len(rs.end_threshold) and rs.end_threshold[r - 1] is not None
    ]
    if checks:
        return w["end_check"].format(k=checks[0], t=rs.end_threshold[checks[0] - 1])
    return w["no_check"].format(k=rs.max_rounds)
