"""The log in German (``game.describe(event, seat, "de")``), addressed to the reader with
"du": every event type this game logs has its own German sentence."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch import bots

from .helpers import GAME

EVENT_TYPES = {"start", "draw", "pass", "play", "claim", "end_claims", "decide", "end"}


def _events(players: int, options: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    state = GAME.new_game(players, seed, options)
    # odd seeds: random bots only (they also end claim phases); even: heuristic beside random
    names = ["random" if seed % 2 or s % 2 else "heuristic" for s in range(players)]
    seated = [bots.make(name, GAME) for name in names]
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, bots.act(seated[seat], state, seat, rng))
    return state.log(None)


@pytest.fixture(scope="module")
def logged() -> list[tuple[int, dict[str, Any]]]:
    out = []
    for players, options in (
        (2, {"claims": "manual"}),
        (3, {"claims": "manual"}),
        (4, {"claims": "off"}),
        (3, {"stop_when_decided": True}),
    ):
        for seed in range(3):
            out.extend((players, e) for e in _events(players, options, seed))
    return out


def test_kc_r37_every_logged_event_reads_in_german(
    logged: list[tuple[int, dict[str, Any]]],
) -> None:
    """KC-R37: the public log. Each event of seeded games, for every seat and a spectator,
    has a German sentence that is neither the raw event nor the English sentence; both end
    reasons (KC-R33, KC-R34) and both ways to decide (KC-R24) occur."""
    types = set()
    for players, event in logged:
        types.add(event["type"])
        for seat in [*range(players), None]:
            de = GAME.describe(event, seat, "de")
            en = GAME.describe(event, seat, "en")
            assert de and de != en and de != str(event)
            assert GAME.describe(event, seat, "fr") == en
    assert types == EVENT_TYPES
    assert {e["reason"] for _, e in logged if e["type"] == "end"} == {
        "all territories decided",
        "winners fixed",
    }
    assert {e["method"] for _, e in logged if e["type"] == "decide"} == {"claim", "completion"}


SENTENCES = [
    # (event, reader, English, German)
    ({"type": "start", "first_player": 1}, 1, "You will start.", "Du beginnst."),
    ({"type": "start", "first_player": 1}, 0, "Player 2 will start.", "Spieler 2 beginnt."),
    ({"type": "draw", "seat": 0}, 0, "You drew a card.", "Du hast eine Karte gezogen."),
    (
        {"type": "pass", "seat": 2},
        None,
        "Player 3 passed: 4 cards in every open territory.",
        "Spieler 3 hat gepasst: 4 Karten in jedem offenen Gebiet.",
    ),
    (
        {"type": "play", "seat": 1, "card": "K07", "territory": 3, "play": 12},
        1,
        "You played K07 into territory 3 (play 12).",
        "Du hast K07 in Gebiet 3 ausgespielt (Ausspielung 12).",
    ),
    (
        {"type": "play", "seat": 1, "card": "K07", "territory": 3, "play": 12},
        None,
        "Player 2 played K07 into territory 3 (play 12).",
        "Spieler 2 hat K07 in Gebiet 3 ausgespielt (Ausspielung 12).",
    ),
    (
        {"type": "claim", "seat": 0, "territory": 4},
        0,
        "You claimed territory 4.",
        "Du hast Gebiet 4 beansprucht.",
    ),
    (
        {"type": "end_claims", "seat": 1},
        0,
        "Player 2 made no further claim.",
        "Spieler 2 hat keinen weiteren Anspruch erhoben.",
    ),
    (
        {"type": "decide", "territory": 2, "winner": 0, "marker": 1, "method": "claim", "play": 9},
        0,
        "Territory 2 goes to you (by proof: nobody can beat that army), with victory marker 1.",
        "Gebiet 2 geht an dich (durch Beweis: niemand kann diese Armee mehr schlagen), "
        "mit Siegmarker 1.",
    ),
    (
        {"type": "decide", "territory": 5, "winner": 1, "marker": 3, "method": "completion",
         "play": 30},
        0,
        "Territory 5 goes to Player 2 (by completion), with victory marker 3.",
        "Gebiet 5 geht an Spieler 2 (durch Vervollständigung), mit Siegmarker 3.",
    ),
    (
        {"type": "end", "reason": "all territories decided", "winners": [1]},
        1,
        "Game over (every territory is decided). Winner: You.",
        "Spielende (alle Gebiete sind entschieden). Sieger: du.",
    ),
    (
        {"type": "end", "reason": "winners fixed", "winners": [0, 2]},
        2,
        "Game over (the winners can no longer change). Winners: Player 1, You.",
        "Spielende (die Sieger stehen fest). Sieger: Spieler 1, du.",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("event", "reader", "english", "german"), SENTENCES)
def test_kc_r13_kc_r32_known_sentences(
    event: dict[str, Any], reader: int | None, english: str, german: str
) -> None:
    """Known answers in both languages: the pass (KC-R13), plays with their play number
    (KC-R16), claims (KC-R29), decisions with their victory marker (KC-R32), the end
    (KC-R33, KC-R34) — "du" for the reader's own seat, "Spieler n" for the others."""
    assert GAME.describe(event, reader, "en") == english
    assert GAME.describe(event, reader, "de") == german


def test_an_unknown_event_falls_back_to_its_raw_form() -> None:
    event = {"type": "no-such-event"}
    assert GAME.describe(event, 0, "de") == GAME.describe(event, 0, "en") == str(event)
