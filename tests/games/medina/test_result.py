"""The result screen and the standing over the game (issue 15): the breakdown of MD-R60 to
MD-R63 per seat, the tie-breaks of MD-R64/MD-R65 in words, how the game ended (MD-R20), the
score so far as the chart's measure and the rounds of MD-R13."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.engine.result import ranks
from spieltisch.games.medina.state import MedinaState

from .positions import GAME, act, build, finish, fresh, place, position, started
from .test_examples import X5_OPTIONS, x2_state

A, B, C = 0, 1, 2


def over(s: MedinaState) -> MedinaState:
    """The same position as a finished game (MD-R20 checked by the tests of turns)."""
    doc = s.to_json()
    finish(doc, keep=())
    return GAME.state_from_json(doc)  # type: ignore[return-value]


def test_md_x2_breakdown_and_tie_break() -> None:
    """MD-X2: A 12 + 3 + 2 = 17; B 6 + 4 = 10; C 5 + 1 + 4 = 10; B before C by the largest
    palace (4 to 3)."""
    s = over(x2_state())
    sheet = GAME.result_sheet(s, "en")
    assert sheet.columns == [
        "Buildings and stables",
        "Walls",
        "Merchants",
        "Palace tiles",
        "Tower tiles",
        "Total",
    ]
    assert sheet.rows == [[4, 5, 3, 3, 2, 17], [4, 0, 2, 4, 0, 10], [3, 2, 0, 1, 4, 10]]
    assert "Player 2 and Player 3 scored 10 points each" in sheet.tie_breaks
    assert "Player 2 before Player 3 by the larger largest palace (4 to 3)" in sheet.tie_breaks
    assert sheet.ending == "Every player placed all their pieces."
    assert (
        "Player 1: the brown palace at (16,10) scores 12 (4 buildings and stables + 5 walls "
        "+ 3 merchants)" in sheet.notes
    )
    assert "Palace tiles: grey (1): Player 3, black (2): nobody, brown (3): Player 1, orange " \
        "(4): Player 2." in sheet.notes  # fmt: skip
    assert "Tower tiles: Tower 1: nobody, Tower 2: Player 1, Tower 3: nobody, Tower 4: " \
        "Player 3." in sheet.notes  # fmt: skip
    de = GAME.result_sheet(s, "de")
    assert de.columns[-1] == "Summe" and de.rows == sheet.rows
    assert "Spieler 2 vor Spieler 3 durch den größeren größten Palast (4 zu 3)" in de.tie_breaks
    assert "Spieler 1: Der braune Palast bei (16,10) bringt 12" in de.notes[0]
    assert ranks(s.ranking_keys()) == [1, 2, 3] and s.winners() == [A]


def test_md_r20_a_blocked_ending_names_the_pieces_left() -> None:
    """MD-R20: roofs left over with no unclaimed palace to go on end the game too."""
    s = position(
        [("m", 5, 6), ("b", "g", 5, 5), ("r", "g"), ("b", "k", 10, 5), ("r", "k")],
        {"g": ("grey", 0), "k": ("black", 1)},
    )
    over = GAME.state_from_json(finish(s.to_json()))
    sheet = GAME.result_sheet(over, "en")
    assert sheet.ending is not None and sheet.ending.startswith("Nobody could place")
    assert "Player 1 3, Player 2 3, Player 3 4" in sheet.ending


def test_md_x5_well_bonus_and_a_neutral_holder() -> None:
    """MD-X5 (2nd edition): A scores P1 = 2 + 4 (well bonus); the purple tile lies on the
    neutral P2 and scores for nobody; C's P3 = 1."""
    s = fresh(3, **X5_OPTIONS)
    for seat, action in [
        (C, build("purple", 8, 3)),
        (C, build("purple", 8, 4)),
        (A, act("roof", 8, 3)),
        (C, build("purple", 3, 3)),
        (C, build("purple", 3, 4)),
        (C, build("purple", 4, 4)),
        (B, act("neutral_roof", 3, 3)),
        (A, build("purple", 12, 10)),
        (C, act("roof", 12, 10)),
        (A, act("merchant", 9, 6)),
        (B, build("brown", 10, 6)),
    ]:
        place(s, seat, action)
    s = over(s)
    sheet = GAME.result_sheet(s, "en")
    assert sheet.columns[3] == "Well bonus"
    assert sheet.rows == [[2, 0, 0, 4, 0, 0, 6], [0] * 7, [1, 0, 0, 0, 0, 0, 1]]
    assert any("purple (2): a neutral palace (nobody scores it)" in n for n in sheet.notes)
    assert any("+ well bonus 4" in n for n in sheet.notes)
    assert GAME.result_sheet(s, "de").columns[3] == "Brunnenbonus"


def test_md_r64_claim_time_and_shared_places() -> None:
    """MD-R64: equal scores and equal largest palaces: the earlier roof wins; seats with no
    palace and equal scores share the place."""
    s = position(
        [("m", 5, 6), ("b", "g", 5, 5), ("r", "g"), ("b", "k", 10, 5), ("r", "k")],
        {"g": ("grey", 0), "k": ("black", 1)},
        players=4,
        palace_tiles={"grey": "g", "black": "k"},
    )
    s = over(s)
    assert s.scores() == [3.0, 3.0, 0.0, 0.0]  # grey 1 + merchant 1 + tile 1; black 1 + 2
    sheet = GAME.result_sheet(s, "en")
    assert "Player 1 before Player 2, having roofed the largest palace (size 1) earlier" in (
        sheet.tie_breaks
    )
    assert "Player 3 and Player 4 share the place" in sheet.tie_breaks
    assert s.winners() == [A]
    de = GAME.result_sheet(s, "de")
    assert "Spieler 3 und Spieler 4 teilen sich den Platz" in de.tie_breaks


def test_rounds_follow_the_start_player() -> None:
    """MD-R13: a round begins with each turn of seat 0; the start merchant is in round 1."""
    s = fresh(3)
    assert GAME.round_of(s) == 1
    s = started(3)
    assert GAME.round_of(s) == 1
    walls = iter([(x, 0) for x in range(1, 8)] + [(0, y) for y in range(1, 8)])
    for _ in range(3):
        seat = s.active
        s.apply(seat, act("wall", *next(walls)))
        s.apply(seat, act("wall", *next(walls)))
    assert s.active == 0 and GAME.round_of(s) == 2
    s.apply(0, act("wall", *next(walls)))
    assert GAME.round_of(s) == 2
    assert GAME.progress_label("en") == "Points" and GAME.progress_label("de") == "Punkte"


def play_out(players: int, options: dict[str, Any], seed: int) -> list[MedinaState]:
    s: MedinaState = GAME.new_game(players, seed, options)  # type: ignore[assignment]
    rng = random.Random(seed)
    states = [s.clone()]
    while not s.is_over():
        seat = s.actors()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        states.append(s.clone())
    return states


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [
        (3, {}, 1),
        (4, {}, 2),
        (2, {"edition": 2}, 3),
        (3, {"edition": 2}, 4),
        (4, {"edition": 2}, 5),
    ],
)
def test_seeded_games_totals_ranks_and_words(
    players: int, options: dict[str, Any], seed: int
) -> None:
    states = play_out(players, options, seed)
    end = states[-1]
    rounds = [GAME.round_of(s) for s in states]
    assert rounds[0] == 1 and rounds == sorted(rounds) and rounds[-1] > 5
    for s in states[::10]:
        progress = GAME.progress(s)
        assert len(progress) == players and progress == s.scores()
    sheets = {lang: GAME.result_sheet(end, lang) for lang in ("en", "de")}
    for sheet in sheets.values():
        assert len(sheet.rows) == players
        assert [row[-1] for row in sheet.rows] == end.scores()
        assert all(len(row) == len(sheet.columns) for row in sheet.rows)
        # the parts add up to the total (MD-R63)
        assert all(sum(row[:-1]) == row[-1] for row in sheet.rows)
        assert sheet.tie_breaks and sheet.ending and sheet.notes
    en, de = sheets["en"], sheets["de"]
    assert en.columns != de.columns and en.tie_breaks != de.tie_breaks
    assert en.ending != de.ending and en.notes != de.notes
    first = [s for s, r in enumerate(ranks(end.ranking_keys())) if r == 1]
    assert first == end.winners()
