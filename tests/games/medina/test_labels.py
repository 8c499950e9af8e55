"""Button captions (``game.action_label``) of Medina in English and German: every action kind
of both editions gets a real caption, the captions of one step are pairwise distinct, and
they are computed from the seat's view alone."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from spieltisch.engine.action import Action
from spieltisch.games.medina.actions import DISCARD_TEA

from ...caption_checks import bot_steps, check_captions_use_only_the_view, check_step_captions
from .positions import GAME, act, build, position, started

# (players, options): both editions at every player count they allow
CONFIGS = [
    (3, {"edition": 1}),
    (4, {"edition": 1}),
    (2, {"edition": 2}),
    (3, {"edition": 2}),
    (4, {"edition": 2}),
]
ALL_KINDS = {
    1: {"start_merchant", "build", "roof", "stable", "merchant", "wall"},
    2: {"build", "roof", "neutral_roof", "stable", "merchant", "wall", "discard_tea"},
}


def steps(
    players: int, options: dict[str, Any], seed: int
) -> Iterator[tuple[Any, int, list[Action]]]:
    return bot_steps(GAME, players, options, seed)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_md_r21_every_step_has_distinct_captions_in_both_languages(
    players: int, options: dict[str, Any]
) -> None:
    """MD-R21: every kind of placement (and the 2nd edition's neutral roof and tea discard)
    has a non-empty caption; the captions of one step differ from each other in each
    language, German differs from English, and the unknown language "fr" reads English."""
    kinds: set[str] = set()
    for seed in range(2):
        for state, seat, legal in steps(players, options, seed):
            kinds |= check_step_captions(GAME, state, seat, legal)
    expected = set(ALL_KINDS[options["edition"]])
    if players == 4:
        expected.discard("neutral_roof")  # MD-D6: no neutral roofs with 4 players
    assert kinds == expected


@pytest.mark.parametrize(("players", "options"), [(3, {"edition": 1}), (2, {"edition": 2})])
def test_md_r68_md_r70_captions_use_only_the_view(players: int, options: dict[str, Any]) -> None:
    """MD-R68, MD-R70: supplies are behind the screen. A state resampled for the seat gives
    the seat the same captions, in both languages."""
    rng = random.Random(players)
    for n, (state, seat, legal) in enumerate(steps(players, options, 5)):
        if n % 7:
            continue
        check_captions_use_only_the_view(GAME, state, seat, legal, rng)


def _labels(state: Any, action: Action) -> tuple[str, str]:
    assert action in state.legal_actions(state.active)
    view = state.view(state.active)
    return GAME.action_label(action, view, "en"), GAME.action_label(action, view, "de")


def test_md_r14_start_merchant_caption() -> None:
    """MD-R14: the 1st edition's start merchant, on the cell as the board writes it."""
    state = GAME.new_game(3, 0, {})
    assert _labels(state, act("start_merchant", 5, 3)) == (
        "Place the start merchant at (5,3)",
        "Startkaufmann auf (5,3) setzen",
    )


def test_md_r23_md_r24_a_building_founds_or_extends_a_palace() -> None:
    """MD-R24: with no incomplete palace of its colour a building founds a new one; MD-R23:
    otherwise it extends that palace, whose id the caption names."""
    state = started(3, (8, 6))
    assert _labels(state, build("grey", 4, 4)) == (
        "Build grey at (4,4), new palace",
        "Graues Gebäude auf (4,4) bauen, neuer Palast",
    )
    assert _labels(state, build("orange", 12, 3))[1] == (
        "Orangefarbenes Gebäude auf (12,3) bauen, neuer Palast"
    )
    s = position([("m", 8, 6), ("b", "g", 4, 4)], {"g": ("grey", None)})
    assert _labels(s, build("grey", 4, 3)) == (
        "Build grey at (4,3), palace #1",
        "Graues Gebäude auf (4,3) bauen, Palast #1",
    )


def test_md_r26_md_r29_roof_and_stable_name_their_palace() -> None:
    """MD-R26: a roof names the palace it claims; MD-R29: a stable the palace it joins."""
    s = position([("m", 8, 6), ("b", "g", 4, 4)], {"g": ("grey", None)})
    assert _labels(s, act("roof", 4, 4)) == (
        "Roof the grey palace #1 at (4,4)",
        "Dach auf den grauen Palast #1 bei (4,4) setzen",
    )
    assert _labels(s, act("stable", 4, 5)) == (
        "Place a stable at (4,5) by the grey palace #1",
        "Stall auf (4,5) an den grauen Palast #1 setzen",
    )


def test_md_r32_md_r34_merchant_and_wall_captions() -> None:
    """MD-R32: a merchant; MD-R34, MD-R11: a wall names the tower whose chain it joins
    (tower 1 top left, tower 3 top right, MD-D3)."""
    s = position([("m", 8, 6), ("w", 1, 0)])
    assert _labels(s, act("merchant", 8, 5)) == (
        "Place a merchant at (8,5)",
        "Kaufmann auf (8,5) setzen",
    )
    assert _labels(s, act("wall", 2, 0)) == (
        "Build a wall of tower 1 at (2,0)",
        "Mauer von Turm 1 auf (2,0) bauen",
    )
    assert _labels(s, act("wall", 16, 0)) == (
        "Build a wall of tower 3 at (16,0)",
        "Mauer von Turm 3 auf (16,0) bauen",
    )


SECOND = {"edition": 2, "well_cell": [10, 8], "start_merchant_cell": [12, 8]}


def test_md_r53_neutral_roof_caption() -> None:
    """MD-R53: the 2nd edition's neutral roof beside the own roof on the same palace."""
    s = position([("b", "p", 4, 4)], {"p": ("purple", None)}, options=SECOND)
    assert _labels(s, act("neutral_roof", 4, 4)) == (
        "Neutral roof on the purple palace #1 at (4,4)",
        "Neutrales Dach auf den lila Palast #1 bei (4,4) setzen",
    )
    assert _labels(s, act("roof", 4, 4))[1] == "Dach auf den lila Palast #1 bei (4,4) setzen"


def test_md_r58_tea_discard_caption() -> None:
    """MD-R58: instead of the second piece of a turn, a tea tile may be discarded."""
    s = position(
        [("b", "p", 4, 4)],
        {"p": ("purple", None)},
        options=SECOND,
        turn_placements=1,
        data={"tea": [1, 0, 0], "tea_pool": 5},
    )
    assert _labels(s, DISCARD_TEA) == (
        "Discard a tea tile instead of a second piece",
        "Ein Teeplättchen abwerfen statt eines zweiten Teils",
    )
