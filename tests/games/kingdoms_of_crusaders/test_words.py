"""The words of The Kingdoms of Crusaders come from its message catalogs (issue 14, item 7):
the names every renderer shares, counts in the singular and the plural, the victory markers'
ordinals, and a regional German (``de-AT``) that reads German everywhere. That both catalogs
hold every message is ``tests/test_translations.py``."""

from __future__ import annotations

import html
import random
import re
from typing import Any

from spieltisch.engine.game import State
from spieltisch.engine.markup import strip_markup
from spieltisch.games.kingdoms_of_crusaders.svg import render_svg
from spieltisch.games.kingdoms_of_crusaders.text import render_view
from spieltisch.games.kingdoms_of_crusaders.words import symbol_names, tier_letters, tier_names

from .helpers import GAME


def _game(players: int, seed: int, options: dict[str, Any]) -> list[State]:
    """Every state of a seeded random game, the first to the last."""
    state = GAME.new_game(players, seed, options)
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state.clone())
    return states


def _tips(svg: str) -> list[str]:
    return re.findall(r'data-tip="([^"]*)"', svg)


def test_kc_r4_kc_r19_the_shared_names_in_both_languages() -> None:
    """KC-R4: the symbols weak to strong; KC-R19: the formation tiers and their letters (the
    German Kompanie is a K on the picture's chips)."""
    assert symbol_names("en") == ("Lance", "Bow", "Sword", "Helmet", "Banner")
    assert symbol_names("de") == ("Lanze", "Bogen", "Schwert", "Helm", "Banner")
    assert tier_names("en") == ("Regiment", "Battalion", "Company")
    assert tier_names("de") == ("Regiment", "Bataillon", "Kompanie")
    assert tier_letters("en") == ("R", "B", "C")
    assert tier_letters("de") == ("R", "B", "K")
    assert symbol_names("fr") == symbol_names("en")


def test_a_regional_german_reads_german_in_log_captions_terminal_and_picture() -> None:
    state = _game(3, 4, {"claims": "manual"})[20]
    seat = state.actors()[0]
    view = state.view(seat)
    legal = state.legal_actions(seat)
    event = state.log(seat)[-1]
    assert GAME.describe(event, seat, "de-AT") == GAME.describe(event, seat, "de")
    assert GAME.action_label(legal[0], view, "de-AT") == GAME.action_label(legal[0], view, "de")
    assert render_view(view, "de-AT") == render_view(view, "de")
    assert render_svg(view, "de-AT") == render_svg(view, "de")
    assert render_view(view, "de") != render_view(view, "en")


def test_one_card_reads_in_the_singular() -> None:
    """A hand, a deck and an unseen symbol set of one card: "1 card" / "1 Karte"."""
    view = _game(2, 3, {})[10].view(0)
    view["hand"] = view["hand"][:1]
    view["deck_size"] = 1
    view["unseen"] = {"..3..": 1, "1....": 2}
    # read as a browser does: the picture writes "·" as a character reference
    english, german = html.unescape(render_svg(view, "en")), html.unescape(render_svg(view, "de"))
    assert "Your hand · 1 card<" in english and "Deine Hand · 1 Karte<" in german
    assert "Deck: 1 card<" in english and "Stapel: 1 Karte<" in german
    assert "1 unseen card with 3 Sword" in _tips(english)
    assert "2 unseen cards with 1 Lance" in _tips(english)
    assert "1 ungesehene Karte mit 3 Schwert" in _tips(german)
    assert "2 ungesehene Karten mit 1 Lanze" in _tips(german)
    terminal = strip_markup(render_view(view, "en"))
    assert "deck: 1 card ·" in terminal and "Your hand (1 card" in terminal
    assert "Stapel: 1 Karte ·" in strip_markup(render_view(view, "de"))


def test_kc_r32_victory_markers_are_told_by_their_ordinal() -> None:
    """KC-R32: marker n goes to the n-th territory decided: "decided 1st", "als 1."."""
    final = _game(2, 0, {"claims": "manual"})[-1].view(None)
    markers = sorted(t["decided"]["marker"] for t in final["territories"] if t["decided"])
    assert markers[:3] == [1, 2, 3]
    english, german = " ".join(_tips(render_svg(final, "en"))), render_svg(final, "de")
    for ordinal in ("1st", "2nd", "3rd"):
        assert f"the territory decided {ordinal}." in english
    assert "das als 1. entschieden wurde" in german
    assert not re.search(r"decided [123]th\b", english)


def test_kc_r24_the_terminal_names_the_reader_after_by_in_the_dative() -> None:
    """KC-R24: a territory the reader won reads "won by you" / "gewonnen von dir"."""
    final = _game(2, 0, {"claims": "manual"})[-1]
    winner = next(t["decided"]["winner"] for t in final.view(None)["territories"] if t["decided"])
    view = final.view(winner)
    assert "won by you ·" in strip_markup(render_view(view, "en"))
    assert "gewonnen von dir ·" in strip_markup(render_view(view, "de"))
