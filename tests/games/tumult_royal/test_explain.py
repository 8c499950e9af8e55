"""One turn structure (TR-S7, TR-G6, TR-R15): the decision names its kind, actors and rule;
``explain`` gives a reason with a rule id exactly for the actions not in the legal list,
also for actions made up at random; the state document validates against the published
schema."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest

from spieltisch.games.tumult_royal.actions import KINDS, TumultAction

from .helpers import GAME

RELEASE_0_1 = Path(__file__).resolve().parents[2] / "compat" / "release_0_1"


def candidates(state, rng: random.Random) -> list[TumultAction]:
    """Legal actions, near misses and nonsense of every kind."""
    out: list[TumultAction] = []
    for seat in range(state.players):
        out.extend(state.legal_actions(seat))
    land = state.land
    faces = sorted(set(state.faces))
    for _ in range(40):
        kind = rng.choice(KINDS)
        field = (rng.randrange(-1, land.height + 1), rng.randrange(-1, land.width + 1))
        payment = tuple(sorted(rng.sample(faces, rng.randrange(0, 4))))
        slot = rng.randrange(-2, 30)
        out.append(
            TumultAction(
                kind,
                field=field if rng.random() < 0.8 else None,
                slot=slot if rng.random() < 0.5 else -1,
                payment=payment if rng.random() < 0.5 else (),
            )
        )
    return out


@pytest.mark.parametrize(("players", "variant"), [(2, "zocker"), (3, "standard"), (4, "standard")])
def test_explain_agrees_with_the_legal_list(players: int, variant: str) -> None:
    state = GAME.new_game(players, seed=players, options={"variant": variant})
    rng = random.Random(players)
    step = 0
    while not state.is_over():
        decision = state.decision()
        assert decision is not None and decision.actors == state.actors()
        assert decision.kind in state.phases and decision.rule in ("TR-S7", "TR-G6", "TR-R15")
        if step % 5 == 0:
            for action in candidates(state, rng):
                for seat in range(players):
                    legal = action in state.legal_actions(seat)
                    reason = state.explain(seat, action)
                    assert legal == (reason is None), (seat, action, reason)
                    if reason is not None and type(action) is TumultAction:
                        assert str(reason)
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1


def validator():
    schema = GAME.state_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", sorted(RELEASE_0_1.glob("tumult-royal-*.json")), ids=str)
def test_saved_documents_validate_against_the_schema(path: Path) -> None:
    doc = json.loads(path.read_text("utf-8"))
    check = validator()
    for saved in (doc["middle"]["state"], doc["end"]["state"]):
        check.validate(saved)
        check.validate(json.loads(json.dumps(GAME.state_from_json(saved).to_json())))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_documents_of_fresh_games_validate_and_bad_ones_do_not(players: int) -> None:
    check = validator()
    state = GAME.new_game(players, seed=7, options={"keep_goods": True})
    rng = random.Random(7)
    while not state.is_over():
        if rng.random() < 0.05:
            check.validate(json.loads(json.dumps(state.to_json())))
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    doc = json.loads(json.dumps(state.to_json()))
    check.validate(doc)
    doc["data"]["phase"] = "lunch"
    assert not check.is_valid(doc)
