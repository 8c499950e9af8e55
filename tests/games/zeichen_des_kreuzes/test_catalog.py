"""The game's words come from its message catalogs (issue 14): the names that are data
(cities, neutral units, events of the default edition) are marked, so both catalogs hold
each and German names each; a name a user's edition brings is shown as the edition has
it."""

from __future__ import annotations

from typing import Any

from spieltisch.engine.i18n import catalog_entries
from spieltisch.games.zeichen_des_kreuzes.catalog import PACKAGE, catalog
from spieltisch.games.zeichen_des_kreuzes.components import EVENT_NAMES
from spieltisch.games.zeichen_des_kreuzes.edition import default_components
from spieltisch.games.zeichen_des_kreuzes.names import UNITS, city_name, unit_title


def _keys(lang: str) -> set[tuple[str | None, str]]:
    return {(e.context, e.msgid) for e in catalog_entries(PACKAGE, lang)}


def test_every_data_name_of_the_default_edition_is_in_both_catalogs() -> None:
    comp = default_components()
    wanted = {("city", c.name) for c in comp.board.cities}
    wanted |= {("unit", u.name) for u in comp.units}
    wanted |= {("unit with article", UNITS[u.name]) for u in comp.units}
    wanted |= {("event", name) for name in EVENT_NAMES.values()}
    for lang in ("en", "de"):
        assert wanted <= _keys(lang), sorted(wanted - _keys(lang))
    german = catalog("de")
    assert all(german.pgettext(context, name) for context, name in wanted)


def test_names_read_in_the_readers_language() -> None:
    assert city_name("Cologne", "en") == "Cologne"
    assert city_name("Cologne", "de") == "Köln"
    assert city_name("Cologne", "de-AT") == "Köln"
    assert unit_title("Iberian army (Almoravids)", "de") == "Iberisches Heer (Almoraviden)"
    assert unit_title("Iberian army (Almoravids)", "en", article=True) == (
        "the Iberian army (Almoravids)"
    )
    assert unit_title("Iberian army (Almoravids)", "de", article=True) == (
        "das iberische Heer (Almoraviden)"
    )


def test_a_name_the_catalogs_do_not_know_is_shown_as_the_edition_has_it() -> None:
    assert city_name("Atlantis", "de") == "Atlantis"
    assert unit_title("Kraken", "de", article=True) == "Kraken"


def test_why_an_action_is_illegal_in_both_languages() -> None:
    """The state raises its reason in English; ``why_illegal`` says it in German too, and
    names the player as the log does (seat 0 is Player 1)."""
    from spieltisch.games.zeichen_des_kreuzes import actions as A

    from .helpers import GAME, new

    def why_illegal(s: Any, seat: int, action: Any, lang: str = "en") -> tuple[str, Any]:
        refused = GAME.why_illegal(s, seat, action, lang)
        assert refused is not None
        return refused.reason, refused.rule

    s = new()
    assert s.explain(s.decider, A.PRAY) is not None
    assert why_illegal(s, s.decider, A.PRAY) == (
        "You cannot pray now; it is time to play cards or end your card phase",
        "ZK-R25",
    )
    assert why_illegal(s, s.decider, A.PRAY, "de") == (
        "Du kannst jetzt nicht beten; jetzt musst du Karten ausspielen oder deine Kartenphase "
        "beenden",
        "ZK-R25",
    )
    # another seat: whose turn it is and what they do (the rule of the decision)
    refused = GAME.why_illegal(s, 1, A.END_CARDS, "de")
    assert refused is not None and refused.rule == "ZK-R13"
    assert refused.reason == "Du bist nicht am Zug: Jetzt entscheidet Spieler 1 (Kartenphase)"
