"""The options as players read them in the lobby and the rules panel (issue 15): every option
of Im Zeichen des Kreuzes has a human name, a one-line summary, its values in words and where
it comes from (ZK-O3 to ZK-O12), in English and German."""

from __future__ import annotations

import pytest

from spieltisch.engine.i18n import translator
from spieltisch.engine.options import SOURCES, Option
from spieltisch.games.zeichen_des_kreuzes.catalog import PACKAGE
from spieltisch.games.zeichen_des_kreuzes.options import OPTIONS

from .helpers import GAME

IDS = [o.name for o in OPTIONS]


@pytest.mark.parametrize("option", OPTIONS, ids=IDS)
def test_every_option_has_label_summary_values_and_source(option: Option) -> None:
    """ZK-O3..ZK-O12: label, summary, the values in words and a source from SOURCES."""
    assert option.label and option.summary, option.name
    assert option.source in SOURCES, option.source
    assert option.value_labels, option.name
    for value, words in option.value_labels:
        assert words, (option.name, value)
        # every value named in words is one the option accepts (with some player count)
        assert any(_accepts(option, value, n) for n in range(2, 6)), (option.name, value)


def _accepts(option: Option, value: object, players: int) -> bool:
    try:
        option.normalize(value, players)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("option", OPTIONS, ids=IDS)
def test_every_option_word_is_translated_to_german(option: Option) -> None:
    de = translator(PACKAGE, "de")
    for text in (option.label, option.summary, *(w for _, w in option.value_labels)):
        assert de(text) != text, text


def test_the_sources_follow_the_rules_files_tags() -> None:
    """The seed's papal reward (ZK-J2, ZK-O12), the published 'no winner' (ZK-W4, ZK-O9),
    the rules file's decisions (ZK-S2, ZK-S3, ZK-C8, ZK-T3) and the engine's settings
    (ZK-O7, ZK-O8, ZK-W3)."""
    sources = {o.name: o.source for o in GAME.options}
    assert sources["papal_reward"] == "seed"
    assert sources["exhaustion_winner"] == "sourced"
    for name in ("knight_assignment", "start_player", "tie_rule", "tower_model", "edition_data"):
        assert sources[name] == "reconstructed", name
    for name in ("tower_params", "tower_shelf_memory", "turn_limit"):
        assert sources[name] == "digital", name


def test_defaults_are_among_the_values_in_words() -> None:
    for option in OPTIONS:
        assert option.default in [v for v, _ in option.value_labels], option.name
