"""Each game publishes a JSON Schema of its state document (``Game.state_schema``); every
document saved by release 0.1 and by this release validates against it, and the published
copy in ``docs/schemas`` is the one the engine gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import spieltisch
from tests.shipped import shipped_ids

ROOT = Path(__file__).resolve().parents[2]
RELEASE_0_1 = ROOT / "tests" / "compat" / "release_0_1"
PUBLISHED = ROOT / "docs" / "schemas"


def _validator(game_id: str) -> Any:
    schema = spieltisch.game(game_id).state_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", sorted(RELEASE_0_1.glob("*.json")), ids=lambda p: p.stem)
def test_documents_of_release_0_1_validate(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    game_id = doc["record"]["game"]
    game = spieltisch.game(game_id)
    validator = _validator(game_id)
    for saved in (doc["middle"]["state"], doc["end"]["state"]):
        # an older document validates once upgraded, as the engine loads it
        current = game.state_from_json(saved).to_json()
        errors = sorted(validator.iter_errors(current), key=str)
        assert not errors, f"{path.name}: {errors[0].message} at {list(errors[0].path)}"


@pytest.mark.parametrize("game_id", [g.id for g in spieltisch.games()])
def test_documents_of_fresh_games_validate(game_id: str) -> None:
    import random

    game = spieltisch.game(game_id)
    validator = _validator(game_id)
    for case in game.conformance_cases()[:3]:
        state = game.new_game(case.players, seed=3, options=dict(case.options))
        rng = random.Random(3)
        for step in range(400):
            if step % 40 == 0 or state.is_over():
                doc = json.loads(json.dumps(state.to_json()))
                errors = list(validator.iter_errors(doc))
                assert not errors, f"{case.label} step {step}: {errors[0].message}"
            if state.is_over():
                break
            seat = rng.choice(state.actors())
            state.apply(seat, rng.choice(state.legal_actions(seat)))


# docs/schemas publishes the schemas of the games spieltisch ships (not of any plugin)
@pytest.mark.parametrize("game_id", shipped_ids())
def test_the_published_schema_is_the_engines(game_id: str) -> None:
    path = PUBLISHED / f"{game_id}.state.json"
    assert path.exists(), f"run: spieltisch schema {game_id} --out {path.relative_to(ROOT)}"
    published = json.loads(path.read_text(encoding="utf-8"))
    assert published == json.loads(json.dumps(spieltisch.game(game_id).state_schema())), (
        f"docs/schemas/{game_id}.state.json is stale: run spieltisch schema {game_id} --out ..."
    )
