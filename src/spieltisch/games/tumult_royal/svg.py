"""Tumult Royal as a standalone SVG picture of one seat's view (standard library only).

Left column: the header (round, phase, who acts, demand), the landscape (6 × 3N fields in
terrain colours, fog over face-down tiles, statues in their owner's colour with their
count), the grab pool (one face-down tile per slot, marked with its holder or taker and,
where the viewer knows it, its face: the viewer's memory before the reveal, every face
after it), the viewer's hand and tiles, the action buttons and the King's chronicle.
Right column: the players, the last tick, the pool faces once public, the winners.

Every statue group carries ``data-kind="statue"``, ``data-field="r,c"`` and ``data-seat``;
every slot ``data-kind="slot"``, ``data-slot`` and ``data-state`` (plus ``data-seat`` when
held or taken, ``data-face`` when the viewer sees its face). With ``legal`` (action JSON
objects), every legal action is one clickable element (class ``target``) whose
``data-action`` holds the action's JSON: start statues and builds on their field (a build
field is split into one strip per payment), peeks on their slot, the others as buttons."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from html import escape
from typing import Any

from ...engine.svg import Panel, action_attr, button_rows
from ...engine.svg import attr as _attr
from ...engine.svg import text_element as _text
from .text import (
    GOOD_LETTERS,
    SEAT_LETTERS,
    face_text,
    labels,
    rules,
    terrain_grid,
)

CELL = 40
TILE_GAP = 6
MARGIN = 24
SLOT_W, SLOT_H, SLOT_STEP_X, SLOT_STEP_Y = 38, 48, 44, 62
SLOTS_PER_ROW = 10
LEFT_MIN = SLOTS_PER_ROW * SLOT_STEP_X
PANEL_W = 400

TERRAIN_FILL = {
    "M": "#b5e08a",  # meadow
    "F": "#3f8f4f",  # forest
    "H": "#a39a8c",  # mountain
    "V": "#e8b86d",  # village
    "C": "#a884c9",  # castle
}
TERRAIN_INK = {"M": "#3b5e1f", "F": "#e8f5e9", "H": "#2f2a24", "V": "#5b3a0f", "C": "#2e1745"}
SEAT_COLOURS = ("#f1c40f", "#e74c3c", "#3498db", "#27ae60")  # yellow, red, blue, green
SEAT_INK = ("#000000", "#ffffff", "#ffffff", "#ffffff")
GOOD_FILL = {"bread": "#e6a04e", "marble": "#eceff1", "tools": "#5dade2"}
GOOD_INK = {"bread": "#4a2a05", "marble": "#263238", "tools": "#0b2f4a"}
BACK = "#8d6e63"

SVG_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "seat": "view of Player {n}",
        "grab_pool": "Grab pool: {n} slots, {k} set aside",
        "memory_mark": "◆ = a face you remember",
        "hand": "Your hand: {h}",
        "tiles": "Your tiles: {t}",
        "kept": "kept",
        "held": "hand",
        "over": "Game over ({reason})",
        "thr": "θ{t}",
        "followers": "followers {n}",
        "statues": "reserve {r} · placed {p}",
        "tiles_held": "tiles {n}",
        "public": "public: {t}",
        "turn": "to act: {names}",
        "standing": "Standing",
        "standing_rule": "most statues placed, then followers, then the better rank",
        "standing_line": "{n}. {name}: {p} statues placed",
        "statue_parts": "landscape {l} + chronicle {c} · followers {f} · rank {r}",
        "instant": "placing all {n} statues wins at once (fewest left: {r})",
        "spread": "spread of statues placed: {d} (most {hi}, fewest {lo})",
        "end_check": "the game ends after round {k}'s chronicle if the spread is over {t}",
        "no_check": "no end check left: the game ends after round {k}",
    },
    "de": {
        "seat": "Sicht von Spieler {n}",
        "grab_pool": "Steuerplättchen: {n} Plätze, {k} beiseite",
        "memory_mark": "◆ = ein Plättchen, das du kennst",
        "hand": "Deine Hand: {h}",
        "tiles": "Deine Plättchen: {t}",
        "kept": "behalten",
        "held": "Hand",
        "over": "Spielende ({reason})",
        "thr": "θ{t}",
        "followers": "Gefolge {n}",
        "statues": "Vorrat {r} · gesetzt {p}",
        "tiles_held": "Plättchen {n}",
        "public": "offen: {t}",
        "turn": "am Zug: {names}",
        "standing": "Stand",
        "standing_rule": "meiste gesetzte Statuen, dann Gefolge, dann der bessere Rang",
        "standing_line": "{n}. {name}: {p} Statuen gesetzt",
        "statue_parts": "Landschaft {l} + Chronik {c} · Gefolge {f} · Rang {r}",
        "instant": "wer alle {n} Statuen setzt, gewinnt sofort (wenigste übrig: {r})",
        "spread": "Abstand der gesetzten Statuen: {d} (meiste {hi}, wenigste {lo})",
        "end_check": "Spielende nach der Chronik von Runde {k}, wenn der Abstand über {t} liegt",
        "no_check": "keine Endprüfung mehr: Spielende nach Runde {k}",
    },
}


def _name(seat: int, lab: dict[str, str]) -> str:
    return lab["player"].format(n=seat + 1) + f" ({SEAT_LETTERS[seat % 4]})"


def _plain_face(face: Sequence[Any]) -> str:
    return face_text(face)


def _faces(faces: Sequence[Sequence[Any]]) -> str:
    return " ".join(face_text(f) for f in faces)


class _Land:
    """Pixel geometry of the field grid: tiles are separated by a small gap."""

    def __init__(self, columns: int, top: int) -> None:
        self.columns, self.top = columns, top
        self.width = 3 * columns * CELL + (columns - 1) * TILE_GAP
        self.height = 6 * CELL + TILE_GAP

    def x0(self, c: int) -> int:
        return MARGIN + 14 + c * CELL + (c // 3) * TILE_GAP

    def y0(self, r: int) -> int:
        return self.top + r * CELL + (r // 3) * TILE_GAP


def _landscape(view: dict[str, Any], land: _Land) -> list[str]:
    grid = tuple(tuple(row) for row in terrain_grid(view))
    out = ['<g class="landscape">', _terrain(land.columns, land.top, grid)]
    for b in view["board"]:
        r, c = b["field"]
        out.append(_statue(r, c, b["seat"], b["statues"], land.columns, land.top))
    out.append("</g>")
    return out


# The fields change only when a tile is revealed and statues only when built, so both are
# memoised on everything they show (bounded: one game reveals at most 4 × 2 tiles).
@lru_cache(maxsize=64)
def _terrain(columns: int, top: int, grid: tuple[tuple[str | None, ...], ...]) -> str:
    """The fields (fog over face-down tiles) and the row and column numbers."""
    land = _Land(columns, top)
    out = []
    for r in range(6):
        for c in range(3 * land.columns):
            x, y = land.x0(c), land.y0(r)
            code = grid[r][c]
            if code is None:
                out.append(
                    f'<rect class="fog" data-fog="{r},{c}" x="{x}" y="{y}" width="{CELL}" '
                    f'height="{CELL}" fill="url(#fog)" stroke="#9e9e9e" stroke-width="0.5"/>'
                )
                continue
            out.append(
                f'<rect data-terrain={_attr(code)} x="{x}" y="{y}" width="{CELL}" '
                f'height="{CELL}" fill="{TERRAIN_FILL.get(code, "#ccc")}" stroke="#5d4037" '
                'stroke-width="0.6"/>'
            )
            out.append(
                _text(x + 4, y + 12, code, 10, fill=TERRAIN_INK.get(code, "#000"), opacity="0.8")
            )
    for c in range(3 * land.columns):
        out.append(_text(land.x0(c) + CELL / 2, land.top - 5, str(c), 10, text_anchor="middle"))
    for r in range(6):
        out.append(_text(MARGIN + 8, land.y0(r) + CELL / 2 + 4, str(r), 10, text_anchor="end"))
    return "\n".join(out)  # the picture puts each element on its own line


@lru_cache(maxsize=1024)
def _statue(r: int, c: int, s: int, statues: Any, columns: int, top: int) -> str:
    land = _Land(columns, top)
    cx, cy = land.x0(c) + CELL / 2, land.y0(r) + CELL / 2 + 3
    colour = SEAT_COLOURS[s % 4]
    return (
        f'<g data-kind="statue" data-field="{r},{c}" data-seat="{s}" '
        f'data-statues="{statues}">'
        f'<circle cx="{cx:g}" cy="{cy:g}" r="12" fill="{colour}" stroke="#1b1b1b" '
        'stroke-width="1.5"/>'
        + _text(
            cx,
            cy + 5,
            str(statues),
            14,
            fill=SEAT_INK[s % 4],
            text_anchor="middle",
            font_weight="bold",
        )
        + "</g>"
    )


def _field_targets(legal: Sequence[dict[str, Any]], land: _Land) -> list[str]:
    by_field: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for action in legal:
        field = action.get("field")
        if isinstance(field, list | tuple) and len(field) == 2:
            by_field.setdefault((int(field[0]), int(field[1])), []).append(action)
    out = ['<g class="targets">']
    for (r, c), actions in by_field.items():
        h = (CELL - 4) / len(actions)
        for i, action in enumerate(actions):
            kind = str(action.get("type", ""))
            paid = _faces(action.get("payment", []))
            title = f"{kind.replace('_', ' ')} ({r},{c})" + (f": {paid}" if paid else "")
            out.append(
                f'<rect class="target" data-target="{r},{c}" data-action={action_attr(action)} '
                f'x="{land.x0(c) + 2}" y="{land.y0(r) + 2 + i * h:g}" width="{CELL - 4}" '
                f'height="{h:g}" fill="#ffffff" fill-opacity="0.35" stroke="#00c853" '
                f'stroke-width="{2 if len(actions) < 6 else 0.8}" style="cursor:pointer">'
                f"<title>{escape(title)}</title></rect>"
            )
    out.append("</g>")
    return out


def _slots(
    view: dict[str, Any],
    top: int,
    legal: Sequence[dict[str, Any]],
    lab: dict[str, str],
    slab: dict[str, str],
) -> tuple[list[str], int]:
    slots = view["slots"]
    revealed = view.get("pool") is not None
    peeks = {int(a["slot"]): a for a in legal if a.get("type") == "peek" and "slot" in a}
    out = ['<g class="grab-pool">']
    out.append(
        _text(
            MARGIN,
            top + 14,
            slab["grab_pool"].format(n=len(slots), k=view["set_aside"]),
            14,
            font_weight="bold",
        )
    )
    if view.get("seat") is not None and not revealed:
        out.append(_text(MARGIN + 300, top + 14, slab["memory_mark"], 11, fill="#555"))
    y0 = top + 24
    for i, entry in enumerate(slots):
        s = entry["slot"]
        x = MARGIN + (i % SLOTS_PER_ROW) * SLOT_STEP_X
        y = y0 + (i // SLOTS_PER_ROW) * SLOT_STEP_Y
        face = entry.get("face")
        out.append(
            _slot(
                s,
                x,
                y,
                entry["state"],
                entry.get("seat"),
                None if face is None else tuple(face),
                revealed,
            )
        )
        action = peeks.get(s)
        if action is not None:
            out.append(
                f'<rect class="target" data-target-slot="{s}" data-action={action_attr(action)} '
                f'x="{x - 2}" y="{y - 2}" width="{SLOT_W + 4}" height="{SLOT_H + 4}" rx="5" '
                'fill="#ffffff" fill-opacity="0.15" stroke="#00c853" stroke-width="2" '
                f'style="cursor:pointer"><title>peek slot {s}</title></rect>'
            )
    rows = (len(slots) + SLOTS_PER_ROW - 1) // SLOTS_PER_ROW
    y = y0 + rows * SLOT_STEP_Y + 4
    me = view.get("me")
    if me is not None:
        hand = me.get("hand")
        seat = view["seat"]
        hand_slot = view["players_state"][seat]["hand_slot"]
        text = (
            f"{lab['slot'].format(s=hand_slot)} = {face_text(hand)}"
            if hand is not None
            else lab["empty"]
        )
        tiles = _faces(me.get("tiles", [])) or lab["none"]
        out.append(_text(MARGIN, y + 12, slab["hand"].format(h=text), 13, font_weight="bold"))
        out.append(_text(MARGIN + 200, y + 12, slab["tiles"].format(t=tiles), 13))
        y += 20
    out.append("</g>")
    return out, y


@lru_cache(maxsize=1024)
def _slot(
    s: Any,
    x: int,
    y: int,
    state: str,
    seat: int | None,
    face: tuple[Any, ...] | None,
    revealed: bool,
) -> str:
    """One slot of the grab pool, memoised: most slots look the same from tick to tick."""
    attrs = f'data-kind="slot" data-slot="{s}" data-state={_attr(state)}'
    if seat is not None:
        attrs += f' data-seat="{seat}"'
    if face is not None:
        attrs += f" data-face={_attr(_plain_face(face))}"
    body = []
    if state == "down":
        body.append(
            f'<rect x="{x}" y="{y}" width="{SLOT_W}" height="{SLOT_H}" rx="4" '
            f'fill="{BACK}" stroke="#3e2723" stroke-width="1"/>'
            f'<rect x="{x + 4}" y="{y + 4}" width="{SLOT_W - 8}" height="{SLOT_H - 8}" '
            'rx="2" fill="none" stroke="#bcaaa4" stroke-width="0.8"/>'
        )
    else:
        colour = SEAT_COLOURS[(seat or 0) % 4]
        dash = ' stroke-dasharray="4 2"' if state == "held" else ""
        body.append(
            f'<rect x="{x}" y="{y}" width="{SLOT_W}" height="{SLOT_H}" rx="4" '
            f'fill="#f5f0e6" stroke="{colour}" stroke-width="3"{dash}/>'
        )
        mark = ("✋" if state == "held" else "k") + SEAT_LETTERS[(seat or 0) % 4]
        body.append(
            f'<rect x="{x + 3}" y="{y + 3}" width="{SLOT_W - 6}" height="15" rx="3" '
            f'fill="{colour}"/>'
            + _text(
                x + SLOT_W / 2,
                y + 15,
                mark,
                11,
                fill=SEAT_INK[(seat or 0) % 4],
                text_anchor="middle",
                font_weight="bold",
            )
        )
    if face is not None:
        good = str(face[0])
        fy = y + SLOT_H - 22
        body.append(
            f'<rect x="{x + 4}" y="{fy}" width="{SLOT_W - 8}" height="17" rx="3" '
            f'fill="{GOOD_FILL.get(good, "#fff")}" stroke="#333" stroke-width="0.6"/>'
            + _text(
                x + SLOT_W / 2,
                fy + 13,
                face_text(face),
                12,
                fill=GOOD_INK.get(good, "#000"),
                text_anchor="middle",
                font_weight="bold",
            )
        )
        if not revealed:  # the viewer's memory mark (TR-G12)
            body.append(_text(x + SLOT_W - 3, y + 12, "◆", 10, fill="#ffeb3b", text_anchor="end"))
    return (
        f"<g {attrs}>"
        + "".join(body)
        + _text(x + SLOT_W / 2, y + SLOT_H + 13, str(s), 10, fill="#333", text_anchor="middle")
        + "</g>"
    )


def _buttons(
    legal: Sequence[dict[str, Any]], top: int, lab: dict[str, str]
) -> tuple[list[str], int]:
    simple = [a for a in legal if a.get("type") not in ("peek", "build", "place_start")]
    if not simple:
        return [], top
    items = []
    for action in simple:
        kind = str(action.get("type", ""))
        items.append((lab.get(f"act_{kind}", kind.replace("_", " ")), action))
    return button_rows(items, MARGIN, MARGIN + LEFT_MIN + 40, top)


def _chronicle(view: dict[str, Any], top: int, lab: dict[str, str]) -> tuple[list[str], int]:
    rs = rules(view)
    done = tuple((c["round"], c["seat"], c["statues"]) for c in view["chronicle"])
    return [
        _chronicle_svg(
            top,
            lab["chronicle"],
            rs.max_rounds,
            rs.end_threshold,
            rs.chronicle_statues,
            view["round"],
            done,
        )
    ], top + 22 + 48


@lru_cache(maxsize=256)
def _chronicle_svg(
    top: int,
    title: str,
    max_rounds: int,
    end_threshold: tuple[int | None, ...],
    chronicle_statues: tuple[int, ...],
    current_round: Any,
    done_entries: tuple[tuple[Any, int, int], ...],
) -> str:
    """The King's chronicle, memoised: it changes once a round."""
    done = {k: (s, n) for k, s, n in done_entries}
    out = [
        '<g class="chronicle">',
        _text(MARGIN, top + 14, title, 14, font_weight="bold"),
    ]
    y = top + 22
    for k in range(1, max_rounds + 1):
        x = MARGIN + (k - 1) * 44
        current = k == current_round and k not in done
        out.append(
            f'<rect data-round="{k}" x="{x}" y="{y}" width="40" height="40" rx="4" '
            f'fill="#fbf3e4" stroke="{"#c62828" if current else "#8d6e63"}" '
            f'stroke-width="{2.5 if current else 1}"/>'
        )
        out.append(_text(x + 4, y + 11, str(k), 9, fill="#555"))
        theta = end_threshold[k - 1] if k - 1 < len(end_threshold) else None
        if theta is not None:
            out.append(_text(x + 37, y + 11, f"θ{theta}", 9, fill="#c62828", text_anchor="end"))
        need = chronicle_statues[k - 1] if k - 1 < len(chronicle_statues) else 1
        entry = done.get(k)
        if entry is not None:
            s, statues = entry
            for j in range(statues):
                cx = x + 20 + (j - (statues - 1) / 2) * 13
                out.append(
                    f'<circle data-chronicle="{k}" data-seat="{s}" cx="{cx:g}" cy="{y + 26}" '
                    f'r="6" fill="{SEAT_COLOURS[s % 4]}" stroke="#222" stroke-width="1"/>'
                )
        else:
            for j in range(need):
                cx = x + 20 + (j - (need - 1) / 2) * 13
                out.append(
                    f'<circle cx="{cx:g}" cy="{y + 26}" r="5" fill="none" stroke="#bbb" '
                    'stroke-dasharray="2 2"/>'
                )
    out.append("</g>")
    return "\n".join(out)  # the picture puts each element on its own line


def _panel(view: dict[str, Any], x: int, lab: dict[str, str], slab: dict[str, str]) -> Panel:
    panel = Panel(x, MARGIN + 50)
    seat = view.get("seat")
    panel.line(lab["players_h"], 15, font_weight="bold")
    actors = set(view.get("actors", []))
    for p in sorted(view["players_state"], key=lambda p: p["rank"]):
        s = p["seat"]
        rank = lab["king"] if p["rank"] == 1 else f"{lab['col_rank']} {p['rank']}"
        flags = []
        if p["grace"]:
            flags.append(lab["grace_yes"])
        if s in actors and view["phase"] != "game_over":
            flags.append("▶")
        head = f"{_name(s, lab)} · {rank}" + (f" · {' '.join(flags)}" if flags else "")
        panel.line(head, 13, indent=16, font_weight="bold" if s == seat else "normal")
        panel.swatch(SEAT_COLOURS[s % 4])
        parts = [
            slab["followers"].format(n=p["followers"]),
            slab["statues"].format(r=p["reserve"], p=p["placed"]),
            slab["tiles_held"].format(n=p["tiles_held"]),
        ]
        panel.line(" · ".join(parts), 12, indent=28, fill="#333")
        if view["phase"] == "grab":
            status = []
            if p["hand_slot"] is not None:
                status.append(lab["holds"].format(s=p["hand_slot"]))
            if p["kept_slots"]:
                status.append(lab["kept"].format(s=",".join(str(k) for k in p["kept_slots"])))
            if p["done"]:
                status.append(lab["done"])
            if status:
                panel.wrapped(status, 28, 12, fill="#333")
        if p["public_tiles"]:
            panel.wrapped(
                [slab["public"].format(t=""), *(face_text(f) for f in p["public_tiles"])],
                28,
                12,
                fill="#333",
            )
    log = view.get("last_tick") or []
    if log:
        panel.gap()
        panel.line(f"{lab['last_tick']} ({view['tick']})", 15, font_weight="bold")
        for a in log:
            kind = a["action"]
            key = {
                "keep": "kept_slot",
                "put_back": "put_back_slot",
                "wait": "waited",
            }.get(kind, "waited")
            if kind == "peek":
                key = "peeked" if a.get("won") else "missed"
            elif kind == "done":
                key = "done_slot" if "slot" in a else "is_done"
            text = lab[key].format(name=lab["player"].format(n=a["seat"] + 1), s=a.get("slot"))
            panel.line(text, 12, indent=16)
            panel.swatch(SEAT_COLOURS[a["seat"] % 4])
    pool = view.get("pool")
    if pool is not None and view["phase"] != "setup_start_statues":
        panel.gap()
        panel.line(lab["pool"], 15, font_weight="bold")
        panel.wrapped([face_text(f) for f in pool] or [lab["none"]], 16, 12)
    _standing(view, panel, lab, slab)
    return panel


def _standing(
    view: dict[str, Any], panel: Panel, lab: dict[str, str], slab: dict[str, str]
) -> None:
    """The standing by the winner rule (TR-V4, TR-V5): statues placed, split into those on
    the landscape and those on the chronicle, then followers and rank as tie-breaks; and how
    close the game is to its end (TR-V1, TR-R26). Everything comes from the public view."""
    players = view["players_state"]
    if not players:
        return
    landscape = {p["seat"]: 0 for p in players}
    chronicle = dict(landscape)
    for b in view["board"]:
        landscape[b["seat"]] = landscape.get(b["seat"], 0) + int(b["statues"])
    for c in view["chronicle"]:
        chronicle[c["seat"]] = chronicle.get(c["seat"], 0) + int(c["statues"])
    winners = set(view.get("winners") or [])
    order = sorted(
        players, key=lambda p: (p["seat"] not in winners, -p["placed"], -p["followers"], p["rank"])
    )
    panel.gap()
    panel.line(slab["standing"], 15, font_weight="bold")
    panel.line(slab["standing_rule"], 10, indent=16, fill="#555")
    for place, p in enumerate(order, 1):
        s = p["seat"]
        panel.out.append(
            f'<g data-kind="standing" data-seat="{s}" data-place="{place}" '
            f'data-placed="{p["placed"]}" data-landscape="{landscape.get(s, 0)}" '
            f'data-chronicle="{chronicle.get(s, 0)}" data-followers="{p["followers"]}">'
        )
        star = " ★" if s in winners else ""
        panel.line(
            slab["standing_line"].format(n=place, name=_name(s, lab), p=p["placed"]) + star,
            13,
            indent=16,
            font_weight="bold",
        )
        panel.swatch(SEAT_COLOURS[s % 4])
        panel.line(
            slab["statue_parts"].format(
                l=landscape.get(s, 0), c=chronicle.get(s, 0), f=p["followers"], r=p["rank"]
            ),
            12,
            indent=28,
            fill="#333",
        )
        panel.out.append("</g>")
    if view["phase"] == "game_over":
        return
    rs = rules(view)
    placed = [int(p["placed"]) for p in players]
    least = min(int(p["reserve"]) for p in players)
    panel.wrapped(
        slab["instant"].format(n=rs.statues_per_player, r=least).split(" "), 16, 12, 60, fill="#333"
    )
    hi, lo = max(placed), min(placed)
    panel.wrapped(
        slab["spread"].format(d=hi - lo, hi=hi, lo=lo).split(" "), 16, 12, 60, fill="#333"
    )
    done = {c["round"] for c in view["chronicle"]}
    k = max(1, int(view["round"] or 1))
    if k in done:
        k += 1
    checks = [
        r
        for r in range(k, rs.max_rounds + 1)
        if r - 1 < len(rs.end_threshold) and rs.end_threshold[r - 1] is not None
    ]
    if checks:
        text = slab["end_check"].format(k=checks[0], t=rs.end_threshold[checks[0] - 1])
    else:
        text = slab["no_check"].format(k=rs.max_rounds)
    panel.out.append(f'<g data-kind="end-check" data-spread="{hi - lo}">')
    panel.wrapped(text.split(" "), 16, 12, 60, fill="#333")
    panel.out.append("</g>")


def _header(view: dict[str, Any], lab: dict[str, str], slab: dict[str, str]) -> list[str]:
    seat = view.get("seat")
    out = [_text(MARGIN, MARGIN + 6, lab["title"], 20, font_weight="bold")]
    variant = lab.get(f"variant_{view['variant']}", str(view["variant"]))
    who = slab["seat"].format(n=seat + 1) if seat is not None else lab["spectator"]
    out.append(
        _text(
            MARGIN + 150,
            MARGIN + 6,
            f"{lab['players'].format(n=view['players'])} · {variant} · {who}",
            13,
        )
    )
    phase = view["phase"]
    parts = []
    if view["round"]:
        parts.append(lab["round"].format(n=view["round"]))
    parts.append(lab.get(f"phase_{phase}", phase))
    if phase == "grab":
        parts.append(lab["tick"].format(t=view["tick"] + 1, T=view["grab_ticks"]))
    if phase == "game_over":
        reason = lab.get(f"reason_{view.get('end_reason', '')}", str(view.get("end_reason")))
        parts = [slab["over"].format(reason=reason)]
        winners = view.get("winners") or []
        key = "winners" if len(winners) > 1 else "winner"
        parts.append(lab[key].format(names=", ".join(_name(s, lab) for s in winners)))
    else:
        waiting = (view.get("pending") or {}).get("waiting_for", view.get("actors", []))
        actors = [view["turn_of"]] if view.get("turn_of") is not None else waiting
        if actors:
            parts.append(slab["turn"].format(names=", ".join(_name(s, lab) for s in actors)))
    out.append(_text(MARGIN, MARGIN + 26, " · ".join(parts), 13, font_weight="bold"))
    if phase != "game_over" and view["round"]:
        x = MARGIN
        out.append(_text(x, MARGIN + 46, lab["demand"] + ":", 13))
        x += 80
        for good, d in view["demand"].items():
            value = "?" if d is None else str(d)
            out.append(
                f'<rect data-demand={_attr(good)} x="{x}" y="{MARGIN + 33}" width="104" '
                f'height="18" rx="3" fill="{GOOD_FILL.get(good, "#fff")}" stroke="#333" '
                'stroke-width="0.6"/>'
            )
            letter = GOOD_LETTERS.get(good, good[:1].upper())
            out.append(_text(x + 6, MARGIN + 46, f"{good} ({letter}) {value}", 12))
            x += 112
    return out


FOG_PATTERN = (
    '<defs><pattern id="fog" width="8" height="8" patternUnits="userSpaceOnUse">'
    '<rect width="8" height="8" fill="#cfd8dc"/>'
    '<path d="M0,8 L8,0" stroke="#90a4ae" stroke-width="1.2"/></pattern></defs>'
)


def render_svg(
    view: dict[str, Any], lang: str = "en", legal: Sequence[dict[str, Any]] | None = None
) -> str:
    """A standalone SVG document of ``view``; with ``legal``, one clickable element per
    legal action (``data-action`` = the action's JSON)."""
    lab = labels(lang)
    slab = SVG_LABELS.get(lang, SVG_LABELS["en"])
    actions = list(legal or [])
    land = _Land(view["landscape"]["columns"], MARGIN + 76)
    body = _header(view, lab, slab) + _landscape(view, land)
    if actions:
        body += _field_targets(actions, land)
    y = land.top + land.height + 14
    slots, y = _slots(view, y, actions, lab, slab)
    body += slots
    buttons, y = _buttons(actions, y, lab)
    body += buttons
    chronicle, y = _chronicle(view, y + 4, lab)
    body += chronicle
    left_w = max(land.width + 14, LEFT_MIN, 10 * 44)
    panel = _panel(view, lab=lab, slab=slab, x=MARGIN + left_w + 24)
    width = MARGIN + left_w + 24 + PANEL_W
    height = max(y + MARGIN, panel.y + MARGIN)
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'data-game="tumult-royal" '
        f"data-seat={_attr('' if view.get('seat') is None else view['seat'])}>"
    )
    title = f"<title>{escape(lab['title'])}</title>"
    background = f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fffdf7"/>'
    return "\n".join([head, title, FOG_PATTERN, background, *body, *panel.out, "</svg>"]) + "\n"
