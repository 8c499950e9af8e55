"""Shared checks of button captions (``Game.action_label``) for the per-game label tests:
seeded bot games to walk through, the properties every step's captions must have, and the
view-only rule (a resampled state gives the seat the same captions)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from spieltisch import bots
from spieltisch.engine.action import Action
from spieltisch.engine.game import Game, State


def bot_steps(
    game: Game, players: int, options: Mapping[str, Any], seed: int
) -> Iterator[tuple[State, int, list[Action]]]:
    """Every decision of a seeded game (odd seeds: random bots only, which also end claim
    phases and the like; even seeds: the heuristic beside random bots): the state before the
    move, the seat to act and its legal actions."""
    state = game.new_game(players, seed, dict(options))
    names = ["random" if seed % 2 or s % 2 else "heuristic" for s in range(players)]
    seated = [bots.make(name, game) for name in names]
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        yield state, seat, legal
        state.apply(seat, bots.act(seated[seat], state, seat, rng))


def check_step_captions(game: Game, state: State, seat: int, legal: list[Action]) -> set[str]:
    """Each caption of the step is non-empty and not the action's repr, the captions differ
    from each other in each language, German differs from English, and an unknown language
    ("fr") reads English. Returns the action kinds seen."""
    view = state.view(seat)
    en = [game.action_label(a, view, "en") for a in legal]
    de = [game.action_label(a, view, "de") for a in legal]
    for labels in (en, de):
        assert all(label.strip() for label in labels)
        assert len(set(labels)) == len(labels), labels
    kinds = set()
    for action, e, d in zip(legal, en, de, strict=True):
        assert e != d
        assert e != str(action) and d != str(action)
        kinds.add(action.to_json()["type"])
    assert [game.action_label(a, view, "fr") for a in legal] == en
    return kinds


def check_captions_use_only_the_view(
    game: Game, state: State, seat: int, legal: list[Action], rng: random.Random
) -> None:
    """A state re-dealt for the seat (``State.resample``) offers the same actions with the
    same captions, in both languages: captions read nothing hidden from the seat."""
    other = state.resample(seat, rng)
    assert other.legal_actions(seat) == legal
    for lang in ("en", "de"):
        assert [game.action_label(a, other.view(seat), lang) for a in legal] == [
            game.action_label(a, state.view(seat), lang) for a in legal
        ]
