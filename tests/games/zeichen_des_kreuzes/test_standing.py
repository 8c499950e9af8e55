"""The standing (``State.standing``, from ``ranking_keys``) gives the rules' order: the
conqueror of Jerusalem alone first (ZK-W1); after the deck runs out, with
``exhaustion_winner = most_muslim_cities``, most green tiles, then the larger army, then
more treasure (ZK-W4); with the default ``none`` nobody ranks above anybody (ZK-W4)."""

from __future__ import annotations

import json
from typing import Any

import jsonschema

import spieltisch

from .helpers import GAME


def finished(ending: str, winners: list[int], seats: list[dict[str, Any]], **extra: Any) -> Any:
    position = {
        "players": 3,
        "turn": 90,
        "active": 2,
        "decision": "over",
        "over": {"winners": winners, "ending": ending},
        "exhaustions": 2 if ending == "deck" else 0,
        "seats": seats,
        **extra,
    }
    return GAME.from_position(json.dumps(position))


PLUNDERS = {
    "cities": {
        "Tunis": {"tile": 4, "plundered_by": 0},
        "Tripoli": {"tile": 3, "plundered_by": 1},
        "Seville": {"tile": 2, "plundered_by": 1},
        "Cordoba": {"tile": 2, "plundered_by": 2},
    }
}


def test_zk_w1_the_conqueror_of_jerusalem_alone_first() -> None:
    s = finished(
        "jerusalem",
        [1],
        [{"knight": "K_BOH"}, {"knight": "K_GOT", "pawn": [23, 12]}, {"knight": "K_RAI"}],
    )
    assert s.winners() == [1] and s.standing() == [[1], [0, 2]]


def test_zk_w4_most_muslim_cities_then_army_then_treasure() -> None:
    seats = [
        {"knight": "K_BOH", "green_tiles": [4], "army": 9, "treasure": 1},
        {"knight": "K_GOT", "green_tiles": [3, 2], "army": 2, "treasure": 0},
        {"knight": "K_RAI", "green_tiles": [2], "army": 9, "treasure": 5},
    ]
    s = finished(
        "deck", [1], seats, options={"exhaustion_winner": "most_muslim_cities"}, **PLUNDERS
    )
    # seat 1 has two tiles; seats 0 and 2 one each and the same army: treasure decides
    assert s.standing() == [[1], [2], [0]] and s.winners() == [1]
    seats[2]["treasure"] = 1  # now seats 0 and 2 are tied on every key: they share a place
    s = finished(
        "deck", [1], seats, options={"exhaustion_winner": "most_muslim_cities"}, **PLUNDERS
    )
    assert s.standing() == [[1], [0, 2]]


def test_zk_w4_no_winner_by_default_and_nobody_ranks_higher() -> None:
    seats = [
        {"knight": "K_BOH", "green_tiles": [4]},
        {"knight": "K_GOT", "green_tiles": [3, 2]},
        {"knight": "K_RAI", "green_tiles": [2]},
    ]
    s = finished("deck", [], seats, **PLUNDERS)
    assert s.winners() == [] and s.standing() == [[0, 1, 2]]


def test_played_games_stand_by_the_zk_w4_keys() -> None:
    """Seeded games to the end: the first place of the standing is the winners, and the
    order follows (green tiles, army, treasure)."""
    import random

    for seed in range(3):
        options = {"exhaustion_winner": "most_muslim_cities", "turn_limit": 40}
        s = GAME.new_game(3, seed, options)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.actors()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        keys = [(len(s.green_tiles[p]), s.army[p], s.treasure[p]) for p in range(3)]
        order = [p for place in s.standing() for p in place]
        assert [keys[p] for p in order] == sorted(keys, reverse=True)
        if s.winners():
            assert s.standing()[0] == s.winners()


def test_state_documents_validate_against_the_published_schema() -> None:
    """Game.state_schema: every document of release 0.1 (upgraded as the engine loads it)
    and documents of fresh games, at every 25th step, validate."""
    from pathlib import Path

    schema = GAME.state_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    root = Path(__file__).resolve().parents[3] / "tests" / "compat" / "release_0_1"
    fixtures = sorted(root.glob("im-zeichen-des-kreuzes-*.json"))
    assert fixtures
    for path in fixtures:
        doc = json.loads(path.read_text(encoding="utf-8"))
        for saved in (doc["middle"]["state"], doc["end"]["state"]):
            assert not list(validator.iter_errors(GAME.state_from_json(saved).to_json()))
    import random

    game = spieltisch.game("im-zeichen-des-kreuzes")
    for players, options in ((2, {}), (4, {"tower_model": "A"}), (5, {"turn_limit": 30})):
        s = game.new_game(players, 7, options)
        rng = random.Random(7)
        step = 0
        while True:
            if step % 25 == 0 or s.is_over():
                errors = list(validator.iter_errors(json.loads(json.dumps(s.to_json()))))
                assert not errors, errors[0].message
            if s.is_over():
                break
            seat = s.actors()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            step += 1
