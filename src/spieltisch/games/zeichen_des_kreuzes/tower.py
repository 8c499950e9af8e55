"""The cube tower of Im Zeichen des Kreuzes (ZK-T1..ZK-T9).

One small interface, :class:`Tower` (ZK-T1), and three implementations:

* :class:`TowerB` - two shelves with flushing, the default (ZK-T3, ZK-O8);
* :class:`TowerA` - independent release (ZK-T4);
* :class:`ScriptedTower` - the test double that returns prescribed trays (ZK-T8).

Colours are small integers: seats ``0..4`` are the player colours, :data:`GREEN` is 5.
Every ``u() < p`` of the rules is ``chance.bernoulli("tower", p)`` (the draw of
``chance.unit("tower") < p``) and every ``shuffle`` is ``chance.shuffle("tower", ...)``,
called in exactly the order of the pseudocode (ZK-T7).
Each tower keeps its per-colour counts incrementally, so ``counts``/``count``/``total`` cost
nothing whatever the tower holds.

Visibility (ZK-T6, ZK-H1, ZK-H3): only :meth:`Tower.counts` is public. In ``to_json()`` the
cube lists (``"shelves"`` of Model B, ``"inside"`` of Model A and of the scripted tower) hold
the order and the shelf of every cube; they are hidden from every seat and belong in the full
state only, never in a view.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine.chance import Chance
from ...engine.errors import OptionError, StateFormatError
from .colours import (
    COLOURS,
    GREEN,
    ThrowRecord,
    colour_from_name,
    colour_name,
    named_counts,
    tally,
)
from .scripted_tower import ScriptedTower, TraySpec
from .tower_model_a import TowerA
from .tower_models import EVENT, UPPER_SHARE, Tower, TowerB, TowerBase
from .tower_params import (
    DEFAULT_PARAMS,
    MODELS,
    SHELF_MEMORIES,
    parse_tower_params,
    resolve_tower_params,
)

__all__ = [
    "COLOURS",
    "DEFAULT_PARAMS",
    "EVENT",
    "GREEN",
    "MODELS",
    "SHELF_MEMORIES",
    "UPPER_SHARE",
    "ScriptedTower",
    "ThrowRecord",
    "Tower",
    "TowerA",
    "TowerB",
    "TowerBase",
    "TraySpec",
    "colour_from_name",
    "colour_name",
    "make_tower",
    "named_counts",
    "parse_tower_params",
    "resolve_tower_params",
    "tally",
    "tower_from_json",
]


def make_tower(
    model: str = "B",
    params: Mapping[str, object] | None = None,
    shelf_memory: str = "persistent",
    chance: Chance | None = None,
) -> Tower:
    """The tower the options ask for (ZK-O6, ZK-O7, ZK-O8); empty (ZK-T2).

    Raises ``OptionError`` naming the option on a bad model, key, value or shelf memory
    (``resample`` is a Model B option only)."""
    full = resolve_tower_params(model, params)
    if shelf_memory not in SHELF_MEMORIES:
        raise OptionError(
            f"tower_shelf_memory must be one of {', '.join(SHELF_MEMORIES)}, "
            f"not {shelf_memory!r} (ZK-O8)"
        )
    rng = chance if chance is not None else Chance(0)
    if model == "A":
        if shelf_memory != "persistent":
            raise OptionError("tower_shelf_memory = resample applies to tower model B only (ZK-O8)")
        return TowerA(rng, full["p_new"], full["p_old"])
    return TowerB(rng, full["s0"], full["K"], full["d"], shelf_memory)


# -- persistence --------------------------------------------------------------------------


def _cube_list(obj: object, where: str) -> list[int]:
    if not isinstance(obj, list):
        raise StateFormatError(f"tower {where} must be a list of colour ids")
    for c in obj:
        if c.__class__ is not int or not 0 <= c < COLOURS:
            raise StateFormatError(f"tower {where}: {c!r} is not a colour id (0..{GREEN})")
    return list(obj)


def tower_from_json(obj: object, chance: Chance) -> Tower:
    """The tower that ``to_json()`` wrote, drawing from ``chance``. Raises
    ``StateFormatError`` naming the problem on malformed input."""
    if not isinstance(obj, dict):
        raise StateFormatError("tower must be an object")
    model = obj.get("model")
    if model == "scripted":
        inside = _cube_list(obj.get("inside"), "'inside'")
        script = obj.get("script")
        if not isinstance(script, list):
            raise StateFormatError("tower 'script' must be a list of trays")
        scripted = ScriptedTower(chance=chance)
        scripted.script = [_cube_list(t, "'script' tray") for t in script]
        scripted._recount(inside)
        return scripted
    if model not in MODELS:
        raise StateFormatError(f"tower 'model' must be B, A or scripted, not {model!r}")
    params = obj.get("params")
    if not isinstance(params, dict) or set(params) != set(DEFAULT_PARAMS[model]):
        raise StateFormatError(
            f"tower 'params' must be an object with keys {', '.join(DEFAULT_PARAMS[model])}"
        )
    shelf_memory = obj.get("shelf_memory", "persistent")
    try:
        tower = make_tower(model, params, str(shelf_memory), chance)
    except OptionError as exc:
        raise StateFormatError(f"tower: {exc}") from None
    if isinstance(tower, TowerB):
        shelves = obj.get("shelves")
        if not isinstance(shelves, list) or len(shelves) != 2:
            raise StateFormatError("tower 'shelves' must be a list of two shelves")
        tower.shelves = [_cube_list(shelves[0], "upper shelf"), _cube_list(shelves[1], "lower")]
        tower._recount(tower.shelves[0] + tower.shelves[1])
    elif isinstance(tower, TowerA):
        tower.inside = _cube_list(obj.get("inside"), "'inside'")
        tower._recount(tower.inside)
    return tower
