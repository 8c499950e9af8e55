"""Wilson intervals against known values, and aggregation of game outcomes."""

from __future__ import annotations

import math

import pytest

from spieltisch.analysis.results import GameOutcome
from spieltisch.analysis.stats import Rate, summarize, wilson_interval


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        (80, 100, 0.7112, 0.8666),
        (50, 100, 0.4038, 0.5962),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 2, 0.0945, 0.9055),
        (520, 1000, 0.4890, 0.5508),
    ],
)
def test_wilson_known_values(wins: int, n: int, low: float, high: float) -> None:
    got = wilson_interval(wins, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_edge_cases() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    for bad in ((-1, 5), (6, 5), (1, -1)):
        with pytest.raises(ValueError):
            wilson_interval(*bad)
    low, high = wilson_interval(30, 60, z=1.0)
    assert low < 0.5 < high and high - low < 0.14


def _outcome(
    index: int,
    seats: tuple[str, ...],
    winners: tuple[int, ...],
    length: int,
    scores: tuple[float, ...],
) -> GameOutcome:
    n = len(seats)
    w = len(winners)
    returns = tuple(
        0.0 if w in (0, n) else (1 / w if s in winners else -1 / (n - w)) for s in range(n)
    )
    return GameOutcome(index, 100 + index, seats, winners, length, scores, returns)


def test_summarize_per_seat_per_bot_and_shared_wins() -> None:
    outcomes = [
        _outcome(0, ("a", "b"), (0,), 10, (3.0, 2.0)),
        _outcome(1, ("b", "a"), (0,), 20, (4.0, 1.0)),
        _outcome(2, ("a", "b"), (0, 1), 30, (2.0, 2.0)),
        _outcome(3, ("b", "a"), (), 40, (0.0, 0.0)),
    ]
    s = summarize(outcomes, 2)
    assert s.games == 4
    assert [r.wins for r in s.per_seat] == [3, 1]
    assert [r.n for r in s.per_seat] == [4, 4]
    assert [r.points for r in s.per_seat] == [2.5, 0.5]
    assert s.per_seat[0].avg_score == pytest.approx(9 / 4)
    assert s.per_seat[0].avg_return == pytest.approx((1 + 1 + 0 + 0) / 4)
    a, b = s.per_bot["a"], s.per_bot["b"]
    assert (a.wins, a.n, a.points) == (2, 4, 1.5)  # games 0 and 2 (shared)
    assert (b.wins, b.n, b.points) == (2, 4, 1.5)  # games 1 and 2 (shared)
    assert a.avg_score == pytest.approx((3 + 1 + 2 + 0) / 4)
    assert s.avg_length == 25
    assert s.shared_wins == 1 and s.shared_win_share == 0.25
    assert s.no_winner == 1
    assert math.isclose(sum(r.point_rate for r in s.per_seat), 3 / 4)


def test_a_bot_in_several_seats_counts_every_seat() -> None:
    outcomes = [_outcome(i, ("r", "r", "h"), (i % 3,), 5, (1.0, 1.0, 1.0)) for i in range(6)]
    s = summarize(outcomes, 3)
    assert s.per_bot["r"].n == 12 and s.per_bot["r"].wins == 4
    assert s.per_bot["h"].n == 6 and s.per_bot["h"].wins == 2


def test_rate_json() -> None:
    rate = Rate(wins=80, n=100, points=78.5, avg_score=2.0, avg_return=0.1)
    data = rate.to_json()
    assert data["win_rate"] == 0.8 and data["point_rate"] == 0.785
    assert data["ci95"] == pytest.approx([0.7112, 0.8666], abs=5e-5)
    empty = Rate(0, 0, 0.0, 0.0, 0.0)
    assert empty.win_rate == 0.0 and empty.ci95 == (0.0, 1.0)
    assert summarize([], 2).avg_length == 0.0
