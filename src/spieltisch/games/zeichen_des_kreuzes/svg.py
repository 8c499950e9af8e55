"""Im Zeichen des Kreuzes as a standalone SVG picture of one seat's view (standard library
only).

Left: the header (turn, active seat, phase, decision), the 26 × 14 map in terrain colours
(sea, plain, mountain) with the cities (red, green, Candia, Jerusalem; named; plundered ones
crossed out with their tile value), the neutral fleets and armies and the pawns in their
seats' colours (red, yellow, white, black, brown: rules 2.2), then the viewer's hand and
the action buttons. Right: the tower's contents per colour, the garrison and the deck, every
seat's tableau with its motivation track, the neutral units (removed ones marked) and the
current fight, and the result at the end.

Every map cell is one ``rect`` with ``data-kind="cell"``, ``data-cell="x,y"`` and
``data-terrain``; every city a group with ``data-kind="city"``, ``data-cell``,
``data-city-kind``, ``data-plundered-by`` and ``data-tile`` (when revealed); every pawn
``data-kind="pawn"`` with ``data-cell`` and ``data-seat``; every neutral unit
``data-kind="fleet"`` / ``"army"`` with ``data-unit`` and ``data-cell`` (or
``data-removed="true"`` in the panel). With ``legal`` (action JSON objects), every legal
action is one clickable element (class ``target``) whose ``data-action`` holds the action's
JSON: the actions with a ``to`` cell (move, event, step, move_unit, retreat) on that cell
(``data-target="x,y"``; a cell with several is split into strips), the others as buttons."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from html import escape
from typing import Any

from ...engine.svg import Panel, action_attr, button_rows
from ...engine.svg import attr as _attr
from ...engine.svg import text_element as _text
from .board import CRETE, GREEN_CITY, JERUSALEM, MOUNTAIN, RED, SEA
from .components import SHOWN_EDITION, default_components
from .fight import JERUSALEM_ROUND as JERUSALEM_FIGHT
from .fight import MIN_COMMIT
from .names import city_name
from .text import (
    JERUSALEM_MOTIVATION,
    board,
    card_label,
    card_of,
    cell_text,
    components,
    labels,
    pawn_cells,
    tower_items,
    unit_name,
    use_edition,
)

CELL = 34
MARGIN = 28
HEADER = 64
PANEL_W = 430

TERRAIN_FILL = {SEA: "#8fb8de", 1: "#e9dcb0", MOUNTAIN: "#a1887f"}
TERRAIN_NAMES = {SEA: "sea", 1: "plain", MOUNTAIN: "mountain"}
CITY_FILL = {RED: "#c0392b", CRETE: "#e67e22", GREEN_CITY: "#1e8449", JERUSALEM: "#f4d03f"}
# seats 0-4: red, yellow, white, black, brown (rules 2.2)
SEAT_COLOURS = ("#d62728", "#f1c40f", "#ffffff", "#1b1b1b", "#8b4513")
SEAT_INK = ("#ffffff", "#000000", "#000000", "#ffffff", "#ffffff")
GREEN_CUBE = "#27ae60"
UNIT_FILL = {"fleet": "#1f4e9c", "army": "#b9770e"}
CARD_FILL = {
    "sea": "#aed6f1",
    "plain": "#f9e79f",
    "mountain": "#d7ccc8",
    "joker": "#ffffff",
    "event": "#d7bde2",
}
CELL_ACTIONS = ("move", "event", "step", "move_unit", "retreat")

SVG_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "seat_view": "view of Seat {n}",
        "decision": "Decision: {what}",
        "by": "{what} ({name})",
        "garrison": "Jerusalem garrison {n} · sieges {s}",
        "deck": "draw pile {n} · discard {d} · exhaustions {e}/2",
        "top": "discard top: {card}",
        "tableau": "army {a} · supply {s} · tower {t} · treasure {tr}",
        "more": "markers {m} · hand {h} · draws {d}",
        "tiles": "tiles red {r} · green {g}",
        "over": "Game over ({reason})",
        "hand_count": "Your hand ({n})",
        "progress": "Toward victory",
        "win_rule": "Jerusalem falls when a siege round is won with its garrison at 0: "
        "that knight wins at once.",
        "siege_rule": "A siege needs {r} green tiles (Muslim cities), motivation {m}+ "
        "and army {a}+, on Jerusalem.",
        "seat_progress": "green tiles {g}/{r} · motivation {m} ({mm}+) · army {a} ({aa}+)",
        "ready": "ready to besiege",
        "deck_rule": "The game also ends when the deck runs out twice ({e}/2 so far):",
        "no_winner_rule": "then nobody wins.",
        "cities_rule": "then the most green tiles win; ties: army, then treasure.",
        "ranking": "{n}. {name}: green tiles {g} · army {a} · treasure {t}",
    },
    "de": {
        "seat_view": "Sicht von Platz {n}",
        "decision": "Entscheidung: {what}",
        "by": "{what} ({name})",
        "garrison": "Besatzung Jerusalems {n} · Belagerungen {s}",
        "deck": "Nachziehstapel {n} · Ablage {d} · aufgebraucht {e}/2",
        "top": "Ablage oben: {card}",
        "tableau": "Heer {a} · Vorrat {s} · Turm {t} · Schatz {tr}",
        "more": "Marker {m} · Hand {h} · zieht {d}",
        "tiles": "Plättchen rot {r} · grün {g}",
        "over": "Spielende ({reason})",
        "hand_count": "Deine Hand ({n})",
        "progress": "Auf dem Weg zum Sieg",
        "win_rule": "Jerusalem fällt, wenn eine Belagerungsrunde bei Besatzung 0 gewonnen "
        "wird: dieser Ritter gewinnt sofort.",
        "siege_rule": "Eine Belagerung braucht {r} grüne Plättchen (muslimische Städte), "
        "Motivation ab {m} und Heer ab {a}, auf Jerusalem.",
        "seat_progress": "grüne Plättchen {g}/{r} · Motivation {m} (ab {mm}) · Heer {a} (ab {aa})",
        "ready": "bereit zur Belagerung",
        "deck_rule": "Das Spiel endet auch, wenn der Stapel zweimal aufgebraucht ist "
        "(bisher {e}/2):",
        "no_winner_rule": "dann gewinnt niemand.",
        "cities_rule": "dann gewinnen die meisten grünen Plättchen; bei Gleichstand Heer, "
        "dann Schatz.",
        "ranking": "{n}. {name}: grüne Plättchen {g} · Heer {a} · Schatz {t}",
    },
}


def _name(seat: int, lab: dict[str, str]) -> str:
    return lab["seat"].format(n=seat)


class _Map:
    """Pixel geometry of the grid."""

    def __init__(self, width: int, height: int, top: int) -> None:
        self.width, self.height, self.top = width, height, top

    def x0(self, x: int) -> int:
        return MARGIN + x * CELL

    def y0(self, y: int) -> int:
        return self.top + y * CELL

    def centre(self, xy: Sequence[int]) -> tuple[float, float]:
        return self.x0(xy[0]) + CELL / 2, self.y0(xy[1]) + CELL / 2

    @property
    def bottom(self) -> int:
        return self.top + self.height * CELL


def _edition() -> str:
    """The edition the picture is drawn with, as a cache key: a view naming an edition not
    parsed in this process is drawn with the default one, and keyed so."""
    shown = SHOWN_EDITION.get()
    return "default" if shown != "default" and components() is default_components() else shown


def _grid(m: _Map) -> list[str]:
    return [_static_grid(m.width, m.height, m.top, _edition())]


@lru_cache(maxsize=16)
def _static_grid(width: int, height: int, top: int, edition: str) -> str:
    """The terrain, the same in every view (drawn once per geometry and edition; custom
    editions are keyed by a hash of their data)."""
    m = _Map(width, height, top)
    b = board()
    out = ['<g class="map">']
    for y in range(m.height):
        for x in range(m.width):
            t = b.terrain[b.cell(x, y)]
            out.append(
                f'<rect data-kind="cell" data-cell="{x},{y}" data-terrain="{TERRAIN_NAMES[t]}" '
                f'x="{m.x0(x)}" y="{m.y0(y)}" width="{CELL}" height="{CELL}" '
                f'fill="{TERRAIN_FILL[t]}" stroke="#7f8c8d" stroke-width="0.4"/>'
            )
            if t == MOUNTAIN:
                cx, cy = m.x0(x) + CELL / 2, m.y0(y) + CELL / 2
                out.append(
                    f'<path d="M{cx - 9:g},{cy + 7:g} L{cx - 2:g},{cy - 6:g} L{cx + 2:g},'
                    f'{cy + 1:g} L{cx + 5:g},{cy - 3:g} L{cx + 11:g},{cy + 7:g}" '
                    'fill="none" stroke="#5d4037" stroke-width="1.2" opacity="0.6"/>'
                )
    for x in range(m.width):
        out.append(_text(m.x0(x) + CELL / 2, m.top - 5, str(x), 10, text_anchor="middle"))
    for y in range(m.height):
        out.append(_text(MARGIN - 5, m.y0(y) + CELL / 2 + 4, str(y), 10, text_anchor="end"))
    out.append("</g>")
    return "\n".join(out)  # the picture puts each element on its own line


def _cities(view: dict[str, Any], m: _Map, lang: str) -> list[str]:
    out = ['<g class="cities">']
    for city in view["cities"]:
        x, y = city["cell"]
        out.append(
            _city(
                x,
                y,
                m.top,
                str(city["name"]),
                str(city["kind"]),
                city.get("plundered_by"),
                city.get("tile"),
                city_name(str(city["name"]), lang),  # Köln, Genua ... on a German map
            )
        )
    out.append("</g>")
    return out


# Cities, units and pawns change rarely from move to move and look alike in every seat's
# picture: each is memoised on everything it shows (bounded; a map has a few dozen).
@lru_cache(maxsize=1024)
def _city(x: int, y: int, top: int, name: str, kind: str, by: Any, tile: Any, shown: str) -> str:
    m = _Map(0, 0, top)
    attrs = (
        f'data-kind="city" data-cell="{x},{y}" data-city={_attr(name)} data-city-kind={_attr(kind)}'
    )
    if by is not None:
        attrs += f' data-plundered-by="{by}"'
    if tile is not None:
        attrs += f' data-tile="{tile}"'
    cx, cy = m.centre((x, y))
    fill = CITY_FILL.get(kind, "#888")
    body = []
    if kind == JERUSALEM:
        r = 11
        points = " ".join(
            f"{cx + dx * r:g},{cy - 3 + dy * r:g}"
            for dx, dy in ((0, -1), (0.87, 0.5), (-0.87, 0.5))
        )
        points2 = " ".join(
            f"{cx + dx * r:g},{cy - 3 + dy * r:g}"
            for dx, dy in ((0, 1), (0.87, -0.5), (-0.87, -0.5))
        )
        body.append(f'<polygon points="{points}" fill="{fill}" stroke="#7d6608"/>')
        body.append(f'<polygon points="{points2}" fill="{fill}" stroke="#7d6608"/>')
    else:
        body.append(
            f'<rect x="{cx - 9:g}" y="{cy - 12:g}" width="18" height="14" rx="2" '
            f'fill="{fill}" stroke="#1b1b1b" stroke-width="1"/>'
        )
        if kind in (RED, CRETE):  # a small cross on the Christian cities
            body.append(
                f'<path d="M{cx:g},{cy - 10:g} V{cy:g} M{cx - 4:g},{cy - 7:g} H{cx + 4:g}" '
                'stroke="#ffffff" stroke-width="1.5"/>'
            )
        if kind in (RED, GREEN_CITY) and by is None:
            body.append(_text(cx + 7, cy - 4, "?", 8, fill="#ffffff", text_anchor="middle"))
    if by is not None:
        body.append(
            f'<path d="M{cx - 11:g},{cy - 14:g} L{cx + 11:g},{cy + 4:g} '
            f'M{cx + 11:g},{cy - 14:g} L{cx - 11:g},{cy + 4:g}" stroke="#000000" '
            'stroke-width="2" opacity="0.7"/>'
        )
        colour = SEAT_COLOURS[int(by) % len(SEAT_COLOURS)]
        body.append(
            f'<circle cx="{cx + 10:g}" cy="{cy - 12:g}" r="6" fill="{colour}" '
            'stroke="#000000" stroke-width="0.8"/>'
            + _text(
                cx + 10,
                cy - 9,
                "?" if tile is None else str(tile),
                9,
                fill=SEAT_INK[int(by) % len(SEAT_INK)],
                text_anchor="middle",
                font_weight="bold",
            )
        )
    body.append(
        _text(
            cx,
            cy + 12,
            shown,
            7,
            fill="#1b1b1b",
            text_anchor="middle",
            font_weight="bold",
        )
    )
    return f"<g {attrs}>" + "".join(body) + "</g>"


def _unit_shape(kind: str, cx: float, cy: float) -> str:
    fill = UNIT_FILL.get(kind, "#555")
    if kind == "fleet":  # a hull with a sail
        return (
            f'<path d="M{cx - 11:g},{cy + 2:g} L{cx + 11:g},{cy + 2:g} L{cx + 7:g},{cy + 8:g} '
            f'L{cx - 7:g},{cy + 8:g} Z" fill="{fill}" stroke="#0b1f3a" stroke-width="1"/>'
            f'<path d="M{cx:g},{cy - 10:g} L{cx:g},{cy + 1:g} L{cx + 8:g},{cy + 1:g} Z" '
            'fill="#ffffff" stroke="#0b1f3a" stroke-width="0.8"/>'
        )
    return (  # a banner
        f'<path d="M{cx - 8:g},{cy - 10:g} H{cx + 8:g} V{cy + 5:g} L{cx:g},{cy + 10:g} '
        f'L{cx - 8:g},{cy + 5:g} Z" fill="{fill}" stroke="#4a2a05" stroke-width="1"/>'
        f'<path d="M{cx - 5:g},{cy - 2:g} A5,5 0 1,0 {cx + 1:g},{cy - 6:g} A4,4 0 1,1 '
        f'{cx - 5:g},{cy - 2:g}" fill="#ffffff"/>'
    )


def _units(view: dict[str, Any], m: _Map) -> list[str]:
    edition = _edition()
    out = ['<g class="units">']
    for u in view["units"]:
        if u.get("cell") is None:
            continue
        x, y = u["cell"]
        out.append(_unit(str(u["kind"]), u["id"], x, y, m.top, edition))
    out.append("</g>")
    return out


@lru_cache(maxsize=1024)
def _unit(kind: str, unit: Any, x: int, y: int, top: int, edition: str) -> str:
    """A neutral unit on the map (its name comes from ``edition``)."""
    cx, cy = _Map(0, 0, top).centre((x, y))
    return (
        f'<g data-kind={_attr(kind)} data-unit={_attr(unit)} data-cell="{x},{y}">'
        f"<title>{escape(unit_name(unit))}</title>" + _unit_shape(kind, cx, cy) + "</g>"
    )


def _pawns(view: dict[str, Any], m: _Map) -> list[str]:
    out = ['<g class="pawns">']
    for (x, y), seats in pawn_cells(view).items():
        out.append(_pawns_on(x, y, m.top, tuple(seats)))
    out.append("</g>")
    return out


@lru_cache(maxsize=1024)
def _pawns_on(x: int, y: int, top: int, seats: tuple[int, ...]) -> str:
    """The pawns standing on one cell (one element each)."""
    cx, cy = _Map(0, 0, top).centre((x, y))
    n = len(seats)
    out = []
    for i, s in enumerate(seats):
        px = cx + (i - (n - 1) / 2) * min(9.0, 24 / n)
        colour = SEAT_COLOURS[s % len(SEAT_COLOURS)]
        out.append(
            f'<g data-kind="pawn" data-cell="{x},{y}" data-seat="{s}">'
            f'<circle cx="{px:g}" cy="{cy:g}" r="8" fill="{colour}" stroke="#000000" '
            'stroke-width="1.5"/>'
            + _text(
                px,
                cy + 4,
                str(s),
                11,
                fill=SEAT_INK[s % len(SEAT_INK)],
                text_anchor="middle",
                font_weight="bold",
            )
            + "</g>"
        )
    return "\n".join(out)  # the picture puts each element on its own line


def _action_label(action: dict[str, Any], lab: dict[str, str]) -> str:
    kind = str(action.get("type", ""))
    card = action.get("card")
    text = kind.replace("_", " ")
    if kind == "move_unit":
        units = components().units
        unit = action.get("unit")
        if isinstance(unit, int) and 0 <= unit < len(units):
            text += " " + unit_name(units[unit].id)
    if card:
        text += f" {card} {card_label(card)}"
    to = action.get("to")
    if isinstance(to, list) and len(to) == 2:
        text += f" → {cell_text(to)}"
    return text


def _targets(
    legal: Sequence[dict[str, Any]], m: _Map, lab: dict[str, str]
) -> tuple[list[str], list[dict[str, Any]]]:
    """Clickable targets on the map; the actions without a cell are returned apart."""
    by_cell: dict[tuple[int, int], list[dict[str, Any]]] = {}
    cellless: list[dict[str, Any]] = []
    for action in legal:
        to = action.get("to")
        if action.get("type") in CELL_ACTIONS and isinstance(to, list | tuple) and len(to) == 2:
            by_cell.setdefault((int(to[0]), int(to[1])), []).append(action)
        else:
            cellless.append(action)
    out = ['<g class="targets">']
    for (x, y), actions in by_cell.items():
        h = (CELL - 4) / len(actions)
        for i, action in enumerate(actions):
            out.append(
                f'<rect class="target" data-target="{x},{y}" data-action={action_attr(action)} '
                f'x="{m.x0(x) + 2}" y="{m.y0(y) + 2 + i * h:g}" width="{CELL - 4}" '
                f'height="{h:g}" fill="#ffffff" fill-opacity="0.3" stroke="#00c853" '
                f'stroke-width="{2 if len(actions) < 5 else 0.8}" style="cursor:pointer">'
                f"<title>{escape(_action_label(action, lab))}</title></rect>"
            )
    out.append("</g>")
    return out, cellless


def _card_box(code: str, x: int, y: int) -> str:
    card = card_of(code)
    label = card_label(code)
    key = "event" if card is None or card.kind != "movement" else label.split("+", 1)[0]
    lines = label.split("+") if card is not None and card.kind == "movement" else [label]
    if card is not None and card.kind != "movement" and len(label) > 12:
        words = label.split(" ")
        lines = [" ".join(words[: len(words) // 2 or 1]), " ".join(words[len(words) // 2 or 1 :])]
    body = [
        f'<rect x="{x}" y="{y}" width="76" height="46" rx="4" '
        f'fill="{CARD_FILL.get(key, "#fff")}" stroke="#333" stroke-width="1"/>',
        _text(x + 4, y + 11, code, 9, fill="#555"),
    ]
    for i, line in enumerate(lines[:2]):
        body.append(_text(x + 38, y + 26 + i * 12, line, 10, text_anchor="middle"))
    return f'<g data-kind="card" data-card="{code}">' + "".join(body) + "</g>"


def _hand(view: dict[str, Any], top: int, slab: dict[str, str]) -> tuple[list[str], int]:
    hand = view.get("hand")
    if hand is None:
        return [], top
    out = [
        '<g class="hand">',
        _text(MARGIN, top + 14, slab["hand_count"].format(n=len(hand)), 14, font_weight="bold"),
    ]
    for i, code in enumerate(hand):
        out.append(_card_box(str(code), MARGIN + i * 84, top + 22))
    out.append("</g>")
    return out, top + 76


def _buttons(
    actions: Sequence[dict[str, Any]], top: int, width: int, lab: dict[str, str]
) -> tuple[list[str], int]:
    if not actions:
        return [], top
    items = []
    for action in actions:
        kind = str(action.get("type", ""))
        label = lab.get(f"act_{kind}", kind.replace("_", " "))
        if "{card}" in label:
            label = label.format(card=action.get("card") or "")
        label = label.rstrip(":")
        if action.get("card"):
            if kind == "empty_tower":
                label = lab["act_empty_tower_card"].format(card=action["card"])
            elif "{card}" not in lab.get(f"act_{kind}", ""):
                label += f" {action['card']}"
            label += f" ({card_label(action['card'])})"
        if action.get("amount") is not None:
            label += f" {action['amount']}"
        if action.get("target") is not None:
            label += " " + lab["against"].format(name=_name(int(action["target"]), lab))
        items.append((label, action))
    return button_rows(items, MARGIN, MARGIN + width, top)


@lru_cache(maxsize=1024)
def _track(p: int, motivation: Any, tx: int, ty: int, label: str) -> str:
    """A seat's motivation track 0-20 (memoised; it changes a few times a game)."""
    m = max(0, min(20, int(motivation)))
    track = [f'<g data-kind="motivation" data-seat="{p}" data-value="{motivation}">']
    for i in range(21):
        fill = (
            SEAT_COLOURS[p % len(SEAT_COLOURS)]
            if i == m
            else ("#f5b7b1" if i < 4 else "#fdebd0" if i < 6 else "#d5f5e3")
        )
        track.append(
            f'<rect x="{tx + i * 13}" y="{ty}" width="12" height="12" fill="{fill}" '
            f'stroke="{"#000" if i == m else "#999"}" stroke-width="{1.5 if i == m else 0.5}"/>'
        )
    track.append(_text(tx + 21 * 13 + 4, ty + 10, f"{label} {motivation}", 11))
    track.append("</g>")
    return "".join(track)


def _panel(view: dict[str, Any], x: int, lab: dict[str, str], slab: dict[str, str]) -> Panel:
    panel = Panel(x, MARGIN + 24)
    seat = view.get("seat")
    # the tower
    panel.line(lab["tower"], 15, font_weight="bold")
    panel.y += 4
    cx = panel.x
    for key, n in tower_items(view):
        colour = GREEN_CUBE if key == "G" else SEAT_COLOURS[int(key[1:]) % len(SEAT_COLOURS)]
        panel.out.append(
            f'<g data-kind="tower-cubes" data-colour="{key}" data-count="{n}">'
            f'<rect x="{cx}" y="{panel.y}" width="14" height="14" fill="{colour}" '
            'stroke="#222" stroke-width="0.8"/>'
            + _text(cx + 18, panel.y + 12, f"{key} ×{n}", 12)
            + "</g>"
        )
        cx += 68
    panel.y += 14
    panel.line(slab["garrison"].format(n=view["garrison"], s=view["sieges"]), 12)
    panel.line(
        slab["deck"].format(
            n=view["draw_pile"], d=len(view.get("discard") or []), e=view["exhaustions"]
        ),
        12,
    )
    discard = view.get("discard") or []
    if discard:
        panel.line(
            slab["top"].format(card=f"{discard[-1]} {card_label(discard[-1])}"), 12, fill="#333"
        )
    # the seats
    panel.gap()
    panel.line(lab["seats"], 15, font_weight="bold")
    for s in view["seats"]:
        p = s["seat"]
        mark = "▶ " if p == view["active"] and not view["over"] else ""
        name = lab["you"] if p == seat else _name(p, lab)
        panel.line(
            f"{mark}{name} · {s['knight_name']} · {cell_text(s['pawn'])}",
            13,
            indent=16,
            font_weight="bold" if p == seat else "normal",
        )
        panel.swatch(SEAT_COLOURS[p % len(SEAT_COLOURS)])
        panel.out[-1] = panel.out[-1].replace(
            "<rect ", f'<rect data-kind="seat" data-seat="{p}" ', 1
        )
        panel.line(
            slab["tableau"].format(a=s["army"], s=s["supply"], t=s["tower"], tr=s["treasure"]),
            12,
            indent=16,
            fill="#333",
        )
        # the motivation track 0-20
        panel.y += 6
        panel.out.append(_track(p, s["motivation"], panel.x + 16, panel.y, lab["motivation"]))
        panel.y += 12
        panel.line(
            slab["more"].format(m=s["markers"], h=s["hand_size"], d=s["draw_limit"]),
            12,
            indent=16,
            fill="#333",
        )
        red = " ".join(str(v) for v in s["red_tiles"]) or "–"
        green = " ".join(str(v) for v in s["green_tiles"]) or "–"
        tiles = slab["tiles"].format(r=red, g=green)
        if s.get("siege_eligible"):
            tiles += " · " + lab["eligible"]
        panel.line(tiles, 12, indent=16, fill="#333")
    # the neutral units
    panel.gap()
    panel.line(lab["units"], 15, font_weight="bold")
    for u in view["units"]:
        kind = str(u["kind"])
        where = cell_text(u["cell"]) if u.get("cell") is not None else lab["removed"]
        panel.line(f"{unit_name(u['id'])} {where}", 12, indent=16)
        removed = ' data-removed="true"' if u.get("cell") is None else ""
        panel.out.append(
            f'<rect data-kind="{kind}-key" data-unit={_attr(u["id"])}{removed} '
            f'x="{panel.x}" y="{panel.y - 10}" width="11" height="11" '
            f'fill="{UNIT_FILL.get(kind, "#555")}"/>'
        )
        if u.get("cell") is None:
            panel.out.append(
                f'<g data-kind={_attr(kind)} data-unit={_attr(u["id"])} data-removed="true">'
                f'<path d="M{panel.x},{panel.y - 10} l11,11 M{panel.x + 11},{panel.y - 10} '
                'l-11,11" stroke="#c0392b" stroke-width="2"/></g>'
            )
    # the fight
    fight = view.get("fight")
    if fight:
        panel.gap()
        panel.line(lab["fight"], 15, font_weight="bold")
        kind = str(fight["type"])
        foe = lab.get(f"f_{kind}", kind)
        if fight.get("city"):
            foe += f" ({fight['city']})"
        elif fight.get("unit"):
            foe += f" ({unit_name(fight['unit'])})"
        fighter = lab["you"] if fight["fighter"] == seat else _name(fight["fighter"], lab)
        panel.out.append(
            f'<g data-kind="fight" data-fight={_attr(kind)} data-seat="{fight["fighter"]}"/>'
        )
        panel.line(f"{fighter} · {foe}", 12, indent=16)
        terrain = lab.get(f"t_{fight.get('terrain')}", str(fight.get("terrain")))
        panel.line(
            f"{cell_text(fight.get('cell'))} {terrain} · " + lab["enemy"].format(n=fight["enemy"]),
            12,
            indent=16,
        )
        if fight.get("lance"):
            lance = fight["lance"]
            panel.line(lab["lance"].format(card=f"{lance}"), 12, indent=16)
        if kind == "jerusalem_round":
            d = fight.get("defender")
            panel.line(
                lab["round"].format(
                    s=fight.get("siege_number"),
                    r=fight.get("round"),
                    d=_name(d, lab) if isinstance(d, int) else "–",
                ),
                12,
                indent=16,
            )
            if fight.get("papal_reward_if_lost"):  # ZK-J11
                panel.line(lab["if_lost"].format(n=fight["papal_reward_if_lost"]), 12, indent=16)
            yes = lab["yes"] if fight.get("attacker_committed") else lab["no"]
            panel.line(lab["committed"].format(yes=yes), 12, indent=16)
            if fight.get("my_commitment") is not None:
                panel.line(lab["my_commitment"].format(n=fight["my_commitment"]), 12, indent=16)
    _progress(view, panel, lab, slab)
    return panel


def _progress(
    view: dict[str, Any], panel: Panel, lab: dict[str, str], slab: dict[str, str]
) -> None:
    """How close each knight is to winning, from the public view: the fall of Jerusalem
    (ZK-W1) needs a siege, and a siege needs green tiles, motivation and army (ZK-J1); if the
    deck runs out twice (ZK-W2), ``exhaustion_winner`` decides (ZK-W4)."""
    seat = view.get("seat")
    need = int(view.get("jerusalem_tiles_needed", 2))
    army_need = MIN_COMMIT[JERUSALEM_FIGHT]
    rule = (view.get("options") or {}).get("exhaustion_winner", "none")
    panel.gap()
    panel.line(slab["progress"], 15, font_weight="bold")
    if not view["over"]:
        panel.wrapped(slab["win_rule"].split(" "), 16, 11, 64, fill="#555")
        panel.wrapped(
            slab["siege_rule"].format(r=need, m=JERUSALEM_MOTIVATION, a=army_need).split(" "),
            16,
            11,
            64,
            fill="#555",
        )
        for s in view["seats"]:
            p = s["seat"]
            green = len(s["green_tiles"])
            panel.out.append(
                f'<g data-kind="progress" data-seat="{p}" data-green="{green}" '
                f'data-motivation="{s["motivation"]}" data-army="{s["army"]}" '
                f'data-ready="{"true" if s.get("siege_eligible") else "false"}">'
            )
            name = lab["you"] if p == seat else _name(p, lab)
            text = f"{name}: " + slab["seat_progress"].format(
                g=green,
                r=need,
                m=s["motivation"],
                mm=JERUSALEM_MOTIVATION,
                a=s["army"],
                aa=army_need,
            )
            if s.get("siege_eligible"):
                text += " ✓"
            panel.line(text, 12, indent=16, font_weight="bold" if p == seat else "normal")
            panel.swatch(SEAT_COLOURS[p % len(SEAT_COLOURS)])
            panel.out.append("</g>")
        panel.wrapped(
            slab["deck_rule"].format(e=view["exhaustions"]).split(" "), 16, 11, 64, fill="#555"
        )
    key = "cities_rule" if rule == "most_muslim_cities" else "no_winner_rule"
    if view["over"] and view.get("end_reason") == "jerusalem":
        return  # the header names the winner; nothing else counts (ZK-W1)
    if view["over"]:
        panel.wrapped(
            slab["deck_rule"].format(e=view["exhaustions"]).split(" "), 16, 11, 64, fill="#555"
        )
    panel.wrapped(slab[key].split(" "), 16, 11, 64, fill="#555")
    if rule != "most_muslim_cities":
        return
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
        panel.out.append(
            f'<g data-kind="ranking" data-seat="{p}" data-place="{place}" data-green="{g}" '
            f'data-army="{a}" data-treasure="{t}">'
        )
        name = lab["you"] if p == seat else _name(p, lab)
        star = " ★" if p in winners else ""
        panel.line(slab["ranking"].format(n=place, name=name, g=g, a=a, t=t) + star, 12, indent=16)
        panel.swatch(SEAT_COLOURS[p % len(SEAT_COLOURS)])
        panel.out.append("</g>")


def _header(view: dict[str, Any], lab: dict[str, str], slab: dict[str, str]) -> list[str]:
    seat = view.get("seat")
    out = [_text(MARGIN, MARGIN + 4, lab["title"], 20, font_weight="bold")]
    who = slab["seat_view"].format(n=seat) if seat is not None else lab["spectator"]
    out.append(
        _text(MARGIN + 300, MARGIN + 4, f"{lab['players'].format(n=view['players'])} · {who}", 13)
    )
    phase = str(view["phase"])
    parts = [lab["turn"].format(n=view["turn"])]
    if view["over"]:
        reason = str(view.get("end_reason") or "")
        parts = [slab["over"].format(reason=lab.get(f"reason_{reason}", reason))]
        winners = view.get("winners") or []
        if winners:
            key = "winners" if len(winners) > 1 else "winner"
            parts.append(lab[key].format(names=", ".join(_name(s, lab) for s in winners)))
        else:
            parts.append(lab["no_winner"])
    else:
        parts.append(lab["active"].format(name=_name(view["active"], lab)))
        parts.append(lab["phase"].format(p=lab.get(f"phase_{phase}", phase)))
        decision = view["decision"]
        kind = str(decision.get("type"))
        what = lab.get(f"d_{kind}", kind)
        if kind == "symbol":
            what = what.format(unit=view.get("symbol", "?"))
        who_decides = decision.get("seat")
        if who_decides is not None:
            what = slab["by"].format(what=what, name=_name(who_decides, lab))
        parts.append(slab["decision"].format(what=what))
        if view.get("two_step_card"):
            code = view["two_step_card"]
            parts.append(lab["two_step"].format(card=f"{code} {card_label(code)}"))
    out.append(
        f'<g data-kind="status" data-over="{"true" if view["over"] else "false"}">'
        + _text(MARGIN, MARGIN + 24, " · ".join(parts), 13, font_weight="bold")
        + "</g>"
    )
    return out


def render_svg(
    view: dict[str, Any], lang: str = "en", legal: Sequence[dict[str, Any]] | None = None
) -> str:
    """A standalone SVG document of ``view``; with ``legal``, one clickable element per
    legal action (``data-action`` = the action's JSON)."""
    use_edition(view)
    lab = labels(lang)
    slab = SVG_LABELS.get(lang, SVG_LABELS["en"])
    b = board()
    m = _Map(b.width, b.height, MARGIN + HEADER)
    body = _header(view, lab, slab) + _grid(m) + _cities(view, m, lang) + _units(view, m)
    body += _pawns(view, m)
    cellless: list[dict[str, Any]] = []
    if legal:
        targets, cellless = _targets(legal, m, lab)
        body += targets
    map_w = b.width * CELL
    hand, y = _hand(view, m.bottom + 12, slab)
    body += hand
    buttons, y = _buttons(cellless, y + 4, map_w, lab)
    body += buttons
    px = MARGIN + map_w + 24
    panel = _panel(view, px, lab, slab)
    width = px + PANEL_W
    height = max(y + MARGIN, panel.y + MARGIN)
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'data-game="im-zeichen-des-kreuzes" '
        f"data-seat={_attr('' if view.get('seat') is None else view['seat'])}>"
    )
    title = f"<title>{escape(lab['title'])}</title>"
    background = f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fffdf7"/>'
    return "\n".join([head, title, background, *body, *panel.out, "</svg>"]) + "\n"
