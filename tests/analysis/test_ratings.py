"""OpenSkill ratings from finishing orders: 2 to 5 seats, ties, one bot in several seats."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from spieltisch.analysis.ratings import (
    START_MU,
    START_SIGMA,
    Rating,
    places,
    ranked,
    rate_games,
    update,
)

MODEL = PlackettLuce()


def test_places_from_a_standing_with_ties() -> None:
    assert places([[2], [0, 3], [1]], 4) == [1, 2, 0, 1]
    assert places([[0, 1]], 2) == [0, 0]


def test_the_winner_of_a_two_player_game_gains_what_the_loser_loses() -> None:
    after = update({}, ("hard", "normal"), [[0], [1]])
    hard, normal = after["hard"], after["normal"]
    assert hard.mu > START_MU > normal.mu
    assert hard.mu - START_MU == pytest.approx(START_MU - normal.mu)
    assert hard.sigma < START_SIGMA and hard.games == normal.games == 1
    expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[0.0, 1.0])
    assert hard.mu == pytest.approx(expected[0][0].mu)
    assert normal.sigma == pytest.approx(expected[1][0].sigma)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_ratings_follow_the_finishing_order_at_every_player_count(players: int) -> None:
    bots = [f"bot{s}" for s in range(players)]
    standing = [[s] for s in reversed(range(players))]  # the last seat first
    after = update({}, bots, standing)
    mus = [after[name].mu for name in bots]
    assert mus == sorted(mus)  # bot0 came last, the last bot first
    assert len(set(mus)) == players
    assert all(after[name].games == 1 for name in bots)


def test_tied_seats_share_a_place_and_move_alike() -> None:
    after = update({}, ("a", "b", "c"), [[0, 2], [1]])
    assert after["a"].mu == pytest.approx(after["c"].mu) and after["a"].mu > START_MU
    assert after["b"].mu < START_MU
    draw = update({}, ("a", "b"), [[0, 1]])
    assert draw["a"].mu == pytest.approx(draw["b"].mu) == pytest.approx(START_MU)


def test_a_bot_in_several_seats_gets_the_average_of_its_seats_updates() -> None:
    before = {"hard": Rating(30.0, 5.0, 4), "normal": Rating(24.0, 6.0, 4)}
    # one normal alone against two hard; the hard seats finish first and third
    after = update(before, ("hard", "normal", "hard"), [[0], [1], [2]])
    teams = [
        [MODEL.rating(mu=30.0, sigma=5.0)],
        [MODEL.rating(mu=24.0, sigma=6.0)],
        [MODEL.rating(mu=30.0, sigma=5.0)],
    ]
    rated = MODEL.rate(teams, ranks=[0.0, 1.0, 2.0])
    assert after["hard"].mu == pytest.approx((rated[0][0].mu + rated[2][0].mu) / 2)
    assert after["hard"].sigma == pytest.approx((rated[0][0].sigma + rated[2][0].sigma) / 2)
    assert after["normal"].mu == pytest.approx(rated[1][0].mu)
    assert after["hard"].games == after["normal"].games == 5  # one game, however many seats


def test_a_game_of_one_bot_only_leaves_its_mean_where_it_was() -> None:
    after = update({}, ("normal", "normal"), [[1], [0]])
    assert after["normal"].mu == pytest.approx(START_MU)
    assert after["normal"].sigma < START_SIGMA


def test_games_are_rated_in_order_and_every_named_bot_is_listed() -> None:
    games = [(("a", "b"), [[0], [1]]), (("b", "a"), [[1], [0]]), (("a", "b"), [[0, 1]])]
    ratings = rate_games(games, ["a", "b", "c"])
    assert ratings["c"] == Rating()
    assert ratings["a"].games == 3 and ratings["a"].mu > ratings["b"].mu
    assert ratings == rate_games(games, ["a", "b", "c"])  # deterministic
    order = [name for name, _ in ranked(ratings)]
    assert order[0] == "a" and order[-1] in ("b", "c")
    assert ratings["a"].ordinal == pytest.approx(ratings["a"].mu - 3 * ratings["a"].sigma)
