"""The numeric encoding of Im Zeichen des Kreuzes (``engine.encoding``): the shared contract
checks over seeded random games, known action indices and observation slices, the leak
check on a stored siege commitment (ZK-H2, ZK-H4) and the game-length bound."""

from __future__ import annotations

import json
import math
import random
from importlib import resources
from typing import Any

import pytest

from spieltisch import bots
from spieltisch.engine.errors import IllegalAction, OptionError
from spieltisch.games.zeichen_des_kreuzes import encoding as E
from spieltisch.games.zeichen_des_kreuzes.board import GREEN_CITY, MOUNTAIN, PLAIN, RED, SEA
from spieltisch.games.zeichen_des_kreuzes.constants import JERUSALEM_MOTIVATION
from spieltisch.games.zeichen_des_kreuzes.edition import default_components
from spieltisch.games.zeichen_des_kreuzes.encoding import ZkEncoding
from spieltisch.games.zeichen_des_kreuzes.fight import FIGHT_TYPES
from spieltisch.games.zeichen_des_kreuzes.tower import GREEN
from spieltisch.games.zeichen_des_kreuzes.view import phase_of

from ...encoding_checks import check_encoding
from .helpers import (
    GAME,
    A,
    cell,
    do,
    new,
    no_hands,
    place,
    set_cubes,
    set_hand,
    snapshot,
    to_phase,
)

PACKAGE = "spieltisch.games.zeichen_des_kreuzes"


def encoding(players: int, options: dict[str, Any] | None = None) -> ZkEncoding:
    enc = GAME.encoding(players, options)
    assert isinstance(enc, ZkEncoding)
    return enc


def part(enc: ZkEncoding, obs: list[float], name: str) -> list[float]:
    """One named slice of an observation."""
    for s in enc.observation_layout():
        if s.name == name:
            return obs[s.start : s.start + s.size]
    raise KeyError(name)


def wide_edition() -> dict[str, Any]:
    """ZK-O11: a replaced edition with a wider map (a sea column added on the east) and a
    shorter deck (the last four held event cards left out)."""
    edition: dict[str, Any] = json.loads(
        resources.files(PACKAGE).joinpath("data/components.json").read_text()
    )
    lines = resources.files(PACKAGE).joinpath("data/map.txt").read_text().split("\n")
    edition["map"] = [line + "~" for line in lines[:14]] + lines[14:]
    edition["cards"] = edition["cards"][:-4]
    return edition


# -- the shared contract checks (tests/encoding_checks.py) ---------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_contract_over_random_games(players: int, seed: int) -> None:
    """Every player count: legal indices distinct and decodable, illegal ones refused,
    observations of every seat and the spectator reproduced by resampled states (ZK-H6)."""
    check_encoding(GAME, players, seed, {}, resample_every=25)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (
            3,
            {"tower_model": "A", "tie_rule": "attacker", "exhaustion_winner": "most_muslim_cities"},
        ),
        (4, {"tower_shelf_memory": "resample", "turn_limit": 60}),
        (2, {"edition_data": wide_edition()}),
        (5, {"edition_data": wide_edition(), "turn_limit": 40}),
    ],
)
def test_contract_with_options(players: int, options: dict[str, Any]) -> None:
    """Options that change the game's flow (ZK-O6, ZK-O5, ZK-O9), the bound (ZK-O10) or the
    action and observation sizes (an edition, ZK-O11)."""
    check_encoding(GAME, players, 3, options, resample_every=25)


# -- configuration and sizes ---------------------------------------------------------------


def test_one_encoding_per_configuration() -> None:
    """Options that change neither the action space nor the observation share one
    encoding; the turn limit changes the bound (ZK-O10), the players the sizes (ZK-O1)."""
    three = encoding(3)
    assert encoding(3, {"tie_rule": "attacker", "tower_model": "A"}) is three
    assert encoding(3, {"turn_limit": 50}) is not three
    assert encoding(3, {"turn_limit": 50}).max_game_length < three.max_game_length
    assert encoding(4) is not three
    with pytest.raises(OptionError):
        GAME.encoding(6)
    with pytest.raises(OptionError):
        GAME.encoding(3, {"no_such_option": 1})


def test_action_space_sizes() -> None:
    """The blocks of the action space, sized from the edition's map and cards."""
    comp = default_components()
    terrain = comp.board.terrain
    cells = len(terrain)
    sea, plain, mountain = (sum(1 for t in terrain if t == k) for k in (SEA, PLAIN, MOUNTAIN))
    land = plain + mountain
    army_cells = sum(1 for c in range(cells) if terrain[c] != SEA and c not in comp.board.city_at)
    for players in (2, 3, 4, 5):
        enc = encoding(players)
        sizes = {kind: size for kind, _, size, _ in enc.blocks}
        # ZK-R14: 34 plain, 22 mountain, 28 sea and 16 joker movement cards (rules 2.5)
        assert sizes["move"] == 34 * plain + 22 * mountain + 28 * sea + 16 * cells
        # 3 Forced march x land, 2 Genoese ships x sea, 2 Ambush x seats, 11 one-slot cards
        assert sizes["event"] == 3 * land + 2 * sea + 2 * players + 11
        assert sizes["move_unit"] == 2 * sea + 2 * army_cells  # ZK-R20
        assert sizes["commit"] == 4 * 30  # no lance or one of 3 Holy Lances x 1..30 troops
        assert sizes["defend"] == 32  # 0..15 + 2 x 2 x 4 Saracen reinforcements (ZK-J5)
        assert sizes["recruit"] == 15  # k <= ceil(30 / 2) (ZK-R27)
        assert sizes["discard"] == 126  # every card that can be held (ZK-R33)
        assert enc.num_actions == sum(sizes.values())
    assert [encoding(p).num_actions for p in (2, 3, 4, 5)] == [19832, 19834, 19836, 19838]


def test_an_edition_sizes_the_encoding() -> None:
    """ZK-O11: a wider map and a shorter deck resize every cell- and card-bound block."""
    enc = encoding(2, {"edition_data": wide_edition()})
    default = encoding(2)
    assert enc.ncells == 27 * 14
    assert enc.num_actions != default.num_actions
    assert dict((k, n) for k, _, n, _ in enc.blocks)["retreat"] == 27 * 14
    assert dict((k, n) for k, _, n, _ in enc.blocks)["discard"] == 122
    assert enc.observation_size > default.observation_size


def test_observation_layout_sizes() -> None:
    """The slices cover the vector; 47 numbers per seat (observer 1, seats 9, holdings 4,
    knights 5, cities 26, fight 2) on top of 1380 (3 planes of 364 cells, 140 card ids,
    ...)."""
    for players, size in ((2, 1474), (3, 1521), (4, 1568), (5, 1615)):
        assert size == 1380 + 47 * players
        enc = encoding(players)
        layout = enc.observation_layout()
        assert layout[0].start == 0
        assert sum(s.size for s in layout) == enc.observation_size == size
        names = [s.name for s in layout]
        assert names == [
            "observer",
            "decision",
            "phase",
            "game",
            "seats",
            "hand_types",
            "hand_cards",
            "discard_types",
            "seat_holdings",
            "knights",
            "cities",
            "face_down_red",
            "face_down_green",
            "units",
            "fight",
            "context",
            "step_origin",
            "planes",
        ]
        sizes = {s.name: s.size for s in layout}
        assert sizes["planes"] == 3 * 26 * 14
        assert sizes["seats"] == 9 * players
        assert sizes["seat_holdings"] == 4 * players
        assert sizes["cities"] == 26 * (players + 1)


def bounds(enc: ZkEncoding, name: str) -> tuple[list[float], list[float]]:
    """The (low, high) bounds of one named slice."""
    assert enc.observation_bounds is not None
    low, high = enc.observation_bounds
    assert not isinstance(low, (int, float)) and not isinstance(high, (int, float))
    for s in enc.observation_layout():
        if s.name == name:
            return list(low[s.start : s.start + s.size]), list(high[s.start : s.start + s.size])
    raise KeyError(name)


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (4, {"turn_limit": 60}), (5, {}), (3, {"edition_data": wide_edition()})],
)
def test_observation_bounds_shape(players: int, options: dict[str, Any]) -> None:
    """One (low, high) pair per observation number, finite, low 0 <= high, computed once
    per configuration (the encoding is cached)."""
    enc = GAME.encoding(players, options)
    assert isinstance(enc, ZkEncoding)
    assert enc.observation_bounds is not None
    low, high = enc.observation_bounds
    assert not isinstance(low, (int, float)) and not isinstance(high, (int, float))
    assert len(low) == len(high) == enc.observation_size
    assert all(math.isfinite(x) for x in (*low, *high))
    # low < high everywhere: gymnasium's check_env warns about a zero-width Box dimension
    assert all(lo == 0.0 < hi for lo, hi in zip(low, high, strict=True))
    assert GAME.encoding(players, options).observation_bounds is enc.observation_bounds


def test_observation_bounds_of_the_game_counts() -> None:
    """ZK-W3: turn and sieges (one per turn, ZK-R25) up to turn_limit; the deck of 140
    (rules 2.5) bounds both piles; two exhaustions (ZK-R36); the garrison 15 + 2 x 2 x 4
    (ZK-S7, ZK-EV03, ZK-J6) bounds it and the rounds of a siege (ZK-J5); greens enter the
    tower at most 3 per fight outside Jerusalem (ZK-C1): turn_limit + (1 + N)(5N + 2 x 126)
    fights, plus the garrison; the tower total adds the players' 30 cubes each (ZK-R2)."""
    low, high = bounds(encoding(3, {"turn_limit": 60}), "game")
    assert low == [0] * len(E.GAME_FIELDS)
    fights = 60 + 4 * (15 + 252)
    assert dict(zip(E.GAME_FIELDS, high, strict=True)) == {
        "turn": 60,
        "draw_pile": 140,
        "discard_pile": 140,
        "exhaustions": 2,
        "garrison": 31,
        "sieges": 60,
        "siege_round": 31,
        "tower_green": 3 * fights + 31,
        "tower_total": 3 * fights + 31 + 3 * 30,
    }
    assert bounds(encoding(2), "game")[1][0] == 1000  # the default turn_limit (ZK-O10)


def test_observation_bounds_of_seats_and_cards() -> None:
    """ZK-R2: army, supply and own tower cubes <= 30; ZK-R5: motivation <= 20; ZK-R7: a
    hand holds <= 5 cards and never an immediate event (ZK-R35: its nominal bound is 1, not
    0); ZK-T5: 2 purple markers,
    never more; ZK-R29: 3 green tiles with 2-4 players, 2 with 5; treasure: the richest
    knight's 5 + every red tile 35 + the best green tiles + Tribute 2 x 2 x 3 + papal
    rewards 3 + 2 + 1 (ZK-S4, ZK-R28, ZK-R29, ZK-EV08, ZK-J2)."""
    for players, greens, best_greens in ((4, 3, 6 + 6 + 5), (5, 2, 6 + 6)):
        enc = encoding(players)
        high = bounds(enc, "seats")[1]
        field = {
            name: high[players * i : players * (i + 1)] for i, name in enumerate(E.SEAT_FIELDS)
        }
        assert field["army"] == field["supply"] == field["tower"] == [30] * players
        assert field["motivation"] == [20] * players
        assert field["hand_size"] == [5] * players
        assert field["treasure"] == [5 + 35 + best_greens + 12 + 6] * players
        assert field["active"] == field["siege_eligible"] == [1] * players
        held = bounds(enc, "seat_holdings")[1]
        assert held[players : 2 * players] == [2] * players
        assert held[2 * players : 3 * players] == [greens] * players
        assert held[3 * players :] == [12] * players  # one red tile per red city
    enc = encoding(3)
    hand = dict(zip(enc.card_types, bounds(enc, "hand_types")[1], strict=True))
    assert hand["plain"] == 5 and hand["mountain+army"] == 4 and hand["Holy Lance"] == 3
    # never in a hand, so a nominal 1 (a zero-width Box dimension would make gymnasium warn)
    assert hand["Plague (immediate)"] == 1
    assert bounds(enc, "hand_cards")[1] == [1] * 140
    discard = dict(zip(enc.card_types, bounds(enc, "discard_types")[1], strict=True))
    assert discard["plain"] == 28 and discard["Plague (immediate)"] == 4  # rules 2.5, 6


def test_observation_bounds_of_the_board() -> None:
    """Rules 2.4: a red tile is worth <= 5, a green one <= 6, and the face-down counts only
    fall from the dealt ones; Candia and Jerusalem are never plundered (ZK-R31, ZK-R32: a
    nominal bound 1);
    any number of pawns share a cell (ZK-R9), all N among the spectator's others; a
    Jerusalem defender commits <= the garrison (ZK-J5), an attacker <= 30 (ZK-R2)."""
    enc = encoding(4)
    names = [c.name for c in enc.comp.board.cities]
    cities = bounds(enc, "cities")[1]
    per_city = {name: cities[5 * i : 5 * i + 5] for i, name in enumerate(names)}
    assert per_city["London"] == [1, 1, 1, 1, 5]
    assert per_city["Cairo"] == [1, 1, 1, 1, 6]
    assert per_city["Candia"] == per_city["Jerusalem"] == [1] * 5  # always 0: nominal 1
    assert bounds(enc, "face_down_red")[1] == bounds(enc, "face_down_green")[1] == [2, 3, 3, 2, 2]
    fight = bounds(enc, "fight")[1]
    enemy = 1 + len(FIGHT_TYPES) + 4
    assert fight[enemy] == 31 and fight[enemy + 1 + 4 + 1] == 30
    cells = 26 * 14
    planes = bounds(enc, "planes")[1]
    assert planes[:cells] == planes[2 * cells :] == [1] * cells
    assert planes[cells : 2 * cells] == [4] * cells


def test_no_observation_bounds_without_a_turn_limit() -> None:
    """ZK-W3: with turn_limit = none nothing bounds the turn counter, the sieges (one per
    turn) or the greens thrown into the tower, so the encoding promises no bounds."""
    assert encoding(3, {"turn_limit": "none"}).observation_bounds is None


# -- actions ---------------------------------------------------------------------------------


def test_known_action_indices() -> None:
    enc = encoding(3)
    start = {kind: first for kind, first, _, _ in enc.blocks}
    board = default_components().board
    plain = [c for c, t in enumerate(board.terrain) if t == PLAIN]
    assert enc.action_index(A.END_CARDS) == 0
    assert enc.action_index(A.empty_tower()) == 5  # the purple marker (ZK-T5)
    assert enc.action_index(A.END_DISCARD) == 12
    # card 0 is plain + army: its slots are the plain cells in index order (ZK-R14)
    assert enc.action_index(A.move(0, plain[0])) == start["move"] == 13
    assert enc.action_index(A.move(0, plain[5])) == 13 + 5
    assert enc.action_index(A.move(1, plain[0])) == 13 + len(plain)
    assert enc.action_index(A.commit(1)) == start["commit"]
    assert enc.action_index(A.commit(30)) == start["commit"] + 29
    lances = [c.id for c in default_components().cards if c.event == "holy_lance"]
    assert enc.action_index(A.commit(5, lances[0])) == start["commit"] + 30 + 4  # ZK-EV13
    assert enc.action_index(A.defend(0)) == start["defend"]
    assert enc.action_index(A.recruit(3)) == start["recruit"] + 2
    assert enc.action_index(A.retreat(cell_index := board.cell(23, 12))) == (
        start["retreat"] + cell_index
    )
    assert enc.action_index(A.discard(0)) == start["discard"]
    assert enc.action_index(A.discard(139)) == enc.num_actions - 1
    with pytest.raises(IllegalAction):
        enc.action_index(A.move(62, plain[0]))  # a sea card never targets a plain cell


def test_decoding_round_trips_every_slot() -> None:
    enc = encoding(4)
    state = new(4)
    for index in range(0, enc.num_actions, 97):
        action = enc._actions[index]
        assert enc.action_index(action) == index
    assert enc.legal_indices(state, 0) == sorted(
        enc.action_index(a) for a in state.legal_actions(0)
    )
    assert enc.legal_indices(state, 1) == []


def test_describe_action() -> None:
    enc = encoding(3)
    board = default_components().board
    assert enc.describe_action(0) == "end_cards"
    assert enc.describe_action(5) == "empty_tower with a purple marker"
    jerusalem = enc.action_index(A.retreat(board.cell(23, 12)))
    assert enc.describe_action(jerusalem) == "retreat -> (23,12) Jerusalem"
    assert enc.describe_action(enc.action_index(A.move(0, board.cell(8, 3)))).startswith(
        "move ZK000 (plain+army) -> (8,3)"
    )
    assert "outside" in enc.describe_action(enc.num_actions)


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    """ZK-R13: in the card phase only the active seat acts; a discard (ZK-R33) is not
    offered there; indices outside the space are refused too."""
    enc = encoding(3)
    state = new(3)
    before = snapshot(state)
    legal = enc.legal_indices(state, 0)
    assert enc.action_from_index(state, 0, legal[0]) == A.END_CARDS
    hand_card = state.hands[0][0]
    for seat, index in (
        (0, enc.action_index(A.discard(hand_card))),
        (1, legal[0]),  # not seat 1's turn
        (0, -1),
        (0, enc.num_actions),
    ):
        with pytest.raises(IllegalAction):
            enc.action_from_index(state, seat, index)
        assert snapshot(state) == before


# -- observation -------------------------------------------------------------------------------


def test_observation_of_an_early_state() -> None:
    """Seat 1 of a fresh 3-player game (knights Bohemund, Gottfried, Raimund; seat 0 to
    move): the seats in relative order 1, 2, 0 (ZK-R1), the setup numbers of rules 2.3."""
    enc = encoding(3)
    state = new(3)
    obs = enc.observation(state, 1)
    assert part(enc, obs, "observer") == [0, 1, 0, 0]
    assert part(enc, obs, "decision")[0] == 1 and sum(part(enc, obs, "decision")) == 1
    assert part(enc, obs, "phase") == [1, 0, 0, 0]  # card phase (ZK-R11)
    # turn, draw pile (140 - 15 dealt), discard, exhaustions, garrison 15 (ZK-S7), sieges,
    # round, tower greens, tower total
    assert part(enc, obs, "game") == [1, 125, 0, 0, 15, 0, 0, 0, 0]
    seats = part(enc, obs, "seats")
    field = {name: seats[3 * i : 3 * i + 3] for i, name in enumerate(E.SEAT_FIELDS)}
    assert field["active"] == [0, 0, 1]  # seat 0 is the last in seat 1's order
    assert field["decider"] == [0, 0, 1]
    assert field["army"] == [8, 8, 6]  # ZK-S5: Gottfried 8, Raimund 8, Bohemund 6
    assert field["supply"] == [22, 22, 24]  # ZK-R2
    assert field["tower"] == [0, 0, 0]
    assert field["treasure"] == [4, 4, 3]
    assert field["motivation"] == [10, 10, 10]  # ZK-R5
    assert field["hand_size"] == [5, 5, 5]  # ZK-S9
    assert field["siege_eligible"] == [0, 0, 0]  # ZK-J1
    holdings = part(enc, obs, "seat_holdings")
    held = {name: holdings[3 * i : 3 * i + 3] for i, name in enumerate(E.SEAT_SLOW_FIELDS)}
    assert held["start_player"] == [0, 0, 1]  # ZK-S3
    assert held["markers"] == [2, 2, 2]  # ZK-T5
    assert held["green_tiles"] == held["red_tiles"] == [0, 0, 0]
    knights = part(enc, obs, "knights")
    assert [knights[i : i + 5].index(1) for i in (0, 5, 10)] == [1, 2, 0]  # GOT, RAI, BOH
    hand = part(enc, obs, "hand_cards")
    assert [c for c, v in enumerate(hand) if v] == state.hands[1]
    assert sum(part(enc, obs, "hand_types")) == 5
    assert sum(part(enc, obs, "discard_types")) == 0
    assert part(enc, obs, "face_down_red") == [2, 3, 3, 2, 2]  # values 1..5 (rules 2.4)
    assert part(enc, obs, "face_down_green") == [2, 3, 3, 2, 2]  # values 2..6
    assert sum(part(enc, obs, "cities")) == 0
    assert part(enc, obs, "units") == [1, 1] * 4  # ZK-R18: all in play on their start
    assert sum(part(enc, obs, "fight")) == sum(part(enc, obs, "context")) == 0
    assert sum(part(enc, obs, "step_origin")) == 0
    planes = part(enc, obs, "planes")
    cells = 26 * 14
    own, others, units = planes[:cells], planes[cells : 2 * cells], planes[2 * cells :]
    assert [c for c, v in enumerate(own) if v] == [cell(state, 8, 2)]  # Cologne
    assert [c for c, v in enumerate(others) if v] == sorted(
        [cell(state, 13, 7), cell(state, 5, 6)]  # Bari, Toulouse
    )
    assert [c for c, v in enumerate(units) if v] == sorted(
        cell(state, x, y)
        for x, y in ((8, 9), (20, 12), (3, 8), (21, 8))  # rules 2.6
    )


def test_spectator_observation() -> None:
    """ZK-H5: the spectator sees seat 0 first, no hand, every pawn among the others."""
    enc = encoding(3)
    state = new(3)
    obs = enc.observation(state, None)
    assert part(enc, obs, "observer") == [0, 0, 0, 1]
    assert sum(part(enc, obs, "hand_cards")) == sum(part(enc, obs, "hand_types")) == 0
    planes = part(enc, obs, "planes")
    assert sum(planes[: 26 * 14]) == 0
    assert sum(planes[26 * 14 : 2 * 26 * 14]) == 3
    assert part(enc, obs, "seats")[:3] == [1, 0, 0]  # seat 0 active, absolute order


def test_plunder_step_origin_and_symbol_move() -> None:
    """ZK-R28, ZK-R10, ZK-R16: a plundered city shows its plunderer and its revealed tile
    and leaves the face-down counts; a step sets the active pawn's origin direction; a
    symbol move shows the unit kind to move."""
    enc = encoding(2)
    state = new(2)
    bari = next(c for c in state.comp.board.cities if c.name == "Bari")
    value = state.tile[bari.index]
    state.plundered_by[bari.index] = 1
    state.red_tiles[1] = [value]
    place(state, 0, 9, 3, origin=(8, 2))
    state.decision_kind, state.symbol = "symbol", "army"
    obs = enc.observation(state, 0)
    row = part(enc, obs, "cities")[bari.index * 3 : bari.index * 3 + 3]
    assert row == [0, 1, value]  # plundered by seat 1, the other seat for seat 0
    red = part(enc, obs, "face_down_red")
    assert red[value - 1] == [2, 3, 3, 2, 2][value - 1] - 1
    assert part(enc, obs, "step_origin") == [1, 0, 0, 0, 0, 0, 0, 0]  # came from (-1,-1)
    assert part(enc, obs, "context") == [0, 1, 0, 0]
    assert part(enc, obs, "seat_holdings")[2 * 3 : 2 * 4] == [0, 1]  # red tiles, relative


def siege_commitment() -> Any:
    """Seat 2 of 4 besieges Jerusalem (ZK-J1) and stores 7 troops (ZK-H4); seat 1, its
    right-hand neighbour, must now defend (ZK-J3)."""
    state = new(4)
    no_hands(state)
    state.active = 2
    set_cubes(state, 2, 12)
    state.green_tiles[2] = [3, 4]
    state.motivation[2] = 7
    place(state, 2, 23, 12, origin=(24, 11))
    set_hand(state, 2, [6])
    to_phase(state, "city")
    do(state, 2, A.SIEGE)
    do(state, 2, A.commit(7))
    assert state.decision_kind == "defend" and state.decider == 1
    return state


def test_a_stored_siege_commitment_is_seen_only_by_the_attacker() -> None:
    """ZK-H2, ZK-H4: everybody sees that the attacker committed; only he sees how much;
    resampling for any other seat (ZK-H6 step 3) leaves that seat's observation alone."""
    enc = encoding(4)
    state = siege_commitment()
    width = len(FIGHT_TYPES)
    for viewer in (0, 1, 2, 3, None):
        obs = enc.observation(state, viewer)
        fight = part(enc, obs, "fight")
        assert fight[0] == 1 and fight[1 + FIGHT_TYPES.index("jerusalem_round")] == 1
        tail = fight[1 + width + 4 + 1 + 4 + 2 + 3 :]
        committed, mine, defender = tail[0], tail[1], tail[2:]
        assert committed == 1
        assert mine == (7 if viewer == 2 else 0)
        r = 0 if viewer is None else viewer
        assert defender[(1 - r) % 4] == 1  # seat 1 defends (ZK-J3)
        for seed in range(3):
            again = state.resample(viewer, random.Random(seed))
            assert enc.observation(again, viewer) == obs
    assert part(enc, enc.observation(state, 1), "phase") == [0, 1, 0, 0]  # a city phase


def test_observations_are_fresh_lists() -> None:
    """A caller may change a returned vector; the cached parts stay intact."""
    enc = encoding(3)
    state = new(3)
    first = enc.observation(state, 0)
    first[:] = [9.0] * len(first)
    assert enc.observation(state, 0) == enc.observation(state.clone(), 0)
    assert 9.0 not in enc.observation(state, 0)


def test_cached_parts_never_go_stale() -> None:
    """The encoding keeps the last discard counts, unit block and per-observer city block;
    observations of states from two interleaved games and of their resamples equal those
    of a fresh encoding that has seen nothing."""
    shared = encoding(3)
    comp = default_components()
    games = [GAME.new_game(3, seed) for seed in (21, 22)]
    rng = random.Random(5)
    checked = 0
    for step in range(400):
        state = games[step % 2]
        if state.is_over():
            continue
        seat = state.actors()[0]
        shared.observation(state, seat)
        if step % 13 == 0:
            viewer = rng.choice([None, 0, 1, 2])
            sample = state.resample(viewer, random.Random(step)) if step % 2 else state
            fresh = ZkEncoding(comp, 3, 1000)
            assert shared.observation(sample, viewer) == fresh.observation(sample, viewer)
            checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked >= 25


def reference_observation(enc: ZkEncoding, state: Any, seat: int | None) -> list[float]:
    """The observation recomputed slice by slice from the documented layout, without any
    cache, gather table or template: what the optimised ``observation`` must equal."""
    comp, board, n = state.comp, state.comp.board, enc.players
    r = 0 if seat is None else seat
    start = {s.name: s.start for s in enc.observation_layout()}
    obs = [0.0] * enc.observation_size

    def put(name: str, i: int, value: float) -> None:
        obs[start[name] + i] += value

    def rel(s: int) -> int:
        return (s - r) % n

    put("observer", n if seat is None else seat, 1)
    put("decision", E.DECISIONS.index(state.decision_kind), 1)
    put("phase", E.PHASES.index(phase_of(state)), 1)
    tower = state.tower
    game = [
        state.turn,
        len(state.draw_pile),
        len(state.discard),
        state.exhaustions,
        state.garrison,
        state.sieges,
        state.siege_round,
        tower.count(GREEN),
        tower.total(),
    ]
    for i, value in enumerate(game):
        put("game", i, value)
    for s in range(n):
        eligible = (
            len(state.green_tiles[s]) >= state.jerusalem_tiles
            and state.motivation[s] >= JERUSALEM_MOTIVATION
            and state.army[s] >= 5
        )
        fields = [
            s == state.active,
            s == state.decider,
            state.army[s],
            state.supply[s],
            tower.count(s),
            state.treasure[s],
            state.motivation[s],
            len(state.hands[s]),
            eligible,
        ]
        for f, value in enumerate(fields):
            put("seats", f * n + rel(s), float(value))
        slow = [
            s == state.start_player,
            state.markers[s],
            len(state.green_tiles[s]),
            len(state.red_tiles[s]),
        ]
        for f, value in enumerate(slow):
            put("seat_holdings", f * n + rel(s), float(value))
        nk = len(comp.knight_ids)
        put("knights", rel(s) * nk + comp.knight_ids.index(state.knights[s]), 1)
    types: list[Any] = []
    for card in comp.cards:
        if E.card_type_key(card) not in types:
            types.append(E.card_type_key(card))
    type_of = [types.index(E.card_type_key(card)) for card in comp.cards]
    if seat is not None:
        for c in state.hands[seat]:
            put("hand_types", type_of[c], 1)
            put("hand_cards", c, 1)
    for c in state.discard:
        put("discard_types", type_of[c], 1)
    red = {v: comp.red_values.count(v) for v in enc.red_values}
    green = {v: comp.green_values.count(v) for v in enc.green_values}
    for city in board.cities:
        by = state.plundered_by[city.index]
        if by >= 0:
            value = state.tile[city.index]
            put("cities", city.index * (n + 1) + rel(by), 1)
            put("cities", city.index * (n + 1) + n, value)
            if city.kind == RED:
                red[value] -= 1
            elif city.kind == GREEN_CITY:
                green[value] -= 1
    for i, v in enumerate(enc.red_values):
        put("face_down_red", i, red[v])
    for i, v in enumerate(enc.green_values):
        put("face_down_green", i, green[v])
    cells = enc.ncells
    for u, here in enumerate(state.units):
        if here >= 0:
            put("units", 2 * u, 1)
            put("units", 2 * u + 1, float(here == comp.units[u].start_cell))
            put("planes", 2 * cells + here, 1)
    fight = state.fight
    if fight is not None:
        at = 0
        put("fight", at, 1)
        put("fight", at + 1 + FIGHT_TYPES.index(fight.kind), 1)
        at += 1 + len(FIGHT_TYPES)
        put("fight", at + rel(fight.fighter), 1)
        at += n
        put("fight", at, fight.enemy)
        at += 1
        if fight.unit >= 0:
            put("fight", at + fight.unit, 1)
        at += len(comp.units)
        put("fight", at, float(fight.lance >= 0))
        put("fight", at + 1, max(fight.committed, 0))
        at += 2
        if fight.outcome:
            put("fight", at + E.OUTCOMES.index(fight.outcome), 1)
        at += len(E.OUTCOMES)
        if fight.kind == "jerusalem_round":
            chosen = None if state.secret is None else state.secret.own_choice(fight.fighter)
            if chosen is not None:
                put("fight", at, 1)
                if seat == fight.fighter:
                    put("fight", at + 1, chosen.amount)
            put("fight", at + 2 + rel(state.defender()), 1)
    if state.decision_kind == "symbol":
        put("context", 0 if state.symbol == "fleet" else 1, 1)
    if state.two_step >= 0:
        put("context", 2 if comp.cards[state.two_step].event == "forced_march" else 3, 1)
    origin = state.origin[state.active]
    if origin >= 0:
        (ox, oy), (px, py) = board.xy(origin), board.xy(state.pawn[state.active])
        put("step_origin", E.DIRECTIONS.index((ox - px, oy - py)), 1)
    for s in range(n):
        put("planes", (0 if s == seat else cells) + state.pawn[s], 1)
    return obs


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (4, {"tower_model": "A"}), (5, {}), (3, {"edition_data": wide_edition()})],
)
def test_observation_equals_a_straightforward_recomputation(
    players: int, options: dict[str, Any]
) -> None:
    """The optimised observation (templates, gathers, caches) equals the slice-by-slice
    recomputation for every seat and the spectator on many seeded states, their
    resamples, and a stored siege commitment (ZK-H4)."""
    enc = GAME.encoding(players, options)
    assert isinstance(enc, ZkEncoding)
    rng = random.Random(players)
    checked = fights = 0
    for seed in (31, 32, 33):
        state: Any = GAME.new_game(players, seed, options)
        while not state.is_over():
            seat = state.actors()[0]
            if rng.random() < 0.3:
                viewer = rng.choice([None, *range(players)])
                sample = state.resample(viewer, rng) if rng.random() < 0.2 else state
                for who in (seat, viewer):
                    assert enc.observation(sample, who) == reference_observation(enc, sample, who)
                checked += 1
                fights += state.fight is not None
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for who in (None, *range(players)):
            assert enc.observation(state, who) == reference_observation(enc, state, who)
    assert checked >= 200 and fights >= 5
    if players == 4 and not options.get("edition_data"):
        siege = siege_commitment()
        for who in (None, 0, 1, 2, 3):
            assert enc.observation(siege, who) == reference_observation(enc, siege, who)


# -- game length -------------------------------------------------------------------------------


def test_max_game_length_formula() -> None:
    """ZK-W3 turns x 7 + (6 + 4N) x (5N + 2 x 126 held cards) + 4 x (15 + 2 x 2 x 4) siege
    rounds (see encoding.max_game_length); turn_limit = none has no bound."""
    assert encoding(2).max_game_length == 7 * 1000 + 14 * (10 + 252) + 4 * 31 == 10792
    assert encoding(5).max_game_length == 7 * 1000 + 26 * (25 + 252) + 4 * 31 == 14326
    assert encoding(3, {"turn_limit": 10}).max_game_length == 70 + 18 * 267 + 124
    assert encoding(3, {"turn_limit": "none"}).max_game_length == E.UNBOUNDED


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_stay_within_the_bound(players: int) -> None:
    """Seeded random and heuristic games (ZK-W1, ZK-W2) and short turn limits (ZK-W3)."""
    heuristic = bots.make("heuristic", GAME)
    random_bot = bots.make("random", GAME)
    for seed, bot, options in (
        (11, heuristic, {}),
        (12, heuristic, {"turn_limit": 5}),
        (13, random_bot, {"turn_limit": 3}),
        (14, random_bot, {"exhaustion_winner": "most_muslim_cities"}),
    ):
        bound = GAME.encoding(players, options).max_game_length
        state = GAME.new_game(players, seed, options)
        rng = random.Random(seed)
        moves = 0
        while not state.is_over():
            seat = state.actors()[0]
            state.apply(seat, bots.act(bot, state, seat, rng))
            moves += 1
            assert moves <= bound
