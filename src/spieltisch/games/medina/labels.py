"""Button captions for Medina's actions, in English and German.

A caption reads only the seat's view: the palace a roof or stable goes on, whether a building
founds a palace or extends the incomplete one of its colour (MD-R23, MD-R24), and the tower a
wall grows from (MD-R11) are all public on the board. Cells are written ``(x,y)`` as on the
board. Every legal action has a distinct kind and cell (one roof per palace, at its canonical
cell), so captions of one step never coincide."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.action import Action
from .actions import MedinaAction
from .describe_de import colour_adjective
from .text import LABELS

CAPTIONS: dict[str, dict[str, str]] = {
    "en": {
        "start_merchant": "Place the start merchant at {cell}",
        "build_new": "Build {colour} at {cell}, new palace",
        "build_extend": "Build {colour} at {cell}, palace #{palace}",
        "roof": "Roof the {colour} palace #{palace} at {cell}",
        "neutral_roof": "Neutral roof on the {colour} palace #{palace} at {cell}",
        "stable": "Place a stable at {cell} by the {colour} palace #{palace}",
        "merchant": "Place a merchant at {cell}",
        "wall": "Build a wall of tower {tower} at {cell}",
        # only if the view lacks the palace or tower (a view always has it for a legal action)
        "roof_bare": "Roof the palace at {cell}",
        "neutral_roof_bare": "Neutral roof on the palace at {cell}",
        "stable_bare": "Place a stable at {cell}",
        "wall_bare": "Build a wall at {cell}",
    },
    "de": {
        "start_merchant": "Startkaufmann auf {cell} setzen",
        "build_new": "{colour_es} Gebäude auf {cell} bauen, neuer Palast",
        "build_extend": "{colour_es} Gebäude auf {cell} bauen, Palast #{palace}",
        "roof": "Dach auf den {colour_en} Palast #{palace} bei {cell} setzen",
        "neutral_roof": "Neutrales Dach auf den {colour_en} Palast #{palace} bei {cell} setzen",
        "stable": "Stall auf {cell} an den {colour_en} Palast #{palace} setzen",
        "merchant": "Kaufmann auf {cell} setzen",
        "wall": "Mauer von Turm {tower} auf {cell} bauen",
        "roof_bare": "Dach auf den Palast bei {cell} setzen",
        "neutral_roof_bare": "Neutrales Dach auf den Palast bei {cell} setzen",
        "stable_bare": "Stall auf {cell} setzen",
        "wall_bare": "Mauer auf {cell} bauen",
    },
}

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _cell(x: int, y: int) -> str:
    return f"({x},{y})"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _xy(cell: Sequence[int]) -> tuple[int, int]:
    return int(cell[0]), int(cell[1])


def _palace_at(view: dict[str, Any], x: int, y: int) -> dict[str, Any] | None:
    """The palace whose canonical cell is (x, y): where ``legal_actions`` puts its roof."""
    return next((p for p in view["palaces"] if _xy(p["cell"]) == (x, y)), None)


def _palace_beside(view: dict[str, Any], x: int, y: int) -> dict[str, Any] | None:
    """The palace with a building next to (x, y): a stable's palace (MD-R29; only one can
    be that close, MD-R7)."""
    near = {(x + dx, y + dy) for dx, dy in ORTHOGONAL}
    return next((p for p in view["palaces"] if any(_xy(b) in near for b in p["buildings"])), None)


def _incomplete(view: dict[str, Any], colour: str) -> dict[str, Any] | None:
    """The incomplete palace of ``colour`` that a building of it must extend (MD-R23)."""
    return next(
        (p for p in view["palaces"] if p["colour"] == colour and p["status"] == "incomplete"),
        None,
    )


def _wall_tower(view: dict[str, Any], x: int, y: int) -> int | None:
    """The tower whose chain a wall on (x, y) joins: the tower or wall next to it (MD-R11)."""
    near = {(x + dx, y + dy) for dx, dy in ORTHOGONAL}
    for tower in view["towers"]:
        if _xy(tower["cell"]) in near:
            return int(tower["tower"])
    for chain in view["wall_chains"]:
        if any(_xy(c) in near for c in chain["cells"]):
            return int(chain["tower"])
    return None


def action_label(action: Action, view: dict[str, Any], lang: str = "en") -> str:
    """A short caption for ``action`` offered to the seat whose view is ``view``."""
    lang = lang if lang in CAPTIONS else "en"
    if not isinstance(action, MedinaAction):
        return str(action)
    if action.kind == "discard_tea":
        return _capital(LABELS[lang]["act_discard_tea"])
    cap = CAPTIONS[lang]
    x, y = action.x, action.y
    words: dict[str, Any] = {"cell": _cell(x, y)}
    key = action.kind
    palace: dict[str, Any] | None = None
    if key == "build":
        words["colour"] = action.colour
        palace = _incomplete(view, action.colour)
        key = "build_extend" if palace is not None else "build_new"
        words["colour_es"] = _capital(colour_adjective(action.colour, "es"))
    elif key in ("roof", "neutral_roof", "stable"):
        palace = _palace_at(view, x, y) if key != "stable" else _palace_beside(view, x, y)
        if palace is None:
            key += "_bare"
    elif key == "wall":
        tower = _wall_tower(view, x, y)
        if tower is None:
            key = "wall_bare"
        words["tower"] = tower
    if palace is not None:
        words["palace"] = palace["id"]
        words.setdefault("colour", palace["colour"])
        words["colour_en"] = colour_adjective(palace["colour"], "en")
    template = cap.get(key)
    if template is None:
        return str(action)
    return template.format(**words)
