"""The ranking panel of The Kingdoms of Crusaders' SVG picture: every seat's territories won
with their victory markers, its marker sum and its place by the final-standing rule; the
same numbers the engine scores and picks winners with."""

from __future__ import annotations

import copy
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import spieltisch
from spieltisch.games.kingdoms_of_crusaders.svg import render_svg

GAME = spieltisch.game("kingdoms-of-crusaders")


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg.split("?>", 1)[1])


def _ranking(svg: str) -> list[dict[str, str]]:
    return [dict(e.attrib) for e in _root(svg).iter() if e.get("data-kind") == "ranking"]


def _text(svg: str) -> str:
    return " ".join(" ".join(_root(svg).itertext()).split())


def _with_markers(won: dict[int, tuple[int, int]]) -> dict[str, Any]:
    """A 3-player view in which territory t was won by ``won[t] = (seat, marker)``."""
    view = copy.deepcopy(GAME.new_game(3, 1).view(None))
    markers: list[list[int]] = [[], [], []]
    for territory in view["territories"]:
        t = int(territory["territory"])
        if t in won:
            seat, marker = won[t]
            territory["decided"] = {"winner": seat, "marker": marker, "method": "claim", "play": 9}
            markers[seat].append(marker)
    view["markers"] = [sorted(m) for m in markers]
    view["standing"] = [[len(m), sum(m)] for m in markers]
    return view


@pytest.mark.parametrize("lang", ["en", "de"])
def test_more_territories_then_lower_marker_sum(lang: str) -> None:
    """KC-R35: more territories won first; equal counts by the lower marker sum. KC-R32: the
    markers are 1-5 in the order the territories were decided."""
    view = _with_markers({1: (1, 2), 2: (0, 4), 3: (2, 1), 4: (2, 3), 5: (0, 5)})
    svg = render_svg(view, lang)
    rows = _ranking(svg)
    assert [r["data-seat"] for r in rows] == ["2", "0", "1"]
    assert [r["data-place"] for r in rows] == ["1", "2", "3"]
    assert [r["data-territories"] for r in rows] == ["2", "2", "1"]
    assert [r["data-sum"] for r in rows] == ["4", "9", "2"]
    text = _text(svg)
    if lang == "en":
        assert "1. Player 3: territories 2 · marker sum 4" in text
        assert "won: Territory 3 ★1, Territory 4 ★3" in text
        assert "3. Player 2: territories 1 · marker sum 2" in text
        assert "markers still to take" not in text
    else:
        assert "1. Spieler 3: Gebiete 2 · Markersumme 4" in text
        assert "gewonnen: Gebiet 3 ★1, Gebiet 4 ★3" in text


def test_equal_standings_share_a_place_and_open_markers_are_listed() -> None:
    """KC-R35 step 3: equal territories and equal sums stand equal; KC-R32: the markers not
    yet taken are the next values."""
    view = _with_markers({2: (0, 1), 4: (1, 2), 5: (0, 4), 1: (1, 3)})
    rows = _ranking(render_svg(view))
    assert [(r["data-seat"], r["data-place"]) for r in rows] == [("0", "1"), ("1", "1"), ("2", "3")]
    text = _text(render_svg(view))
    assert "markers still to take: 5" in text
    assert "Player 3" in text and "no territory yet" in text


@pytest.mark.parametrize(
    ("players", "claims", "seed"), [(2, "auto", 1), (3, "manual", 2), (4, "off", 3)]
)
def test_random_games_agree_with_the_engine(players: int, claims: str, seed: int) -> None:
    """KC-R35: along whole seeded games the panel shows the engine's scores (territories won)
    and marker sums, and at the end the seats in first place are the winners."""
    state = GAME.new_game(players, seed, {"claims": claims})
    rng = random.Random(seed)
    while True:
        for seat in (None, *range(players)):
            rows = _ranking(render_svg(state.view(seat)))
            assert len(rows) == players
            for r in rows:
                p = int(r["data-seat"])
                assert int(r["data-territories"]) == int(state.scores()[p])
                assert int(r["data-sum"]) == sum(state.view(None)["markers"][p])
        if state.is_over():
            break
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    rows = _ranking(render_svg(state.view(None)))
    assert sorted(int(r["data-seat"]) for r in rows if r["data-place"] == "1") == state.winners()
