"""Simultaneous phases in the kernel, through the toy Goofspiel (DESIGN.md §2)."""

from __future__ import annotations

import json
import random

import pytest

from spieltisch.engine import IllegalAction, SimultaneousChoices
from spieltisch.engine.conformance import InvariantViolation, play_checked

from .toy_goofspiel import GOOFSPIEL, Bid, GoofState, bid


def test_several_actors_and_hidden_choices() -> None:
    state = GOOFSPIEL.new_game(3, seed=1)
    assert state.actors() == (0, 1, 2)
    state.apply(1, bid(5))
    assert state.actors() == (0, 2)
    assert state.legal_actions(1) == []
    # seat 1's bid is visible to seat 1 only
    assert state.view(1)["bids"]["my_choice"] == {"type": "bid", "card": 5}
    assert "my_choice" not in state.view(0)["bids"]
    assert "my_choice" not in state.view(None)["bids"]
    assert state.view(0)["bids"]["waiting_for"] == [0, 2]


def test_second_submission_is_rejected_and_changes_nothing() -> None:
    state = GOOFSPIEL.new_game(2, seed=2)
    state.apply(0, bid(3))
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalAction, match="may not act now"):
        state.apply(0, bid(4))
    assert json.dumps(state.to_json()) == before


def test_resolution_waits_for_everybody() -> None:
    state = GOOFSPIEL.new_game(2, seed=3)
    prize = state.prize
    state.apply(0, bid(5))
    assert state.prize == prize and state.points == [0, 0]
    state.apply(1, bid(1))
    assert state.points == [prize, 0]
    assert state.actors() == (0, 1)


def test_resample_keeps_who_has_chosen_and_redraws_what() -> None:
    state = GOOFSPIEL.new_game(2, seed=4)
    state.apply(1, bid(2))
    seen = set()
    for k in range(40):
        sample = state.resample(0, random.Random(k))
        assert sample.actors() == state.actors()
        assert sample.view(0) == state.view(0)
        choice = sample.bids.own_choice(1)
        assert isinstance(choice, Bid)
        seen.add(choice.card)
    assert len(seen) > 1  # seat 0 cannot know that seat 1 bid 2


def test_simultaneous_choices_helper() -> None:
    choices = SimultaneousChoices((2, 0))
    assert choices.waiting() == (0, 2)
    choices.submit(2, bid(1))
    with pytest.raises(IllegalAction):
        choices.submit(2, bid(2))
    with pytest.raises(IllegalAction):
        choices.submit(1, bid(2))
    assert not choices.complete()
    choices.submit(0, bid(3))
    assert choices.complete()
    assert choices.choices() == [(0, bid(3)), (2, bid(1))]


@pytest.mark.parametrize("case", GOOFSPIEL.conformance_cases(), ids=lambda c: f"{c.players}p")
def test_toy_passes_the_invariant_suite(case: object) -> None:
    for seed in range(case.games):  # type: ignore[attr-defined]
        play_checked(GOOFSPIEL, case, seed, deep=seed % case.deep_every == 0)  # type: ignore[arg-type,attr-defined]


class LeakyGoof(GoofState):
    """Shows every pending bid to everybody: the suite must catch it."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, object]:
        out = super().view(seat)
        out["all_bids"] = {str(s): a.to_json() for s, a in self.bids.choices()}
        return out


def test_the_leak_check_catches_a_leak() -> None:
    state = GOOFSPIEL.new_game(2, seed=5)
    leaky = LeakyGoof.__new__(LeakyGoof)
    state._copy_common(leaky)
    for f in GoofState.FIELDS:
        setattr(leaky, f.name, getattr(state, f.name))
    leaky.apply(0, bid(4))
    from spieltisch.engine.conformance import _check_leaks
    from spieltisch.engine.game import ConformanceCase

    with pytest.raises(InvariantViolation, match="no leaks"):
        _check_leaks(GOOFSPIEL, ConformanceCase(2), 5, 1, leaky, random.Random(0))
