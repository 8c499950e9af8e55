"""The JSON Schema of the state document (``Game.state_schema``, ``schema.py``): the
documents release 0.1 saved (in the middle and at the end of games) and those of fresh games
validate; documents that break the layout do not."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from .helpers import GAME, steps

RELEASE_0_1 = Path(__file__).resolve().parents[2] / "compat" / "release_0_1"


def _validator() -> Any:
    schema = GAME.state_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _errors(doc: dict[str, Any]) -> list[str]:
    return [e.message for e in _validator().iter_errors(json.loads(json.dumps(doc)))]


@pytest.mark.parametrize(
    "path", sorted(RELEASE_0_1.glob("kingdoms-of-crusaders-*.json")), ids=lambda p: p.stem
)
def test_the_documents_of_release_0_1_validate(path: Path) -> None:
    saved = json.loads(path.read_text(encoding="utf-8"))
    for doc in (saved["middle"]["state"], saved["end"]["state"]):
        assert _errors(doc) == []
        assert _errors(GAME.state_from_json(doc).to_json()) == []


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"claims": "manual"}), (4, {"claims": "off", "stop_when_decided": True})],
)
def test_documents_of_fresh_games_validate(players: int, options: dict[str, Any]) -> None:
    state = None
    for n, (state, _seat, _action) in enumerate(steps(players, 5, options)):
        if n % 5 == 0:
            assert _errors(state.to_json()) == [], n
    assert state is not None and _errors(state.to_json()) == []


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("phase",), "dance"),
        (("deck", 0), "X1"),
        (("decided",), [None] * 4),
        (("armies", 0, 0), [["K01", 1]] * 5),
        (("decided", 0), {"winner": 0, "marker": 6, "method": "claim", "play": 3}),
        (("events", 0), {"type": "start"}),
        (("drawn",), 7),
        (("extra",), 1),
    ],
)
def test_a_broken_layout_does_not_validate(path: tuple[Any, ...], value: Any) -> None:
    doc = copy.deepcopy(GAME.new_game(2, 3).to_json())
    target = doc["data"]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert _errors(doc)
