"""The Kingdoms of Crusaders' board picture against the board-interface contract
(``docs/board-interface.md``): every step of seeded games of 2, 3 and 4 players (claims
auto, manual and off) drawn for the acting seat, another seat and a spectator, checked by
``tests/picture_checks.py`` (1:1, at most 1000 wide, no text under 12, one move per legal
action on unique picks and places, at most 12 buttons per stage); the moves made on the
board (a play picks a hand card and places it on a territory, a claim is a place on the
territory's header); the keys of pieces and log events; the drawn symbol icons and their
legend; the tooltips in English and German; and the size of every target."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from typing import Any

import pytest

from spieltisch.engine.game import State
from spieltisch.engine.picture import MIN_TARGET
from spieltisch.games.kingdoms_of_crusaders.svg import board_moves, log_keys, render_svg

from ...picture_checks import check_log_keys, check_picture, check_step, recorded_steps
from .helpers import GAME

CONFIGS: list[tuple[int, dict[str, Any], int]] = [
    (2, {"claims": "manual"}, 2),
    (3, {"claims": "off", "stop_when_decided": True}, 3),
    (4, {}, 5),
    (3, {"claims": "manual"}, 4),  # for the claims and keys (not walked step by step)
]
WALKED = 3
IDS = [f"{p}p-{o.get('claims', 'auto')}-seed{s}" for p, o, s in CONFIGS]
SYMBOLS = {"en": ("Lance", "Bow", "Sword", "Helmet", "Banner")}
SYMBOLS["de"] = ("Lanze", "Bogen", "Schwert", "Helm", "Banner")
RANKS = {"1", "2", "3", "4", "5"}


@cache
def _steps(index: int) -> tuple[tuple[State, int], ...]:
    """Every decision of a seeded game, then the final state (seat -1)."""
    players, options, seed = CONFIGS[index]
    return recorded_steps(GAME, players, options, seed)


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg.split("?>", 1)[1])


def _legal(state: State, seat: int) -> list[dict[str, Any]]:
    return [a.to_json() for a in state.legal_actions(seat)]


@pytest.mark.parametrize("index", range(WALKED), ids=IDS[:WALKED])
def test_every_step_meets_the_contract(index: int) -> None:
    """Every step for the acting seat, the next seat and a spectator; German as well at
    every tenth step; the log's keys at the end."""
    players = CONFIGS[index][0]
    steps = _steps(index)
    for step, (state, seat) in enumerate(steps):
        if seat < 0:
            for viewer in (None, *range(players)):
                check_step(GAME, state, viewer, "en")
            continue
        check_step(GAME, state, seat, "en")
        check_step(GAME, state, (seat + 1) % players, "en")
        check_step(GAME, state, None, "en")
        if step % 10 == 0:
            check_step(GAME, state, seat, "de")
            check_step(GAME, state, None, "de")
    final = steps[-1][0]
    assert final.is_over()
    check_log_keys(GAME, final, None)
    check_log_keys(GAME, final, 0)


def test_a_play_is_a_hand_card_then_a_territory() -> None:
    """KC-R15: each play picks its card (``card:<code>``) and places it on the territory
    (``territory:<n>``); no buttons."""
    state, seat = _steps(2)[0]
    legal = _legal(state, seat)
    moves = board_moves(state.view(seat), legal, "en")
    for action, move in zip(legal, moves, strict=True):
        assert action["type"] == "play"
        assert move == {
            "pick": f"card:{action['card']}",
            "place": f"territory:{action['territory']}",
            "button": None,
        }
    # one pick per hand card, one place per open territory: 6 cards x 5 territories
    assert len({m["pick"] for m in moves}) == 6 and len({m["place"] for m in moves}) == 5


def test_claims_are_places_and_ending_them_a_short_button() -> None:
    """KC-R29: in a claim phase each claim is ``claim:<n>`` on the territory's header and
    ending the claims the only button, with a short caption in each language."""
    seen = 0
    for index in (0, 3):
        for state, seat in _steps(index):
            if seat < 0 or state.view(None)["phase"] != "claim":
                continue
            legal = _legal(state, seat)
            for lang, caption in (("en", "End claims"), ("de", "Fertig")):
                moves = board_moves(state.view(seat), legal, lang)
                for action, move in zip(legal, moves, strict=True):
                    if action["type"] == "claim":
                        assert move == {
                            "pick": None,
                            "place": f"claim:{action['territory']}",
                            "button": None,
                        }
                    else:
                        assert action["type"] == "end_claims"
                        assert move == {"pick": None, "place": None, "button": caption}
                        assert len(caption) <= 12
            seen += any(a["type"] == "claim" for a in legal)
    assert seen > 0


def test_targets_are_big_enough() -> None:
    """Every pick and place is at least ``MIN_TARGET`` in both directions (its frame is
    its first rectangle): hand cards, the viewer's armies and the ⚑ claim controls."""
    kinds: Counter[str] = Counter()
    for index in (0, 3):
        for step, (state, seat) in enumerate(_steps(index)):
            claiming = state.view(None)["phase"] == "claim"
            if seat < 0 or (step % 3 and not claiming):
                continue
            root = _root(render_svg(state.view(seat), "en", _legal(state, seat)))
            for el in root.iter():
                if el.get("data-pick") or el.get("data-place"):
                    rect = el.find("{http://www.w3.org/2000/svg}rect")
                    assert rect is not None, el.attrib
                    assert float(rect.get("width", "0")) >= MIN_TARGET, el.attrib
                    assert float(rect.get("height", "0")) >= MIN_TARGET, el.attrib
                    kinds[el.get("data-kind", "")] += 1
    assert kinds["hand-card"] and kinds["army"] and kinds["claim"]


def test_keys_follow_a_card_from_hand_to_table_and_name_the_log_pieces() -> None:
    """A played card keeps its key ``card:<code>`` from the hand to its territory; every key
    is on one element; the keys of each event name pieces of the picture after it."""
    steps = _steps(0)
    for (before, seat), (after, _) in itertools.pairwise(steps):
        event_count = len(before.log(None))
        root = _root(render_svg(after.view(seat), "en"))
        keys = Counter(el.get("data-key") for el in root.iter() if el.get("data-key"))
        assert all(n == 1 for n in keys.values()), [k for k, n in keys.items() if n > 1]
        for event in after.log(None)[event_count:]:
            for key in log_keys(event):
                assert key in keys, (event, key)
            if event["type"] == "play" and event["seat"] == seat:
                hand = _root(render_svg(before.view(seat), "en"))
                card = f"card:{event['card']}"
                held = [el for el in hand.iter() if el.get("data-key") == card]
                assert held and held[0].get("data-kind") == "hand-card"
                placed = [el for el in root.iter() if el.get("data-key") == card]
                assert placed[0].get("data-kind") == "card"
                assert placed[0].get("data-territory") == str(event["territory"])


def test_log_keys_of_each_event_kind() -> None:
    assert log_keys({"type": "play", "seat": 1, "card": "K07", "territory": 3, "play": 9}) == [
        "card:K07",
        "territory:3",
    ]
    decide = {"type": "decide", "territory": 2, "winner": 0, "marker": 4, "method": "claim"}
    assert log_keys(decide) == ["territory:2", "marker:4"]
    assert log_keys({"type": "claim", "seat": 0, "territory": 5}) == ["territory:5"]
    assert log_keys({"type": "draw", "seat": 2}) == ["deck", "seat:2"]
    assert log_keys({"type": "pass", "seat": 1}) == ["seat:1"]
    assert log_keys({"type": "end_claims", "seat": 1}) == ["seat:1"]
    assert log_keys({"type": "start", "first_player": 0}) == ["seat:0"]
    assert log_keys({"type": "end", "reason": "x", "winners": [0, 2]}) == ["seat:0", "seat:2"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_symbols_are_drawn_icons_with_rank_and_a_legend(lang: str) -> None:
    """KC-R4: the legend names 1 Lance … 5 Banner beside their icons; every symbol on a card
    is drawn as its icon with its rank digit (colour is never the only carrier)."""
    state, seat = _steps(2)[40]
    root = _root(render_svg(state.view(seat), lang, _legal(state, seat)))
    legend = next(el for el in root.iter() if el.get("class") == "legend")
    words = " ".join(" ".join(legend.itertext()).split())
    for rank, name in enumerate(SYMBOLS[lang], 1):
        assert f"{rank} {name}" in words
    icons = [
        el.get("class", "").split()[1] for el in legend.iter() if "icon" in el.get("class", "")
    ]
    assert icons == ["lance", "bow", "sword", "helmet", "banner"]
    names = ("lance", "bow", "sword", "helmet", "banner")
    cards = [el for el in root.iter() if el.get("data-kind") in ("card", "hand-card")]
    assert cards
    for card in cards:
        slots = card.get("data-slots", "")
        drawn = [
            el.get("class", "").split()[1] for el in card.iter() if "icon" in el.get("class", "")
        ]
        assert drawn == [names[i] for i, ch in enumerate(slots) if ch != "."]
        digits = [t.text for t in card.iter("{http://www.w3.org/2000/svg}text") if t.text in RANKS]
        assert digits == [ch for ch in slots if ch != "."]


def test_tooltips_in_both_languages() -> None:
    """Every card, army, territory, marker, seat, the deck and the unseen sets explain
    themselves, in English and differently in German."""
    state, seat = _steps(3)[len(_steps(3)) // 2]
    legal = _legal(state, seat)
    tips: dict[str, list[str]] = {}
    for lang in ("en", "de"):
        root = _root(render_svg(state.view(seat), lang, legal))
        pieces = [el for el in root.iter() if el.get("data-kind") not in (None, "status", "result")]
        kinds = Counter(el.get("data-kind") for el in pieces if el.get("data-tip"))
        for kind in ("card", "hand-card", "army", "territory", "seat", "deck", "unseen"):
            assert kinds[kind] > 0, (lang, kind)
        assert all(el.get("data-tip") for el in pieces), lang
        tips[lang] = [el.get("data-tip", "") for el in pieces]
    assert all(e != d for e, d in zip(tips["en"], tips["de"], strict=True))
    assert any("Regiment" in t or "Company" in t for t in tips["en"])
    assert any("Kompanie" in t or "Bataillon" in t or "Regiment" in t for t in tips["de"])
    final = _steps(3)[-1][0]
    root = _root(render_svg(final.view(None), "de"))
    markers = [el for el in root.iter() if el.get("data-kind") == "marker"]
    assert markers and all("Siegmarker" in el.get("data-tip", "") for el in markers)


def test_the_viewers_army_is_nearest_the_hand() -> None:
    """The viewer's army is the last of each territory column; a spectator sees seat order."""
    state, seat = _steps(2)[20]
    root = _root(render_svg(state.view(seat), "en"))
    for territory in (el for el in root.iter() if el.get("data-kind") == "territory"):
        seats = [el.get("data-seat", "") for el in territory if el.get("data-kind") == "army"]
        assert seats[-1] == str(seat) and sorted(seats) == ["0", "1", "2", "3"]
    spectator = _root(render_svg(state.view(None), "en"))
    for territory in (el for el in spectator.iter() if el.get("data-kind") == "territory"):
        seats = [el.get("data-seat", "") for el in territory if el.get("data-kind") == "army"]
        assert seats == ["0", "1", "2", "3"]
    check_picture(render_svg(state.view(None), "de"))
