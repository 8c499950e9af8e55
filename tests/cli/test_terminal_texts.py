"""What the terminal shows beyond the board (issue 14, item 8): Im Zeichen des Kreuzes lists
the cities with their cells and each hand card with its effect; Kingdoms shows the symbol
legend; a German table is German throughout (no English word left over)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import spieltisch
from spieltisch.cli import renderers
from spieltisch.engine.markup import strip_markup
from spieltisch.games.kingdoms_of_crusaders.text import symbol_legend
from spieltisch.games.zeichen_des_kreuzes.names import card_effect, card_name, city_name

ZK = "im-zeichen-des-kreuzes"
# English words that must not appear on a German screen (names of places, knights and
# cards aside, which come from the data)
ENGLISH = re.compile(
    r"\b(?:the|and|you|You|Your|your|Player|player|players|seat|Seat|slot|bread|marble|tools"
    r"|none|open|claim|turn|Turn|tower|merchant|wall|roof|stable|palace|Palace|cards|hand"
    r"|deck|army|supply|treasure|motivation|tiles|Winner|Game over|spectator|to play"
    r"|discard|plain|mountain|sea|fleet|peek|keep|wait|done|build|Build)\b"
)


def _states(game_id: str, players: int, seed: int, every: int) -> list[Any]:
    game = spieltisch.game(game_id)
    state = game.new_game(players, seed, {"edition": 2} if game_id == "medina" else {})
    rng = random.Random(seed)
    out, step = [], 0
    while True:
        if step % every == 0 or state.is_over():
            out.append(state.clone())
        if state.is_over() or step > 800:
            return out
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1


def test_zk_lists_every_city_with_its_cell_and_each_hand_card_with_its_effect() -> None:
    for state in _states(ZK, 3, 2, 25):
        for seat in range(3):
            view = state.view(seat)
            for lang in ("en", "de"):
                plain = strip_markup(renderers.render_view(ZK, view, lang))
                cities = plain.split("\n\n")
                block = next(b for b in cities if b.startswith(("Cities", "Städte")))
                for city in view["cities"]:
                    x, y = city["cell"]
                    assert f"{city_name(city['name'], lang)} ({x},{y})" in block
                flat = " ".join(plain.split())  # an effect may wrap under its card
                for code in view["hand"]:
                    assert f"{code} {card_name(code, lang)}" in flat
                    assert " ".join(card_effect(code, lang).split()) in flat, code


def test_zk_card_effects_cover_every_card() -> None:
    from spieltisch.games.zeichen_des_kreuzes.components import card_code
    from spieltisch.games.zeichen_des_kreuzes.edition import default_components

    for card in default_components().cards:
        for lang in ("en", "de"):
            assert card_effect(card_code(card.id), lang), card
    assert card_effect("ZK999", "en") == ""


def test_kingdoms_shows_the_symbol_legend_in_both_languages() -> None:
    english = strip_markup("\n".join(symbol_legend("en")))
    german = strip_markup("\n".join(symbol_legend("de")))
    assert "1 Lance · 2 Bow · 3 Sword · 4 Helmet · 5 Banner" in english
    assert "1 Lanze · 2 Bogen · 3 Schwert · 4 Helm · 5 Banner" in german
    assert "Regiments" in english and "Regimenter" in german
    game = spieltisch.game("kingdoms-of-crusaders")
    view = game.new_game(2, 1, {}).view(0)
    assert "1 Lance" in strip_markup(renderers.render_view(game.id, view, "en"))
    assert "1 Lanze" in strip_markup(renderers.render_view(game.id, view, "de"))


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("kingdoms-of-crusaders", 2),
        ("kingdoms-of-crusaders", 4),
        ("medina", 3),
        ("medina", 4),
        ("tumult-royal", 2),
        ("tumult-royal", 4),
        (ZK, 3),
        (ZK, 5),
    ],
)
def test_german_screens_are_german_throughout(game_id: str, players: int) -> None:
    game = spieltisch.game(game_id)
    for state in _states(game_id, players, 4, 13):
        for seat in [*range(players), None]:
            view = state.view(seat)
            screens = [renderers.render_view(game_id, view, "de")]
            if seat is not None and not state.is_over() and seat in state.actors():
                legal = state.legal_actions(seat)
                moves = [a.to_json() for a in legal]
                labels = [game.action_label(a, view, "de") for a in legal]
                screens.append(renderers.render_actions(game_id, moves, labels, view, "de"))
            screens += [game.describe(e, seat, "de") for e in state.log(seat)[-8:]]
            for screen in screens:
                plain = strip_markup(screen)
                found = ENGLISH.findall(plain)
                assert not found, (found, plain)
