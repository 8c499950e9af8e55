"""Rulebooks (engine/rulebook.py): every rule's text by id, extracted from the rules
specification's three ways of numbering a rule, complete in every language, and covering
every rule id the games cite (errors, log lines, tooltips, tutorials)."""

from __future__ import annotations

import pytest

from spieltisch.cli.rulebook import problems
from spieltisch.engine.registry import games
from spieltisch.engine.rulebook import extract, parse, rulebook, write
from tests.shipped import shipped_ids

SPEC = """# A game

## 4. Rules

**KC-R1** *(seed)*. The game has two players.

**KC-R2 Deck** [Recon]. One deck:
- 56 cards;
- shuffled.

### MD-D1 Coordinates [DIG]
A cell is `(x, y)`.

- **MD-R14 Start merchant [SEED].**
  - Seat 0 places it.
  - Not a placement.
- **MD-R15 Quota.** Two placements.

Text that belongs to no rule.

| Rule | Name | Effect |
|---|---|---|
| ZK-EV01 | Plague | lose 2 cubes |
| ZK-EV02 | Storm | at sea |

```
**KC-R99** inside code is no rule
```
"""


def test_extract_reads_paragraphs_headings_list_items_and_table_rows() -> None:
    rules = extract(SPEC)
    ids = [rule_id for _, rule_id, _ in rules]
    assert ids == ["KC-R1", "KC-R2", "MD-D1", "MD-R14", "MD-R15", "ZK-EV01", "ZK-EV02"]
    text = {rule_id: body for _, rule_id, body in rules}
    assert text["KC-R2"].endswith("- shuffled.")
    assert text["MD-D1"].startswith("**MD-D1 Coordinates [DIG]**")
    assert "- Not a placement." in text["MD-R14"] and "Quota" not in text["MD-R14"]
    assert "belongs to no rule" not in text["MD-R15"]
    assert text["ZK-EV02"].splitlines() == [
        "| Rule | Name | Effect |",
        "|---|---|---|",
        "| ZK-EV02 | Storm | at sea |",
    ]
    assert all(section == "4. Rules" for section, _, _ in rules)


def test_a_written_rulebook_reads_back() -> None:
    book = parse(write(extract(SPEC), "test"), "en")
    assert list(book.rules) == ["KC-R1", "KC-R2", "MD-D1", "MD-R14", "MD-R15", "ZK-EV01", "ZK-EV02"]
    assert book.rules["KC-R1"].text == "**KC-R1** *(seed)*. The game has two players."
    assert book.get("KC-R3") is None


@pytest.mark.parametrize("game", [g.id for g in games()])
def test_every_rulebook_is_complete_in_every_language(game: str) -> None:
    """The German rulebook has every rule of the English one, each with its text; every
    rule id the game's code, catalogs, summaries and tutorial cite has a text."""
    assert problems(game) == []


@pytest.mark.parametrize("game", shipped_ids())  # the example game has English only
def test_the_german_rulebook_is_a_translation(game: str) -> None:
    g = next(x for x in games() if x.id == game)
    package = type(g).__module__.rpartition(".")[0]
    english, german = rulebook(package, "en"), rulebook(package, "de")
    assert german.lang == "de" and len(german.rules) == len(english.rules) > 50
    same = sum(german.rules[r].text == english.rules[r].text for r in english.rules)
    # tables of ids and formulas may read alike; prose may not
    assert same < len(english.rules) // 4
