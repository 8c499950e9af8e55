"""Seeded tournaments: reproducible, seeds S+i, rotation, own RNGs, records that replay."""

from __future__ import annotations

import pytest

from spieltisch.analysis.tournament import bot_rng, line_up, run_tournament
from spieltisch.engine.errors import SpieltischError
from spieltisch.engine.record import replay

KC = "kingdoms-of-crusaders"


def test_line_up_rotation() -> None:
    seats = ("a", "b", "c")
    assert [line_up(seats, i, True) for i in range(4)] == [
        ("a", "b", "c"),
        ("b", "c", "a"),
        ("c", "a", "b"),
        ("a", "b", "c"),
    ]
    assert line_up(seats, 5, False) == seats


def test_bot_rngs_are_distinct_and_reproducible() -> None:
    draws = {(i, s): bot_rng(7, i, s).random() for i in range(3) for s in range(3)}
    assert len(set(draws.values())) == 9
    assert bot_rng(7, 1, 2).random() == draws[(1, 2)]


def test_reproducible_and_seeded_per_game() -> None:
    progress: list[tuple[int, int]] = []
    one = run_tournament(
        KC, ["random", "random"], 6, seed=40, progress=lambda d, t: progress.append((d, t))
    )
    two = run_tournament(KC, ["random", "random"], 6, seed=40)
    assert one.to_json() == two.to_json()
    assert [o.seed for o in one.outcomes] == list(range(40, 46))
    assert progress == [(i, 6) for i in range(1, 7)]
    other = run_tournament(KC, ["random", "random"], 6, seed=41)
    assert [o.seed for o in other.outcomes][:-1] == [o.seed for o in one.outcomes][1:]


def test_with_heuristic_and_records() -> None:
    result = run_tournament(
        KC,
        ["heuristic", "random", "random"],
        3,
        seed=2,
        options={"claims": "manual"},
        keep_records=True,
    )
    assert result.players == 3 and result.games == 3
    assert [o.seats for o in result.outcomes] == [
        ("heuristic", "random", "random"),
        ("random", "random", "heuristic"),
        ("random", "heuristic", "random"),
    ]
    for outcome in result.outcomes:
        assert outcome.record is not None
        state = replay(outcome.record)
        assert tuple(state.winners()) == outcome.winners
        assert state.move_count == outcome.length
        assert tuple(state.scores()) == outcome.scores
    summary = result.summary()
    assert summary.per_bot["heuristic"].n == 3 and summary.per_bot["random"].n == 6


@pytest.mark.parametrize(
    ("seats", "options", "games"),
    [
        (["random", "nobody"], {}, 1),
        (["random"], {}, 1),
        (["random", "random"], {"claims": "never"}, 1),
        (["random", "random"], {}, -1),
        ([], {}, 1),
    ],
)
def test_bad_configurations_fail_before_playing(
    seats: list[str], options: dict[str, str], games: int
) -> None:
    with pytest.raises(SpieltischError):
        run_tournament(KC, seats, games, options=options)


def test_endings_are_counted_for_games_that_end_in_several_ways() -> None:
    """State.ending() reaches each outcome and the summary (Im Zeichen des Kreuzes: the deck
    running out twice, ZK-W2, or Jerusalem falling, ZK-W1)."""
    result = run_tournament("im-zeichen-des-kreuzes", ["random", "random"], games=3, seed=5)
    endings = [o.ending for o in result.outcomes]
    assert all(e in ("jerusalem", "deck", "turn_limit") for e in endings)
    summary = result.summary()
    assert sum(n for n, _ in summary.endings.values()) == 3
    assert result.to_json()["endings"]


def test_kingdoms_reports_whether_all_five_territories_were_decided() -> None:
    """KC-R33 and KC-R34: the game ends at the fifth territory, or earlier under
    ``stop_when_decided`` once the winners are fixed."""
    result = run_tournament("kingdoms-of-crusaders", ["random", "random"], games=2, seed=1)
    assert {o.ending for o in result.outcomes} <= {"all-decided", "winners-fixed"}


def test_games_with_one_way_to_end_report_no_ending() -> None:
    result = run_tournament("medina", ["random", "random", "random"], games=1, seed=1)
    assert result.outcomes[0].ending is None
    assert result.summary().endings == {}
