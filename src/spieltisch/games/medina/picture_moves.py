"""How a move is made on Medina's picture (``svg.py``): pick a piece in the tray, then a
square; the moves a seat may make, captioned; what a click means, legal or not
(``attempt``); and which pieces a log event is about (``log_keys``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .picture_index import BoardIndex
from .picture_words import words
from .words import capital, colour_name

XY = tuple[int, int]


def _xy(cell: Sequence[Any]) -> XY:
    return int(cell[0]), int(cell[1])


# -- the moves ----------------------------------------------------------------------------
def pick_of(action: dict[str, Any]) -> str:
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
            {"pick": pick_of(action), "place": place, "button": _caption(action, index, lang)}
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
