"""The generic invariant suite (DESIGN.md §3), as reusable checks.

Every registered game is played by seeded random agents while these checks run; a game
plugs in by registering itself and declaring ``Game.conformance_cases()``. The test suite
(``tests/test_invariants.py``) runs them for every game automatically.

Cheap checks run on every step of every game; the costly ones (round trips, resampling,
rejection of illegal actions, replay of every view) run on every step of every
``deep_every``-th game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .action import Action
from .errors import IllegalAction
from .game import ConformanceCase, Game, State, returns_from_winners
from .record import replay_steps

MAX_STEPS = 100_000


class InvariantViolation(AssertionError):
    """An invariant failed; the message names it, the game, the seed and the step."""


@dataclass
class GameReport:
    seed: int
    steps: int
    winners: list[int]
    deep: bool
    checks: dict[str, int] = field(default_factory=dict)


def _fail(
    invariant: str, game: Game, case: ConformanceCase, seed: int, step: int, msg: str
) -> None:
    raise InvariantViolation(
        f"[{invariant}] {game.id} {case.label or case.players} seed={seed} step={step}: {msg}"
    )


def _dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False)


def _legal_json(state: State, seat: int) -> list[Any]:
    return [a.to_json() for a in state.legal_actions(seat)]


def _seats(state: State) -> list[int | None]:
    return [*range(state.players), None]


@dataclass
class _Play:
    """One checked game in progress: what a failure names (game, case, seed, step) and
    what the report counts, the actions made so far and, in a deep game, every view."""

    game: Game
    case: ConformanceCase
    seed: int
    deep: bool
    rng: random.Random
    counts: dict[str, int]
    step: int = 0
    seen: list[tuple[int, Action]] = field(default_factory=list)
    views: list[str] = field(default_factory=list)

    def check(self, name: str) -> None:
        self.counts[name] = self.counts.get(name, 0) + 1

    def fail(self, invariant: str, msg: str) -> None:
        _fail(invariant, self.game, self.case, self.seed, self.step, msg)


def play_checked(game: Game, case: ConformanceCase, seed: int, deep: bool) -> GameReport:
    """Play one seeded random game of ``case`` and check the invariants along the way."""
    report = GameReport(seed=seed, steps=0, winners=[], deep=deep)
    state = game.new_game(case.players, seed, dict(case.options))
    play = _Play(game, case, seed, deep, random.Random(seed * 7919 + 17), report.checks)
    conserved = state.conserved()
    while not state.is_over():
        if play.step >= MAX_STEPS:
            play.fail("1 finishes", f"no end after {MAX_STEPS} steps")
        actors = _check_turn(play, state)
        if deep:
            _check_deep_step(play, state)
        _random_step(play, state, actors)
        now = state.conserved()
        if now != conserved:
            play.fail("6 conservation", f"{conserved} became {now}")
        play.check("6 conservation")
    _check_end(play, state)
    report.steps = play.step
    report.winners = state.winners()
    return report


def _check_turn(play: _Play, state: State) -> Sequence[int]:
    """Someone may act, the decision is sound, and exactly the actors have legal actions;
    returns the actors."""
    actors = state.actors()
    if not actors:
        play.fail("1 actors", "the game is not over but nobody may act")
    _check_decision(play.game, play.case, play.seed, play.step, state)
    play.check("8 decision")
    for seat in range(state.players):
        legal = state.legal_actions(seat)
        if seat in actors and not legal:
            play.fail("1 legal", f"actor {seat} has no legal action")
        if seat not in actors and legal:
            play.fail("1 legal", f"non-actor {seat} has legal actions")
    play.check("1 legal non-empty")
    return actors


def _check_deep_step(play: _Play, state: State) -> None:
    """The costly checks of a deep game, before its move: round trips, no leaks, illegal
    actions rejected, positions."""
    game, case, seed, step, rng = play.game, play.case, play.seed, play.step, play.rng
    play.views.append(_all_views(state))
    _check_round_trip(game, case, seed, step, state)
    play.check("4 json round trip")
    _check_leaks(game, case, seed, step, state, rng)
    play.check("5 no leaks")
    _check_illegal(game, case, seed, step, state, play.seen, rng)
    play.check("2 illegal rejected")
    _check_position(game, case, seed, step, state)
    play.check("9 position round trip")


def _random_step(play: _Play, state: State, actors: Sequence[int]) -> None:
    """A random actor makes a random legal move (in a deep game, after checking that every
    legal action applies and that a clone stays independent)."""
    game, case, seed, step, rng = play.game, play.case, play.seed, play.step, play.rng
    seat = rng.choice(actors)
    legal = state.legal_actions(seat)
    if play.deep:
        _check_all_legal_apply(game, case, seed, step, state, seat, legal, rng)
        play.check("2 legal applies")
    action = rng.choice(legal)
    if play.deep:
        _check_clone_independent(game, case, seed, step, state, seat, action)
        play.check("4 clone independent")
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        play.fail("2 legal applies", f"legal {action} rejected: {exc}")
    play.seen.append((seat, action))
    play.step += 1


def _check_end(play: _Play, state: State) -> None:
    """At the end nobody may act, the outcome is sound, the actions and events have one
    representation, and the game replays (view by view in a deep game)."""
    game, case, seed, step = play.game, play.case, play.seed, play.step
    if state.actors():
        play.fail("1 actors", "the game is over but some seat may act")
    for seat in range(state.players):
        if state.legal_actions(seat):
            play.fail("1 legal", "the game is over but actions are legal")
    _check_outcome(game, case, seed, step, state)
    play.check("7 returns")
    if declared(state):
        _check_one_representation(game, case, seed, step, state, play.seen)
        play.check("8 one action class, one event key")
    if play.deep:
        play.views.append(_all_views(state))
        _check_round_trip(game, case, seed, step, state)
        _check_leaks(game, case, seed, step, state, play.rng)
        _check_replay(game, case, seed, state, play.views)
    else:
        _check_replay(game, case, seed, state, None)
    play.check("3 replay")


def _all_views(state: State) -> str:
    return _dumps(
        {
            str(seat): [
                state.view(seat),
                state.log(seat),
                _legal_json(state, seat) if seat is not None else [],
            ]
            for seat in _seats(state)
        }
    )


def _check_round_trip(
    game: Game, case: ConformanceCase, seed: int, step: int, state: State
) -> None:
    doc = state.to_json()
    text = _dumps(doc)
    back = game.state_from_json(json.loads(text))
    if _dumps(back.to_json()) != text:
        _fail("4 json round trip", game, case, seed, step, "state_from_json(to_json) differs")
    if _all_views(back) != _all_views(state):
        _fail("4 json round trip", game, case, seed, step, "a restored state shows other views")
    if declared(state) and back != state:
        _fail("4 json round trip", game, case, seed, step, "state_from_json(to_json) != state")
    for action in state.legal_actions(state.actors()[0]) if state.actors() else []:
        if game.action_from_json(json.loads(_dumps(action.to_json()))) != action:
            _fail("4 json round trip", game, case, seed, step, f"action {action} JSON differs")
        if not str(action):
            _fail("4 json round trip", game, case, seed, step, "an action has an empty str")


def _check_leaks(
    game: Game, case: ConformanceCase, seed: int, step: int, state: State, rng: random.Random
) -> None:
    before = _dumps(state.to_json())
    private = {seat: state.private_facts(seat) for seat in range(state.players)}
    for seat in _seats(state):
        view = _dumps(state.view(seat))
        log = _dumps(state.log(seat))
        legal = _dumps(_legal_json(state, seat)) if seat is not None else "[]"
        shown = view + log + legal
        for other, facts in private.items():
            if other == seat:
                continue
            for fact in facts:
                if fact in shown:
                    who = "the spectator" if seat is None else f"seat {seat}"
                    _fail(
                        "5 no leaks",
                        game,
                        case,
                        seed,
                        step,
                        f"{who} can see {fact!r} of seat {other}",
                    )
        for trial in range(2):
            sample = state.resample(seat, random.Random(rng.getrandbits(32) + trial))
            if _dumps(sample.view(seat)) != view:
                _fail("5 no leaks", game, case, seed, step, f"view({seat}) changes under resample")
            if _dumps(sample.log(seat)) != log:
                _fail("5 no leaks", game, case, seed, step, f"log({seat}) changes under resample")
            if seat is not None and _dumps(_legal_json(sample, seat)) != legal:
                _fail(
                    "5 no leaks",
                    game,
                    case,
                    seed,
                    step,
                    f"legal_actions({seat}) change under resample",
                )
            if sample.actors() != state.actors():
                _fail("5 no leaks", game, case, seed, step, "the actors change under resample")
            if sample.conserved() != state.conserved():
                _fail(
                    "6 conservation", game, case, seed, step, "a resampled state loses components"
                )
    if _dumps(state.to_json()) != before:
        _fail("5 no leaks", game, case, seed, step, "resample or view changed the state")


def _check_illegal(
    game: Game,
    case: ConformanceCase,
    seed: int,
    step: int,
    state: State,
    seen: list[tuple[int, Action]],
    rng: random.Random,
) -> None:
    """Illegal actions are explained and rejected without a change: an actor's legal action
    submitted by a seat that may not act, and earlier actions no longer legal (explain
    agrees with the legal list on every earlier action tried)."""
    before = _dumps(state.to_json())

    def fail(msg: str) -> None:
        _fail("2 illegal rejected", game, case, seed, step, msg)

    trials = _out_of_turn(state) + _no_longer_legal(state, seen, rng, fail)
    for seat, action in trials:
        _check_rejected(state, seat, action, before, fail)


def _out_of_turn(state: State) -> list[tuple[int, Action]]:
    """A legal action of an actor, submitted by each seat that may not act now."""
    actors = state.actors()
    trials: list[tuple[int, Action]] = []
    for seat in range(state.players):
        if seat not in actors and actors:
            legal = state.legal_actions(actors[0])
            if legal:
                trials.append((seat, legal[0]))
    return trials


def _no_longer_legal(
    state: State,
    seen: list[tuple[int, Action]],
    rng: random.Random,
    fail: Callable[[str], None],
) -> list[tuple[int, Action]]:
    """Up to six earlier actions that are not legal now; explain must agree with the legal
    list on each earlier action sampled."""
    trials: list[tuple[int, Action]] = []
    for seat, action in rng.sample(seen, min(len(seen), 6)):
        listed = action in state.legal_actions(seat)
        reason = state.explain(seat, action)
        if listed == (reason is not None):
            fail(
                f"explain({seat}, {action}) says {reason!r}, but it is "
                + ("" if listed else "not ")
                + "in the legal list"
            )
        if not listed:
            trials.append((seat, action))
    return trials


def _check_rejected(
    state: State, seat: int, action: Action, before: str, fail: Callable[[str], None]
) -> None:
    """``seat`` may not make ``action``: explain gives a reason, apply raises with one, and
    the state is as it was (``before``)."""
    reason = state.explain(seat, action)
    if reason is None or not str(reason):
        fail(f"explain gives no reason why seat {seat} may not {action}")
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        if not str(exc):
            fail("IllegalAction without a reason")
    else:
        fail(f"seat {seat} could apply illegal {action}")
    if _dumps(state.to_json()) != before:
        fail(f"rejected {action} changed the state")


def _check_all_legal_apply(
    game: Game,
    case: ConformanceCase,
    seed: int,
    step: int,
    state: State,
    seat: int,
    legal: list[Action],
    rng: random.Random,
) -> None:
    if len(set(legal)) != len(legal):
        _fail("2 legal applies", game, case, seed, step, "legal_actions lists an action twice")
    for action in rng.sample(legal, min(len(legal), 8)):
        reason = state.explain(seat, action)
        if reason is not None:
            _fail("2 legal applies", game, case, seed, step, f"legal {action} explained: {reason}")
        trial = state.clone()
        try:
            trial.apply(seat, action)
        except IllegalAction as exc:
            _fail("2 legal applies", game, case, seed, step, f"legal {action} rejected: {exc}")


def _check_clone_independent(
    game: Game, case: ConformanceCase, seed: int, step: int, state: State, seat: int, action: Action
) -> None:
    before = _dumps(state.to_json())
    copy = state.clone()
    if _dumps(copy.to_json()) != before:
        _fail("4 clone", game, case, seed, step, "clone() differs from the original")
    if declared(state) and copy != state:
        _fail("4 clone", game, case, seed, step, "clone() != the original (declared facts)")
    copy.apply(seat, action)
    if _dumps(state.to_json()) != before:
        _fail("4 clone", game, case, seed, step, "changing a clone changed the original")


def _check_outcome(game: Game, case: ConformanceCase, seed: int, step: int, state: State) -> None:
    returns = state.returns()
    if abs(sum(returns)) > 1e-9:
        _fail("7 returns", game, case, seed, step, f"returns {returns} do not sum to zero")
    winners = state.winners()
    if state.standard_returns() and returns != returns_from_winners(state.players, winners):
        _fail(
            "7 returns",
            game,
            case,
            seed,
            step,
            f"returns {returns} disagree with winners {winners}",
        )
    keys = state.ranking_keys()
    best = max(keys)
    expected = [seat for seat, k in enumerate(keys) if k == best]
    # a game may end without a winner (e.g. a deck running out); otherwise the winners are
    # exactly the seats with the best ranking key
    if winners and winners != expected:
        _fail("7 winners", game, case, seed, step, f"winners {winners}, but ranking keys {keys}")
    if len(state.scores()) != state.players:
        _fail("7 winners", game, case, seed, step, "scores() must have one entry per seat")


def _check_replay(
    game: Game, case: ConformanceCase, seed: int, state: State, views: list[str] | None
) -> None:
    record = state.record()
    text = _dumps(record.to_json())
    from .record import GameRecord

    record = GameRecord.from_json(json.loads(text))
    final = None
    for i, (replayed, _, _) in enumerate(replay_steps(record, game)):
        if views is not None and _all_views(replayed) != views[i]:
            _fail("3 replay", game, case, seed, i, "a replayed view differs from the original")
        final = replayed
    assert final is not None
    if _dumps(final.to_json()) != _dumps(state.to_json()):
        _fail("3 replay", game, case, seed, len(record.moves), "replay ends in another state")


def declared(state: State) -> bool:
    """Whether the state is built on the kernel's declared fields (``engine.fields``)."""
    return bool(type(state).FIELDS)


def _check_decision(game: Game, case: ConformanceCase, seed: int, step: int, state: State) -> None:
    decision = state.decision()
    if decision is None:
        _fail("8 decision", game, case, seed, step, "the game is on but there is no decision")
        return
    if tuple(decision.actors) != tuple(state.actors()):
        _fail("8 decision", game, case, seed, step, f"{decision} disagrees with the actors")
    if type(state).phases and decision.kind not in type(state).phases:
        _fail("8 decision", game, case, seed, step, f"no phase rules for {decision.kind!r}")


def _check_one_representation(
    game: Game,
    case: ConformanceCase,
    seed: int,
    step: int,
    state: State,
    seen: list[tuple[int, Action]],
) -> None:
    classes = {type(a) for _, a in seen}
    if len(classes) > 1:
        names = ", ".join(sorted(c.__name__ for c in classes))
        _fail("8 one action class", game, case, seed, step, f"several action classes: {names}")
    for _, action in seen[:50]:
        if action.to_json().get("type") != action.kind:
            _fail("8 one action class", game, case, seed, step, f"{action}: type is not kind")
    for seat in _seats(state):
        for event in state.log(seat):
            if not isinstance(event.get("type"), str):
                _fail("8 one event key", game, case, seed, step, f"event without 'type': {event}")


def _check_position(game: Game, case: ConformanceCase, seed: int, step: int, state: State) -> None:
    """A game's position format writes and reads back the same position (the history and
    the generator's state are not part of a position)."""
    from .errors import PositionError

    try:
        text = state.to_position()
    except PositionError:
        return  # the game has no position format; test_project requires one of each game
    back = game.from_position(text)
    if back.to_position() != text:
        _fail("9 position", game, case, seed, step, "from_position(to_position) differs")
    if back.actors() != state.actors():
        _fail("9 position", game, case, seed, step, "a position read back has other actors")
    for seat in state.actors():
        if [a.to_json() for a in back.legal_actions(seat)] != [
            a.to_json() for a in state.legal_actions(seat)
        ]:
            _fail("9 position", game, case, seed, step, "a position read back has other moves")
