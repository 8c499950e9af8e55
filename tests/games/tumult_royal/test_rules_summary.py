"""The player summary in English and German (issue 15): ``rules.md`` and ``rules.de.md``
have the same sections and cite the same rule ids (TR-R1 ... TR-V4), each of which the
rulebook explains; neither points players to the specification's file."""

from __future__ import annotations

from importlib import resources

from spieltisch.engine.rulebook import RULE_ID, rulebook
from spieltisch.games.tumult_royal.names import PACKAGE


def _read(name: str) -> str:
    path = resources.files(PACKAGE).joinpath(name)
    assert path.is_file(), name
    return path.read_text("utf-8")


def test_english_and_german_summaries_have_the_same_sections_and_rule_ids() -> None:
    en, de = _read("rules.md"), _read("rules.de.md")
    sections = [[line for line in t.splitlines() if line.startswith("## ")] for t in (en, de)]
    assert len(sections[0]) == len(sections[1]) > 5
    assert set(RULE_ID.findall(en)) == set(RULE_ID.findall(de))


def test_every_rule_id_of_the_summary_opens_a_rule() -> None:
    book = rulebook(PACKAGE, "en")
    for name in ("rules.md", "rules.de.md"):
        cited = set(RULE_ID.findall(_read(name)))
        assert cited and cited <= set(book.rules), sorted(cited - set(book.rules))


def test_the_summaries_do_not_send_players_to_the_specification() -> None:
    for name in ("rules.md", "rules.de.md"):
        text = _read(name)
        assert "shared/rules" not in text and "specification" not in text, name
        assert "reconstructed-2" in text  # the ruleset the summary describes
