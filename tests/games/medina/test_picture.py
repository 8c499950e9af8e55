"""Medina's board picture against the board-interface contract (``docs/board-interface.md``):
seeded games of both editions and every player count, checked step by step for the acting
seat, another seat and a spectator (sampled to stay fast), in English and German; how each
kind of action is made on the picture (pick a supply piece, then a square); the keys of the
log; the tips of the pieces."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import spieltisch
from spieltisch.engine.game import State
from spieltisch.games.medina.svg import board_moves, log_keys, render_svg

from ...caption_checks import bot_steps
from ...picture_checks import check_log_keys, check_picture, check_step

GAME = spieltisch.game("medina")
CONFIGS = [
    (3, {"edition": 1}, 1),
    (4, {"edition": 1}, 2),
    (2, {"edition": 2}, 3),
    (3, {"edition": 2}, 4),
    (4, {"edition": 2, "open_screens": True}, 5),
]
IDS = [f"{p}p-ed{o['edition']}" + ("-open" if o.get("open_screens") else "") for p, o, _ in CONFIGS]


@cache
def _steps(index: int) -> tuple[tuple[State, int], ...]:
    players, options, seed = CONFIGS[index]
    return tuple(
        (state.clone(), seat) for state, seat, _ in bot_steps(GAME, players, options, seed)
    )


def _final(index: int) -> State:
    state, seat = _steps(index)[-1]
    final = state.clone()
    final.apply(seat, final.legal_actions(seat)[0])
    return final


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg.split("?>", 1)[1])


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_every_sampled_step_keeps_the_contract(index: int) -> None:
    """The acting seat every fourth step; another seat and the spectator every eighth; German
    every seventh; the log's keys every tenth (the full games take seconds, not minutes)."""
    players = CONFIGS[index][0]
    steps = _steps(index)
    assert len(steps) > 50
    for n, (state, seat) in enumerate(steps):
        lang = "de" if n % 7 == 0 else "en"
        if n % 4 == 0:
            check_step(GAME, state, seat, lang)
        if n % 8 == 0:
            check_step(GAME, state, (seat + 1) % players, lang)
            check_step(GAME, state, None, lang)
        if n % 10 == 0:
            check_log_keys(GAME, state, seat)
    final = _final(index)
    assert final.is_over()
    for seat in [None, *range(players)]:
        for lang in ("en", "de"):
            check_step(GAME, final, seat, lang)
    check_log_keys(GAME, final, None)


def _kinds(index: int) -> Iterator[tuple[State, int, dict[str, Any]]]:
    """The first step of each action kind (and of a building founding and joining a palace)
    in a configuration."""
    seen: set[str] = set()
    for state, seat in _steps(index):
        view = state.view(seat)
        incomplete = {p["colour"] for p in view["palaces"] if p["status"] == "incomplete"}
        for action in state.legal_actions(seat):
            js = action.to_json()
            kind = js["type"]
            if kind == "build":
                kind += ":join" if js["colour"] in incomplete else ":new"
            if kind not in seen:
                seen.add(kind)
                yield state, seat, js


def test_each_action_kind_is_a_pick_and_a_square() -> None:
    """Every kind of action of both editions: the supply piece it takes is the pick, its
    square the place (a roof's: its palace's first building, MD-R21), the caption short;
    the tea discard (MD-R58) is a button of the picked tea tile."""
    expected_pick = {
        "start_merchant": "supply:start_merchant",
        "roof": "supply:roof",
        "neutral_roof": "supply:neutral_roof",
        "stable": "supply:stable",
        "merchant": "supply:merchant",
        "wall": "supply:wall",
        "discard_tea": "supply:tea",
    }
    seen = set()
    for index in range(len(CONFIGS)):
        for state, seat, action in _kinds(index):
            view = state.view(seat)
            legal = [a.to_json() for a in state.legal_actions(seat)]
            moves = board_moves(view, legal, "en")
            move = moves[legal.index(action)]
            kind = action["type"]
            seen.add(kind)
            if kind == "build":
                assert move["pick"] == f"supply:{action['colour']}"
            else:
                assert move["pick"] == expected_pick[kind]
            if kind == "discard_tea":
                assert move["place"] is None and move["button"] == "Discard a tea tile"
            else:
                x, y = action["cell"]
                assert move["place"] == f"cell:{x},{y}"
            assert move["button"] and len(move["button"]) <= 32, move
            de = board_moves(view, legal, "de")[legal.index(action)]
            assert de["button"] != move["button"] and (de["pick"], de["place"]) == (
                move["pick"],
                move["place"],
            )
            root = _root(render_svg(view, "en", legal))
            picks = {el.get("data-pick") for el in root.iter() if el.get("data-pick")}
            assert move["pick"] in picks
            if move["place"]:
                assert any(el.get("data-place") == move["place"] for el in root.iter())
    assert seen == {"start_merchant", "build", "roof", "neutral_roof", "stable", "merchant"} | {
        "wall",
        "discard_tea",
    }


def test_build_captions_tell_founding_from_joining() -> None:
    """MD-R23/MD-R24: a building joins the unfinished palace of its colour (its number in the
    caption) or founds a new one."""
    found = {"new": False, "join": False}
    for state, seat, action in _kinds(0):
        if action["type"] != "build":
            continue
        view = state.view(seat)
        legal = [a.to_json() for a in state.legal_actions(seat)]
        caption = board_moves(view, legal, "en")[legal.index(action)]["button"]
        incomplete = {p["colour"]: p["id"] for p in view["palaces"] if p["status"] == "incomplete"}
        if action["colour"] in incomplete:
            assert caption.endswith(f"palace #{incomplete[action['colour']]}")
            found["join"] = True
        else:
            assert caption.endswith("new palace")
            found["new"] = True
    assert all(found.values())


def test_every_supply_piece_is_a_pick_and_the_playable_ones_are_armed() -> None:
    """Every piece of the viewer's tray is a pick, playable or not and whoever's turn it is
    (a click on an unplayable one asks why, issue 15); the legal moves' picks are among them
    and only those are drawn as playable; a spectator has no tray."""
    state, seat = _steps(3)[40]
    legal = [a.to_json() for a in state.legal_actions(seat)]
    root = _root(render_svg(state.view(seat), "en", legal))
    picks = {el.get("data-pick") for el in root.iter() if el.get("data-pick")}
    armed = {m["pick"] for m in board_moves(state.view(seat), legal, "en")}
    assert armed <= picks
    trays = [el for el in root.iter() if el.get("class") == "tray-item"]
    assert len(trays) >= 7  # four colours, roof, neutral roof, stable, merchant, wall, tea
    assert {el.get("data-pick") for el in trays} == picks
    playable = {el.get("data-pick") for el in trays if "cursor:pointer" in el.get("style", "")}
    assert playable == armed
    other = (seat + 1) % 3
    root = _root(render_svg(state.view(other), "en", []))
    trays = [el for el in root.iter() if el.get("class") == "tray-item"]
    assert trays and all(el.get("data-pick") for el in trays)
    assert not any("cursor:pointer" in el.get("style", "") for el in trays)
    root = _root(render_svg(state.view(None), "en", []))
    assert not any(el.get("class") == "tray-item" for el in root.iter())
    assert not any(el.get("data-pick") for el in root.iter())


def test_no_stage_has_more_than_twelve_buttons() -> None:
    """Moves are made on the board: every move has a pick, and a pick and place never offers
    more than one move (so the page shows no list of buttons)."""
    for index in range(len(CONFIGS)):
        for state, seat in _steps(index)[::3]:
            legal = [a.to_json() for a in state.legal_actions(seat)]
            moves = board_moves(state.view(seat), legal, "en")
            assert all(m["pick"] for m in moves)
            stages = [(m["pick"], m["place"]) for m in moves]
            assert len(set(stages)) == len(stages)


def test_log_keys_name_pieces_of_the_picture() -> None:
    """Every placement of the log names a piece the final picture shows (the page marks it),
    and so does every tile change."""
    for index in (0, 3):
        final = _final(index)
        root = _root(render_svg(final.view(None), "en", []))
        keys = {el.get("data-key") for el in root.iter() if el.get("data-key")}
        for event in final.log(None):
            for key in log_keys(event):
                if not key.startswith("tray:"):  # the tray is in a seat's own picture only
                    assert key in keys, (event, key)
        kinds = {e["type"] for e in final.log(None)}
        assert {"build", "roof", "merchant", "wall", "palace_tile"} <= kinds


def test_log_keys_per_event_kind() -> None:
    assert log_keys({"type": "build", "seat": 0, "cell": [3, 4], "colour": "grey"}) == [
        "building:3,4"
    ]
    assert log_keys({"type": "start_merchant", "seat": 0, "cell": [5, 6]}) == ["merchant:5,6"]
    assert log_keys({"type": "wall", "seat": 1, "cell": [0, 3], "chain": 1}) == ["wall:0,3"]
    assert log_keys({"type": "roof", "seat": 1, "cell": [2, 2], "palace": 7}) == ["roof:7"]
    assert log_keys({"type": "palace_tile", "colour": "orange", "palace": 7}) == [
        "palace-tile:orange"
    ]
    assert log_keys({"type": "tower_tile", "tower": 2, "palace": 7}) == ["tower-tile:2", "tower:2"]
    assert log_keys({"type": "setup", "well": [8, 6], "start_merchant": [9, 7]}) == [
        "well",
        "merchant:9,7",
    ]
    assert log_keys({"type": "pass", "seat": 2}) == []
    assert log_keys({"type": "end", "winners": [0]}) == []


def test_every_piece_is_explained_in_both_languages() -> None:
    """A palace's tip names its colour, size, owner and points; a wall its tower's chain; a
    merchant line's end says so; German tips are German."""
    final = _final(1)
    view = final.view(0)
    for lang, words in (
        ("en", ("Palace #", "size", "points", "chain of tower", "an end of the merchant line")),
        ("de", ("Palast #", "Größe", "Punkte", "Kette von Turm", "ein Ende der Kaufmannskette")),
    ):
        root = _root(render_svg(view, lang, []))
        tips = [el.get("data-tip", "") for el in root.iter() if el.get("data-kind")]
        assert all(tips)
        joined = "\n".join(tips)
        for word in words:
            assert word in joined, (lang, word)
        claimed = next(p for p in view["palaces"] if isinstance(p["owner"], int))
        x, y = claimed["cell"]
        building = next(el for el in root.iter() if el.get("data-key") == f"building:{x},{y}").get(
            "data-tip", ""
        )
        assert f"#{claimed['id']}" in building and str(claimed["size"]) in building
        assert ("Player" if lang == "en" else "Spieler") + f" {claimed['owner'] + 1}" in building


def test_the_picture_fits_the_page_at_one_to_one() -> None:
    """Both boards' squares are at least 36 pixels and the picture at most 1000 wide."""
    for players, options in ((3, {"edition": 1}), (2, {"edition": 2})):
        state = GAME.new_game(players, 1, options)
        svg = render_svg(state.view(0), "en", [a.to_json() for a in state.legal_actions(0)])
        root = check_picture(svg)
        squares = [el for el in root.iter() if el.get("data-place", "").startswith("cell:")]
        rect = squares[0].find("{http://www.w3.org/2000/svg}rect")
        assert rect is not None and float(rect.get("width", "0")) >= 36
        assert float(root.get("width", "0")) <= 1000


def test_roofs_carry_the_owner_mark_and_the_palace_number() -> None:
    """Every claimed palace has one roof piece (``roof:P``) on its first block, numbered as
    the scores and tile cards name it; the other blocks wear the owner's colour too."""
    final = _final(3)
    view = final.view(None)
    root = _root(render_svg(view, "en", []))
    roofs = {
        el.get("data-key"): el for el in root.iter() if el.get("data-key", "").startswith("roof:")
    }
    claimed = [p for p in view["palaces"] if p["owner"] is not None]
    assert claimed and set(roofs) == {f"roof:{p['id']}" for p in claimed}
    for p in claimed:
        assert "".join(roofs[f"roof:{p['id']}"].itertext()) == f"#{p['id']}"
