"""Medina's search hooks (``search.py``, ``search_eval.py``): the fitted evaluation, the
heuristic's graded prior, every action public, one seat at a time, and a search game."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import spieltisch
from spieltisch import bots
from spieltisch.bots.search import SearchBot
from spieltisch.engine.action import Action
from spieltisch.engine.search_hooks import win_shares
from spieltisch.games.medina.actions import MedinaAction
from spieltisch.games.medina.cells import BUILDING, MERCHANT, STABLE, WALL
from spieltisch.games.medina.heuristic import HeuristicBot
from spieltisch.games.medina.search import MedinaSearchHooks
from spieltisch.games.medina.search_eval import COEFFICIENTS, FEATURES, coefficients, features
from spieltisch.games.medina.state import MedinaState

from ...bot_checks import play_only_legal

GAME = spieltisch.game("medina")
HOOKS = GAME.search_hooks()
CONFIGS = [(1, 3), (1, 4), (2, 2), (2, 3), (2, 4)]


def _steps(edition: int, players: int, seed: int) -> Iterator[tuple[MedinaState, int, Action]]:
    """The states of a seeded game of heuristic and random moves, each with the seat to
    move and its move (the state before it is applied); the game ends after the last."""
    state = GAME.new_game(players, seed, {"edition": edition})
    assert isinstance(state, MedinaState)
    rng, heuristic = random.Random(seed), HeuristicBot()
    while not state.is_over():
        seat = state.actors()[0]
        if rng.random() < 0.3:
            action = rng.choice(state.legal_actions(seat))
        else:
            action = heuristic.choose(state, seat, rng)
        yield state, seat, action
        state.apply(seat, action)


def _positions(edition: int, players: int, seed: int, every: int = 5) -> Iterator[MedinaState]:
    """Copies of every ``every``-th state of a seeded game, and its end."""
    state = None
    for i, (state, _, _) in enumerate(_steps(edition, players, seed)):
        if i % every == 0:
            yield state.clone()
    assert state is not None and state.is_over()  # the generator applied the last move
    yield state


def test_the_game_makes_its_own_hooks() -> None:
    assert isinstance(HOOKS, MedinaSearchHooks)
    assert HOOKS is GAME.search_hooks()
    assert HOOKS.rollout_depth >= 0


@pytest.mark.parametrize(("edition", "players"), CONFIGS)
def test_evaluate_gives_win_chances_and_the_win_shares_at_the_end(
    edition: int, players: int
) -> None:
    seen_end = False
    for state in _positions(edition, players, 40 + players):
        values = HOOKS.evaluate(state)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)
        if state.is_over():
            assert values == win_shares(state)
            seen_end = True
    assert seen_end


def test_evaluate_favours_the_leader_late_in_the_game() -> None:
    # near the end the provisional scores decide: the seat far ahead is the favourite
    checked = 0
    for seed in range(3):
        positions = list(_positions(2, 2, 60 + seed, every=1))[:-1]
        for state in positions[int(0.9 * len(positions)) :]:
            scores = state.scores()
            leader = scores.index(max(scores))
            if max(scores) - min(scores) >= 10:
                assert HOOKS.evaluate(state)[leader] > 0.8
                checked += 1
    assert checked > 0


def test_every_configuration_has_coefficients_for_every_feature() -> None:
    for beta in COEFFICIENTS.values():
        assert len(beta) == len(FEATURES)
    for edition, players in CONFIGS:
        assert len(coefficients(edition, players)) == len(FEATURES)
    state = next(_positions(2, 2, 1))
    assert all(len(row) == len(FEATURES) for row in features(state, HeuristicBot()))


@pytest.mark.parametrize(("edition", "players"), CONFIGS)
def test_the_prior_is_a_distribution_over_the_legal_actions(edition: int, players: int) -> None:
    rng = random.Random(5)
    checked = 0
    for state in _positions(edition, players, 11, every=7):
        if state.is_over():
            continue
        seat = state.actors()[0]
        world = state.resample(seat, rng)
        legal = world.legal_actions(seat)
        prior = HOOKS.prior(world, seat, legal, rng)
        assert len(prior) == len(legal)
        assert all(p > 0.0 for p in prior)
        assert sum(prior) == pytest.approx(1.0)
        # the heuristic's own choice is among the most likely
        choice = HeuristicBot().choose(world, seat, rng)
        assert prior[legal.index(choice)] == pytest.approx(max(prior))
        checked += 1
    assert checked > 5


def test_the_prior_does_not_change_the_state() -> None:
    state = next(s for s in _positions(2, 2, 3, every=9) if s.time > 10)
    seat = state.actors()[0]
    before = state.clone()
    HOOKS.prior(state, seat, state.legal_actions(seat), random.Random(0))
    HOOKS.evaluate(state)
    assert state == before


def _revealed(after: MedinaState, seat: int, action: MedinaAction, other: int) -> bool:
    """Whether ``other`` sees the whole of ``action`` (just applied by ``seat``): its log
    names the seat, kind, cell and colour, and its view shows the piece on the board."""
    if action.kind == "discard_tea":
        return any(e == {"type": "discard_tea", "seat": seat} for e in after.log(other)[-3:])
    placed = [e for e in after.log(other) if e.get("seat") == seat and e["type"] == action.kind]
    if not placed:
        return False
    event = placed[-1]
    if action.kind in ("roof", "neutral_roof"):
        # named by the palace's canonical cell (MD-R21); the view shows its new owner
        palace = event["palace"]
        shown = after.view(other)["palaces"][palace - 1]
        return event["cell"] == [action.x, action.y] and shown["owner"] is not None
    if event["cell"] != [action.x, action.y] or event.get("colour", "") != action.colour:
        return False
    pieces = after.view(other)["pieces"]
    kind = {"build": "building", "start_merchant": "merchant"}.get(action.kind, action.kind)
    return any(p["cell"] == [action.x, action.y] and p["kind"] == kind for p in pieces)


@pytest.mark.parametrize(("edition", "players"), CONFIGS)
def test_every_action_is_public_and_seen_whole_by_every_other_seat(
    edition: int, players: int
) -> None:
    kinds = set()
    for state, seat, action in _steps(edition, players, 21):
        assert isinstance(action, MedinaAction)
        assert HOOKS.public(action)
        after = state.clone()
        after.apply(seat, action)
        for other in [*range(players), None]:
            if other != seat:
                assert _revealed(after, seat, action, other), (action, other)
        kinds.add(action.kind)
    assert {"build", "roof", "merchant", "wall"} <= kinds


def test_the_board_pieces_of_the_view_are_what_the_log_says() -> None:
    # the pieces the check above looks for are the ones the state holds
    codes = {BUILDING: "building", STABLE: "stable", MERCHANT: "merchant", WALL: "wall"}
    *_, end = _positions(2, 2, 8)
    view = end.view(1)
    assert [p["kind"] for p in view["pieces"]] == [
        codes[kind] for _, kind, _, _ in end.pieces if kind in codes
    ]


def test_an_action_of_another_game_is_not_public() -> None:
    class Foreign(Action):
        def to_json(self) -> dict[str, str]:
            return {"type": "foreign"}

        def __str__(self) -> str:
            return "foreign"

    assert not HOOKS.public(Foreign())


def test_resampled_worlds_are_the_true_state() -> None:
    # MD-R70: nothing hidden is random after setup, so the search's worlds are exact and
    # keeping the tree across moves is sound
    for state in _positions(1, 3, 4, every=11):
        for seat in range(3):
            assert state.resample(seat, random.Random(seat)) == state


@pytest.mark.parametrize(("edition", "players"), CONFIGS)
def test_md_r13_md_r21_one_seat_acts_at_a_time(edition: int, players: int) -> None:
    # MD-R13: turns go seat by seat; MD-R21: a non-terminal state has exactly one actor
    for state, seat, _ in _steps(edition, players, 31):
        assert state.actors() == (seat,)
        assert HOOKS.simultaneous(state) is None


def test_the_hooks_never_read_the_true_hidden_supplies() -> None:
    # the hooks judge re-dealt worlds: poisoning another seat's hidden supply in the true
    # state changes nothing the search decides from its world
    state = next(s for s in _positions(2, 2, 9, every=13) if s.time > 20)
    seat = state.actors()[0]
    poisoned = state.clone()
    other = 1 - seat
    poisoned.supply[other][:4] = [99, 99, 99, 99]
    poisoned.supply[other][6:] = [99, 99, 99]
    clean_world = state.resample(seat, random.Random(1))
    poisoned_world = poisoned.resample(seat, random.Random(1))
    assert poisoned_world == clean_world
    first = SearchBot(seconds=None, iterations=30).search(clean_world, seat, random.Random(2))
    second = SearchBot(seconds=None, iterations=30).search(poisoned_world, seat, random.Random(2))
    assert first.best == second.best
    assert first.values == second.values


@pytest.mark.parametrize(("edition", "players"), [(2, 2), (1, 3)])
def test_a_hard_game_against_normal_plays_to_the_end_with_legal_moves(
    edition: int, players: int
) -> None:
    state = GAME.new_game(players, 5, {"edition": edition})
    seated = [bots.make("hard@40it", GAME)] + [bots.make("normal", GAME)] * (players - 1)
    end = play_only_legal(state, seated, random.Random(7))
    assert end.is_over() and end.winners()
    search = seated[0]
    assert isinstance(search, SearchBot) and search.last is not None


def test_a_fixed_seed_and_budget_give_the_same_decision() -> None:
    state = next(s for s in _positions(2, 2, 12, every=17) if s.time > 10)
    seat = state.actors()[0]
    world = state.resample(seat, random.Random(0))
    first = SearchBot(seconds=None, iterations=60).search(world, seat, random.Random(4))
    second = SearchBot(seconds=None, iterations=60).search(world, seat, random.Random(4))
    assert first.best == second.best and first.actions == second.actions


def test_the_tree_is_kept_across_the_moves_of_a_game() -> None:
    # every move is public, so the bot's next search goes on with the subtree it reached:
    # its search counts the iterations of the earlier ones too
    state = GAME.new_game(2, 3, {"edition": 2})
    bot, normal = SearchBot(seconds=None, iterations=60), HeuristicBot()
    rng = random.Random(1)
    counted = []
    while not state.is_over() and len(counted) < 6:
        seat = state.actors()[0]
        if seat == 0 and len(state.legal_actions(seat)) > 1:
            action = bots.act(bot, state, seat, rng)
            assert bot.last is not None
            counted.append(bot.last.iterations)
        else:
            action = bots.act(bot if seat == 0 else normal, state, seat, rng)
        state.apply(seat, action)
    assert any(n > 60 for n in counted[1:])


def test_easy_overlooks_all_but_a_tenth_of_the_placements() -> None:
    state = GAME.new_game(2, 4, {"edition": 2})
    legal = state.legal_actions(state.actors()[0])
    seen = HOOKS.mistake_candidates(legal, random.Random(0))
    assert len(legal) > 100 and len(seen) == len(legal) // 10
    assert set(seen) <= set(legal) and len(set(seen)) == len(seen)
    assert len(HOOKS.mistake_candidates(legal[:5], random.Random(0))) == 2
