"""Positions anyone can write (``docs/positions/im-zeichen-des-kreuzes.md``): the worked
example loads, every position of played games reads back to itself, an inconsistent position
or state document is refused naming the problem, and a position stopped at a decision the
engine skips is normalized (ZK-R24, ZK-R33, ZK-C12)."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from spieltisch.engine.errors import PositionError, RecordError, StateFormatError
from spieltisch.games.zeichen_des_kreuzes import actions as A
from spieltisch.games.zeichen_des_kreuzes.state import ZkState

from .helpers import GAME, cell

DOC = Path(__file__).resolve().parents[3] / "docs" / "positions" / "im-zeichen-des-kreuzes.md"


def example() -> str:
    """The worked example of the docs, as written there."""
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"## Worked example.*?```json\n(.*?)```", text, re.S)
    assert found, "the docs lost their worked example"
    return found.group(1)


def load(position: dict[str, Any] | str) -> ZkState:
    text = position if isinstance(position, str) else json.dumps(position)
    state = GAME.from_position(text)
    assert isinstance(state, ZkState)
    return state


def test_the_worked_example_of_the_docs_loads() -> None:
    """ZK-R1, ZK-R2, ZK-S4, ZK-S6: the defaults the docs promise, and the moves it allows."""
    s = load(example())
    assert s.players == 3 and s.turn == 31 and s.active == 0 and s.start_player == 0
    assert s.actors() == (0,)
    assert s.knights == ["K_BOH", "K_GOT", "K_SIG"]
    assert s.army == [9, 8, 3] and s.treasure == [6, 4, 0]
    assert s.supply == [19, 22, 26]  # 30 - army - own cubes in the tower (ZK-R2)
    assert s.motivation == [8, 10, 4] and s.markers == [1, 2, 2]
    assert s.green_tiles == [[4, 3], [], []]
    assert s.tower.counts() == {0: 2, 2: 1, 5: 3}
    assert s.units[1] == -1 and s.garrison == 17
    assert len(s.draw_pile) == 140 - 8 - 5
    jerusalem = cell(s, 23, 12)
    legal = s.legal_actions(0)
    assert A.move(7, jerusalem) in legal and A.move(90, jerusalem) in legal
    with pytest.raises(RecordError):  # a position was not played from its seed
        s.record()
    assert GAME.from_position(s.to_position()).to_position() == s.to_position()


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5), (5, 6)])
def test_positions_of_played_games_read_back_to_themselves(players: int, seed: int) -> None:
    state = GAME.new_game(players, seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over() and step < 600:
        if step % 7 == 0:
            text = state.to_position()
            back = load(text)
            assert back.to_position() == text
            assert back.actors() == state.actors()
            for seat in state.actors():
                assert back.legal_actions(seat) == state.legal_actions(seat)
            assert back.view(None)["tower"] == state.view(None)["tower"]
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    assert load(state.to_position()).to_position() == state.to_position()


def _example(edit: Any) -> str:
    doc = json.loads(example())
    edit(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d["seats"][1]["hand"].append("ZK007"), "card ZK007 appears twice"),
        (lambda d: d.__setitem__("draw_pile", ["ZK001"]), "is nowhere"),
        (lambda d: d["seats"][0]["hand"].append("ZK101"), "immediate event"),
        (lambda d: d["seats"][0].__setitem__("hand", [f"ZK00{i}" for i in range(6)]), "at most 5"),
        (lambda d: d["seats"][0].__setitem__("supply", 20), "cubes do not add up to 30 (ZK-R2)"),
        (lambda d: d["seats"][2].__setitem__("knight", "K_BOH"), "different knight"),
        (lambda d: d.__setitem__("start_player", 1), "ZK-R1, ZK-R12"),
        (lambda d: d["seats"][1].__setitem__("origin", [12, 4]), "ZK-R10"),
        (lambda d: d["seats"][0].__setitem__("origin", [5, 5]), "ZK-R10"),
        (lambda d: d["seats"][0].__setitem__("green_tiles", [4]), "ZK-R28, ZK-R29"),
        (lambda d: d["cities"]["Tunis"].__setitem__("tile", 7), "ZK-S6"),
        (lambda d: d["cities"].__setitem__("Atlantis", {"tile": 1}), "no city 'Atlantis'"),
        (lambda d: d["units"].__setitem__("ARMY_I", [2, 9]), "ZK-R20"),
        (lambda d: d.__setitem__("units", {"FLEET_E": [20, 11], "FLEET_W": [20, 12]}), "start"),
        (lambda d: d["seats"][0].__setitem__("pawn", [26, 0]), "off the board"),
        (lambda d: d["seats"][0].__setitem__("motivation", 21), "0..20"),
        (lambda d: d.__setitem__("decision", "commit"), "a fight is being resolved"),
        (lambda d: d.__setitem__("decision", "dance"), "unknown decision 'dance'"),
        (lambda d: d.__setitem__("exhaustions", 2), "ZK-W2"),
        (lambda d: d.__setitem__("tower", {"P3": 1}), "P3"),
        (lambda d: d.__setitem__("players", 6), "'players'"),
        (lambda d: d.__setitem__("colour", "red"), "unknown key 'colour'"),
        (lambda d: d.__setitem__("options", {"tie_rule": "draw"}), "tie_rule"),
        (lambda d: d.__setitem__("over", {"winners": [0], "ending": "deck"}), "'over'"),
    ],
)
def test_an_inconsistent_position_is_refused_naming_the_problem(edit: Any, words: str) -> None:
    with pytest.raises(PositionError) as err:
        GAME.from_position(_example(edit))
    assert words in str(err.value), str(err.value)


def test_not_a_position() -> None:
    for text in ("", "[1, 2]", '{"game": "medina", "players": 3}'):
        with pytest.raises(PositionError):
            GAME.from_position(text)


def test_a_state_document_is_checked_like_a_position() -> None:
    """``state_from_json`` refuses what ``from_position`` refuses (the same checks)."""
    good = load(example()).to_json()
    for edit, words in [
        (lambda d: d["origin"].__setitem__(2, 0), "ZK-R10"),
        (lambda d: d["tile"].__setitem__(0, 6), "ZK-S6"),
        (lambda d: d.__setitem__("decider", 1), "seat 0 decides"),
        (lambda d: d.__setitem__("turn", 32), "ZK-R1, ZK-R12"),
    ]:
        doc = copy.deepcopy(good)
        edit(doc["data"])
        with pytest.raises(StateFormatError) as err:
            GAME.state_from_json(doc)
        assert isinstance(err.value, PositionError) and words in str(err.value)


def test_a_discard_phase_without_cards_draws_at_once() -> None:
    """ZK-R33, ZK-R34: with an empty hand the engine never asks; the position normalizes to
    the next seat's card phase, seat 2 having drawn D = min(L(4), 5 - 0) = 3 cards."""
    position = json.loads(example())
    position.update(active=2, decision="discard")
    position["seats"][2]["hand"] = []
    s = load(position)
    assert s.start_player == 2 and s.turn == 32 and s.active == 0
    assert s.decision_kind == "cards" and s.actors() == (0,)
    assert len(s.hands[2]) == 3


def test_a_city_phase_with_nothing_to_choose_is_skipped() -> None:
    """ZK-R24: at sea there is no city phase; the discard phase follows."""
    s = load(_example(lambda d: d.__setitem__("decision", "city")))
    assert s.decision_kind == "discard" and s.actors() == (0,)


def test_a_retreat_with_one_cell_is_taken() -> None:
    """ZK-C12 (b): one free cell: the engine moves the loser there without asking."""
    position = json.loads(example())
    position["decision"] = "retreat"
    position["units"] = {"FLEET_E": None, "FLEET_W": [8, 9]}
    position["seats"][2]["pawn"] = [19, 11]  # at sea beside Candia, its only land cell
    position["seats"][2]["motivation"] = 3
    position["fight"] = {
        "type": "ambush",
        "fighter": 2,
        "enemy": 2,
        "cell": [19, 11],
        "then": ["card"],
        "outcome": "lost",
        "committed": 2,
    }
    s = load(position)
    assert s.pawn[2] == cell(s, 18, 10) and s.fight is None
    assert s.decision_kind == "cards" and s.actors() == (0,)
