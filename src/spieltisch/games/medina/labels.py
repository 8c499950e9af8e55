"""Button captions for Medina's actions in the reader's language (the package's catalogs).

A caption reads only the seat's view: the palace a roof or stable goes on, whether a building
founds a palace or extends the incomplete one of its colour (MD-R23, MD-R24), and the tower a
wall grows from (MD-R11) are all public on the board. Cells are written ``(x,y)`` as on the
board. Every legal action has a distinct kind and cell (one roof per palace, at its canonical
cell), so captions of one step never coincide."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine.action import Action
from ...engine.i18n import lang_of
from .actions import MedinaAction
from .words import NEUTER, WEAK, capital, catalog, colour_name


@lru_cache(maxsize=8)
def _captions_of(lang: str) -> dict[str, str]:
    """The caption of each kind of action; ``{colour}`` comes in the form its noun asks for
    (``COLOUR_FORM``)."""
    _ = catalog(lang)
    return {
        "start_merchant": _("Place the start merchant at {cell}"),
        "build_new": _("Build {colour} at {cell}, new palace"),
        "build_extend": _("Build {colour} at {cell}, palace #{palace}"),
        "roof": _("Roof the {colour} palace #{palace} at {cell}"),
        "neutral_roof": _("Neutral roof on the {colour} palace #{palace} at {cell}"),
        "stable": _("Place a stable at {cell} by the {colour} palace #{palace}"),
        "merchant": _("Place a merchant at {cell}"),
        "wall": _("Build a wall of tower {tower} at {cell}"),
        # only if the view lacks the palace or tower (a view always has it for a legal action)
        "roof_bare": _("Roof the palace at {cell}"),
        "neutral_roof_bare": _("Neutral roof on the palace at {cell}"),
        "stable_bare": _("Place a stable at {cell}"),
        "wall_bare": _("Build a wall at {cell}"),
        "discard_tea": _("discard a tea tile instead of a second piece"),
    }


# a building's caption names its colour before "Gebäude", the others before "Palast"
COLOUR_FORM = {"build_new": NEUTER, "build_extend": NEUTER}

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _cell(x: int, y: int) -> str:
    return f"({x},{y})"


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
    if not isinstance(action, MedinaAction):
        return str(action)
    cap = _captions_of(lang_of(lang))
    if action.kind == "discard_tea":
        return capital(cap["discard_tea"])
    x, y = action.x, action.y
    words: dict[str, Any] = {"cell": _cell(x, y)}
    key = action.kind
    palace: dict[str, Any] | None = None
    colour = ""
    if key == "build":
        colour = action.colour
        palace = _incomplete(view, colour)
        key = "build_extend" if palace is not None else "build_new"
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
        colour = colour or str(palace["colour"])
    words["colour"] = colour_name(colour, lang, COLOUR_FORM.get(key, WEAK))
    template = cap.get(key)
    if template is None:
        return str(action)
    return capital(template.format(**words))
