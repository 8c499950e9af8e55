"""tools/search/study_kingdoms_flat.py: the study of The Kingdoms of Crusaders' flat search
scores a selection rule on worlds it did not see, finds a better play only among the plays
it compares, and its collector records every distinct play (KC-E24) in every world."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

from spieltisch.engine.registry import game
from spieltisch.games.kingdoms_of_crusaders.heuristic import HeuristicBot

PATH = Path(__file__).parents[2] / "tools" / "search" / "study_kingdoms_flat.py"
SPEC = importlib.util.spec_from_file_location("study_kingdoms_flat", PATH)
assert SPEC is not None and SPEC.loader is not None
study = importlib.util.module_from_spec(SPEC)
sys.modules["study_kingdoms_flat"] = study
SPEC.loader.exec_module(study)


def _decision(better: int, plays: int = 8, worlds: int = 32, edge: float = 0.3) -> dict:
    """Plays worth 0.5 in every world but noise, play ``better`` worth ``edge`` more."""
    rng = random.Random(better)
    values = [
        [0.5 + (edge if c == better else 0.0) + rng.uniform(-0.05, 0.05) for _ in range(worlds)]
        for c in range(plays)
    ]
    return {"values": values}


def test_a_rule_gains_what_the_better_play_is_worth_when_it_compares_it() -> None:
    decisions = [_decision(better=4)]
    points, cost = study.gain(decisions, study.top(6, 16), seen=16, splits=5)
    assert abs(points - 30.0) < 3.0  # the edge, in points, measured on unseen worlds
    assert cost == 6 * 16
    points, cost = study.gain(decisions, study.top(3, 16), seen=16, splits=5)
    assert abs(points) < 3.0  # the better play is not among the heuristic's best 3
    assert cost == 3 * 16


def test_screening_finds_a_play_outside_the_heuristics_best_and_counts_its_rollouts() -> None:
    decisions = [_decision(better=7)]
    rule = study.screened(screen=2, finalists=4, kept=2, worlds=16)
    points, cost = study.gain(decisions, rule, seen=16, splits=5)
    assert abs(points - 30.0) < 3.0
    assert cost == 8 * 2 + 4 * (16 - 2)  # every play in the screen, the finalists to 16


def test_the_score_uses_only_worlds_the_rule_did_not_see() -> None:
    # a play that looks best in exactly the worlds a rule sees and is worse in the rest
    # would score as a gain if the score reused them: it must score as a loss
    values = [[0.5] * 32, [0.5] * 32]
    decision = {"values": values}

    def peeking(d: dict, seen: list[int]) -> tuple[int, int]:
        for w in seen:
            d["values"][1][w] = 1.0
        for w in set(range(32)) - set(seen):
            d["values"][1][w] = 0.0
        return 1, 0

    points, _ = study.gain([decision], peeking, seen=16, splits=1)
    assert points == -50.0


def test_the_rank_of_the_best_play_is_counted_in_the_heuristics_order() -> None:
    ranks = study.rank_of_best([_decision(0), _decision(4), _decision(7), _decision(12, 14)])
    assert ranks == {"1": 1, "5": 1, "7-10": 1, "11+": 1}


def test_the_collector_values_every_distinct_play_in_every_world() -> None:
    g = game("kingdoms-of-crusaders")
    state = g.new_game(2, seed=3)
    seat = state.actors()[0]
    decision = study.wide_values(state, seat, worlds=2, seed=5)
    plays = decision["plays"]
    assert len(plays) == len(set(plays)) > 6
    # one per group of equivalent plays (KC-E24): same symbols, same territory
    masks, index = state.pool.masks, state.pool.index
    groups = {(masks[index[a.card]], a.territory) for a in state.legal_actions(seat)}
    assert len(plays) == len(groups)
    assert all(len(v) == 2 for v in decision["values"])
    # the heuristic's own play comes first
    chosen = HeuristicBot().choose(state, seat, random.Random(0))
    assert plays[0] == repr(chosen)


def test_the_ceiling_fit_recovers_a_gain_that_approaches_its_limit_as_one_over_k() -> None:
    points = {k: 2.5 - 10.0 / k for k in (8, 12, 16, 20, 24)}
    ceiling, slope = study.fit_ceiling(points)
    assert abs(ceiling - 2.5) < 1e-9 and abs(slope - 10.0) < 1e-9
    # a gain that does not grow with the worlds has itself as its ceiling
    assert study.fit_ceiling({8: 1.0, 16: 1.0}) == (1.0, 0.0)


def test_a_fixed_held_out_set_scores_only_those_worlds() -> None:
    # play 1 is better by 50 points in 8 of 32 worlds: over random splits its score is
    # 50 * 8 / 32; with 30 seen, 8 held-out worlds no longer fit, and the study says so
    values = [[0.5] * 32, [0.5] * 24 + [1.0] * 8]
    always_one = lambda d, seen: (1, 0)  # noqa: E731
    points, _ = study.gain([{"values": values}], always_one, seen=8, splits=50, held_out=8)
    assert abs(points - 12.5) < 6.0
    try:
        study.gain([{"values": values}], always_one, seen=30, splits=1, held_out=8)
    except ValueError as exc:
        assert "need more than 32" in str(exc)
    else:
        raise AssertionError("30 seen and 8 held out do not fit into 32 worlds")
