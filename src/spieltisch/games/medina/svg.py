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
    SMALL,
    box,
    document,
    header,
    lang_of,
    seat_name,
    text,
)
from ...engine.svg import attr, num
from . import picture_pieces as pieces
from .picture_board import draw_board
from .picture_index import BoardIndex
from .picture_moves import attempt, board_moves, log_keys, pick_of
from .picture_tables import PAD, WIDTH, legend, scores, standings, tiles
from .picture_words import count as plural
from .picture_words import words
from .words import capital, colour_name

ITEM_W, ITEM_H, ITEM_GAP = 76, 80, 8

XY = tuple[int, int]


def _xy(cell: Sequence[Any]) -> XY:
    return int(cell[0]), int(cell[1])


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
    picks = {pick_of(a) for a in legal}
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
    for part in (standings, partial(tiles, index=index), scores, legend):
        drawn, y = part(view, lang, y + 10)
        body += drawn
    return document("medina", WIDTH, y + 16, body, w["title"], view.get("seat"))


__all__ = ["attempt", "board_moves", "log_keys", "render_svg"]
