"""What stands on the map of the picture (``svg``): the cities with their tiles, the names,
the neutral fleets and armies, the knights, the fight's mark and the lit targets of the
legal moves, each keyed for the page (``data-pick``/``data-place``, ``svg``'s docstring)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.svg import attr, num
from . import figures, map_svg, picture_moves
from .board import JERUSALEM
from .components import SHOWN_EDITION
from .edition import default_components
from .names import city_name, unit_name
from .picture_text import words
from .shown import board, components

MAP_X = 32  # the map's left edge (row numbers to its left)
CELL = map_svg.CELL
CELL_MOVES = ("move", "event", "step", "move_unit", "retreat")


# -- the map's pieces ---------------------------------------------------------------------
# The pieces are memoised on everything their drawing reads (the edition key stands for the
# board, the cards and the units' names): the same pieces recur in every seat's picture
# after every move, and drawing them costs more than looking them up.
_PIECES = 2048


def drawn_edition() -> str:
    """The edition the picture is drawn with, as a cache key: a view naming an edition not
    parsed in this process is drawn with the default one, and keyed so."""
    shown = SHOWN_EDITION.get()
    return "default" if shown != "default" and components() is default_components() else shown


@lru_cache(maxsize=16)
def coordinates(edition: str, map_y: float) -> str:
    """The column and row numbers (``edition`` keys the board being drawn)."""
    return map_svg.coordinates(board(), MAP_X, map_y)


def _centre(xy: Sequence[int], map_y: float) -> tuple[float, float]:
    return MAP_X + xy[0] * CELL + CELL / 2, map_y + xy[1] * CELL + CELL / 2


def target_cells(legal: Sequence[dict[str, Any]]) -> frozenset[tuple[int, int]]:
    """The cells the legal moves go to (each one a lit target over the map)."""
    cells = set()
    for action in legal:
        to = action.get("to")
        if action.get("type") in CELL_MOVES and isinstance(to, list) and len(to) == 2:
            cells.add((to[0], to[1]))
    return frozenset(cells)


def map_pieces(
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
    return list(_labels_drawn(drawn_edition(), lang, map_y, cities))


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
    return _unit_drawn(kind, uid, unit, cell, lang, map_y, shift, drawn_edition())


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
    edition = drawn_edition()
    out = ['<g class="targets">']
    out += [_target(x, y, lang, map_y, edition) for x, y in sorted(cells)]
    out.append("</g>")
    return out


@lru_cache(maxsize=_PIECES, typed=True)
def _target(x: int, y: int, lang: str, map_y: float, edition: str) -> str:
    """A reachable cell (``edition`` keys the board its tip names)."""
    tip = words(lang)["here"].format(place=picture_moves.place_name([x, y], lang))
    return map_svg.target(x, y, MAP_X, map_y, tip)
