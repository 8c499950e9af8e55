"""Medina's numeric encoding (``games/medina/encoding.py``, docs/research/medina.md): the
shared contract for every configuration, known action indices and observation values,
direct decoding against ``legal_actions``, and the bound on the game length."""

from __future__ import annotations

import itertools
import json
import math
import random
from typing import Any

import pytest

from spieltisch import bots
from spieltisch.engine.encoding import check_layout
from spieltisch.engine.errors import IllegalAction, OptionError
from spieltisch.games.medina.data import default_ruleset
from spieltisch.games.medina.encoding import MedinaEncoding
from spieltisch.games.medina.game import score_bound
from spieltisch.games.medina.heuristic import HeuristicBot
from spieltisch.games.medina.state import MedinaState

from ...encoding_checks import check_encoding, observation_bounds
from .positions import GAME, act, build, position
from .test_options import must_roof_state

ED2 = {"edition": 2}
# (players, options): both editions, every player count, and the options that change the
# action space (start_merchant_anywhere) or exercise other legality paths
CONFIGS = [
    (3, {}),
    (4, {}),
    (3, {"start_merchant_anywhere": True}),
    (4, {"last_player_must_roof": True}),
    (2, ED2),
    (3, ED2),
    (4, ED2),
    (3, {**ED2, "neutral_takes_tiles": False, "last_player_must_roof": True}),
    (2, {**ED2, "open_screens": True}),
]


def encoding(players: int, options: dict[str, Any] | None = None) -> MedinaEncoding:
    enc = GAME.encoding(players, options)
    assert isinstance(enc, MedinaEncoding)
    return enc


def new(players: int, seed: int, options: dict[str, Any] | None = None) -> MedinaState:
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, MedinaState)
    return state


def part(enc: MedinaEncoding, obs: list[float], name: str) -> list[float]:
    layout = {s.name: s for s in enc.observation_layout()}[name]
    return obs[layout.start : layout.start + layout.size]


def city(enc: MedinaEncoding, x: int, y: int) -> int:
    """Index of cell (x, y) in a city plane."""
    return (y - 1) * (enc.width - 2) + (x - 1)


def random_states(players: int, seed: int, options: dict[str, Any] | None = None):
    """Every state of one seeded random game, the final one included."""
    state = new(players, seed, options)
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


# -- the shared contract ---------------------------------------------------------------------
@pytest.mark.parametrize(("players", "options"), CONFIGS)
@pytest.mark.parametrize("seed", [1, 2])
def test_contract(players: int, options: dict[str, Any], seed: int) -> None:
    """tests/encoding_checks.py for every player count and both editions (MD-S1, MD-S2)."""
    check_encoding(GAME, players, seed, options)


def test_one_instance_per_configuration() -> None:
    assert GAME.encoding(3) is GAME.encoding(3, {"open_screens": True})
    ranked = GAME.encoding(3, {"open_screens": True, "returns_mode": "rank"})
    # another return formula: the same spaces, only the utility bounds differ
    assert ranked.num_actions == GAME.encoding(3).num_actions
    assert ranked.observation_size == GAME.encoding(3).observation_size
    assert GAME.encoding(3) is not GAME.encoding(4)
    assert GAME.encoding(3) is not GAME.encoding(3, {"start_merchant_anywhere": True})


@pytest.mark.parametrize(
    ("players", "options", "error"),
    [(2, {}, "edition"), (5, {}, "5"), (3, {"colour_blind": True}, "colour_blind")],
)
def test_bad_configuration_is_refused(players: int, options: dict[str, Any], error: str) -> None:
    with pytest.raises(OptionError, match=error):
        GAME.encoding(players, options)


# -- actions ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "options", "size"),
    [
        # start 126 (inner cells) + build 4x176 + roof, stable, merchant 176 each + wall 54
        (3, {}, 1412),
        (4, {}, 1412),
        (3, {"start_merchant_anywhere": True}, 1462),  # start on any of the 176 city cells
        (2, ED2, 1169),  # small board: 4x140 + roof, neutral, stable, merchant + 48 + tea
        (3, ED2, 1463),  # 4x176 + 4x176 (neutral roofs too) + 54 + tea
        (4, ED2, 1287),  # no neutral roofs with 4 players (MD-D6)
    ],
)
def test_action_space_size(players: int, options: dict[str, Any], size: int) -> None:
    """The kinds of MD-R21 that the configuration can offer, each over its cells."""
    enc = encoding(players, options)
    assert enc.num_actions == size
    blocks = enc.action_blocks
    assert blocks[0][0] == 0 and sum(b[1] for b in blocks) == size
    assert all(a[0] + a[1] == b[0] for a, b in itertools.pairwise(blocks))


def test_known_indices_first_edition() -> None:
    """MD-R21 order: start merchant, build (colour-major, MD-D4), roof, stable, merchant,
    wall; cells row-major."""
    enc = encoding(3)
    known = {
        0: act("start_merchant", 2, 2),  # the first inner cell (MD-R2, MD-R14)
        125: act("start_merchant", 15, 10),
        126: build("grey", 1, 1),
        126 + 2 * 176 + (4 - 1) * 16 + (3 - 1): build("brown", 3, 4),
        126 + 3 * 176 + 175: build("orange", 16, 11),
        830: act("roof", 1, 1),
        1006: act("stable", 1, 1),
        1182 + 17: act("merchant", 2, 2),
        1358: act("wall", 1, 0),  # the wall cells in row-major order
        1358 + 16: act("wall", 0, 1),
        1358 + 17: act("wall", 17, 1),
        1411: act("wall", 16, 12),
    }
    for index, action in known.items():
        assert enc.action_index(action) == index, action
        assert enc.describe_action(index) == str(action)


def test_known_indices_second_edition() -> None:
    """MD-R53 neutral roofs after the roofs, MD-R58 tea discard last."""
    enc = encoding(2, ED2)
    assert enc.action_index(build("grey", 1, 1)) == 0
    assert enc.action_index(build("purple", 1, 1)) == 140
    assert enc.action_index(act("roof", 1, 1)) == 560
    assert enc.action_index(act("neutral_roof", 14, 10)) == 839
    assert enc.action_index(act("stable", 1, 1)) == 840
    assert enc.action_index(act("merchant", 1, 1)) == 980
    assert enc.action_index(act("wall", 1, 0)) == 1120
    assert enc.action_index(act("discard_tea")) == 1168
    assert enc.describe_action(1168) == "discard tea"
    assert "not in range" in enc.describe_action(1169)


def test_actions_never_offered_have_no_index() -> None:
    enc = encoding(3)
    for action in (
        act("neutral_roof", 3, 3),  # 1st edition (MD-R53)
        act("discard_tea"),  # 1st edition (MD-R58)
        act("wall", 3, 3),  # not a wall cell (MD-R34)
        act("merchant", 0, 0),  # a tower (MD-R1)
        act("start_merchant", 1, 1),  # not inner (MD-R14)
        build("purple", 3, 3),  # a 2nd-edition colour (MD-D4)
        act("stable", 40, 3),
    ):
        with pytest.raises(IllegalAction):
            enc.action_index(action)
    with pytest.raises(IllegalAction):
        encoding(4, ED2).action_index(act("neutral_roof", 3, 3))  # no neutral roofs with 4


def _check_every_index(enc: MedinaEncoding, state: MedinaState) -> None:
    """action_from_index accepts exactly the indices of legal_actions, for every seat."""
    for seat in range(state.players):
        legal = {enc.action_index(a): a for a in state.legal_actions(seat)}
        for index in range(enc.num_actions):
            if index in legal:
                assert enc.action_from_index(state, seat, index) == legal[index]
            else:
                with pytest.raises(IllegalAction):
                    enc.action_from_index(state, seat, index)


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (4, {"last_player_must_roof": True}), (2, ED2), (3, ED2)],
)
def test_direct_decoding_matches_legal_actions(players: int, options: dict[str, Any]) -> None:
    """Every index at sampled steps of a game, for every seat (MD-R13: only the active seat
    has actions; MD-R22-R34 the destinations)."""
    enc = encoding(players, options)
    for i, state in enumerate(random_states(players, 5, options)):
        if i % 25 == 0 or state.is_over():
            _check_every_index(enc, state)


@pytest.mark.parametrize("edition", [1, 2])
def test_direct_decoding_forced_roof_and_tea(edition: int) -> None:
    """MD-R59: a forced roof allows only the roof; MD-R58: the tea discard is the second
    action of a quota-2 turn only, and not when a roof is forced."""
    for flag in (True, False):
        state = must_roof_state(flag, edition)
        enc = encoding(3, state.options)
        _check_every_index(enc, state)
        state.apply(0, act("wall", 1, 0))
        _check_every_index(enc, state)
        legal = enc.legal_indices(state, 0)
        if flag:
            assert legal == [enc.action_index(act("roof", 3, 3))]
        elif edition == 2:
            assert enc.action_index(act("discard_tea")) in legal


def test_roof_is_named_by_the_canonical_cell() -> None:
    """MD-R21: one roof action per palace, at its row-major smallest building cell."""
    state = position([("m", 8, 8), ("b", "g", 4, 3), ("b", "g", 3, 3)], {"g": ("grey", None)})
    enc = encoding(3)
    canonical = enc.action_index(act("roof", 3, 3))
    assert enc.action_from_index(state, 0, canonical) == act("roof", 3, 3)
    assert state.legal_actions(0).count(act("roof", 3, 3)) == 1
    with pytest.raises(IllegalAction):
        enc.action_from_index(state, 0, enc.action_index(act("roof", 4, 3)))


def test_illegal_index_is_refused_and_changes_nothing() -> None:
    enc = encoding(3, ED2)
    state = new(3, 4, ED2)
    before = state.to_json()
    wall = enc.action_index(act("wall", 1, 0))  # next to tower 1: legal for seat 0 (MD-R34)
    assert enc.action_from_index(state, 0, wall) == act("wall", 1, 0)
    for seat, index in [
        (1, wall),  # not seat 1's turn (MD-R13)
        (0, enc.action_index(act("wall", 5, 0))),  # not next to a wall or tower (MD-R34)
        (0, enc.action_index(act("roof", 3, 3))),  # no palace there (MD-R26)
        (0, enc.action_index(act("discard_tea"))),  # first action of a quota-1 turn (MD-R58)
        (0, -1),
        (0, enc.num_actions),
    ]:
        with pytest.raises(IllegalAction):
            enc.action_from_index(state, seat, index)
        assert state.to_json() == before
    with pytest.raises(IllegalAction):
        enc.action_from_index(state, 0, True)  # type: ignore[arg-type]


# -- observation -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "options", "size"),
    [
        (3, {}, 2069),
        (4, {}, 2267),
        (2, ED2, 1945),
        (3, ED2, 2620),
        (4, ED2, 2637),
    ],
)
def test_observation_layout(players: int, options: dict[str, Any], size: int) -> None:
    enc = encoding(players, options)
    layout = enc.observation_layout()
    check_layout(layout, enc.observation_size)
    assert enc.observation_size == size
    names = [s.name for s in layout]
    board = ["buildings", "stables", "merchants", "palace_owner", "expansion_squares"]
    if options.get("edition") == 2:
        board += ["well", "well_bonus"]
    assert names[: len(board) + 1] == [*board, "walls"]
    g = (enc.width - 2) * (enc.height - 2)
    sizes = {s.name: s.size for s in layout}
    assert sizes["buildings"] == 4 * g
    owners = players + 1 + (1 if options.get("edition") == 2 and players < 4 else 0)
    assert sizes["palace_owner"] == owners * g
    assert sizes["supply"] == players * (9 if options.get("edition") == 2 else 8)
    assert all(s.doc for s in layout)


def test_early_observation_known_values() -> None:
    """A 2nd-edition 2-player game with the well at (5,5) and the start merchant at (3,3)
    (MD-S2), after seat 0's one-piece opening turn (MD-R52) built grey at (10,8)."""
    options = {**ED2, "well_cell": [5, 5], "start_merchant_cell": [3, 3]}
    enc = encoding(2, options)
    state = new(2, 0, options)
    state.apply(0, build("grey", 10, 8))
    for seat in (0, 1, None):
        obs = enc.observation(state, seat)
        builder = (0 - (seat or 0)) % 2  # seat 0's slot for this observer
        g = 14 * 10
        planes = part(enc, obs, "buildings")
        assert [i for i, v in enumerate(planes) if v] == [city(enc, 10, 8)]  # grey plane
        assert [i for i, v in enumerate(part(enc, obs, "merchants")) if v] == [city(enc, 3, 3)]
        assert [i for i, v in enumerate(part(enc, obs, "well")) if v] == [city(enc, 5, 5)]
        bonus = [i for i, v in enumerate(part(enc, obs, "well_bonus")) if v]
        assert bonus == sorted(city(enc, x, y) for x, y in [(5, 3), (3, 5), (7, 5), (5, 7)])
        owners = part(enc, obs, "palace_owner")  # seat slots 0, 1, NEUTRAL, unclaimed
        assert [i for i, v in enumerate(owners) if v] == [3 * g + city(enc, 10, 8)]
        exp = [i for i, v in enumerate(part(enc, obs, "expansion_squares")) if v]
        assert exp == sorted(city(enc, x, y) for x, y in [(10, 7), (9, 8), (11, 8), (10, 9)])
        assert not any(part(enc, obs, "walls"))
        assert part(enc, obs, "phase") == [0.0, 1.0, 0.0]  # a turn (MD-R13)
        to_move = [0.0, 0.0]
        to_move[1 - builder] = 1.0  # seat 1 moves
        assert part(enc, obs, "to_move") == to_move
        assert part(enc, obs, "turn") == [2.0, 0.0]  # quota 2, nothing placed yet
        done = [0.0, 0.0]
        done[builder] = 1.0  # seat 0 has had its first turn (MD-R52)
        assert part(enc, obs, "first_turn_done") == done
        supply = part(enc, obs, "supply")  # MD-D6, 2 players
        rows = {builder: [7, 8, 8, 8, 4, 2, 4, 12, 15], 1 - builder: [8, 8, 8, 8, 4, 2, 4, 12, 15]}
        assert supply == [float(v) for slot in (0, 1) for v in rows[slot]]
        assert not any(part(enc, obs, "owns")) and not any(part(enc, obs, "retired"))
        assert not any(part(enc, obs, "palace_tiles")) and not any(part(enc, obs, "tower_tiles"))
        assert part(enc, obs, "tower_merchants") == [3.0, 2.0, 1.0, 0.0]  # MD-D6
        assert part(enc, obs, "tea") == [0.0, 0.0, 6.0, 0.0]  # MD-R57: the pool
        assert part(enc, obs, "scores") == [0.0, 0.0]


def _expected_board(enc: MedinaEncoding, state: MedinaState, seat: int | None) -> list[float]:
    """The board planes rebuilt from the seat's view (the slow, obvious way)."""
    view = state.view(seat)
    n, g = state.players, (enc.width - 2) * (enc.height - 2)
    owner_of = {p["id"]: p["owner"] for p in view["palaces"]}
    layout = {s.name: s for s in enc.observation_layout()}
    out = [0.0] * layout["walls"].start + [0.0] * layout["walls"].size
    wall_cells = [
        (x, y)
        for y in range(enc.height)
        for x in range(enc.width)
        if (x in (0, enc.width - 1)) != (y in (0, enc.height - 1))
    ]
    rot = seat or 0
    for piece in view["pieces"]:
        x, y = piece["cell"]
        if piece["kind"] == "wall":
            out[layout["walls"].start + wall_cells.index((x, y))] = 1.0
            continue
        i = city(enc, x, y)
        if piece["kind"] == "merchant":
            out[layout["merchants"].start + i] = 1.0
            continue
        if piece["kind"] == "building":
            out[layout["buildings"].start + enc.colours.index(piece["colour"]) * g + i] = 1.0
        else:
            out[layout["stables"].start + i] = 1.0
        owner = owner_of[piece["palace"]]
        plane = (
            (owner - rot) % n
            if isinstance(owner, int)
            else n
            if owner == "neutral"
            else layout["palace_owner"].size // g - 1
        )
        out[layout["palace_owner"].start + plane * g + i] = 1.0
    for c in state.exp_cells:
        out[layout["expansion_squares"].start + city(enc, *state.board.xy(c))] = 1.0
    if view["well"] is not None:
        out[layout["well"].start + city(enc, *view["well"])] = 1.0
        for x, y in view["bonus_cells"]:
            out[layout["well_bonus"].start + city(enc, x, y)] = 1.0
    return out


@pytest.mark.parametrize(("players", "options"), [(4, {}), (3, ED2), (4, ED2)])
def test_observation_agrees_with_the_view(players: int, options: dict[str, Any]) -> None:
    """At every step, for the seat to move and the spectator: the board planes agree with
    the view (MD-R68), the scores with ``scores()`` (MD-R63), the supply with the view's
    own supply and the ledger (MD-R67); a clone and a state read back from JSON (both
    built from their whole piece list) give the same vector as the incrementally kept one."""
    enc = encoding(players, options)
    board_end = {s.name: s for s in enc.observation_layout()}["phase"].start
    for i, state in enumerate(random_states(players, 11, options)):
        actors = state.actors()
        viewers: list[int | None] = [actors[0] if actors else 0, None]
        for seat in viewers:
            obs = enc.observation(state, seat)
            assert obs[:board_end] == _expected_board(enc, state, seat)
            rot = seat or 0
            scores = state.scores()
            assert part(enc, obs, "scores") == [scores[(rot + k) % players] for k in range(players)]
            if seat is not None:
                own = state.view(seat)["supplies"][seat]
                k = len(part(enc, obs, "supply")) // players
                assert part(enc, obs, "supply")[:4] == [float(v) for v in own["buildings"].values()]
                assert part(enc, obs, "supply")[k - 2] == own["merchants"]
            assert enc.observation(state.clone(), seat) == obs
            if i % 20 == 0:
                assert enc.observation(GAME.state_from_json(state.to_json()), seat) == obs


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {}), (2, ED2), (4, ED2)])
def test_every_seat_sees_the_spectators_vector_in_its_own_seat_order(
    players: int, options: dict[str, Any]
) -> None:
    """Seat slots are relative (slot j = seat (v + j) mod n) and Medina hides nothing that
    the vector shows (MD-R67, MD-R68): so seat v's vector is the spectator's (absolute
    seats) with every per-seat block rotated by v -- owner planes, supplies, owned colours,
    tile holders, scores, the seat to move; the rest is equal. Checked at every step, for
    every seat, through one encoding that serves all observers of a state from one cache."""
    enc = encoding(players, options)
    layout = {s.name: s for s in enc.observation_layout()}
    g, n = enc.city, players
    holders = len(part(enc, [0.0] * enc.observation_size, "tower_tiles")) // 4
    per_seat = {"palace_owner": g, "supply": len(part(enc, [0.0] * enc.observation_size,
                "supply")) // n, "owns": 4, "to_move": 1, "scores": 1}  # fmt: skip
    if options.get("edition") == 2:
        per_seat["first_turn_done"] = 1

    def rotated(spectator: list[float], v: int) -> list[float]:
        out = list(spectator)
        for name, width in per_seat.items():
            a = layout[name].start
            blocks = [spectator[a + s * width : a + (s + 1) * width] for s in range(n)]
            for j in range(n):
                out[a + j * width : a + (j + 1) * width] = blocks[(v + j) % n]
        for name, step in (("palace_tiles", holders + 1), ("tower_tiles", holders)):
            for b in range(4):
                a = layout[name].start + b * step
                seats = spectator[a : a + n]
                out[a : a + n] = [seats[(v + j) % n] for j in range(n)]
        a = layout["tea"].start if "tea" in layout else None
        if a is not None:
            seats = spectator[a : a + n]
            out[a : a + n] = [seats[(v + j) % n] for j in range(n)]
        return out

    for state in random_states(players, 5, options):
        spectator = enc.observation(state, None)
        for v in range(players):
            assert enc.observation(state, v) == rotated(spectator, v), f"seat {v}"


def test_open_screens_changes_nothing() -> None:
    """MD-R68, MD-R70: every hidden count is derivable from the public ledger, so opening
    the screens shows nothing new."""
    enc = encoding(3)
    closed = list(random_states(3, 8))[40]
    doc = closed.to_json()
    shown = GAME.state_from_json({**doc, "options": {**doc["options"], "open_screens": True}})
    assert shown.view(1)["supplies"][0] != closed.view(1)["supplies"][0]
    for seat in (0, 1, 2, None):
        assert enc.observation(shown, seat) == enc.observation(closed, seat)


def test_observation_of_a_finished_game() -> None:
    """MD-R20: game over, nobody to move."""
    enc = encoding(3)
    final = list(random_states(3, 9))[-1]
    obs = enc.observation(final, 0)
    assert part(enc, obs, "phase") == [0.0, 0.0, 1.0]
    assert not any(part(enc, obs, "to_move"))


# -- observation bounds ----------------------------------------------------------------------
def bounds(enc: MedinaEncoding, name: str) -> list[float]:
    """The upper bounds of one slice."""
    return part(enc, list(observation_bounds(enc)[1]), name)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_observation_bounds_shape(players: int, options: dict[str, Any]) -> None:
    """One finite (low, high) pair per number, low 0 and low < high; planes, one-hots and
    flags are bounded by 1, the counts by at least 1 (the values follow below)."""
    enc = encoding(players, options)
    assert enc.observation_bounds is not None
    for b in enc.observation_bounds:  # one number per position, not one for all
        assert not isinstance(b, (int, float)) and len(b) == enc.observation_size
    low, high = observation_bounds(enc)
    assert all(math.isfinite(x) for x in low + high)
    assert low == [0.0] * enc.observation_size
    assert all(lo < hi for lo, hi in zip(low, high, strict=True))  # no Box with low == high
    counts = {"turn", "supply", "palace_tiles", "tower_merchants", "tea", "scores"}
    for s in enc.observation_layout():
        if s.name not in counts:
            assert high[s.start : s.start + s.size] == [1.0] * s.size, s.name


@pytest.mark.parametrize("mode", ["rank", "score"])
def test_observation_bounds_survive_the_copy_for_other_returns(mode: str) -> None:
    """game.encoding() returns a shallow copy for these return formulas (MD-R66)."""
    for edition, players in ((1, 3), (2, 2)):
        options = {"edition": edition}
        plain = GAME.encoding(players, options)
        copied = GAME.encoding(players, {**options, "returns_mode": mode})
        assert copied is not plain
        assert copied.observation_bounds == plain.observation_bounds is not None


def test_observation_bounds_first_edition_values() -> None:
    """1st edition, 3 players: quota 2 (MD-R15); the MD-D5 supply per seat (6 per colour,
    4 roofs, 4 stables, 8 merchants, 10 walls), which only shrinks (MD-R16, MD-R36); a
    holder palace of at most 3x6 buildings + 3x4 stables (MD-R5); scores by MD-R60-R63."""
    enc = encoding(3)
    assert bounds(enc, "turn") == [2.0, 2.0]
    assert bounds(enc, "supply") == [6.0, 6.0, 6.0, 6.0, 4.0, 4.0, 8.0, 10.0] * 3
    assert bounds(enc, "palace_tiles") == [1.0, 1.0, 1.0, 30.0] * 4
    # 84 components + 30 walls + 2 x (24 + start merchant) + tiles 1+2+3+4 and 1+2+3+4
    assert bounds(enc, "scores") == [184.0] * 3
    assert bounds(enc, "phase") == [1.0] * 3
    four = encoding(4)  # MD-D5, 4 players: 5 per colour, 4 roofs, 3 stables, 6 merchants, 8 walls
    assert bounds(four, "supply")[:8] == [5.0, 5.0, 5.0, 5.0, 4.0, 3.0, 6.0, 8.0]
    assert bounds(four, "palace_tiles")[4] == 4 * (5 + 3)


def test_observation_bounds_second_edition_values() -> None:
    """2nd edition, 2 players (MD-D6): merchants 12 plus the 3+2+1+0 tower merchants a seat
    may receive (MD-R56); neutral roofs 2; tower tiles hold 3, 2, 1, 0 merchants and only
    lose them; one own-colour purple roof per seat (MD-R26) brings at most 3 tea tiles
    (MD-R57), the pool holds 6, and at most 2 own + 2x2 neutral roofs go on purple palaces
    (MD-R53); the well bonus counts on at most 4 cells (MD-D8)."""
    enc = encoding(2, ED2)
    assert bounds(enc, "supply") == ([8.0] * 4 + [4.0, 2.0, 4.0, 18.0, 15.0]) * 2
    # tower 4 holds none; its bound stays 1 (gymnasium warns about equal Box limits)
    assert bounds(enc, "tower_merchants") == [3.0, 2.0, 1.0, 1.0]
    assert bounds(enc, "tea") == [3.0, 3.0, 6.0, 6.0]
    assert bounds(enc, "first_turn_done") == [1.0, 1.0]
    # 72 components + 30 walls + 2 x (24 + 1 + 6) merchants + 4 x 4 well bonus + 10 + 10
    assert bounds(enc, "scores") == [200.0, 200.0]
    no_neutral = encoding(4, ED2)  # MD-D6: no neutral roofs with 4 players
    assert bounds(no_neutral, "supply")[5] == 1.0  # always 0, but low < high everywhere
    assert bounds(no_neutral, "tea")[-1] == 4.0


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {}), (2, ED2), (3, ED2), (4, ED2)])
def test_score_bound_is_within_the_utility_bound(players: int, options: dict[str, Any]) -> None:
    """The scores' bound is no looser than the one behind the score returns (MD-R63)."""
    edition = int(options.get("edition", 1))
    top = score_bound(default_ruleset(), players, edition)
    assert 0 < bounds(encoding(players, options), "scores")[0] <= top


def test_observation_bounds_follow_the_ruleset_data() -> None:
    """MD-D9: a replacement data file gives its own bounds."""
    doc = json.loads(default_ruleset().raw)
    doc["supply"]["1"]["3"]["walls"] = 3
    enc = encoding(3, {"ruleset_data": doc})
    assert bounds(enc, "supply")[7] == 3.0
    assert bounds(enc, "scores")[0] == 184.0 - 3 * 7


@pytest.mark.parametrize(("players", "options"), [(3, {}), (2, ED2), (4, ED2)])
def test_heuristic_games_stay_within_the_bounds(players: int, options: dict[str, Any]) -> None:
    """check_encoding plays random games; the heuristic bot, which builds large palaces and
    collects tiles, stays within the rule-derived bounds as well."""
    enc = encoding(players, options)
    low, high = observation_bounds(enc)
    for seed in range(2):
        state = new(players, seed, options)
        rng = random.Random(seed)
        while True:
            for seat in (*range(players), None):
                obs = enc.observation(state, seat)
                assert all(lo <= x <= hi for lo, x, hi in zip(low, obs, high, strict=True))
            if state.is_over():
                break
            seat = state.actors()[0]
            state.apply(seat, bots.act(HeuristicBot(), state, seat, rng))


# -- game length -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "options", "bound"),
    [
        (3, {}, 1 + 3 * 50),  # MD-D5: 50 pieces each, and the start merchant (MD-R14)
        (4, {}, 1 + 4 * 41),
        (2, ED2, 2 * 69 + 6 + 6),  # MD-D6 pieces, 6 tower merchants (MD-R56), 6 tea (MD-R58)
        (3, ED2, 3 * 53 + 6 + 6),
        (4, ED2, 4 * 42 + 6 + 6),
    ],
)
def test_max_game_length_value(players: int, options: dict[str, Any], bound: int) -> None:
    assert encoding(players, options).max_game_length == bound


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {}), (2, ED2), (3, ED2), (4, ED2)])
def test_max_game_length_holds(players: int, options: dict[str, Any]) -> None:
    """Random and heuristic games (the heuristic places everything it can) stay within
    the bound: every move spends a piece or a tea tile (MD-R16, MD-R58); passes are not
    moves (MD-R19)."""
    enc = encoding(players, options)
    longest = 0
    for seed in range(4):
        state = new(players, seed, options)
        rng = random.Random(seed)
        heuristic = seed % 2 == 1
        moves = 0
        while not state.is_over():
            seat = state.actors()[0]
            if heuristic:
                action = bots.act(HeuristicBot(), state, seat, rng)
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            moves += 1
        assert moves <= enc.max_game_length
        longest = max(longest, moves)
    assert longest > enc.max_game_length * 0.6  # the bound is not absurdly loose


@pytest.mark.parametrize("mode", ["rank", "score"])
def test_other_return_formulas_carry_their_bounds(mode: str) -> None:
    """MD-R63/R64: with returns_mode rank or score the encoding gives utility bounds (for
    OpenSpiel's GameInfo) that seeded random games stay within; win_loss keeps the shared
    formula's (None: -1 … 1)."""
    assert GAME.encoding(3).utility_bounds is None
    for edition, players in ((1, 3), (1, 4), (2, 2), (2, 4)):
        options = {"returns_mode": mode, "edition": edition}
        low, high = GAME.encoding(players, options).utility_bounds  # type: ignore[misc]
        assert low < 0 < high
        for seed in range(3):
            state = GAME.new_game(players, seed, options)
            rng = random.Random(seed)
            while not state.is_over():
                seat = state.actors()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            assert all(low <= r <= high for r in state.returns())
