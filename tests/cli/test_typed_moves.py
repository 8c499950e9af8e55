"""Medina at the terminal takes a typed move (issue 14, item 8): ``grey 4 5`` builds on
column 4, row 5 as the board prints them, ``roof``, ``wall``, ``stable``, ``merchant``,
``tea``/``pass``; German words too. A move fitting several actions asks which; a malformed
or illegal one gets an error naming the problem and changes nothing; ``list`` numbers
every move."""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

import spieltisch
from spieltisch.cli.session import GameAbandoned, TerminalSession, parse_choice
from spieltisch.engine.game import State
from spieltisch.games.medina.typed_moves import match_move, move_help, playable_now

MEDINA = spieltisch.game("medina")


def _after(moves: int, players: int = 3, seed: int = 1, **options: Any) -> State:
    state = MEDINA.new_game(players, seed, options)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _turn(state: State) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    seat = state.actors()[0]
    return [a.to_json() for a in state.legal_actions(seat)], state.view(seat)


def _typed(action: dict[str, Any], lang: str = "en") -> str:
    """How a player types ``action`` (MD-R21 kinds), column first."""
    words = {
        "en": {
            "build": "",
            "roof": "roof",
            "neutral_roof": "neutral roof",
            "stable": "stable",
            "merchant": "merchant",
            "start_merchant": "merchant",
            "wall": "wall",
        },
        "de": {
            "build": "",
            "roof": "dach",
            "neutral_roof": "neutrales dach",
            "stable": "stall",
            "merchant": "händler",
            "start_merchant": "kaufmann",
            "wall": "mauer",
        },
    }[lang]
    colours = {
        "en": {},
        "de": {
            "grey": "grau",
            "black": "schwarz",
            "purple": "lila",
            "brown": "braun",
            "orange": "orange",
        },
    }[lang]
    if action["type"] == "discard_tea":
        return "tea" if lang == "en" else "tee"
    x, y = action["cell"]
    word = words[action["type"]] or colours.get(action["colour"], action["colour"])
    return f"{word} {x} {y}"


def _positions() -> Iterator[State]:
    for players, seed, options in ((3, 1, {}), (4, 2, {"edition": 2}), (2, 3, {"edition": 2})):
        state = MEDINA.new_game(players, seed, options)
        rng = random.Random(seed)
        step = 0
        while not state.is_over():
            if step % 11 == 0:
                yield state.clone()
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1


def test_every_legal_move_can_be_typed_and_names_that_move_only() -> None:
    """MD-R21: every placement names its kind (and colour) and cell; a roof may name any
    building of its palace (MD-R26)."""
    count = 0
    for state in _positions():
        actions, view = _turn(state)
        for lang in ("en", "de"):
            for index, action in enumerate(actions):
                found = match_move(_typed(action, lang), actions, view, lang)
                assert found.error is None and found.matches == [index], (action, lang)
                count += 1
        for palace in view["palaces"]:
            roof = [
                i
                for i, a in enumerate(actions)
                if a["type"] == "roof" and a["cell"] == palace["cell"]
            ]
            for x, y in palace["buildings"]:
                assert match_move(f"roof {x} {y}", actions, view).matches == roof
    assert count > 1000


@pytest.mark.parametrize(
    "text",
    [
        "grey 4 5",
        "Grey 4,5",
        "grey (4,5)",
        "gr 4 5",
        "grau 4 5",
        "build grey 4 5",
        "grey on 4 5",
        "baue grau 4/5",
    ],
)
def test_spellings_of_one_building(text: str) -> None:
    actions, view = _turn(_after(1))
    want = [
        i
        for i, a in enumerate(actions)
        if a["type"] == "build" and a["colour"] == "grey" and a["cell"] == [4, 5]
    ]
    assert len(want) == 1
    assert match_move(text, actions, view).matches == want


def test_a_bare_cell_or_a_colourless_build_offers_every_move_there() -> None:
    actions, view = _turn(_after(1))
    at = [i for i, a in enumerate(actions) if a.get("cell") == [4, 5]]
    assert len(at) == 4  # the four colours of the 1st edition
    assert match_move("4 5", actions, view).matches == at
    assert match_move("build 4 5", actions, view).matches == at


@pytest.mark.parametrize(
    ("text", "lang", "words"),
    [
        ("blue 4 5", "en", ["'blue' is not a piece", "grey", "wall"]),
        ("blau 4 5", "de", ["'blau' ist kein Teil", "grau", "Mauer"]),
        ("grey", "en", ["grey needs a cell", "column 4, row 5"]),
        ("grau", "de", ["grau braucht ein Feld", "Spalte 4, Zeile 5"]),
        ("grey 4", "en", ["'4' is not a cell"]),
        ("grey 4 5 6", "en", ["'4 5 6' is not a cell"]),
        ("grey 40 5", "en", ["(40,5) is off the board", "columns 0-17, rows 0-12"]),
        ("stable 7 2", "en", ["You cannot play stable now", "You may play now: grey (175"]),
        ("stall 7 2", "de", ["Stall geht jetzt nicht", "Du kannst jetzt setzen: grau (175"]),
        ("tea 3 3", "en", ["more than a piece and a cell"]),
        ("0 0", "en", ["No move of yours goes on (0,0) now"]),
    ],
)
def test_malformed_moves_name_the_problem(text: str, lang: str, words: list[str]) -> None:
    actions, view = _turn(_after(1))
    found = match_move(text, actions, view, lang)
    assert found.matches == [] and found.error is not None
    for word in words:
        assert word in found.error, (word, found.error)


def test_an_illegal_but_wellformed_move_is_handed_to_the_engine() -> None:
    actions, view = _turn(_after(1))
    found = match_move("wall 5 5", actions, view)
    assert found.error is None and found.matches == []
    assert found.wanted == {"type": "wall", "cell": [5, 5]}
    assert match_move("pass", actions, view).wanted == {"type": "discard_tea"}


def test_help_lists_the_syntax_and_what_may_be_played_now_with_counts() -> None:
    actions, view = _turn(_after(1))
    assert playable_now(actions) == [
        "grey (175 cells)",
        "black (175 cells)",
        "brown (175 cells)",
        "orange (175 cells)",
        "merchant (4 cells)",
        "wall (8 cells)",
    ]
    text = move_help(actions, view)
    assert "column first" in text and "grey 1 1" in text and f"all {len(actions)} moves" in text
    german = move_help(actions, view, "de")
    assert "Spalte zuerst" in german and "grau 1 1" in german and "Mauer (8 Felder)" in german
    assert "liste zeigt" in german


def test_typed_is_only_for_games_that_have_it() -> None:
    assert parse_choice("grey 4 5", 3, typed=True) == "grey 4 5"
    assert parse_choice("2", 3, typed=True) == 1
    assert parse_choice("liste", 3, typed=True) == "list"
    assert parse_choice("hilfe", 3) == "help"


def _session(lines: list[str], lang: str = "en", **options: Any) -> tuple[TerminalSession, str]:
    """Player 1 at the terminal against two random bots, typing ``lines``."""
    out = io.StringIO()
    console = Console(file=out, width=80, highlight=False)
    state = MEDINA.new_game(3, 1, options)
    feed = iter(lines)

    def read(prompt: str) -> str:
        console.print(prompt, end="")
        line = next(feed, None)
        if line is None:  # the end of the script is the end of input
            raise EOFError
        console.print(line)
        return line

    session = TerminalSession(console, MEDINA, state, ["you", "random", "random"], lang, read)
    with contextlib.suppress(GameAbandoned):
        session.run()
    return session, out.getvalue()


def test_a_terminal_turn_by_typed_moves() -> None:
    session, text = _session(
        ["merchant 3 2", "help", "grey 0 0", "wall 5 5", "4 5", "9", "4 5", "1", "quit"]
    )
    assert "You may play now: merchant (126 cells)" in text  # no 126-line menu
    assert "1) " not in text.split("Your move", 1)[0]
    assert "You placed the start merchant on (3,2)." in text
    assert "grey on (0,0): not allowed. A building needs an empty city square" in text
    assert "(MD-R22)" in text and "(MD-R34)" in text
    assert "'4 5' fits several moves:" in text
    assert "1) Build grey at (4,5), new palace" in text
    assert "No move chosen" in text  # "9" is none of the four
    pieces = [p for p in session.state.view(0)["pieces"] if p["cell"] == [4, 5]]
    assert pieces and pieces[0]["colour"] == "grey"


def test_list_numbers_every_move_and_a_number_plays_one() -> None:
    session, text = _session(["list", "2", "quit"])
    assert "Place the start merchant on:" in text and "126)" in text
    assert session.state.view(0)["pieces"][0]["cell"] == [3, 2]  # the 2nd of the list


def test_a_german_terminal_turn() -> None:
    _, text = _session(["kaufmann 3 2", "grau 0 0", "dach 4 5", "ende"], lang="de")
    assert "Du kannst jetzt setzen: Händler (126 Felder)" in text
    assert "grau auf (0,0): nicht erlaubt. Ein Gebäude braucht ein leeres Stadtfeld" in text
    assert "Dach geht jetzt nicht. Du kannst jetzt setzen:" in text
    assert "Dein Zug (z. B. grau 4 5; hilfe, liste, protokoll, ende)" in text


def test_bad_typed_input_changes_nothing() -> None:
    session, _ = _session(["merchant 0 0", "blue 1 1", "grey", "tea", "", "quit"])
    fresh = MEDINA.new_game(3, 1, {})
    assert session.state.to_json() == fresh.to_json()
