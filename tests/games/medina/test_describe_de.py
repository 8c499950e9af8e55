"""Medina's log in German (``game.describe(event, seat, "de")``), addressed to the reader with
"du", in the German edition's terms: every event type of both editions has its own German
sentence."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch import bots

from .positions import GAME

EVENT_TYPES = {
    1: {
        "start_merchant", "build", "roof", "stable", "merchant", "wall", "palace_tile",
        "tower_tile", "retire", "pass", "end",
    },
    2: {
        "setup", "build", "roof", "neutral_roof", "stable", "merchant", "wall", "palace_tile",
        "tower_tile", "tower_merchants", "tea", "discard_tea", "retire", "pass", "end",
    },
}  # fmt: skip


def _events(players: int, options: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    state = GAME.new_game(players, seed, options)
    names = ["random" if seed % 2 or s % 2 else "heuristic" for s in range(players)]
    seated = [bots.make(name, GAME) for name in names]
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, bots.act(seated[seat], state, seat, rng))
    return state.log(None)


@pytest.mark.parametrize(("players", "edition"), [(3, 1), (4, 1), (2, 2), (3, 2), (4, 2)])
def test_md_r69_every_logged_event_reads_in_german(players: int, edition: int) -> None:
    """MD-R69: the public log. Each event of seeded games, for every seat and a spectator,
    has a German sentence that is neither the raw event nor the English sentence."""
    types = set()
    for seed in range(3):
        for event in _events(players, {"edition": edition}, seed):
            types.add(event["type"])
            for seat in [*range(players), None]:
                de = GAME.describe(event, seat, "de")
                en = GAME.describe(event, seat, "en")
                assert de and de != en and de != str(event)
                assert GAME.describe(event, seat, "fr") == en
    # every type of this edition occurs, except that a retirement or a pass may not, and
    # there are no neutral roofs with 4 players (MD-D6)
    expected = EVENT_TYPES[edition] - ({"neutral_roof"} if players == 4 else set())
    assert expected - {"retire", "pass"} <= types <= expected


SENTENCES = [
    # (event, reader, English or None, German)
    (
        {"type": "setup", "well": [10, 8], "start_merchant": [12, 8]},
        None,
        "The well stands at (10,8); the start merchant at (12,8).",
        "Der Brunnen steht auf (10,8), der Startkaufmann auf (12,8).",
    ),
    (
        {"type": "start_merchant", "seat": 0, "cell": [5, 3]},
        0,
        "You placed the start merchant on (5,3).",
        "Du hast den Startkaufmann auf (5,3) gesetzt.",
    ),
    (
        {"type": "build", "seat": 1, "cell": [4, 4], "colour": "grey", "palace": 1},
        1,
        "You built a grey building on (4,4) (palace 1).",
        "Du hast ein graues Gebäude auf (4,4) gebaut (Palast 1).",
    ),
    (
        {"type": "build", "seat": 1, "cell": [4, 4], "colour": "purple", "palace": 2},
        0,
        "Player 2 built a purple building on (4,4) (palace 2).",
        "Spieler 2 hat ein lila Gebäude auf (4,4) gebaut (Palast 2).",
    ),
    (
        {"type": "roof", "seat": 2, "cell": [4, 4], "palace": 1},
        None,
        "Player 3 roofed the palace at (4,4) and now owns it.",
        "Spieler 3 hat ein Dach auf den Palast bei (4,4) gesetzt und besitzt ihn jetzt.",
    ),
    (
        {"type": "neutral_roof", "seat": 0, "cell": [4, 4], "palace": 1},
        0,
        "You put a neutral roof on the palace at (4,4).",
        "Du hast ein neutrales Dach auf den Palast bei (4,4) gesetzt.",
    ),
    (
        {"type": "stable", "seat": 0, "cell": [4, 5], "palace": 1},
        1,
        "Player 1 added a stable on (4,5) (palace 1).",
        "Spieler 1 hat einen Stall auf (4,5) gesetzt (Palast 1).",
    ),
    (
        {"type": "merchant", "seat": 1, "cell": [8, 5]},
        1,
        "You placed a merchant on (8,5).",
        "Du hast einen Kaufmann auf (8,5) gesetzt.",
    ),
    (
        {"type": "wall", "seat": 2, "cell": [1, 0], "chain": 0},
        2,
        "You built a wall on (1,0).",
        "Du hast eine Mauer auf (1,0) gebaut.",
    ),
    (
        {"type": "palace_tile", "colour": "orange", "palace": 3, "owner": 0},
        0,
        "The orange palace tile goes to you (palace 3).",
        "Die orangefarbene Palastkarte geht an dich (Palast 3).",
    ),
    (
        {"type": "palace_tile", "colour": "black", "palace": 2, "owner": "neutral"},
        0,
        "The black palace tile goes to a neutral palace (palace 2).",
        "Die schwarze Palastkarte geht an einen neutralen Palast (Palast 2).",
    ),
    (
        {"type": "tower_tile", "tower": 2, "palace": 4, "owner": 1},
        0,
        "Tower 2's tile goes to Player 2 (palace 4).",
        "Die Turmkarte von Turm 2 geht an Spieler 2 (Palast 4).",
    ),
    (
        {"type": "tower_merchants", "tower": 1, "count": 3, "to": 0},
        0,
        "3 merchants go from tower 1 to you.",
        "3 Kaufleute gehen von Turm 1 an dich.",
    ),
    (
        {"type": "tower_merchants", "tower": 3, "count": 1, "to": "neutral"},
        0,
        "1 merchant goes from tower 3 to a neutral palace.",
        "1 Kaufmann geht von Turm 3 an einen neutralen Palast und damit in die Schachtel.",
    ),
    (
        {"type": "tea", "count": 2, "to": "box"},
        0,
        "2 tea tiles go to the box.",
        "2 Teeplättchen gehen in die Schachtel.",
    ),
    (
        {"type": "tea", "count": 1, "to": 2},
        2,
        "1 tea tile goes to you.",
        "1 Teeplättchen geht an dich.",
    ),
    (
        {"type": "tea", "count": 0, "to": 1},
        2,
        "No tea tile goes to Player 2.",
        "Kein Teeplättchen geht an Spieler 2.",
    ),
    (
        {"type": "discard_tea", "seat": 1},
        0,
        "Player 2 discarded a tea tile instead of a second piece.",
        "Spieler 2 hat ein Teeplättchen abgeworfen statt eines zweiten Teils.",
    ),
    (
        {"type": "retire", "colour": "grey"},
        0,
        "Every player owns grey now: the remaining grey buildings leave the game.",
        "Jeder Spieler besitzt jetzt einen grauen Palast: die übrigen grauen Gebäude "
        "scheiden aus dem Spiel aus.",
    ),
    (
        {"type": "pass", "seat": 0},
        0,
        None,  # the English sentence says "You ... passes"; its wording is not this test's
        "Du kannst nichts setzen und passt.",
    ),
    (
        {"type": "pass", "seat": 0},
        1,
        "Player 1 cannot place anything and passes.",
        "Spieler 1 kann nichts setzen und passt.",
    ),
    (
        {"type": "end", "winners": [0, 2]},
        2,
        "Nobody can place any more: the game is over. Winner: Player 1, you.",
        "Niemand kann mehr etwas setzen: das Spiel ist vorbei. Sieger: Spieler 1, du.",
    ),
]


@pytest.mark.parametrize(("event", "reader", "english", "german"), SENTENCES)
def test_md_r36_md_r56_md_r57_known_sentences(
    event: dict[str, Any], reader: int | None, english: str | None, german: str
) -> None:
    """Known answers in both languages, including the retirement of a colour (MD-R36), the
    tower merchants that a neutral palace sends to the box (MD-R56), tea tiles (MD-R57) and
    the automatic pass (MD-R19): "du" for the reader, "Spieler n" for the others."""
    if english is not None:
        assert GAME.describe(event, reader, "en") == english
    assert GAME.describe(event, reader, "de") == german


def test_an_unknown_event_falls_back_to_its_raw_form() -> None:
    event = {"type": "no-such-event"}
    assert GAME.describe(event, 0, "de") == GAME.describe(event, 0, "en") == str(event)
