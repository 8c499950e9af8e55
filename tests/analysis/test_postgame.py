"""Post-game analysis (issue 17, item 5): each seat's estimates come from its own information
only, the turning points are the largest drops, and a fixed seed and budget repeat the
analysis on one process or several."""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch.analysis.postgame import (
    AnalysisError,
    Decision,
    GameAnalysis,
    analyse,
    chunks,
    turning_points,
)
from spieltisch.analysis.postgame_search import Choice
from spieltisch.engine.errors import RecordError
from spieltisch.engine.record import GameRecord
from spieltisch.engine.state import State

BUDGET = 6  # iterations per search: the numbers need not be good, only repeatable


def _random_moves(start: State, seed: int, limit: int | None = None) -> list[tuple[int, Any]]:
    """A game played by uniformly random choices from ``start`` (up to ``limit`` moves)."""
    state = start.clone()
    rng = random.Random(seed)
    moves: list[tuple[int, Any]] = []
    while not state.is_over() and (limit is None or len(moves) < limit):
        seat = state.actors()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append((seat, action.to_json()))
    return moves


def _record(start: State, moves: list[tuple[int, Any]]) -> GameRecord:
    return GameRecord(
        start.game.id, start.game.version, dict(start.options), start.players, start.seed, moves
    )


def _final(start: State, moves: list[tuple[int, Any]]) -> State:
    state = start.clone()
    for seat, action in moves:
        state.apply(seat, state.game.action_from_json(action))
    return state


def _swapped(
    start: State, where: tuple[str, ...], card: str, there: tuple[str, ...], other: str
) -> State:
    """``start`` with ``card`` (at the path ``where`` of the state document's data) and
    ``other`` (at ``there``) exchanged; nothing else changes."""
    doc = start.to_json()

    def place(path: tuple[str, ...]) -> list[str]:
        found: Any = doc["data"]
        for key in path:
            found = found[int(key)] if isinstance(found, list) else found[key]
        return found  # type: ignore[no-any-return]

    first, second = place(where), place(there)
    i, j = first.index(card), second.index(other)
    first[i], second[j] = other, card
    if where != there:
        first.sort()  # a hand is kept sorted
    return start.game.state_from_json(doc)


def _hidden_pair(
    game_id: str, hand: str, pile: str, in_hand: bool, limit: int | None
) -> tuple[GameRecord, State, State]:
    """Two starts that differ only in what seat 0 never sees during the record, and a record
    of random moves that replays on both: with ``in_hand``, a card that stays in seat 1's
    hand throughout and a card of the draw pile that nobody draws swap places; otherwise two
    cards of the pile that nobody draws (the pile's order after the last draw)."""
    g = spieltisch.game(game_id)
    for seed in range(1, 40):
        start = g.new_game(2, seed, {})
        moves = _random_moves(start, seed, limit)
        begin, end = start.to_json()["data"], _final(start, moves).to_json()["data"]
        kept = sorted(set(begin[hand][1]) & set(end[hand][1]))
        undrawn = [c for c in begin[pile] if c in set(end[pile])]
        if in_hand and kept and undrawn:
            other = _swapped(start, (hand, "1"), kept[0], (pile,), undrawn[0])
            return _record(start, moves), start, other
        if not in_hand and len(undrawn) >= 2:
            other = _swapped(start, (pile,), undrawn[0], (pile,), undrawn[-1])
            return _record(start, moves), start, other
    raise AssertionError("no seed gives a card that stays hidden")


PAIRS = [
    # The Kingdoms of Crusaders, a whole game: a card seat 1 never plays swapped with one
    # nobody draws
    ("kingdoms-of-crusaders", "hands", "deck", True, None),
    # Im Zeichen des Kreuzes, its first 40 moves (before the pile runs out): the order of the
    # pile below the last card drawn
    ("im-zeichen-des-kreuzes", "hands", "draw_pile", False, 40),
]


@pytest.mark.parametrize(
    ("game_id", "hand", "pile", "in_hand", "limit"), PAIRS, ids=[p[0] for p in PAIRS]
)
def test_a_fact_a_seat_never_saw_does_not_change_its_estimates(
    game_id: str, hand: str, pile: str, in_hand: bool, limit: int | None
) -> None:
    record, start, other = _hidden_pair(game_id, hand, pile, in_hand, limit)
    # the pair differs, only where seat 0 cannot see
    assert start.to_json()["data"] != other.to_json()["data"]
    assert start.view(0) == other.view(0)
    first = analyse(record, iterations=BUDGET, seed=4, start=start)
    second = analyse(record, iterations=BUDGET, seed=4, start=other)
    assert [e[0] for e in first.estimates] == [e[0] for e in second.estimates]
    mine = [d.to_json() for d in first.decisions if d.seat == 0]
    assert mine == [d.to_json() for d in second.decisions if d.seat == 0]
    assert [d.to_json() for d in first.turning_points[0]] == [
        d.to_json() for d in second.turning_points[0]
    ]


def _kc_record(seed: int = 2) -> GameRecord:
    start = spieltisch.game("kingdoms-of-crusaders").new_game(2, seed, {})
    return _record(start, _random_moves(start, seed))


def test_the_analysis_of_a_finished_game() -> None:
    record = _kc_record()
    analysis = analyse(record, iterations=BUDGET, seed=1)
    moves = len(record.moves)
    assert analysis.over and analysis.moves == moves
    assert len(analysis.estimates) == moves + 1
    assert all(0.0 <= v <= 1.0 for est in analysis.estimates for v in est)
    final = _final(spieltisch.game(record.game).new_game(2, record.seed, {}), record.moves)
    shares = [1.0 if s in final.winners() else 0.0 for s in range(2)]
    assert list(analysis.estimates[-1]) == [v / max(1, sum(shares)) for v in shares]
    assert analysis.rounds and analysis.rounds[0] == (1, 0)
    for d in analysis.decisions:
        assert d.seat == record.moves[d.move - 1][0]
        assert d.played.action == record.moves[d.move - 1][1]
        assert d.before == analysis.estimates[d.move - 1][d.seat]
        assert d.after == analysis.estimates[d.move][d.seat]
        assert d.options > 1
        assert d.same == (d.played.action == d.preferred.action)
        assert d.played.labels["en"] and d.played.labels["de"]
    assert analysis.cost.searches >= 2 * moves
    assert analysis.cost.iterations >= 2 * moves * BUDGET


def test_a_fixed_seed_and_budget_give_the_same_analysis_on_one_process_or_two() -> None:
    record = _kc_record(5)
    one = analyse(record, iterations=BUDGET, seed=9).to_json()
    again = analyse(record, iterations=BUDGET, seed=9).to_json()
    two = analyse(record, iterations=BUDGET, seed=9, workers=2).to_json()
    for doc in (one, again, two):
        doc.pop("cost")
    assert one == again == two
    other = analyse(record, iterations=BUDGET, seed=10).to_json()
    other.pop("cost")
    assert other != one


def _decision(move: int, seat: int, before: float, after: float) -> Decision:
    choice = Choice({"type": "x", "n": move}, {"en": f"x{move}", "de": f"x{move}"}, 0.5, 3)
    return Decision(move, seat, 2, choice, choice, False, before, after)


def test_turning_points_are_each_seats_three_largest_drops() -> None:
    falls = [
        _decision(1, 0, 0.5, 0.4),  # 0.1
        _decision(2, 1, 0.5, 0.1),  # seat 1
        _decision(3, 0, 0.6, 0.3),  # 0.3
        _decision(5, 0, 0.3, 0.4),  # a rise
        _decision(7, 0, 0.45, 0.4),  # 0.05
        _decision(9, 0, 0.5, 0.3),  # 0.2
        _decision(11, 0, 0.7, 0.4),  # 0.3, later than move 3
    ]
    points = turning_points(falls, 3)
    assert [d.move for d in points[0]] == [3, 11, 9]
    assert [d.move for d in points[1]] == [2]
    assert points[2] == []


def test_turning_points_of_a_game_are_its_largest_drops() -> None:
    analysis = analyse(_kc_record(3), iterations=BUDGET, seed=2)
    for seat, points in enumerate(analysis.turning_points):
        drops = sorted((d.drop for d in analysis.decisions if d.seat == seat), reverse=True)
        assert [d.drop for d in points] == [x for x in drops[:3] if x > 0]


def test_the_analysis_keeps_as_data() -> None:
    analysis = analyse(_kc_record(4), iterations=BUDGET, seed=2)
    again = GameAnalysis.from_data(analysis.to_data())
    assert again == analysis


def test_progress_counts_every_position() -> None:
    record = _kc_record(6)
    seen: list[tuple[int, int]] = []
    analyse(record, iterations=2, seed=0, progress=lambda done, total: seen.append((done, total)))
    total = len(record.moves) + 1
    assert seen[-1] == (total, total)
    assert [d for d, _ in seen] == list(range(1, total + 1))


def test_chunks_cover_every_position_once() -> None:
    for total, count in ((1, 1), (40, 1), (40, 40), (41, 16), (7, 20)):
        parts = chunks(total, count)
        assert [k for part in parts for k in part] == list(range(total))
        assert len(parts) <= max(count, 1)


def test_bad_input_is_refused_with_the_reason() -> None:
    record = _kc_record()
    with pytest.raises(AnalysisError, match="at least 1 iteration"):
        analyse(record, iterations=0)
    with pytest.raises(AnalysisError, match="workers"):
        analyse(record, iterations=1, workers=0)
    broken = GameRecord(record.game, 1, {}, 2, record.seed, [(0, {"type": "nonsense"})])
    with pytest.raises(RecordError, match="move 0"):
        analyse(broken, iterations=1)
    unknown = GameRecord("no-such-game", 1, {}, 2, 1, [])
    with pytest.raises(RecordError, match="no-such-game"):
        analyse(unknown, iterations=1)
