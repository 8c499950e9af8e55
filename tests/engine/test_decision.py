"""One turn structure (engine.decision): the decision names its kind, actors and rule; the
phase of that kind generates, explains and applies; standing, positions and scripted chance
belong to the contract. Shown on the toy Goofspiel."""

from __future__ import annotations

import json

import pytest

from spieltisch.engine.decision import Decision
from spieltisch.engine.errors import ChanceScriptError, IllegalAction, PositionError

from .toy_goofspiel import GOOFSPIEL, bid


def test_the_decision_names_kind_actors_and_rule() -> None:
    state = GOOFSPIEL.new_game(3, seed=1)
    assert state.decision() == Decision("bid", (0, 1, 2), "GS-R2")
    state.apply(1, bid(4))
    assert state.decision() == Decision("bid", (0, 2), "GS-R2")
    assert state.turn_rule() == "GS-R2"


def test_explain_gives_the_reason_and_agrees_with_the_list() -> None:
    state = GOOFSPIEL.new_game(2, seed=1)
    for action in state.legal_actions(0):
        assert state.explain(0, action) is None
    reason = state.explain(0, bid(9))
    assert isinstance(reason, IllegalAction) and reason.rule == "GS-R2"
    assert "do not hold card 9" in str(reason)
    state.apply(0, bid(2))
    reason = state.explain(0, bid(3))
    assert reason is not None and "may not act now" in str(reason)
    assert "no seat 5" in str(state.explain(5, bid(3)))


def test_apply_refuses_with_the_explanation_and_changes_nothing() -> None:
    state = GOOFSPIEL.new_game(2, seed=1)
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalAction, match="do not hold card 7"):
        state.apply(1, bid(7))
    assert json.dumps(state.to_json()) == before


def test_standing_orders_seats_and_groups_ties() -> None:
    state = GOOFSPIEL.new_game(3, seed=1)
    state.points = [3, 5, 3]
    assert state.standing() == [[1], [0, 2]]


def test_chance_script_sets_the_first_shuffle_in_public_codes() -> None:
    state = GOOFSPIEL.new_game(2, seed=1, chance_script={"prize deck": [[5, 1, 2, 3, 4]]})
    assert state.prize == 5 and state.prizes == [4, 3, 2, 1]
    with pytest.raises(ChanceScriptError, match="no chance event 'dice'.*prize deck"):
        GOOFSPIEL.new_game(2, seed=1, chance_script={"dice": [1]})
    with pytest.raises(ChanceScriptError, match="outcome 1: the prize deck is the cards"):
        GOOFSPIEL.new_game(2, seed=1, chance_script={"prize deck": [[1, 1, 2, 3, 4]]})


def test_a_position_written_by_hand_loads_and_an_inconsistent_one_is_refused() -> None:
    text = json.dumps(
        {"hands": [[1, 4], [2, 3]], "prizes": [5], "prize": 2, "points": [7, 3], "bids": {}}
    )
    state = GOOFSPIEL.from_position(text)
    assert state.actors() == (0, 1) and state.prize == 2
    assert json.loads(state.to_position())["points"] == [7, 3]
    bad = json.dumps({"hands": [[1], [2]], "prizes": [5], "prize": 5, "points": [0, 0]})
    with pytest.raises(PositionError, match="not distinct"):
        GOOFSPIEL.from_position(bad)
