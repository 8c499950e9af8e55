"""The result screen of a finished table (issue 15, item 4): the final standing, the
breakdown (``Game.result_sheet``), the chart of the standing over the game and the game's
length, in every seat's update, worked out once per table and language."""

from __future__ import annotations

import asyncio
import json
import re
import time
import xml.etree.ElementTree as ET
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

from spieltisch.engine.game import Game, State
from spieltisch.engine.picture import MIN_FONT
from spieltisch.server import result
from spieltisch.server.live import LiveTable, TableManager
from spieltisch.server.store import BOT, HUMAN, Store, TableEvent

T = TypeVar("T")
SVG = "{http://www.w3.org/2000/svg}"
GAMES = [
    ("kingdoms-of-crusaders", 2, {}),
    ("medina", 2, {"edition": 2}),
    ("tumult-royal", 2, {}),
    ("im-zeichen-des-kreuzes", 2, {}),
    ("medina", 4, {}),
]
IDS = ["kingdoms-of-crusaders", "medina", "tumult-royal", "im-zeichen-des-kreuzes", "medina-4"]


async def _finished(db: Path, game: str, players: int, options: dict[str, Any]) -> LiveTable:
    """A table of heuristic bots played to its end by the server's own bots."""
    manager = TableManager(Store.open(f"sqlite:///{db}"))
    table = await manager.create(game, players, options, [(BOT, "heuristic")] * players, seed=5)
    await manager.wait_for_bots(table)
    assert table.is_over()
    return table


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own (a browser test's Playwright may be running an
    event loop in this one when the whole suite runs in one session)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def finished(tmp_path: Path, game: str, players: int, options: dict[str, Any]) -> LiveTable:
    return run(_finished(tmp_path / "result.db", game, players, options))


def check_chart(svg: str, players: int, max_width: int) -> ET.Element:
    """The chart parses, is at most ``max_width`` wide, draws one line per seat, has a title
    and an accessible name, and no text under the minimum size."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert float(root.attrib["width"]) <= max_width
    assert root.attrib["viewBox"] == f"0 0 {root.attrib['width']} {root.attrib['height']}"
    assert root.attrib["role"] == "img" and root.attrib["aria-label"]
    assert root.find(SVG + "title") is not None
    lines = [e for e in root.iter(SVG + "polyline") if e.attrib.get("class") == "seat-line"]
    assert sorted(int(e.attrib["data-seat"]) for e in lines) == list(range(players))
    # each line its own dash pattern (colour is never the only carrier)
    assert len({e.attrib.get("stroke-dasharray", "") for e in lines}) == players
    for points in (e.attrib["points"] for e in lines):
        assert 2 <= len(points.split()) <= result.MAX_POINTS
    for text in root.iter(SVG + "text"):
        assert float(text.attrib["font-size"]) >= MIN_FONT, text.text
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(SVG + "text")]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_a_finished_table_shows_its_result(
    tmp_path: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    table = finished(tmp_path, game, players, options)
    state = table.state
    update = table.payload(None, "en")
    res = update["result"]
    json.dumps(res)  # JSON-able as it goes to the page

    # the standing: every seat once, by place; the winners share the first place
    standing = res["standing"]
    assert sorted(r["seat"] for r in standing) == list(range(players))
    assert [r["place"] for r in standing] == sorted(r["place"] for r in standing)
    assert {r["seat"] for r in standing if r["winner"]} == set(state.winners())
    firsts = {r["seat"] for r in standing if r["place"] == 1}
    if state.winners():
        assert firsts == set(state.winners())
    assert [r["score"] for r in sorted(standing, key=lambda r: r["seat"])] == [
        float(s) for s in state.scores()
    ]
    assert all(r["name"] == table.game.seat_name(r["seat"]) for r in standing)
    assert all(r["mark"].startswith("<svg") for r in standing)
    ET.fromstring(standing[0]["mark"])

    # the breakdown: one row per seat, as many cells as columns
    sheet = res["sheet"]
    assert sheet is not None and sheet["columns"]
    assert len(sheet["rows"]) == players
    assert all(len(row) == len(sheet["columns"]) for row in sheet["rows"])
    assert isinstance(sheet["tie_breaks"], str) and isinstance(sheet["notes"], list)

    # the chart, wide and narrow
    chart = res["chart"]
    assert chart["label"] == table.game.progress_label("en")
    wide = check_chart(chart["wide"], players, 700)
    check_chart(chart["narrow"], players, 390)
    assert chart["label"] in texts(wide) and "Move" in texts(wide)
    for seat in range(players):
        assert any(t.startswith(table.game.seat_name(seat) + ":") for t in texts(wide))

    # the length
    length = res["length"]
    assert length["moves"] == table.version == state.move_count
    assert length["seconds"] is not None and length["seconds"] >= 0
    assert length["duration"]
    rounds = table.game.round_of(state)
    assert (length["rounds"] is None) == (rounds is None)

    # the same for every seat and spectator, and worked out once per language
    for seat in range(players):
        assert table.payload(seat, "en")["result"] is res
    assert table.payload(None, "en")["result"] is res


@pytest.mark.parametrize(("game", "players", "options"), GAMES[:4], ids=IDS[:4])
def test_the_result_speaks_german(
    tmp_path: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    table = finished(tmp_path, game, players, options)
    res = table.payload(0, "de")["result"]
    assert [r["name"] for r in res["standing"] if r["seat"] == 0] == ["Spieler 1"]
    words = texts(ET.fromstring(res["chart"]["wide"]))
    assert "Zug" in words and "Move" not in words
    assert any(w.startswith("Spieler 2:") for w in words)
    assert res["chart"]["label"] == table.game.progress_label("de")
    assert res["sheet"] == table.game.result_sheet(table.state, "de").to_json()
    assert res is not table.payload(0, "en")["result"]


def test_the_game_is_replayed_once_per_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = finished(tmp_path, "kingdoms-of-crusaders", 2, {})
    calls: list[int] = []
    replay = result.replay_timeline

    def counted(game: Game, state: State) -> result.Timeline | None:
        calls.append(1)
        return replay(game, state)

    monkeypatch.setattr(result, "replay_timeline", counted)
    for lang in ("en", "de", "en", "de"):
        for seat in (0, 1, None):
            table.payload(seat, lang)
    assert len(calls) == 1


def test_a_running_table_has_no_result(tmp_path: Path) -> None:
    async def running() -> dict[str, Any]:
        manager = TableManager(Store.open(f"sqlite:///{tmp_path / 'r.db'}"))
        table = await manager.create("kingdoms-of-crusaders", 2, {}, [(HUMAN, None)] * 2, seed=1)
        return table.payload(0, "en")

    assert "result" not in run(running())


def test_a_game_ended_by_a_timeout(tmp_path: Path) -> None:
    """The seat out of time is last and marked; every other seat wins and shares the first
    place; an unfinished game has no breakdown and no final scores."""

    async def timed_out() -> LiveTable:
        manager = TableManager(Store.open(f"sqlite:///{tmp_path / 't.db'}"))
        table = await manager.create(
            "medina",
            3,
            {},
            [(HUMAN, None)] * 3,
            seed=2,
            settings={"clock": "minutes", "minutes": 5, "on_timeout": "end"},
        )
        for _ in range(6):  # a few moves, then seat 1 runs out of time
            seat = table.state.actors()[0]
            await manager.act(
                table, seat, table.version, table.state.legal_actions(seat)[0].to_json()
            )
        table.apply_event(TableEvent(table.version, 1, "timeout", time.time()))
        return table

    table = run(timed_out())
    res = table.payload(None, "en")["result"]
    assert res["ended"] == "timeout"
    assert [(r["seat"], r["place"], r["winner"], r["out_of_time"]) for r in res["standing"]] == [
        (0, 1, True, False),
        (2, 1, True, False),
        (1, 3, False, True),
    ]
    assert all(r["score"] is None for r in res["standing"])
    assert res["sheet"] is None
    assert res["length"]["moves"] == 6
    check_chart(res["chart"]["wide"], 3, 700)


def test_rounds_are_marked_on_the_chart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = finished(tmp_path, "kingdoms-of-crusaders", 2, {})
    monkeypatch.setattr(type(table.game), "round_of", lambda self, state: 1 + state.move_count // 5)
    timeline = result.replay_timeline(table.game, table.state)
    assert timeline is not None
    assert timeline.rounds[:3] == [(1, 0), (2, 5), (3, 10)]
    names = [table.game.seat_name(s, "de") for s in range(2)]
    svg = result.chart_svg(timeline, names, result.seat_colours(table.game.id), "Punkte", "de")
    root = check_chart(svg, 2, 700)
    words = texts(root)
    assert "Runde" in words and "1" in words and "2" in words
    dashed = [e for e in root.iter(SVG + "line") if e.attrib.get("stroke-dasharray") == "3 3"]
    assert len(dashed) == len(timeline.rounds)


def test_long_games_are_thinned() -> None:
    values = [[float(i // 3), float(i % 7)] for i in range(5000)]
    keep = result.thin(values, result.MAX_POINTS)
    assert len(keep) <= result.MAX_POINTS and keep[0] == 0 and keep[-1] == 4999
    flat = [[1.0, 2.0]] * 50 + [[3.0, 2.0]] * 50
    assert result.thin(flat, result.MAX_POINTS) == [0, 49, 50, 99]


def test_durations_in_words() -> None:
    assert result.duration(42.4, "en") == "42 s"
    assert result.duration(252, "en") == "4 min 12 s"
    assert result.duration(3723, "de") == "1 Std. 02 Min."
    assert result.duration(2 * 86400 + 3 * 3600, "en") == "2 d 3 h"


def test_light_seat_colours_get_a_dark_edge() -> None:
    colour = result.seat_colours("im-zeichen-des-kreuzes")
    assert colour(2) == "#fafafa"  # the game's white seat, drawn with an edge
    timeline = result.Timeline([0, 5], [[0.0, 0.0, 0.0], [1.0, 2.0, 3.0]], [], 5)
    svg = result.chart_svg(timeline, ["A", "B", "C"], colour, "Score", "en")
    edges = re.findall(r'<polyline points="[^"]*" fill="none" stroke="#222"', svg)
    assert len(edges) == 2  # yellow and white; red is dark enough
