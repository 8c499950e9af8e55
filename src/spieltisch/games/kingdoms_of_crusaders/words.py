"""Where The Kingdoms of Crusaders gets its words: the message catalogs ``locale/en.po`` and
``locale/de.po`` (``engine.i18n``; ``spieltisch translations update`` extracts the marked
messages). The English text is the message id, so the code reads in English.

Besides the catalog of a language, this module keeps the names that the log, the captions,
the terminal and the picture all show: the five symbols and the three formation tiers. They
are written out as marked literals (Babel only finds literal strings in calls) and looked up
by position, the symbol's rank or the tier, which is how the rules code names them."""

from __future__ import annotations

from functools import lru_cache

from ...engine.i18n import Catalog, translator

PACKAGE = __package__ or "spieltisch.games.kingdoms_of_crusaders"


def catalog(lang: str | None) -> Catalog:
    """The game's messages in ``lang`` (English for a language without a catalog); cached
    by ``translator``, so every renderer may ask once per call."""
    return translator(PACKAGE, lang)


@lru_cache(maxsize=16)
def symbol_names(lang: str) -> tuple[str, ...]:
    """The symbols by rank, weak to strong (KC-R4): Lance 1 … Banner 5."""
    _ = catalog(lang)
    return (
        _.pgettext("symbol", "Lance"),
        _.pgettext("symbol", "Bow"),
        _.pgettext("symbol", "Sword"),
        _.pgettext("symbol", "Helmet"),
        _.pgettext("symbol", "Banner"),
    )


@lru_cache(maxsize=16)
def tier_names(lang: str) -> tuple[str, ...]:
    """The formations by tier (KC-R19): a symbol on 4, 3 and 2 cards of an army."""
    _ = catalog(lang)
    return (
        _.pgettext("formation", "Regiment"),
        _.pgettext("formation", "Battalion"),
        _.pgettext("formation", "Company"),
    )


@lru_cache(maxsize=16)
def tier_letters(lang: str) -> tuple[str, ...]:
    """The one-letter marks of the tiers on the picture's chips (German: Kompanie → K)."""
    _ = catalog(lang)
    return (
        _.pgettext("formation letter", "R"),
        _.pgettext("formation letter", "B"),
        _.pgettext("formation letter", "C"),
    )


def player(seat: int, _: Catalog) -> str:
    """``Player 1`` for seat 0: how the log and the terminal name a seat."""
    return _("Player {n}").format(n=seat + 1)


def claims_mode(mode: object, _: Catalog, picture: bool = False) -> str:
    """The claims option (KC-R28-R30) in words: the terminal names a value as the command line
    takes it (in German, in words), the picture says what it means; an unknown value reads as
    it is."""
    words = {
        "auto": (_.pgettext("claims", "auto"), _.pgettext("claims", "automatic")),
        "manual": (_.pgettext("claims", "manual"), _.pgettext("claims", "by the player")),
        "off": (_.pgettext("claims", "off"), _.pgettext("claims", "off")),
    }
    found = words.get(str(mode))
    return str(mode) if found is None else found[picture]
