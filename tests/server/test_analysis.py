""" "Analyse this game" at the web table (issue 17, item 5): the analysis of a finished table
runs in worker processes, reports its progress, answers with an SVG chart and every seat's
turning points in words, is kept in the database, and is refused for a running game."""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import spieltisch
from spieltisch.analysis.tournament import play_bot_game
from spieltisch.engine.picture import MIN_FONT
from spieltisch.engine.record import GameRecord
from spieltisch.server.app import create_app
from spieltisch.server.replay import import_record
from spieltisch.server.store import Store, TableRecord

SVG = "{http://www.w3.org/2000/svg}"
KC = "kingdoms-of-crusaders"


def _record(moves: int | None = None) -> GameRecord:
    record = play_bot_game(spieltisch.game(KC), ["heuristic", "heuristic"], seed=7).record()
    if moves is not None:
        record.moves = record.moves[:moves]
    return record


@pytest.fixture
def budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPIELTISCH_ANALYSIS_ITERATIONS", "3")


@pytest.fixture
def tables(db_url: str, budget: None) -> Iterator[tuple[Store, TableRecord, TableRecord]]:
    """A finished and an unfinished table (records imported as tables with human seats)."""
    store = Store.open(db_url)
    yield store, import_record(store, _record()), import_record(store, _record(6))
    store.engine.dispose()


def _until_done(client: TestClient, token: str, lang: str = "en") -> dict[str, Any]:
    seen: list[int] = []
    end = time.monotonic() + 300
    while time.monotonic() < end:
        answer = client.get(f"/api/analysis/{token}?lang={lang}")
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        seen.append(body["done"])
        if body["status"] != "running":
            assert seen == sorted(seen)  # progress never goes back
            return body
        time.sleep(0.2)
    raise AssertionError("the analysis did not finish")


def _check_svg(svg: str, width: int) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert float(root.get("width", 0)) == width
    assert root.get("role") == "img" and root.get("aria-label")
    for text in root.iter(f"{SVG}text"):
        assert float(text.get("font-size", 0)) >= MIN_FONT, ET.tostring(text)
    assert len(list(root.iter(f"{SVG}polyline"))) >= 2  # a line per seat
    return root


def test_the_analysis_of_a_finished_table(
    tables: tuple[Store, TableRecord, TableRecord],
) -> None:
    store, done, _running = tables
    with TestClient(create_app(store=store)) as client:
        seat = done.seats[1].token
        before = client.get(f"/api/analysis/{seat}").json()
        assert before["status"] == "none" and before["total"] == done.version + 1
        started = client.post(f"/api/analysis/{seat}")
        assert started.status_code == 200, started.text
        assert started.json()["status"] in ("running", "done")
        body = _until_done(client, seat)
        assert body["status"] == "done", body
        assert body["done"] == body["total"] == done.version + 1
        assert body["iterations"] == 3
        chart = body["chart"]
        root = _check_svg(chart["wide"], chart["wide_width"])
        _check_svg(chart["narrow"], chart["narrow_width"])
        rings = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "turning-point"]
        points = [p for s in body["seats"] for p in s["points"]]
        assert len(rings) == len(points)
        assert [s["seat"] for s in body["seats"]] == [0, 1]
        assert [s["you"] for s in body["seats"]] == [False, True]  # the link's seat
        for s in body["seats"]:
            assert len(s["points"]) <= 3
            assert s["points"] or s["none"]
            for p in s["points"]:
                assert p["text"].startswith(f"Move {p['move']}: ")
                assert ("you chose" in p["text"]) == (s["seat"] == 1)
                assert "→" in p["text"]
        assert body["cost"]["searches"] >= 2 * done.version
        # a second request starts nothing new: the same analysis
        again = client.post(f"/api/analysis/{done.spectator_token}").json()
        assert again["status"] == "done"
        assert [s["you"] for s in again["seats"]] == [False, False]  # a spectator
        german = client.get(f"/api/analysis/{seat}?lang=de").json()
        texts = [p["text"] for s in german["seats"] for p in s["points"]]
        assert all(t.startswith("Zug ") for t in texts)
        assert "Gewinnchance" in german["chart"]["wide"]


def test_a_finished_analysis_is_kept_in_the_database(
    tables: tuple[Store, TableRecord, TableRecord],
) -> None:
    store, done, _running = tables
    token = done.spectator_token
    with TestClient(create_app(store=store)) as client:
        client.post(f"/api/analysis/{token}")
        first = _until_done(client, token)
    with TestClient(create_app(store=store)) as client:  # a restarted server
        kept = client.get(f"/api/analysis/{token}").json()
    assert kept["status"] == "done"
    assert kept["seats"] == first["seats"] and kept["chart"] == first["chart"]


def test_a_running_game_has_no_analysis(
    tables: tuple[Store, TableRecord, TableRecord],
) -> None:
    store, _done, running = tables
    with TestClient(create_app(store=store)) as client:
        for method in ("GET", "POST"):
            answer = client.request(method, f"/api/analysis/{running.seats[0].token}")
            assert answer.status_code == 409
            assert "still running" in answer.json()["error"]
        unknown = client.post("/api/analysis/no-such-link")
        assert unknown.status_code == 404


def test_the_page_script_is_served(tables: tuple[Store, TableRecord, TableRecord]) -> None:
    store, _done, _running = tables
    with TestClient(create_app(store=store)) as client:
        script = client.get("/static/analysis.js")
        assert script.status_code == 200
        assert "Analyse this game" in script.text
        assert "text/javascript" in script.headers["content-type"]


def test_no_text_under_twelve_pixels_in_either_chart(tmp_path: Path, budget: None) -> None:
    """Four players (Medina, first edition) make the widest legend."""
    record = play_bot_game(spieltisch.game("medina"), ["heuristic"] * 4, seed=2).record()
    record.moves = record.moves[:12]  # an unfinished game: drawn straight from the analysis
    from spieltisch.analysis.postgame import analyse
    from spieltisch.server.analysis_chart import analysis_svg
    from spieltisch.server.chart import NARROW, WIDE
    from spieltisch.server.result import seat_colours

    analysis = analyse(record, iterations=2)
    names = [f"Player {s + 1}" for s in range(4)]
    for width in (WIDE, NARROW):
        svg = analysis_svg(analysis, names, seat_colours("medina"), "en", width)
        root = _check_svg(svg, width)
        assert len(list(root.iter(f"{SVG}polyline"))) >= 4
