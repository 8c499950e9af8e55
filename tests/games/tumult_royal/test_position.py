"""Positions written by hand (``docs/positions/tumult-royal.md``): the worked example loads,
positions of played games read back exactly, inconsistent positions and state documents are
refused naming the problem, and what happens without a choice is run on load (TR-R2)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from spieltisch.engine.errors import PositionError, StateFormatError

from .helpers import GAME, A, B, C, new

DOC = Path(__file__).resolve().parents[3] / "docs" / "positions" / "tumult-royal.md"


def example() -> str:
    match = re.search(r"## Worked example.*?```text\n(.*?)```", DOC.read_text("utf-8"), re.S)
    assert match is not None
    return match[1]


def test_the_worked_example_of_the_docs_loads_as_described() -> None:
    """TR-D3, TR-R17, TR-R28, TR-G4, TR-G8, TR-G12: the numbers the docs read from it."""
    s = GAME.from_position(example())
    assert s.players == 3 and s.round == 3 and s.phase == "grab" and s.tick == 5
    assert s.rank == [B, A, C] and s.chronicle == [(C, 1), (B, 1)]
    assert [s.placed(p) for p in (A, B, C)] == [7, 6, 7] and s.reserve == [18, 19, 18]
    assert s.grace == [False, True, False]
    assert s.face_up == [True, True, False, True, True, True]
    assert len(s.aside) == 9 and len(s.slot_tile) == 24
    assert s.hand == [-1, -1, 4] and s.slot_taker[:4] == [B, C, A, B]
    assert s.memory == [[2], [0, 3], [1, 4]]
    assert s.actors() == (A, B, C)
    assert s.to_position() == example()
    with pytest.raises(Exception, match="no game record"):
        s.record()


def play(players: int, seed: int, **options: object) -> list[str]:
    """The positions of a random game, one per step."""
    s = GAME.new_game(players, seed, options)
    rng = random.Random(seed)
    out = [s.to_position()]
    while not s.is_over():
        seat = rng.choice(s.actors())
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        out.append(s.to_position())
    return out


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"variant": "zocker", "grab_ticks": 6}),
        (3, {"keep_goods": True, "greed_measure": "tiles"}),
        (4, {"consolation": "built_nothing", "tick_ms": 800}),
        (3, {"ruleset_data": "reconstructed-1"}),
    ],
)
def test_positions_of_played_games_read_back_exactly(players: int, options: dict) -> None:
    for text in play(players, 5, **options)[::9]:
        s = GAME.from_position(text)
        assert s.to_position() == text
        assert s.actors() or s.is_over()


def test_a_position_reads_back_with_the_same_views_and_moves() -> None:
    """The hidden parts are in the position, so every seat sees the same (TR-H2)."""
    s = new(4, seed=9)
    rng = random.Random(9)
    for _ in range(120):
        seat = rng.choice(s.actors())
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    back = GAME.from_position(s.to_position())
    for seat in (None, A, B, C, 3):
        assert back.view(seat) == s.view(seat)
    for seat in s.actors():
        assert back.legal_actions(seat) == s.legal_actions(seat)


def edited(old: str, new_text: str) -> str:
    text = example()
    assert old in text
    return text.replace(old, new_text)


@pytest.mark.parametrize(
    ("old", "new_text", "problem"),
    [
        ("seat 0 followers=21", "seat 0 followers=-1", "followers"),
        ("ranks 1 0 2", "ranks 1 1 2", "TR-D4"),
        ("L03 L06 (L04)", "L03 L06 (L03)", "every design"),
        ("L03 L06 (L04)", "L03 L06 L04", "face-down tile positions"),
        ("L03 L06 (L04)", "L03 L06 (L99)", "no landscape tile"),
        ("statues=(1,3),(2,3)", "statues=(1,3)x30,(2,3)", "TR-D3"),
        ("statues=(1,3),(2,3)", "statues=(1,3),(2,3),(0,6)", "face-down"),
        ("statues=(1,3),(2,3)", "statues=(1,3)x1,(2,3)", "TR-R17"),
        ("statues=(1,3),(2,3)", "statues=(1,3),(2,3),(9,9)", "not a field"),
        ("aside bread1 bread1", "aside bread3 bread3 bread3 bread3", "more bread3"),
        ("aside bread1 bread1 bread2", "aside bread1 bread2", "pool"),
        ("chronicle 2:1 1:1", "chronicle 2:1", "chronicle"),
        ("chronicle 2:1 1:1", "chronicle 2:1 1:3", "TR-R25"),
        ("demand 4 4 4", "demand 4 3 4", "demand"),
        ("grace=yes", "grace=no", "TR-R28"),
        ("pending -", "pending 2:peek0", "cannot have chosen"),
        ("pending -", "pending 0:keep", "cannot have chosen"),
        ("memory 0:2 1:0,3 2:1,4", "memory 0:2 1:0,3 2:1", "remember"),
        ("tools2:hand2", "tools2:hand1", "TR-G12"),
        ("tools2:hand2", "tools2:kept0", "TR-G12"),
        ("pool -", "pool bread1", "pool"),
        ("round=3", "round=11", "round"),
        ("phase=grab", "phase=lunch", "phase"),
        ("tumult-royal/1 players=3", "tumult-royal/1 players=5", "players"),
        ("tumult-royal/1 players=3", "tumult-royal/1 variant=poker players=3", "variant"),
        ("tick=5", "tick=5 actor=1", "actor"),
        ("ranks 1 0 2", "ranks 1 0 2\nranks 1 0 2", "second ranks"),
        ("pool -", "pool -\nweather sunny", "unknown line"),
    ],
)
def test_an_inconsistent_position_is_refused_naming_the_problem(
    old: str, new_text: str, problem: str
) -> None:
    with pytest.raises(PositionError, match=re.escape(problem)):
        GAME.from_position(edited(old, new_text))


def test_every_tile_not_set_aside_lies_in_a_slot_during_the_grab() -> None:
    """TR-G2, TR-G3: a tile left to the pool (the pool line left out) is in no slot."""
    text = example().replace("aside bread1 bread1 bread2", "aside bread1 bread2")
    with pytest.raises(PositionError, match="TR-G3"):
        GAME.from_position(text.replace("pool -\n", ""))


def test_the_start_statues_go_in_rank_order() -> None:
    """TR-S7: before the actor exactly the seats after it in rank have placed."""
    s = new(3, seed=2)
    order = s.start_order()
    s.apply(order[0], s.legal_actions(order[0])[0])
    text = s.to_position()
    assert GAME.from_position(text).actors() == (order[1],)
    with pytest.raises(PositionError, match="TR-S7"):
        GAME.from_position(text.replace(f"actor={order[1]}", f"actor={order[2]}"))


def test_a_state_document_that_cannot_be_a_position_is_refused() -> None:
    """The checks of positions also judge documents (TR-D3, TR-D1)."""
    s = new(3, seed=4)
    doc = json.loads(json.dumps(s.to_json()))
    doc["data"]["reserve"][0] = 24  # a statue vanished
    with pytest.raises(StateFormatError, match="TR-D3"):
        GAME.state_from_json(doc)
    doc = json.loads(json.dumps(s.to_json()))
    doc["data"]["loc"][3] = 1  # a tile in a hand before round 1
    with pytest.raises(StateFormatError, match="TR-S3"):
        GAME.state_from_json(doc)


def test_the_last_tick_is_played_out_on_load() -> None:
    """TR-G9, TR-R2: a grab at its last tick ends; the tumult check runs and the King
    builds. ``phase=grab tick=24`` writes the position right after a grab."""
    text = edited("tick=5", "tick=24")
    s = GAME.from_position(text)
    assert s.phase == "build" and s.revealed and s.actors() == (B,)
    assert [e["type"] for e in s.events][:1] == ["reveal"]


def test_a_tick_everyone_has_chosen_for_is_resolved_on_load() -> None:
    """TR-G7, TR-G8: the choices are resolved as the last one would have been."""
    s = GAME.from_position(edited("pending -", "pending 0:wait 1:done 2:keep"))
    assert s.tick == 6 and s.slot_taker[4] == C and s.actors() == (A, C)


def test_a_document_with_every_build_turn_taken_goes_on_to_the_next_round() -> None:
    """TR-R15, TR-R23 to TR-R31: the round closes when the document is loaded."""
    s = new(2, seed=3)
    while s.phase != "build":
        seat = s.actors()[0]
        s.apply(seat, s.legal_actions(seat)[-1])
    doc = json.loads(json.dumps(s.to_json()))
    doc["data"]["turn"] = 2
    loaded = GAME.state_from_json(doc)
    assert loaded.round == 2 and loaded.phase == "grab" and loaded.chronicle


JUNK = [None, -1, 0, 1, 99, "x", [], {}, [1], [[1, 2, 3]], True, 1.5, ["L01"], {"seat": 9}]
WORDS = ["-", "x", "0", "99", "(1,1)", "(0,0)x2", "bread9", "L01", "(L02)", "a=b", "0:peek99"]
WORDS += ["1:keep", "99:wait", "phase=build", "tick=24", "done=0,1", "actor=0", "0:peek1:won"]


def use(s) -> None:
    """Whatever loads works: views, moves, positions, a move."""
    for seat in [None, *range(s.players)]:
        s.view(seat)
    s.to_position()
    if s.actors():
        seat = s.actors()[0]
        s.apply(seat, s.legal_actions(seat)[0])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_damaged_document_or_position_is_refused_or_works(players: int) -> None:
    """Bad input gets a clear error (StateFormatError / PositionError), never another
    exception, and whatever loads can be played on (seeded damage)."""
    rng = random.Random(players)
    s = new(players, seed=players, keep_goods=True)
    states = []
    for step in range(160):
        if s.is_over():
            break
        seat = rng.choice(s.actors())
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        if step % 40 == 0:
            states.append(s.clone())
    for state in states:
        doc = json.loads(json.dumps(state.to_json()))
        for _ in range(60):
            damaged = json.loads(json.dumps(doc))
            key = rng.choice(sorted(damaged["data"]))
            value = damaged["data"][key]
            if isinstance(value, list) and value and rng.random() < 0.6:
                value[rng.randrange(len(value))] = rng.choice(JUNK)
            else:
                damaged["data"][key] = rng.choice(JUNK)
            try:
                loaded = GAME.state_from_json(damaged)
            except StateFormatError:
                continue
            use(loaded)
        lines = [line.split(" ") for line in state.to_position().splitlines()]
        for _ in range(60):
            edited_lines = [list(words) for words in lines]
            line = rng.choice(edited_lines)
            line[rng.randrange(len(line))] = rng.choice(WORDS)
            try:
                loaded = GAME.from_position("\n".join(" ".join(w) for w in edited_lines))
            except PositionError:
                continue
            use(loaded)
