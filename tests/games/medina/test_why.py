""" "Why can't I?" (issue 15): every click on the picture that no legal move uses is a move
the player means (``svg.attempt``), and ``why_illegal`` explains it in plain words with the
rule that forbids it, in English and in German, without changing the state."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from spieltisch.engine.errors import IllegalAction
from spieltisch.engine.rulebook import rulebook
from spieltisch.games.medina.state import MedinaState
from spieltisch.games.medina.svg import attempt, board_moves, render_svg

from .positions import GAME, act, build, finish, force_turn, place, position, started

BOOK = rulebook("spieltisch.games.medina", "en")
KEYS = re.compile(r'data-(pick|place)="([^"]+)"')


def reasons(s: MedinaState, seat: int, action: Any) -> tuple[IllegalAction, IllegalAction]:
    """The English and German reasons; both exist, cite a rule of the rulebook, read
    differently, and leave the state as it was."""
    before = s.to_json()
    en, de = explained(s, seat, action)
    assert s.to_json() == before
    return en, de


def explained(s: MedinaState, seat: int, action: Any) -> tuple[IllegalAction, IllegalAction]:
    en = GAME.why_illegal(s, seat, action, "en")
    de = GAME.why_illegal(s, seat, action, "de")
    assert en is not None and de is not None, action
    assert en.rule is not None and BOOK.get(en.rule), (action, en)
    assert de.rule == en.rule
    assert de.reason != en.reason and de.reason.strip() and en.reason.strip(), (en, de)
    assert "{" not in en.reason + de.reason, (en, de)
    return en, de


# -- every key of the picture, over seeded games ---------------------------------------------
def unarmed_attempts(
    view: dict[str, Any], legal: list[dict[str, Any]], svg: str
) -> list[dict[str, Any] | None]:
    """``attempt`` for every key no legal move uses: alone, and with each legal pick."""
    picks, places = set(), set()
    for kind, key in KEYS.findall(svg):
        (picks if kind == "pick" else places).add(key)
    moves = board_moves(view, legal, "en")
    armed_picks = {m["pick"] for m in moves}
    armed = {(m["pick"], m["place"]) for m in moves}
    armed_places = {m["place"] for m in moves}
    out = [attempt(view, pick, None) for pick in sorted(picks - armed_picks)]
    out += [attempt(view, None, place) for place in sorted(places - armed_places)]
    for pick in sorted(armed_picks):
        out += [
            attempt(view, pick, place) for place in sorted(places) if (pick, place) not in armed
        ]
    return out


CONFIGS = [
    (3, {}, 11),
    (4, {}, 12),
    (2, {"edition": 2}, 13),
    (3, {"edition": 2, "last_player_must_roof": True}, 14),
]


@pytest.mark.parametrize(("players", "options", "seed"), CONFIGS)
def test_every_unarmed_key_is_explained(players: int, options: dict[str, Any], seed: int) -> None:
    """At every 12th step and at the end of seeded random games, for the seat to act and
    the next seat: each unarmed key's attempt is a move with a reason in both languages and
    a rule of the rulebook (or no move at all), and every legal move has no reason."""
    s: MedinaState = GAME.new_game(players, seed, options)  # type: ignore[assignment]
    rng = random.Random(seed)
    step, seen = 0, set()
    while True:
        if step % 12 == 0 or s.is_over():
            actor, before = s.active, s.to_json()
            for seat in {actor, (actor + 1) % players}:
                view = s.view(seat)
                acting = not s.is_over() and seat in s.actors()
                legal = [a.to_json() for a in s.legal_actions(seat)] if acting else []
                svg = render_svg(view, "en", legal)
                for wanted in unarmed_attempts(view, legal, svg):
                    if wanted is None:
                        continue
                    action = GAME.action_from_json(wanted)
                    if wanted in legal:  # a roof clicked on another square of its palace
                        continue
                    seen.add(explained(s, seat, action)[0].rule)
                for a in rng.sample(legal, min(5, len(legal))):
                    assert GAME.why_illegal(s, seat, GAME.action_from_json(a), "de") is None
            assert s.to_json() == before  # nothing asked changed the game
        if s.is_over():
            break
        seat = s.actors()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        step += 1
    assert {"MD-R13", "MD-R16", "MD-R20", "MD-R34"} <= seen, seen
    assert {"MD-R22", "MD-R26", "MD-R29", "MD-R31"} & seen, seen


# -- the reasons of the worked example MD-X1 ---------------------------------------------------
P1 = [
    ("m", 5, 6),
    ("m", 4, 6),
    ("m", 6, 6),
    ("w", 1, 0),
    ("w", 2, 0),
    ("w", 3, 0),
    ("b", "g", 3, 3),
    ("b", "g", 4, 3),
    ("b", "o", 6, 3),
    ("b", "o", 6, 4),
    ("s", "o", 7, 4),
    ("r", "o"),
    ("b", "k", 10, 2),
    ("r", "k"),
]
P1_PALACES = {"g": ("grey", None), "o": ("orange", 1), "k": ("black", 0)}


def p1() -> MedinaState:
    return position(P1, P1_PALACES)


@pytest.mark.parametrize(
    ("seat", "action", "rule", "english", "german"),
    [
        (0, build("grey", 5, 3), "MD-R7", "also next to another palace", "anderen Palast"),
        (0, build("grey", 9, 9), "MD-R23", "grey palace at (3,3) is unfinished", "graue Palast"),
        (0, build("orange", 6, 5), "MD-R24", "has a roof and takes no more", "orangefarbene"),
        (0, build("black", 5, 2), "MD-R24", "and (5,2) has one", "bei (5,2)"),
        (0, act("stable", 5, 4), "MD-R29", "never joins two palaces", "zwei Paläste"),
        (0, act("stable", 8, 4), "MD-R29", "not only a stable", "an kein Gebäude"),
        (0, act("merchant", 5, 5), "MD-R32", "middle of the line", "mitten in der Kette"),
        (0, act("merchant", 12, 10), "MD-R32", "not next to the line", "nicht an der Kette"),
        (0, act("wall", 6, 0), "MD-R34", "next to neither", "neben keinem"),
        (2, act("roof", 10, 2), "MD-R26", "already has a roof", "schon ein Dach"),
        (0, act("roof", 6, 3), "MD-R26", "already has a roof", "schon ein Dach"),
        (0, build("grey", 0, 5), "MD-R22", "wall ring", "Mauerring"),
        (0, act("wall", 5, 5), "MD-R34", "is a city square", "ist ein Stadtfeld"),
        (0, act("start_merchant", 9, 9), "MD-R14", "already on the board", "schon auf dem"),
        (0, act("discard_tea"), "MD-R58", "2nd edition", "2. Edition"),
        (0, build("grey", 30, 3), "MD-R1", "not a square of the board", "kein Feld"),
    ],
)
def test_md_x1_reasons_in_both_languages(
    seat: int, action: Any, rule: str, english: str, german: str
) -> None:
    s = p1()
    force_turn(s, seat)
    en, de = reasons(s, seat, action)
    assert en.rule == rule, en
    assert english in en.reason, en.reason
    assert german in de.reason, de.reason


def test_the_turn_and_the_end_of_the_game() -> None:
    """MD-R13/MD-R14: another player is to place; MD-R20: the game is over."""
    s = GAME.new_game(3, 0)
    en, de = reasons(s, 2, act("start_merchant", 5, 5))
    assert en.rule == "MD-R14" and "Player 1" in en.reason and "Spieler 1" in de.reason
    t = started(3)
    en, de = reasons(t, 1, act("wall", 1, 0))
    assert en.rule == "MD-R13" and "Player 1 is placing" in en.reason
    assert de.reason == "Du bist nicht am Zug: Spieler 1 setzt gerade"
    doc = t.to_json()
    finish(doc)
    over = GAME.state_from_json(doc)
    en, _ = reasons(over, 0, act("wall", 1, 0))  # type: ignore[arg-type]
    assert en.rule == "MD-R20"


def test_a_piece_clicked_alone_explains_the_piece() -> None:
    """MD-R16 and MD-R26: a used-up piece, and roofs with no palace to go on, explained by
    clicking the piece in the tray (the move is named on the corner tower)."""
    s = position(P1, P1_PALACES, supply={0: {"walls": 0}})
    view = s.view(0)
    wanted = attempt(view, "supply:wall", None)
    assert wanted == {"type": "wall", "cell": [0, 0]}
    en, de = reasons(s, 0, GAME.action_from_json(wanted))
    assert (en.rule, en.reason, de.reason) == (
        "MD-R16",
        "You have no walls left",
        "Du hast keine Mauern mehr",
    )
    # seat 0 owns black; roof the only unclaimed palace (grey) and ask for another roof
    place(s, 0, act("roof", 3, 3))
    force_turn(s, 0)
    en, de = reasons(s, 0, GAME.action_from_json(attempt(s.view(0), "supply:roof", None)))
    assert en.rule == "MD-R26" and en.reason == "Every palace on the board already has a roof"


def test_a_roof_clicked_on_a_stable_names_its_palace() -> None:
    """MD-R21: a roof names its palace at its first building square, wherever it is clicked."""
    view = p1().view(0)
    assert attempt(view, "supply:roof", "cell:7,4") == {"type": "roof", "cell": [6, 3]}
    assert attempt(view, "supply:roof", "cell:9,9") == {"type": "roof", "cell": [9, 9]}
    assert attempt(view, "supply:tea", "cell:9,9") is None
    assert attempt(view, None, "cell:9,9") is None
    assert attempt(view, "supply:tea", None) == {"type": "discard_tea"}


def test_retired_colour_and_the_well() -> None:
    """MD-R37: a retired colour; MD-R50: nothing on or next to the well (2nd edition)."""
    s = started(3)
    for seat in range(3):
        force_turn(s, seat)
        place(s, seat, build("grey", 2 + 4 * seat, 2))
        place(s, seat, act("roof", 2 + 4 * seat, 2))
    assert s.retired & 1
    force_turn(s, 0)
    en, de = reasons(s, 0, build("grey", 9, 9))
    assert en.rule == "MD-R37" and de.reason.startswith("Grau ist ausgeschieden")
    w: MedinaState = GAME.new_game(  # type: ignore[assignment]
        3, 0, {"edition": 2, "well_cell": [8, 6], "start_merchant_cell": [3, 3]}
    )
    en, de = reasons(w, 0, build("grey", 7, 5))
    assert en.rule == "MD-R50" and "well" in en.reason and "Brunnen" in de.reason
    en, _ = reasons(w, 0, act("merchant", 8, 6))
    assert en.rule == "MD-R50"
