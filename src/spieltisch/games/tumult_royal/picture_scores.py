"""The scores of Tumult Royal's board picture: the King's chronicle (ten fields with the
statues each round's King places there and the end-check thresholds, TR-D9, TR-R25, TR-R26)
and the standing by the winner rule (TR-V4, TR-V5) with how close the end is (TR-V1)."""

from __future__ import annotations

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
    v, w, rs = pic.view, pic.w, pic.rs
    ch = CHRONICLE_H
    need = rs.chronicle_statues[k - 1] if k - 1 < len(rs.chronicle_statues) else 1
    theta = rs.end_threshold[k - 1] if k - 1 < len(rs.end_threshold) else None
    current = k == v["round"] and entry is None and v["phase"] != "game_over"
    if entry is not None:
        hint = w["chronicle_done"].format(
            k=k, name=pic.name(entry[0]), n=statues_words(entry[1], pic.lang)
        )
    else:
        hint = w["chronicle_tip"].format(k=k, n=statues_words(need, pic.lang))
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
    y += 18
    pic.out.append(text(M, y + 20, w["standing"], LARGE, font_weight="bold"))
    rows = [
        Row(
            p["seat"],
            pic.name(p["seat"]) + (" ★" if p["seat"] in winners else ""),
            [
                str(p["placed"]),
                f"{landscape[p['seat']]} + {chronicle[p['seat']]}",
                str(p["followers"]),
                str(p["rank"]),
            ],
            attrs=(
                f' data-kind="standing" data-position="{position}" '
                f'data-placed="{p["placed"]}" data-landscape="{landscape[p["seat"]]}" '
                f'data-chronicle="{chronicle[p["seat"]]}" data-followers="{p["followers"]}"'
            ),
        )
        for position, p in enumerate(order, 1)
    ]
    cols = [w["col_placed"], w["col_parts"], w["col_followers"], w["col_rank"]]
    acting = [] if v["phase"] == "game_over" else list(v.get("actors") or [])
    elements, bottom = standings(rows, cols, M, y + 28, (250, 110, 170, 120, 80), acting)
    pic.out += elements
    return _end_lines(pic, bottom + 4)


def _end_lines(pic: Pic, y: float) -> float:
    """The winner rule, and before the end: the instant win, the spread of statues placed
    and the next end check."""
    v, w, rs = pic.view, pic.w, pic.rs
    players = v["players_state"]
    lines = [w["standing_rule"]]
    placed = [int(p["placed"]) for p in players]
    hi, lo = max(placed), min(placed)
    if v["phase"] != "game_over":
        least = min(int(p["reserve"]) for p in players)
        lines.append(w["instant"].format(n=rs.statues_per_player, r=least))
        lines.append(w["spread"].format(d=hi - lo, hi=hi, lo=lo))
    for line in lines:
        for part in wrap(line, WIDTH - 2 * M, FONT):
            y += 20
            pic.out.append(text(M, y, part, FONT, fill=MUTED))
    if v["phase"] != "game_over":
        pic.out.append(f'<g data-kind="end-check" data-spread="{hi - lo}">')
        for part in wrap(end_check_line(pic), WIDTH - 2 * M, FONT):
            y += 20
            pic.out.append(text(M, y, part, FONT, fill=MUTED))
        pic.out.append("</g>")
    return y + 6


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
