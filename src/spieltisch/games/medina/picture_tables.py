"""Below Medina's board on the picture (``svg.py``): the players, the tiles, the scores and a
legend."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.picture import (
    FONT,
    LARGE,
    MUTED,
    SMALL,
    Column,
    box,
    seat_mark,
    seat_name,
    text,
)
from ...engine.svg import num
from . import picture_pieces as pieces
from .picture_index import BoardIndex, tower_tip
from .picture_words import count as plural
from .picture_words import holder_text, words
from .words import capital, colour_name

WIDTH = 1000
PAD = 20
TILE_W, TILE_H = 108, 128


def _xy(cell: Sequence[Any]) -> tuple[int, int]:
    return int(cell[0]), int(cell[1])


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


def standings(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
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


def tiles(view: dict[str, Any], lang: str, y: float, index: BoardIndex) -> tuple[list[str], float]:
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


def scores(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
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


def legend(view: dict[str, Any], lang: str, y: float) -> tuple[list[str], float]:
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
