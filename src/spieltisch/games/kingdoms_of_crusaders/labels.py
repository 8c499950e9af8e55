"""Button captions for the actions of The Kingdoms of Crusaders, in the reader's language (the
game's message catalogs, ``words.py``).

A caption reads only the seat's view: a card is named by the symbols printed on it, looked up
in the view's hand. Two cards with the same symbols (copies of one set, or the -A/-B copies
with 3-4 players) would give identical captions, so then the card's id is added."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from ...engine.action import Action
from .actions import CLAIM, END_CLAIMS_KIND, PLAY, Move
from .words import catalog, symbol_names


def card_name(card: str, view: dict[str, Any], lang: str = "en") -> str:
    """``Sword + Helmet`` for a card in the view's hand, with ``(K32)`` if another card in
    that hand shows the same symbols; the bare id for a card the view does not show."""
    return _names_in(view.get("hand") or [], lang).get(card, card)


# the names of the last hand asked about: a seat's captions all name cards of one hand, so
# the hand is read once for all of them (replaced whole, so threads never see half of it)
_last: tuple[list[Any], str, dict[str, str]] | None = None


def _names_in(hand: list[Any], lang: str) -> dict[str, str]:
    global _last
    last = _last
    if last is not None and last[0] is hand and last[1] == lang:
        return last[2]
    names = _hand_names(tuple((str(c["card"]), str(c["slots"])) for c in hand), lang)
    _last = (hand, lang, names)
    return names


# every legal play names a card of the same hand: the names are worked out once per hand
@lru_cache(maxsize=4096)
def _hand_names(hand: tuple[tuple[str, str], ...], lang: str) -> dict[str, str]:
    names = symbol_names(lang)
    same = Counter(slots for _, slots in hand)
    out = {}
    for card, slots in hand:
        name = " + ".join(names[i] for i, ch in enumerate(slots) if ch != ".")
        out[card] = f"{name} ({card})" if same[slots] > 1 else name
    return out


@lru_cache(maxsize=16)
def _captions(lang: str) -> tuple[str, str, str]:
    """The captions' messages in ``lang`` (a seat is offered some thirty plays at a time)."""
    _ = catalog(lang)
    return (
        _("Play {card} into territory {t}"),
        _("Claim territory {t}"),
        _("End claims (claim nothing more this turn)"),
    )


def action_label(action: Action, view: dict[str, Any], lang: str = "en") -> str:
    """A short caption for ``action`` offered to the seat whose view is ``view``."""
    if not isinstance(action, Move):
        return str(action)
    play, claim, end_claims = _captions(lang)
    kind = action.kind
    if kind == PLAY:
        card = card_name(str(action.card), view, lang)
        return play.format(card=card, t=action.territory)
    if kind == CLAIM:
        return claim.format(t=action.territory)
    if kind == END_CLAIMS_KIND:
        return end_claims
    return str(action)
