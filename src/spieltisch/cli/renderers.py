"""Which module draws a game in the terminal: game id -> text renderer module.

A renderer module lives with its game (standard library only) and provides
``render_view(view, lang) -> str`` returning Rich markup; it may also provide
``render_actions(actions_json, view, lang) -> str``, a numbered menu of the legal actions.
Games without an entry are shown as their view's JSON.

A game whose menu would be too long to read (Medina: 500-700 moves) also names a module in
``TYPED``: its players type a move (``grey 4 5``) instead of a number. The module provides
``match_move(text, actions_json, view, lang)`` (a ``MoveMatch``: legal indices, or the one
action the words name, or an error) and ``move_help(actions_json, view, lang)``; why a
named move is illegal comes from ``Game.why_illegal`` in the reader's language."""

from __future__ import annotations

import importlib
import json
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from rich.markup import escape

RENDERERS: dict[str, str] = {
    "im-zeichen-des-kreuzes": "spieltisch.games.zeichen_des_kreuzes.text",
    "kingdoms-of-crusaders": "spieltisch.games.kingdoms_of_crusaders.text",
    "medina": "spieltisch.games.medina.text",
    "tumult-royal": "spieltisch.games.tumult_royal.text",
}
TYPED: dict[str, str] = {"medina": "spieltisch.games.medina.typed_moves"}


def renderer(game_id: str) -> ModuleType | None:
    """The text renderer module of ``game_id``, or ``None`` if the game has none."""
    path = RENDERERS.get(game_id)
    return None if path is None else importlib.import_module(path)


def typed_moves(game_id: str) -> ModuleType | None:
    """The module that reads typed moves of ``game_id``, or ``None`` (numbered menu)."""
    path = TYPED.get(game_id)
    return None if path is None else importlib.import_module(path)


def render_view(game_id: str, view: dict[str, Any], lang: str = "en") -> str:
    """Rich markup of a seat's view."""
    module = renderer(game_id)
    if module is None:
        return escape(json.dumps(view, indent=1, ensure_ascii=False))
    markup: str = module.render_view(view, lang)
    return markup


def render_actions(
    game_id: str,
    actions: Sequence[dict[str, Any]],
    labels: Sequence[str],
    view: dict[str, Any],
    lang: str = "en",
) -> str:
    """A numbered menu of the legal actions (1-based, in ``legal_actions`` order).

    ``labels`` are the actions' ``str`` forms, used when the game has no menu of its own."""
    module = renderer(game_id)
    if module is not None and hasattr(module, "render_actions"):
        menu: str = module.render_actions(list(actions), view, lang)
        return menu
    width = len(str(len(labels)))
    return "\n".join(
        f"  [bold]{str(n).rjust(width)})[/bold] {escape(label)}"
        for n, label in enumerate(labels, start=1)
    )
