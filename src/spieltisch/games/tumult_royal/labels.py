"""Button captions for the legal actions, in the languages of the game's catalogs.

A caption reads only the action, the view of the seat it is offered to (the terrain of a
field, the face of a tile the seat holds or remembers) and the ruleset the view names, so it
can never tell a seat more than it knows. Captions of one decision are distinct: a build
names its field and every paid tile's value, a peek its slot."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine.action import Action
from ...engine.game import JSON
from .actions import TumultAction
from .names import catalog, good_name, payment_text, terrain_name
from .text_words import field_text, rules, terrain_grid


@lru_cache(maxsize=8)
def captions(lang: str) -> dict[str, str]:
    """The captions in ``lang`` by action kind (the game's catalogs), built once per
    language: every seat's buttons are captioned after every move."""
    _ = catalog(lang)
    return {
        "place_start": _("Start statue on the {terrain} {field}"),
        "peek": _("Peek at slot {slot}"),
        "peek_known": _("Peek at slot {slot} ({face})"),
        "keep": _("Keep the tile ({face})"),
        "put_back": _("Put the tile back ({face})"),
        "done": _("Done: stop grabbing this round"),
        "wait": _("Wait"),
        "build": _("Build {terrain} on {field}, paying {paid}"),
        "build_statues": _("Build {terrain} ({n} statues) on {field}, paying {paid}"),
        "end_turn": _("End your build turn"),
    }


def _consoled(n: int, consolation: Any, lang: str) -> str:
    """The end of a build turn that pays the consolation (TR-R21), and why it is paid (the
    ruleset's consolation rule)."""
    _ = catalog(lang)
    if consolation == "built_nothing":
        caption = _.ngettext(
            "End your build turn (+{n} follower: you built nothing)",
            "End your build turn (+{n} followers: you built nothing)",
            n,
        )
    else:
        caption = _.ngettext(
            "End your build turn (+{n} follower: you could not build)",
            "End your build turn (+{n} followers: you could not build)",
            n,
        )
    return caption.format(n=n)


def _face(face: Any, lang: str) -> str:
    """A tile as ``bread 2`` / ``Brot 2``; ``?`` when the view has no face."""
    if isinstance(face, list) and len(face) == 2:
        return f"{good_name(face[0], lang)} {face[1]}"
    return "?"


def _terrain(view: JSON, field: tuple[int, int], lang: str) -> tuple[str, int]:
    """The terrain's name on ``field`` (as the view shows it) and its statue count."""
    grid = terrain_grid(view)
    r, c = field
    code = grid[r][c] if 0 <= r < len(grid) and 0 <= c < len(grid[0]) else None
    terrain = rules(view).terrains.get(code or "")
    if terrain is None:
        return "?", 1
    return terrain_name(terrain.name, lang), terrain.capacity


def action_label(action: Action, view: JSON, lang: str = "en") -> str:
    """The caption of ``action`` for the seat whose view is ``view``."""
    if not isinstance(action, TumultAction):
        return str(action)
    words = captions(lang)
    kind = action.kind
    me = view.get("me") or {}
    if kind == "peek":
        remembered = (me.get("memory") or {}).get(str(action.slot))
        if remembered is not None:  # a face the seat has seen before (TR-G12)
            return words["peek_known"].format(slot=action.slot, face=_face(remembered, lang))
        return words["peek"].format(slot=action.slot)
    if kind in ("keep", "put_back"):
        return words[kind].format(face=_face(me.get("hand"), lang))
    if kind in ("place_start", "build") and action.field is not None:
        name, statues = _terrain(view, action.field, lang)
        field = field_text(action.field)
        if kind == "place_start":
            return words["place_start"].format(field=field, terrain=name)
        paid = payment_text(action.payment, rules(view).goods, lang)
        key = "build_statues" if statues > 1 else "build"
        return words[key].format(terrain=name, n=statues, field=field, paid=paid)
    if kind == "end_turn" and view.get("consolation_due"):  # TR-R21
        return _consoled(rules(view).no_build_bonus, view.get("consolation"), lang)
    template = words.get(kind)
    return str(action) if template is None else template
