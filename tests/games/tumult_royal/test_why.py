""" "Why can't I?" (issue 15): every click on the picture that no legal move uses means an
action (``svg.attempt``) or nothing, and ``Game.why_illegal`` says why that action is not
allowed, in English and German, with a rule id of the rulebook, without changing the state;
a legal action gets no reason. Checked over seeded games of 2, 3 and 4 players (TR-S7,
TR-G6, TR-R15 to TR-R19, TR-V1 to TR-V3), then the reasons of the rules one by one."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

import pytest

from spieltisch.engine.game import State
from spieltisch.engine.rulebook import rulebook
from spieltisch.games.tumult_royal.names import PACKAGE
from spieltisch.games.tumult_royal.svg import attempt, board_moves, render_svg

from ...picture_checks import recorded_steps
from .helpers import (
    DONE,
    END_TURN,
    KEEP,
    WAIT,
    A,
    B,
    C,
    assign,
    build,
    new,
    peek,
    place,
    set_board,
    set_designs,
    to_build,
    to_grab,
)
from .helpers import GAME as GAME_

GAME = GAME_
RULES = set(rulebook(PACKAGE, "en").rules)
CONFIGS: list[tuple[int, dict[str, Any], int]] = [
    (2, {}, 31),
    (3, {"variant": "zocker"}, 32),
    (4, {"keep_goods": True}, 34),
    (3, {"greed_measure": "tiles", "ruleset_data": "reconstructed-1"}, 36),
]
IDS = [f"{p}p-{sorted(o)}-seed{s}" for p, o, s in CONFIGS]
X2_DESIGNS = ["L06", "L01", "L02", "L03", "L04", "L05", "L07", "L08", "L09", "L10"]


@cache
def _steps(index: int) -> tuple[tuple[State, int], ...]:
    players, options, seed = CONFIGS[index]
    return recorded_steps(GAME, players, options, seed)


def _keys(svg: str) -> tuple[set[str], set[str]]:
    root = ET.fromstring(svg.split("?>", 1)[1])
    picks = {el.get("data-pick") or "" for el in root.iter() if el.get("data-pick")}
    places = {el.get("data-place") or "" for el in root.iter() if el.get("data-place")}
    return picks, places


def check_reason(state: State, seat: int, action: Any) -> None:
    """A reason in both languages with a rule of the rulebook, German not English."""
    en = GAME.why_illegal(state, seat, action, "en")
    de = GAME.why_illegal(state, seat, action, "de")
    assert en is not None and de is not None, action
    assert en.rule in RULES and de.rule == en.rule, (action, en)
    assert en.reason and de.reason and en.reason != de.reason, (en.reason, de.reason)
    for text in (en.reason, de.reason):
        assert "_" not in text and "TumultAction" not in text, text


def check_clicks(state: State, seat: int) -> int:
    """Every unarmed key of ``seat``'s picture, alone and with each legal pick selected:
    the action it means is legal (no reason) or refused with a reason. Returns the number
    of actions asked about."""
    view = state.view(seat)
    acting = seat in state.actors()
    legal = [a.to_json() for a in state.legal_actions(seat)] if acting else []
    moves = board_moves(view, legal, "en")
    picks, places = _keys(render_svg(view, "en", legal))
    assert _keys(render_svg(view, "de", legal)) == (picks, places)
    armed = {m["pick"] for m in moves} | {m["place"] for m in moves}
    legal_picks = sorted({m["pick"] for m in moves if m["pick"]})
    before = state.to_json()
    asked = 0
    clicks: list[tuple[str | None, str | None]] = [(k, None) for k in picks - armed]
    for where in sorted(places - armed):
        clicks += [(None, where), *((p, where) for p in legal_picks)]
    for pick, where in clicks:
        meant = attempt(view, pick, where)
        if meant is None:
            continue
        action = GAME.action_from_json(meant)
        asked += 1
        if meant in legal:
            assert GAME.why_illegal(state, seat, action, "en") is None
        else:
            check_reason(state, seat, action)
    assert state.to_json() == before
    return asked


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_every_unarmed_click_is_explained(index: int) -> None:
    players = CONFIGS[index][0]
    asked = 0
    phases = set()
    steps = _steps(index)
    for i, (state, seat) in enumerate(steps[:-1]):
        phase = state.phase  # type: ignore[attr-defined]
        if (phase == "grab" and i % 11) or (phase != "grab" and i % 3):
            continue
        phases.add(phase)
        for viewer in (seat, (seat + 1) % players):
            asked += check_clicks(state, viewer)
    assert phases == {"setup_start_statues", "grab", "build"}
    assert asked > 100


def test_a_finished_game_refuses_everything_by_its_ending() -> None:
    """TR-V1 to TR-V3: after the end every action is refused with the rule that ended it."""
    for index in range(len(CONFIGS)):
        final = _steps(index)[-1][0]
        rule = {"25th statue": "TR-V1", "threshold": "TR-V2", "round limit": "TR-V3"}[
            final.ending()  # type: ignore[index]
        ]
        for action in (WAIT, END_TURN, peek(0), build(0, 0)):
            check_reason(final, 0, action)
            assert GAME.why_illegal(final, 0, action, "en").rule == rule  # type: ignore[union-attr]


# -- the reasons one by one ---------------------------------------------------------------
def reason(state: State, seat: int, action: Any, rule: str, *words: str) -> str:
    before = state.to_json()
    check_reason(state, seat, action)
    en = GAME.why_illegal(state, seat, action, "en")
    assert en is not None and en.rule == rule, en
    for word in words:
        assert word in en.reason, (word, en.reason)
    assert state.to_json() == before
    de = GAME.why_illegal(state, seat, action, "de")
    assert de is not None
    return de.reason


def test_tr_s7_start_statues_in_turn_on_a_free_meadow() -> None:
    s = new(3, seed=105)
    first = s.actors()[0]
    other = next(p for p in range(3) if p != first)
    de = reason(s, other, place(0, 0), "TR-S7", f"Player {first + 1}'s turn")
    assert f"Spieler {first + 1}" in de
    codes = s.codes
    width = s.land.width
    forest = next(f for f, code in enumerate(codes) if code == "F")
    r, c = divmod(forest, width)
    de = reason(s, first, place(r, c), "TR-S7", "meadow", f"({r},{c})")
    assert "Wiese" in de and "Wald" in de
    fog = next(f for f, code in enumerate(codes) if not code)
    reason(s, first, place(*divmod(fog, width)), "TR-S7", "face-down")
    reason(s, first, place(9, 0), "TR-S7", "no such field")
    reason(s, first, DONE, "TR-S7", "start statue")
    meadow = next(f for f, code in enumerate(codes) if code == "M")
    s.apply(first, place(*divmod(meadow, width)))
    reason(s, s.actors()[0], place(*divmod(meadow, width)), "TR-S7", "already taken")


def grab() -> State:
    """3 players after two ticks: A holds slot 0, B holds nothing, C kept slot 1."""
    s = to_grab(3, seed=101)
    for seat, action in ((A, WAIT), (B, WAIT), (C, peek(1)), (A, peek(0)), (B, WAIT), (C, KEEP)):
        s.apply(seat, action)
    return s


def test_tr_g6_the_grab_refusals() -> None:
    s = grab()
    reason(s, A, peek(5), "TR-G6", "hand is full", "slot 0")
    reason(s, B, KEEP, "TR-G6", "hand is empty")
    de = reason(s, B, peek(0), "TR-G6", "Player 1 holds the tile of slot 0")
    assert "Spieler 1" in de and "Fach 0" in de
    reason(s, B, peek(1), "TR-G6", "Player 3 kept its tile")
    reason(s, C, peek(1), "TR-G6", "you kept its tile")
    reason(s, B, peek(99), "TR-G6", "no slot 99")
    reason(s, B, build(3, 0), "TR-G6", "building comes after the tumult check")
    s.apply(B, DONE)
    reason(s, B, peek(5), "TR-G6", "done grabbing")
    s.apply(A, WAIT)
    reason(s, A, WAIT, "TR-G6", "already chosen")


def builder() -> State:
    """Example TR-X2's position: A builds first and holds bread 3, marble 2, tools 1 and 2."""
    s = to_build(2, seed=102)
    set_designs(s, X2_DESIGNS, [True, False])
    s.rank, s.turn, s.built = [A, B], 0, False
    set_board(s, {(2, 0): A, (0, 2): B})
    assign(s, {A: [("bread", 3), ("marble", 2), ("tools", 1), ("tools", 2)]})
    return s


def test_tr_r15_to_r18_where_a_build_may_go() -> None:
    s = builder()
    de = reason(s, B, END_TURN, "TR-R15", "Player 1's build turn")
    assert "Spieler 1" in de
    reason(s, A, peek(0), "TR-R15", "tax robbery is over")
    reason(s, A, build(0, 2), "TR-R16", "taken by Player 2")
    reason(s, A, build(2, 0), "TR-R16", "your statues")
    reason(s, A, build(0, 4), "TR-R16", "face-down")
    de = reason(s, A, build(4, 1), "TR-R18", "Mountain (4,1)", "not next to")
    assert "Berg (4,1)" in de
    set_board(s, {(1, 1): A, (4, 4): (A, 23), (0, 2): B})
    de = reason(s, A, build(1, 2), "TR-R17", "Village (1,2) takes 2 statues", "only 1 left")
    assert "Dorf (1,2)" in de


def test_tr_r19_what_is_wrong_with_a_payment() -> None:
    s = builder()
    meadow = (3, 0)  # adjacent: 1 bread + 1 tools
    reason(s, A, build(*meadow, ("bread", 3), ("tools", 1), ("tools", 2)), "TR-R19", "too many")
    reason(s, A, build(*meadow, ("bread", 3), ("marble", 2), ("tools", 1)), "TR-R19", "marble")
    reason(s, A, build(*meadow, ("bread", 3)), "TR-R19", "does not cover")
    reason(s, A, build(*meadow, ("bread", 1), ("tools", 1)), "TR-R19", "do not hold", "bread 1")
    reason(s, A, build(*meadow, ("gold", 1), ("tools", 1)), "TR-R19", "gold")
    de = reason(s, A, build(1, 0), "TR-R19", "Castle (1,0) costs 3 bread", "hold only")
    assert "Burg (1,0) kostet 3 Brot" in de
    assert GAME.why_illegal(s, A, build(*meadow, ("bread", 3), ("tools", 1)), "de") is None
    assign(s, {A: [("bread", 1), ("tools", 2)]})
    de = reason(s, A, build(0, 0), "TR-R19", "costs double: 2 bread, 2 tools", "only 1 bread")
    assert "kostet doppelt: 2 Brot, 2 Werkzeug; du hast nur 1 Brot, 2 Werkzeug" in de


def test_attempt_reads_the_click() -> None:
    """A slot is a peek, the tile in hand's places keep and put back, a field a start statue
    or a build paid as the chip says or as cheaply as the viewer can; a chip alone selects."""
    s = builder()
    view = s.view(A)
    assert attempt(view, None, "slot:4") == {"type": "peek", "slot": 4}
    assert attempt(view, None, "hand:keep") == {"type": "keep"}
    assert attempt(view, None, "hand:put-back") == {"type": "put_back"}
    assert attempt(view, "pay:bread:3", None) is None
    assert attempt(view, None, "nowhere") is None
    cheap = attempt(view, None, "field:3,0")
    assert cheap == {"type": "build", "field": [3, 0], "payment": [["bread", 3], ["tools", 1]]}
    chip = attempt(view, "pay:tools:2", "field:3,0")
    assert chip == {"type": "build", "field": [3, 0], "payment": [["bread", 3], ["tools", 2]]}
    assert attempt(view, None, "field:4,1") == {"type": "build", "field": [4, 1], "payment": []}
    start = new(2, seed=3)
    assert attempt(start.view(0), None, "field:2,1") == {"type": "place_start", "field": [2, 1]}
