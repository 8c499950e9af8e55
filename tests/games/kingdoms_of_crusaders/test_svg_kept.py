"""The parts of The Kingdoms of Crusaders' picture that a table keeps from move to move
(``picture.kept``): over whole random games, in both languages, for every seat and the
spectator, a picture drawn with the parts kept from the pictures before it is exactly the
picture drawn afresh. A key that missed something a part shows would make them differ."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.engine.picture import Drawn, keeping
from spieltisch.games.kingdoms_of_crusaders.svg import render_svg

from .helpers import GAME

CONFIGS: list[tuple[int, int, dict[str, Any]]] = [
    (2, 4, {}),
    (2, 12, {"claims": "manual"}),
    (3, 6, {"claims": "off", "stop_when_decided": True}),
    (4, 7, {"claims": "manual"}),
]


@pytest.mark.parametrize(("players", "seed", "options"), CONFIGS)
def test_kept_parts_draw_the_same_picture_as_fresh_ones(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    parts = Drawn()  # as a live table keeps them
    state = GAME.new_game(players, seed, options)
    rng = random.Random(seed)
    viewers: list[int | None] = [*range(players), None]
    drawn = 0
    while True:
        for seat in viewers:
            view = state.view(seat)
            legal = [] if seat is None else [a.to_json() for a in state.legal_actions(seat)]
            for lang in ("en", "de"):
                with keeping(parts):
                    kept = render_svg(view, lang, legal)
                fresh = render_svg(view, lang, legal)
                assert kept == fresh, (seat, lang, state.view(None))
                drawn += 1
        if state.is_over():
            break
        actor = state.actors()[0]
        state.apply(actor, rng.choice(state.legal_actions(actor)))
        parts.turn()
    assert drawn > 100 and len(parts) > 0


def test_a_table_keeps_the_parts_used_in_its_last_two_moves() -> None:
    calls = []

    def part(name: str) -> Any:
        return lambda: (calls.append(name), ([f"<g>{name}", "</g>"], 10.0))[1]

    parts = Drawn()
    assert parts.get("a", part("a")) == ("<g>a\n</g>", 10.0)
    assert parts.get("a", part("a")) == ("<g>a\n</g>", 10.0)
    parts.get("b", part("b"))
    parts.turn()
    parts.get("a", part("a"))  # used since the move: kept
    parts.turn()
    parts.get("a", part("a"))
    parts.get("b", part("b"))  # unused for one move: kept
    parts.turn()
    parts.turn()
    parts.turn()
    parts.get("a", part("a"))  # unused for three moves: drawn again
    assert calls == ["a", "b", "a"]
    with keeping(parts):
        from spieltisch.engine.picture import kept

        assert kept("a", part("x")) == ("<g>a\n</g>", 10.0)
    assert kept("a", part("x")) == ("<g>x\n</g>", 10.0)  # outside: drawn afresh
