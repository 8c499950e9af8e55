"""Medina as a standalone SVG picture of one seat's view (standard library only).

The board is drawn as in the rules' maps (x across, y down): the ring with the four towers
and the walls (coloured per tower), the city with buildings in their colours (claimed
palaces carry their owner's roof colour), stables, merchants, the well and its bonus
cells; a side panel lists the tiles, the supplies and the scores.

Every piece is one element with ``data-cell="x,y"`` and ``data-kind`` (``building``,
``stable``, ``merchant``, ``wall``, ``tower``, ``well``), plus ``data-palace`` and
``data-owner`` where they apply. With ``legal`` (action JSON objects), every legal target
gets a clickable element (class ``target``) whose ``data-action`` holds the action's JSON."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from html import escape
from typing import Any

from ...engine.svg import Panel, action_attr, esc, num
from ...engine.svg import attr as _attr
from ...engine.svg import text_element as _text
from .text import LETTERS, palace_sum

CELL = 36
MARGIN = 28
PANEL_W = 400

BUILDING_FILL = {
    "grey": "#9ea3a8",
    "black": "#2b2b2b",
    "purple": "#7d3c98",
    "brown": "#8b5a2b",
    "orange": "#e67e22",
}
SEAT_COLOURS = ("#f1c40f", "#e74c3c", "#3498db", "#27ae60")  # yellow, red, blue, green
SEAT_NAMES = {
    "en": ("yellow", "red", "blue", "green"),
    "de": ("gelb", "rot", "blau", "grün"),
}
NEUTRAL = "#eceff1"
TOWER_COLOURS = {1: "#16a085", 2: "#c2185b", 3: "#b7950b", 4: "#6c3483"}
KIND_COLOURS = {
    "start_merchant": "#ffffff",
    "roof": "#f5b041",
    "neutral_roof": NEUTRAL,
    "stable": "#d7bd8f",
    "merchant": "#ffffff",
    "wall": "#bdc3c7",
}
COLOUR_NAMES = {
    "de": {
        "grey": "grau",
        "black": "schwarz",
        "purple": "lila",
        "brown": "braun",
        "orange": "orange",
    }
}
TILE_VALUES = {"grey": 1, "black": 2, "purple": 2, "brown": 3, "orange": 4}

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Medina",
        "edition": "{n}. edition, {p} players",
        "seat": "view of Player {n}",
        "spectator": "spectator view",
        "player": "Player {n}",
        "to_start": "Player {n} places the start merchant",
        "to_place": "Player {n} to place: piece {k} of {q}",
        "over": "Game over",
        "winners": "Winner: {names}",
        "palace_tiles": "Palace tiles",
        "tower_tiles": "Tower tiles",
        "tower": "Tower {n}",
        "nobody": "nobody",
        "neutral": "neutral",
        "merchants": "{n} merchants",
        "supplies": "Supplies",
        "roofs": "roofs {n}",
        "neutral_roofs": "neutral roofs {n}",
        "tea": "tea {n}",
        "owns": "owns {c}",
        "hidden": "screen: {b} · s {s} · m {m} · W {w}",
        "scores": "Scores",
        "tiles": "palace tiles {p}, tower tiles {t}",
        "retired": "retired: {c}",
        "tea_pool": "tea pool: {n}",
        "discard_tea": "discard a tea tile",
        "palace": "palace #{p}",
        "point_legend": "pieces + W walls + m merchants + @ well = points",
    },
    "de": {
        "title": "Medina",
        "edition": "{n}. Edition, {p} Spieler",
        "seat": "Sicht von Spieler {n}",
        "spectator": "Zuschauersicht",
        "player": "Spieler {n}",
        "to_start": "Spieler {n} setzt den Startkaufmann",
        "to_place": "Spieler {n} setzt: Teil {k} von {q}",
        "over": "Spielende",
        "winners": "Sieger: {names}",
        "palace_tiles": "Palastkarten",
        "tower_tiles": "Turmkarten",
        "tower": "Turm {n}",
        "nobody": "niemand",
        "neutral": "neutral",
        "merchants": "{n} Kaufleute",
        "supplies": "Vorräte",
        "roofs": "Dächer {n}",
        "neutral_roofs": "neutrale Dächer {n}",
        "tea": "Tee {n}",
        "owns": "besitzt {c}",
        "hidden": "Sichtschirm: {b} · s {s} · m {m} · W {w}",
        "scores": "Punkte",
        "tiles": "Palastkarten {p}, Turmkarten {t}",
        "retired": "ausgeschieden: {c}",
        "tea_pool": "Teevorrat: {n}",
        "discard_tea": "ein Teeplättchen abwerfen",
        "palace": "Palast #{p}",
        "point_legend": "Teile + W Mauern + m Kaufleute + @ Brunnen = Punkte",
    },
}


def _owner_colour(owner: Any) -> str | None:
    if owner == "neutral":
        return NEUTRAL
    if isinstance(owner, int) and 0 <= owner < len(SEAT_COLOURS):
        return SEAT_COLOURS[owner]
    return None


def _owner_attr(owner: Any) -> str:
    return "neutral" if owner == "neutral" else "" if owner is None else str(owner)


class _Board:
    """Pixel geometry of the grid."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height

    def x0(self, x: int) -> int:
        return MARGIN + x * CELL

    def y0(self, y: int) -> int:
        return MARGIN + y * CELL

    def centre(self, cell: Sequence[int]) -> tuple[float, float]:
        return self.x0(cell[0]) + CELL / 2, self.y0(cell[1]) + CELL / 2


def _grid(view: dict[str, Any], b: _Board) -> list[str]:
    bonus = tuple(sorted({(int(c[0]), int(c[1])) for c in view.get("bonus_cells", [])}))
    return [_static_grid(b.width, b.height, bonus)]


@lru_cache(maxsize=32)
def _static_grid(width: int, height: int, bonus: tuple[tuple[int, int], ...]) -> str:
    """The board's squares, bonus cells and coordinates: the same in every view of a game
    (drawn once per board size and well)."""
    b = _Board(width, height)
    out = ['<g class="grid">']
    for y in range(b.height):
        for x in range(b.width):
            ring = x in (0, b.width - 1) or y in (0, b.height - 1)
            fill = "#c9b18a" if ring else "#f3e5c5"
            out.append(
                f'<rect x="{b.x0(x)}" y="{b.y0(y)}" width="{CELL}" height="{CELL}" '
                f'fill="{fill}" stroke="#b59c72" stroke-width="0.6"/>'
            )
            if (x, y) in bonus:
                out.append(
                    f'<rect class="bonus" data-bonus="{x},{y}" x="{b.x0(x) + 2}" '
                    f'y="{b.y0(y) + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="#d6eaf8" '
                    'stroke="#2e86c1" stroke-width="1.5" stroke-dasharray="4 2"/>'
                )
                out.append(
                    _text(
                        b.x0(x) + CELL - 9,
                        b.y0(y) + 11,
                        "+4",
                        9,
                        fill="#2e86c1",
                        text_anchor="middle",
                    )
                )
    for x in range(b.width):
        out.append(_text(b.x0(x) + CELL / 2, MARGIN - 8, str(x), 11, text_anchor="middle"))
    for y in range(b.height):
        out.append(_text(MARGIN - 6, b.y0(y) + CELL / 2 + 4, str(y), 11, text_anchor="end"))
    out.append("</g>")
    return "\n".join(out)


def _pieces(view: dict[str, Any], b: _Board) -> list[str]:
    owners = {p["id"]: p.get("owner") for p in view["palaces"]}
    canonical = {tuple(p["cell"]): p["id"] for p in view["palaces"]}
    chain_tower = [c["tower"] for c in view["wall_chains"]]
    ends = {tuple(c) for c in view["merchant_line_ends"]}
    out = ['<g class="pieces">']
    for tower in view["towers"]:
        x, y = tower["cell"]
        out.append(_tower(x, y, tower["tower"]))
    if view.get("well"):
        x, y = view["well"]
        out.append(_well(x, y))
    for piece in view["pieces"]:
        kind = piece["kind"]
        x, y = piece["cell"]
        if kind == "building":
            palace = piece["palace"]
            out.append(
                _building(
                    x,
                    y,
                    piece["colour"],
                    palace,
                    owners.get(palace),
                    canonical.get((x, y)) == palace,
                )
            )
        elif kind == "stable":
            out.append(_stable(x, y, piece["palace"], owners.get(piece["palace"])))
        elif kind == "merchant":
            out.append(_merchant(x, y, (x, y) in ends))
        elif kind == "wall":
            chain = piece.get("chain", -1)
            tower = chain_tower[chain] if 0 <= chain < len(chain_tower) else 0
            out.append(_wall(x, y, chain, tower))
    out.append("</g>")
    return out


# One element per piece, memoised on everything it shows: most pieces stay put from move to
# move and look the same in every seat's picture. The caches are bounded (a game has at
# most a few hundred distinct pieces).
@lru_cache(maxsize=64)
def _tower(x: int, y: int, value: int) -> str:
    cx, cy = _centre(x, y)
    return (
        f'<g data-kind="tower" data-cell="{x},{y}" data-tower="{value}">'
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{CELL / 2 - 1:g}" '
        f'fill="{TOWER_COLOURS.get(value, "#777")}" stroke="#222" stroke-width="1.5"/>'
        + _text(cx, cy + 6, str(value), 17, fill="#fff", text_anchor="middle", font_weight="bold")
        + "</g>"
    )


@lru_cache(maxsize=64)
def _well(x: int, y: int) -> str:
    cx, cy = _centre(x, y)
    return (
        f'<g data-kind="well" data-cell="{x},{y}">'
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{CELL / 2 - 3:g}" fill="#5dade2" '
        'stroke="#1b4f72" stroke-width="2"/>'
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{CELL / 5:g}" fill="#1b4f72"/></g>'
    )


@lru_cache(maxsize=4096)
def _building(x: int, y: int, colour: str, palace: Any, owner: Any, canonical: bool) -> str:
    px, py = MARGIN + x * CELL, MARGIN + y * CELL
    cx, cy = _centre(x, y)
    roof = _owner_colour(owner)
    fill = BUILDING_FILL.get(colour, "#888")
    letter = LETTERS.get(colour, "?")
    body = [
        f'<rect x="{px + 3}" y="{py + 3}" width="{CELL - 6}" height="{CELL - 6}" '
        f'rx="3" fill="{fill}" stroke="{roof or "#3b2a1a"}" '
        f'stroke-width="{4 if roof else 1}"/>'
    ]
    if roof:  # the roof: a triangle in the owner's colour
        body.append(
            f'<path d="M{px + 5},{py + 15} L{cx:g},{py + 5} L{px + CELL - 5},{py + 15} Z" '
            f'fill="{roof}" stroke="#222" stroke-width="0.8"/>'
        )
    body.append(
        _text(
            cx,
            cy + (9 if roof else 5),
            letter.upper() if roof else letter,
            13,
            fill="#fff",
            text_anchor="middle",
            font_weight="bold",
        )
    )
    if canonical:
        body.append(_text(px + 4, py + CELL - 3, f"#{palace}", 8, fill="#fff"))
    return (
        f'<g data-kind="building" data-cell="{x},{y}" data-colour={_attr(colour)} '
        f'data-palace="{palace}" data-owner={_attr(_owner_attr(owner))}>' + "".join(body) + "</g>"
    )


@lru_cache(maxsize=1024)
def _stable(x: int, y: int, palace: Any, owner: Any) -> str:
    px, py = MARGIN + x * CELL, MARGIN + y * CELL
    cx, cy = _centre(x, y)
    roof = _owner_colour(owner)
    return (
        f'<g data-kind="stable" data-cell="{x},{y}" data-palace="{palace}" '
        f"data-owner={_attr(_owner_attr(owner))}>"
        f'<rect x="{px + 6}" y="{py + 8}" width="{CELL - 12}" height="{CELL - 14}" '
        f'fill="#d7bd8f" stroke="{roof or "#6e4b1f"}" stroke-width="{3 if roof else 1}"/>'
        + _text(cx, cy + 5, "s", 12, fill="#5d4037", text_anchor="middle")
        + "</g>"
    )


@lru_cache(maxsize=1024)
def _merchant(x: int, y: int, end: bool) -> str:
    cx, cy = _centre(x, y)
    return (
        f'<g data-kind="merchant" data-cell="{x},{y}" data-end="{"1" if end else "0"}">'
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{CELL / 2 - 7:g}" fill="#fdfefe" '
        f'stroke="{"#d35400" if end else "#566573"}" stroke-width="{3 if end else 1.5}"/>'
        + _text(cx, cy + 4, "m", 11, fill="#2c3e50", text_anchor="middle")
        + "</g>"
    )


@lru_cache(maxsize=1024)
def _wall(x: int, y: int, chain: Any, tower: Any) -> str:
    px, py = MARGIN + x * CELL, MARGIN + y * CELL
    cx, cy = _centre(x, y)
    return (
        f'<g data-kind="wall" data-cell="{x},{y}" data-chain="{chain}" '
        f'data-tower="{tower}">'
        f'<rect x="{px + 2}" y="{py + 2}" width="{CELL - 4}" height="{CELL - 4}" '
        f'fill="{TOWER_COLOURS.get(tower, "#7f8c8d")}" stroke="#222" stroke-width="1"/>'
        + _text(cx, cy + 5, "W", 12, fill="#fff", text_anchor="middle")
        + "</g>"
    )


def _centre(x: int, y: int) -> tuple[float, float]:
    return MARGIN + x * CELL + CELL / 2, MARGIN + y * CELL + CELL / 2


def _action_label(action: dict[str, Any]) -> str:
    kind = str(action.get("type", ""))
    if kind == "build":
        return f"build {action.get('colour', '')}"
    return kind.replace("_", " ")


def _targets(legal: Sequence[dict[str, Any]], b: _Board) -> tuple[list[str], list[dict[str, Any]]]:
    """Clickable targets on the board; the actions without a cell are returned apart."""
    by_cell: dict[tuple[int, int], list[dict[str, Any]]] = {}
    cellless: list[dict[str, Any]] = []
    for action in legal:
        cell = action.get("cell")
        if isinstance(cell, list | tuple) and len(cell) == 2:
            by_cell.setdefault((int(cell[0]), int(cell[1])), []).append(action)
        else:
            cellless.append(action)
    out = ['<g class="targets">']
    for (x, y), actions in by_cell.items():
        k = len(actions)
        h = (CELL - 4) / k
        left, top, height = b.x0(x) + 2, b.y0(y) + 2, num(h)
        for i, action in enumerate(actions):
            kind = str(action.get("type", ""))
            colour = (
                BUILDING_FILL.get(str(action.get("colour")), "#888")
                if kind == "build"
                else KIND_COLOURS.get(kind, "#fff")
            )
            out.append(
                f'<rect class="target" data-target="{x},{y}" data-action={action_attr(action)} '
                f'x="{left}" y="{num(top + i * h)}" width="{CELL - 4}" '
                f'height="{height}" fill="{colour}" fill-opacity="0.45" stroke="#00e676" '
                f'stroke-width="2" style="cursor:pointer">'
                f"<title>{esc(_action_label(action))} ({x},{y})</title></rect>"
            )
    out.append("</g>")
    return out, cellless


def _colour(colour: str, lang: str) -> str:
    return COLOUR_NAMES.get(lang, {}).get(colour, colour)


def _name(seat: int, lab: dict[str, str]) -> str:
    return lab["player"].format(n=seat + 1)


def _panel(
    view: dict[str, Any],
    lab: dict[str, str],
    lang: str,
    x: int,
    cellless: Sequence[dict[str, Any]],
) -> Panel:
    panel = Panel(x, MARGIN - 14)
    seat = view.get("seat")
    palaces = {p["id"]: p for p in view["palaces"]}
    panel.line(lab["title"], 20, font_weight="bold")
    panel.line(lab["edition"].format(n=view["edition"], p=view["players"]))
    panel.line(lab["seat"].format(n=seat + 1) if seat is not None else lab["spectator"])
    active = view.get("active")
    if view["phase"] == "over":
        panel.line(lab["over"], font_weight="bold")
        names = ", ".join(_name(s, lab) for s in view.get("winners") or [])
        panel.line(lab["winners"].format(names=names), fill="#1e8449", font_weight="bold")
    elif active is not None:
        if view["phase"] == "start_merchant":
            panel.line(lab["to_start"].format(n=active + 1), font_weight="bold")
        else:
            k = view.get("placements_this_turn", 0) + 1
            text = lab["to_place"].format(n=active + 1, k=k, q=view.get("quota", 1))
            panel.line(text, font_weight="bold")
        panel.swatch(SEAT_COLOURS[active % 4], dx=-14, size=10)
    extra = []
    if view.get("retired"):
        names = ", ".join(_colour(c, lang) for c in view["retired"])
        extra.append(lab["retired"].format(c=names))
    if view["edition"] == 2:
        extra.append(lab["tea_pool"].format(n=view.get("tea_pool", 0)))
    if extra:
        panel.line(" · ".join(extra))
    for action in cellless:
        panel.y += 6
        panel.out.append(
            f'<g class="target" data-action={action_attr(action)} style="cursor:pointer">'
            f'<rect x="{panel.x}" y="{panel.y + 2}" width="200" height="20" rx="4" '
            'fill="#e8f8f5" stroke="#00e676" stroke-width="2"/>'
            + _text(
                panel.x + 8,
                panel.y + 16,
                lab["discard_tea"]
                if action.get("type") == "discard_tea"
                else _action_label(action),
                12,
            )
            + "</g>"
        )
        panel.y += 22

    def holder(p: Any) -> tuple[str, str | None]:
        if not p:
            return lab["nobody"], None
        owner = palaces.get(p, {}).get("owner")
        if owner == "neutral":
            return f"#{p} ({lab['neutral']})", NEUTRAL
        if isinstance(owner, int):
            return f"#{p} ({_name(owner, lab)})", SEAT_COLOURS[owner % 4]
        return f"#{p}", None

    panel.gap()
    panel.line(lab["palace_tiles"], 15, font_weight="bold")
    for colour, p in view["palace_tiles"].items():
        name, swatch = holder(p)
        panel.line(f"{_colour(colour, lang)} ({TILE_VALUES.get(colour, '?')}) → {name}", indent=16)
        panel.out.append(
            f'<rect x="{panel.x}" y="{panel.y - 10}" width="11" height="11" '
            f'fill="{BUILDING_FILL.get(colour, "#888")}"/>'
        )
        if swatch:
            panel.swatch(swatch, dx=-14, size=10)
    panel.gap()
    panel.line(lab["tower_tiles"], 15, font_weight="bold")
    towers = {t["tower"]: t for t in view["towers"]}
    for value in sorted(view["tower_tiles"], key=int):
        name, swatch = holder(view["tower_tiles"][value])
        text = f"{lab['tower'].format(n=value)} → {name}"
        if view["edition"] == 2:
            text += " · " + lab["merchants"].format(
                n=towers.get(int(value), {}).get("merchants", 0)
            )
        panel.line(text, indent=16)
        panel.out.append(
            f'<circle cx="{panel.x + 5}" cy="{panel.y - 4}" r="5.5" '
            f'fill="{TOWER_COLOURS.get(int(value), "#777")}"/>'
        )
        if swatch:
            panel.swatch(swatch, dx=-14, size=10)
    panel.gap()
    panel.line(lab["supplies"], 15, font_weight="bold")
    for s, supply in enumerate(view["supplies"]):
        parts = [lab["roofs"].format(n=supply["roofs"])]
        if view["edition"] == 2:
            parts.append(lab["neutral_roofs"].format(n=supply["neutral_roofs"]))
            parts.append(lab["tea"].format(n=supply["tea"]))
        owns = "".join(LETTERS.get(c, "?").upper() for c in supply["owns"]) or "–"
        parts.append(lab["owns"].format(c=owns))
        weight = "bold" if s == seat else "normal"
        panel.line(f"{_name(s, lab)}: " + " · ".join(parts), 12, indent=16, font_weight=weight)
        panel.out.append(
            f'<rect x="{panel.x}" y="{panel.y - 10}" width="11" height="11" '
            f'fill="{SEAT_COLOURS[s % 4]}" stroke="#222" stroke-width="0.6"/>'
        )
        if "buildings" in supply:
            counts = " ".join(f"{LETTERS.get(c, '?')}{n}" for c, n in supply["buildings"].items())
            text = lab["hidden"].format(
                b=counts, s=supply["stables"], m=supply["merchants"], w=supply["walls"]
            )
            panel.line(text, 12, indent=28, fill="#555")
    panel.gap()
    panel.line(lab["scores"], 15, font_weight="bold")
    panel.line(lab["point_legend"], 10, indent=16, fill="#555")
    winners = set(view.get("winners") or [])
    for s, score in enumerate(view["scores"]):
        star = " ★" if s in winners else ""
        panel.line(f"{_name(s, lab)}: {score['total']}{star}", 13, indent=16, font_weight="bold")
        panel.out.append(
            f'<rect x="{panel.x}" y="{panel.y - 10}" width="11" height="11" '
            f'fill="{SEAT_COLOURS[s % 4]}" stroke="#222" stroke-width="0.6"/>'
        )
        items = []
        for pal in score["palaces"]:
            items.append(palace_sum(pal, LETTERS.get(pal["colour"], "?").upper()))
        items.append(lab["tiles"].format(p=score["palace_tiles"], t=score["tower_tiles"]))
        line = ""
        for item in items:
            candidate = f"{line}, {item}" if line else item
            if len(candidate) > 46 and line:
                panel.line(line, 11, indent=28, fill="#333")
                candidate = item
            line = candidate
        if line:
            panel.line(line, 11, indent=28, fill="#333")
    return panel


def render_svg(
    view: dict[str, Any], lang: str = "en", legal: Sequence[dict[str, Any]] | None = None
) -> str:
    """A standalone SVG document of ``view``; with ``legal``, clickable targets for every
    legal action (``data-action`` = the action's JSON)."""
    lab = LABELS.get(lang, LABELS["en"])
    b = _Board(view["board"]["width"], view["board"]["height"])
    board_w = 2 * MARGIN + b.width * CELL
    board_h = 2 * MARGIN + b.height * CELL
    body = _grid(view, b) + _pieces(view, b)
    cellless: list[dict[str, Any]] = []
    if legal:
        targets, cellless = _targets(legal, b)
        body += targets
    panel = _panel(view, lab, lang, board_w + 16, cellless)
    width = board_w + 16 + PANEL_W
    height = max(board_h, panel.y + MARGIN)
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'data-game="medina" data-seat={_attr("" if view.get("seat") is None else view["seat"])}>'
    )
    title = f"<title>{escape(lab['title'])}</title>"
    background = f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fffdf7"/>'
    return "\n".join([head, title, background, *body, *panel.out, "</svg>"]) + "\n"
