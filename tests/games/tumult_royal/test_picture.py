"""Tumult Royal's board picture against the board-interface contract
(``docs/board-interface.md``): sampled steps of seeded games of 2, 3 and 4 players (grab
ticks, start statues, build turns, the end) drawn for the acting seat, another seat and a
spectator, in English and sometimes German, checked by ``tests/picture_checks.py``; the
moves made on the board (a peek is a click on the slot, Keep and Put back are places on the
tile in hand, a build is a click on the field with its payments as captions and drawn
goods, more than 12 payments go through a pick of how one good is paid); the viewer's
memory drawn on the tiles (TR-G12) and nothing more (TR-H2); the keys of pieces and of log
events; the tooltips in both languages; and the size of every target."""

from __future__ import annotations

import string
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from typing import Any

import pytest

from spieltisch.engine.game import State
from spieltisch.engine.picture import MIN_TARGET
from spieltisch.games.tumult_royal.board_words import words
from spieltisch.games.tumult_royal.state import TumultState
from spieltisch.games.tumult_royal.svg import board_moves, log_keys, render_svg

from ...picture_checks import check_log_keys, check_picture, check_step, recorded_steps
from .helpers import GAME, KEEP, PUT_BACK, assign, new, peek, set_board, to_build, to_grab

CONFIGS: list[tuple[int, dict[str, Any], int]] = [
    (2, {}, 2),
    (3, {"variant": "zocker"}, 3),
    (4, {}, 4),
    (4, {"keep_goods": True}, 6),
]
IDS = [f"{p}p-{sorted(o)}-seed{s}" for p, o, s in CONFIGS]
_SVG = "{http://www.w3.org/2000/svg}"


@cache
def _steps(index: int) -> tuple[tuple[State, int], ...]:
    """Every decision of a seeded game, then the final state (seat -1)."""
    players, options, seed = CONFIGS[index]
    return recorded_steps(GAME, players, options, seed)


def _sampled(index: int) -> list[tuple[int, State, int]]:
    """Every other start statue and build step, every ninth grab step, the first and last
    step of each grab, and the end."""
    steps = _steps(index)
    out = []
    for i, (state, seat) in enumerate(steps):
        phase = state.phase  # type: ignore[attr-defined]
        tick = state.tick  # type: ignore[attr-defined]
        nxt = steps[i + 1][0] if i + 1 < len(steps) else None
        edge = nxt is None or nxt.phase != phase or tick == 0  # type: ignore[attr-defined]
        if (phase != "grab" and i % 2 == 0) or i % 9 == 0 or edge:
            out.append((i, state, seat))
    return out


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg.split("?>", 1)[1])


def _legal(state: State, seat: int) -> list[dict[str, Any]]:
    return [a.to_json() for a in state.legal_actions(seat)]


def _picture(state: State, seat: int | None, lang: str = "en") -> tuple[ET.Element, list]:
    view = state.view(seat)
    legal = _legal(state, seat) if seat is not None and seat in state.actors() else []
    svg = render_svg(view, lang, legal)
    return check_picture(svg), board_moves(view, legal, lang)


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_sampled_steps_meet_the_contract(index: int) -> None:
    """The acting seat, the next seat and a spectator at every sampled step; German at
    every seventh; the log's keys at the end."""
    players = CONFIGS[index][0]
    phases = Counter()
    for step, state, seat in _sampled(index):
        if seat < 0:
            for viewer in (None, *range(players)):
                check_step(GAME, state, viewer, "en")
                check_step(GAME, state, viewer, "de")
            continue
        phases[state.phase] += 1  # type: ignore[attr-defined]
        check_step(GAME, state, seat, "en")
        check_step(GAME, state, (seat + 1) % players, "en")
        check_step(GAME, state, None, "en")
        if step % 7 == 0:
            check_step(GAME, state, seat, "de")
    assert set(phases) == {"setup_start_statues", "grab", "build"}
    final = _steps(index)[-1][0]
    for viewer in (None, 0):
        check_log_keys(GAME, final, viewer)


@pytest.mark.parametrize("index", [0, 2], ids=[IDS[0], IDS[2]])
def test_moves_of_every_kind_are_made_on_the_board(index: int) -> None:
    """Start statues and builds on their field, peeks on their slot, Keep and Put back on
    the tile in hand; done, wait and the end of a build turn are the only buttons."""
    kinds: Counter[str] = Counter()
    for _, state, seat in _sampled(index):
        if seat < 0:
            continue
        legal = _legal(state, seat)
        root, moves = _picture(state, seat)
        places = {el.get("data-place"): el for el in root.iter() if el.get("data-place")}
        for action, move in zip(legal, moves, strict=True):
            kind = action["type"]
            kinds[kind] += 1
            if kind == "peek":
                assert move["place"] == f"slot:{action['slot']}" and move["pick"] is None
                slot = places[move["place"]]
                assert slot.get("data-slot") == str(action["slot"])
                assert slot.get("data-state") == "down"
            elif kind in ("keep", "put_back"):
                assert move["place"] == ("hand:keep" if kind == "keep" else "hand:put-back")
            elif kind in ("place_start", "build"):
                r, c = action["field"]
                assert move["place"] == f"field:{r},{c}"
                assert places[move["place"]].get("data-field") == f"{r},{c}"
            else:
                assert move["pick"] is None and move["place"] is None and move["button"]
        buttons = [m for m in moves if m["pick"] is None and m["place"] is None]
        assert len(buttons) <= 2  # done and wait, or the end of the build turn
    assert {"place_start", "peek", "keep", "put_back", "done", "wait", "build", "end_turn"} <= set(
        kinds
    )


def test_a_peek_is_a_click_on_the_face_down_slot() -> None:
    """TR-G6: every face-down slot is a peek's place while the hand is empty; after the
    viewer's choice no move is left, but the slots stay places a click may ask about."""
    s = to_grab(3, seed=11)
    seat = s.actors()[0]
    root, moves = _picture(s, seat)
    slots = {el.get("data-slot"): el for el in root.iter() if el.get("data-kind") == "slot"}
    peeks = {m["place"] for m in moves if m["place"] and m["place"].startswith("slot:")}
    assert peeks == {f"slot:{n}" for n in slots}
    for n, el in slots.items():
        assert el.get("data-place") == f"slot:{n}"
        assert "peek" in (el.get("data-tip") or "")
    s.apply(seat, peek(4))  # the viewer's choice waits for the tick: no more moves
    root, moves = _picture(s, seat)
    assert moves == []
    places = {el.get("data-place") for el in root.iter() if el.get("data-place")}
    assert {f"slot:{n}" for n in slots} <= places  # asked about: "Why can't I?"
    chosen = next(el for el in root.iter() if el.get("data-slot") == "4")
    assert "Your choice" in (chosen.get("data-tip") or "")


def test_keep_and_put_back_are_places_on_the_tile_in_hand() -> None:
    """TR-G7, TR-G12: the tile in hand shows its face to its holder only, with Keep and Put
    back on it; the others see the slot lifted by the holder, face down."""
    s = to_grab(2, seed=12)
    s.apply(0, peek(3))
    s.apply(1, peek(5))
    root, moves = _picture(s, 0)
    assert [m["place"] for m in moves[:2]] == ["hand:keep", "hand:put-back"]
    assert [m["place"] for m in moves[2:]] == [None, None]  # done, wait
    face = s.view(0)["me"]["hand"]
    hand = next(el for el in root.iter() if el.get("data-key") == "tile:3")
    assert "Only you see it" in (hand.get("data-tip") or "")
    numbers = {"".join(t.itertext()) for t in hand.iter(f"{_SVG}text")}
    assert str(face[1]) in numbers
    keep = next(el for el in root.iter() if el.get("data-place") == "hand:keep")
    assert "Keep" in "".join(keep.itertext())
    other, _ = _picture(s, 1)
    held = next(el for el in other.iter() if el.get("data-slot") == "3")
    assert held.get("data-state") == "held" and held.get("data-seat") == "0"
    assert held.get("data-face") is None
    s.apply(0, KEEP)
    s.apply(1, PUT_BACK)
    root, _ = _picture(s, 0)
    kept = next(el for el in root.iter() if el.get("data-key") == "tile:3")
    assert "from slot 3" in (kept.get("data-tip") or "")  # moved into the castle, face up
    slot = next(el for el in root.iter() if el.get("data-slot") == "3")
    assert slot.get("data-state") == "taken" and not slot.get("data-key")


def test_memory_is_drawn_on_the_tiles_the_viewer_saw() -> None:
    """TR-G12: a slot the viewer held and put back shows the face it saw, to that viewer
    only (the spectator and the other seat see the back)."""
    s = to_grab(2, seed=13)
    s.apply(0, peek(2))
    s.apply(1, peek(7))
    s.apply(0, PUT_BACK)
    s.apply(1, PUT_BACK)
    face = s.view(0)["me"]["memory"]["2"]
    for viewer, knows in ((0, True), (1, False), (None, False)):
        root, _ = _picture(s, viewer)
        slot = next(el for el in root.iter() if el.get("data-slot") == "2")
        texts = " ".join("".join(t.itertext()) for t in slot.iter(f"{_SVG}text"))
        assert (slot.get("data-face") is not None) == knows
        assert ("You saw it" in (slot.get("data-tip") or "")) == knows
        assert (str(face[1]) in texts.split()) == knows


def _mountain_with_many_payments() -> TumultState:
    """Round 1's build: the actor holds 1, 2 and 3 of every good and stands next to a
    mountain (cost 1 of each: 27 payments, TR-R19)."""
    s = to_build(2, 3)
    seat = s.actors()[0]
    land = s.land
    mountain = next(
        f for f in range(land.size) if s.terrain(f) == "H" and any(s.terrain(n) for n in land.n4[f])
    )
    beside = next(n for n in land.n4[mountain] if s.terrain(n))
    board = {
        land.rc(f): (s.owner[f], s.statues[f])
        for f in range(land.size)
        if s.owner[f] >= 0 and f != mountain
    }
    board[land.rc(beside)] = (seat, 1)
    set_board(s, board)
    assign(s, {seat: [(g, v) for g in ("bread", "marble", "tools") for v in (1, 2, 3)]})
    return s


def test_payments_of_one_field_share_its_place_with_captions_and_drawn_goods() -> None:
    """TR-R19: the payments of a field are its moves' captions, each with its tiles drawn
    as goods icons and numbers (``art``, at most 160×32); more than 12 go through a pick of
    how one good is paid, so no choice offers more than 12."""
    s = _mountain_with_many_payments()
    seat = s.actors()[0]
    legal = _legal(s, seat)
    root, moves = _picture(s, seat)
    by_place: dict[tuple[Any, Any], list[dict[str, Any]]] = {}
    for action, move in zip(legal, moves, strict=True):
        by_place.setdefault((move["pick"], move["place"]), []).append(move)
        if action["type"] != "build":
            continue
        art = ET.fromstring(move["art"])
        assert float(art.get("width", 0)) <= 160 and float(art.get("height", 0)) <= 32
        drawn = ["".join(t.itertext()) for t in art.iter(f"{_SVG}text")]
        for good in ("bread", "marble", "tools"):
            values = sorted(v for g, v in action["payment"] if g == good)
            if values:
                assert "+".join(map(str, values)) in drawn
                assert f"{good} {'+'.join(map(str, values))}" in move["button"]
        units = sum(v for _, v in action["payment"])
        if move["pick"] and units > 3:  # the mountain costs 3 units, the rest are
            assert f"(+{units - 3})" in move["button"]  # followers (TR-R20)
    assert max(len(v) for v in by_place.values()) <= 12
    chips = {el.get("data-pick") for el in root.iter() if el.get("data-pick")}
    assert chips == {"pay:bread:1", "pay:bread:2", "pay:bread:3"}
    shared = [v for (p, _), v in by_place.items() if p is None and len(v) > 1]
    assert shared  # the village next door: 12 payments on one place, without a pick
    for group in by_place.values():
        assert len({m["button"] for m in group}) == len(group)


def test_pieces_are_not_nested() -> None:
    """The page animates and marks only outermost pieces: no ``data-key`` inside another,
    and each piece once."""
    for _, state, seat in _sampled(2)[::6] + _sampled(3)[::6]:
        root, _ = _picture(state, None if seat < 0 else seat)
        keys = Counter(el.get("data-key") for el in root.iter() if el.get("data-key"))
        assert all(n == 1 for n in keys.values()), [k for k, n in keys.items() if n > 1]
        for el in root.iter():
            if el.get("data-key"):
                inner = [e.get("data-key") for e in el.iter() if e is not el and e.get("data-key")]
                assert not inner, (el.get("data-key"), inner)


def test_log_keys_name_pieces_of_the_picture() -> None:
    """A statue built or placed is the piece ``statue:R,C`` drawn after it; a tick names the
    tiles of its slots, drawn in their slot, a hand or a castle."""
    steps = _steps(0)
    checked = Counter()
    for i in range(1, len(steps)):
        state = steps[i][0]
        event = state.log(None)[-1]
        if event["type"] not in ("start_statue", "build", "tick") or i % 3:
            continue
        root, _ = _picture(state, 0)
        present = {el.get("data-key") for el in root.iter() if el.get("data-key")}
        keys = log_keys(event)
        if event["type"] != "tick" or state.phase == "grab":  # type: ignore[attr-defined]
            assert set(keys) <= present, (event, keys)
        checked[event["type"]] += 1
    assert checked["tick"] and checked["build"]
    assert log_keys({"type": "tumult", "good": "bread", "greediest": 2}) == [
        "demand:bread",
        "castle:2",
    ]
    assert log_keys({"type": "crown", "ranks": [1, 0], "king": 1, "chronicle": 1}) == [
        "crown",
        "castle:1",
    ]
    assert log_keys({"type": "fog", "tiles": [[0, 2]], "tile_columns": 3}) == ["land:0,2"]
    assert log_keys({"type": "fog", "columns": [1]}) == ["land:0,1", "land:1,1"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_piece_explains_itself(lang: str) -> None:
    """Every slot, landscape field, statue, chronicle field, tile, rank and the crown has
    a tooltip in the reader's language."""
    s = _steps(2)[len(_steps(2)) // 2][0]
    root, _ = _picture(s, 0, lang)
    kinds = Counter()
    for el in root.iter():
        k = el.get("data-key") or ""
        what = (
            el.get("data-kind")
            or ("field" if el.get("data-field") else None)
            or ("chronicle" if el.get("data-round") else None)
            or (k.split(":")[0] if k.split(":")[0] in ("tile", "crown", "rank", "castle") else None)
        )
        if what is None or what in ("standing", "end-check"):
            continue
        kinds[what] += 1
        tip = el.get("data-tip") or ""
        assert tip, (what, el.attrib)
        if lang == "de":
            assert not any(w in tip for w in (" the ", "Slot ", "costs", "statues of")), tip
    assert {"slot", "field", "statue", "chronicle", "tile", "crown", "rank", "castle"} <= set(kinds)


def test_targets_are_large_enough() -> None:
    """Every place and pick is at least 24×24 (WCAG 2.2): the first rectangle drawn in it
    is its extent."""
    for state in (to_grab(4, seed=14), _mountain_with_many_payments(), new(4, seed=15)):
        seat = state.actors()[0]
        root, _ = _picture(state, seat)
        targets = [el for el in root.iter() if el.get("data-place") or el.get("data-pick")]
        assert targets
        for el in targets:
            rect = next(el.iter(f"{_SVG}rect"))
            assert float(rect.get("width", 0)) >= MIN_TARGET, el.attrib
            assert float(rect.get("height", 0)) >= MIN_TARGET, el.attrib
    s = to_grab(2, seed=16)
    s.apply(0, peek(1))
    s.apply(1, peek(2))
    root, _ = _picture(s, 0)
    for where in ("hand:keep", "hand:put-back"):
        el = next(e for e in root.iter() if e.get("data-place") == where)
        rect = next(el.iter(f"{_SVG}rect"))
        assert float(rect.get("height", 0)) >= 32 and float(rect.get("width", 0)) >= 80


def test_both_languages_have_every_word() -> None:
    """The picture's words exist in English and German, with the same placeholders."""
    assert set(words("en")) == set(words("de"))
    for name, en in words("en").items():
        de = words("de")[name]
        assert sorted(_fields(en)) == sorted(_fields(de)), name


def _fields(template: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(template) if f]
