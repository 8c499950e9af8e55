"""Button captions for the actions of The Kingdoms of Crusaders, in English and German.

A caption reads only the seat's view: a card is named by the symbols printed on it, looked up
in the view's hand. Two cards with the same symbols (copies of one set, or the -A/-B copies
with 3-4 players) would give identical captions, so then the card's id is added."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine.action import Action
from .actions import Claim, EndClaims, Play
from .svg import SVG_LABELS
from .text import LABELS

PLAY = {
    "en": "Play {card} into territory {t}",
    "de": "{card} in Gebiet {t} ausspielen",
}


def _lang(lang: str) -> str:
    return lang if lang in PLAY else "en"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_name(card: str, view: dict[str, Any], lang: str = "en") -> str:
    """``Sword + Helmet`` for a card in the view's hand, with ``(K32)`` if another card in
    that hand shows the same symbols; the bare id for a card the view does not show."""
    hand = {c["card"]: c["slots"] for c in view.get("hand") or []}
    slots = hand.get(card)
    if slots is None:
        return card
    names = SVG_LABELS[_lang(lang)]["symbols"].split(",")
    name = " + ".join(names[i] for i, ch in enumerate(slots) if ch != ".")
    if Counter(hand.values())[slots] > 1:
        name += f" ({card})"
    return name


def action_label(action: Action, view: dict[str, Any], lang: str = "en") -> str:
    """A short caption for ``action`` offered to the seat whose view is ``view``."""
    lang = _lang(lang)
    if isinstance(action, Play):
        return PLAY[lang].format(card=card_name(action.card, view, lang), t=action.territory)
    lab = LABELS[lang]
    if isinstance(action, Claim):
        return _capital(lab["act_claim"].format(n=action.territory))
    if isinstance(action, EndClaims):
        return _capital(lab["act_end_claims"])
    return str(action)
