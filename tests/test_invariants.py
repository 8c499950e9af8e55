"""The generic invariant suite (DESIGN.md §3) over every registered game.

A game takes part by registering itself; its ``conformance_cases()`` say which player counts
and options are played and how many seeded games. Games are split into chunks so that a
failure names a small seed range."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.engine.conformance import play_checked
from spieltisch.engine.game import ConformanceCase, Game, State

CHUNK = 50


def _params() -> list[object]:
    out = []
    for game in spieltisch.games():
        for case in game.conformance_cases():
            for start in range(0, case.games, CHUNK):
                stop = min(case.games, start + CHUNK)
                label = f"{game.id}-{case.label or case.players}-{start}-{stop}"
                out.append(pytest.param(game, case, start, stop, id=label))
    return out


@pytest.mark.parametrize(("game", "case", "start", "stop"), _params())
def test_invariants(game: Game, case: ConformanceCase, start: int, stop: int) -> None:
    for seed in range(start, stop):
        play_checked(game, case, seed, deep=seed % case.deep_every == 0)


def test_every_game_is_covered() -> None:
    ids = {g.id for g in spieltisch.games()}
    assert "kingdoms-of-crusaders" in ids
    for game in spieltisch.games():
        counts = {c.players for c in game.conformance_cases()}
        assert counts == set(range(game.min_players, game.max_players + 1)), game.id


@pytest.mark.parametrize("game", spieltisch.games(), ids=lambda g: g.id)
def test_every_game_is_built_on_the_kernel_v2_contract(game: Game) -> None:
    """State declared once, one phase per kind of decision, the kernel's turn structure
    (no game dispatches on its own), named chance events, a position format and a schema."""
    state = game.new_game()
    cls = type(state)
    assert cls.FIELDS and game.state_class is cls
    assert cls.phases and state.decision() is not None
    assert state.decision().kind in cls.phases
    # a game may inline actors() or _apply() as a measured fast path (the suite checks the
    # actors against the decision at every step); generation and refusal stay the kernel's
    for name in ("legal_actions", "apply", "explain"):
        assert getattr(cls, name) is getattr(State, name), f"{game.id} overrides {name}"
    assert game.chance_events
    assert game.from_position(state.to_position()).to_position() == state.to_position()
    assert game.state_schema()["properties"]["data"].get("properties"), "no data schema"
