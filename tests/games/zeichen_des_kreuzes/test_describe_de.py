"""The log in German (``describe(event, seat, "de")``, the German catalog): every event kind
the game logs has a sentence, German addresses the reader with "du" and differs from the
English one, and a few sentences read exactly as expected in both languages."""

from __future__ import annotations

import importlib.resources
import random
import re

import pytest

from spieltisch import bots
from spieltisch.bots import RandomBot
from spieltisch.games.zeichen_des_kreuzes.catalog import PACKAGE
from spieltisch.games.zeichen_des_kreuzes.describe import SENTENCES
from spieltisch.games.zeichen_des_kreuzes.heuristic import HeuristicBot
from spieltisch.games.zeichen_des_kreuzes.state import ZkState

from .helpers import GAME


def logged_kinds() -> set[str]:
    """Every event type the rules modules log (``log_event({"type": "..."`` in their
    source)."""
    found: set[str] = set()
    for module in importlib.resources.files(PACKAGE).iterdir():
        if module.name.endswith(".py"):
            source = module.read_text(encoding="utf-8")
            found |= set(re.findall(r'log_event\(\s*\{\s*"type": "(\w+)"', source))
    return found


def play(players: int, seed: int) -> ZkState:
    state = GAME.new_game(players, seed, {})
    assert isinstance(state, ZkState)
    rng = random.Random(seed)
    seated: list[bots.Bot] = [
        HeuristicBot() if s % 2 == seed % 2 else RandomBot() for s in range(players)
    ]
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, bots.act(seated[seat], state, seat, rng))
    return state


def test_every_logged_kind_has_a_german_sentence() -> None:
    assert logged_kinds() == set(SENTENCES)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_german_log_of_played_games(players: int) -> None:
    """Every event of two seeded games, as every seat and a spectator read it: a German
    sentence, not the English one and not the raw event (ZK-H2: a drawn card only for
    its drawer)."""
    seen: set[str] = set()
    for seed in range(2):
        state = play(players, seed)
        for seat in [*range(players), None]:
            for event in state.log(seat):
                en = GAME.describe(event, seat, "en")
                de = GAME.describe(event, seat, "de")
                assert de and de != str(event), event
                assert de != en, (event, de)
                assert not re.search(r"\b(the|you|played|seat)\b", de, re.IGNORECASE), de
                seen.add(str(event["type"]))
    assert {"setup", "turn", "move", "throw", "fight_result", "draw", "game_over"} <= seen


def test_unknown_language_reads_english() -> None:
    event = {"type": "pray", "seat": 1}
    assert (
        GAME.describe(event, 0, "fr")
        == GAME.describe(event, 0)
        == "Player 2 prayed (motivation +2)."
    )


def test_move_and_step_sentences() -> None:
    """ZK-R14 a movement card, ZK-EV05 the second step: German names the city."""
    move = {"type": "move", "seat": 0, "card": "ZK002", "to": [20, 7]}
    assert (
        GAME.describe(move, 0) == "You played Plain + army (ZK002) and stepped to Constantinople."
    )
    assert (
        GAME.describe(move, 0, "de")
        == "Du spielst Ebene + Heer (ZK002) und ziehst nach Konstantinopel."
    )
    assert (
        GAME.describe(move, 1, "de")
        == "Spieler 1 spielt Ebene + Heer (ZK002) und zieht nach Konstantinopel."
    )
    step = {"type": "step", "seat": 2, "to": [4, 5]}
    assert GAME.describe(step, 2, "de") == "Du machst einen zweiten Schritt nach (4,5)."


def test_fight_sentences() -> None:
    """ZK-R15 a unit fight, ZK-R28 plunder, ZK-EV12 ambush, ZK-T6 the throw, ZK-C8 the
    result, ZK-R23 a unit beaten on its start cell."""
    fleet = {
        "type": "fight",
        "fight": "unit_fleet",
        "fighter": 1,
        "enemy": 3,
        "cell": [8, 9],
        "unit": 0,
        "city": -1,
    }
    assert (
        GAME.describe(fleet, 1, "de")
        == "Du kämpfst bei (8,9) gegen die Westflotte (ziridische Korsaren)."
    )
    plunder = {**fleet, "fight": "plunder_muslim", "cell": [10, 10], "unit": -1, "city": 15}
    assert (
        GAME.describe(plunder, 0, "de")
        == "Spieler 2 kämpft bei Tunis gegen die Verteidiger von Tunis."
    )
    ambush = {**fleet, "fight": "ambush", "cell": [8, 1], "unit": -1}
    assert GAME.describe(ambush, 1, "de") == "Du gerätst bei (8,1) in einen Hinterhalt."
    throw = {
        "type": "throw",
        "seat": 1,
        "thrown": {"G": 3, "P1": 4},
        "tray": {"G": 2, "P1": 3, "P0": 1},
        "after": {},
    }
    assert GAME.describe(throw, 1, "de") == (
        "Turm: eingeworfen grün ×3, deine ×4; herausgefallen grün ×2, Spieler 1 ×1, "
        "deine ×3; im Turm jetzt nichts."
    )
    won = {"type": "fight_result", "seat": 1, "won": True, "automatic": False}
    assert GAME.describe(won, 1) == "You won the fight."
    assert GAME.describe(won, 1, "de") == "Du gewinnst den Kampf."
    assert GAME.describe(won, 0, "de") == "Spieler 2 gewinnt den Kampf."
    removed = {"type": "unit_removed", "unit": 2}
    assert GAME.describe(removed, 0, "de") == (
        "Das iberische Heer (Almoraviden) wird auf dem eigenen Startfeld geschlagen und "
        "verlässt das Spiel."
    )


def test_city_and_siege_sentences() -> None:
    """ZK-R27 recruit, ZK-R28 plunder, ZK-J1 the siege and the Pope's reward, ZK-J5 the
    defender, ZK-J9 Jerusalem falls."""
    assert (
        GAME.describe({"type": "recruit", "seat": 0, "treasure": 2, "troops": 4}, 0, "de")
        == "Du zahlst 2 Schatztruhen und wirbst 4 Truppen an."
    )
    plundered = {"type": "plundered", "seat": 2, "city": 5, "value": 3}
    assert GAME.describe(plundered, 0) == "Player 3 plundered Genoa: a tile worth 3."
    assert (
        GAME.describe(plundered, 0, "de")
        == "Spieler 3 plündert Genua: ein Plättchen im Wert von 3."
    )
    siege = {"type": "siege", "seat": 1, "number": 1, "reward": 3}  # papal_reward=declaration
    assert GAME.describe(siege, 0, "de") == (
        "Spieler 2 belagert Jerusalem (Belagerung Nr. 1); der Papst zahlt 3 Schatztruhen."
    )
    # ZK-J2, ZK-J11 (default lost_siege): the reward is promised, then paid for a lost siege
    siege = {"type": "siege", "seat": 1, "number": 2, "if_lost": 2}
    assert GAME.describe(siege, 0) == (
        "Player 2 besieged Jerusalem (siege no. 2); should it be lost, the Pope pays 2 treasure."
    )
    assert GAME.describe(siege, 1, "de") == (
        "Du belagerst Jerusalem (Belagerung Nr. 2); geht sie verloren, zahlt der Papst "
        "2 Schatztruhen."
    )
    late = {"type": "siege", "seat": 1, "number": 4, "if_lost": 0}
    assert GAME.describe(late, 0) == "Player 2 besieged Jerusalem (siege no. 4)."
    assert GAME.describe(late, 0, "de") == "Spieler 2 belagert Jerusalem (Belagerung Nr. 4)."
    paid = {"type": "papal_reward", "seat": 1, "number": 1, "reward": 3}
    assert GAME.describe(paid, 0) == (
        "The Pope consoles Player 2 for the lost siege no. 1: +3 treasure."
    )
    assert GAME.describe(paid, 1) == "The Pope consoles you for the lost siege no. 1: +3 treasure."
    assert GAME.describe(paid, 1, "de") == (
        "Der Papst tröstet dich über die verlorene Belagerung Nr. 1: +3 Schatztruhen."
    )
    assert GAME.describe(paid, 0, "de") == (
        "Der Papst tröstet Spieler 2 über die verlorene Belagerung Nr. 1: +3 Schatztruhen."
    )
    rnd = {"type": "siege_round", "seat": 1, "round": 2, "defender": 0}
    assert GAME.describe(rnd, 0, "de") == "Belagerungsrunde 2: du führst die Besatzung."
    assert GAME.describe(rnd, 1, "de") == "Belagerungsrunde 2: Spieler 1 führt die Besatzung."
    falls = {"type": "jerusalem_falls", "seat": 1}
    assert GAME.describe(falls, 1, "de") == "Jerusalem fällt! Du gewinnst das Spiel."


def test_cards_sentences() -> None:
    """ZK-H2: a drawn card is named only to its drawer; ZK-EV02 an immediate event and
    whom it hits; ZK-R36 the exhausted deck; ZK-W3 the end."""
    drawn = {"type": "draw", "seat": 1, "card": "ZK119"}
    assert GAME.describe(drawn, 1, "de") == "Du ziehst Söldner (ZK119)."
    assert GAME.describe({"type": "draw", "seat": 1}, 0, "de") == "Spieler 2 zieht eine Karte."
    storm = {
        "type": "immediate",
        "seat": 1,
        "card": "ZK104",
        "event": "storm_at_sea",
        "hit": [0, 2],
    }
    assert (
        GAME.describe(storm, 0)
        == "Player 2 drew Storm at sea, resolved at once (it hits you and Player 3)."
    )
    assert GAME.describe(storm, 0, "de") == (
        "Spieler 2 zieht Sturm auf See, sofort ausgeführt (trifft dich und Spieler 3)."
    )
    assert GAME.describe({"type": "exhausted", "count": 2}, 0, "de") == (
        "Der Nachziehstapel ist zum zweiten Mal aufgebraucht: das Spiel endet nach diesem Zug."
    )
    over = {"type": "game_over", "reason": "deck", "winners": []}
    assert GAME.describe(over, 0, "de") == (
        "Spielende (der Stapel ist zweimal aufgebraucht): kein Sieger."
    )
    won = {"type": "game_over", "reason": "jerusalem", "winners": [2]}
    assert GAME.describe(won, 2, "de") == "Spielende (Jerusalem ist gefallen). Sieger: du."


def test_english_names_knights_units_and_the_end_as_german_does() -> None:
    """One sentence per message for every language: the English log names the knights,
    the unit fought and why the game ended, as the German log always did."""
    setup = {"type": "setup", "knights": ["K_RAI", "K_GOT"], "start_player": 1, "set_aside": []}
    assert GAME.describe(setup, 0) == (
        "Knights: Raimund IV. von Toulouse (you), Gottfried von Bouillon (Player 2); "
        "Player 2 starts."
    )
    assert GAME.describe(setup, 0, "de") == (
        "Ritter: Raimund IV. von Toulouse (du), Gottfried von Bouillon (Spieler 2); "
        "Spieler 2 beginnt."
    )
    fleet = {"type": "fight", "fight": "unit_fleet", "fighter": 1, "cell": [8, 9], "unit": 0}
    assert GAME.describe(fleet, 1) == "You fight the Western fleet (Zirid corsairs) at (8,9)."
    over = {"type": "game_over", "reason": "deck", "winners": []}
    assert GAME.describe(over, 0) == "Game over (the deck ran out twice): no winner."
    shared = {"type": "game_over", "reason": "turn_limit", "winners": [0, 2]}
    assert GAME.describe(shared, 2) == "Game over (turn limit). Winners (shared): Player 1 and you."
    reveal = {"type": "reveal", "a": 1, "d": 3}
    assert (
        GAME.describe(reveal, 0) == "Revealed: the attacker commits 1 troop, the garrison 3 cubes."
    )
    assert GAME.describe(reveal, 0, "de") == (
        "Aufgedeckt: der Angreifer setzt 1 Truppe ein, die Besatzung 3 Verteidigungssteine."
    )
