"""The search hooks of Tumult Royal (``search.py``, ``search_eval.py``): the evaluation, the
prior, which moves are public, the simultaneous grab ticks, and a search game."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from spieltisch import bots
from spieltisch.bots.search import Search, SearchBot
from spieltisch.engine.search_hooks import win_shares
from spieltisch.games.tumult_royal.grab import choices
from spieltisch.games.tumult_royal.heuristic import WIN, HeuristicBot
from spieltisch.games.tumult_royal.search import TumultSearchHooks
from spieltisch.games.tumult_royal.search_eval import (
    FEATURES,
    WEIGHTS,
    at_round_start,
    features,
    static_chances,
)
from spieltisch.games.tumult_royal.state import TumultState
from spieltisch.games.tumult_royal.table import BUILD, GRAB

from ...bot_checks import play_only_legal
from .helpers import DONE, GAME, KEEP, PUT_BACK, WAIT, A, B, C, new, peek, to_grab

HOOKS = GAME.search_hooks()
HEURISTIC = HeuristicBot()


def _steps(players: int, seed: int, **options) -> Iterator[tuple[TumultState, int, object]]:
    """(state before, seat, action) of a seeded heuristic game, to its end."""
    state = new(players, seed, **options)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.actors()[0]
        action = HEURISTIC.choose(state.resample(seat, rng), seat, rng)
        yield state.clone(), seat, action
        state.apply(seat, action)


def _positions(players: int, seed: int, every: int = 7, **options) -> Iterator[TumultState]:
    """Every ``every``-th position of a heuristic game, and the end."""
    last = None
    for i, step in enumerate(_steps(players, seed, **options)):
        if i % every == 0:
            yield step[0]
        last = step
    assert last is not None
    end, seat, action = last
    end = end.clone()
    end.apply(seat, action)  # type: ignore[arg-type]
    assert end.is_over()
    yield end


def test_the_game_makes_its_own_hooks() -> None:
    assert isinstance(HOOKS, TumultSearchHooks)
    assert GAME.search_hooks() is HOOKS
    assert all(len(w) == len(FEATURES) for w in WEIGHTS.values())
    assert set(WEIGHTS) == {2, 3, 4}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_gives_win_chances_and_the_win_shares_at_the_end(players: int) -> None:
    rng = random.Random(1)
    phases = set()
    for state in _positions(players, 40 + players, every=23):
        phases.add(state.phase)
        seat = state.actors()[0] if state.actors() else 0
        world = state.resample(seat, rng)  # the hooks are handed re-dealt worlds
        values = HOOKS.evaluate(world)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)
        if state.is_over():
            assert values == win_shares(state)
    assert {GRAB, BUILD, "game_over"} <= phases


def test_evaluate_leaves_the_state_as_it_was() -> None:
    for state in _positions(2, 5, every=31):
        before = state.to_json()
        HOOKS.evaluate(state)
        assert state.to_json() == before


def test_a_round_start_is_judged_by_the_fitted_weights_alone() -> None:
    starts = [s for s in _positions(2, 8, every=1) if at_round_start(s)]
    assert len(starts) >= 5
    for state in starts:
        assert HOOKS.evaluate(state) == static_chances(state)
        assert len(features(state, 0)) == len(FEATURES)


def test_the_seat_far_ahead_late_in_the_game_is_the_favourite() -> None:
    late = [
        s
        for s in _positions(2, 9, every=1)
        if at_round_start(s) and s.round >= 5 and s.placed(A) <= 16
    ]
    assert late
    for state in late:
        ahead = state.clone()
        ahead.reserve[A] -= 6  # A has placed six statues more (on the chronicle, say)
        assert static_chances(ahead)[A] > max(0.7, static_chances(state)[A])


@pytest.mark.parametrize("players", [2, 3])
def test_the_prior_is_a_distribution_over_the_legal_actions(players: int) -> None:
    rng = random.Random(5)
    kinds = set()
    for state, seat, _ in _steps(players, 11):
        world = state.resample(seat, rng)
        legal = world.legal_actions(seat)
        prior = HOOKS.prior(world, seat, legal, rng)
        assert len(prior) == len(legal)
        assert all(p >= 0.0 for p in prior)
        assert sum(prior) == pytest.approx(1.0)
        # the heuristic's own choice is among the most likely
        choice = HEURISTIC.choose(world, seat, rng)
        assert prior[legal.index(choice)] == pytest.approx(max(prior))
        kinds.add(world.phase)
    assert kinds == {"setup_start_statues", GRAB, BUILD}


def test_slots_never_held_are_alike_so_only_the_first_gets_a_prior() -> None:
    # TR-H4: the faces of slots a seat has not held are re-dealt uniformly, so peeking one
    # or another is the same choice to that seat
    state = to_grab(2, seed=3)
    state.apply(A, peek(0))
    state.apply(B, peek(5))
    state.apply(A, KEEP)
    state.apply(B, KEEP)
    legal = state.legal_actions(A)
    prior = HOOKS.prior(state, A, legal, random.Random(1))
    peeks = [(a.slot, p) for a, p in zip(legal, prior, strict=True) if a.kind == "peek"]
    unheld = [p for slot, p in peeks if slot not in state.memory[A]]
    assert unheld[0] > 0.0 and all(p == 0.0 for p in unheld[1:])
    assert prior[legal.index(WAIT)] > 0.0


def test_holding_a_tile_the_prior_leans_as_the_heuristic_does() -> None:
    rng = random.Random(2)
    seen = set()
    for state, seat, action in _steps(2, 12):
        if state.phase != GRAB or state.hand[seat] < 0:
            continue
        legal = state.legal_actions(seat)
        prior = dict(zip(legal, HOOKS.prior(state, seat, legal, rng), strict=True))
        other = "put_back" if action.kind == "keep" else "keep"
        assert prior[action] > max(p for a, p in prior.items() if a.kind == other)
        seen.add(action.kind)
    assert seen == {"keep", "put_back"}


def test_a_build_that_places_the_last_statue_takes_the_whole_prior() -> None:
    # TR-V1: the 25th statue wins at once
    found = 0
    for seed in range(13, 16):
        for state, seat, _ in _steps(2, seed):
            if state.phase != BUILD:
                continue
            legal = state.legal_actions(seat)
            scores = HEURISTIC.build_scores(state, seat, legal)
            if WIN in scores:
                prior = HOOKS.prior(state, seat, legal, random.Random(1))
                won = sum(p for p, s in zip(prior, scores, strict=True) if s == WIN)
                assert won == pytest.approx(1.0)
                assert sum(prior) == pytest.approx(1.0)
                found += 1
    assert found > 0


def _shown(state: TumultState, seat: int, action, other: int, before: int) -> bool:
    """Whether ``other`` sees the whole of ``action`` (just applied by ``seat``; the log
    had ``before`` events) in its view and its log."""
    log = state.log(other)
    if action.kind == "place_start":
        board = state.view(other)["board"]
        return {"field": list(action.field), "seat": seat, "statues": 1} in board
    if action.kind == "build":
        done = [e for e in log if e["type"] == "build" and e["seat"] == seat]
        return (
            bool(done)
            and done[-1]["field"] == list(action.field)
            and done[-1]["payment"] == [list(p) for p in action.payment]
        )
    assert action.kind == "end_turn"
    return {"type": "end_turn", "seat": seat} in log[before:]


@pytest.mark.parametrize("players", [2, 4])
def test_public_moves_are_seen_whole_by_every_other_seat(players: int) -> None:
    kinds = set()
    for state, seat, action in _steps(players, 21):
        if not HOOKS.public(action):
            continue
        kinds.add(action.kind)
        after = state.clone()
        after.apply(seat, action)
        for other in range(players):
            if other != seat:
                before = len(state.log(other))
                assert _shown(after, seat, action, other, before), (action, other)
    assert kinds == {"place_start", "build", "end_turn"}


def test_a_grab_choice_stays_hidden_until_its_tick_resolves() -> None:
    # TR-G6, TR-H2: the others see who still chooses, never what was chosen
    state = to_grab(3, seed=4)
    for action in (peek(3), WAIT, KEEP, DONE):
        assert not HOOKS.public(action)
    before = [state.view(o) for o in (B, C)], [state.log(o) for o in (B, C)]
    state.apply(A, peek(3))
    for i, other in enumerate((B, C)):
        view = state.view(other)
        assert "my_choice" not in view["pending"]
        assert view["slots"] == before[0][i]["slots"]
        assert state.log(other) == before[1][i]


def test_tr_g6_a_grab_tick_is_one_simultaneous_round_of_the_seats_still_to_choose() -> None:
    # TR-G6: every seat not done chooses once per tick, unseen by the others; done seats do
    # not act; TR-S7 and TR-R15: start statues and build turns are one seat at a time
    state = to_grab(3, seed=6)
    assert HOOKS.simultaneous(state) == (A, B, C)
    state.apply(B, peek(2))
    assert HOOKS.simultaneous(state) == (A, C)  # B chose: the round goes on without it
    state.apply(A, WAIT)
    assert HOOKS.simultaneous(state) is None  # C alone is left: an ordinary decision
    state.apply(C, peek(4))
    state.apply(A, peek(1))
    state.apply(B, KEEP)
    state.apply(C, KEEP)
    state.apply(A, DONE)  # with a tile in hand: it goes back (TR-G7)
    state.apply(B, WAIT)
    state.apply(C, WAIT)
    assert state.done[A]
    assert HOOKS.simultaneous(state) == (B, C)
    for s, _, _ in _steps(3, 14):
        if s.phase != GRAB:
            assert HOOKS.simultaneous(s) is None
        elif len(s.actors()) > 1:
            assert HOOKS.simultaneous(s) == s.actors()


def test_tr_h4_a_re_deal_does_not_reveal_another_seats_pending_choice() -> None:
    # TR-H4 step 5: the others' choices in this tick are not known to the seat. Tables that
    # differ only in A's hidden choice re-deal alike for B: A's choice is re-dealt as a
    # plausible player would make it in the re-dealt world (TR-H5), never copied
    base = to_grab(2, seed=7)
    worlds = []
    for choice in (peek(4), WAIT, DONE):
        table = base.clone()
        table.apply(A, choice)
        world = table.resample(B, random.Random(3))
        assert world.view(B) == table.view(B)
        assert world.pending[A] in choices(table, A)  # what A could have chosen
        worlds.append(world.to_json())
    assert worlds[0] == worlds[1] == worlds[2]
    # A holds a tile B has never seen: keep or put it back, as its re-dealt face deserves
    # (a uniform draw would have A quit or wait one time in two)
    table = base.clone()
    table.apply(A, peek(4))
    table.apply(B, WAIT)
    table.apply(A, KEEP)
    drawn = {table.resample(B, random.Random(k)).pending[A] for k in range(60)}
    assert drawn and drawn <= {KEEP, PUT_BACK}
    # and the search from B's seat plays on from there
    bot = bots.make("hard@20it", GAME)
    assert bots.act(bot, table, B, random.Random(1)) in table.legal_actions(B)


def test_a_search_game_against_the_heuristic_plays_only_legal_moves() -> None:
    # short grabs keep the test quick; the default options are played in the search bot's
    # configuration test (tests/bots/search/test_configurations.py)
    state = new(2, 31, grab_ticks=6)
    seated = [bots.make("hard@40it", GAME), bots.make("normal", GAME)]
    play_only_legal(state, seated, random.Random(4))
    assert state.is_over()


def test_a_grab_tick_against_the_clock_caps_a_time_budget(monkeypatch) -> None:
    # TR-G14: a tick lasts tick_ms at a live table; the search thinks at most 40% of it
    asked: list[float | None] = []
    original = Search.run

    def run(self, iterations=None, seconds=None):
        asked.append(seconds)
        return original(self, iterations=iterations or 4, seconds=None)

    monkeypatch.setattr(Search, "run", run)
    state = to_grab(2, seed=8, tick_ms=1000)
    hard = SearchBot("hard", seconds=1.0)
    hard.choose(state.resample(A, random.Random(1)), A, random.Random(2))
    assert asked == [pytest.approx(0.4)]
    counted = SearchBot("hard", seconds=None, iterations=4)  # exact, reproducible
    counted.choose(state.resample(A, random.Random(1)), A, random.Random(2))
    assert asked[-1] is None
    build = new(2, 8)
    while build.phase != BUILD or len(build.legal_actions(build.actors()[0])) < 2:
        seat = build.actors()[0]
        build.apply(seat, HEURISTIC.choose(build, seat, random.Random(0)))
    seat = build.actors()[0]
    hard.choose(build.resample(seat, random.Random(1)), seat, random.Random(2))
    assert asked[-1] == 1.0  # no clock outside the grab
