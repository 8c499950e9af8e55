"""Im Zeichen des Kreuzes' board picture against the board-interface contract
(``docs/board-interface.md``, ``tests/picture_checks.py``): sampled steps of seeded games of
2 to 5 players with several options, seen by the seat to act, another seat and a spectator
in both languages; the log's keys; how each kind of move is made on the picture (a card
move is the card picked, then its cell); and the map drawn from the board data (its coasts
and mountain ranges are the outlines of the grid's land and mountain cells)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from spieltisch.engine.game import State
from spieltisch.games.zeichen_des_kreuzes import actions as A
from spieltisch.games.zeichen_des_kreuzes import map_svg
from spieltisch.games.zeichen_des_kreuzes.board import MOUNTAIN, SEA, Board
from spieltisch.games.zeichen_des_kreuzes.edition import default_components
from spieltisch.games.zeichen_des_kreuzes.edition_data import parse_components
from spieltisch.games.zeichen_des_kreuzes.state import ZkState
from spieltisch.games.zeichen_des_kreuzes.svg import board_moves, log_keys, render_svg

from ...caption_checks import bot_steps
from ...picture_checks import check_log_keys, check_picture, check_step
from .helpers import GAME, do, new, on_jerusalem, place, set_hand

# (players, seed, options); ZK games run for hundreds of steps: every STRIDE-th step of the
# first MAX_STEPS is checked
GAMES = [
    (2, 1, {}),
    (3, 2, {"papal_reward": "declaration", "tower_model": "A"}),
    (4, 4, {"tie_rule": "attacker"}),
    (5, 3, {"exhaustion_winner": "most_muslim_cities"}),
]
STRIDE, MAX_STEPS = 12, 360


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg.split("?>", 1)[1])


@pytest.mark.parametrize(("players", "seed", "options"), GAMES, ids=[f"{g[0]}p" for g in GAMES])
def test_sampled_steps_meet_the_contract(players: int, seed: int, options: dict[str, Any]) -> None:
    """The acting seat's picture and moves, another seat's and a spectator's picture; German
    every other sampled step; the log keys of every seat at the last sampled step."""
    kinds: set[str] = set()
    state: State | None = None
    for step, (state, seat, legal) in enumerate(bot_steps(GAME, players, options, seed)):
        if step >= MAX_STEPS:
            break
        if step % STRIDE:
            continue
        lang = "de" if step % (2 * STRIDE) else "en"
        assert state is not None
        check_step(GAME, state, seat, lang)
        check_step(GAME, state, (seat + 1) % players, "en")
        check_step(GAME, state, None, lang)
        kinds.update(a.to_json()["type"] for a in legal)
    assert state is not None
    for viewer in (None, *range(players)):
        check_log_keys(GAME, state, viewer)
    assert {"move", "end_cards", "discard"} <= kinds


def _moves(state: ZkState, seat: int, lang: str = "en") -> tuple[list[dict[str, Any]], ET.Element]:
    view = state.view(seat)
    legal = [a.to_json() for a in state.legal_actions(seat)]
    root = check_picture(render_svg(view, lang, legal))
    return board_moves(view, legal, lang), root


def _attrs(root: ET.Element, name: str) -> Counter[str]:
    return Counter(el.get(name, "") for el in root.iter() if el.get(name))


def test_a_card_move_is_the_card_picked_then_its_cell() -> None:
    """ZK-R14: a movement card steps onto an adjacent cell of its terrain; on the picture
    the card is the pick and each such cell a place, nothing else lights up."""
    s = new(3)
    place(s, 0, 12, 7)  # a plain cell by the sea near Rome
    set_hand(s, 0, [6, 62, 88])  # plain, sea, joker
    legal = [a.to_json() for a in s.legal_actions(0)]
    moves, root = _moves(s, 0)
    picks, places = _attrs(root, "data-pick"), _attrs(root, "data-place")
    assert set(picks) >= {"card:ZK006", "card:ZK062", "card:ZK088"}
    cells = set()
    for action, move in zip(legal, moves, strict=True):
        if action["type"] == "move":
            x, y = action["to"]
            assert move["pick"] == f"card:{action['card']}"
            assert move["place"] == f"cell:{x},{y}"
            cells.add(move["place"])
        else:
            assert action["type"] == "end_cards"
            assert move["pick"] is None and move["place"] is None and move["button"]
    # the reachable cells are the lit targets; every other cell is a place a click may try
    lit = {
        el.get("data-place")
        for group in root.iter()
        if group.get("class") == "targets"
        for el in group
    }
    assert lit == cells
    assert {k for k in places if k.startswith("cell:")} == {
        f"cell:{x},{y}" for x in range(26) for y in range(14)
    }
    joker = {m["place"] for m, a in zip(moves, legal, strict=True) if a.get("card") == "ZK088"}
    assert len(joker) == 8  # the joker reaches every neighbour


def test_a_symbol_move_picks_the_unit_then_its_cell() -> None:
    """ZK-R16, ZK-R20: after a card with a ship, a fleet is picked and moved one sea cell
    (or not at all: a button)."""
    found = next(
        (
            step
            for step in bot_steps(GAME, 5, {}, 2)
            if any(a.to_json()["type"] == "move_unit" for a in step[2])
        ),
        None,
    )
    assert found is not None, "no symbol move in the seeded game"
    state, seat, legal = found
    assert isinstance(state, ZkState) and state.decision_kind == "symbol"
    moves, root = _moves(state, seat, "de")
    picks = _attrs(root, "data-pick")
    for action, move in zip(legal, moves, strict=True):
        data = action.to_json()
        if data["type"] == "move_unit":
            assert move["pick"] == f"unit:{data['unit']}" and move["pick"] in picks
            assert move["place"] == f"cell:{data['to'][0]},{data['to'][1]}"
        else:
            assert (move["pick"], move["place"]) == (None, None)
            assert move["button"] == "Keine Einheit ziehen"


def test_city_options_are_buttons_and_recruiting_a_number_track() -> None:
    """ZK-R25, ZK-R27: on an unplundered red city the options are buttons; the treasure to
    pay for recruits is a place on the number track (amount:k)."""
    s = new(3)
    place(s, 0, 11, 7)  # Rome
    s.treasure[0] = 4
    s.decision_kind, s.decider = "city", 0
    s._legal = None
    legal = [a.to_json() for a in s.legal_actions(0)]
    moves, root = _moves(s, 0)
    places = _attrs(root, "data-place")
    for action, move in zip(legal, moves, strict=True):
        if action["type"] == "recruit":
            assert move == {
                "pick": None,
                "place": f"amount:{action['amount']}",
                "button": f"Recruit for {action['amount']}",
            }
            assert move["place"] in places
        else:
            assert (move["pick"], move["place"]) == (None, None)
    buttons = [m["button"] for m in moves if m["place"] is None]
    assert buttons == ["Pray (motivation +2)", "Plunder Rome", "No city action"]


def test_a_siege_commitment_with_the_holy_lance_picks_the_lance_first() -> None:
    """ZK-J4, ZK-J5, ZK-EV13: the attacker's secret commitment (5 up to the army) is a
    number on the track; the same numbers with the Holy Lance need the lance card picked."""
    s = on_jerusalem(army=9)
    set_hand(s, 0, [135, 6])
    do(s, 0, A.SIEGE)
    assert s.decision_kind == "attack"
    legal = [a.to_json() for a in s.legal_actions(0)]
    moves, root = _moves(s, 0)
    places = _attrs(root, "data-place")
    assert {m["place"] for m in moves} == {f"amount:{n}" for n in range(5, 10)} <= set(places)
    with_lance = [m for m, a in zip(moves, legal, strict=True) if a.get("card")]
    assert len(with_lance) == 5 and {m["pick"] for m in with_lance} == {"card:ZK135"}
    assert all(m["pick"] is None for m, a in zip(moves, legal, strict=True) if not a.get("card"))
    # the numbers the attacker may not choose are places too, but no move's: a click on one
    # asks why (ZK-J5)
    assert "amount:4" in places and "amount:4" not in {m["place"] for m in moves}
    assert "if lost, the Pope pays 3 treasure" in " ".join(root.itertext())


def test_log_keys_name_the_pieces_on_the_picture() -> None:
    """A step names the knight and its cell, a throw the tower and its cubes, a plunder the
    city; each key is a data-key of the picture."""
    assert log_keys({"type": "move", "seat": 1, "card": "ZK006", "to": [12, 7]}) == [
        "knight:1",
        "cell:12,7",
        "card:ZK006",
    ]
    throw = {"type": "throw", "seat": 0, "thrown": {"P0": 3, "G": 3}, "tray": {"G": 2}}
    assert log_keys(throw) == ["tower", "cubes:G", "cubes:P0"]
    fight = {
        "type": "fight",
        "fight": "unit_fleet",
        "fighter": 2,
        "cell": [8, 9],
        "unit": 0,
        "city": -1,
    }
    assert log_keys(fight) == ["cell:8,9", "unit:0", "knight:2"]
    assert log_keys({"type": "plundered", "seat": 0, "city": 5, "value": 3}) == [
        "knight:0",
        "city:5",
    ]
    s = new(3)
    root = _root(render_svg(s.view(0), "en", []))
    keys = _attrs(root, "data-key")
    for event in (
        {"type": "move", "seat": 1, "card": s.view(0)["hand"][0], "to": [12, 7]},
        throw,
        fight,
        {"type": "plundered", "seat": 0, "city": 5, "value": 3},
        {"type": "siege_round", "seat": 0, "round": 1, "defender": 2},
    ):
        assert set(log_keys(event)) <= set(keys), event
    assert all(n == 1 for n in keys.values()), [k for k, n in keys.items() if n > 1]


# -- the map comes from the board data ----------------------------------------------------
def _inside(point: tuple[float, float], polygons: list[list[tuple[float, float]]]) -> bool:
    """Even-odd rule over all the outlines (holes are lakes and inland seas)."""
    x, y = point
    inside = False
    for poly in polygons:
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


def _member(cells: set[tuple[int, int]]) -> Callable[[int, int], bool]:
    return lambda x, y: (x, y) in cells


def _outline_checks(board: Board) -> None:
    """Every land cell's centre lies inside the smoothed coasts and every sea cell's
    outside; likewise for the mountain ranges."""
    for wanted in ("land", "mountain"):
        cells = {
            (x, y)
            for y in range(board.height)
            for x in range(board.width)
            if (
                board.terrain[board.cell(x, y)] != SEA
                if wanted == "land"
                else board.terrain[board.cell(x, y)] == MOUNTAIN
            )
        }
        loops = map_svg.land_loops(board.width, board.height, _member(cells))
        polygons = [map_svg.relax(loop) for loop in loops]
        for y in range(board.height):
            for x in range(board.width):
                inside = _inside((x + 0.5, y + 0.5), polygons)
                assert inside == ((x, y) in cells), (wanted, x, y)


def test_the_coasts_and_mountains_are_the_outlines_of_the_board_data() -> None:
    board = default_components().board
    _outline_checks(board)
    svg = render_svg(new(2).view(None))
    land = next(el for el in _root(svg).iter() if el.get("class") == "land")
    loops = map_svg.land_loops(
        board.width, board.height, lambda x, y: board.terrain[board.cell(x, y)] != SEA
    )
    assert land.get("data-loops") == str(len(loops))
    assert land.get("d") == map_svg.smooth_path(loops, 32, float(_map_top(svg)))


def test_another_map_gives_other_coasts() -> None:
    """A replaced map (ZK-O11): the Adriatic's sea cells made land, a new island at sea;
    the coasts follow, and the pictures of the two editions differ in their land."""
    import json
    from importlib import resources

    package = "spieltisch.games.zeichen_des_kreuzes"
    files = resources.files(package)
    edition = json.loads(files.joinpath("data/components.json").read_text("utf-8"))
    lines = files.joinpath("data/map.txt").read_text("utf-8").split("\n")
    row = list(lines[10])
    row[14] = "."  # an island in the middle of the sea
    lines[10] = "".join(row)
    edition["map"] = lines
    board = parse_components(edition).board
    _outline_checks(board)
    custom = GAME.new_game(2, 1, {"edition_data": edition}).view(None)
    default = GAME.new_game(2, 1).view(None)

    def land(view: dict[str, Any]) -> str:
        el = next(e for e in _root(render_svg(view)).iter() if e.get("class") == "land")
        return el.get("d", "")

    assert land(custom) != land(default)
    assert land(custom).count("M") == land(default).count("M") + 1


def _map_top(svg: str) -> float:
    cell = next(el for el in _root(svg).iter() if el.get("data-key") == "cell:0,0")
    return float(cell.get("y", "nan"))


def test_every_cell_and_city_explains_itself_in_both_languages() -> None:
    """Cells (coordinates and terrain), cities, units, knights, cards, the tower and the
    tracks carry tips; German tips are German (Köln, Flotte)."""
    s = new(4)
    for lang, words in (
        ("en", ("Cologne", "fleet", "cube tower")),
        ("de", ("Köln", "flotte", "Würfelturm")),
    ):
        root = _root(render_svg(s.view(1), lang, []))
        tips = " ".join(el.get("data-tip", "") for el in root.iter())
        for word in words:
            assert word in tips, (lang, word)
        for el in root.iter():
            if el.get("data-kind") == "cell":
                terrain = {"en": el.get("data-terrain"), "de": None}[lang]
                assert el.get("data-tip", "").startswith(f"({el.get('data-cell')}) ")
                assert terrain is None or el.get("data-tip", "").endswith(terrain)
            if el.get("data-kind") in ("city", "pawn", "fleet", "army", "card"):
                assert el.get("data-tip"), el.attrib
            if el.get("data-key") in ("tower", "garrison", "deck"):
                assert el.get("data-tip"), el.attrib


def test_the_picture_is_drawn_at_one_to_one() -> None:
    """Width at most 1000 and every card, cell and number at least 24 units both ways."""
    rng = random.Random(5)
    s = new(5)
    for _ in range(60):
        seat = s.actors()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    root = check_picture(render_svg(s.view(0), "de", []))
    assert float(root.get("width", "0")) <= 1000
    for el in root.iter():
        if el.get("data-kind") == "cell":
            assert float(el.get("width", "0")) >= 30 and float(el.get("height", "0")) >= 30
