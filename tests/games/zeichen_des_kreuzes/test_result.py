"""The end of the game on the result screen (issue 15): each knight's breakdown, the game's
own tie-breaks (ZK-W4), how the game ended (ZK-W1 Jerusalem, ZK-W2 the deck, ZK-W3 the turn
limit), and the standing over the game (the way covered towards Jerusalem) with its rounds."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.engine.result import ranks
from spieltisch.games.zeichen_des_kreuzes.state import ZkState

from ...caption_checks import bot_steps
from .helpers import GAME, A, do, new, place, set_cubes
from .test_end import exhaust, fall_of_jerusalem, finish_turn


def _total(sheet: Any) -> list[float]:
    return [float(row[-1]) for row in sheet.rows]


def test_the_fall_of_jerusalem() -> None:
    """ZK-W1, ZK-J9: the conqueror wins alone; the ending names him and the siege."""
    s = fall_of_jerusalem(4)
    en, de = GAME.result_sheet(s, "en"), GAME.result_sheet(s, "de")
    assert en.ending == "Player 1 (Bohemund von Tarent) took Jerusalem in siege no. 1"
    assert (
        de.ending == "Spieler 1 (Bohemund von Tarent) hat Jerusalem in Belagerung Nr. 1 eingenommen"
    )
    assert _total(en) == s.scores() == [1.0, 0.0, 0.0, 0.0]
    assert en.rows[0][en.columns.index("Muslim cities")] == 2
    assert en.rows[0][en.columns.index("Sieges")] == 1
    assert en.rows[0][en.columns.index("Steps to Jerusalem")] == 0
    assert "no tie-breaks" in en.tie_breaks
    assert GAME.progress(s)[0] == 100.0


def test_the_deck_runs_out_and_nobody_wins() -> None:
    """ZK-W2, ZK-W4 (default): no winner; the notes say so and what is left of the garrison."""
    s = new()
    exhaust(s)
    finish_turn(s)
    sheet = GAME.result_sheet(s, "en")
    assert sheet.ending == "The draw pile ran out for the second time, in turn 1"
    assert _total(sheet) == [0.0] * 4
    assert "Nobody wins." in sheet.notes
    assert any("15 green cubes" in note for note in sheet.notes)


def test_the_turn_limit() -> None:
    """ZK-W3: the ending names the limit."""
    s = new(turn_limit=2)
    finish_turn(s)
    finish_turn(s)
    assert GAME.result_sheet(s, "en").ending == "The turn limit was reached: 2 turns"
    assert GAME.result_sheet(s, "de").ending == "Die Zuggrenze ist erreicht: 2 Züge"


@pytest.mark.parametrize(
    ("tiles", "armies", "treasures", "decided"),
    [
        ([2, 1, 0, 0], [5, 5, 5, 5], [1, 1, 1, 1], None),
        ([1, 1, 0, 1], [3, 7, 9, 5], [1, 1, 1, 1], "the larger army decided between Player 1, "),
        ([1, 1, 0, 1], [7, 7, 9, 5], [1, 4, 1, 1], "more treasure decided between Player 1 and"),
        ([1, 1, 0, 1], [7, 7, 9, 7], [4, 4, 1, 4], "Player 1, Player 2 and Player 4 are equal"),
    ],
)
def test_the_tie_breaks_of_most_muslim_cities(
    tiles: list[int], armies: list[int], treasures: list[int], decided: str | None
) -> None:
    """ZK-W4: most green tiles, then the larger army, then more treasure; the sheet says
    which of them decided this game."""
    s = new(exhaustion_winner="most_muslim_cities")
    for seat in range(4):
        s.green_tiles[seat] = [3] * tiles[seat]
        set_cubes(s, seat, armies[seat])
        s.treasure[seat] = treasures[seat]
    exhaust(s)
    finish_turn(s)
    sheet = GAME.result_sheet(s, "en")
    assert "the larger army, then to more treasure" in sheet.tie_breaks
    if decided is None:
        assert "In this game" not in sheet.tie_breaks
    else:
        assert decided in sheet.tie_breaks
    assert _total(sheet) == pytest.approx(s.scores())
    assert "In dieser Partie" in GAME.result_sheet(s, "de").tie_breaks or decided is None


GAMES = [
    (2, 1, {}),
    (3, 2, {"exhaustion_winner": "most_muslim_cities"}),
    (4, 4, {"turn_limit": 40}),
    (5, 6, {"exhaustion_winner": "most_muslim_cities", "tie_rule": "attacker"}),
]


@pytest.mark.parametrize(("players", "seed", "options"), GAMES, ids=[f"{g[0]}p" for g in GAMES])
def test_seeded_games_end_on_a_consistent_sheet(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """Over a whole game the standing is a public share in 0..100 and the round never goes
    back; at the end the total column is ``scores()``, the ranks agree with the winners, and
    every text is there in English and German."""
    rng = random.Random(seed)
    state: ZkState | None = None
    last_round = 1
    for step, (state, _seat, _legal) in enumerate(bot_steps(GAME, players, options, seed)):
        assert isinstance(state, ZkState)
        standing = GAME.progress(state)
        assert len(standing) == players and all(0.0 <= v <= 100.0 for v in standing)
        round_ = GAME.round_of(state)
        assert round_ is not None and round_ >= last_round
        last_round = round_
        if step % 50 == 0:  # the standing reads only public facts
            assert GAME.progress(state.resample(None, rng)) == standing
    assert state is not None and state.is_over()
    en, de = GAME.result_sheet(state, "en"), GAME.result_sheet(state, "de")
    for sheet in (en, de):
        assert len(sheet.rows) == players
        assert all(len(row) == len(sheet.columns) for row in sheet.rows)
        assert _total(sheet) == pytest.approx(state.scores())
        assert sheet.ending and sheet.tie_breaks and sheet.notes
    assert en.columns != de.columns and en.ending != de.ending and en.tie_breaks != de.tie_breaks
    winners = state.winners()
    if winners:
        places = ranks(state.ranking_keys())
        assert {s for s in range(players) if places[s] == 1} == set(winners)
    assert GAME.progress_label("en") != GAME.progress_label("de")


def test_rounds_count_every_players_turn() -> None:
    """ZK-R1, ZK-R12: one round is one turn of each player, from the start player."""
    s = new(3)
    assert GAME.round_of(s) == 1
    for _ in range(3):
        finish_turn(s)
    assert s.turn == 4 and GAME.round_of(s) == 2


def test_the_standing_is_the_way_covered() -> None:
    """The way covered from the home city, in %: Bohemund (Bari, 10 steps) one step on."""
    s = new(3)
    assert GAME.progress(s) == [0.0, 0.0, 0.0]
    place(s, 0, 14, 8)  # one step from Bari towards Jerusalem
    assert GAME.progress(s)[0] == 10.0
    place(s, 0, 3, 3)  # farther than home: nothing covered
    assert GAME.progress(s)[0] == 0.0
    do(s, 0, A.END_CARDS)  # the standing needs no legal moves
    assert GAME.progress(s)[0] == 0.0
