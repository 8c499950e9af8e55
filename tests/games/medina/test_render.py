"""Medina's renderers over whole seeded random games of both editions and every player count,
for every seat and the spectator: the text (Rich markup, within 100 columns, owners shown,
no hidden supply for spectators), the SVG (every piece exactly once with its cell, kind, key
and tip; the legal pieces picks and their squares places), and ``spieltisch play medina``
with bots only."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from typing import Any

import pytest
from rich.text import Text
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli import renderers
from spieltisch.cli.main import app
from spieltisch.engine.game import State
from spieltisch.engine.markup import strip_markup, visible_len
from spieltisch.games.medina.svg import board_moves, render_svg
from spieltisch.games.medina.text import (
    LETTERS,
    labels,
    render_actions,
    render_view,
)

CONFIGS = [
    (3, {"edition": 1}, 1),
    (4, {"edition": 1}, 2),
    (2, {"edition": 2}, 3),
    (3, {"edition": 2}, 4),
    (4, {"edition": 2}, 5),
    (3, {"edition": 2, "open_screens": True}, 6),
]
IDS = [f"{p}p-ed{o['edition']}{'-open' if o.get('open_screens') else ''}" for p, o, _ in CONFIGS]
FULL, FULL_IDS = CONFIGS[:5], IDS[:5]
PIECE_KINDS = {"building", "stable", "merchant", "wall", "tower", "well"}


@cache
def _game(players: int, options_json: str, seed: int) -> tuple[State, ...]:
    """A seeded random game, as the states before every move and the final one."""
    state = spieltisch.game("medina").new_game(players, seed, json.loads(options_json))
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state.clone())
    return tuple(states)


def _states(players: int, options: dict[str, Any], seed: int) -> tuple[State, ...]:
    return _game(players, json.dumps(options, sort_keys=True), seed)


def _plain(markup: str, rich: bool) -> str:
    if not rich:
        return strip_markup(markup)
    text = Text.from_markup(markup)  # raises MarkupError on a broken tag
    assert text.plain == strip_markup(markup)
    return text.plain


def _owner_name(owner: Any, viewer: int | None) -> str:
    if owner == "neutral":
        return "neutral"
    return "You" if owner == viewer else f"Player {owner + 1}"


def _cell(xy: list[int]) -> str:
    return f"{xy[0]},{xy[1]}"


def _expected_pieces(view: dict[str, Any]) -> Counter[tuple[str, str]]:
    expected = Counter((p["kind"], _cell(p["cell"])) for p in view["pieces"])
    expected.update(("tower", _cell(t["cell"])) for t in view["towers"])
    if view["well"]:
        expected[("well", _cell(view["well"]))] += 1
    return expected


def _key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def _check_svg(view: dict[str, Any], legal: list[dict[str, Any]] | None) -> None:
    root = ET.fromstring(render_svg(view, "en", legal))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    shown = [el for el in root.iter() if el.get("data-kind") in PIECE_KINDS]
    got = Counter((el.get("data-kind", ""), el.get("data-cell", "")) for el in shown)
    assert got == _expected_pieces(view)
    assert all(v == 1 for v in got.values())  # one piece per cell, each drawn once
    assert sum(1 for el in shown if el.get("data-kind") == "tower") == 4
    assert (view["well"] is not None) == any(el.get("data-kind") == "well" for el in shown)
    owners = {p["id"]: p["owner"] for p in view["palaces"]}
    by_cell = {_cell(p["cell"]): p for p in view["pieces"]}
    for el in shown:
        assert el.get("data-tip") and el.get("data-key")
        if el.get("data-kind") in ("building", "stable"):
            piece = by_cell[el.get("data-cell", "")]
            assert el.get("data-palace") == str(piece["palace"])
            owner = owners[piece["palace"]]
            assert el.get("data-owner") == ("" if owner is None else str(owner))
    # the board is the interface: no action payloads, the legal pieces are picks in the tray
    # and every legal square is a place
    assert not any(el.get("data-action") is not None for el in root.iter())
    picks = {el.get("data-pick") for el in root.iter() if el.get("data-pick")}
    places = {el.get("data-place") for el in root.iter() if el.get("data-place")}
    if view.get("seat") is None:
        assert not picks  # a spectator has no tray
    if not legal:
        return
    moves = board_moves(view, legal, "en")
    assert {m["pick"] for m in moves} <= picks  # every tray piece is a pick (issue 15)
    for move, action in zip(moves, legal, strict=True):
        if "cell" in action:
            assert move["place"] == "cell:" + _cell(action["cell"])
            assert move["place"] in places
        else:
            assert move["place"] is None


def _check_text(view: dict[str, Any], rich: bool) -> str:
    markup = render_view(view)
    plain = _plain(markup, rich)
    for line in markup.splitlines():
        assert visible_len(line) <= 100, line
    assert "Medina" in plain
    height = view["board"]["height"]
    assert len(plain.splitlines()) > height
    seat = view["seat"]
    for pal in view["palaces"]:
        if pal["status"] != "claimed":
            continue
        owner = _owner_name(pal["owner"], seat)
        letter = LETTERS[pal["colour"]].upper()
        pattern = rf"(?<!\d){pal['id']}  {letter}  \S+\s+\(\d+,\d+\)\s+size \d+\s+{owner}"
        assert re.search(pattern, plain), (pal, plain)
    hidden = labels("en")["hidden"]
    shows_hidden = any("buildings" in s for s in view["supplies"])
    assert (hidden in plain) == shows_hidden
    if view["phase"] == "over":
        assert "Game over" in plain
        for w in view["winners"]:
            assert _owner_name(w, seat) in plain.split("Game over.")[-1]
    return plain


@pytest.mark.parametrize(("players", "options", "seed"), FULL, ids=FULL_IDS)
def test_every_state_renders_for_every_seat(
    players: int, options: dict[str, Any], seed: int
) -> None:
    states = _states(players, options, seed)
    assert states[-1].is_over()
    for step, state in enumerate(states):
        actor = state.actors()[0] if not state.is_over() else None
        # every state for the spectator and the seat to act (with its legal targets);
        # every seat on every 4th state and at the end (the views differ only in supplies)
        every = step % 4 == 0 or state.is_over()
        seats = [None, *range(players)] if every else [None, actor]
        for seat in seats:
            view = state.view(seat)
            legal = (
                [a.to_json() for a in state.legal_actions(seat)]
                if seat is not None and seat == actor
                else None
            )
            _check_svg(view, legal)
            _check_text(view, rich=step % 10 == 0)
            if legal:
                menu = render_actions(legal, view)
                plain = _plain(menu, rich=step % 10 == 0)
                for line in menu.splitlines():
                    assert visible_len(line) <= 100, line
                numbers = [int(n) for n in re.findall(r"(?<![\d,(])(\d+)\)", plain)]
                assert numbers == list(range(1, len(legal) + 1))


@pytest.mark.parametrize(("players", "options", "seed"), CONFIGS, ids=IDS)
def test_spectator_sees_no_hidden_supply(players: int, options: dict[str, Any], seed: int) -> None:
    states = _states(players, options, seed)
    state = states[len(states) // 2]
    spectator = strip_markup(render_view(state.view(None)))
    own = strip_markup(render_view(state.view(0)))
    hidden = labels("en")["hidden"]
    assert (hidden in spectator) == bool(options.get("open_screens"))
    assert hidden in own
    # the supply table has the hidden columns only where the view has the numbers
    for seat in [None, *range(players)]:
        view = state.view(seat)
        plain = strip_markup(render_view(view))
        # the table under the "Supplies" title line (which may carry a note after the title)
        table = re.split(r"^Supplies.*\n", plain, maxsplit=1, flags=re.M)[1]
        rows = table.split("\n\n", 1)[0].splitlines()[1:]
        for row, supply in zip(rows, view["supplies"], strict=True):
            numbers = re.findall(r"\d+", re.sub(r"^[▶ ]*(You|Player \d+)", "", row))
            public = 3 if view["edition"] == 2 else 1
            expected = public + (7 if "buildings" in supply else 0)
            assert len(numbers) == expected, row


def test_svg_escapes_text_and_attributes() -> None:
    state = _states(3, {"edition": 2}, 4)[30]
    view = state.view(0)
    legal = [a.to_json() for a in state.legal_actions(state.actors()[0])]
    svg = render_svg(state.view(state.actors()[0]), "de", legal)
    root = ET.fromstring(svg)
    assert any(el.get("data-pick", "").startswith("supply:") for el in root.iter())
    assert "<&" not in svg
    assert svg.startswith("<?xml")
    assert "data-action" not in svg
    tips = [el.get("data-tip", "") for el in root.iter() if el.get("data-tip")]
    assert any("Feld (" in t for t in tips) and not any("Square (" in t for t in tips)
    assert render_svg(view, "de").count("Spieler 1") >= 1


def test_german_text_and_final_board() -> None:
    final = _states(4, {"edition": 1}, 2)[-1]
    plain = strip_markup(render_view(final.view(None), "de"))
    assert "Spielende" in plain and "Sieger" in plain and "Paläste" in plain
    assert "Game over" not in plain
    assert all(len(line) <= 100 for line in plain.splitlines())


def test_the_cli_registry_uses_the_medina_renderer() -> None:
    state = _states(3, {"edition": 1}, 1)[5]
    view = state.view(0)
    assert renderers.render_view("medina", view) == render_view(view)
    legal = state.legal_actions(state.actors()[0])
    menu = renderers.render_actions(
        "medina", [a.to_json() for a in legal], [str(a) for a in legal], state.view(0)
    )
    assert menu == render_actions([a.to_json() for a in legal], state.view(0))


@pytest.mark.parametrize("edition", ["1", "2"])
def test_play_with_bots_only_runs_to_the_end(edition: str) -> None:
    result = CliRunner().invoke(
        app,
        [
            "play",
            "medina",
            "--seats",
            "random,random,random",
            "--seed",
            "9",
            "--option",
            f"edition={edition}",
        ],
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Medina" in out
    assert "Palaces" in out and "Scores" in out
    assert "Game over" in out
    assert "Winner" in out
    assert "Traceback" not in out
