"""The player summaries ``rules.md`` and ``rules.de.md``: the same sections and the same rule
ids, every id in the rulebook (so that it opens the rule's text), nothing that points at
files players do not have."""

from __future__ import annotations

import re
from importlib import resources

from spieltisch.engine.rulebook import RULE_ID, rulebook

PACKAGE = "spieltisch.games.kingdoms_of_crusaders"


def _text(name: str) -> str:
    return resources.files(PACKAGE).joinpath(name).read_text("utf-8")


def _sections(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("## ")]


def test_both_summaries_exist_with_the_same_sections() -> None:
    en, de = _text("rules.md"), _text("rules.de.md")
    assert len(_sections(en)) == len(_sections(de)) >= 6
    assert en.splitlines()[0] == "# The Kingdoms of Crusaders"
    assert de.splitlines()[0] == "# Die Königreiche der Kreuzritter"


def test_the_same_rule_ids_in_both_and_each_in_the_rulebook() -> None:
    """KC-R1 … KC-R37 as cited for players: each opens its text in the rules panel."""
    en, de = _text("rules.md"), _text("rules.de.md")
    ids_en, ids_de = set(RULE_ID.findall(en)), set(RULE_ID.findall(de))
    assert ids_en == ids_de
    book = rulebook(PACKAGE, "en")
    assert {i for i in ids_en if book.get(i) is None} == set()
    # the core of a turn and of a territory's decision is cited
    assert {"KC-R15", "KC-R19", "KC-R21", "KC-R22", "KC-R27", "KC-R32", "KC-R35"} <= ids_en
    # section by section, too
    for sec_en, sec_de in zip(_split(en), _split(de), strict=True):
        assert set(RULE_ID.findall(sec_en)) == set(RULE_ID.findall(sec_de))


def test_no_pointer_to_the_specification_file() -> None:
    for name in ("rules.md", "rules.de.md"):
        assert "shared/rules" not in _text(name)
        # ranges like KC-R25–R27 would link only their first id
        assert not re.search(r"KC-[A-Z]+\d+\s*[–-]\s*[A-Z]+\d", _text(name)), name


def _split(text: str) -> list[str]:
    return re.split(r"^## ", text, flags=re.M)
