"""The options for players (issue 15): every option of section 7 (TR-R5, TR-R10, TR-R21,
TR-R29, TR-G1, TR-G14, TR-D13) has a human name, a one-line summary, its values in words
and its source, and the German catalog translates the name, the summary and the words."""

from __future__ import annotations

from spieltisch.engine.i18n import translator
from spieltisch.engine.options import SOURCES
from spieltisch.games.tumult_royal.names import PACKAGE

from .helpers import GAME


def test_every_option_has_label_summary_values_and_source() -> None:
    for option in GAME.options:
        assert option.label and option.summary, option.name
        assert option.source in SOURCES, option.name
        assert option.value_labels, option.name
        if option.choices is not None:  # every choice is named
            assert [v for v, _ in option.value_labels] == list(option.choices), option.name
        for value in option.presets:
            assert value in [v for v, _ in option.value_labels], (option.name, value)


def test_german_translates_every_label_summary_and_value() -> None:
    de = translator(PACKAGE, "de")
    for option in GAME.options:
        for english in (option.label, option.summary, *(w for _, w in option.value_labels)):
            german = de(english)
            assert german and german != english, (option.name, english)


def test_sources_follow_the_rules_file_tags() -> None:
    """Zocker and the consolation are the seed's (TR-R5, TR-R21); the grab's ticks are the
    digital adaptation (TR-G1, TR-G14); the numbers and the DEC choices are reconstructed."""
    source = {o.name: o.source for o in GAME.options}
    assert source == {
        "variant": "seed",
        "keep_goods": "reconstructed",
        "greed_measure": "reconstructed",
        "consolation": "seed",
        "grab_ticks": "digital",
        "tick_ms": "digital",
        "ruleset_data": "reconstructed",
    }
