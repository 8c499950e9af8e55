"""Setup (ZK-S1..ZK-S10) with the options that shape it (ZK-O3, ZK-O4)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from spieltisch.engine.chance import Chance
from spieltisch.engine.errors import OptionError
from spieltisch.games.zeichen_des_kreuzes.board import GREEN_CITY, RED

from .helpers import GAME, KNIGHTS, cell, cubes_ok, new

TABLEAU = {  # table 2.3: start cell, troops, treasure
    "K_BOH": ((13, 7), 6, 3),
    "K_GOT": ((8, 2), 8, 4),
    "K_RAI": ((5, 6), 8, 4),
    "K_ROB": ((5, 4), 8, 5),
    "K_SIG": ((5, 2), 10, 5),
}
RED_VALUES = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5]
GREEN_VALUES = [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6]
IMMEDIATE = range(100, 114)


def random_game(players: int, seed: int, **options):
    return GAME.new_game(players, seed, options)


def replay_setup(players: int, seed: int, knights: bool = True, start: bool = True):
    """ZK-S10 by hand: the named chance events in the rules' order; returns what the engine
    must have built and the generator after setup."""
    ch = Chance(seed)
    ids = list(KNIGHTS)
    if knights:
        ch.shuffle("knights", ids)
    start_player = ch.below("start player", players) if start else 0
    red, green = list(RED_VALUES), list(GREEN_VALUES)
    ch.shuffle("red tiles", red)
    ch.shuffle("green tiles", green)
    pile = list(range(140))
    ch.shuffle("deck", pile)
    hands: list[list[int]] = [[] for _ in range(players)]
    aside = []
    for _ in range(5):
        for i in range(players):
            seat = (start_player + i) % players
            while True:
                c = pile.pop()
                if c in IMMEDIATE:
                    aside.append(c)
                    continue
                hands[seat].append(c)
                break
    if aside:
        pile.extend(aside)
        ch.shuffle("deck", pile)
    return {
        "knights": ids[:players],
        "start": start_player,
        "red": red,
        "green": green,
        "pile": pile,
        "hands": [sorted(h) for h in hands],
        "aside": aside,
        "chance": ch.to_json(),
    }


# -- ZK-S1, ZK-S2, ZK-S3 ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seats_and_colours(players):
    """ZK-S1: N players take seats 0..N-1; seat i plays colour Pi."""
    s = new(players)
    view = s.view(None)
    assert [p["seat"] for p in view["seats"]] == list(range(players))
    assert sorted(s.tower.counts()) == []  # ZK-S7: no cubes of any colour yet
    assert len(s.army) == len(s.supply) == len(s.pawn) == players


def test_knights_random_shuffle_canonical_order():
    """ZK-S2: with knight_assignment random, the five ids in canonical order are shuffled and
    seat i takes the i-th; distinct knights, unused ones play no part."""
    for seed in (1, 2, 3, 4):
        s = random_game(3, seed)
        assert s.knights == replay_setup(3, seed)["knights"]
        assert len(set(s.knights)) == 3
    seen = {tuple(random_game(2, seed).knights) for seed in range(30)}
    assert len(seen) > 5  # the assignment varies with the seed


def test_knights_explicit_assignment():
    """ZK-S2, ZK-O3: a list of N distinct knight ids gives seat i its i-th entry."""
    s = new(3, knight_assignment=["K_SIG", "K_BOH", "K_ROB"])
    assert s.knights == ["K_SIG", "K_BOH", "K_ROB"]
    assert s.army == [10, 6, 8]
    assert s.pawn == [cell(s, 5, 2), cell(s, 13, 7), cell(s, 5, 4)]
    s = random_game(2, 1, knight_assignment="K_GOT,K_RAI", start_player=1)
    assert s.knights == ["K_GOT", "K_RAI"]


def test_start_player_random_and_option():
    """ZK-S3, ZK-O4: a random start player by default; the option fixes the seat; play
    starts with that seat."""
    starts = set()
    for seed in range(40):
        s = random_game(4, seed)
        assert s.start_player == replay_setup(4, seed)["start"]
        assert s.active == s.start_player and s.decider == s.start_player
        starts.add(s.start_player)
    assert starts == {0, 1, 2, 3}
    s = random_game(4, 7, start_player=2)
    assert s.start_player == 2 and s.active == 2 and s.decision_kind == "cards"


# -- ZK-S4, ZK-S5 -------------------------------------------------------------------------


@pytest.mark.parametrize("knight", KNIGHTS)
def test_starting_tableau(knight):
    """ZK-S4 (table 2.3): army = troops, supply = 30 - troops, treasure, 2 markers,
    motivation 10, pawn on the start cell without step origin, no tiles."""
    others = [k for k in KNIGHTS if k != knight]
    s = new(2, knight_assignment=[knight, others[0]])
    (x, y), troops, treasure = TABLEAU[knight]
    assert s.army[0] == troops
    assert s.supply[0] == 30 - troops
    assert s.treasure[0] == treasure
    assert s.markers[0] == 2
    assert s.motivation[0] == 10
    assert s.pawn[0] == cell(s, x, y)
    assert s.origin[0] == -1
    assert s.green_tiles[0] == [] and s.red_tiles[0] == []
    assert s.view(None)["seats"][0]["origin"] is None
    assert cubes_ok(s)


def test_neutral_units_on_start_cells():
    """ZK-S5: FLEET_W (8,9), FLEET_E (20,12), ARMY_I (3,8), ARMY_A (21,8), all in play."""
    s = new()
    assert [u.id for u in s.comp.units] == ["FLEET_W", "FLEET_E", "ARMY_I", "ARMY_A"]
    assert s.units == [cell(s, 8, 9), cell(s, 20, 12), cell(s, 3, 8), cell(s, 21, 8)]


# -- ZK-S6 --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 99])
def test_tiles_dealt(seed):
    """ZK-S6: every red city gets a red value and every green city a green value, shuffled
    from the ascending lists of 2.4 and dealt in canonical city order; Candia and Jerusalem
    have none."""
    s = new(seed=seed)
    cities = s.comp.board.cities
    red = [s.tile[c.index] for c in cities if c.kind == RED]
    green = [s.tile[c.index] for c in cities if c.kind == GREEN_CITY]
    assert sorted(red) == RED_VALUES and sum(red) == 35
    assert sorted(green) == GREEN_VALUES and sum(green) == 47
    assert [s.tile[c.index] for c in cities if c.kind not in (RED, GREEN_CITY)] == [-1, -1]
    expected = replay_setup(4, seed, knights=False, start=False)
    assert red == expected["red"] and green == expected["green"]
    assert s.plundered_by == [-1] * len(cities)


# -- ZK-S7 --------------------------------------------------------------------------------


def test_remaining_state():
    """ZK-S7: garrison 15, empty tower, siege and exhaustion counters 0, discard empty,
    turn 1, nothing plundered."""
    s = new()
    assert s.garrison == 15
    assert s.tower.total() == 0
    assert s.sieges == 0 and s.exhaustions == 0
    assert s.discard == []
    assert s.turn == 1
    assert all(p < 0 for p in s.plundered_by)


# -- ZK-S8, ZK-S9 -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5])
def test_deck_and_dealing(players):
    """ZK-S8, ZK-S9: 140 cards; every player holds 5 cards, none of them immediate; the rest
    is the draw pile, top card last."""
    s = new(players, seed=3)
    held = [c for h in s.hands for c in h]
    assert all(len(h) == 5 for h in s.hands)
    assert not any(c in IMMEDIATE for c in held)
    assert sorted(held + s.draw_pile) == list(range(140))
    assert len(s.draw_pile) == 140 - 5 * players


def test_dealing_order_and_top_card_last():
    """ZK-S8, ZK-S9 step 1: dealing starts with the start player, one card at a time in
    turn order, popping the last element of the shuffled pile."""
    checked = 0
    for seed in range(11, 30):
        s = random_game(3, seed, start_player=1, knight_assignment=list(KNIGHTS[:3]))
        exp = replay_setup(3, seed, knights=False, start=False)
        # the replay dealt from seat 0; redo it from seat 1
        ch = Chance(seed)
        red, green, pile = list(RED_VALUES), list(GREEN_VALUES), list(range(140))
        ch.shuffle("red tiles", red)
        ch.shuffle("green tiles", green)
        ch.shuffle("deck", pile)
        hands: list[list[int]] = [[], [], []]
        aside = []
        for _ in range(5):
            for i in range(3):
                while (c := pile.pop()) in IMMEDIATE:
                    aside.append(c)
                hands[(1 + i) % 3].append(c)
        assert exp["red"] == red
        if aside:
            continue
        assert s.hands == [sorted(h) for h in hands]
        assert s.draw_pile == pile
        checked += 1
    assert checked > 0


def test_immediates_set_aside_and_reshuffled():
    """ZK-S9 steps 2-3, ZK-E28: immediate cards dealt are set aside, the same player draws a
    replacement, and afterwards the set-aside cards go into the pile, which is reshuffled;
    the 'setup' log event lists them; no event takes effect at setup."""
    seed = 1  # sets aside ZK101, ZK111, ZK100, ZK109, ZK113
    s = new(seed=seed)
    exp = replay_setup(4, seed, knights=False, start=False)
    assert exp["aside"] == [101, 111, 100, 109, 113]
    assert s.set_aside == exp["aside"]
    assert s.hands == exp["hands"]
    assert s.draw_pile == exp["pile"]
    assert all(c in s.draw_pile for c in exp["aside"])
    setup = s.log(None)[0]
    assert setup["type"] == "setup"
    assert setup["set_aside"] == ["ZK101", "ZK111", "ZK100", "ZK109", "ZK113"]
    # no event took effect: Papal blessing (111) and Saracen reinforcement (109) did nothing
    assert s.motivation == [10] * 4
    assert s.garrison == 15
    assert s.army == [6, 8, 8, 8]
    assert [e["type"] for e in s.log(None)] == ["setup"]


def test_no_reshuffle_without_set_aside():
    """ZK-S9 step 3, ZK-S10 step 6: with nothing set aside there is no second shuffle."""
    seed = 11
    s = new(seed=seed)
    exp = replay_setup(4, seed, knights=False, start=False)
    assert exp["aside"] == [] and s.set_aside == []
    assert s.draw_pile == exp["pile"]
    assert s.chance.to_json() == exp["chance"]
    assert s.log(None)[0]["set_aside"] == []


# -- ZK-S10 -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 6, 13])
def test_chance_call_order(seed):
    """ZK-S10: knights, start player, red tiles, green tiles, deck, re-shuffle, in this order
    from one seeded generator (the named events 'knights', 'start player', 'red tiles',
    'green tiles', 'deck'): replaying the calls reproduces the state and the generator."""
    s = random_game(5, seed)
    exp = replay_setup(5, seed)
    assert s.knights == exp["knights"]
    assert s.start_player == exp["start"]
    assert [s.tile[c.index] for c in s.comp.board.cities if c.kind == RED] == exp["red"]
    assert [s.tile[c.index] for c in s.comp.board.cities if c.kind == GREEN_CITY] == exp["green"]
    assert s.hands == exp["hands"]
    assert s.set_aside == exp["aside"]
    assert s.draw_pile == exp["pile"]
    assert s.chance.to_json() == exp["chance"]


def test_fixed_options_skip_their_chance_calls():
    """ZK-S10 steps 1-2: the knight shuffle and the start-player draw happen only when
    random, so fixed options leave the red tiles as the first chance event."""
    s = new(4, seed=6)
    exp = replay_setup(4, 6, knights=False, start=False)
    assert s.chance.to_json() == exp["chance"]
    assert s.draw_pile == exp["pile"]


def test_same_seed_same_state():
    """ZK-S10, ZK-T7: the same seed and options give the same state JSON."""
    a = json.dumps(random_game(4, 123).to_json(), sort_keys=True)
    b = json.dumps(random_game(4, 123).to_json(), sort_keys=True)
    assert a == b


def test_different_seeds_differ():
    """ZK-S10: different seeds give different setups."""
    a, b = random_game(4, 1), random_game(4, 2)
    assert (a.draw_pile, a.tile) != (b.draw_pile, b.tile)
    assert len({tuple(random_game(3, seed).draw_pile) for seed in range(10)}) == 10


def test_setup_multisets_over_many_seeds():
    """ZK-S6, ZK-S9: over many seeds the tile multisets and card conservation hold."""
    for seed in range(25):
        s = random_game(5, seed)
        values = Counter(s.tile)
        values.subtract(Counter(RED_VALUES + GREEN_VALUES + [-1, -1]))
        assert +values == Counter()
        assert s.conserved()["cards"] == 140
        assert cubes_ok(s)


def test_bad_knight_assignment_options():
    """ZK-S2, ZK-O3: the assignment must list N distinct known knights."""
    with pytest.raises(OptionError, match="knight_assignment"):
        random_game(2, 1, knight_assignment=["K_BOH"])
    with pytest.raises(OptionError, match="knight_assignment"):
        random_game(2, 1, knight_assignment=["K_BOH", "K_BOH"])
    with pytest.raises(OptionError, match="knight_assignment"):
        random_game(2, 1, knight_assignment=["K_BOH", "K_XYZ"])
