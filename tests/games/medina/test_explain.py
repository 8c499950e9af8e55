"""``state.explain`` agrees with the legal list on every action of the board (issue 16): an
action is legal exactly when it is listed, with the one exception MD-R21 makes (a roof may
name any building of its palace, not only the canonical cell the list uses). Every refusal
names a rule, and explaining changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.games.medina.actions import DISCARD_TEA, MedinaAction

from .positions import GAME

CASES: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {"start_merchant_anywhere": True}),
    (2, {"edition": 2}),
    (4, {"edition": 2, "last_player_must_roof": True}),
]


def every_action(state: Any) -> list[MedinaAction]:
    acts = state.acts
    out = [a for table in acts.cell_action.values() for a in table]
    out += [a for table in acts.build for a in table]
    out += [MedinaAction("build", 3, 3, "pink"), MedinaAction("wall", -1, 0), DISCARD_TEA]
    return out


def roof_alias(state: Any, action: MedinaAction) -> bool:
    """MD-R21: a roof named by another building of a palace the list offers a roof on."""
    if action.kind not in ("roof", "neutral_roof"):
        return False
    c = state.board.cell(action.x, action.y)
    p = state.cell_pal[c]
    return bool(p) and state.cellv[c] == 1 and state.canonical_cell(p) != c


@pytest.mark.parametrize(("players", "options"), CASES)
def test_explain_agrees_with_the_legal_list(players: int, options: dict[str, Any]) -> None:
    state = GAME.new_game(players, 11, options)
    rng = random.Random(11)
    step = 0
    while not state.is_over():
        if step % 9 == 0:
            before = state.to_json()
            seat = state.actors()[0]
            legal = set(state.legal_actions(seat))
            for action in every_action(state):
                reason = state.explain(seat, action)
                if action in legal:
                    assert reason is None, (step, action, reason)
                elif reason is None:
                    assert roof_alias(state, action), (step, action)
                else:
                    assert reason.rule and reason.rule in str(reason), (step, action, reason)
            other = (seat + 1) % players
            assert all(state.explain(other, a) is not None for a in list(legal)[:20])
            assert state.to_json() == before
        state.apply(state.active, rng.choice(state.legal_actions(state.active)))
        step += 1
