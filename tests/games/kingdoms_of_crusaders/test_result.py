"""The result screen's sheet (territories, victory markers, marker sum, territories won; the
tie-break of KC-R35 and which step of it decided; how the game ended, KC-R33/KC-R34; how each
territory was won, KC-R32) and the standing over the game (territories won so far) with the
round of a position."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from spieltisch.engine.result import ranks
from spieltisch.games.kingdoms_of_crusaders.state import KingdomsState

from .helpers import GAME, Play, build, steps
from .positions import X6_PLAY_34, A, B, x6_state
from .test_end import endgame, last_play


def _sheet(state: KingdomsState, lang: str = "en") -> Any:
    return GAME.result_sheet(state, lang)


def test_kc_x6_kc_r34_a_game_stopped_when_the_winners_are_fixed() -> None:
    """KC-X6 with territory 5 won by A and ``stop_when_decided``: play 34 decides territory 2
    for A by claim (marker 3) and territory 4 for B by completion (marker 4); A has three
    territories and the game stops with territory 3 open."""
    state = x6_state("alternating", stop=True, swap_territory_5=True)
    state.apply(B, X6_PLAY_34)
    assert state.is_over() and state.ending() == "winners-fixed"
    sheet = _sheet(state)
    assert sheet.columns == ["Territories", "Victory markers", "Marker sum", "Territories won"]
    assert sheet.rows == [["1, 2, 5", "1, 2, 3", 6, 3], ["4", "4", 4, 1]]
    assert sheet.ending == (
        "The game stopped early at play #34: the victory marker still to take could no "
        "longer change the winners (KC-R34)."
    )
    assert sheet.notes == [
        "Territory 1: Player 1, by claim at play #7, victory marker 1.",
        "Territory 5: Player 1, by completion at play #22, victory marker 2.",
        "Territory 2: Player 1, by claim at play #34, victory marker 3.",
        "Territory 4: Player 2, by completion at play #34, victory marker 4.",
        "Territory 3 stayed open.",
    ]
    # two players: the count decides, never the sum (KC-E21)
    assert sheet.tie_breaks.startswith("More territories win;")
    assert "In this game" not in sheet.tie_breaks
    de = _sheet(state, "de")
    assert de.columns == ["Gebiete", "Siegmarker", "Markersumme", "Gewonnene Gebiete"]
    assert de.rows == sheet.rows
    assert de.ending is not None and de.ending.startswith("Das Spiel endete vorzeitig")
    assert de.notes[0] == "Gebiet 1: Spieler 1, durch Anspruch bei Ausspielung #7, Siegmarker 1."


def test_kc_r33_the_fifth_territory_ends_the_game() -> None:
    state = endgame(2, [(1, A), (2, B), (3, A), (4, B)], last=5, mover=B)
    state.apply(B, last_play(state, 5))
    sheet = _sheet(state)
    assert state.ending() == "all-decided"
    assert sheet.ending == "All five territories were decided; the last one at play #24."
    assert [row[-1] for row in sheet.rows] == [2, 3] == [int(s) for s in state.scores()]
    assert not any("stayed open" in n for n in sheet.notes)


def test_kc_r35_kc_e22_the_marker_sum_decides_and_shared_wins() -> None:
    state = endgame(3, [(1, 0), (2, 0), (3, 1), (4, 1)], last=5, mover=2)
    state.apply(2, last_play(state, 5))
    assert state.winners() == [0]
    sheet = _sheet(state)
    assert sheet.tie_breaks.endswith(
        "In this game the marker sum decided: Player 1 won 2 territories like Player 2, with "
        "the lower marker sum (3 against 7)."
    )
    assert "Markersumme (3 gegen 7)" in _sheet(state, "de").tie_breaks
    state = endgame(3, [(1, 0), (2, 1), (3, 1), (4, 0)], last=5, mover=2)
    state.apply(2, last_play(state, 5))
    assert state.winners() == [0, 1]
    sheet = _sheet(state)
    assert sheet.rows[0][1:] == ["1, 4", 5, 2] and sheet.rows[1][1:] == ["2, 3", 5, 2]
    assert sheet.tie_breaks.endswith(
        "In this game Player 1, Player 2 won as many territories with the same marker sum and "
        "share the win."
    )


CONFIGS: list[tuple[int, int, dict[str, Any]]] = [
    (2, 3, {}),
    (2, 11, {"claims": "manual"}),
    (3, 5, {"claims": "manual", "stop_when_decided": True}),
    (3, 8, {"claims": "off"}),
    (4, 2, {}),
    (4, 9, {"stop_when_decided": True}),
]


@pytest.mark.parametrize(("players", "seed", "options"), CONFIGS)
def test_seeded_games_sheet_standing_and_rounds(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """The total column is ``scores()``, the places agree with ``winners()``, the texts are
    there in English and German; the standing over the game never falls and ends at the
    score; the round starts at 1 and only grows."""
    state: KingdomsState | None = None
    standing: list[list[float]] = []
    rounds: list[int] = []
    for state, _seat, _action in steps(players, seed, options):
        standing.append(GAME.progress(state))
        found = GAME.round_of(state)
        assert found is not None
        rounds.append(found)
    assert state is not None and state.is_over()
    standing.append(GAME.progress(state))
    assert standing[0] == [0.0] * players and standing[-1] == state.scores()
    for before, after in itertools.pairwise(standing):
        assert all(a >= b for a, b in zip(after, before, strict=True))
    assert rounds[0] == 1 and rounds == sorted(rounds) and rounds[-1] > 5
    en, de = _sheet(state), _sheet(state, "de")
    assert [row[-1] for row in en.rows] == [int(s) for s in state.scores()]
    assert len(en.rows) == players and all(len(r) == len(en.columns) for r in en.rows)
    places = ranks(state.ranking_keys())
    assert [s for s in range(players) if places[s] == 1] == state.winners()
    for text_en, text_de in [(en.tie_breaks, de.tie_breaks), (en.ending, de.ending)]:
        assert text_en and text_de and text_en != text_de
    assert len(en.notes) == len(de.notes) == 5
    assert en.columns != de.columns and en.rows == de.rows
    assert GAME.progress_label("en") == "Territories won"
    assert GAME.progress_label("de") == "Gewonnene Gebiete"


def test_round_of_counts_the_first_players_turns() -> None:
    state = build(players=3, first_player=1, active=1, events=[{"type": "draw", "seat": 1}])
    assert GAME.round_of(state) == 1
    fresh = GAME.new_game(2, 5, {"first_player": 1})
    assert GAME.round_of(fresh) == 1
    seat = 1
    for expected in (1, 2, 2, 3):
        card = fresh.to_json()["data"]["hands"][seat][0]
        fresh.apply(seat, Play(card, 1 + (expected % 5)))
        seat = 1 - seat
        assert GAME.round_of(fresh) == expected
