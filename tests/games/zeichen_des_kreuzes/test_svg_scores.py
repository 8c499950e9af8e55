"""The "toward victory" panel of Im Zeichen des Kreuzes' SVG picture: what each knight still
needs for a siege of Jerusalem (whose fall wins the game), how far the deck is from running
out twice, and, under ``exhaustion_winner = most_muslim_cities``, the ranking that decides
the winner then."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from spieltisch.games.zeichen_des_kreuzes.state import ZkState
from spieltisch.games.zeichen_des_kreuzes.svg import render_svg

from .helpers import new


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg.split("?>", 1)[1])


def _kind(svg: str, kind: str) -> list[dict[str, str]]:
    return [dict(e.attrib) for e in _root(svg).iter() if e.get("data-kind") == kind]


def _text(svg: str) -> str:
    return " ".join(" ".join(_root(svg).itertext()).split())


def _known(players: int = 3, **options: str) -> ZkState:
    """Seat 0: 2 green tiles, motivation 7, army 6 (ready); seat 1: 2 green tiles, army 4;
    seat 2: 1 green tile, army 9, treasure 8."""
    s = new(players, 1, **options)
    s.green_tiles[0], s.army[0], s.motivation[0], s.treasure[0] = [3, 4], 6, 7, 1
    s.green_tiles[1], s.army[1], s.motivation[1], s.treasure[1] = [2, 5], 4, 9, 2
    s.green_tiles[2], s.army[2], s.motivation[2], s.treasure[2] = [6], 9, 12, 8
    return s


@pytest.mark.parametrize("lang", ["en", "de"])
def test_siege_readiness_per_seat(lang: str) -> None:
    """ZK-J1: a siege needs R = 2 green tiles (2-4 players), motivation >= 6 and army >= 5;
    ZK-W1: Jerusalem's fall wins. The panel shows each seat's numbers against them."""
    s = _known()
    svg = render_svg(s.view(1), lang)
    rows = {r["data-seat"]: r for r in _kind(svg, "progress")}
    assert [rows[k]["data-green"] for k in "012"] == ["2", "2", "1"]
    assert [rows[k]["data-army"] for k in "012"] == ["6", "4", "9"]
    assert [rows[k]["data-motivation"] for k in "012"] == ["7", "9", "12"]
    assert [rows[k]["data-ready"] for k in "012"] == ["true", "false", "false"]
    text = _text(svg)
    if lang == "en":
        assert "A siege needs 2 green tiles (Muslim cities), motivation 6+ and army 5+" in text
        assert "Player 1: green tiles 2/2 · motivation 7 (6+) · army 6 (5+) ✓" in text
        assert "Player 2 (you): green tiles 2/2 · motivation 9 (6+) · army 4 (5+)" in text
        assert "deck runs out twice (0/2 so far): then nobody wins." in text
    else:
        assert "Spieler 3: grüne Plättchen 1/2 · Motivation 12 (ab 6) · Heer 9 (ab 5)" in text
        assert "dann gewinnt niemand." in text
    assert not _kind(svg, "ranking")  # ZK-W4 default: no winner by cities


def test_five_players_need_one_green_tile() -> None:
    """ZK-J1 (i): with 5 players one green tile is enough."""
    s = new(5, 1)
    s.green_tiles[3] = [4]
    text = _text(render_svg(s.view(None)))
    assert "A siege needs 1 green tiles" in text
    assert "Player 4: green tiles 1/1" in text


def test_most_muslim_cities_ranking() -> None:
    """ZK-W4 (most_muslim_cities): most green tiles, then the larger army, then more
    treasure; the panel ranks the seats so."""
    s = _known(exhaustion_winner="most_muslim_cities")
    svg = render_svg(s.view(None), "en")
    rows = _kind(svg, "ranking")
    assert [r["data-seat"] for r in rows] == ["0", "1", "2"]
    assert [r["data-rank"] for r in rows] == ["1", "2", "3"]
    assert "then the most green tiles win; ties: army, then treasure." in _text(svg)
    s.army[1] = 6
    s.treasure[1] = 1
    rows = _kind(render_svg(s.view(None)), "ranking")
    assert [(r["data-seat"], r["data-rank"]) for r in rows] == [("0", "1"), ("1", "1"), ("2", "3")]


def test_deck_end_winners_are_first() -> None:
    """ZK-W2, ZK-W4: a seeded game run to the deck's end under most_muslim_cities; the seats
    in first place are the engine's winners (when anyone holds a green tile)."""
    s = new(3, 19, exhaustion_winner="most_muslim_cities")
    rng = random.Random(19)  # this game ends by the deck with one green tile held
    while not s.is_over():
        seat = rng.choice(s.actors())
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    svg = render_svg(s.view(None))
    if s.view(None)["end_reason"] == "jerusalem":  # ZK-W1: the header says it all
        assert not _kind(svg, "ranking")
        return
    rows = _kind(svg, "ranking")
    for r in rows:
        p = int(r["data-seat"])
        assert int(r["data-green"]) == len(s.green_tiles[p])
        assert int(r["data-army"]) == s.army[p]
        assert int(r["data-treasure"]) == s.treasure[p]
    first = sorted(int(r["data-seat"]) for r in rows if r["data-rank"] == "1")
    assert any(s.green_tiles)
    assert s.winners() == first
