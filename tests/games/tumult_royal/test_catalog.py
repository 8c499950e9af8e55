"""Tumult Royal's words come from its message catalogs (issue 14): the names the rules code
passes as data (goods, terrains of the default data) are marked, German translates every
message with the placeholders of its English text, and a name a user's ruleset invents is
shown as the ruleset has it."""

from __future__ import annotations

import string

from spieltisch.engine.i18n import catalog_entries
from spieltisch.games.tumult_royal.data import default_ruleset
from spieltisch.games.tumult_royal.names import (
    PACKAGE,
    catalog,
    good_name,
    seat_list,
    terrain_name,
    terrains_built,
)


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_the_default_data_names_are_in_both_catalogs() -> None:
    rs = default_ruleset()
    wanted = {("good", g) for g in rs.goods}
    wanted |= {("terrain", t.name) for t in rs.terrains.values()}
    for lang in ("en", "de"):
        keys = {(e.context, e.msgid) for e in catalog_entries(PACKAGE, lang)}
        assert wanted <= keys, sorted(wanted - keys)
    assert set(terrains_built("en")) == {t.name for t in rs.terrains.values()}
    assert [good_name(g, "de") for g in rs.goods] == ["Brot", "Marmor", "Werkzeug"]
    assert terrain_name("village", "de-AT") == "Dorf"


def test_german_keeps_every_placeholder() -> None:
    """A German text names the same values as its English message, so no sentence loses a
    number or a name; the fog sentence may start with its tiles capitalised ({Where})."""
    for entry in catalog_entries(PACKAGE, "de"):
        if not entry.msgid:
            continue
        english = _fields(entry.msgid) | _fields(entry.plural or "")
        for german in entry.strings:
            named = {"where" if f == "Where" else f for f in _fields(german)}
            assert named == english, (entry.msgid, german)


def test_a_name_the_catalogs_do_not_know_stays_as_it_is() -> None:
    assert good_name("spice", "de") == "spice"
    assert terrain_name("swamp", "de") == "swamp"


def test_players_are_listed_as_each_language_lists_them() -> None:
    assert seat_list([0, 1, 2], 0, "en") == "you, Player 2, Player 3"
    assert seat_list([0, 1, 2], 0, "de") == "du, Spieler 2 und Spieler 3"
    assert seat_list([0, 2], 0, "de", "acc") == "dich und Spieler 3"
    assert catalog("fr")("Player {n}") == "Player {n}"
