"""The log (``describe(event, seat, lang)``, one module for every language, the words from
the catalogs): every event type the game logs has a German sentence addressed with "du",
different from the English one, and a few sentences read exactly as expected in both
languages."""

from __future__ import annotations

import inspect
import random
import re

import pytest

from spieltisch import bots
from spieltisch.bots import RandomBot
from spieltisch.games.tumult_royal import build, crown, grab, mood, start, table, tumult
from spieltisch.games.tumult_royal.describe import SENTENCES
from spieltisch.games.tumult_royal.heuristic import HeuristicBot
from spieltisch.games.tumult_royal.state import TumultState

from .helpers import GAME

RULES_MODULES = (table, start, mood, grab, tumult, build, crown)


def logged_types() -> set[str]:
    """Every event type the rules modules log (``{"type": "..."`` in their source)."""
    found: set[str] = set()
    for module in RULES_MODULES:
        found |= set(re.findall(r'"type": "(\w+)"', inspect.getsource(module)))
    return found


def play(players: int, seed: int, variant: str) -> TumultState:
    state = GAME.new_game(players, seed, {"variant": variant})
    assert isinstance(state, TumultState)
    rng = random.Random(seed)
    seated: list[bots.Bot] = [
        HeuristicBot() if s % 2 == seed % 2 else RandomBot() for s in range(players)
    ]
    while not state.is_over():
        for seat in state.actors():
            if seat in state.actors() and not state.is_over():
                state.apply(seat, bots.act(seated[seat], state, seat, rng))
    return state


def test_every_logged_type_has_a_german_sentence() -> None:
    assert logged_types() == set(SENTENCES)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_german_log_of_played_games(players: int) -> None:
    """Every event of seeded standard and Zocker games (TR-R5, TR-R8), as every seat and a
    spectator read it (TR-H7: the log is public): a German sentence, not the English one
    and not the raw event."""
    seen: set[str] = set()
    for seed, variant in ((0, "standard"), (1, "zocker"), (2, "standard")):
        state = play(players, seed, variant)
        for seat in [*range(players), None]:
            for event in state.log(seat):
                en = GAME.describe(event, seat, "en")
                de = GAME.describe(event, seat, "de")
                assert de and de != str(event), event
                assert de != en, (event, de)
                assert not re.search(r"\b(the|you|player|built)\b", de, re.IGNORECASE), de
                seen.add(str(event["type"]))
    assert {"setup", "start_statue", "spin", "grab", "tick", "reveal", "crown", "end"} <= seen


def test_unknown_language_reads_english() -> None:
    event = {"type": "end_turn", "seat": 1}
    assert (
        GAME.describe(event, 0, "fr") == GAME.describe(event, 0) == "Player 2 ended the build turn."
    )


def test_grab_sentences() -> None:
    """TR-G1 the grab begins, TR-G8 a tick with a peek conflict, TR-G7 keep and done."""
    grab = {"type": "grab", "round": 1, "slots": 24, "set_aside": 9}
    assert GAME.describe(grab, 0, "de") == (
        "Der Steuerraub beginnt: 24 Plättchen zu rauben, 9 beiseitegelegt."
    )
    tick = {
        "type": "tick",
        "tick": 3,
        "actions": [
            {"seat": 0, "action": "peek", "slot": 4, "won": True},
            {"seat": 1, "action": "peek", "slot": 4, "won": False},
            {"seat": 2, "action": "keep", "slot": 7},
            {"seat": 3, "action": "done", "slot": 2},
        ],
    }
    assert GAME.describe(tick, 1, "de") == (
        "Takt 3: Spieler 1 sieht Fach 4 an; du verlierst den Konflikt um Fach 4; "
        "Spieler 3 behält Fach 7; Spieler 4 ist fertig und legt Fach 2 zurück."
    )
    assert GAME.describe(tick, 2) == (
        "Tick 3: Player 1 peeked at slot 4; Player 2 missed slot 4; you keep slot 7; "
        "Player 4 is done and puts back slot 2."
    )
    idle = {"type": "tick", "tick": 5, "actions": [{"seat": 0, "action": "wait"}]}
    assert GAME.describe(idle, 0) == "Tick 5: everybody waited."
    assert GAME.describe(idle, 0, "de") == "Takt 5: alle warten."


def test_demand_and_tumult_sentences() -> None:
    """TR-R5 the spin, TR-R8 the Zocker spin per good, TR-R11/TR-R12 the greediest."""
    spin = {"type": "spin", "round": 2, "demand": 3}
    assert GAME.describe(spin, 0) == "Round 2: the people demand 3 of every good."
    assert GAME.describe(spin, 0, "de") == "Runde 2: das Volk fordert von jeder Ware 3."
    zocker = {"type": "spin", "good": "marble", "demand": 4}
    assert GAME.describe(zocker, 0, "de") == "Die Tumult-Scheibe fordert 4 Marmor."
    tumult = {"type": "tumult", "good": "bread", "remaining": 2, "demand": 3, "greediest": 1}
    assert GAME.describe(tumult, 1, "de") == (
        "Tumult beim Brot (2 < 3): du bist am gierigsten und verlierst Gefolgsleute und Waren."
    )
    assert GAME.describe(tumult, 0, "de") == (
        "Tumult beim Brot (2 < 3): Spieler 2 ist am gierigsten und verliert Gefolgsleute und Waren."
    )
    calm = {**tumult, "good": "tools", "greediest": None}
    assert GAME.describe(calm, 0, "de") == (
        "Tumult beim Werkzeug (2 < 3), aber niemand wird bestraft."
    )


def test_build_and_round_end_sentences() -> None:
    """TR-R16/TR-R20 a build with surplus, TR-R21 no build, TR-R24/TR-R25 the King and the
    chronicle, TR-R27 the fog, TR-R28 grace, TR-V1 the 25th statue."""
    build = {
        "type": "build",
        "seat": 0,
        "field": [2, 4],
        "terrain": "village",
        "statues": 2,
        "payment": [["bread", 1], ["bread", 2], ["marble", 2], ["tools", 1]],
        "surplus": 1,
    }
    # the English sentence names the payment as the German one does
    assert GAME.describe(build, 0) == (
        "You built a village on (2,4) with 2 statues, paying bread 1+2, marble 2, tools 1;"
        " 1 follower for overpaying."
    )
    assert GAME.describe({**build, "surplus": 0}, 1) == (
        "Player 1 built a village on (2,4) with 2 statues, paying bread 1+2, marble 2, tools 1."
    )
    assert GAME.describe(build, 0, "de") == (
        "Du baust ein Dorf auf (2,4) mit 2 Statuen und zahlst Brot 1+2, Marmor 2, Werkzeug 1;"
        " die Überzahlung bringt 1 Gefolgsmann."
    )
    assert GAME.describe({**build, "surplus": 0}, 1, "de") == (
        "Spieler 1 baut ein Dorf auf (2,4) mit 2 Statuen und zahlt Brot 1+2, Marmor 2, Werkzeug 1."
    )
    nothing = {"type": "no_build", "seat": 2, "bonus": 2}
    assert GAME.describe(nothing, 2, "de") == "Du baust nichts und erhältst 2 Gefolgsleute."
    crown = {"type": "crown", "ranks": [1, 0], "king": 1, "chronicle": 2}
    assert GAME.describe(crown, 0, "de") == (
        "Spieler 2 wird König, gibt Gefolgsleute ab und setzt 2 Statuen in die Königs-Chronik."
    )
    fog = {"type": "fog", "tiles": [[0, 0], [1, 0], [0, 2]], "tile_columns": 3}
    assert GAME.describe(fog, 0, "de") == (
        "Der Nebel lichtet sich: Die Spalte links und das Plättchen oben rechts liegen jetzt offen."
    )
    assert GAME.describe(fog, 0) == (
        "The fog lifts: the left column and the top right tile lie face up now."
    )
    fog = {"type": "fog", "tiles": [[1, 3]], "tile_columns": 4}
    assert GAME.describe(fog, 0, "de") == (
        "Der Nebel lichtet sich: Das Plättchen unten außen rechts liegt jetzt offen."
    )
    old = {"type": "fog", "columns": [0, 3]}  # rules version 1 named whole columns only
    assert GAME.describe(old, 0, "de") == (
        "Der Nebel lichtet sich: Spalte 1 und Spalte 4 liegen jetzt offen."
    )
    assert GAME.describe(old, 0) == "The fog lifts: column 1 and column 4 lie face up now."
    could_not = {"type": "no_build", "seat": 1, "bonus": 2, "could_not": True}
    assert GAME.describe(could_not, 0, "de") == (
        "Spieler 2 konnte nichts aufstellen und erhält zum Trost 2 Gefolgsleute."
    )
    assert GAME.describe(could_not, 1, "de") == (
        "Du konntest nichts aufstellen und erhältst zum Trost 2 Gefolgsleute."
    )
    grace = {"type": "grace", "seats": [0, 2]}
    assert GAME.describe(grace, 0) == "Grace for you, Player 3."
    assert GAME.describe(grace, 0, "de") == "Gnade des Volkes für dich und Spieler 3."
    end = {"type": "end", "reason": "25th statue", "winners": [0]}
    assert GAME.describe(end, 0, "de") == "Spielende (25. Statue gesetzt). Sieger: du."
    assert GAME.describe(end, 1, "de") == "Spielende (25. Statue gesetzt). Sieger: Spieler 1."
    shared = {"type": "end", "reason": "round limit", "winners": [0, 1, 2]}
    assert GAME.describe(shared, 2) == (
        "Game over (round limit). Winners: Player 1, Player 2, you."
    )
    assert GAME.describe(shared, 2, "de") == (
        "Spielende (Rundenlimit). Sieger (geteilter Sieg): Spieler 1, Spieler 2 und du."
    )
    assert GAME.describe(end, 1, "de-AT") == GAME.describe(end, 1, "de")
    one = {"type": "no_build", "seat": 0, "bonus": 1}
    assert GAME.describe(one, None) == "Player 1 built nothing and gains 1 follower."
    assert GAME.describe(one, None, "de") == "Spieler 1 baut nichts und erhält 1 Gefolgsmann."
