"""The Kingdoms of Crusaders text renderer over whole random games, 2-4 players, every seat
and the spectator: it renders, it is valid Rich markup, it shows the table and no secret."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.text import Text

import spieltisch
from spieltisch.engine.game import State
from spieltisch.engine.markup import strip_markup, visible_len
from spieltisch.games.kingdoms_of_crusaders.symbols import COLOURS
from spieltisch.games.kingdoms_of_crusaders.text import (
    render_actions,
    render_card,
    render_view,
)

KC = "kingdoms-of-crusaders"


def _games(players: int, options: dict[str, Any], seeds: range) -> list[list[State]]:
    """Random games, as the list of states after every move."""
    game = spieltisch.game(KC)
    out = []
    for seed in seeds:
        state = game.new_game(players, seed, options)
        rng = random.Random(seed)
        states = [state.clone()]
        while not state.is_over():
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            states.append(state.clone())
        out.append(states)
    return out


def _plain(markup: str, rich: bool = True) -> str:
    """The text on screen; with ``rich``, also check that Rich parses the markup the same
    way (slow, so the long loops do it for a sample)."""
    if not rich:
        return strip_markup(markup)
    text = Text.from_markup(markup)  # raises MarkupError on a broken tag
    assert text.plain == strip_markup(markup)
    return text.plain


def _table_ids(view: dict[str, Any]) -> list[str]:
    return [c["card"] for t in view["territories"] for a in t["armies"] for c in a["cards"]]


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (4, {}), (2, {"claims": "manual"}), (4, {"claims": "off"})],
)
def test_every_view_renders_the_table_and_hides_the_hands(
    players: int, options: dict[str, Any]
) -> None:
    for states in _games(players, options, range(3)):
        for step, state in enumerate([*states[:: max(1, len(states) // 12)], states[-1]]):
            hands = [{c["card"] for c in state.view(p)["hand"]} for p in range(players)]
            for seat in [*range(players), None]:
                view = state.view(seat)
                plain = _plain(render_view(view), rich=step % 4 == 0)
                for card in _table_ids(view):
                    assert card in plain
                for line in plain.splitlines():
                    assert len(line) <= 100, line
                for other in range(players):
                    for card in hands[other]:
                        assert (card in plain) == (other == seat), (seat, other, card)
                if seat is None:
                    assert "spectator view" in plain and "Your hand" not in plain
                else:
                    assert f"you are Player {seat + 1}" in plain
                if state.is_over():
                    assert "Game over" in plain and "Winner" in plain


def test_decided_territories_show_winner_marker_and_method() -> None:
    final = _games(3, {}, range(1))[0][-1]
    plain = _plain(render_view(final.view(None)))
    for territory in final.view(None)["territories"]:
        d = territory["decided"]
        assert d is not None
        assert f"Territory {territory['territory']}" in plain
        assert f"marker {d['marker']}" in plain
    assert "by completion" in plain or "by claim" in plain
    assert sum(line.startswith("★ ") for line in plain.splitlines()) == 5


def test_drawn_card_and_active_player_are_marked() -> None:
    state = _games(2, {}, range(1))[0][0]
    active = state.actors()[0]
    view = state.view(active)
    plain = _plain(render_view(view))
    assert f"{view['drawn']}◆" in plain
    assert "You to play" in plain
    assert "▶ You" in plain
    other = _plain(render_view(state.view(1 - active)))
    assert "◆" not in other.split("Your hand")[1]


def test_german_labels() -> None:
    state = _games(4, {}, range(1))[0][-1]
    plain = _plain(render_view(state.view(2), "de"))
    assert "du bist Spieler 3" in plain
    assert "Gebiet 5" in plain and "Deine Hand" in plain and "Sieger" in plain


def test_render_card_colours_each_symbol() -> None:
    markup = render_card("..34.", "K07")
    assert strip_markup(markup) == "..34. K07"
    assert visible_len(markup) == 9
    assert COLOURS[2] in markup and COLOURS[3] in markup
    assert COLOURS[0] not in markup


def test_action_menu_numbers_every_legal_action_in_order() -> None:
    game = spieltisch.game(KC)
    for options in ({}, {"claims": "manual"}):
        for states in _games(2, options, range(2)):
            for state in states:
                if state.is_over():
                    continue
                seat = state.actors()[0]
                legal = state.legal_actions(seat)
                plain = _plain(render_actions([a.to_json() for a in legal], state.view(seat)))
                for number, action in enumerate(legal, start=1):
                    assert f"{number})" in plain
                    data = action.to_json()
                    if data["type"] == "play":
                        line = next(x for x in plain.splitlines() if f" {number}) " in x + " ")
                        assert data["card"] in line
                assert game.id == KC
