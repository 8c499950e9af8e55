"""The message catalogs are complete (issue 14): every message the code marks (Python and
the page's scripts, read by Babel's extractor) is in the English and the German catalog of
its package, every German entry is translated, and no entry is left that the code no
longer uses. `spieltisch translations update` brings them in step."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from spieltisch.cli.translations import catalog_packages, check, update
from spieltisch.engine.i18n import translator

PACKAGES = catalog_packages()


def test_the_page_has_catalogs() -> None:
    assert "spieltisch.server" in PACKAGES


@pytest.mark.parametrize("package", PACKAGES)
def test_both_catalogs_hold_every_message_and_german_translates_each(package: str) -> None:
    report = check(package)
    assert report.missing == {"en": [], "de": []}, report.missing
    assert report.untranslated == []
    assert report.stale == {"en": [], "de": []}, report.stale


def test_the_page_reads_german_from_its_catalog() -> None:
    de = translator("spieltisch.server", "de")
    assert de("Your turn") == "Du bist am Zug"
    assert translator("spieltisch.server", "en")("Your turn") == "Your turn"


def test_check_finds_missing_untranslated_and_stale_entries_and_update_fixes_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "catalogued"
    (package / "locale").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "words.py").write_text(
        "def show(_):\n    return _('Hello') + _.pgettext('colour', 'grey')\n"
    )
    (package / "locale" / "en.po").write_text('msgid "Gone"\nmsgstr ""\n')
    (package / "locale" / "de.po").write_text('msgid "Hello"\nmsgstr ""\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        report = check("catalogued")
        assert report.missing == {
            "en": [(None, "Hello"), ("colour", "grey")],
            "de": [("colour", "grey")],
        }
        assert report.untranslated == [(None, "Hello")]
        assert report.stale == {"en": [(None, "Gone")], "de": []}
        assert not report.ok
        update("catalogued")
        report = check("catalogued")
        assert report.missing == {"en": [], "de": []} and report.stale == {"en": [], "de": []}
        assert report.untranslated == [(None, "Hello"), ("colour", "grey")]  # German to write
    finally:
        sys.modules.pop("catalogued", None)
