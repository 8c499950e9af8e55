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
