"""The result screen's sheet and the standing over the game (issue 15): statues on the
landscape and on the chronicle, followers and rank per seat, the statues placed as the
total (``scores()``), the tie-breaks spelled out (TR-V4, TR-V5), the ending in words (TR-V1
to TR-V3); the worked example TR-X4 and seeded finished games."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from spieltisch.engine.game import State
from spieltisch.engine.result import ranks
from spieltisch.games.tumult_royal.state import TumultState

from ...caption_checks import bot_steps
from .helpers import (
    END_TURN,
    GAME,
    A,
    B,
    C,
    D,
    assign,
    build,
    set_board,
    set_designs,
    set_placed,
    to_build,
)

X2_DESIGNS = ["L06", "L01", "L02", "L03", "L04", "L05", "L07", "L08", "L09", "L10"]
CONFIGS: list[tuple[int, dict[str, Any], int]] = [
    (2, {}, 41),
    (3, {"variant": "zocker"}, 42),
    (4, {}, 43),
    (4, {"keep_goods": True}, 44),
]


def sheet(s: State, lang: str = "en") -> Any:
    out = GAME.result_sheet(s, lang)
    assert len(out.rows) == s.players
    assert [row[-1] for row in out.rows] == s.scores()  # the total is the score
    for row in out.rows:
        assert row[0] + row[1] == row[-1]  # landscape + chronicle
    return out


def test_tr_x4_end_check_and_the_rank_tie_break() -> None:
    """TR-X4: B and A both placed 19 with 8 followers; B wins by rank (1 against 3)."""
    s = to_build(4, seed=94)
    s.round = 7
    s.rank = [C, A, B, D]
    set_placed(s, [19, 17, 15, 13])
    s.followers = [6, 11, 9, 5]
    for seat in (C, A, B, D):
        s.apply(seat, END_TURN)
    assert s.end_reason == "threshold" and s.winners() == [B]
    en = sheet(s)
    assert en.columns == [
        "On the landscape",
        "On the chronicle",
        "Followers",
        "Rank",
        "Statues placed",
    ]
    assert en.rows[B] == [17, 2, 8, 1, 19]
    assert en.rows[A] == [19, 0, 8, 3, 19]
    assert en.ending == (
        "The chronicle's end check in round 7: the most and the fewest statues placed "
        "differed by 6, more than 5."
    )
    assert "Player 2 and Player 1 both placed 19 statues and have 8 followers each" in (
        en.tie_breaks
    )
    assert "better rank (1 against 3)" in en.tie_breaks
    de = sheet(s, "de")
    assert de.columns[0] == "In der Landschaft" and de.rows == en.rows
    assert "Endprüfung der Chronik in Runde 7" in (de.ending or "")
    assert "besseren Rang vorn (1 gegen 3)" in de.tie_breaks


def test_tr_v4_followers_decide_a_tie_of_statues() -> None:
    s = to_build(3, seed=64)
    set_placed(s, [10, 12, 12])
    s.followers = [30, 4, 5]
    s.rank = [A, B, C]
    s.finish(-1, "round limit")
    s.round = 10
    en = sheet(s)
    assert "Player 3 and Player 2 both placed 12 statues; Player 3 is ahead with more " in (
        en.tie_breaks
    )
    assert en.ending == "Round 10, the last round, was played to its end."


def test_tr_v1_the_last_statue_on_the_landscape() -> None:
    s = to_build(2, seed=61)
    set_designs(s, X2_DESIGNS, [True, False])
    s.rank, s.turn, s.built = [A, B], 0, False
    set_board(s, {(2, 0): A, (5, 5): (A, 23), (0, 2): B})
    assign(s, {A: [("bread", 1), ("tools", 1)]})
    s.round = 4
    s.apply(A, build(3, 0, ("bread", 1), ("tools", 1)))
    en = sheet(s)
    assert en.ending == (
        "Player 1 built with their last statue on the landscape in round 4 and won at once."
    )
    assert "wins at once" in en.tie_breaks
    assert "in der Landschaft und gewann sofort" in (sheet(s, "de").ending or "")


def test_tr_v1_tr_e21_the_last_statue_on_the_chronicle() -> None:
    s = to_build(2, seed=65)
    s.round = 6  # two statues are due; the King has one left (TR-E21)
    set_placed(s, [24, 10])
    s.followers = [20, 5]
    while s.phase == "build":
        s.apply(s.actors()[0], END_TURN)
    assert s.end_reason == "25th statue" and s.winners() == [A]
    en = sheet(s)
    assert en.rows[A] == [24, 1, 17, 1, 25]  # 20 + 2 (could not build, TR-R21) - 5
    assert en.ending == (
        "Player 1, as King, placed their last statue on the chronicle in round 6 and won at once."
    )
    assert en.notes == ["Crowned King: Player 1 ×1."]


@cache
def finished(index: int) -> tuple[TumultState, list[TumultState]]:
    """A seeded bot game's end and a copy of every tenth step before it."""
    players, options, seed = CONFIGS[index]
    steps: list[TumultState] = []
    live: State | None = None
    for i, (state, _seat, _legal) in enumerate(bot_steps(GAME, players, options, seed)):
        live = state
        if i % 10 == 0:
            steps.append(state.clone())  # type: ignore[arg-type]
    assert live is not None and live.is_over()
    assert isinstance(live, TumultState)
    return live, steps


@pytest.mark.parametrize("index", range(len(CONFIGS)))
def test_seeded_games_sheet_agrees_with_scores_and_winners(index: int) -> None:
    final, _ = finished(index)
    en, de = sheet(final), sheet(final, "de")
    places = ranks(list(final.ranking_keys()))
    assert [s for s in range(final.players) if places[s] == 1] == final.winners()
    assert en.rows == de.rows
    for a, b in ((en.ending, de.ending), (en.tie_breaks, de.tie_breaks)):
        assert a and b and a != b
    assert len(en.notes) == len(de.notes)
    assert all(a != b for a, b in zip(en.notes, de.notes, strict=True))
    assert len(set(en.columns)) == 5
    assert all(a != b for a, b in zip(en.columns, de.columns, strict=True))


@pytest.mark.parametrize("index", range(len(CONFIGS)))
def test_progress_is_the_public_count_of_statues_placed(index: int) -> None:
    """The standing over the game: statues placed so far, never falling, the same in any
    re-dealt state (public); the rounds run 1 to 10 and never go back."""
    final, steps = finished(index)
    rng = random.Random(index)
    last_progress = [0.0] * final.players
    last_round = 1
    for s in [*steps, final]:
        now = GAME.progress(s)
        assert now == [float(s.placed(p)) for p in range(s.players)]
        assert all(a >= b for a, b in zip(now, last_progress, strict=True))
        for seat in range(s.players):
            assert GAME.progress(s.resample(seat, rng)) == now
        r = GAME.round_of(s)
        assert r is not None and last_round <= r <= 10
        last_progress, last_round = now, r
    assert GAME.progress(final) == final.scores()
    assert GAME.progress_label("en") == "Statues placed"
    assert GAME.progress_label("de") == "Aufgestellte Statuen"
