"""The player summaries (issue 15): ``rules.md`` and its German version ``rules.de.md`` have
the same sections and cite the same rule ids, each of them a rule of the rulebook, so that
every id a player reads opens its text; and the summary tells today's rules (spec version 2:
the papal reward on a lost siege, ZK-J2)."""

from __future__ import annotations

from importlib import resources

from spieltisch.engine.rulebook import RULE_ID, rulebook
from spieltisch.games.zeichen_des_kreuzes.catalog import PACKAGE


def _text(name: str) -> str:
    return resources.files(PACKAGE).joinpath(name).read_text("utf-8")


def _sections(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("## ")]


def test_both_summaries_exist_with_the_same_sections_and_rule_ids() -> None:
    en, de = _text("rules.md"), _text("rules.de.md")
    assert len(_sections(en)) == len(_sections(de)) > 5
    assert set(RULE_ID.findall(en)) == set(RULE_ID.findall(de))
    # the German summary is German, not a copy
    assert "Spielzug" in de and "A turn" not in de


def test_every_rule_id_of_the_summaries_is_in_the_rulebook() -> None:
    rules = rulebook(PACKAGE, "en").rules
    for name in ("rules.md", "rules.de.md"):
        ids = set(RULE_ID.findall(_text(name)))
        assert ids, name
        assert ids <= set(rules), (name, sorted(ids - set(rules)))


def test_the_summary_names_the_core_rules_and_not_the_specification_file() -> None:
    """ZK-R14 movement, ZK-R25 cities, ZK-C8 fights, ZK-T5 the tower, ZK-J1/ZK-J2 Jerusalem
    (the papal reward of a lost siege), ZK-W2 the deck's end."""
    for name in ("rules.md", "rules.de.md"):
        text = _text(name)
        assert "shared/rules" not in text
        for rule in ("ZK-R14", "ZK-R25", "ZK-C8", "ZK-T5", "ZK-J1", "ZK-J2", "ZK-W2"):
            assert rule in text, (name, rule)
    assert "lost" in _text("rules.md") and "verlorenen" in _text("rules.de.md")
