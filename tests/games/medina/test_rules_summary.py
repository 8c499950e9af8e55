"""The player summary in English and German (issue 15, "Rules at hand"): ``rules.md`` and
``rules.de.md`` have the same sections and cite the same rule ids, and every id they cite is
a rule of the rulebook (so that it opens the rule's text)."""

from __future__ import annotations

import re
from importlib import resources

from spieltisch.engine.rulebook import RULE_ID, rulebook

PACKAGE = "spieltisch.games.medina"


def _read(name: str) -> str:
    path = resources.files(PACKAGE).joinpath(name)
    assert path.is_file(), name
    return path.read_text("utf-8")


def _sections(text: str) -> list[str]:
    return re.findall(r"^## .*$", text, re.M)


def test_both_summaries_exist_with_the_same_sections() -> None:
    en, de = _read("rules.md"), _read("rules.de.md")
    assert len(_sections(en)) == len(_sections(de)) >= 8


def test_both_summaries_cite_the_same_rules_and_the_rulebook_has_them() -> None:
    en, de = _read("rules.md"), _read("rules.de.md")
    ids_en, ids_de = set(RULE_ID.findall(en)), set(RULE_ID.findall(de))
    assert ids_en == ids_de
    # the core rules every player meets: turn, buildings, roofs, stables, merchants,
    # walls, tiles, scoring and the tie-break
    assert {"MD-R15", "MD-R22", "MD-R26", "MD-R29", "MD-R32", "MD-R34", "MD-R39"} <= ids_en
    assert {"MD-R43", "MD-R60", "MD-R64"} <= ids_en
    book = rulebook(PACKAGE, "en")
    assert all(book.get(rule) for rule in ids_en), ids_en - set(book.rules)


def test_the_summary_does_not_send_players_to_the_specification() -> None:
    for name in ("rules.md", "rules.de.md"):
        assert "shared/rules" not in _read(name)
