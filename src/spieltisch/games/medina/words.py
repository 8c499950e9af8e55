"""Medina's words in the reader's language, from the package's message catalogs
(``locale/en.po``, ``locale/de.po``; ``spieltisch translations update`` extracts them).

The English text is the message id. Every module that speaks to players takes its catalog
once per call (``_ = catalog(lang)``); word tables whose entries come from data (the
building colours) are built here once per language from marked literals, so that the
extractor finds every word and the renderers look a word up in a dict.

German declines a colour by the noun that follows it ("ein graues Gebäude", "die graue
Palastkarte", "den grauen Palast"); each form is a context of its own, and English reads
the bare colour in all of them."""

from __future__ import annotations

from functools import lru_cache

from ...engine.i18n import Catalog, lang_of, translator

PACKAGE = __package__ or "spieltisch.games.medina"

# the grammatical forms of a colour word (a key of ``colour_forms``)
BARE = "bare"  # the colour's name: "grau"
NEUTER = "neuter"  # before a neuter noun after "ein": "graues (Gebäude)"
FEMININE = "feminine"  # before a feminine noun after "die": "graue (Palastkarte)"
WEAK = "weak"  # after "den", "einen" or "die" in the plural: "grauen (Palast)"
WITH_ARTICLE = "with_article"  # with an indefinite article: "a grey", "an orange"


def catalog(lang: str | None) -> Catalog:
    """Medina's catalog in ``lang`` (English for a language without one); cached."""
    return translator(PACKAGE, lang)


@lru_cache(maxsize=8)
def _colour_forms(lang: str) -> dict[str, dict[str, str]]:
    _ = catalog(lang)
    return {
        BARE: {
            "grey": _.pgettext("colour", "grey"),
            "black": _.pgettext("colour", "black"),
            "purple": _.pgettext("colour", "purple"),
            "brown": _.pgettext("colour", "brown"),
            "orange": _.pgettext("colour", "orange"),
        },
        NEUTER: {
            "grey": _.pgettext("colour before a neuter noun (building)", "grey"),
            "black": _.pgettext("colour before a neuter noun (building)", "black"),
            "purple": _.pgettext("colour before a neuter noun (building)", "purple"),
            "brown": _.pgettext("colour before a neuter noun (building)", "brown"),
            "orange": _.pgettext("colour before a neuter noun (building)", "orange"),
        },
        FEMININE: {
            "grey": _.pgettext("colour before a feminine noun (palace tile)", "grey"),
            "black": _.pgettext("colour before a feminine noun (palace tile)", "black"),
            "purple": _.pgettext("colour before a feminine noun (palace tile)", "purple"),
            "brown": _.pgettext("colour before a feminine noun (palace tile)", "brown"),
            "orange": _.pgettext("colour before a feminine noun (palace tile)", "orange"),
        },
        WEAK: {
            "grey": _.pgettext("colour after 'the' or 'a' (palace) or in a plural", "grey"),
            "black": _.pgettext("colour after 'the' or 'a' (palace) or in a plural", "black"),
            "purple": _.pgettext("colour after 'the' or 'a' (palace) or in a plural", "purple"),
            "brown": _.pgettext("colour after 'the' or 'a' (palace) or in a plural", "brown"),
            "orange": _.pgettext("colour after 'the' or 'a' (palace) or in a plural", "orange"),
        },
        WITH_ARTICLE: {
            "grey": _.pgettext("colour with an article", "a grey"),
            "black": _.pgettext("colour with an article", "a black"),
            "purple": _.pgettext("colour with an article", "a purple"),
            "brown": _.pgettext("colour with an article", "a brown"),
            "orange": _.pgettext("colour with an article", "an orange"),
        },
    }


def colour_forms(lang: str | None, form: str = BARE) -> dict[str, str]:
    """Building colour -> its word in ``lang`` and grammatical ``form``."""
    return _colour_forms(lang_of(lang))[form]


def colour_name(colour: str, lang: str | None, form: str = BARE) -> str:
    """A building colour's word (an unknown colour stays as it is)."""
    return colour_forms(lang, form).get(colour, colour)


def capital(text: str) -> str:
    """The text with its first letter in upper case ("graues Gebäude ..." at a start)."""
    return text[:1].upper() + text[1:]
