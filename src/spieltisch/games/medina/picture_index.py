"""What Medina's picture knows about a view's board: the look-ups of palaces, towers and
squares (``BoardIndex``) and the tips of palaces and towers."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from . import picture_pieces as pieces
from .picture_words import (
    count,
    holder_text,
    owner_name,
    points_text,
    words,
)
from .words import colour_name

XY = tuple[int, int]
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
NO_PALACE: dict[str, Any] = {}  # what a missing palace reads as (never written to)


def xy(cell: Sequence[Any]) -> XY:
    return int(cell[0]), int(cell[1])


def side_of(x: int, y: int, width: int, height: int) -> str:
    """The side of the wall ring a wall square is on."""
    if y == 0:
        return "top"
    if y == height - 1:
        return "bottom"
    return "left" if x == 0 else "right"


class BoardIndex:
    """What the picture and the move captions look up in a view, by square and palace."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.width = int(view["board"]["width"])
        self.height = int(view["board"]["height"])
        self.palaces = {int(p["id"]): p for p in view["palaces"]}
        self.palace_at = {xy(p["cell"]): int(p["id"]) for p in view["palaces"]}
        self.incomplete = {
            str(p["colour"]): int(p["id"]) for p in view["palaces"] if p["status"] == "incomplete"
        }
        self.building_palace: dict[XY, int] = {}
        self.piece_at: dict[XY, dict[str, Any]] = {}
        for piece in view["pieces"]:
            cell = piece["cell"]
            at = int(cell[0]), int(cell[1])  # _xy inline: the index is made for every picture
            self.piece_at[at] = piece
            if piece["kind"] == "building":
                self.building_palace[at] = int(piece["palace"])
        self.ends = {xy(c) for c in view["merchant_line_ends"]}
        self.towers = {xy(t["cell"]): t for t in view["towers"]}
        self.chain_of: dict[XY, dict[str, Any]] = {
            (int(c[0]), int(c[1])): chain for chain in view["wall_chains"] for c in chain["cells"]
        }
        self.points: dict[int, dict[str, Any]] = {}
        for score in view.get("scores", []):
            for p in score["palaces"]:
                self.points[int(p["palace"])] = p
        # every block and stable of a palace carries the palace's tip: made once per view
        self._palace_tips: dict[tuple[int, str], str] = {}

    def palace_tip(self, palace_id: int, lang: str) -> str:
        """``palace_tip`` of this view, made once per palace and language."""
        found = self._palace_tips.get((palace_id, lang))
        if found is None:
            found = self._palace_tips[(palace_id, lang)] = palace_tip(self, palace_id, lang)
        return found

    def palace_beside(self, x: int, y: int) -> int | None:
        """The palace with a building next to (x, y): a stable's palace (MD-R29)."""
        for dx, dy in ORTHOGONAL:
            p = self.building_palace.get((x + dx, y + dy))
            if p is not None:
                return p
        return None

    def wall_tower(self, x: int, y: int) -> int | None:
        """The tower whose chain a wall on (x, y) joins: the tower or wall next to it."""
        for dx, dy in ORTHOGONAL:
            near = (x + dx, y + dy)
            if near in self.towers:
                return int(self.towers[near]["tower"])
            if near in self.chain_of:
                return int(self.chain_of[near]["tower"])
        return None

    def side(self, x: int, y: int) -> str:
        return side_of(x, y, self.width, self.height)

    def ring(self, x: int, y: int) -> bool:
        return x in (0, self.width - 1) or y in (0, self.height - 1)


# -- tips ---------------------------------------------------------------------------------
def palace_tip(index: BoardIndex, palace_id: int, lang: str) -> str:
    """A palace's colour, size, owner, status, points and tiles."""
    view = index.view
    p = index.palaces.get(palace_id)
    if p is None:
        return words(lang)["palace"].format(id=palace_id, colour="?", size="?")
    owner = p["owner"]
    viewer = None
    points = None
    if owner is not None and owner != "neutral":  # a seat: its name, the palace's points
        viewer = view.get("seat")
        found = index.points.get(palace_id)
        if found is not None:
            points = (
                found["components"],
                found.get("walls"),
                found.get("merchants"),
                found.get("well"),
                found["total"],
            )
    tiles = tuple(c for c, holder in view["palace_tiles"].items() if holder == palace_id)
    towers = tuple(v for v, holder in view["tower_tiles"].items() if holder == palace_id)
    return _palace_tip_text(
        palace_id, p["colour"], p["size"], owner, p["status"], viewer, points, tiles, towers, lang
    )


@lru_cache(maxsize=4096)
def _palace_tip_text(
    palace_id: int,
    colour_id: Any,
    size: Any,
    owner: Any,
    status: Any,
    viewer: int | None,
    points: tuple[Any, ...] | None,
    tiles: tuple[str, ...],
    towers: tuple[Any, ...],
    lang: str,
) -> str:
    """``palace_tip`` from what it names: most palaces stay as they are from move to move,
    and each of their blocks and stables carries the tip."""
    w = words(lang)
    colour = colour_name(colour_id, lang)
    parts = [w["palace"].format(id=palace_id, colour=colour, size=size)]
    if owner is None:
        parts.append(w["unclaimed"])
        if status in ("incomplete", "closed"):
            parts.append(w[status].format(colour=colour))
    elif owner == "neutral":
        parts.append(w["neutral_owner"])
    else:
        parts.append(w["owner"].format(name=owner_name(owner, lang, viewer)))
        if points is not None:
            names = ("components", "walls", "merchants", "well", "total")
            parts.append(points_text(dict(zip(names, points, strict=True)), lang))
    for tile_colour in tiles:
        value = pieces.TILE_VALUE.get(tile_colour, 1)
        parts.append(
            w["holds_palace_tile"].format(
                colour=colour_name(tile_colour, lang), n=count(value, "point", lang)
            )
        )
    for value in towers:
        parts.append(w["holds_tower_tile"].format(n=value))
    return "; ".join(parts)


def tower_tip(index: BoardIndex, tower: dict[str, Any], lang: str) -> str:
    """A tower's tile value, the palace holding it and (2nd edition) its merchants."""
    value = int(tower["tower"])
    palace = tower.get("holder")
    owner = index.palaces.get(int(palace), NO_PALACE).get("owner") if palace else None
    viewer = index.view.get("seat") if palace else None
    merchants = tower.get("merchants") if index.view["edition"] == 2 else None
    return _tower_tip_text(value, palace, owner, viewer, merchants, lang)


@lru_cache(maxsize=256)
def _tower_tip_text(
    value: int, palace: Any, owner: Any, viewer: int | None, merchants: Any, lang: str
) -> str:
    """``tower_tip`` from what it names (drawn on the board and on the tile's card)."""
    w = words(lang)
    parts = [w["tower"].format(n=value, pts=count(value, "point", lang))]
    if palace:
        parts.append(holder_text(palace, owner, lang, viewer, "tower_held"))
    else:
        parts.append(w["tower_free"])
    if merchants:
        parts.append(w["tower_merchants"].format(n=count(int(merchants), "merchant", lang)))
    return "; ".join(parts)
