"""Medina's board picture for the game page (``docs/board-interface.md``), drawn 1:1 for the
screen and at most 1000 pixels wide: the header, the tray of the viewer's supply (the
pieces to pick), the board (sandy city squares inside the ring of wall squares, the towers,
the well, buildings, roofs, stables, merchants and walls) and below it the players, the
tiles, the scores and a legend.

A move is made on the picture: pick a piece in the tray (``data-pick="supply:grey"``,
``supply:roof``, ``supply:neutral_roof``, ``supply:stable``, ``supply:merchant``,
``supply:wall``, ``supply:tea``, ``supply:start_merchant``), then a square
(``data-place="cell:x,y"``; a roof goes on its palace's first building square, MD-R21).
Every piece of the viewer's tray is a pick and every square of the board (city, wall ring
and towers) a place, whether a legal move uses it now or not, and also while another
player is placing: the page arms the keys of legal moves, and a click on another one asks
``attempt`` what the player meant, so that the game can say why it is not allowed.

Every piece is one element with ``data-kind`` (``building``, ``stable``, ``merchant``,
``wall``, ``tower``, ``well``), ``data-cell="x,y"``, ``data-key`` (``building:x,y``,
``stable:x,y``, ``merchant:x,y``, ``wall:x,y``, ``tower:N``, ``well``; roofs ``roof:P``,
tiles ``palace-tile:COLOUR`` and ``tower-tile:N``, the tea pool ``tea-pool``, the tray's
pieces ``tray:KIND``) and ``data-tip``; buildings and stables also carry ``data-palace``
and ``data-owner``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial
from typing import Any

from ...engine import picture as pic
from ...engine.picture import (
    FONT,
    INK,
    LARGE,
    MUTED,
    SMALL,
    Column,
    box,
    document,
    header,
    lang_of,
    seat_mark,
    seat_name,
    text,
)
from ...engine.svg import attr, num
from . import picture_pieces as pieces
from .picture_board import BoardIndex, draw_board, tower_tip
from .picture_words import count as plural
from .picture_words import holder_text, words
from .words import capital, colour_name

WIDTH = 1000
PAD = 20
ITEM_W, ITEM_H, ITEM_GAP = 76, 80, 8
TILE_W, TILE_H = 108, 128

XY = tuple[int, int]


def _xy(cell: Sequence[Any]) -> XY:
    return int(cell[0]), int(cell[1])


# -- the moves ----------------------------------------------------------------------------
def _pick_of(action: dict[str, Any]) -> str:
    kind = str(action.get("type", ""))
    if kind == "build":
        return f"supply:{action.get('colour', '')}"
    if kind == "discard_tea":
        return "supply:tea"
    return f"supply:{kind}"


def _caption(action: dict[str, Any], index: BoardIndex, lang: str) -> str:
    """A short caption of the move (the full sentence stays under "All moves")."""
    w = words(lang)
    kind = str(action.get("type", ""))
    if kind == "discard_tea":
        return w["btn_tea"]
    x, y = _xy(action["cell"])
    if kind == "build":
        colour = str(action.get("colour", ""))
        name = capital(colour_name(colour, lang))
        palace = index.incomplete.get(colour)
        if palace is None:
            return w["btn_new"].format(colour=name)
        return w["btn_join"].format(colour=name, id=palace)
    if kind in ("roof", "neutral_roof"):
        palace = index.palace_at.get((x, y))
        if palace is not None:
            return w["btn_" + kind].format(id=palace)
    elif kind == "stable":
        palace = index.palace_beside(x, y)
        if palace is not None:
            return w["btn_stable"].format(id=palace)
    elif kind == "wall":
        tower = index.wall_tower(x, y)
        if tower is not None:
            return w["btn_wall"].format(tower=tower)
    elif kind == "start_merchant":
        return w["btn_start"].format(x=x, y=y)
    return (
        w["btn_merchant"].format(x=x, y=y) if kind == "merchant" else w["btn_at"].format(x=x, y=y)
    )


def board_moves(
    view: dict[str, Any], legal: Sequence[dict[str, Any]], lang: str = "en"
) -> list[dict[str, Any]]:
    """For each legal action: the supply piece to pick, the square to place it on, and a
    short caption (a tea discard is a button of the picked tea tile)."""
    index = BoardIndex(view)
    out: list[dict[str, Any]] = []
    for action in legal:
        cell = action.get("cell")
        place = f"cell:{cell[0]},{cell[1]}" if isinstance(cell, list | tuple) else None
        out.append(
            {"pick": _pick_of(action), "place": place, "button": _caption(action, index, lang)}
        )
    return out


def log_keys(event: dict[str, Any]) -> list[str]:
    """The ``data-key``s of the pieces a log event touched."""
    kind = str(event.get("type", ""))
    cell = event.get("cell")
    where = f"{cell[0]},{cell[1]}" if isinstance(cell, list | tuple) and len(cell) == 2 else ""
    if kind == "build" and where:
        return [f"building:{where}"]
    if kind in ("stable", "merchant", "wall") and where:
        return [f"{kind}:{where}"]
    if kind == "start_merchant" and where:
        return [f"merchant:{where}"]
    if kind in ("roof", "neutral_roof"):
        return [f"roof:{event.get('palace')}"]
    if kind == "palace_tile":
        return [f"palace-tile:{event.get('colour')}"]
    if kind == "tower_tile":
        return [f"tower-tile:{event.get('tower')}", f"tower:{event.get('tower')}"]
    if kind == "tower_merchants":
        return [f"tower-tile:{event.get('tower')}"]
    if kind == "tea":
        return ["tea-pool"]
    if kind == "retire":
        return [f"tray:{event.get('colour')}"]
    if kind == "setup":
        m = event.get("start_merchant")
        return ["well"] + ([f"merchant:{m[0]},{m[1]}"] if isinstance(m, list) else [])
    return []


def attempt(view: dict[str, Any], pick: str | None, place: str | None) -> dict[str, Any] | None:
    """The action a player means by clicking ``place`` with ``pick`` selected, or by
    clicking the pick ``pick`` alone (``place`` None), legal now or not; ``None`` when the
    click means no move (a square with no piece selected, tea taken to a square).

    A piece clicked alone means "play this piece": the tea tile is its own move (MD-R58);
    any other piece is named on the corner tower (0,0), where nothing is ever placed, so
    that the reason is the piece's own (none left, its colour retired, no square for it
    anywhere, not your turn). A roof clicked on any building or stable of a palace names
    the palace (at its first building square, MD-R21)."""
    if pick is None or not pick.startswith("supply:"):
        return None
    kind = pick.removeprefix("supply:")
    if kind == "tea":
        return {"type": "discard_tea"} if place is None else None
    if place is None:
        cell: tuple[int, int] = (0, 0)
    elif place.startswith("cell:"):
        try:
            x, y = place.removeprefix("cell:").split(",")
            cell = int(x), int(y)
        except ValueError:
            return None
    else:
        return None
    colours = set(view.get("palace_tiles") or ())
    if kind in colours:
        return {"type": "build", "colour": kind, "cell": list(cell)}
    if kind in ("roof", "neutral_roof"):
        cell = _roof_cell(view, cell)
    if kind in ("roof", "neutral_roof", "stable", "merchant", "wall", "start_merchant"):
        return {"type": kind, "cell": list(cell)}
    return None


def _roof_cell(view: dict[str, Any], cell: XY) -> XY:
    """The first building square of the palace with a building or stable on ``cell`` (where
    its roof goes), else ``cell`` itself."""
    for palace in view["palaces"]:
        parts = [*palace["buildings"], *palace.get("stables", ())]
        if any(_xy(part) == cell for part in parts):
            return _xy(palace["cell"])
    return cell


# -- the picture --------------------------------------------------------------------------
def _status(view: dict[str, Any], lang: str) -> str:
    w = words(lang)
    viewer = view.get("seat")
    if view["phase"] == "over":
        names = ", ".join(seat_name(s, lang, viewer) for s in view.get("winners") or [])
        return w["winners"].format(names=names) if names else w["over"]
    name = seat_name(int(view["active"]), lang, viewer)
    if view["phase"] == "start_merchant":
        status = w["to_start"].format(name=name)
    else:
        k = int(view.get("placements_this_turn", 0)) + 1
        status = w["to_place"].format(name=name, k=k, q=view.get("quota", 2))
    return status if viewer is not None else f"{status} · {w['spectator']}"


def _supply_items(view: dict[str, Any]) -> list[tuple[str, int]]:
    """The viewer's supply as (kind, count): the building colours, then the other pieces."""
    supply = view["supplies"][view["seat"]]
    items = [(colour, int(supply["buildings"].get(colour, 0))) for colour in view["palace_tiles"]]
    items.append(("roof", int(supply["roofs"])))
    if view["edition"] == 2:
        items.append(("neutral_roof", int(supply["neutral_roofs"])))
    items += [
        ("stable", int(supply["stables"])),
        ("merchant", int(supply["merchants"])),
        ("wall", int(supply["walls"])),
    ]
    if view["edition"] == 2:
        items.append(("tea", int(supply["tea"])))
    return items


@lru_cache(maxsize=64)
def _item_icon(kind: str, seat: int) -> str:
    c = 40
    if kind in pieces.BUILDING_FILL:
        return pieces.building(kind, False, c)
    if kind in ("roof", "neutral_roof"):  # the roof alone, centred where a block would be
        owner: int | str = seat if kind == "roof" else "neutral"
        return f'<g transform="translate(0,10)">{pieces.roof(owner, c)}</g>'

    if kind == "stable":
        return pieces.stable(c)
    if kind in ("merchant", "start_merchant"):
        return pieces.merchant(c, kind == "start_merchant")
    if kind == "wall":
        return pieces.wall(c, "top", 0).split("<text", 1)[0]
    return pieces.tea_tile(c)


def _item_tip(kind: str, count: int, lang: str, pickable: bool, retired: bool) -> str:
    w = words(lang)
    if kind in pieces.BUILDING_FILL:
        name = colour_name(kind, lang)
        if retired:
            return capital(w["tip_retired_item"].format(colour=name))
        value = pieces.TILE_VALUE.get(kind, 1)
        body = w["tip_building_item"].format(
            colour=name, n=count, value=plural(value, "point", lang)
        )
    elif kind == "start_merchant":
        body = w["tip_start_item"]
    else:
        body = w[f"tip_{kind}_item"].format(n=count)
    return capital(body) + (w["playable"] if pickable else "")


@lru_cache(maxsize=1024)
def _tray_item(
    kind: str,
    count: int | None,
    x: float,
    y: float,
    lang: str,
    seat: int,
    pickable: bool,
    acting: bool,
    retired: bool,
) -> str:
    """A piece of the tray; memoised, as a supply changes by a piece or two per move."""
    w = words(lang)
    dim = (acting and not pickable) or count == 0
    label = colour_name(kind, lang) if kind in pieces.BUILDING_FILL else w[f"item_{kind}"]
    attrs = pic.key(f"tray:{kind}") + pic.tip(_item_tip(kind, count or 0, lang, pickable, retired))
    # every piece is a pick, playable now or not: a click on one that no move uses asks why
    attrs += pic.pick(f"supply:{kind}")
    if pickable:
        attrs += ' style="cursor:pointer"'
    if dim:
        attrs += ' opacity="0.45"'
    fill, stroke = ("#fff3d6", "#b9770e") if pickable else ("#f7f1e3", "#b8a98c")
    out = [
        f'<g class="tray-item" data-supply={attr(kind)}{attrs}>',
        box(x, y, ITEM_W, ITEM_H, fill=fill, stroke=stroke, rx=8),
    ]
    if pickable:
        out.append(
            f'<rect x="{num(x + 1.5)}" y="{num(y + 1.5)}" width="{ITEM_W - 3}" '
            f'height="{ITEM_H - 3}" rx="7" fill="none" stroke="#b9770e" stroke-width="2"/>'
        )
    out.append(f'<g transform="translate({num(x + 18)},{num(y + 4)})">{_item_icon(kind, seat)}</g>')
    if count is not None:
        out.append(
            text(
                x + ITEM_W / 2, y + 59, f"×{count}", FONT, text_anchor="middle", font_weight="bold"
            )
        )
    out.append(text(x + ITEM_W / 2, y + 74, label, SMALL, text_anchor="middle", fill=INK))
    out.append("</g>")
    return "".join(out)


def _tray(
    view: dict[str, Any], legal: Sequence[dict[str, Any]], lang: str, y: float
) -> tuple[list[str], float]:
    """The viewer's supply as pieces to pick (nothing for a spectator)."""
    seat = view.get("seat")
    if seat is None or "buildings" not in view["supplies"][seat]:
        return [], y
    w = words(lang)
    picks = {_pick_of(a) for a in legal}
    if view["phase"] == "over":
        heading = w["tray_over"]
    elif picks:
        heading = w["tray"]
    else:
        heading = w["tray_wait"].format(name=seat_name(int(view["active"]), lang, seat))
    out = ['<g class="tray">', text(PAD, y + 24, heading, LARGE, font_weight="bold")]
    items: list[tuple[str, int | None]] = list(_supply_items(view))
    if "supply:start_merchant" in picks:
        items.insert(0, ("start_merchant", None))
    x = PAD
    retired = view.get("retired", [])
    for kind, count in items:
        pickable = f"supply:{kind}" in picks
        out.append(
            _tray_item(
                kind, count, x, y + 36, lang, int(seat), pickable, bool(picks), kind in retired
            )
        )
        x += ITEM_W + ITEM_GAP
    out.append("</g>")
    return out, y + 36 + ITEM_H + 8


# -- below the board: players, tiles, scores, legend -----------------------------------------
# Each part is split into what it reads in the view (a few numbers and names, cheap to
# gather) and its drawing, memoised on exactly those: from move to move most of it stays as
# it was, and the picture is drawn for every seat after every move (issue 14).
@lru_cache(maxsize=64)
def _standing_columns(
    colours: tuple[str, ...], ed2: bool, lang: str
) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """The heads and widths of the players' table (the first width is the name's)."""
    w = words(lang)
    heads = [colour_name(c, lang) for c in colours] + [w["col_roofs"]]
    widths: list[float] = [180, *([56] * len(colours)), 62]
    if ed2:
        heads.append(w["col_neutral"])
        widths.append(64)
    heads += [w["col_stables"], w["col_merchants"], w["col_walls"]]
    widths += [60, 76, 58]
    if ed2:
        heads.append(w["col_tea"])
        widths.append(42)
    heads += [w["col_palaces"], w["col_tiles"], w["col_score"]]
    widths += [64, 58, 56]
    return tuple(heads), tuple(widths)


def _standing_cells(view: dict[str, Any], seat: int) -> tuple[str, ...]:
    """One player's row: the supply (``?`` behind another player's screen, MD-R67), the
    palaces owned, the tiles' points and the score (★ for a winner)."""
    supply = view["supplies"][seat]
    seen = "buildings" in supply

    def hidden(value: Any) -> str:
        return str(value) if seen else "?"

    cells = [hidden(supply.get("buildings", {}).get(c)) for c in view["palace_tiles"]]
    cells.append(str(supply["roofs"]))
    if view["edition"] == 2:
        cells.append(str(supply["neutral_roofs"]))
    cells += [hidden(supply.get(k)) for k in ("stables", "merchants", "walls")]
    if view["edition"] == 2:
        cells.append(str(supply["tea"]))
    score = view["scores"][seat]
    star = " ★" if seat in (view.get("winners") or []) else ""
    tiles = score["palace_tiles"] + score["tower_tiles"]
    return (*cells, str(len(score["palaces"])), str(tiles), f"{score['total']}{star}")


Drawn = tuple[tuple[str, ...], float]


def _standings(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
    """The players' table (not memoised: a move changes its rows, and each seat's view
    names its own row and sees its own supply)."""
    colours = tuple(view["palace_tiles"])
    w = words(lang)
    heads, widths = _standing_columns(colours, view["edition"] == 2, lang)
    viewer = view.get("seat")
    rows = [
        (s, seat_name(s, lang, viewer), _standing_cells(view, s))
        for s in range(len(view["supplies"]))
    ]
    out = [text(PAD, y + 22, w["standings"], LARGE, font_weight="bold")]
    out += _colour_blocks(colours, widths, y)
    acting = [] if view["phase"] == "over" else [int(view["active"])]
    table, y = pic.standings(rows, heads, PAD, y + 52, widths, acting)
    out += table
    if any("buildings" not in s for s in view["supplies"]):
        out.append(text(PAD, y + 14, w["hidden_note"], SMALL, fill=MUTED))
        y += 20
    return out, y


@lru_cache(maxsize=64)
def _colour_blocks(
    colours: tuple[str, ...], widths: tuple[float, ...], y: float
) -> tuple[str, ...]:
    """A block of each building colour above its column (the column head names it too)."""
    out = []
    cx = PAD + widths[0]
    for colour, cw in zip(colours, widths[1:], strict=False):
        out.append(f'<g transform="translate({num(cx)},{num(y + 30)})">')
        out.append(pieces.building(colour, False, 22) + "</g>")
        cx += cw
    return tuple(out)


def _holder(view: dict[str, Any], palace: Any, lang: str) -> tuple[str, Any]:
    """(text, owner) of a tile's holder palace: its number and its first square."""
    if not palace:
        return words(lang)["tile_free"], None
    found = next((p for p in view["palaces"] if p["id"] == palace), None)
    if found is None:
        return f"#{palace}", None
    x, y = _xy(found["cell"])
    return f"#{palace} ({x},{y})", found["owner"]


@lru_cache(maxsize=512)
def _tile_card(
    x: float,
    y: float,
    icon: str,
    lines: tuple[str, ...],
    holder: tuple[str, Any],
    attrs: str,
    lang: str,
) -> str:
    """A tile as a card: its picture, its value (and the merchants on it), its holder."""
    label, owner = holder
    out = [f"<g{attrs}>", box(x, y, TILE_W, TILE_H, fill="#fffaf0", stroke="#8a6d3b", rx=6)]
    out.append(f'<g transform="translate({num(x + (TILE_W - 32) / 2)},{num(y + 6)})">{icon}</g>')
    out.append(
        text(x + TILE_W / 2, y + 56, lines[0], FONT, text_anchor="middle", font_weight="bold")
    )
    for i, line in enumerate(lines[1:]):
        out.append(text(x + TILE_W / 2, y + 72 + 16 * i, line, SMALL, text_anchor="middle"))
    bottom = y + TILE_H - 24
    if isinstance(owner, int):
        out.append(seat_mark(owner, x + 14, bottom - 4, 6))
        out.append(text(x + 26, bottom, label, SMALL))
        out.append(text(x + 8, bottom + 16, seat_name(owner, lang), SMALL))
    else:
        out.append(text(x + 8, bottom, label, SMALL, fill=MUTED))
        if owner == "neutral":
            out.append(text(x + 8, bottom + 16, words(lang)["neutral_short"], SMALL))
    out.append("</g>")
    return "".join(out)


@lru_cache(maxsize=512)
def _palace_tile(
    i: int,
    colour: str,
    palace: Any,
    holder: tuple[str, Any],
    viewer: int | None,
    lang: str,
    top: float,
) -> str:
    """The ``i``-th palace tile's card, held by ``palace`` (``holder``: its text and owner)."""
    w = words(lang)
    value = pieces.TILE_VALUE.get(colour, 1)
    tip = w["tile_palace"].format(colour=colour_name(colour, lang), n=plural(value, "point", lang))
    tip += "; " + (
        holder_text(palace, holder[1], lang, viewer, "tile_holder") if palace else w["tile_free"]
    )
    attrs = pic.key(f"palace-tile:{colour}") + pic.tip(capital(tip))
    icon = pieces.building(colour, False, 32)
    lines = (w["points_short"].format(n=value), colour_name(colour, lang))
    return _tile_card(PAD + i * (TILE_W + 8), top, icon, lines, holder, attrs, lang)


@lru_cache(maxsize=512)
def _tower_tile(
    x: float, value: int, holder: tuple[str, Any], tip: str, merchants: Any, lang: str, top: float
) -> str:
    """Tower tile ``value``'s card (``merchants``: those on it, 2nd edition)."""
    w = words(lang)
    attrs = pic.key(f"tower-tile:{value}") + pic.tip(tip)
    icon = pieces.tower(32, value, None).split("<text", 1)[0]
    lines = [w["tower_short"].format(n=value), w["points_short"].format(n=value)]
    if merchants:
        lines[1] += ", " + w["merchants_short"].format(n=merchants)
    return _tile_card(x, top, icon, tuple(lines), holder, attrs, lang)


def _tiles(view: dict[str, Any], lang: str, y: float, index: BoardIndex) -> tuple[list[str], float]:
    w = words(lang)
    viewer = view.get("seat")
    right = PAD + 4 * (TILE_W + 8) + 16
    out = [
        text(PAD, y + 22, w["palace_tiles"], LARGE, font_weight="bold"),
        text(right, y + 22, w["tower_tiles"], LARGE, font_weight="bold"),
    ]
    top = y + 34
    for i, (colour, palace) in enumerate(view["palace_tiles"].items()):
        holder = _holder(view, palace, lang)
        out.append(_palace_tile(i, colour, palace, holder, viewer, lang, top))
    towers = {int(t["tower"]): t for t in view["towers"]}
    for i, value in enumerate(sorted(int(v) for v in view["tower_tiles"])):
        palace = view["tower_tiles"][str(value)]
        holder = _holder(view, palace, lang)
        tip = tower_tip(index, towers[value], lang)
        merchants = towers[value]["merchants"] if view["edition"] == 2 else None
        x = right + i * (TILE_W + 8)
        out.append(_tower_tile(x, value, holder, tip, merchants, lang, top))
    return out, top + TILE_H + 8


def _scores(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
    ed2 = view["edition"] == 2
    seats = tuple(
        (
            tuple((p["palace"], p["colour"], p["total"]) for p in score["palaces"]),
            score["palace_tiles"] + score["tower_tiles"],
            score["total"],
        )
        for score in view["scores"]
    )
    tea = view["tea_pool"] if ed2 else None
    retired = tuple(view.get("retired") or ())
    drawn, y = _scores_drawing(seats, view.get("seat"), ed2, tea, retired, lang, y)
    return list(drawn), y


@lru_cache(maxsize=256)
def _scores_drawing(
    seats: tuple[tuple[tuple[tuple[Any, str, Any], ...], Any, Any], ...],
    viewer: int | None,
    ed2: bool,
    tea: Any,
    retired: tuple[str, ...],
    lang: str,
    y: float,
) -> Drawn:
    """Each seat's palaces (number, colour, points), tiles and total; the tea pool (2nd
    edition) and the retired colours."""
    w = words(lang)
    col = Column(PAD, y, WIDTH - 2 * PAD)
    col.heading(w["scores"])
    well = w["score_rule_well"] if ed2 else ""
    col.line(w["score_rule"].format(well=well), SMALL, fill=MUTED)
    for s, (palaces, tiles, total) in enumerate(seats):
        parts = [
            w["score_palace"].format(id=palace, colour=colour_name(colour, lang), points=points)
            for palace, colour, points in palaces
        ] or [w["no_palace"]]
        parts.append(w["score_tiles"].format(n=tiles))
        line = w["score_line"].format(
            name=seat_name(s, lang, viewer), parts=", ".join(parts), total=total
        )
        col.line(line, FONT, indent=20)
        col.out.append(seat_mark(s, PAD + 8, col.y - 5, 6))
    extras = []
    if ed2:
        extras.append(f"<g{pic.key('tea-pool')}{pic.tip(w['tip_tea_pool'].format(n=tea))}>")
        col.gap(6)
        extras.append(f'<g transform="translate({PAD},{num(col.y)})">{pieces.tea_tile(28)}</g>')
        extras.append(text(PAD + 36, col.y + 19, w["tea_pool"].format(n=tea), FONT))
        extras.append("</g>")
        col.y += 30
    col.out += extras
    if retired:
        names = ", ".join(colour_name(c, lang) for c in retired)
        col.line(w["retired"].format(names=names), FONT)
    return tuple(col.out), col.y


def _legend(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
    drawn, y = _legend_drawing(view["edition"] == 2, lang, y)
    return list(drawn), y


@lru_cache(maxsize=64)
def _legend_drawing(ed2: bool, lang: str, y: float) -> Drawn:
    """The legend: the same for every picture of an edition, but for its place."""
    w = words(lang)
    c = 28
    items = [
        (pieces.building("orange", False, c), w["lg_building"]),
        (pieces.building("grey", True, c) + pieces.roof(0, c), w["lg_roof"]),
        (pieces.stable(c), w["lg_stable"]),
        (pieces.merchant(c, False), w["lg_merchant"]),
        (pieces.merchant(c, True), w["lg_end"]),
        (pieces.wall(c, "top", 1), w["lg_wall"]),
        (pieces.tower(c, 1, None).split("<text", 1)[0], w["lg_tower"]),
    ]
    if ed2:
        items.append((pieces.well(c), w["lg_well"]))
        items.append((_bonus_icon(c), w["lg_bonus"]))
    out = [text(PAD, y + 22, w["legend"], LARGE, font_weight="bold")]
    body, y = pic.legend(items, PAD, y + 34, WIDTH - 2 * PAD, icon=c)
    return (*out, *body), y


def _bonus_icon(c: int) -> str:
    return (
        f'<rect x="1" y="1" width="{c - 2}" height="{c - 2}" fill="#f2dfb4" stroke="#2e86c1" '
        'stroke-width="2" stroke-dasharray="4 2"/>'
    )


def render_svg(
    view: dict[str, Any], lang: str = "en", legal: Sequence[dict[str, Any]] | None = None
) -> str:
    """The standalone SVG document of ``view`` for the reader's language; ``legal`` (the
    viewer's legal actions as JSON) makes the playable supply pieces picks."""
    lang = lang_of(lang)
    w = words(lang)
    index = BoardIndex(view)  # one look-up table for the board and the tower tiles' tips
    title = f"{w['title']} · " + w["edition"].format(n=view["edition"], p=view["players"])
    body, y = header(title, _status(view, lang), WIDTH)
    tray, y = _tray(view, legal or [], lang, y + 4)
    body += tray
    board, y = draw_board(view, lang, WIDTH, y + 8, index)
    body += board
    for part in (_standings, partial(_tiles, index=index), _scores, _legend):
        drawn, y = part(view, lang, y + 10)
        body += drawn
    return document("medina", WIDTH, y + 16, body, w["title"], view.get("seat"))


__all__ = ["attempt", "board_moves", "log_keys", "render_svg"]
