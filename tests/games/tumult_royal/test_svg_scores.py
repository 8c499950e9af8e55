"""The standing panel of Tumult Royal's SVG picture: statues placed per seat, split into the
landscape and the chronicle, followers and rank as tie-breaks, in winner-rule order, and how
close the game is to its end; the same numbers the engine scores with."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from spieltisch.games.tumult_royal.state import TumultState
from spieltisch.games.tumult_royal.svg import render_svg

from .helpers import new, set_board, to_build


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg.split("?>", 1)[1])


def _standing(svg: str) -> list[dict[str, str]]:
    return [dict(e.attrib) for e in _root(svg).iter() if e.get("data-kind") == "standing"]


def _known() -> TumultState:
    """Round 1, build phase: seat 0 has 5 statues on the landscape; seat 1 has 3 there and
    2 on the chronicle; seat 2 has 2 on the landscape. Followers 20, 22, 30; seat 2 is King."""
    s = to_build(3)
    land = s.land
    set_board(
        s,
        {land.rc(0): (0, 3), land.rc(1): (0, 2), land.rc(2): (1, 3), land.rc(3): (2, 2)},
        chronicle=[(1, 2)],
    )
    s.followers = [20, 22, 30]
    s.rank = [2, 1, 0]
    return s


@pytest.mark.parametrize("lang", ["en", "de"])
def test_standing_orders_by_placed_then_followers(lang: str) -> None:
    """TR-V4: most statues placed (landscape + chronicle) wins, then most followers, then the
    better rank; TR-V5 lists everyone in that order."""
    s = _known()
    for seat in (None, 0, 1, 2):
        svg = render_svg(s.view(seat), lang)
        rows = _standing(svg)
        assert [r["data-seat"] for r in rows] == ["1", "0", "2"]
        assert [r["data-position"] for r in rows] == ["1", "2", "3"]
        assert [r["data-placed"] for r in rows] == ["5", "5", "2"]
        assert [(r["data-landscape"], r["data-chronicle"]) for r in rows] == [
            ("3", "2"),
            ("5", "0"),
            ("2", "0"),
        ]
        assert [r["data-followers"] for r in rows] == ["22", "20", "30"]
        for r in rows:
            assert int(r["data-placed"]) == s.placed(int(r["data-seat"]))
        cells = _rows(svg)
        if lang == "en":
            assert cells["1"][0].startswith("Player 2")  # "Player 2 (you)" for seat 1
            assert cells["1"][1:] == ["5", "3 + 2", "22", "2"]
            assert cells["0"][1:] == ["5", "5 + 0", "20", "3"]
            assert cells["2"][1:] == ["2", "2 + 0", "30", "1"]
            heads = " ".join(_root(svg).itertext())
            assert "placed" in heads and "land + chronicle" in heads and "followers" in heads
        else:
            assert cells["1"][0].startswith("Spieler 2")
            assert cells["1"][1:] == ["5", "3 + 2", "22", "2"]
            heads = " ".join(_root(svg).itertext())
            assert "gesetzt" in heads and "Land + Chronik" in heads and "Gefolge" in heads


def _rows(svg: str) -> dict[str, list[str]]:
    """The standing's rows by seat: the name, then the cells (placed, landscape +
    chronicle, followers, rank)."""
    out = {}
    for e in _root(svg).iter():
        if e.get("data-kind") == "standing":
            texts = ["".join(t.itertext()) for t in e.iter() if t.tag.endswith("text")]
            out[e.get("data-seat", "")] = [t for t in texts if t != "▶"]
    return out


def test_the_end_check_is_shown() -> None:
    """TR-R26: the game ends after a chronicle with a threshold θ when the spread of statues
    placed is over θ; the first threshold of the default data is θ6 = 6 in round 6. TR-V1:
    placing all 25 statues wins at once."""
    s = _known()
    root = _root(render_svg(s.view(None)))
    checks = [e for e in root.iter() if e.get("data-kind") == "end-check"]
    assert [e.get("data-spread") for e in checks] == ["3"]
    text = " ".join(" ".join(root.itertext()).split())  # wrapped lines joined
    assert "Spread of statues placed: 3 (most 5, fewest 2)." in text
    assert "round 6's chronicle if the spread is over 6" in text
    assert "Placing all 25 statues wins at once (fewest left: 20)." in text
    assert "θ6" in text  # the chronicle's field 6 carries its threshold


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_random_games_agree_with_the_engine(players: int, seed: int) -> None:
    """TR-V4, TR-V5: along whole seeded games the panel's order is the engine's ranking, its
    numbers are the engine's, and at the end the first place is the winner (TR-V1-V3)."""
    s = new(players, seed)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 7 == 0 or s.is_over():
            keys = s.ranking_keys()
            expected = sorted(range(players), key=lambda p: keys[p], reverse=True)
            rows = _standing(render_svg(s.view(None)))
            assert [int(r["data-seat"]) for r in rows] == expected
            for r in rows:
                p = int(r["data-seat"])
                assert int(r["data-placed"]) == s.placed(p) == int(s.scores()[p])
                assert int(r["data-landscape"]) + int(r["data-chronicle"]) == s.placed(p)
                assert int(r["data-followers"]) == s.followers[p]
        if s.is_over():
            break
        seat = rng.choice(s.actors())
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        step += 1
    assert [int(_standing(render_svg(s.view(0)))[0]["data-seat"])] == s.winners()
