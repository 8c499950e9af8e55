"""Words of The Kingdoms of Crusaders' board picture that are put together from parts: a card
spelled by its symbols, a list of seats, an army's formations. The sentences themselves are
messages of the game's catalogs (``words.py``), marked where the picture draws them. Seat
names come from ``engine.picture.seat_name``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.i18n import Catalog
from ...engine.picture import seat_name
from .words import catalog, symbol_names, tier_names


def spelled(slots: str, lang: str) -> str:
    """``3 Sword + 4 Helmet`` for the slot string ``..34.``."""
    names = symbol_names(lang)
    return " + ".join(f"{i + 1} {names[i]}" for i, ch in enumerate(slots[:5]) if ch != ".")


def names_of(seats: Sequence[int], lang: str, viewer: int | None, _: Catalog) -> str:
    return ", ".join(seat_name(s, lang, viewer) for s in seats) or _("none")


def formation(tier: int, rank: int, lang: str) -> str:
    """``Regiment of Sword (on 4 cards)``: a formation of ``tier`` (0 regiment … 2 company)
    of the symbol of ``rank`` (1-5)."""
    _ = catalog(lang)
    return _("{tier} of {symbol} (on {n} cards)").format(
        tier=tier_names(lang)[tier], symbol=symbol_names(lang)[rank - 1], n=4 - tier
    )


def formations(key: Sequence[Any], lang: str) -> str:
    """An army key ``[nR, [ranks], nB, [ranks], nC, [ranks]]`` in words: ``Regiment of
    Sword (on 4 cards), Company of Bow (on 2 cards)``."""
    _ = catalog(lang)
    words = [formation(tier, int(rank), lang) for tier in range(3) for rank in key[2 * tier + 1]]
    return ", ".join(words) or _("no formation yet (a symbol on 2, 3 or 4 cards forms one)")
