"""Shared checks of the board pictures and their moves (``docs/board-interface.md``) for the
per-game picture tests: every step of seeded games is rendered and its moves checked against
the contract the game page relies on. Sizes on the screen are measured in the browser
(``tests/browser/test_legibility.py``); these checks read the SVG document itself."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

from spieltisch.engine.game import Game, State
from spieltisch.engine.picture import MAX_WIDTH, MIN_FONT
from spieltisch.server.board import picture_module

MAX_BUTTONS = 12
_SVG = "{http://www.w3.org/2000/svg}"


def renderer(game: Game) -> Any:
    """The game's picture module (``render_svg``, ``board_moves``, ``log_keys``), found as
    the server finds it."""
    module = picture_module(game.id)
    assert module is not None, f"{game.id} draws no picture"
    return module


def check_picture(svg: str) -> ET.Element:
    """The document parses, is at most ``MAX_WIDTH`` wide and drawn at 1:1 (its size equals
    its view box), and no text in it is smaller than ``MIN_FONT``. Returns the root."""
    root = ET.fromstring(svg.split("?>", 1)[1] if svg.startswith("<?xml") else svg)
    width, height = float(root.get("width", "0")), float(root.get("height", "0"))
    assert 0 < width <= MAX_WIDTH, width
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}", root.attrib
    assert height > 0
    for el in root.iter():
        size = el.get("font-size")
        if size is None and "font-size" in (el.get("style") or ""):
            found = re.search(r"font-size:\s*([\d.]+)", el.get("style") or "")
            size = found.group(1) if found else None
        if size is not None:
            assert float(size) >= MIN_FONT, (el.tag, el.attrib, "".join(el.itertext()))
        if el.get("transform", "").find("scale(") >= 0 and el.find(f".//{_SVG}text") is not None:
            raise AssertionError(f"text under a scaling transform: {el.attrib}")
    return root


def check_moves(root: ET.Element, legal: list[dict[str, Any]], moves: list[dict[str, Any]]) -> None:
    """One move per legal action; every pick and place named is an element of the picture
    (and unique there); every button has a caption; no stage offers more than
    ``MAX_BUTTONS`` buttons: the moves without pick or place, the pick-only moves of one
    pick, and the moves sharing one pick and place."""
    assert len(moves) == len(legal), (len(moves), len(legal))
    picks = Counter(el.get("data-pick") for el in root.iter() if el.get("data-pick"))
    places = Counter(el.get("data-place") for el in root.iter() if el.get("data-place"))
    assert all(n == 1 for n in picks.values()), [k for k, n in picks.items() if n > 1]
    assert all(n == 1 for n in places.values()), [k for k, n in places.items() if n > 1]
    stages: Counter[tuple[str | None, str | None]] = Counter()
    for move, action in zip(moves, legal, strict=True):
        assert set(move) <= {"pick", "place", "button", "art"}, move
        p, q = move.get("pick"), move.get("place")
        if p is not None:
            assert p in picks, (p, action)
        if q is not None:
            assert q in places, (q, action)
        stages[(p, q)] += 1
    for (p, q), n in stages.items():
        assert n <= MAX_BUTTONS, (p, q, n)
        if q is None or n > 1:  # offered as buttons: each needs a caption
            for move in moves:
                if (move.get("pick"), move.get("place")) == (p, q):
                    assert move.get("button"), move
    # the moves of one pick and place are told apart by their captions
    for p, q in stages:
        captions = [m.get("button") for m in moves if (m.get("pick"), m.get("place")) == (p, q)]
        if len(captions) > 1:
            assert len(set(captions)) == len(captions), captions


def check_step(game: Game, state: State, seat: int | None, lang: str = "en") -> None:
    """The picture of ``seat``'s view at this step and, if the seat acts, its moves."""
    module = renderer(game)
    view = state.view(seat)
    acting = seat is not None and seat in state.actors()
    legal = [a.to_json() for a in state.legal_actions(seat)] if acting and seat is not None else []
    svg = module.render_svg(view, lang, legal)
    root = check_picture(svg)
    check_moves(root, legal, module.board_moves(view, legal, lang))


def recorded_steps(
    game: Game, players: int, options: dict[str, Any], seed: int
) -> tuple[tuple[State, int], ...]:
    """Every decision of a seeded game (``caption_checks.bot_steps``) as a copy of the state
    before it with the seat to act, then the final state with seat -1."""
    from .caption_checks import bot_steps

    out: list[tuple[State, int]] = []
    live = None
    for state, seat, _ in bot_steps(game, players, options, seed):
        live = state  # the generator plays on this state after each yield
        out.append((state.clone(), seat))
    assert live is not None and live.is_over()
    return (*out, (live, -1))


def check_log_keys(game: Game, state: State, seat: int | None) -> None:
    """Every log event names the pieces it touched as keys the page can find (strings)."""
    module = renderer(game)
    for event in state.log(seat):
        keys = module.log_keys(event)
        assert isinstance(keys, list) and all(isinstance(k, str) and k for k in keys), keys
