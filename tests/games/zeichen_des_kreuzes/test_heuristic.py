"""The Im Zeichen des Kreuzes heuristic bot: registered, legal, fair (its choice depends
only on what its seat may see), clearly stronger than random, and sensible in single
decisions (tower odds, the Jerusalem defence, recruiting, route planning)."""

from __future__ import annotations

import random
import time

import pytest

import spieltisch
from spieltisch import bots
from spieltisch.bots import RandomBot
from spieltisch.engine.game import Game
from spieltisch.games.zeichen_des_kreuzes.actions import ZkAction
from spieltisch.games.zeichen_des_kreuzes.heuristic import (
    HeuristicBot,
    distances,
    win_prob,
)
from spieltisch.games.zeichen_des_kreuzes.state import ZkState

from ...bot_checks import play_only_legal, seating
from .helpers import (
    A,
    city_cell,
    do,
    new,
    no_hands,
    on_jerusalem,
    place,
    script_tower,
    set_cubes,
    set_hand,
    to_phase,
)


@pytest.fixture(scope="module")
def game() -> Game:
    return spieltisch.game("im-zeichen-des-kreuzes")


def _play(game: Game, seed: int, seated: list[bots.Bot]) -> ZkState:
    state = game.new_game(len(seated), seed, {})
    assert isinstance(state, ZkState)
    play_only_legal(state, seated, random.Random(seed))
    return state


def _choose(state: ZkState, seat: int) -> ZkAction:
    """The bot's choice in a hand-built position (seen through a resample, as in play)."""
    rng = random.Random(1)
    action = HeuristicBot().choose(state.resample(seat, rng), seat, rng)
    assert isinstance(action, ZkAction)
    assert action in state.legal_actions(seat)
    return action


def test_registered_under_its_name(game: Game) -> None:
    bot = bots.make("heuristic", game)
    assert isinstance(bot, HeuristicBot)
    assert bot.name == "heuristic"
    assert "heuristic" in bots.available(game)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_only_legal_actions(game: Game, players: int) -> None:
    heuristic, rand = HeuristicBot(), RandomBot()
    for seed in range(3):
        state = _play(game, seed, seating(heuristic, rand, seed, players))
        assert state.is_over()


def test_legal_with_other_options(game: Game) -> None:
    heuristic = HeuristicBot()
    option_sets: list[dict[str, object]] = [
        {"tower_model": "A", "tie_rule": "attacker"},
        {"tower_shelf_memory": "resample", "exhaustion_winner": "most_muslim_cities"},
    ]
    for seed, options in enumerate(option_sets):
        state = game.new_game(3, seed, options)
        assert isinstance(state, ZkState)
        play_only_legal(state, [heuristic] * 3, random.Random(seed))


def test_beats_random_in_three_player_games(game: Game) -> None:
    """Heuristic in one seat (rotating) beside two random bots. Measured: 92 % of 200
    games (seeds 1000+) and 30 of 30 here; Jerusalem falls to the heuristic in most games,
    the rest end with the deck."""
    heuristic, rand = HeuristicBot(), RandomBot()
    games, wins, falls = 30, 0, 0
    for seed in range(games):
        me = seed % 3
        seated: list[bots.Bot] = [heuristic if s == me else rand for s in range(3)]
        state = _play(game, seed, seated)
        wins += me in state.winners()
        falls += state.ending() == "jerusalem"
    assert wins / games >= 0.6
    assert falls >= 15


def test_choice_depends_only_on_what_the_seat_may_see(game: Game) -> None:
    """Two resamples of the same true state differ in other hands, the draw pile and the
    face-down tiles; with the same rng the bot's choice must be the same."""
    bot, rand = HeuristicBot(), RandomBot()
    state = game.new_game(3, 4, {})
    assert isinstance(state, ZkState)
    seated: list[bots.Bot] = [bot, rand, rand]
    rng = random.Random(2)
    checked = 0
    while not state.is_over():
        seat = state.actors()[0]
        if seat == 0 and len(state.legal_actions(seat)) > 1:
            first = state.resample(seat, random.Random(11))
            second = state.resample(seat, random.Random(987))
            assert bot.choose(first, seat, random.Random(3)) == bot.choose(
                second, seat, random.Random(5)
            )
            checked += 1
        state.apply(seat, bots.act(seated[seat], state, seat, rng))
    assert checked > 30


def test_decisions_are_fast(game: Game) -> None:
    bot = HeuristicBot()
    state = game.new_game(4, 9, {})
    assert isinstance(state, ZkState)
    rng = random.Random(9)
    spent, decisions = 0.0, 0
    while not state.is_over():
        seat = state.actors()[0]
        view = state.resample(seat, rng)
        start = time.perf_counter()
        action = bot.choose(view, seat, rng)
        spent += time.perf_counter() - start
        decisions += 1
        state.apply(seat, action)
    assert decisions > 50
    assert spent / decisions < 0.005  # measured: about 0.2 ms


# -- single decisions ------------------------------------------------------------------


def _muslim_plunder(greens_inside: int, army: int = 12) -> ZkState:
    """Seat 0 on unplundered Tunis in its city phase, with greens already in the tower."""
    s = new(3)
    no_hands(s)
    script_tower(s, contents={"G": greens_inside} if greens_inside else {})
    set_cubes(s, 0, army)
    place(s, 0, 10, 10, origin=(9, 10))
    set_hand(s, 0, [6])
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    return s


def test_commits_more_against_more_greens() -> None:
    s_empty = _muslim_plunder(0)
    assert s_empty.decision_kind == "commit"
    s_green = _muslim_plunder(4)
    s_green.markers[0] = 0  # no way to empty the tower: the commitment must make up for it
    do(s_green, 0, A.KEEP_TOWER)
    assert s_green.decision_kind == "commit"
    n_empty = _choose(s_empty, 0).amount
    n_green = _choose(s_green, 0).amount
    assert 4 <= n_empty < n_green
    assert win_prob(n_green, 3, 0, 4, 0, False) >= 0.85


def test_empties_a_tower_full_of_greens_before_a_plunder() -> None:
    s = _muslim_plunder(6, army=5)
    assert s.decision_kind == "empty"
    assert _choose(s, 0) == A.empty_tower()


def test_keeps_a_tower_holding_own_cubes() -> None:
    s = new(3)
    no_hands(s)
    script_tower(s, contents={"P0": 3, "G": 1})
    set_cubes(s, 0, 8)
    place(s, 0, 10, 10, origin=(9, 10))
    set_hand(s, 0, [6])
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    assert s.decision_kind == "empty"
    assert _choose(s, 0) == A.KEEP_TOWER


def _defence(attacker_army: int) -> ZkState:
    """Seat 1 attacks Jerusalem; seat 0, its right-hand neighbour, must defend."""
    s = new(3)
    no_hands(s)
    s.active = 1
    script_tower(s)
    set_cubes(s, 1, attacker_army)
    s.green_tiles[1] = [3, 4]
    s.motivation[1] = 8
    place(s, 1, 23, 12, origin=(24, 11))
    set_hand(s, 1, [6])
    to_phase(s, "city")
    do(s, 1, A.SIEGE)
    do(s, 1, A.commit(5))
    assert s.decision_kind == "defend" and s.decider == 0
    return s


def test_defends_harder_against_a_strong_attacker() -> None:
    weak = _choose(_defence(5), 0).amount
    strong = _choose(_defence(22), 0).amount
    assert 3 <= weak < strong <= 15


def test_recruits_when_the_army_is_low() -> None:
    s = new(3)
    no_hands(s)
    set_cubes(s, 0, 2)
    s.treasure[0] = 3
    place(s, 0, 11, 5)  # Venice
    set_hand(s, 0, [6])
    to_phase(s, "city")
    action = _choose(s, 0)
    assert action.kind == "recruit" and action.amount == 3


def test_prays_before_jerusalem_with_low_motivation() -> None:
    s = new(3)
    no_hands(s)
    set_cubes(s, 0, 20)
    s.treasure[0] = 0
    s.green_tiles[0] = [3, 4]
    s.motivation[0] = 4
    place(s, 0, 20, 7)  # Constantinople
    set_hand(s, 0, [6])
    to_phase(s, "city")
    assert _choose(s, 0) == A.PRAY


def test_plans_a_path_toward_a_muslim_city() -> None:
    """Bohemund on Bari without tiles heads for a Muslim city, paying with the hand."""
    s = new(3)
    set_cubes(s, 0, 10)
    place(s, 0, 13, 7)  # Bari
    set_hand(s, 0, [6, 7, 62, 63, 38])  # plain, plain, sea, sea, mountain
    to_phase(s, "cards")
    bot = HeuristicBot()
    goal = bot.goal(s, 0)
    board = s.comp.board
    assert board.cities[board.city_at[goal]].kind == "city_green"
    dist = distances(board, goal)
    action = _choose(s, 0)
    assert action.kind == "move"
    assert dist[action.to] == dist[s.pawn[0]] - 1
    terrain = s.comp.cards[action.card].terrain
    assert terrain == board.terrain[action.to]  # a matching card, not a joker


def test_plunders_a_muslim_city_when_it_needs_tiles() -> None:
    s = new(3)
    no_hands(s)
    set_cubes(s, 0, 8)
    place(s, 0, 10, 10, origin=(9, 10))  # Tunis
    set_hand(s, 0, [6])
    to_phase(s, "city")
    assert _choose(s, 0) == A.PLUNDER


def test_besieges_jerusalem_with_a_good_army() -> None:
    s = new(3)
    no_hands(s)
    set_cubes(s, 0, 18)
    s.green_tiles[0] = [3, 4]
    s.motivation[0] = 9
    place(s, 0, 23, 12, origin=(24, 11))
    set_hand(s, 0, [6])
    to_phase(s, "city")
    assert _choose(s, 0) == A.SIEGE
    assert city_cell(s, "Jerusalem") == s.pawn[0]


def _at_jerusalem(army: int, treasure: int = 0, **options: str) -> ZkState:
    return on_jerusalem(army=army, treasure=treasure, garrison=30, **options)


def test_besieges_as_soon_as_it_is_eligible() -> None:
    """Tuned for the reward on a lost siege (ZK-J2): an early siege drains the garrison
    and a loss is consoled, so the bot besieges with the 5 troops a siege needs."""
    assert _choose(_at_jerusalem(5, treasure=2), 0) == A.SIEGE


def test_a_hopeless_round_gets_the_fewest_troops() -> None:
    """ZK-J5, ZK-J6: a round the siege can hardly win still drains the garrison; the bot
    risks 5 troops and keeps the rest. With real odds it commits everything."""
    s = _at_jerusalem(12)
    do(s, 0, A.SIEGE)
    if s.decision_kind == "empty":
        do(s, 0, A.KEEP_TOWER)
    assert s.decision_kind == "attack"
    assert _choose(s, 0) == A.commit(5)
    s = _at_jerusalem(12)
    s.garrison = 3
    do(s, 0, A.SIEGE)
    if s.decision_kind == "empty":
        do(s, 0, A.KEEP_TOWER)
    assert _choose(s, 0).amount == 12


def test_goes_on_with_a_siege_while_a_loss_would_still_pay() -> None:
    """ZK-J10, ZK-J11: stopping forfeits the consolation of a lost round; with the reward
    on declaring already paid, a poor siege is stopped."""
    for options, expected in (
        ({}, A.CONTINUE_SIEGE),
        ({"papal_reward": "declaration"}, A.STOP_SIEGE),
    ):
        s = _at_jerusalem(9, treasure=3, **options)
        script_tower(s, {"P0": 5})
        do(s, 0, A.SIEGE)
        if s.decision_kind == "empty":
            do(s, 0, A.KEEP_TOWER)
        do(s, 0, A.commit(5))
        do(s, 2, A.defend(3))
        assert s.decision_kind == "continue", s.decision_kind
        s.garrison = 30
        assert _choose(s, 0) == expected
