"""The message catalogs' reader (engine/i18n.py): .po strings, contexts, plural forms,
fuzzy entries, the English fallback, and errors that name the file and line."""

from __future__ import annotations

import pytest

from spieltisch.engine.i18n import Catalog, CatalogError, lang_of, parse_po, translator

PO = r"""# a header
msgid ""
msgstr ""
"Language: de\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#: spieltisch/x.py:1
msgid "Your turn"
msgstr "Du bist am Zug"

msgctxt "colour"
msgid "grey"
msgstr "grau"

#, fuzzy
msgid "old"
msgstr "alt"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} Karte"
msgstr[1] "{n} Karten"

msgid ""
"a long "
"text with \"quotes\"\n"
msgstr "ein langer Text"

msgid "untranslated"
msgstr ""
"""


def test_entries_are_read_with_contexts_plurals_and_continued_strings() -> None:
    entries = parse_po(PO, "de.po")
    assert [e.msgid for e in entries] == [
        "",
        "Your turn",
        "grey",
        "old",
        "{n} card",
        'a long text with "quotes"\n',
        "untranslated",
    ]
    assert entries[2].context == "colour"
    assert entries[3].fuzzy and not entries[4].fuzzy
    assert entries[4].plural == "{n} cards" and entries[4].strings == ["{n} Karte", "{n} Karten"]
    assert entries[1].line == 8


def test_a_catalog_translates_and_falls_back_to_the_english_id() -> None:
    de = Catalog("de", parse_po(PO))
    assert de("Your turn") == de.gettext("Your turn") == "Du bist am Zug"
    assert de.pgettext("colour", "grey") == "grau"
    assert de.gettext("grey") == "grey"  # the context matters
    assert de.gettext("old") == "old"  # a fuzzy translation is not used
    assert de.gettext("untranslated") == "untranslated"
    assert de.gettext("never seen") == "never seen"
    assert de.ngettext("{n} card", "{n} cards", 1) == "{n} Karte"
    assert de.ngettext("{n} card", "{n} cards", 0) == "{n} Karten"
    assert de.ngettext("{n} card", "{n} cards", 2) == "{n} Karten"
    assert de.npgettext("x", "{n} card", "{n} cards", 2) == "{n} cards"
    en = Catalog("en", [])
    assert en.ngettext("{n} card", "{n} cards", 1) == "{n} card"
    assert en.ngettext("{n} card", "{n} cards", 5) == "{n} cards"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('msgid "a"\nmsgstr "b"\nfoo "c"\n', "unknown keyword 'foo'"),
        ('msgid "a"\n"b\nmsgstr "c"\n', "expected a quoted string"),
        ('"loose"\n', "a string continues no field"),
        ('msgid "a"\nmsgid_plural "b"\nmsgid_plural "c"\n', "msgid_plural twice"),
    ],
)
def test_a_broken_catalog_is_refused_naming_file_and_line(text: str, problem: str) -> None:
    with pytest.raises(CatalogError, match=problem) as caught:
        parse_po(text, "broken.po")
    assert "broken.po:" in str(caught.value)


def test_languages_map_to_their_catalogs() -> None:
    assert lang_of("de") == lang_of("de-AT") == lang_of("de_CH") == lang_of("DE") == "de"
    assert lang_of("fr") == lang_of(None) == lang_of("") == "en"
    # a package without catalogs reads English
    assert translator("spieltisch.engine", "de")("Your turn") == "Your turn"
