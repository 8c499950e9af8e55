"""The options as players read them in the lobby and the rules panel (issue 15; section 7 of
the rules): every option has a human name, a one-line summary, its values in words and where
it comes from (the seed's wording for MD-R14, the published rules, the rules file's own
reconstruction or an engine setting), in English and German."""

from __future__ import annotations

import pytest

from spieltisch.engine.options import SOURCES, Option
from spieltisch.games.medina.game import OPTIONS
from spieltisch.games.medina.words import catalog

GERMAN = catalog("de")


def translated(message: str) -> bool:
    return (None, message) in GERMAN.messages


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.name)
def test_every_option_has_label_summary_source_and_german(option: Option) -> None:
    assert option.label and option.summary, option.name
    assert option.source in SOURCES, (option.name, option.source)
    assert translated(option.label), option.label
    assert translated(option.summary), option.summary
    assert GERMAN(option.summary) != option.summary
    assert option.value_labels, option.name
    for value, words in option.value_labels:
        assert words and translated(words), (option.name, value, words)


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.name)
def test_value_words_name_accepted_values(option: Option) -> None:
    """A fixed choice is labelled for each of its values; a free value's labels name values
    the option accepts (its presets, or null = at random for MD-S2's cells)."""
    values = [value for value, _ in option.value_labels]
    if option.choices is not None:
        assert values == list(option.choices)
    else:
        for value in values:
            assert option.normalize(value, 3) == value


def test_sources_follow_the_rules_file() -> None:
    """MD-R14's literal wording is the seed's; MD-R59 is Boardspace's published house rule;
    MD-R55 and the MD-D9 numbers are this rules file's reconstructions; the rest are settings
    of the engine."""
    source = {o.name: o.source for o in OPTIONS}
    assert source["start_merchant_anywhere"] == "seed"
    assert source["edition"] == source["last_player_must_roof"] == "sourced"
    assert source["neutral_takes_tiles"] == source["ruleset_data"] == "reconstructed"
    for name in ("open_screens", "well_cell", "start_merchant_cell", "returns_mode"):
        assert source[name] == "digital"
