"""The Medina position notation (``spieltisch.games.medina.notation``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch.engine.errors import PositionError
from spieltisch.games.medina.actions import MedinaAction
from spieltisch.games.medina.notation import format_position, parse_position

GAME = spieltisch.game("medina")

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {}),
    (3, {"start_merchant_anywhere": True, "open_screens": True}),
    (2, {"edition": 2}),
    (3, {"edition": 2}),
    (4, {"edition": 2, "last_player_must_roof": True}),
    (3, {"edition": 2, "neutral_takes_tiles": False, "returns_mode": "score"}),
    (2, {"edition": 2, "well_cell": [5, 5], "start_merchant_cell": [9, 7]}),
]

# MD-X1, position P1 (seat A = 0 to play): walls (1,0)-(3,0), grey g (3,3)(4,3) unclaimed,
# orange O (6,3)(6,4) + stable (7,4) claimed by B, black K (10,2) claimed by A, merchants
# (4,6)(5,6)(6,6) with (5,6) the start merchant.
P1 = """\
medina/1 edition=1 players=3 phase=turn active=0 quota=2 placed=0
1WWW.............3
..................
..........K.......
...gg.O...........
......OS..........
..................
....mmm...........
..................
..................
..................
..................
..................
4................2
order m5,6 m4,6 m6,6 w1,0 w2,0 w3,0 g3,3 g4,3 o6,3 o6,4 r1:6,3 s7,4 k10,2 r0:10,2
tiles g=- k=10,2 n=- o=6,3 T1=- T2=- T3=- T4=-
pool tea=0 towers=0,0,0,0
seat 0 supply=g4,k6,n6,o6,r3,x0,s4,m6,w7 tea=0 opened=yes
seat 1 supply=g6,k5,n6,o4,r3,x0,s3,m8,w10 tea=0 opened=yes
seat 2 supply=g6,k6,n6,o6,r4,x0,s4,m8,w10 tea=0 opened=yes
"""


def random_states(players: int, options: dict[str, Any], seed: int, every: int) -> list[Any]:
    state = GAME.new_game(players, seed, options)
    rng = random.Random(seed)
    out = []
    step = 0
    while True:
        if step % every == 0 or state.is_over():
            out.append(state.clone())
        if state.is_over():
            return out
        state.apply(state.active, rng.choice(state.legal_actions(state.active)))
        step += 1


@pytest.mark.parametrize("players,options", CONFIGS)
def test_round_trip_on_random_play(players: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        for state in random_states(players, options, seed, every=4 + seed):
            text = format_position(state)
            parsed = parse_position(text)
            assert format_position(parsed) == text
            for seat in [None, *range(players)]:
                assert parsed.view(seat) == state.view(seat)
            for seat in range(players):
                assert parsed.legal_actions(seat) == state.legal_actions(seat)
                assert parsed.has_placement(seat) == state.has_placement(seat)
            assert parsed.scores() == state.scores()
            assert parsed.ranking_keys() == state.ranking_keys()
            assert parsed.conserved() == state.conserved()
            assert parsed.is_over() == state.is_over()
            assert parsed.options == state.options


def test_parsed_state_plays_on_like_the_original() -> None:
    state = random_states(3, {"edition": 2}, 5, every=30)[2]
    parsed = parse_position(format_position(state))
    rng = random.Random(9)
    while not state.is_over():
        seat = state.active
        assert parsed.active == seat
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        parsed.apply(seat, action)
        assert format_position(parsed) == format_position(state)
    assert parsed.winners() == state.winners()


def test_start_phase_and_initial_position() -> None:
    fresh = GAME.new_game(3, 0, {})
    text = format_position(fresh)
    assert text.splitlines()[0] == (
        "medina/1 edition=1 players=3 phase=start_merchant active=0 quota=2 placed=0"
    )
    assert "order\n" in text
    parsed = parse_position(text)
    assert parsed.legal_actions(0) == fresh.legal_actions(0)


def test_hand_written_md_x1_p1() -> None:
    """The notation is usable by hand: MD-X1's position P1 gives the documented legal sets."""
    s = parse_position(P1)
    assert format_position(s) == P1
    actions = s.legal_actions(0)

    def cells(kind: str, colour: str = "") -> list[tuple[int, int]]:
        return [
            (a.x, a.y)
            for a in actions
            if isinstance(a, MedinaAction) and a.kind == kind and a.colour == colour
        ]

    # MD-R21 order: row-major
    assert cells("merchant") == [(4, 5), (6, 5), (3, 6), (7, 6), (4, 7), (6, 7)]
    assert set(cells("wall")) == {
        (0, 1),
        (0, 11),
        (1, 12),
        (4, 0),
        (16, 0),
        (16, 12),
        (17, 1),
        (17, 11),
    }
    assert set(cells("build", "grey")) == {(2, 3), (3, 2), (3, 4), (4, 2), (4, 4)}
    assert set(cells("stable")) == {
        (2, 3),
        (3, 2),
        (3, 4),
        (4, 2),
        (4, 4),
        (6, 2),
        (6, 5),
        (7, 3),
        (9, 2),
        (10, 1),
        (10, 3),
        (11, 2),
    }
    assert cells("roof") == [(3, 3)]
    view = s.view(None)
    # palace ids in founding order: grey 1, orange 2, black 3
    assert view["palace_tiles"] == {"grey": None, "black": 3, "brown": None, "orange": 2}
    assert [p["owner"] for p in view["palaces"]] == [None, 1, 0]


def test_comments_and_blank_lines_are_ignored() -> None:
    text = "# MD-X1 P1\n\n" + P1.replace("\norder", "\n\n# the placements\norder")
    assert format_position(parse_position(text)) == P1


def test_explicit_times_round_trip() -> None:
    text = P1.replace("k10,2 r0:10,2", "k10,2@20 r0:10,2")
    s = parse_position(text)
    assert s.pieces[-1][0] == 21
    assert s.view(None)["palaces"][2]["roof_time"] == 21
    assert format_position(s) == text


# -- errors ---------------------------------------------------------------------------------
def _error(text: str) -> str:
    with pytest.raises(PositionError) as info:
        parse_position(text)
    return str(info.value)


def test_error_wrong_tag() -> None:
    msg = _error(P1.replace("medina/1", "medina/9"))
    assert "line 1" in msg and "medina/1" in msg


def test_error_header_field_missing_and_unknown() -> None:
    assert "quota" in _error(P1.replace(" quota=2", ""))
    text = P1.replace("placed=0", "placed=0 colour=red")
    msg = _error(text)
    column = text.index("colour") + 1
    assert f"line 1, character {column}:" in msg and "'colour'" in msg


def test_error_bad_option_value() -> None:
    msg = _error(P1.replace("placed=0", "placed=0 last_player_must_roof=maybe"))
    assert "line 1" in msg and "last_player_must_roof" in msg


def test_error_edition_and_players() -> None:
    assert "3 or 4 players" in _error(P1.replace("players=3", "players=2"))


def test_error_grid_row_length() -> None:
    msg = _error(P1.replace("..........K.......", "..........K......"))
    assert "line 4" in msg and "y=2" in msg and "18 characters" in msg


def test_error_grid_unknown_character() -> None:
    msg = _error(P1.replace("..........K.......", "..........K..?...."))
    assert "line 4" in msg and "character 14" in msg and "(13,2)" in msg


def test_error_grid_disagrees_with_order() -> None:
    msg = _error(P1.replace("...gg.O...", "...gG.O..."))
    assert "line 5" in msg and "character 5" in msg and "(4,3)" in msg and "'G'" in msg


def test_error_bad_token() -> None:
    text = P1.replace("w2,0", "w2;0")
    msg = _error(text)
    column = text.splitlines()[14].index("w2;0") + 1
    assert f"line 15, character {column}:" in msg and "'w2;0'" in msg


def test_error_off_board_token() -> None:
    msg = _error(P1.replace("w3,0", "w30,0"))
    assert "line 15" in msg and "(30,0)" in msg and "off the 18x13 board" in msg


def test_error_illegal_piece_names_token_cell_and_rule() -> None:
    # grey (3,3) is incomplete, so grey may not found a palace at (9,9) (MD-R23, MD-R24)
    msg = _error(P1.replace("g4,3", "g9,9"))
    assert "line 15" in msg and "piece 8 'g9,9'" in msg and "(9,9)" in msg and "MD-R24" in msg


def test_error_building_touching_another_palace() -> None:
    msg = _error(P1.replace("g4,3", "g4,3 k4,4"))
    assert "'k4,4'" in msg and "grey palace at (3,3)" in msg and "MD-R7" in msg
    msg = _error(P1.replace("o6,4", "o6,4 g5,4"))
    assert "'g5,4'" in msg and "two palaces, at (3,3) and (6,3)" in msg


def test_error_roof_without_palace_and_stable_without_building() -> None:
    assert "no palace building at (1,1)" in _error(P1.replace("r0:10,2", "r0:1,1"))
    msg = _error(P1.replace("s7,4", "s9,9"))
    assert "(9,9)" in msg and "MD-R29" in msg


def test_error_tiles_and_seats() -> None:
    msg = _error(P1.replace("o=6,3", "o=9,9"))
    assert "line 16" in msg and "(9,9) holds no palace" in msg
    assert "tile T4 is missing" in _error(P1.replace(" T4=-", ""))
    without_seat_2 = "".join(ln for ln in P1.splitlines(True) if not ln.startswith("seat 2"))
    assert "'seat 2' is missing" in _error(without_seat_2)
    assert "seat 1 is described twice" in _error(P1.replace("seat 2 ", "seat 1 "))
    msg = _error(P1.replace("seat 0 supply=g4,", "seat 0 supply=g7,"))
    assert "line 18" in msg and "g7" in msg and "ledger" in msg
    assert "missing s" in _error(P1.replace(",s4,m6", ",m6"))


def test_error_empty_and_non_string() -> None:
    assert "empty" in _error("")
    with pytest.raises(PositionError):
        parse_position(None)  # type: ignore[arg-type]


def test_error_engine_rule_is_located() -> None:
    # seat 0 already owns black (10,2): a roof on a second black palace breaks MD-R26
    text = P1.replace("k10,2 r0:10,2", "k10,2 r0:10,2 k14,9 r0:14,9")
    msg = _error(text)
    column = text.splitlines()[14].index("r0:14,9") + 1
    assert f"line 15, character {column}: piece 16 'r0:14,9'" in msg
    assert "MD-R26" in msg


def test_error_ledger_disagrees_with_board() -> None:
    msg = _error(P1.replace("seat 1 supply=g6,k5", "seat 1 supply=g6,k6"))
    assert "line 18" in msg and "0 placed black buildings" in msg and "has 1" in msg


def test_documented_example_is_current() -> None:
    """docs/positions/medina.md shows a position written by ``format_position``."""
    from pathlib import Path

    doc = Path(__file__).parents[3] / "docs" / "positions" / "medina.md"
    section = doc.read_text("utf-8").split("## Worked example", 1)[1]
    example = section.split("```\n", 2)[1]
    options = {"edition": 2, "well_cell": [8, 6], "start_merchant_cell": [9, 7]}
    state = GAME.new_game(3, 7, options)
    rng = random.Random(7)
    for _ in range(40):
        state.apply(state.active, rng.choice(state.legal_actions(state.active)))
    assert format_position(state) == example
    assert format_position(parse_position(example)) == example
