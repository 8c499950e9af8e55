"""The standing of The Kingdoms of Crusaders' SVG picture: every seat's territories won with
their victory markers, its marker sum and its place by the final-standing rule (on each
seat's row and in its tooltip); the same numbers the engine scores and picks winners with."""

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
    """The seats' rows of the standing, best place first (seat order among equals)."""
    rows = [dict(e.attrib) for e in _root(svg).iter() if e.get("data-kind") == "seat"]
    return sorted(rows, key=lambda r: (int(r["data-rank"]), int(r["data-seat"])))


def _tips(svg: str) -> list[str]:
    return [r["data-tip"] for r in _ranking(svg)]


def _markers_left(svg: str) -> list[int]:
    return [
        int(e.get("data-marker", "0"))
        for e in _root(svg).iter()
        if e.get("data-kind") == "marker-left"
    ]


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
    assert [r["data-rank"] for r in rows] == ["1", "2", "3"]
    assert [r["data-territories"] for r in rows] == ["2", "2", "1"]
    assert [r["data-sum"] for r in rows] == ["4", "9", "2"]
    tips = _tips(svg)
    if lang == "en":
        assert tips[0].startswith("Player 3: ")
        assert "territories won: territory 3 (marker 1), territory 4 (marker 3)" in tips[0]
        assert tips[0].endswith("marker sum 4; place 1")
        assert tips[2].startswith("Player 2: ") and tips[2].endswith("marker sum 2; place 3")
    else:
        assert tips[0].startswith("Spieler 3: ")
        assert "gewonnene Gebiete: Gebiet 3 (Marker 1), Gebiet 4 (Marker 3)" in tips[0]
        assert tips[0].endswith("Markersumme 4; Platz 1")
    assert _markers_left(svg) == []


def test_equal_standings_share_a_place_and_open_markers_are_listed() -> None:
    """KC-R35 step 3: equal territories and equal sums stand equal; KC-R32: the markers not
    yet taken are the next values."""
    view = _with_markers({2: (0, 1), 4: (1, 2), 5: (0, 4), 1: (1, 3)})
    rows = _ranking(render_svg(view))
    assert [(r["data-seat"], r["data-rank"]) for r in rows] == [("0", "1"), ("1", "1"), ("2", "3")]
    svg = render_svg(view)
    assert _markers_left(svg) == [5]
    assert "Player 3: " in _tips(svg)[2] and "territories won: none" in _tips(svg)[2]


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
    assert sorted(int(r["data-seat"]) for r in rows if r["data-rank"] == "1") == state.winners()
