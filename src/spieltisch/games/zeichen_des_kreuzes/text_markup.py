"""The terminal's markup pieces (``text``): colours and letters of the map, cards,
players, units and tracks as Rich console markup, in the reader's words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.markup import escape, visible_len, wrap
from .board import CRETE, GREEN_CITY, JERUSALEM, MOUNTAIN, RED, SEA
from .constants import JERUSALEM_MOTIVATION, MOTIVATION_MAX
from .names import card_name, unit_title
from .names import city_name as named_city
from .shown import card_of, unit_of

WIDTH = 78  # wrap long lists before the 80-column limit of a terminal
TERRAIN_CHARS = {SEA: "~", 1: ".", MOUNTAIN: "^"}
# terrain -> (foreground, background)
TERRAIN_STYLES = {
    SEA: ("#7fb3d5", "#123a5c"),
    1: ("#c9b27c", "#4a3f22"),
    MOUNTAIN: ("#d7ccc8", "#5d4037"),
}
# city kind -> (letter, colour)
CITY_LETTERS = {RED: "C", CRETE: "K", GREEN_CITY: "M", JERUSALEM: "J"}
CITY_COLOURS = {
    RED: "#ff6b6b",
    CRETE: "#f8c471",
    GREEN_CITY: "#58d68d",
    JERUSALEM: "#ffffff",
}
UNIT_LETTERS = {"fleet": "F", "army": "A"}
UNIT_STYLES = {"fleet": "bold #ffffff on #1f6fb2", "army": "bold #ffffff on #b9770e"}
# seats 0-4: red, yellow, white, black, brown (rules 2.2)
SEAT_FG = ("#e74c3c", "#f1c40f", "#ffffff", "#9e9e9e", "#c68642")
SEAT_PAWN = (
    "bold #ffffff on #c0392b",
    "bold #000000 on #f1c40f",
    "bold #000000 on #ffffff",
    "bold #ffffff on #000000",
    "bold #ffffff on #8b4513",
)
GREEN_CUBE = "#27ae60"


CARD_COLOURS = {
    "sea": "#5dade2",
    "plain": "#d4ac0d",
    "mountain": "#bcaaa4",
    "joker": "#ffffff",
    "event": "#c39bd3",
}


def card_markup(code: Any, lang: str = "en") -> str:
    """``ZK012 Plain + army``: the code dimmed, the name in the card's terrain colour."""
    card = card_of(code)
    if card is None:
        return escape(str(code))
    key = card.label().split("+", 1)[0] if card.kind == "movement" else "event"
    name = escape(card_name(code, lang))
    return f"[dim]{escape(str(code))}[/dim] [bold {CARD_COLOURS.get(key, 'white')}]{name}[/]"


def card_label(code: Any, lab: dict[str, str]) -> str:
    return card_markup(code, lab["lang"])


def unit_name(unit_id: Any, lang: str = "en") -> str:
    """A neutral unit's name by its id, in the reader's words (``names.unit_title``)."""
    u = unit_of(unit_id)
    if u is None:
        return str(unit_id)
    return unit_title(u.name, lang) if u.name else u.id


def city_name(name: str, lang: str) -> str:
    """A city as the reader's language calls it (the catalog's name for the default map's
    cities)."""
    return named_city(name, lang)


def cell_text(xy: Sequence[int] | None) -> str:
    if xy is None:
        return "–"
    return f"({xy[0]},{xy[1]})"


def seat_name(seat: int, viewer: int | None, lab: dict[str, str]) -> str:
    return lab["you"] if seat == viewer else lab["player"].format(n=seat + 1)


def seat_markup(seat: int, viewer: int | None, lab: dict[str, str]) -> str:
    return f"[bold {SEAT_FG[seat % len(SEAT_FG)]}]{seat_name(seat, viewer, lab)}[/]"


def pawn_cells(view: dict[str, Any]) -> dict[tuple[int, int], list[int]]:
    """Cell -> the seats whose pawn stands there."""
    out: dict[tuple[int, int], list[int]] = {}
    for s in view["seats"]:
        pawn = s.get("pawn")
        if pawn is not None:
            out.setdefault((pawn[0], pawn[1]), []).append(s["seat"])
    return out


def unit_cells(view: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    return {(u["cell"][0], u["cell"][1]): u for u in view["units"] if u.get("cell") is not None}


def city_cells(view: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    return {(c["cell"][0], c["cell"][1]): c for c in view["cities"]}


def motivation_track(m: int) -> str:
    """A 0-20 track: one block per point, the Jerusalem threshold (6) marked."""
    m = max(0, min(MOTIVATION_MAX, m))
    colour = "#e74c3c" if m < 4 else "#f1c40f" if m < JERUSALEM_MOTIVATION else "#2ecc71"
    filled = f"[{colour}]{'█' * m}[/]" if m else ""
    empty = f"[#555555]{'·' * (MOTIVATION_MAX - m)}[/]" if m < MOTIVATION_MAX else ""
    return f"▕{filled}{empty}▏"


def wrap_titled(items: Sequence[str], title: str, gap: str) -> list[str]:
    indent = " " * min(visible_len(title), 24)
    lines = wrap(items, indent, WIDTH, gap) or [indent]
    return [title + lines[0][len(indent) :], *lines[1:]]


def viewer_of(view: dict[str, Any]) -> int | None:
    seat = view.get("seat")
    return seat if isinstance(seat, int) else None


def city_value(city: dict[str, Any]) -> str:
    """The tile value when plundered, ``?`` while face down, ``–`` for Candia/Jerusalem."""
    if city["kind"] not in (RED, GREEN_CITY):
        return "–"
    tile = city.get("tile")
    return "?" if tile is None else str(tile)


def tower_items(view: dict[str, Any]) -> list[tuple[str, int]]:
    """The tower's contents per colour in seat order, green last: ``("P0", 3)``."""
    tower = view.get("tower") or {}
    keys = [f"P{p}" for p in range(view["players"])] + ["G"]
    return [(k, int(tower.get(k, 0))) for k in keys]
