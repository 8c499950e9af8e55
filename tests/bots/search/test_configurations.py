"""The search bot's decisions are legal in every configuration of the invariant suite
(issue 17 item 8): one game per configuration, the search in one seat (rotating with the
configuration) and the heuristic in the others, to the end."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch import bots
from spieltisch.engine.conformance import ConformanceCase
from tests.bot_checks import play_only_legal

CASES = [
    pytest.param(g, i, case, id=f"{g.id}-{case.label or case.players}")
    for g in spieltisch.games()
    for i, case in enumerate(g.conformance_cases())
]


@pytest.mark.parametrize(("g", "index", "case"), CASES)
def test_the_search_bot_plays_only_legal_moves(g, index, case: ConformanceCase):
    state = g.new_game(case.players, 100 + index, dict(case.options))
    searcher = index % case.players
    seated = [
        bots.make("hard@6it", g) if seat == searcher else bots.make("normal", g)
        for seat in range(case.players)
    ]
    play_only_legal(state, seated, random.Random(index))
    assert state.is_over()
