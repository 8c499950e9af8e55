"""Tumult Royal's renderers over whole seeded random games of every player count and both
variants, for the spectator and the acting seats: the text (Rich markup, within 100
columns), the SVG (every statue field and every slot exactly once with its data attributes,
every legal move's place on the picture, no ``data-action``), hidden information (a seat's
rendering is the same for the true state and a resampled one; the spectator sees no face
before the reveal), and ``spieltisch play tumult-royal`` with bots only."""

from __future__ import annotations

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
from spieltisch.games.tumult_royal.svg import board_moves, render_svg
from spieltisch.games.tumult_royal.text import render_actions, render_view

CONFIGS = [
    (2, "standard", 1),
    (2, "zocker", 2),
    (3, "standard", 3),
    (3, "zocker", 4),
    (4, "standard", 5),
    (4, "zocker", 6),
]
IDS = [f"{p}p-{v}" for p, v, _ in CONFIGS]
FACE = re.compile(r"(?<![A-Za-z0-9])[BMT][123](?![0-9A-Za-z])")


@cache
def _game(players: int, variant: str, seed: int) -> tuple[State, ...]:
    """A seeded random game: the state before every move and the final one."""
    state = spieltisch.game("tumult-royal").new_game(players, seed, {"variant": variant})
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_over():
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state.clone())
    return tuple(states)


def _sample(states: tuple[State, ...], every: int) -> list[tuple[int, State]]:
    """Every ``every``-th state plus the first grab tick of each round, the phase changes
    and the final state."""
    picked = []
    for i, s in enumerate(states):
        prev = states[i - 1] if i else None
        changed = prev is None or prev.phase != s.phase  # type: ignore[attr-defined]
        if i % every == 0 or changed or i == len(states) - 1:
            picked.append((i, s))
    return picked


def _plain(markup: str, rich: bool) -> str:
    if not rich:
        return strip_markup(markup)
    text = Text.from_markup(markup)  # raises MarkupError on a broken tag
    assert text.plain == strip_markup(markup)
    return text.plain


def _check_svg(view: dict[str, Any], legal: list[dict[str, Any]] | None) -> str:
    svg = render_svg(view, "en", legal)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    statues = [el for el in root.iter() if el.get("data-kind") == "statue"]
    got = Counter((el.get("data-field"), el.get("data-seat")) for el in statues)
    want = Counter((f"{b['field'][0]},{b['field'][1]}", str(b["seat"])) for b in view["board"])
    assert got == want
    assert all(n == 1 for n in got.values())
    counts = {el.get("data-field"): el.get("data-statues") for el in statues}
    for b in view["board"]:
        assert counts[f"{b['field'][0]},{b['field'][1]}"] == str(b["statues"])
    slots = [el for el in root.iter() if el.get("data-kind") == "slot"]
    assert [el.get("data-slot") for el in slots] == [str(e["slot"]) for e in view["slots"]]
    for el, entry in zip(slots, view["slots"], strict=True):
        assert el.get("data-state") == entry["state"]
        assert el.get("data-seat") == (str(entry["seat"]) if "seat" in entry else None)
        face = entry.get("face")
        assert el.get("data-face") == (None if face is None else f"{face[0][0].upper()}{face[1]}")
    assert not [el for el in root.iter() if el.get("data-action") is not None]
    places = {el.get("data-place") for el in root.iter() if el.get("data-place")}
    if not legal:
        assert not places
        return svg
    moves = board_moves(view, legal, "en")
    for move, action in zip(moves, legal, strict=True):
        if "field" in action:
            assert move["place"] == f"field:{action['field'][0]},{action['field'][1]}"
        if action["type"] == "peek":
            assert move["place"] == f"slot:{action['slot']}"
        assert move["place"] is None or move["place"] in places
    return svg


def _check_text(view: dict[str, Any], rich: bool) -> str:
    markup = render_view(view)
    plain = _plain(markup, rich)
    for line in markup.splitlines():
        assert visible_len(line) <= 100, line
    assert "Tumult Royal" in plain and "Landscape" in plain and "Chronicle" in plain
    grid = plain.split("Landscape\n", 1)[1].splitlines()[1:8]
    rows = [line for line in grid if re.match(r"\s+\d ", line)]
    assert len(rows) == 6
    for b in view["board"]:
        r, c = b["field"]
        cells = re.findall(r"(?:░░░| [MFHVC] |[MFHVC]\d[A-D])", rows[r])
        assert len(cells) == 3 * view["landscape"]["columns"]
        assert cells[c] == f"{cells[c][0]}{b['statues']}{'ABCD'[b['seat']]}"
    positions = view["landscape"]["positions"]
    for r, row in enumerate(rows):  # each face-down tile fogs its 3 fields in 3 rows
        fogged = 3 * sum(1 for p in positions if p["row"] == r // 3 and not p["face_up"])
        assert row.count("░░░") == fogged
    if view["phase"] == "grab":
        assert "still choosing" in plain
    if view["round"] and view["phase"] != "game_over":
        demand = plain.split("Demand: ", 1)[1].splitlines()[0]
        for good, d in view["demand"].items():
            assert f"{good} {'?' if d is None else d}" in demand
    if view["phase"] == "game_over":
        assert "Game over" in plain and "Winner" in plain
    return plain


def _check_menu(legal: list[dict[str, Any]], view: dict[str, Any], rich: bool) -> None:
    menu = render_actions(legal, view)
    plain = _plain(menu, rich)
    for line in menu.splitlines():
        assert visible_len(line) <= 100, line
    numbers = sorted(int(n) for n in re.findall(r"(?<![\d,(])(\d+)\)", plain))
    assert numbers == list(range(1, len(legal) + 1))
    for n, action in enumerate(legal, start=1):
        if action["type"] == "peek":
            assert f"{n})s{action['slot']}" in plain


@pytest.mark.parametrize(("players", "variant", "seed"), CONFIGS, ids=IDS)
def test_sampled_states_render_for_spectator_and_actors(
    players: int, variant: str, seed: int
) -> None:
    states = _game(players, variant, seed)
    assert states[-1].is_over()
    phases = set()
    for step, state in _sample(states, 3):
        phases.add(state.phase)  # type: ignore[attr-defined]
        actors = list(state.actors())
        for seat in [None, *actors]:
            view = state.view(seat)
            legal = [a.to_json() for a in state.legal_actions(seat)] if seat is not None else None
            _check_svg(view, legal)
            _check_text(view, rich=step % 7 == 0)
            if legal:
                _check_menu(legal, view, rich=step % 7 == 0)
    assert phases == {"setup_start_statues", "grab", "build", "game_over"}


@pytest.mark.parametrize(("players", "variant", "seed"), CONFIGS, ids=IDS)
def test_renderings_show_nothing_a_seat_does_not_know(
    players: int, variant: str, seed: int
) -> None:
    """TR-H2: a seat's text and SVG are identical for the true state and a resampled one
    (hidden faces, fog designs and the others' pending choices redrawn)."""
    rng = random.Random(seed)
    states = _game(players, variant, seed)
    grabs = [s for s in states if s.phase == "grab"]  # type: ignore[attr-defined]
    chosen = [*rng.sample(grabs, min(25, len(grabs))), states[0], states[-1]]
    remembered = 0
    for state in chosen:
        for seat in [None, *range(players)]:
            view = state.view(seat)
            other = state.resample(seat, random.Random(rng.getrandbits(32)))
            for lang in ("en", "de"):
                assert render_view(other.view(seat), lang) == render_view(view, lang)
                assert render_svg(other.view(seat), lang) == render_svg(view, lang)
            if seat is not None:
                remembered += len(view["me"]["memory"])
    assert remembered > 0  # the resamples did have faces to hide and to keep


@pytest.mark.parametrize(("players", "variant", "seed"), CONFIGS, ids=IDS)
def test_spectator_sees_no_face_before_the_reveal(players: int, variant: str, seed: int) -> None:
    for _, state in _sample(_game(players, variant, seed), 2):
        view = state.view(None)
        if view["phase"] != "grab" or view["pool"] is not None:
            continue
        plain = strip_markup(render_view(view))
        pool = plain.split("Grab pool", 1)[1].split("\n\n", 1)[0]
        # the slot cells, without the heading and the legend
        pool = "\n".join(line for line in pool.splitlines()[1:] if re.match(r"\s*\d+ ", line))
        assert not FACE.search(pool), pool
        assert "remember" not in pool
        root = ET.fromstring(render_svg(view))
        assert not [el for el in root.iter() if el.get("data-face") is not None]
        # the seat holding a tile sees that face; the others do not
        for seat in range(players):
            own = state.view(seat)
            shown = {
                el.get("data-slot")
                for el in ET.fromstring(render_svg(own)).iter()
                if el.get("data-face") is not None
            }
            assert shown == set(own["me"]["memory"])


def test_german_labels_and_the_cli_registry() -> None:
    states = _game(3, "zocker", 4)
    grab = next(s for s in states if s.phase == "grab" and s.tick > 2)  # type: ignore[attr-defined]
    seat = grab.actors()[0]
    view = grab.view(seat)
    plain = strip_markup(render_view(view, "de"))
    assert "Landschaft" in plain and "Chronik" in plain and "Forderung" in plain
    assert "Brot ?" in plain or "bread ?" in plain  # the terminal's own words (text.py)
    svg = render_svg(view, "de", [a.to_json() for a in grab.legal_actions(seat)])
    assert "Spieler" in svg and "Die Landschaft" in svg and "<&" not in svg
    assert renderers.render_view("tumult-royal", view) == render_view(view)
    legal = grab.legal_actions(seat)
    menu = renderers.render_actions(
        "tumult-royal", [a.to_json() for a in legal], [str(a) for a in legal], view
    )
    assert menu == render_actions([a.to_json() for a in legal], view)
    final = strip_markup(render_view(states[-1].view(None), "de"))
    assert "Spielende" in final and "Sieger" in final


def test_build_menu_groups_payments_by_field() -> None:
    for players, variant, seed in CONFIGS:
        for state in _game(players, variant, seed):
            if state.phase != "build":  # type: ignore[attr-defined]
                continue
            seat = state.actors()[0]
            legal = [a.to_json() for a in state.legal_actions(seat)]
            fields = {tuple(a["field"]) for a in legal if a["type"] == "build"}
            if len(legal) < 4 or len(fields) < 2:
                continue
            plain = strip_markup(render_actions(legal, state.view(seat)))
            heads = [line for line in plain.splitlines() if line.startswith("Build ")]
            assert len(heads) == len(fields)
            for r, c in fields:
                assert sum(f"on ({r},{c}) " in h for h in heads) == 1
            assert "end your build turn" in plain
            return
    pytest.fail("no build turn with two fields to build on")


def test_play_with_bots_only_runs_to_the_end() -> None:
    result = CliRunner().invoke(
        app, ["play", "tumult-royal", "--seats", "random,random,random", "--seed", "7"]
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Tumult Royal" in out and "Landscape" in out and "Grab pool" in out
    assert "Game over" in out and "Winner" in out
    assert "Traceback" not in out
