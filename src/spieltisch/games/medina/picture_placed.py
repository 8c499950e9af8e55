"""The pieces on the squares of Medina's board picture (``picture_board.py``): buildings
with their roofs, stables, merchants, walls and towers, each memoised per look."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.svg import attr, num
from . import picture_pieces as pieces
from .picture_index import NO_PALACE, BoardIndex, tower_tip, xy
from .picture_words import (
    count,
    side_name,
    words,
)


def _palace_piece_attrs(kind: str, x: int, y: int, palace_id: int, owner: Any) -> str:
    return (
        f' data-kind="{kind}" data-cell="{x},{y}"'
        + pic.key(f"{kind}:{x},{y}")
        + f' data-palace="{palace_id}" data-owner={attr("" if owner is None else owner)}'
    )


@lru_cache(maxsize=4096)
def _palace_piece(
    kind: str,
    x: int,
    y: int,
    px: float,
    py: float,
    c: int,
    palace_id: int,
    owner: Any,
    colour: str,
    first: bool,
    palace: str,
    lang: str,
) -> str:
    """A building (with its roof once its palace is claimed; the roof on the palace's
    ``first`` square carries the palace's number) or a stable; ``palace`` is the palace's
    tip."""
    attrs = _palace_piece_attrs(kind, x, y, palace_id, owner)
    if kind == "building":
        inner = pieces.building(colour, owner is not None, c)
        if owner is not None:
            if first:  # the roof piece, numbered
                inner += f"<g{pic.key(f'roof:{palace_id}')}>{pieces.roof(owner, c, palace_id)}</g>"
            else:
                inner += pieces.roof(owner, c)
    else:
        inner = pieces.stable(c)
    attrs += pic.tip(words(lang)[kind].format(x=x, y=y) + ": " + palace)
    return f'<g transform="translate({num(px)},{num(py)})"{attrs}>{inner}</g>'


@lru_cache(maxsize=1024)
def _merchant_piece(x: int, y: int, px: float, py: float, c: int, end: bool, lang: str) -> str:
    """A merchant; an ``end`` of the merchant line says so in its tip."""
    w = words(lang)
    attrs = f' data-kind="merchant" data-cell="{x},{y}"' + pic.key(f"merchant:{x},{y}")
    attrs += f' data-end="{int(end)}"'
    tip = w["merchant"].format(x=x, y=y)
    attrs += pic.tip(f"{tip}: {w['line_end']}" if end else tip)
    inner = pieces.merchant(c, end)
    return f'<g transform="translate({num(px)},{num(py)})"{attrs}>{inner}</g>'


@lru_cache(maxsize=1024)
def _wall_piece(
    kind: str,
    x: int,
    y: int,
    px: float,
    py: float,
    c: int,
    side: str,
    tower: int,
    chain: tuple[Any, str, int],
    lang: str,
) -> str:
    """A wall of ``tower``'s chain (``chain``: the chain's tower, side and length as its tip
    names them); any other kind of piece is drawn as its tip alone, as a wall's."""
    attrs = f' data-kind="{kind}" data-cell="{x},{y}"' + pic.key(f"{kind}:{x},{y}")
    inner = ""
    if kind == "wall":
        attrs += f' data-tower="{tower}"'
        inner = pieces.wall(c, side, tower)
    chain_tower, chain_side, walls = chain
    tip = words(lang)["wall"].format(
        x=x,
        y=y,
        tower=chain_tower,
        side=side_name(chain_side, lang),
        n=count(walls, "wall", lang),
    )
    attrs += pic.tip(tip)
    return f'<g transform="translate({num(px)},{num(py)})"{attrs}>{inner}</g>'


def placed_piece(
    index: BoardIndex,
    piece: dict[str, Any],
    x: int,
    y: int,
    px: float,
    py: float,
    c: int,
    lang: str,
) -> str:
    """The piece on square (x, y), drawn at (px, py)."""
    kind = piece["kind"]
    if kind in ("building", "stable"):
        palace_id = int(piece["palace"])
        owner = index.palaces.get(palace_id, NO_PALACE).get("owner")
        colour = str(piece["colour"]) if kind == "building" else ""
        first = index.palace_at.get((x, y)) == palace_id
        palace = index.palace_tip(palace_id, lang)
        return _palace_piece(kind, x, y, px, py, c, palace_id, owner, colour, first, palace, lang)
    if kind == "merchant":
        return _merchant_piece(x, y, px, py, c, (x, y) in index.ends, lang)
    side = index.side(x, y)
    found = index.chain_of.get((x, y))
    tower = int(found["tower"]) if kind == "wall" and found else 0
    chain = (found["tower"], found["side"], len(found["cells"])) if found else ("?", side, 0)
    return _wall_piece(kind, x, y, px, py, c, side, tower, chain, lang)


@lru_cache(maxsize=256)
def _tower_piece(
    x: int, y: int, value: int, owner: Any, px: float, py: float, c: int, tip: str
) -> str:
    attrs = (
        f' data-kind="tower" data-cell="{x},{y}" data-tower="{value}"'
        + pic.key(f"tower:{value}")
        + pic.tip(tip)
    )
    return (
        f'<g transform="translate({num(px)},{num(py)})"{attrs}>{pieces.tower(c, value, owner)}</g>'
    )


def placed_tower(
    index: BoardIndex, tower: dict[str, Any], px: float, py: float, c: int, lang: str
) -> str:
    x, y = xy(tower["cell"])
    value = int(tower["tower"])
    holder = tower.get("holder")
    owner = index.palaces.get(int(holder), NO_PALACE).get("owner") if holder else None
    return _tower_piece(x, y, value, owner, px, py, c, tower_tip(index, tower, lang))
