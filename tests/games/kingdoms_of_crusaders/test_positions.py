"""Positions anyone can write (``docs/positions/kingdoms-of-crusaders.md``): the worked
example of the docs loads and plays as KC-X6 says; positions round-trip at every step of
random games; a position that cannot happen is refused with a ``PositionError`` naming the
problem and its rule (KC-R2, KC-R7, KC-R9, KC-R10, KC-R13, KC-R16, KC-R17, KC-R22, KC-R23,
KC-R25, KC-R27 to KC-R34); ``state_from_json`` refuses the same documents; automatic steps
a position stops before are applied (KC-R13, KC-R14, KC-R29)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from spieltisch.engine.errors import PositionError, StateFormatError

from .helpers import GAME, SLOTS, KingdomsState, Play, build, decided_of, events_of, hand_ids, steps
from .positions import X4_PLAYS, x6_state

DOC = Path(__file__).resolve().parents[3] / "docs" / "positions" / "kingdoms-of-crusaders.md"


def example() -> str:
    """The worked example of the docs: the ``text`` block after "A worked example"."""
    text = DOC.read_text(encoding="utf-8").split("## A worked example", 1)[1]
    block = re.search(r"```text\n(.*?)```", text, re.S)
    assert block is not None
    return block.group(1)


def load(text: str) -> KingdomsState:
    state = GAME.from_position(text)
    assert isinstance(state, KingdomsState)
    return state


def test_the_worked_example_of_the_docs_plays_as_kc_x6() -> None:
    state = load(example())
    assert state.to_position() == example().rstrip("\n")
    assert state.actors() == (1,) and state.phase == "play"
    assert state.view(1)["drawn"] == "K15"
    assert state.play_counter == 33 and state.markers == [[1], [2]]
    state.apply(1, Play("K15", 4))  # KC-X6: play 34
    two, four = decided_of(state, 2), decided_of(state, 4)
    assert two == {"winner": 0, "marker": 3, "method": "claim", "play": 34}
    assert four == {"winner": 1, "marker": 4, "method": "completion", "play": 34}


def test_the_example_is_the_helpers_kc_x6() -> None:
    """The docs' example is the KC-X6 position the rule tests build (with the draw)."""
    built = x6_state("alternating")
    text = built.to_position().replace("turn: P2 to play", "turn: P2 to play, drew K15")
    assert text == example().rstrip("\n")


# a replaced deck (§2.4) of 50 cards, twice 50 >= 25 x 4 (KC-R5): the position writes it
CUSTOM_DECK = list(SLOTS.values())[6:]

CONFIGS = [
    (2, 21, {}),
    (2, 22, {"claims": "manual"}),
    (3, 23, {"claims": "manual", "stop_when_decided": True}),
    (3, 24, {"stop_when_decided": True}),
    (4, 25, {"claims": "off"}),
    (4, 26, {"deck": CUSTOM_DECK}),
]


@pytest.mark.parametrize(("players", "seed", "options"), CONFIGS)
def test_positions_round_trip_at_every_step(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    state = None
    for state, _seat, _action in steps(players, seed, options):
        text = state.to_position()
        back = load(text)
        assert back.to_position() == text
        assert back.actors() == state.actors()
        for seat in state.actors():
            assert back.legal_actions(seat) == state.legal_actions(seat)
        assert back.view(None) == state.view(None)
    assert state is not None and state.is_over()  # the generator applied the last move
    final = load(state.to_position())
    assert final.is_over() and final.winners() == state.winners()
    assert final.to_position() == state.to_position()


# -- refusals: (what is changed in the worked example, what the error says) ---------------------
def _edit(*pairs: str) -> Any:
    """Replace ``pairs[0]`` by ``pairs[1]``, ``pairs[2]`` by ``pairs[3]`` ..."""

    def edit(text: str) -> str:
        for old, new in zip(pairs[::2], pairs[1::2], strict=True):
            assert old in text, old
            text = text.replace(old, new, 1)
        return text

    return edit


UNDRAW = ("hand P2: K15 K16", "hand P2: K16", "deck: K24", "deck: K15 K24")  # K15 back on top


REFUSALS = [
    ("header", _edit("kingdoms-of-crusaders/1", "chess"), "starts with"),
    ("missing line", _edit("deck: K24", "dek: K24"), "no line 'deck'"),
    ("twice", _edit("players: 2", "players: 2\nplayers: 2"), "given twice"),
    ("players", _edit("players: 2", "players: 5"), "2, 3 or 4 players"),
    ("claims", _edit("claims: auto", "claims: sometimes"), "claims"),
    ("seat", _edit("first player: P1", "first player: P3"), "not a player"),
    ("turn", _edit("turn: P2 to play, drew K15", "turn: P2 to dance"), "the turn is"),
    ("token", _edit("K46@33", "K46-33"), "not a card with its play number"),
    ("side missing", _edit("territory 3: P1 K46@33 | ", "territory 3: "), "no side for P1"),
    ("unknown card", _edit("K24 K25", "K24 K99"), "unknown card id 'K99'"),
    ("card twice", _edit("K24 K25", "K24 K03"), "card K03 appears twice"),
    ("card missing", _edit("K24 K25", "K24"), "1 card(s) of the pool are nowhere"),
    (
        "hand size",
        _edit("hand P1: K03", "hand P1: K24 K03", "deck: K24 ", "deck: "),
        "P1 holds 6 cards",
    ),
    (
        "five cards",
        _edit("P1 K46@33", "P1 K46@33 K24@34 K25@35 K28@36 K29@37"),
        "more than 4 cards",
    ),
    ("play number", _edit("K46@33", "K46@32"), "bad or repeated play number 32"),
    ("play order", _edit("K53@23 K54@27", "K54@27 K53@23"), "not in play order"),
    ("markers", _edit("marker 2, completion", "marker 3, completion"), "markers must be"),
    (
        "closed",
        _edit("P1 K46@33 |", "P1 - |", "K51@6 |", "K51@6 K46@33 |"),
        "a decided territory is closed",
    ),
    (
        "completion winner",
        _edit("won by P2, marker 2", "won by P1, marker 2"),
        "goes to P2 by completion",
    ),
    (
        "completion play",
        _edit("completion at play 22", "completion at play 23"),
        "so it was decided then",
    ),
    ("claim with claims off", _edit("claims: auto", "claims: off"), "claims are off (KC-R30)"),
    ("first player", _edit("first player: P1", "first player: P2"), "took the first turn"),
    (
        "active",
        _edit("turn: P2 to play, drew K15", "turn: P1 to play", *UNDRAW),
        "P2 passed, but P2 could still play",
    ),
    (
        "claim phase",
        _edit("turn: P2 to play, drew K15", "turn: P2 to claim", *UNDRAW),
        "claims = manual",
    ),
    ("over", _edit("turn: P2 to play, drew K15", "turn: over", *UNDRAW), "the game is over, but"),
]


@pytest.mark.parametrize(("label", "edit", "text"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_an_impossible_position_is_refused_naming_the_problem(
    label: str, edit: Any, text: str
) -> None:
    with pytest.raises(PositionError) as info:
        GAME.from_position(edit(example()))
    assert text in str(info.value), str(info.value)


def test_kc_r17_kc_x6_as_stated_cannot_happen() -> None:
    """KC-X6's stated play numbers give A plays 25, 26 and 27 in a row while B still plays
    later (``positions.py``): no order of turns makes them (KC-R13, KC-R17)."""
    with pytest.raises(PositionError, match=r"P2 passed between play 25 .* \(KC-R13, KC-R17\)"):
        load(x6_state("stated").to_position())
    doc = x6_state("stated").to_json()
    with pytest.raises(StateFormatError, match="could still play into territory 2"):
        GAME.state_from_json(doc)  # the same check on state documents


def test_kc_r27_a_claim_that_was_not_valid_then_is_refused() -> None:
    # KC-X5: after play 15, A's R(4) in territory 4 is not proven (B may still get R(3,2))
    from .positions import X5_PLAYS

    state = build(
        [*X5_PLAYS, (0, "K22", 4)],
        claims="manual",
        active=0,
        phase="claim",
        decided={4: (0, 1, "claim", 15)},
        hand_sizes=[5, 5],
    )
    with pytest.raises(PositionError, match=r"not valid then \(KC-R27\)"):
        load(state.to_position())


def test_kc_r28_auto_decides_at_the_first_play_a_claim_is_valid() -> None:
    # KC-X4 after play 19 (K56 into territory 1): valid at once, so an auto game decided it
    # then; a position claiming it only later (play 20) is refused
    plays = [*X4_PLAYS, (0, "K56", 1), (1, "K21", 5)]
    late = build(plays, decided={1: (0, 1, "claim", 20)})
    with pytest.raises(PositionError, match=r"valid after play 19 already"):
        load(late.to_position())
    pending = build(plays[:-1])  # undecided, although the claim is valid
    with pytest.raises(PositionError, match=r"so claims = auto decided it \(KC-R28\)"):
        load(pending.to_position())
    assert load(build(plays[:-1], decided={1: (0, 1, "claim", 19)}).to_position())


# -- normalization (KC-R13, KC-R14, KC-R29) --------------------------------------------------------
def test_kc_r14_a_position_before_the_draw_draws() -> None:
    text = example().replace("turn: P2 to play, drew K15", "turn: P2 to play")
    text = text.replace("hand P2: K15 K16", "hand P2: K16").replace("deck: K24", "deck: K15 K24")
    state = load(text)
    assert state.view(1)["drawn"] == "K15"
    assert "K15" in hand_ids(state, 1) and events_of(state, "draw") == [{"type": "draw", "seat": 1}]


def _before_a_pass() -> tuple[KingdomsState, KingdomsState, int, int]:
    """A seeded game's state ``before`` some seat's play after which the next seat passes
    (KC-R13), the state ``after`` it, the passing seat and the seat that drew instead."""
    for seed in range(200):
        for state, seat, action in steps(2, seed, {"claims": "auto"}):
            before = state.clone()
            after = state.clone()
            after.apply(seat, action)
            new = after.log(None)[len(before.log(None)) :]
            passes = [e["seat"] for e in new if e["type"] == "pass"]
            if passes and not after.is_over():
                return before, after, passes[0], after.actors()[0]
    raise AssertionError("no pass in 200 games")


def test_kc_r13_a_player_with_nowhere_to_play_passes_on_load() -> None:
    """A position that gives the turn to a player with 4 cards in every open territory is
    normalized: that player passes, and the next draws the top card (KC-R13, KC-R14)."""
    _before, after, passer, drawer = _before_a_pass()
    text = after.to_position()
    drawn = after.view(drawer)["drawn"]
    lines = []
    for line in text.splitlines():
        if line.startswith("turn:"):
            line = f"turn: P{passer + 1} to play"
        elif line.startswith("deck:"):
            line = "deck: " + " ".join([drawn, *line.split()[1:]]).replace(" -", "")
        elif line.startswith(f"hand P{drawer + 1}:"):
            line = " ".join(w for w in line.split() if w != drawn)
        lines.append(line)
    state = load("\n".join(lines))
    assert state.to_position() == text
    assert [e["type"] for e in state.log(None)] == ["pass", "draw"]


def test_kc_r29_a_claim_phase_without_a_valid_claim_is_skipped() -> None:
    from .positions import X5_PLAYS

    state = build(
        [*X5_PLAYS, (0, "K22", 4)], claims="manual", active=0, phase="claim", hand_sizes=[5, 5]
    )
    back = load(state.to_position())  # KC-X5: A's claim is invalid, so no claim phase
    assert back.phase == "play" and back.actors() == (1,)
    assert events_of(back, "draw") == [{"type": "draw", "seat": 1}]


def test_a_document_whose_actor_has_no_move_is_normalized_on_load() -> None:
    state = build([], first_player=1, hand_sizes=[5, 5])  # P2 to play, not drawn yet
    loaded = GAME.state_from_json(state.to_json())
    assert loaded.actors() == (1,) and len(hand_ids(loaded, 1)) == 6  # type: ignore[arg-type]
