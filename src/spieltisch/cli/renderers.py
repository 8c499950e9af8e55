"""How a game is drawn in the terminal: its manifest's text renderer (``engine.manifest``).

A renderer module lives with its game (standard library only) and provides
``render_view(view, lang) -> str`` returning Rich markup; it may also provide
``render_actions(actions_json, view, lang) -> str``, a numbered menu of the legal actions.
Games without one are shown as their view's JSON.

A game whose menu would be too long to read (Medina: 500-700 moves) also names a
``typed_moves`` module in its manifest: its players type a move (``grey 4 5``) instead of a
number. The module provides ``match_move(text, actions_json, view, lang)`` (a ``MoveMatch``:
legal indices, or the one action the words name, or an error) and
``move_help(actions_json, view, lang)``; why a named move is illegal comes from
``Game.why_illegal`` in the reader's language."""

from __future__ import annotations

import json
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from rich.markup import escape

from ..engine.registry import manifest


def renderer(game_id: str) -> ModuleType | None:
    """The text renderer module of ``game_id``, or ``None`` if the game has none."""
    return manifest(game_id).text_module()


def typed_moves(game_id: str) -> ModuleType | None:
    """The module that reads typed moves of ``game_id``, or ``None`` (numbered menu)."""
    return manifest(game_id).typed_moves_module()


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
