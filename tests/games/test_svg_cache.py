"""The SVG renderers memoise what recurs from picture to picture (the board, terrain and grid
labels once per board or edition; cities, pieces, cards, slots once per look). These tests
check that the caches never change a picture: the same view gives the same bytes whether
rendered first, again, after other games, editions, seats and languages, or with every
cache emptied; and that each edition, board and ruleset is drawn as its own."""

from __future__ import annotations

import copy
import html
import importlib
import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from importlib import resources
from types import ModuleType
from typing import Any

import pytest

import spieltisch
from spieltisch.engine import svg as engine_svg
from spieltisch.engine.game import State

RENDERERS = {
    "medina": "spieltisch.games.medina.svg",
    "kingdoms-of-crusaders": "spieltisch.games.kingdoms_of_crusaders.svg",
    "tumult-royal": "spieltisch.games.tumult_royal.svg",
    "im-zeichen-des-kreuzes": "spieltisch.games.zeichen_des_kreuzes.svg",
}


def _zk_edition() -> dict[str, Any]:
    """The default edition with Ireland's (0,0) made a mountain (ZK-O11)."""
    package = "spieltisch.games.zeichen_des_kreuzes"
    files = resources.files(package)
    text = files.joinpath("data/components.json").read_text("utf-8")
    edition: dict[str, Any] = json.loads(text)
    lines = files.joinpath("data/map.txt").read_text("utf-8").split("\n")
    lines[0] = "^" + lines[0][1:]
    edition["map"] = lines
    return edition


def _tr_ruleset() -> dict[str, Any]:
    """The default Tumult Royal data with an end check already in round 5 (TR-D13)."""
    files = resources.files("spieltisch.games.tumult_royal")
    doc = json.loads(files.joinpath("data/tumult_royal.json").read_text("utf-8"))
    doc["chronicle"]["end_threshold"] = [None, None, None, None, 7, 6, 5, 4, 3, 2]
    return doc


CONFIGS: list[tuple[str, int, dict[str, Any], int]] = [
    ("medina", 3, {"edition": 1}, 1),
    ("medina", 4, {"edition": 2}, 2),
    ("kingdoms-of-crusaders", 3, {"claims": "manual"}, 3),
    ("tumult-royal", 3, {}, 4),
    ("tumult-royal", 2, {"ruleset_data": _tr_ruleset()}, 5),
    ("im-zeichen-des-kreuzes", 3, {}, 6),
    ("im-zeichen-des-kreuzes", 2, {"edition_data": _zk_edition()}, 7),
]
IDS = [f"{g}-{p}p-{sorted(o)}" for g, p, o, _ in CONFIGS]
MOVES = (0, 12, 60, 160)


@cache
def _positions(index: int) -> tuple[tuple[str, State], ...]:
    """Seeded random positions of one configuration (the start, mid-game, the end)."""
    game_id, players, options, seed = CONFIGS[index]
    state = spieltisch.game(game_id).new_game(players, seed, options)
    rng = random.Random(seed)
    out = []
    done = 0
    for target in MOVES:
        while done < target and not state.is_over():
            seat = rng.choice(state.actors())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            done += 1
        out.append((f"m{done}", state.clone()))
    while not state.is_over():
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    out.append(("end", state))
    return tuple(out)


def _cases(index: int) -> Iterator[tuple[dict[str, Any], str, list[dict[str, Any]] | None]]:
    for _, state in _positions(index):
        actors = set() if state.is_over() else set(state.actors())
        players = state.view(None)["players"]
        for seat in [None, *range(players)]:
            view = state.view(seat)
            legal = [a.to_json() for a in state.legal_actions(seat)] if seat in actors else None
            for lang in ("en", "de"):
                yield view, lang, legal


def _module(game_id: str) -> ModuleType:
    return importlib.import_module(RENDERERS[game_id])


def _clear_caches(module: ModuleType) -> None:
    for value in vars(module).values():
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()


def _render_all(index: int) -> list[str]:
    render = _module(CONFIGS[index][0]).render_svg
    return [render(view, lang, legal) for view, lang, legal in _cases(index)]


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_pictures_do_not_depend_on_what_was_rendered_before(index: int) -> None:
    """Cold caches, warm caches, after every other configuration, in reverse order: the
    same bytes, and every picture is well-formed XML naming its game."""
    module = _module(CONFIGS[index][0])
    _clear_caches(module)
    _clear_caches(engine_svg)
    cold = _render_all(index)
    assert _render_all(index) == cold
    for other in range(len(CONFIGS)):
        if other != index:
            _render_all(other)
    assert _render_all(index) == cold
    cases = list(_cases(index))
    render = module.render_svg
    backwards = [render(v, lang, legal) for v, lang, legal in reversed(cases)]
    assert backwards[::-1] == cold
    for text in cold:
        root = ET.fromstring(text.split("?>", 1)[1])
        assert root.get("data-game") == CONFIGS[index][0]


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_a_view_is_not_changed_by_rendering_it(index: int) -> None:
    """The renderers read the view and the legal actions only (they are shared with the
    log and the JSON update)."""
    render = _module(CONFIGS[index][0]).render_svg
    for view, lang, legal in _cases(index):
        before = copy.deepcopy((view, legal))
        render(view, lang, legal)
        assert (view, legal) == before


def _cells(svg: str) -> dict[str, str | None]:
    root = ET.fromstring(svg.split("?>", 1)[1])
    return {
        e.get("data-cell", ""): e.get("data-terrain") for e in root.iter() if e.get("data-terrain")
    }


def test_zk_custom_and_default_maps_are_cached_apart() -> None:
    """ZK-O11: the map is cached per edition: a custom map and the default one alternate
    without either taking the other's terrain."""
    from spieltisch.games.zeichen_des_kreuzes.svg import render_svg

    game = spieltisch.game("im-zeichen-des-kreuzes")
    custom = game.new_game(2, 1, {"edition_data": _zk_edition()}).view(0)
    default = game.new_game(2, 1).view(0)
    for _ in range(2):
        for lang in ("en", "de"):
            assert _cells(render_svg(custom, lang))["0,0"] == "mountain"
            assert _cells(render_svg(default, lang))["0,0"] == "plain"


def test_zk_an_unknown_edition_is_drawn_as_the_default_and_cached_so() -> None:
    """A view naming an edition this process never parsed is drawn with the default map;
    the cache entry is the default one, not one filed under the unknown name."""
    from spieltisch.games.zeichen_des_kreuzes.svg import render_svg

    view = spieltisch.game("im-zeichen-des-kreuzes").new_game(2, 1).view(None)
    unknown = dict(view, edition="edition-0000000000000000")
    assert _cells(render_svg(unknown)) == _cells(render_svg(view))


def test_zk_map_and_card_caches_do_not_change_a_picture() -> None:
    """The picture's own modules memoise the map (per edition), the city names' places,
    the card faces, the figures, the map's pieces and the panels; emptied, they give the
    same bytes."""
    from spieltisch.games.zeichen_des_kreuzes import cards_svg, figures, map_svg, panels_svg, svg

    index = next(i for i, c in enumerate(CONFIGS) if c[0] == "im-zeichen-des-kreuzes")
    warm = _render_all(index)
    for module in (svg, map_svg, cards_svg, figures, panels_svg):
        _clear_caches(module)
    assert _render_all(index) == warm


def test_medina_boards_are_cached_per_edition() -> None:
    """MD-S2: the 2nd edition's well and its bonus cells are drawn on the 2nd-edition board
    only, whatever was rendered before."""
    from spieltisch.games.medina.svg import render_svg

    game = spieltisch.game("medina")
    first = game.new_game(3, 1, {"edition": 1}).view(None)
    second = game.new_game(3, 1, {"edition": 2}).view(None)
    for _ in range(2):
        assert 'class="bonus"' not in render_svg(first)
        bonus = render_svg(second).count('class="bonus"')
        assert bonus == len(second["bonus_cells"]) > 0
        # the well's zone (MD-D8): its 8 squares are marked on the 2nd-edition board only
        assert "by the well" not in render_svg(first)
        assert render_svg(second).count("by the well") == 8


@pytest.mark.parametrize("index", [i for i, c in enumerate(CONFIGS) if c[0] == "medina"])
def test_medina_picture_caches_do_not_change_pictures(index: int) -> None:
    """Medina's picture memoises in its helper modules too (the squares once per board, the
    pieces, palace tips and joins once per look, the tile cards, the words): emptied or
    warm, the same pictures and moves."""
    from spieltisch.games.medina import (
        picture_board,
        picture_index,
        picture_pieces,
        picture_placed,
        picture_tables,
        picture_words,
        svg,
    )

    def everything() -> list[Any]:
        out: list[Any] = []
        for view, lang, legal in _cases(index):
            out.append(svg.render_svg(view, lang, legal))
            out.append(svg.board_moves(view, legal or [], lang))
        return out

    warm = everything()
    for module in (
        svg,
        picture_board,
        picture_index,
        picture_pieces,
        picture_placed,
        picture_tables,
        picture_words,
    ):
        _clear_caches(module)
    assert everything() == warm


def test_kc_picture_caches_do_not_change_pictures() -> None:
    """The Kingdoms of Crusaders memoise armies, table cards, hand cards and unseen sets in
    the picture's part modules: emptied or warm, the same pictures and moves."""
    from spieltisch.games.kingdoms_of_crusaders import (
        picture_armies,
        picture_context,
        picture_hand,
        picture_standing,
        picture_territories,
        svg,
    )

    index = next(i for i, c in enumerate(CONFIGS) if c[0] == "kingdoms-of-crusaders")

    def everything() -> list[Any]:
        out: list[Any] = []
        for view, lang, legal in _cases(index):
            out.append(svg.render_svg(view, lang, legal))
            out.append(svg.board_moves(view, legal or [], lang))
        return out

    warm = everything()
    parts = (picture_armies, picture_context, picture_hand, picture_standing, picture_territories)
    for module in (svg, *parts):
        _clear_caches(module)
    assert everything() == warm


def test_tr_chronicle_follows_the_ruleset_data() -> None:
    """TR-D13: replacement data draws its own end thresholds on the chronicle, and the
    default data its own, in either order."""
    from spieltisch.games.tumult_royal.svg import render_svg

    game = spieltisch.game("tumult-royal")
    custom = game.new_game(3, 1, {"ruleset_data": _tr_ruleset()}).view(None)
    default = game.new_game(3, 1).view(None)
    for _ in range(2):  # the picture writes θ as a character reference (ASCII only)
        assert "θ7" in html.unescape(render_svg(custom))
        assert "θ7" not in html.unescape(render_svg(default))


def test_tr_picture_caches_do_not_change_pictures() -> None:
    """Tumult Royal's picture memoises drawings in its helper modules (icons, landscape
    tiles and fields, slots, castle parts, chronicle fields, standing, header and demand,
    payment art): emptied or warm, the same pictures and moves."""
    from spieltisch.games.tumult_royal import (
        icons,
        picture_castles,
        picture_goods,
        picture_land,
        picture_moves,
        picture_scores,
        svg,
    )
    from spieltisch.games.tumult_royal.svg import board_moves

    index = next(i for i, c in enumerate(CONFIGS) if c[0] == "tumult-royal")

    def everything() -> list[Any]:
        out: list[Any] = []
        for view, lang, legal in _cases(index):
            out.append(_module("tumult-royal").render_svg(view, lang, legal))
            out.append(board_moves(view, legal or [], lang))
        return out

    warm = everything()
    for module in (
        icons,
        picture_castles,
        picture_goods,
        picture_land,
        picture_moves,
        picture_scores,
        svg,
    ):
        _clear_caches(module)
    assert everything() == warm


def test_engine_helpers_match_the_plain_formulas() -> None:
    """The memoised helpers give exactly what the plain formulas give, including the
    corner cases a cache could confuse (-0.0 and 0, 1 and 1.0, long strings)."""
    from html import escape

    for value in (0, -0.0, 0.0, 1, 1.0, True, 2.5, -3.25, 1e7, 1 / 3):
        assert engine_svg.num(value) == f"{value:g}"
    assert engine_svg.num(-0.0) == "-0"
    for text in ("plain", 'a "quoted" <b>&', "x" * 200 + "&<>\"'"):
        assert engine_svg.attr(text) == '"' + escape(text, quote=True) + '"'
        assert engine_svg.esc(text) == escape(text, quote=True)
        assert engine_svg.content(text) == escape(text, quote=False)
    assert engine_svg.attr(12) == '"12"'
    action = {"type": "play", "card": "K01 <&>", "to": [1, 2], "x": None, "y": True, "z": 1.5}
    assert engine_svg.action_payload(action) == json.dumps(action, separators=(",", ":"))
    assert engine_svg.action_attr(action) == engine_svg.attr(engine_svg.action_payload(action))
    element = engine_svg.text_element(1.5, 2, "a<b", 12, font_weight="bold", data_x=[1])
    assert element == (
        '<text x="1.5" y="2" font-size="12" font-weight="bold" data-x="[1]">a&lt;b</text>'
    )
