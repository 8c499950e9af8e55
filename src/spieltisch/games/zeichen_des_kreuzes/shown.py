"""The edition a renderer draws from: only the one the view being rendered names (its
``edition`` key), so a picture, a caption or a sentence never needs a state. Shared by the
terminal text, the picture, the captions and the log sentences."""

from __future__ import annotations

from typing import Any

from .board import Board
from .components import SHOWN_EDITION, Card, Components, Unit, parse_card_code
from .edition import shown_components


def components() -> Components:
    """The static data the renderers draw from (terrain, names, card labels): the edition
    the view being rendered names."""
    return shown_components()


def use_edition(view: dict[str, Any]) -> None:
    """Render (and describe log events) with the components of the edition ``view`` names."""
    SHOWN_EDITION.set(str(view.get("edition", "default")))


def board() -> Board:
    return components().board


def card_of(code: Any) -> Card | None:
    """The card a code like ``ZK012`` names, ``None`` for anything else."""
    cards = components().cards
    try:
        cid = parse_card_code(code)
    except ValueError:
        return None
    return cards[cid] if 0 <= cid < len(cards) else None


def unit_of(unit_id: Any) -> Unit | None:
    for u in components().units:
        if u.id == unit_id:
            return u
    return None
