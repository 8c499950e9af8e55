"""What the game page needs to make moves on the board (``docs/board-interface.md``): the
picture, how each legal action is made on it (``moves``), which pieces each log line
touched (``log_keys``) and which the other players' last moves touched (``recent``).

Each game's picture module (named ``picture`` in its manifest, ``engine.manifest``) provides
``render_svg``, ``board_moves`` and ``log_keys``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from types import ModuleType
from typing import Any

from ..engine.registry import manifest


@cache
def picture_module(game_id: str) -> ModuleType | None:
    """The game's picture module, as its manifest names it (``None`` for a game that draws
    no picture)."""
    return manifest(game_id).picture_module()


def render_svg(game_id: str, view: dict[str, Any], lang: str, legal: list[dict[str, Any]]) -> str:
    """The picture as the page embeds it (without the XML declaration)."""
    module = picture_module(game_id)
    if module is None:
        return ""
    svg: str = module.render_svg(view, lang, legal)
    if svg.startswith("<?xml"):
        svg = svg.split("?>", 1)[1].lstrip()
    return svg


def board_moves(
    game_id: str, view: dict[str, Any], legal: list[dict[str, Any]], lang: str
) -> list[dict[str, Any]]:
    """How each legal action is made on the picture: ``{"pick", "place", "button", "art"}``."""
    module = picture_module(game_id)
    if module is None or not legal:
        return []
    moves: list[dict[str, Any]] = module.board_moves(view, legal, lang)
    if len(moves) != len(legal):  # a renderer bug must not offer the wrong moves
        raise RuntimeError(f"{game_id}: {len(moves)} board moves for {len(legal)} actions")
    return moves


def log_keys(game_id: str, events: Sequence[dict[str, Any]]) -> list[list[str]]:
    """Per log event, the ``data-key``s of the pieces it touched."""
    module = picture_module(game_id)
    if module is None:
        return [[] for _ in events]
    return [list(module.log_keys(event)) for event in events]


def recent_start(marks: Mapping[int, tuple[int, int]], seat: int | None) -> int:
    """The index of the first log event the page marks as "what happened since you last
    moved", from the event counts before and after each seat's last move (``marks``): for a
    seat, the events after its own last move and what that move did at once (the other
    players' moves and the game's steps since); for a spectator, the last move of every
    seat. Nothing moved yet: everything."""
    if seat is not None:
        return marks[seat][1] if seat in marks else 0
    return min((before for before, _after in marks.values()), default=0)


def recent_keys(keys: Sequence[Sequence[str]], indices: Iterable[int]) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    for i in indices:
        for k in keys[i]:
            if k not in seen:
                seen.add(k)
                out.append(k)
    return out
