"""State declared once (engine.fields): clone, save, load and equality come from one
declaration of each field; caches are never saved and are rebuilt on load."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spieltisch.engine.errors import StateFormatError
from spieltisch.engine.fields import CLONE, DEEP, LIST, LISTS, RESET, VALUE, cache, config, fact

from .toy_goofspiel import GOOFSPIEL, GoofState, bid


def test_the_declaration_gives_slots_and_a_field_table() -> None:
    names = [f.name for f in GoofState.FIELDS]
    assert names == ["hands", "prizes", "prize", "points", "bids", "events", "_decision"]
    assert set(names) <= set(GoofState.__slots__)
    assert not hasattr(GoofState.__new__(GoofState), "__dict__")
    assert {f.role for f in GoofState.FIELDS} == {"fact", "cache"}


def test_clone_copies_facts_as_deep_as_declared_and_compares_equal() -> None:
    state = GOOFSPIEL.new_game(2, seed=4)
    copy = state.clone()
    assert copy == state and copy is not state
    copy.hands[0].remove(copy.hands[0][0])  # LISTS: the inner lists are copies too
    assert copy != state and len(state.hands[0]) == 5
    copy = state.clone()
    copy.apply(0, bid(3))  # CLONE: the pending bids are the copy's own
    assert state.bids.waiting() == (0, 1)


def test_save_writes_facts_under_their_keys_and_never_caches() -> None:
    state = GOOFSPIEL.new_game(2, seed=4)
    state.apply(1, bid(2))
    data = state.to_json()["data"]
    assert set(data) == {"hands", "prizes", "prize", "points", "pending", "events"}
    assert data["pending"] == {"1": {"type": "bid", "card": 2}}


def test_load_rebuilds_the_caches_and_equals_the_original() -> None:
    state = GOOFSPIEL.new_game(3, seed=9)
    state.apply(2, bid(5))
    back = GOOFSPIEL.state_from_json(json.loads(json.dumps(state.to_json())))
    assert back == state
    assert back.decision() == state.decision()
    assert back.actors() == (0, 1)


def test_a_document_missing_a_fact_is_refused_naming_it() -> None:
    doc = GOOFSPIEL.new_game(2, seed=1).to_json()
    del doc["data"]["points"]
    with pytest.raises(StateFormatError, match="points"):
        GOOFSPIEL.state_from_json(doc)


def test_roles_and_copies_are_checked_when_declared() -> None:
    with pytest.raises(ValueError, match="only caches"):
        fact(RESET)
    with pytest.raises(ValueError, match="factory"):
        cache(RESET)
    assert config().role == "config"
    assert {VALUE, LIST, LISTS, DEEP, CLONE} <= {"value", "list", "lists", "deep", "clone"}


def test_a_fact_added_later_loads_from_old_documents_with_its_default() -> None:
    from spieltisch.engine.game import State

    class Later(GoofState):
        bonus: list[int] = fact(LIST, default=[0, 0], doc="added after release 0.1")

    state = GOOFSPIEL.new_game(2, seed=2)
    data: dict[str, Any] = state.to_json()["data"]
    assert "bonus" not in data
    later = Later.load_data(2, 2, state.options, data)
    assert isinstance(later, State) and later.bonus == [0, 0]
    later.bonus.append(1)
    assert Later.load_data(2, 2, state.options, data).bonus == [0, 0]  # default not shared
