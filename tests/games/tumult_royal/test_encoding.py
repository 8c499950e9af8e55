"""The numeric encoding of Tumult Royal (``games/tumult_royal/encoding.py``): the shared
contract checks for every player count and variant, plus known answers for the action
indices, the observation slices and the game-length bound."""

from __future__ import annotations

import math
import random

import pytest

from spieltisch import bots
from spieltisch.engine.errors import IllegalAction, OptionError
from spieltisch.games.tumult_royal.encoding import TumultEncoding, encoding_for

from ...encoding_checks import check_encoding
from .helpers import (
    DONE,
    END_TURN,
    GAME,
    KEEP,
    PUT_BACK,
    WAIT,
    A,
    B,
    C,
    assign,
    build,
    new,
    peek,
    place,
    spin_index,
    to_build,
    to_grab,
)


def layout(enc):
    return {s.name: s for s in enc.observation_layout()}


def part(enc, obs, name):
    s = layout(enc)[name]
    return obs[s.start : s.start + s.size]


# -- the shared contract -------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["standard", "zocker"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_encoding_contract(players, variant):
    """Random games: indices injective and decodable, illegal indices refused without
    change, observations fixed-size and unchanged by resampling (TR-H4), length bounded."""
    for seed in (1, 2):
        check_encoding(GAME, players, seed, {"variant": variant}, resample_every=5)


@pytest.mark.parametrize(
    "options", [{"keep_goods": True}, {"grab_ticks": 6, "greed_measure": "tiles"}]
)
def test_encoding_contract_other_options(options):
    """keep_goods carries face-up tiles across rounds (TR-R29, public faces); grab_ticks
    changes the tick slice and the length bound (TR-G1)."""
    check_encoding(GAME, 3, 3, options, resample_every=5)


# -- sizes ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "actions", "size", "length"),
    [(2, 4238, 756, 550), (3, 6347, 1085, 825), (4, 8456, 1464, 1100)],
)
def test_sizes(players, actions, size, length):
    """5 + S slots + F fields + F x 116 payments; the observation layout covers it."""
    enc = GAME.encoding(players)
    assert (enc.num_actions, enc.observation_size, enc.max_game_length) == (actions, size, length)
    assert enc.max_slots == {2: 21, 3: 24, 4: 27}[players]  # TR-S3, TR-G2: tiles - 3P
    assert enc.npayments == 116
    assert GAME.encoding(players, {"variant": "zocker"}).num_actions == actions
    parts = enc.observation_layout()
    assert parts[0].start == 0 and parts[-1].start + parts[-1].size == size


def test_layout_4p():
    enc = GAME.encoding(4)
    assert [(s.name, s.start, s.size) for s in enc.observation_layout()] == [
        ("fields", 0, 720),
        ("observer", 720, 5),
        ("options", 725, 3),
        ("phase", 728, 4),
        ("round", 732, 11),
        ("demand", 743, 15),
        ("chronicle", 758, 40),
        ("rank", 798, 16),
        ("followers", 814, 4),
        ("reserve", 818, 4),
        ("grace", 822, 4),
        ("built", 826, 1),
        ("set_aside", 827, 1),
        ("tick", 828, 24),
        ("actors", 852, 4),
        ("done", 856, 4),
        ("hand", 860, 4),
        ("tiles_held", 864, 4),
        ("slots", 868, 243),
        ("slot_faces", 1111, 243),
        ("holdings", 1354, 36),
        ("pool", 1390, 9),
        ("unseen", 1399, 9),
        ("last_tick", 1408, 24),
        ("my_choice", 1432, 32),
    ]


def test_options_change_sizes():
    """TR-G1: T ticks give a T-wide tick slice and T in the bound."""
    enc = GAME.encoding(4, {"grab_ticks": 6})
    assert layout(enc)["tick"].size == 6
    assert enc.observation_size == 1464 - 18
    assert enc.max_game_length == 4 + 10 * 4 * (6 + 1) + 4 * 24
    assert GAME.encoding(4, {"grab_ticks": 6}) is enc  # cached per configuration
    with pytest.raises(OptionError):
        GAME.encoding(4, {"no_such_option": 1})
    with pytest.raises(OptionError):
        encoding_for(5, {"variant": "standard"}, GAME.ruleset({"ruleset_data": "default"}))


# -- observation bounds ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [{}, {"variant": "zocker"}, {"keep_goods": True}, {"grab_ticks": 1}, {"grab_ticks": 6}],
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_bounds_shape(players, options):
    """One finite (low, high) pair per observation number, low = 0 <= high, computed once per
    configuration (the encoding is cached)."""
    enc = GAME.encoding(players, options)
    low, high = enc.observation_bounds
    assert len(low) == len(high) == enc.observation_size
    assert all(math.isfinite(x) for x in (*low, *high))
    assert set(low) == {0.0}
    assert min(high) >= 1.0  # never low == high (gymnasium's check_env warns)
    assert all(lo <= hi for lo, hi in zip(low, high, strict=True))
    assert GAME.encoding(players, options).observation_bounds is enc.observation_bounds


def bound(enc, name):
    s = layout(enc)[name]
    return list(enc.observation_bounds[1][s.start : s.start + s.size])


def test_observation_bounds_follow_the_rules():
    """Counts are bounded by the rules and the data: chronicle fields take 1 statue in rounds
    1-5 and 2 in rounds 6-10 (TR-D9, TR-R25); 25 statues in reserve (TR-D3); 3 tiles set
    aside per player (TR-G2); per face no more than the game set holds (TR-D1: 6x1 4x2 3x3
    per good with 4 players, 4x1 3x2 2x3 with 2); one-hots and flags at most 1."""
    enc = GAME.encoding(4)
    assert bound(enc, "chronicle") == [1.0] * 20 + [2.0] * 20  # field-major, 4 seats each
    assert bound(enc, "reserve") == [25.0] * 4
    assert bound(enc, "set_aside") == [12.0]
    assert bound(enc, "pool") == bound(enc, "unseen") == [6, 4, 3] * 3
    assert bound(enc, "holdings") == [6, 4, 3] * 12
    for name in ("fields", "observer", "phase", "round", "demand", "rank", "slots", "my_choice"):
        assert set(bound(enc, name)) == {1.0}, name
    two = GAME.encoding(2)
    assert bound(two, "pool") == [4, 3, 2] * 3
    assert bound(two, "set_aside") == [6.0]


def test_followers_bound_comes_from_the_gains():
    """The follower supply is unlimited (TR-D2); only a build's surplus (TR-R20) and the +2
    for not building (TR-R21, once per round, TR-R31) add followers. A mountain paid with
    three 3s (TR-E17) is the largest surplus, 6; a seat builds at most 24 times (TR-S7,
    TR-R17, TR-D3). So 30/20/15 + 24 x 6 + 10 x 2."""
    for players, start in ((2, 30), (3, 20), (4, 15)):
        enc = GAME.encoding(players)
        assert enc.max_surplus == 6
        assert bound(enc, "followers") == [float(start + 24 * 6 + 10 * 2)] * players


def test_tiles_held_bound():
    """TR-G6, TR-G7, TR-G16: a keep follows a peek one tick earlier, so at most T // 2 tiles a
    round; carried tiles (keep_goods, TR-R29) can make it the whole game set (TR-S3)."""
    assert bound(GAME.encoding(4), "tiles_held") == [12.0] * 4
    assert bound(GAME.encoding(3, {"grab_ticks": 6}), "tiles_held") == [3.0] * 3
    # T = 1: nobody can keep a tile, but a bound is never below 1 (gymnasium's Box check)
    assert bound(GAME.encoding(3, {"grab_ticks": 1}), "tiles_held") == [1.0] * 3
    assert bound(GAME.encoding(2, {"keep_goods": True}), "tiles_held") == [27.0] * 2


def test_observation_bounds_hold_with_one_tick():
    """With T = 1 nobody can keep a tile (TR-G16): the random games stay within the bounds."""
    check_encoding(GAME, 2, 4, {"grab_ticks": 1}, resample_every=5)


# -- actions ---------------------------------------------------------------------------------
def test_action_indices_known_answers():
    enc = GAME.encoding(4)
    assert [enc.action_index(a) for a in (KEEP, PUT_BACK, DONE, WAIT, END_TURN)] == [0, 1, 2, 3, 4]
    assert enc.action_index(peek(0)) == 5
    assert enc.action_index(peek(26)) == 31
    assert enc.action_index(place(0, 0)) == 32
    assert enc.action_index(place(1, 2)) == 32 + 1 * 12 + 2  # field r * width + c
    # build = 104 + field * 116 + payment
    assert enc.payments[9] == (("bread", 1), ("tools", 1))
    assert enc.action_index(build(1, 2, ("bread", 1), ("tools", 1))) == 104 + 14 * 116 + 9
    castle = build(0, 0, ("bread", 3), ("marble", 3), ("tools", 2))
    assert enc.action_index(castle) == 104 + 51
    assert enc.describe_action(0) == "keep"
    assert enc.describe_action(31) == "peek slot 26"
    assert enc.describe_action(46) == "place_start (1,2)"
    assert enc.describe_action(104 + 14 * 116 + 9) == "build (1,2) paying bread1 tools1"
    assert enc.describe_action(enc.num_actions).startswith("no action")
    for bad in (peek(27), place(6, 0), build(0, 0, ("bread", 1))):  # no such slot/field/cost
        with pytest.raises(IllegalAction):
            enc.action_index(bad)


def test_payment_table_is_every_minimal_cover():
    """TR-R18, TR-R19: the table holds every payment any cost admits and nothing else."""
    enc = GAME.encoding(4)
    assert len(set(enc.payments)) == len(enc.payments)
    covers = {(1, 0, 1): 9, (2, 0, 2): 9, (0, 1, 1): 9, (0, 2, 2): 9}
    covers |= {(1, 1, 1): 27, (2, 2, 1): 27, (3, 3, 2): 48}
    for cost, count in covers.items():
        fit = [
            p
            for p in enc.payments_by_good
            if all(
                (not p[g]) if cost[g] == 0 else sum(p[g]) >= cost[g] > sum(p[g]) - p[g][0]
                for g in range(3)
            )
        ]
        assert len(fit) == count, cost


def test_decoding_refuses_illegal_indices_and_changes_nothing():
    """TR-S7, TR-G6, TR-R15: the seat, the phase and the table decide; nothing changes."""
    enc = GAME.encoding(3)
    s = new(3, seed=5)
    before = s.to_json()
    actor = s.actors()[0]
    other = next(p for p in range(3) if p != actor)
    start = enc.legal_indices(s, actor)[0]
    for seat, index in [(actor, 0), (actor, 2), (other, start), (actor, -1), (actor, 10**6)]:
        with pytest.raises(IllegalAction):
            enc.action_from_index(s, seat, index)
    with pytest.raises(IllegalAction):
        enc.action_from_index(s, actor, "5")
    assert s.to_json() == before
    s = to_grab(3, seed=5)
    s.apply(A, peek(0))
    s.apply(B, peek(0))
    s.apply(C, WAIT)  # a conflict: one of A and B holds slot 0
    holder = s.slot_holder[0]
    loser = B if holder == A else A
    before = s.to_json()
    for seat, index in [(holder, enc.peek0 + 1), (loser, 0), (loser, enc.peek0), (C, 4)]:
        with pytest.raises(IllegalAction):
            enc.action_from_index(s, seat, index)  # hand full / empty / held / no build now
    assert s.to_json() == before
    assert enc.action_from_index(s, holder, 0) == KEEP
    assert enc.action_from_index(s, loser, enc.peek0 + 1) == peek(1)


def test_build_indices_decode_directly():
    """TR-R16 to TR-R19: every legal build decodes; a payment the seat cannot hold, a cost
    it does not cover, or a superfluous tile is refused."""
    s = to_build(3, seed=9)
    builder = s.actors()[0]
    assign(s, {builder: [("bread", 1), ("bread", 3), ("marble", 2), ("tools", 1), ("tools", 2)]})
    enc = GAME.encoding(3)
    legal = s.legal_actions(builder)
    assert len(legal) > 10
    for action in legal:
        assert enc.action_from_index(s, builder, enc.action_index(action)) == action
    meadow = next(a for a in legal if a.kind == "build" and len(a.payment) == 2)
    r, c = meadow.field
    before = s.to_json()
    for payment in [
        (("bread", 2), ("tools", 1)),  # not held
        (("bread", 3), ("marble", 2), ("tools", 1)),  # a good this terrain does not need
    ]:
        index = enc.action_index(build(r, c, *payment))
        with pytest.raises(IllegalAction):
            enc.action_from_index(s, builder, index)
    assert s.to_json() == before


# -- observation -----------------------------------------------------------------------------
def test_observation_at_setup():
    """TR-S4, TR-S5, TR-S7, TR-D8: ranks, fog, followers, the whole pool face up."""
    s = new(4, seed=1)
    enc = GAME.encoding(4)
    obs = enc.observation(s, None)
    assert part(enc, obs, "observer") == [0, 0, 0, 0, 1]
    assert part(enc, obs, "phase") == [1, 0, 0, 0]
    assert part(enc, obs, "round")[0] == 1
    assert part(enc, obs, "followers") == [15.0] * 4  # TR-S6
    assert part(enc, obs, "reserve") == [25.0] * 4
    first = s.rank[-1]  # the lowest rank places first (TR-S7)
    assert part(enc, obs, "actors") == [float(p == first) for p in range(4)]
    rank = part(enc, obs, "rank")
    assert [rank[p * 4 : p * 4 + 4].index(1.0) for p in range(4)] == [
        s.rank.index(p) for p in range(4)
    ]
    assert part(enc, obs, "pool") == [6, 4, 3] * 3  # 4p: 6x1 4x2 3x3 per good (TR-D1)
    assert part(enc, obs, "unseen") == [0.0] * 9
    fields = part(enc, obs, "fields")
    for f in range(72):  # columns 0 and 3 start face down (TR-D8): width-10 rows
        down = s.land.pos[f][1] in (0, 3)
        assert fields[f * 10] == float(down)
        assert sum(fields[f * 10 : f * 10 + 6]) == 1.0
        assert fields[f * 10 + 6 : f * 10 + 10] == [0.0] * 4
    assert part(enc, obs, "demand") == [1, 0, 0, 0, 0] * 3  # not spun before TR-R4


def test_observation_in_the_grab_is_private():
    """TR-G11, TR-G12: the holder sees the face in hand, others see only that it is held;
    the spinner value is public (TR-R4); the own pending choice only for its owner."""
    s = to_grab(3, seed=71, spin=spin_index(3))
    enc = GAME.encoding(3)
    s.apply(A, peek(4))
    s.apply(B, WAIT)
    s.apply(C, DONE)
    s.apply(A, WAIT)  # pending for tick 2
    obs_a, obs_b = enc.observation(s, A), enc.observation(s, B)
    assert part(enc, obs_a, "demand") == [0, 0, 1, 0, 0] * 3
    assert part(enc, obs_a, "tick")[:3] == [0, 1, 0]
    assert part(enc, obs_a, "actors") == [0, 1, 0]  # A chose, C is done
    assert part(enc, obs_a, "done") == [0, 0, 1]
    assert part(enc, obs_a, "hand") == [1, 0, 0]
    assert part(enc, obs_a, "set_aside") == [9.0]  # TR-G2: 3 per player
    slots = part(enc, obs_a, "slots")  # width 1 + 2P = 7
    assert slots[4 * 7 : 5 * 7] == [0, 1, 0, 0, 0, 0, 0]  # held by A
    assert slots[0:7] == [1, 0, 0, 0, 0, 0, 0]
    assert sum(slots) == 24  # 33 - 9 slots exist
    faces_a, faces_b = part(enc, obs_a, "slot_faces"), part(enc, obs_b, "slot_faces")
    face = s.faces[s.slot_tile[4]]
    kind = enc.face_kinds.index(face)
    assert faces_a[4 * 9 : 5 * 9] == [float(k == kind) for k in range(9)]
    assert faces_b == [0.0] * len(faces_b)
    unseen_a, unseen_b = part(enc, obs_a, "unseen"), part(enc, obs_b, "unseen")
    assert sum(unseen_b) == 33 and sum(unseen_a) == 32 and unseen_a[kind] == unseen_b[kind] - 1
    last = part(enc, obs_b, "last_tick")  # [peek won, peek lost, keep, put back, done, wait]
    assert [last[0:6], last[6:12], last[12:18]] == [
        [1, 0, 0, 0, 0, 0],  # A won its peek
        [0, 0, 0, 0, 0, 1],  # B waited
        [0, 0, 0, 0, 1, 0],  # C is done
    ]
    assert part(enc, obs_a, "my_choice")[:5] == [0, 0, 0, 0, 1]  # A's own pending wait
    assert part(enc, obs_b, "my_choice") == [0.0] * (5 + 24)
    assert part(enc, enc.observation(s, None), "my_choice") == [0.0] * (5 + 24)


def test_observation_after_keep_and_reveal():
    """TR-G12: a kept face stays private until TR-R7 reveals every face but the set-aside
    ones, whose multiset is then all that stays unseen (TR-H4)."""
    s = to_grab(3, seed=72)
    enc = GAME.encoding(3)
    s.apply(A, peek(2))
    s.apply(B, DONE)
    s.apply(C, DONE)
    s.apply(A, KEEP)
    kind = enc.face_kinds.index(s.faces[s.slot_tile[2]])
    obs_a, obs_c = enc.observation(s, A), enc.observation(s, C)
    assert part(enc, obs_a, "holdings")[kind] == 1.0
    assert part(enc, obs_c, "holdings") == [0.0] * 27
    assert part(enc, obs_c, "tiles_held") == [1, 0, 0]
    assert part(enc, obs_c, "slots")[2 * 7 : 3 * 7] == [0, 0, 0, 0, 1, 0, 0]  # taken by A
    s.apply(A, DONE)
    assert s.phase == "build" and s.revealed
    obs = enc.observation(s, None)
    aside = [0] * 9
    for t in s.aside:
        aside[enc.face_kinds.index(s.faces[t])] += 1
    assert part(enc, obs, "unseen") == aside
    assert sum(part(enc, obs, "pool")) + sum(part(enc, obs, "holdings")) + 9 == 33
    assert part(enc, obs, "slot_faces") == part(enc, enc.observation(s, B), "slot_faces")


def test_observation_board_and_chronicle():
    """TR-S7, TR-R20, TR-R25: owners per field; chronicle statues per round and King."""
    s = to_build(3, seed=9)
    enc = GAME.encoding(3)
    builder = s.actors()[0]
    assign(s, {builder: [("bread", 3), ("marble", 3), ("tools", 3)]})
    action = next(a for a in s.legal_actions(builder) if a.kind == "build")
    s.apply(builder, action)
    obs = enc.observation(s, None)
    fields = part(enc, obs, "fields")  # width K+1+P = 9
    f = s.land.field(*action.field)
    assert fields[f * 9 + 6 : f * 9 + 9] == [float(p == builder) for p in range(3)]
    assert part(enc, obs, "built") == [1.0]
    while s.phase == "build":
        s.apply(s.actors()[0], END_TURN)
    king, n = s.chronicle[0]
    obs = enc.observation(s, None)
    assert part(enc, obs, "chronicle")[:3] == [float(p == king) * n for p in range(3)]
    assert part(enc, obs, "round")[2] == 1.0 and part(enc, obs, "phase") == [0, 1, 0, 0]


def test_cached_parts_never_go_stale():
    """The observation memo (by state object, checked by content) gives exactly what a
    fresh encoding computes, at every step, for every seat and after resampling."""
    shared = GAME.encoding(3)
    s = new(3, seed=17)
    rng = random.Random(17)
    steps = 0
    while not s.is_over():
        fresh = TumultEncoding(3, s.options, s.rules)
        for seat in (0, 1, 2, None):
            assert shared.observation(s, seat) == fresh.observation(s, seat)
        if steps % 11 == 0:
            again = s.resample(A, random.Random(steps))
            assert shared.observation(again, A) == shared.observation(s, A)
        actor = s.actors()[0]
        s.apply(actor, rng.choice(s.legal_actions(actor)))
        steps += 1


# -- game length -----------------------------------------------------------------------------
def test_max_game_length_holds_for_random_and_heuristic_games():
    """P start statues + R rounds x P seats x (T ticks + 1 end_turn) + P x 24 builds
    (TR-S7, TR-G9, TR-R15, TR-R17, TR-R31) bounds random and heuristic games."""
    heuristic = bots.make("heuristic", GAME)
    for players in (2, 3, 4):
        enc = GAME.encoding(players)
        for seed in range(4):
            for mode in ("random", "heuristic"):
                s = new(players, seed=seed)
                rng = random.Random(seed)
                moves = 0
                while not s.is_over():
                    seat = s.actors()[0]
                    if mode == "random":
                        action = rng.choice(s.legal_actions(seat))
                    else:
                        action = bots.act(heuristic, s, seat, rng)
                    s.apply(seat, action)
                    moves += 1
                assert moves <= enc.max_game_length


def test_max_game_length_is_reached_by_waiting_through_every_tick():
    """The T x P term is tight: seats that always wait play every tick of every grab
    (TR-G9), and a turn without a build is one end_turn (TR-R21)."""
    enc = GAME.encoding(2, {"grab_ticks": 5})
    s = new(2, seed=3, grab_ticks=5)
    moves = 0
    while not s.is_over():
        seat = s.actors()[0]
        legal = s.legal_actions(seat)
        action = WAIT if WAIT in legal else END_TURN if END_TURN in legal else legal[0]
        s.apply(seat, action)
        moves += 1
    assert moves == 2 + s.round * 2 * (5 + 1)
    assert moves <= enc.max_game_length
