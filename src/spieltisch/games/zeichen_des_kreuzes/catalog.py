"""The game's message catalogs (``locale/en.po``, ``locale/de.po``): every word a player
reads comes through ``catalog(lang)``; the English text is the message id.

Names that live in data (cities, units, events) are translated by their English name at run
time (``_.pgettext("city", name)``); the tables that list them mark each name with the
markers below, which return the English text unchanged and only tell Babel's extractor
(``spieltisch translations update``) that the literal is a message."""

from __future__ import annotations

from functools import lru_cache

from ...engine.i18n import Catalog, lang_of, translator

PACKAGE = "spieltisch.games.zeichen_des_kreuzes"


@lru_cache(maxsize=16)
def catalog(lang: str | None) -> Catalog:
    """The catalog of ``lang`` (``de``, else English), by the spelling asked for: names and
    captions ask for it many times per picture."""
    return translator(PACKAGE, lang_of(lang))


def gettext(msgid: str) -> str:
    """Marks a literal for extraction; the text is translated where it is shown."""
    return msgid


def pgettext(context: str, msgid: str) -> str:
    """Marks a literal with its context for extraction; translated where it is shown."""
    return msgid
