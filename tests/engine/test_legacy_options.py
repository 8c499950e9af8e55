"""Options added after records were stored: ``Game.legacy_options`` and
``Game.upgrade_options`` give records, states and stored tables of an older rules version
the value that played then (DESIGN.md §2: a record replays exactly)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from spieltisch.engine.options import Option

from .toy_goofspiel import Goofspiel


class Goofspiel3(Goofspiel):
    """Version 3: ``variant`` came with version 2 (before it, games played ``x``), and
    ``stake`` with version 3 (before it, ``low``)."""

    version = 3
    options = (
        *Goofspiel.options,
        Option("stake", "high", "tests legacy options", choices=("high", "low")),
    )
    legacy_options: ClassVar[Mapping[str, tuple[int, Any]]] = {
        "variant": (2, "x"),
        "stake": (3, "low"),
    }


GAME = Goofspiel3()


def test_records_of_older_versions_get_the_old_values_of_what_they_lack() -> None:
    assert GAME.upgrade_options({}, 1) == {"variant": "x", "stake": "low"}
    assert GAME.upgrade_options({}, 2) == {"stake": "low"}  # variant existed in version 2
    assert GAME.upgrade_options({}, 3) == {}  # the current version: today's defaults


def test_options_a_record_names_are_kept() -> None:
    assert GAME.upgrade_options({"variant": "plain"}, 1) == {"variant": "plain", "stake": "low"}
    assert GAME.upgrade_options({"stake": "high", "other": 1}, 2) == {"stake": "high", "other": 1}


def test_stored_options_of_unknown_version_were_resolved_so_a_gap_is_an_older_option() -> None:
    """A web table stores its resolved options and no version: every option it lacks was
    added since it was stored."""
    assert GAME.upgrade_options({"variant": "plain"}) == {"variant": "plain", "stake": "low"}
    full = {"variant": "plain", "stake": "high"}
    assert GAME.upgrade_options(full) == full


def test_the_input_is_not_changed() -> None:
    stored = {"variant": "plain"}
    GAME.upgrade_options(stored, 1)
    assert stored == {"variant": "plain"}


def test_a_game_without_legacy_options_changes_nothing() -> None:
    assert Goofspiel().upgrade_options({}, 1) == {}
    assert Goofspiel().upgrade_options({"variant": "x"}) == {"variant": "x"}
