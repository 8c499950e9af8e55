"""Button captions for the legal actions, in English and German.

A caption reads only the action, the view of the seat it is offered to (the terrain of a
field, the face of a tile the seat holds or remembers) and the ruleset the view names, so it
can never tell a seat more than it knows. Captions of one decision are distinct: a build
names its field and every paid tile's value, a peek its slot."""

from __future__ import annotations

from typing import Any

from ...engine.action import Action
from ...engine.game import JSON
from .actions import TumultAction
from .names import good_name, lang_of, payment_text
from .text import field_text, labels, rules, terrain_grid

CAPTIONS: dict[str, dict[str, str]] = {
    "en": {
        "place_start": "Start statue on the {terrain} {field}",
        "peek": "Peek at slot {slot}",
        "peek_known": "Peek at slot {slot} ({face})",
        "keep": "Keep the tile ({face})",
        "put_back": "Put the tile back ({face})",
        "done": "Done: stop grabbing this round",
        "wait": "Wait",
        "build": "Build {terrain} on {field}, paying {paid}",
        "build_statues": "Build {terrain} ({n} statues) on {field}, paying {paid}",
        "end_turn": "End your build turn",
        "end_turn_consoled": "End your build turn (+{n} followers: {why})",
        "could_not": "you could not build",
        "built_nothing": "you built nothing",
    },
    "de": {
        "place_start": "Startstatue auf {field} stellen ({terrain})",
        "peek": "Fach {slot} ansehen",
        "peek_known": "Fach {slot} ansehen ({face})",
        "keep": "Plättchen behalten ({face})",
        "put_back": "Plättchen zurücklegen ({face})",
        "done": "Fertig: in dieser Runde nicht mehr rauben",
        "wait": "Warten",
        "build": "{terrain} auf {field} bauen, zahlen: {paid}",
        "build_statues": "{terrain} ({n} Statuen) auf {field} bauen, zahlen: {paid}",
        "end_turn": "Bauzug beenden",
        "end_turn_consoled": "Bauzug beenden (+{n} Gefolgsleute {why})",
        "could_not": "zum Trost: du konntest nichts bauen",
        "built_nothing": "für keinen Bau",
    },
}


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
    if lang == "de":
        return labels("de").get(f"t_{code}", terrain.name), terrain.capacity
    return terrain.name, terrain.capacity


def action_label(action: Action, view: JSON, lang: str = "en") -> str:
    """The caption of ``action`` for the seat whose view is ``view``."""
    if not isinstance(action, TumultAction):
        return str(action)
    lang = lang_of(lang)
    words = CAPTIONS[lang]
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
        why = words["built_nothing" if view.get("consolation") == "built_nothing" else "could_not"]
        return words["end_turn_consoled"].format(n=rules(view).no_build_bonus, why=why)
    template = words.get(kind)
    return str(action) if template is None else template
