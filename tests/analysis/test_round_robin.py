"""Round robins: pairings, line-ups that rotate every seat (2 and 3 players), seeds, the
games themselves, the win rates with Wilson intervals, and the checks of bad input."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import pytest

from spieltisch.analysis.pool import play_round_robin
from spieltisch.analysis.ratings import ranked, rate_games
from spieltisch.analysis.round_robin import GameResult, RoundRobin, bot_rng, line_up, play_job
from spieltisch.analysis.round_robin_results import RoundRobinResult, curve, from_json, side
from spieltisch.analysis.stats import wilson_interval
from spieltisch.engine.errors import SpieltischError

KC = "kingdoms-of-crusaders"


def test_every_pair_of_bots_meets_once_in_the_order_listed() -> None:
    spec = RoundRobin(KC, ("a", "b", "c", "d"), games=2)
    assert spec.pairings() == [
        ("a", "b"),
        ("a", "c"),
        ("a", "d"),
        ("b", "c"),
        ("b", "d"),
        ("c", "d"),
    ]


def test_a_curve_pairs_every_bot_with_the_reference_only() -> None:
    spec = RoundRobin(KC, ("hard@10it", "hard@30it"), games=2, reference="normal")
    assert spec.pairings() == [("normal", "hard@10it"), ("normal", "hard@30it")]
    assert spec.names() == ["normal", "hard@10it", "hard@30it"]


def test_at_two_players_each_bot_sits_in_each_seat_in_turn() -> None:
    ups = [line_up("A", "B", 2, k) for k in range(4)]
    assert ups[0] == ("A", "B") and ups[1] == ("B", "A")
    for games in (2, 4):
        seats = Counter((up.index("A"), up.index("B")) for up in ups[:games])
        assert seats == {(0, 1): games // 2, (1, 0): games // 2}


def test_at_three_players_the_lone_bot_alternates_and_visits_every_seat() -> None:
    ups = [line_up("A", "B", 3, k) for k in range(6)]
    assert ups[0] == ("A", "B", "B")  # one A against two B
    assert ups[1] == ("B", "A", "A")  # one B against two A
    alone_a = sorted(up.index("A") for up in ups if up.count("A") == 1)
    alone_b = sorted(up.index("B") for up in ups if up.count("B") == 1)
    assert alone_a == [0, 1, 2] and alone_b == [0, 1, 2]
    assert RoundRobin(KC, ("A", "B"), 6, players=3).balanced() == 6
    assert RoundRobin(KC, ("A", "B"), 2).balanced() == 2


def test_alone_keeps_one_bot_alone_in_every_game_and_turns_it_through_the_seats() -> None:
    ups = [line_up("A", "B", 3, k, alone="B") for k in range(4)]
    assert ups == [("B", "A", "A"), ("A", "B", "A"), ("A", "A", "B"), ("B", "A", "A")]
    assert line_up("A", "B", 3, 1, alone="C") == line_up("A", "B", 3, 1)  # not in the pairing
    spec = RoundRobin(KC, ("normal", "random", "easy"), games=3, players=3, alone="normal")
    assert spec.balanced() == 3
    seats = [j.seats for j in spec.jobs()]
    assert all(up.count("normal") == 1 for up in seats[:6])  # its two pairings
    assert seats[6:] == [line_up("random", "easy", 3, k) for k in range(3)]  # alternating


def test_every_game_has_its_own_seed_from_the_tournament_seed_pairing_and_index() -> None:
    spec = RoundRobin(KC, ("normal", "random", "easy"), games=5, players=3, seed=100)
    jobs = spec.jobs()
    assert [j.seed for j in jobs] == list(range(100, 115))
    assert [(j.pairing, j.index) for j in jobs[4:7]] == [(0, 4), (1, 0), (1, 1)]
    assert all(j.seats == line_up(*spec.pairings()[j.pairing], 3, j.index) for j in jobs)
    assert bot_rng(100, 1, 2, 0).random() == bot_rng(100, 1, 2, 0).random()
    assert bot_rng(100, 1, 2, 0).random() != bot_rng(100, 2, 1, 0).random()


def test_a_game_is_the_same_whenever_it_is_played() -> None:
    job = RoundRobin(KC, ("normal", "hard@5it"), games=2, seed=3).jobs()[1]
    first, again = play_job(job), play_job(job)
    assert first == again
    assert first.seats == ("hard@5it", "normal") and first.seed == 4
    assert sorted(s for place in first.standing for s in place) == [0, 1]
    assert first.winners and set(first.winners) <= set(first.standing[0])
    assert all(n > 0 for n in first.decisions) and first.length > 0
    assert all(t >= 0 for t in first.seconds + first.cpu_seconds)


def test_an_experts_cpu_time_counts_its_helper_processes() -> None:
    # the expert searches on two processes of its own: its decisions cost their CPU time,
    # although the process that plays the game hardly works while it waits for them
    job = RoundRobin("im-zeichen-des-kreuzes", ("normal", "expert@60it"), games=1, seed=5)
    result = play_job(job.jobs()[0])
    expert = result.seats.index("expert@60it")
    assert result.decisions[expert] > 0
    # (without them: about 2% of the wall clock; with them, about twice it when idle)
    assert result.cpu_seconds[expert] > 0.25 * result.seconds[expert]


def _game(seats: tuple[str, ...], winners: tuple[int, ...], pairing: int = 0) -> GameResult:
    players = len(seats)
    standing = (winners, tuple(s for s in range(players) if s not in winners))
    return GameResult(
        pairing=pairing,
        index=0,
        seed=0,
        seats=seats,
        standing=tuple(place for place in standing if place),
        winners=winners,
        length=10,
        scores=(0.0,) * players,
        decisions=(1,) * players,
        seconds=(0.1,) * players,
        cpu_seconds=(0.05,) * players,
    )


def test_ties_share_the_win_and_a_game_nobody_wins_is_shared_by_all() -> None:
    assert _game(("A", "B"), (1,)).shares() == [0.0, 1.0]
    assert _game(("A", "B", "B"), (0, 2)).shares() == [0.5, 0.0, 0.5]
    assert _game(("A", "B", "B"), ()).shares() == pytest.approx([1 / 3] * 3)


def test_a_side_counts_the_games_where_its_bot_sat_alone() -> None:
    games = [
        _game(("A", "B", "B"), (0,)),  # A alone wins
        _game(("B", "A", "A"), (1,)),  # B alone loses to an A
        _game(("A", "B", "B"), (0, 1)),  # A alone shares the win with a B
        _game(("B", "A", "A"), (0,)),  # B alone wins
    ]
    a, b = side(games, "A"), side(games, "B")
    assert (a.games, a.points) == (2, 1.5) and (b.games, b.points) == (2, 1.0)
    assert a.win_rate == 0.75
    assert a.ci95 == wilson_interval(1.5, 2)  # a shared win is half a success
    two = [_game(("A", "B"), (0,)), _game(("B", "A"), (0,)), _game(("A", "B"), (0, 1))]
    assert side(two, "A").games == side(two, "B").games == 3  # at 2 players every game
    assert side(two, "A").points + side(two, "B").points == 3


def test_wilson_intervals_of_the_pairings_and_the_json_round_trip() -> None:
    spec = RoundRobin(KC, ("normal", "random"), games=6, seed=1)
    result = play_round_robin(spec)
    (pairing,) = result.pairings()
    normal, rand = pairing.sides
    assert normal.games == rand.games == 6
    assert math.isclose(normal.points + rand.points, 6)
    assert normal.ci95 == wilson_interval(normal.points, 6)
    low, high = normal.ci95
    assert 0 <= low <= normal.win_rate <= high <= 1
    again = from_json(result.to_json())
    assert again.games == result.games and again.spec == result.spec
    assert again.to_json()["pairings"] == result.to_json()["pairings"]


def test_a_curve_lists_each_bot_by_its_measured_time() -> None:
    spec = RoundRobin(KC, ("hard@8it", "random"), games=2, reference="normal")
    result = RoundRobinResult(spec, tuple(play_job(job) for job in spec.jobs()))
    points = curve(result)
    assert [p.bot for p in points] == ["random", "hard@8it"]  # fastest first
    assert all(p.clock == "cpu" and p.side.games == 2 for p in points)
    assert points[0].seconds < points[1].seconds


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (RoundRobin(KC, ("normal", "wizard"), 2), ["wizard"]),
        (RoundRobin(KC, ("normal",), 2), ["two bots"]),
        (RoundRobin(KC, ("normal", "hard@fast"), 2), ["budget", "hard@fast"]),
        (RoundRobin(KC, ("normal", "hard@0it"), 2), ["positive"]),
        (RoundRobin(KC, ("normal", "random"), 2, players=7), ["7", "--players"]),
        (RoundRobin(KC, ("normal", "random"), 0), ["--games", "0"]),
        (RoundRobin(KC, ("normal", "normal"), 2), ["twice", "normal"]),
        (RoundRobin(KC, ("normal",), 2, reference="normal"), ["reference"]),
        (RoundRobin(KC, (), 2, reference="normal"), ["curve"]),
        (RoundRobin(KC, ("normal", "random"), 2, options={"colour": "red"}), ["colour"]),
        (RoundRobin(KC, ("normal", "random"), 2, players=3, alone="hard"), ["--alone", "hard"]),
        (RoundRobin("chess", ("normal", "random"), 2), ["chess"]),
    ],
)
def test_bad_tournaments_are_refused_before_any_game(spec: RoundRobin, words: list[str]) -> None:
    with pytest.raises(SpieltischError) as caught:
        spec.check()
    for word in words:
        assert word in str(caught.value), (word, str(caught.value))


def test_the_ratings_take_the_games_round_by_round() -> None:
    spec = RoundRobin(KC, ("A", "B", "C"), games=2)
    games = []
    for p, (a, b) in enumerate(spec.pairings()):
        for k in range(2):
            seats = line_up(a, b, 2, k)
            games.append(replace(_game(seats, (0,), pairing=p), index=k))
    result = RoundRobinResult(spec, tuple(games))
    rounds = sorted(games, key=lambda g: (g.index, g.pairing))
    expected = ranked(rate_games(((g.seats, g.standing) for g in rounds), ["A", "B", "C"]))
    assert result.ratings() == expected
    assert expected != ranked(rate_games((g.seats, g.standing) for g in games))
