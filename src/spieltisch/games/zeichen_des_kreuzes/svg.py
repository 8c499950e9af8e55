"""Im Zeichen des Kreuzes as a standalone SVG picture of one seat's view, drawn for the
screen at 1:1 (``docs/board-interface.md``; standard library only).

From the top: the header (turn, who acts, the decision), the map of the Mediterranean
computed from the board data (``map_svg``: coasts, sea, mountains, the faint square grid of
the rules) with the cities, the neutral fleets and armies and the knights as figures
(``figures``); the current fight and a number track when the decision is a number; the
viewer's hand as cards with their effect printed on them (``cards_svg``) beside the draw
and discard piles; a legend; then the tower, Jerusalem and the neutral units, the shared
motivation track, the knights' standings and the road to victory (``panels_svg``).

Moves are made on the picture (``board_moves``): a hand card is a pick (``card:ZK012``) and
its reachable cells are places (``cell:x,y``); a neutral unit's symbol move picks the unit
(``unit:0``) and places its cell; second steps and retreats are places on the map; troop,
garrison and recruiting numbers are places on the number track (``amount:5``), with the
Holy Lance picked first when it goes with them; a Truce or a Tower shaking is its card
picked, then a button; city options, the other window choices and the ends of phases are
buttons.

The keys, each on exactly one element, also where no legal move uses them now (the page
lights only the legal ones; a click on another asks the server why not, which reads the
move it means from ``attempt``): ``card:CODE`` every card in the viewer's hand; ``unit:N``
every neutral unit on the map; ``cell:x,y`` every cell of the map: a lit target over
everything when a legal move goes there, else the city on it (its whole cell) or the
cell's own transparent rect under the pieces; ``amount:N`` every number of the number
track, from 0 to the largest legal one. ``log_keys`` names the keyed pieces a log event
touched
(``knight:0``, ``unit:1``, ``city:4``, ``cell:x,y``, ``card:ZK012``, ``tower``,
``cubes:P0``, ``cubes:G``, ``garrison``, ``deck``, ``seat:0``).

Data attributes kept for scripts and tests: every map cell ``data-kind="cell"`` with
``data-cell`` and ``data-terrain``; cities ``data-kind="city"`` with ``data-city``,
``data-city-kind``, ``data-plundered-by`` and ``data-tile``; pawns ``data-kind="pawn"``
with ``data-cell`` and ``data-seat``; neutral units ``data-kind="fleet"``/``"army"`` with
``data-unit`` and ``data-cell`` (``data-removed="true"`` in the panel once removed); the
status ``data-kind="status"`` with ``data-over``; hand cards ``data-kind="card"`` with
``data-card``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.svg import attr, num
from . import cards_svg, figures, map_svg, panels_svg, picture_moves
from .board import JERUSALEM
from .components import SHOWN_EDITION, default_components
from .names import city_name, lang_of, unit_name
from .picture_moves import attempt as attempt  # the server reads it here (board-interface.md)
from .picture_text import counted, words
from .shown import board, components, use_edition
from .text_words import labels
from .upgrade import upgrade_event

GAME = "im-zeichen-des-kreuzes"
WIDTH = 1000
MAP_X = 32  # the map's left edge (row numbers to its left)
CELL = map_svg.CELL
CELL_MOVES = ("move", "event", "step", "move_unit", "retreat")
AMOUNT_MOVES = ("commit", "defend", "recruit")


# -- the entry points the server calls ----------------------------------------------------
def render_svg(
    view: dict[str, Any], lang: str = "en", legal: Sequence[dict[str, Any]] | None = None
) -> str:
    """The picture of ``view`` in ``lang``; ``legal`` (the viewer's legal actions as JSON)
    decides which cells, cards, units and numbers are places and picks."""
    use_edition(view)
    lang = lang_of(lang)
    w = words(lang)
    legal = list(legal or [])
    head, y = _header(view, lang)
    map_y = y + 24
    body = [map_svg.STYLE, map_svg.defs(), *head]
    body.append(_coordinates(_edition(), map_y))
    lab = labels(lang)
    terrains = (lab["t_sea"], lab["t_plain"], lab["t_mountain"])
    body.append(map_svg.static_map(_edition(), MAP_X, map_y, terrains))
    targets = _target_cells(legal)
    b = board()
    skip = frozenset(b.cell(x, y) for x, y in targets) | frozenset(b.city_at)
    body.append(map_svg.cells(_edition(), MAP_X, map_y, terrains, skip))
    body += _map_pieces(view, legal, lang, map_y, targets)
    y = map_y + board().height * CELL + 12
    now, y = panels_svg.decision(view, legal, lang, y)  # a fight and its numbers first
    body += now
    top = y - 2
    cards, y = _cards_row(view, legal, lang, top)  # then the hand
    body += cards
    if view.get("hand") is None:  # a spectator: the legend beside the piles
        x = MAP_X + 2 * cards_svg.CARD_W + 48
        body += _legend(lang, top + 40, x, WIDTH - MAP_X - x)[0]
    else:
        legend, y = _legend(lang, y + 4)
        body += legend
    table, y = panels_svg.table(view, lang, y + 8)
    body += table
    title = (
        f"{w['title']} · {pic.seat_name(view['seat'], lang, view['seat'])}"
        if isinstance(view.get("seat"), int)
        else f"{w['title']} · {w['spectator']}"
    )
    return pic.document(GAME, WIDTH, y + 16, body, title, view.get("seat"))


def board_moves(
    view: dict[str, Any], legal: Sequence[dict[str, Any]], lang: str = "en"
) -> list[dict[str, Any]]:
    """For each legal action, how it is made on the picture: ``pick``, ``place`` and a
    short ``button`` caption (see the module's docstring)."""
    use_edition(view)
    lang = lang_of(lang)
    return [picture_moves.move(action, view, lang) for action in legal]


def log_keys(event: dict[str, Any]) -> list[str]:
    """The ``data-key``s of the pieces a log event touched (an older log's event too)."""
    event = upgrade_event(event)
    kind = event.get("type")
    seat = event.get("seat")
    keys: list[str] = []
    if isinstance(seat, int) and kind not in _SEATLESS:
        keys.append(f"knight:{seat}")
    to = event.get("to") if kind != "fight" else event.get("cell")
    if isinstance(to, list) and len(to) == 2:
        keys.append(f"cell:{to[0]},{to[1]}")
    card = event.get("card")
    if isinstance(card, str) and kind in _CARD_EVENTS:
        keys.append(f"card:{card}")
    if kind in ("move_unit", "unit_removed") or (kind == "fight" and _index(event, "unit")):
        keys.append(f"unit:{event.get('unit')}")
    if kind in ("plundered",) or (kind == "fight" and _index(event, "city")):
        keys.append(f"city:{event.get('city')}")
    if kind == "event" and isinstance(event.get("target"), int):
        keys.append(f"knight:{event['target']}")
    if kind == "fight" and isinstance(event.get("fighter"), int):
        keys.append(f"knight:{event['fighter']}")
    if kind == "reveal" and isinstance(event.get("attacker"), int):
        keys.append(f"knight:{event['attacker']}")
    keys += _EXTRA.get(str(kind), [])
    if kind == "throw":
        colours = {**(event.get("thrown") or {}), **(event.get("tray") or {})}
        keys += [f"cubes:{c}" for c in sorted(colours)]
    if kind in ("papal_reward", "recruit", "pray"):
        keys.append(f"seat:{seat}")
    return list(dict.fromkeys(keys))  # once each, in order


_SEATLESS = ("throw", "draw", "immediate", "siege_ends", "reveal", "fight")
_CARD_EVENTS = ("move", "event", "truce", "lance", "discard", "immediate", "empty_tower", "draw")
_EXTRA = {
    "throw": ["tower"],
    "empty_tower": ["tower"],
    "reveal": ["garrison"],
    "siege": ["garrison"],
    "siege_round": ["garrison"],
    "jerusalem_falls": ["garrison"],
    "immediate": ["deck"],
    "draw": ["deck"],
    "exhausted": ["deck"],
}


def _index(event: dict[str, Any], name: str) -> bool:
    value = event.get(name)
    return isinstance(value, int) and value >= 0


# -- the header and the legend ------------------------------------------------------------
def _header(view: dict[str, Any], lang: str) -> tuple[list[str], float]:
    w = words(lang)
    lab = labels(lang)
    seat = view.get("seat")
    viewer = seat if isinstance(seat, int) else None
    parts = [w["turn"].format(n=view["turn"])]
    if view["over"]:
        reason = str(view.get("end_reason") or "")
        parts = [w["over"].format(reason=lab.get(f"reason_{reason}", reason))]
        winners = view.get("winners") or []
        names = ", ".join(pic.seat_name(s, lang, viewer) for s in winners)
        won = counted(lang, "winners", len(winners)) if winners else w["no_winner"]
        parts.append(won.format(names=names))
    else:
        parts.append(w["to_act"].format(name=pic.seat_name(view["active"], lang, viewer)))
        decision = view["decision"]
        kind = str(decision.get("type"))
        what = lab.get(f"d_{kind}", kind)
        if kind == "symbol":
            unit = str(view.get("symbol", "?"))
            what = what.format(unit=w.get(f"legend_{unit}", unit))
        who = decision.get("seat")
        if isinstance(who, int) and who != view["active"]:
            what = w["decider"].format(what=what, name=pic.seat_name(who, lang, viewer))
        phase = w.get(f"phase_{view['phase']}", str(view["phase"]))
        parts.append(w["decision"].format(phase=phase, what=what))
    status = " · ".join(parts)
    head, y = pic.header(w["title"], status, WIDTH)
    if viewer is not None and 16 + pic.text_width(status) < WIDTH - 214:  # room beside
        you = pic.seat_name(viewer, lang, viewer)
        head.append(
            f"<g{pic.tip(you)}>"
            + figures.knight(viewer, WIDTH - 200, 32, 1.1)
            + pic.text(WIDTH - 182, 38, you, pic.FONT, fill="#ffffff", font_weight="bold")
            + "</g>"
        )
    over = "true" if view["over"] else "false"
    return [f'<g data-kind="status" data-over="{over}">', *head, "</g>"], y


def _legend(
    lang: str, y: float, x: float = MAP_X, width: float = WIDTH - 2 * MAP_X
) -> tuple[list[str], float]:
    """What the map's figures are (their tips say more)."""
    out, bottom = _legend_drawn(lang, y, x, width)
    return list(out), bottom


@lru_cache(maxsize=64)
def _legend_drawn(lang: str, y: float, x: float, width: float) -> tuple[tuple[str, ...], float]:
    """The legend depends on nothing but the language and where it goes."""
    w = words(lang)
    items = [
        (figures.city("city_red", 15, 16, False), w["legend_red"]),
        (figures.city("city_green", 15, 16, False), w["legend_green"]),
        (figures.city(JERUSALEM, 15, 17, False), w["legend_jerusalem"]),
        (figures.fleet(15, 15), w["legend_fleet"]),
        (figures.army(15, 14), w["legend_army"]),
        (figures.knight(0, 15, 13, 0.8), w["legend_knight"]),
    ]
    out, bottom = pic.legend(items, x, y, width, icon=30)
    return tuple(out), bottom


# -- the map's pieces ---------------------------------------------------------------------
# The pieces are memoised on everything their drawing reads (the edition key stands for the
# board, the cards and the units' names): the same pieces recur in every seat's picture
# after every move, and drawing them costs more than looking them up.
_PIECES = 2048


def _edition() -> str:
    """The edition the picture is drawn with, as a cache key: a view naming an edition not
    parsed in this process is drawn with the default one, and keyed so."""
    shown = SHOWN_EDITION.get()
    return "default" if shown != "default" and components() is default_components() else shown


@lru_cache(maxsize=16)
def _coordinates(edition: str, map_y: float) -> str:
    """The column and row numbers (``edition`` keys the board being drawn)."""
    return map_svg.coordinates(board(), MAP_X, map_y)


def _centre(xy: Sequence[int], map_y: float) -> tuple[float, float]:
    return MAP_X + xy[0] * CELL + CELL / 2, map_y + xy[1] * CELL + CELL / 2


def _target_cells(legal: Sequence[dict[str, Any]]) -> frozenset[tuple[int, int]]:
    """The cells the legal moves go to (each one a lit target over the map)."""
    cells = set()
    for action in legal:
        to = action.get("to")
        if action.get("type") in CELL_MOVES and isinstance(to, list) and len(to) == 2:
            cells.add((to[0], to[1]))
    return frozenset(cells)


def _map_pieces(
    view: dict[str, Any],
    legal: Sequence[dict[str, Any]],
    lang: str,
    map_y: float,
    targets: frozenset[tuple[int, int]],
) -> list[str]:
    seat = view.get("seat")
    viewer = seat if isinstance(seat, int) else None
    occupied = {tuple(u["cell"]) for u in view["units"] if u.get("cell") is not None}
    occupied |= {tuple(c["cell"]) for c in view["cities"]}  # knights stand beside the town
    knights: dict[tuple[int, int], list[int]] = {}
    for s in view["seats"]:
        knights.setdefault(tuple(s["pawn"]), []).append(int(s["seat"]))
    cities = tuple(
        (
            str(c["name"]),
            str(c["kind"]),
            (c["cell"][0], c["cell"][1]),
            c.get("plundered_by"),
            c.get("tile"),
        )
        for c in view["cities"]
    )
    need = view.get("jerusalem_tiles_needed", 2)
    # a city's cell is a place on the city itself (over the cell, under the knights), unless
    # a legal move lights it
    places = tuple(row[2] not in targets for row in cities)
    out = list(_cities(cities, need, lang, map_y, viewer, places))
    fight = view.get("fight")
    if fight and isinstance(fight.get("cell"), list):
        out.append(_fight_mark(fight["cell"], map_y, lang))
    out.append('<g class="units">')
    for u in view["units"]:
        if u.get("cell") is not None:
            shift = -10 if tuple(u["cell"]) in knights else 0
            cell = (u["cell"][0], u["cell"][1])
            kind = str(u["kind"])
            out.append(_unit(kind, u["id"], u["unit"], cell, lang, map_y, shift))
    out.append("</g>")
    out.append('<g class="pawns">')
    for cell, seats in knights.items():
        shift = 10 if cell in occupied else 0
        out += _knights(cell, seats, view, lang, map_y, shift, viewer)
    out.append("</g>")
    out += _targets(targets, lang, map_y)
    # over the pieces and the lit cells (clicks pass through): a name is always readable
    out += _labels(view, lang, map_y)
    return out


CityRow = tuple[str, str, tuple[int, int], Any, Any]  # name, kind, cell, plunderer, tile


# the cities change only when one is plundered: the group is drawn once per look
@lru_cache(maxsize=256, typed=True)
def _cities(
    cities: tuple[CityRow, ...],
    need: Any,
    lang: str,
    map_y: float,
    viewer: int | None,
    places: tuple[bool, ...],
) -> tuple[str, ...]:
    out = ['<g class="cities">']
    for index, (name, kind, cell, by, tile) in enumerate(cities):
        drawn = _city(index, name, kind, cell, by, tile, need, lang, map_y, viewer)
        if places[index]:  # the whole cell, so that a click beside the town tries it too
            x, y = MAP_X + cell[0] * CELL, map_y + cell[1] * CELL
            drawn = (
                f"<g{pic.place(f'cell:{cell[0]},{cell[1]}')}>"
                f'<rect x="{num(x)}" y="{num(y)}" width="{CELL}" height="{CELL}" '
                f'fill="#ffffff" fill-opacity="0"/>{drawn}</g>'
            )
        out.append(drawn)
    out.append("</g>")
    return tuple(out)


@lru_cache(maxsize=_PIECES, typed=True)
def _city(
    index: int,
    data_name: str,
    kind: str,
    cell: tuple[int, int],
    by: Any,
    tile: Any,
    need: Any,
    lang: str,
    map_y: float,
    viewer: int | None,
) -> str:
    w = words(lang)
    cx, cy = _centre(cell, map_y)
    name = city_name(data_name, lang)
    kind_word = w["jerusalem_kind"] if kind == JERUSALEM else w.get(kind, kind)
    tip = [f"{name}: {kind_word} ({cell[0]},{cell[1]})"]
    if by is not None:
        tip.append(w["tile_held"].format(name=pic.seat_name(by, lang, viewer), v=tile))
        tip.append(w["opt_closed"])
    else:
        key = {"city_red": "opt_red", "city_crete": "opt_crete", "city_green": "opt_green"}
        tip.append(w.get(key.get(kind, ""), "") or w["opt_jerusalem"].format(r=need))
        if kind in ("city_red", "city_green"):
            tip.append(w["tile_down"])
    attrs = (
        f'data-kind="city" data-key="city:{index}" data-cell="{cell[0]},{cell[1]}" '
        f"data-city={attr(data_name)} data-city-kind={attr(kind)}"
    )
    if by is not None:
        attrs += f' data-plundered-by="{by}"'
    if tile is not None:
        attrs += f' data-tile="{tile}"'
    body = figures.city(kind, cx, cy, by is not None)
    if by is not None:  # the tile, face up, in the plunderer's colour with its shape
        ink = figures.seat_ink(by)
        body += (
            f'<rect x="{num(cx + 2)}" y="{num(cy - 22)}" width="28" height="18" rx="3" '
            f'fill="{figures.seat_colour(by)}" stroke="#222" stroke-width="1.2"/>'
            + figures.mark(by, cx + 9, cy - 13, 4).replace(figures.seat_colour(by), ink, 1)
            + pic.text(
                cx + 22, cy - 8, str(tile), 12, font_weight="bold", fill=ink, text_anchor="middle"
            )
        )
    return f"<g {attrs}{pic.tip(' '.join(tip))}>{body}</g>"


def _labels(view: dict[str, Any], lang: str, map_y: float) -> list[str]:
    """The city names with a light halo, placed where they overlap least (computed once
    per edition and language)."""
    cities = tuple((str(c["name"]), c["kind"] == JERUSALEM) for c in view["cities"])
    return list(_labels_drawn(_edition(), lang, map_y, cities))


@lru_cache(maxsize=64)
def _labels_drawn(
    edition: str, lang: str, map_y: float, cities: tuple[tuple[str, bool], ...]
) -> tuple[str, ...]:
    """The names of ``cities`` (data name, whether Jerusalem): the same in every view of
    an edition and language."""
    spots = _label_spots(edition, lang, map_y)
    out = [
        '<g class="city-names" font-weight="bold" stroke="#fffaf0" stroke-width="3.5" '
        'stroke-linejoin="round" paint-order="stroke" fill="#2b1d0e" pointer-events="none">'
    ]
    for data_name, holy in cities:
        spot = spots.get(data_name)
        if spot is None:
            continue
        x, y, anchor = spot
        name = city_name(data_name, lang)
        fill = "#7a1010" if holy else "#2b1d0e"
        out.append(pic.text(x, y, name, 12, text_anchor=anchor, fill=fill))
    out.append("</g>")
    return tuple(out)


# where a name may go, relative to its city's centre: (dx, dy of the baseline, anchor)
_SPOTS = (
    (0, 23, "middle"),
    (0, -15, "middle"),
    (15, 5, "start"),
    (-15, 5, "end"),
    (8, 25, "start"),
    (-8, 25, "end"),
    (8, -15, "start"),
    (-8, -15, "end"),
)


@lru_cache(maxsize=16)
def _label_spots(edition: str, lang: str, map_y: float) -> dict[str, tuple[float, float, str]]:
    b = board()
    boxes: list[tuple[float, float, float, float]] = []
    icons = []
    for c in b.cities:
        cx, cy = _centre(b.xy(c.cell), map_y)
        icons.append((cx - 12, cy - 12, cx + 12, cy + 9))
    right, bottom = MAP_X + b.width * CELL, map_y + b.height * CELL
    out: dict[str, tuple[float, float, str]] = {}
    for c in b.cities:
        cx, cy = _centre(b.xy(c.cell), map_y)
        width = pic.text_width(city_name(c.name, lang), 12) * 1.08 + 4
        best: tuple[float, tuple[float, float, str], tuple[float, float, float, float]] | None
        best = None
        for dx, dy, anchor in _SPOTS:
            x, y = cx + dx, cy + dy
            left = x - width / 2 if anchor == "middle" else x if anchor == "start" else x - width
            box = (left, y - 12, left + width, y + 3)
            cost = sum(_overlap(box, other) for other in boxes) * 3
            cost += sum(_overlap(box, icon) for icon in icons)
            if box[0] < MAP_X + 2 or box[2] > right - 2 or box[1] < map_y + 2 or box[3] > bottom:
                cost += 10_000
            if best is None or cost < best[0]:
                best = (cost, (x, y, anchor), box)
        assert best is not None
        out[c.name] = best[1]
        boxes.append(best[2])
    return out


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    dx = min(a[2], b[2]) - max(a[0], b[0])
    dy = min(a[3], b[3]) - max(a[1], b[1])
    return dx * dy if dx > 0 and dy > 0 else 0.0


def _fight_mark(xy: Sequence[int], map_y: float, lang: str) -> str:
    """Crossed swords on the cell of the current fight."""
    cx, cy = _centre(xy, map_y)
    x, y = cx + 11, cy - 13
    return (
        f'<g data-key="fight" pointer-events="none">'
        f'<circle cx="{num(x)}" cy="{num(y)}" r="10" fill="#fff3e0" stroke="#b71c1c" '
        'stroke-width="1.5"/>'
        f'<path d="M{num(x - 6)},{num(y + 6)} L{num(x + 6)},{num(y - 6)} M{num(x + 6)},'
        f'{num(y + 6)} L{num(x - 6)},{num(y - 6)}" stroke="#37474f" stroke-width="2.2"/>'
        "</g>"
    )


def _unit(
    kind: str,
    uid: Any,
    unit: Any,
    cell: tuple[int, int],
    lang: str,
    map_y: float,
    shift: float,
) -> str:
    """A neutral unit on the map, drawn once per look and edition."""
    return _unit_drawn(kind, uid, unit, cell, lang, map_y, shift, _edition())


@lru_cache(maxsize=_PIECES, typed=True)
def _unit_drawn(
    kind: str,
    uid: Any,
    unit: Any,
    cell: tuple[int, int],
    lang: str,
    map_y: float,
    shift: float,
    edition: str,
) -> str:
    """A neutral unit on the map (``edition`` keys its name and the board): always a pick,
    which a symbol move lights (``unit:N``) and a click at another time asks about."""
    w = words(lang)
    cx, cy = _centre(cell, map_y)
    cx += shift
    name = unit_name(unit, lang)
    tip = w["unit_tip"].format(name=name, place=picture_moves.place_name(list(cell), lang))
    pick = pic.pick(f"unit:{unit}")
    figure = figures.fleet(cx, cy) if kind == "fleet" else figures.army(cx, cy)
    return (
        f'<g data-kind="{kind}" data-unit={attr(uid)} data-cell="{cell[0]},'
        f'{cell[1]}" data-key="unit:{unit}"{pick}{pic.tip(tip)}>'
        f'<rect x="{num(cx - 16)}" y="{num(cy - 17)}" width="32" height="33" fill="#ffffff" '
        f'fill-opacity="0"/>{figure}</g>'
    )


def _knights(
    cell: tuple[int, int],
    seats: list[int],
    view: dict[str, Any],
    lang: str,
    map_y: float,
    shift: float,
    viewer: int | None,
) -> list[str]:
    w = words(lang)
    cx, cy = _centre(cell, map_y)
    cx += shift
    n = len(seats)
    gap = min(12.0, 40 / n) if n > 1 else 0.0
    out = []
    for i, s in enumerate(seats):
        row = view["seats"][s]
        px = cx + (i - (n - 1) / 2) * gap
        tip = w["knight_tip"].format(
            name=pic.seat_name(s, lang, viewer),
            knight=row["knight_name"],
            a=row["army"],
            m=row["motivation"],
            t=row["treasure"],
            g=len(row["green_tiles"]),
        )
        ring = (
            f'<ellipse cx="{num(px)}" cy="{num(cy + 12)}" rx="14" ry="5" fill="none" '
            'stroke="#ffffff" stroke-width="2.5"/>'
            if s == viewer
            else ""
        )
        scale = 1.0 if n < 3 else 0.85
        out.append(
            f'<g data-kind="pawn" data-cell="{cell[0]},{cell[1]}" data-seat="{s}" '
            f'data-key="knight:{s}"{pic.tip(tip)}>{ring}'
            + figures.knight(s, px, cy - 1, scale)
            + "</g>"
        )
    return out


def _targets(cells: frozenset[tuple[int, int]], lang: str, map_y: float) -> list[str]:
    """The reachable cells of the legal moves: places, lit by the page when chosen."""
    if not cells:
        return []
    edition = _edition()
    out = ['<g class="targets">']
    out += [_target(x, y, lang, map_y, edition) for x, y in sorted(cells)]
    out.append("</g>")
    return out


@lru_cache(maxsize=_PIECES, typed=True)
def _target(x: int, y: int, lang: str, map_y: float, edition: str) -> str:
    """A reachable cell (``edition`` keys the board its tip names)."""
    tip = words(lang)["here"].format(place=picture_moves.place_name([x, y], lang))
    return map_svg.target(x, y, MAP_X, map_y, tip)


# -- the hand and the piles ---------------------------------------------------------------
def _cards_row(
    view: dict[str, Any], legal: Sequence[dict[str, Any]], lang: str, y: float
) -> tuple[list[str], float]:
    """The viewer's hand at the left, the draw and discard piles at the right (at the left
    for a spectator, who has no hand)."""
    hand = view.get("hand")
    out = [] if hand is None else _hand([str(c) for c in hand], legal, lang, y)
    px = WIDTH - MAP_X - 2 * cards_svg.CARD_W - 16 if hand is not None else MAP_X
    out += _piles(view, lang, px, y)
    return out, y + 34 + cards_svg.CARD_H + 8


def _hand(hand: list[str], legal: Sequence[dict[str, Any]], lang: str, y: float) -> list[str]:
    """Each card a pick (``card:CODE``); cards without a move now are dimmed."""
    w = words(lang)
    playable = {a.get("card") for a in legal if isinstance(a.get("card"), str)}
    choosing = any(a.get("type") in ("move", "event", "discard") for a in legal)
    head = w["hand"].format(n=len(hand))
    out = [pic.text(MAP_X, y + 16, head, pic.LARGE, font_weight="bold")]
    hint = ""
    if any(a.get("type") == "discard" for a in legal):
        hint = w["discard_hint"]
    elif choosing:
        hint = w["hand_hint"]
    if hint:
        x = MAP_X + pic.text_width(head, pic.LARGE) + 16
        out.append(pic.text(x, y + 16, hint, pic.FONT, fill="#1b5e20", font_weight="bold"))
    edition = _edition()
    for i, code in enumerate(hand):
        x = MAP_X + i * (cards_svg.CARD_W + 10)
        dim = choosing and code not in playable
        out.append(_hand_card(code, x, y + 28, lang, edition, dim))
    return out


@lru_cache(maxsize=512, typed=True)
def _hand_card(code: str, x: float, y: float, lang: str, edition: str, dim: bool) -> str:
    """A hand card with its pick, key and tip (``edition`` keys the cards being drawn)."""
    return (
        f'<g data-kind="card" data-card="{code}"{pic.pick(f"card:{code}")}'
        f"{pic.key(f'card:{code}')}{pic.tip(_card_tip(code, lang, edition))}>"
        + cards_svg.card(code, x, y, lang, edition, dim)
        + "</g>"
    )


def _piles(view: dict[str, Any], lang: str, px: float, y: float) -> list[str]:
    """The draw pile (backs and its size) and the discard pile's top card."""
    w = words(lang)
    out = [pic.text(px, y + 16, w["deck"], pic.FONT, font_weight="bold")]
    deck_tip = counted(lang, "deck_tip", int(view["draw_pile"])).format(
        n=view["draw_pile"], e=view["exhaustions"]
    )
    out.append(cards_svg.card_back(px, y + 34, int(view["draw_pile"]), deck_tip))
    dx = px + cards_svg.CARD_W + 16
    out.append(pic.text(dx, y + 16, w["discard"], pic.FONT, font_weight="bold"))
    discard = view.get("discard") or []
    if discard:
        top = str(discard[-1])
        tip = (
            counted(lang, "discard_tip", len(discard)).format(n=len(discard))
            + "\n"
            + _card_tip(top, lang, _edition())
        )
        out.append(
            f'<g data-kind="discard-top" data-card="{top}"{pic.key(f"card:{top}")}'
            f"{pic.tip(tip)}>" + cards_svg.card(top, dx, y + 34, lang, _edition()) + "</g>"
        )
        return out
    out.append(
        f'<rect x="{num(dx)}" y="{num(y + 34)}" width="{cards_svg.CARD_W}" '
        f'height="{cards_svg.CARD_H}" rx="9" fill="none" stroke="#b8a98c" '
        'stroke-dasharray="6 4"/>'
    )
    cx, cy = dx + cards_svg.CARD_W / 2, y + 34 + cards_svg.CARD_H / 2
    out.append(pic.text(cx, cy, w["discard_empty"], pic.FONT, fill=pic.MUTED, text_anchor="middle"))
    return out


@lru_cache(maxsize=512)
def _card_tip(code: str, lang: str, edition: str) -> str:
    """A card's tip (``edition`` keys the cards being drawn)."""
    return cards_svg.card_tip(code, lang)
