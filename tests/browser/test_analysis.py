""" "Analyse this game" in a real browser (issue 17, item 5): on a finished table's result
screen a click starts the analysis, a progress bar follows it and the chart and the turning
points appear; the replay page shows the same analysis, and a turning point clicked there
shows its move on the board. The server analyses with a tiny budget (3 iterations)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spieltisch.cli import screenshots
from spieltisch.cli.screenshots import DESKTOP, PHONE, create_table

CHART = ".analysis .analysis-chart svg"
SMALLEST_TEXT = (
    "(sel) => Math.min(...[...document.querySelectorAll(sel + ' text')]"
    ".map((t) => t.getBoundingClientRect().height))"
)


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own whose analyses search 3 iterations per seat and position."""
    before = os.environ.get("SPIELTISCH_ANALYSIS_ITERATIONS")
    os.environ["SPIELTISCH_ANALYSIS_ITERATIONS"] = "3"
    try:
        with screenshots.running_server(tmp_path_factory.mktemp("analysis") / "t.db") as url:
            if before is None:  # the server has it; nothing else should
                del os.environ["SPIELTISCH_ANALYSIS_ITERATIONS"]
            else:
                os.environ["SPIELTISCH_ANALYSIS_ITERATIONS"] = before
            yield url
    finally:
        if before is None:
            os.environ.pop("SPIELTISCH_ANALYSIS_ITERATIONS", None)


def _page(browser: Any, size: tuple[int, int], lang: str = "en") -> tuple[Any, Any, list[str]]:
    phone = size == PHONE
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, is_mobile=phone, has_touch=phone
    )
    context.add_init_script(f"localStorage.setItem('spieltisch-lang', {lang!r})")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def test_analyse_this_game_on_the_result_screen_and_the_replay(
    quick_server: str, browser: Any, tmp_path: Path
) -> None:
    made = create_table(
        quick_server, "kingdoms-of-crusaders", 2, seed=5, bots=["heuristic", "heuristic"]
    )
    token = made["spectator_link"].rsplit("/", 1)[1]
    context, page, errors = _page(browser, DESKTOP)
    try:
        page.goto(made["spectator_link"])
        start = page.locator("#result .analysis button.analysis-start")
        start.wait_for(timeout=180_000)  # the bots play the game to its end
        assert "Analyse this game" in start.inner_text()
        start.click()
        page.wait_for_selector(CHART, timeout=240_000)
        chart = page.locator(CHART)
        assert chart.locator("polyline.seat-line").count() == 2
        box = chart.bounding_box()
        assert box is not None and abs(box["width"] - float(chart.get_attribute("width"))) < 1
        assert page.evaluate(SMALLEST_TEXT, ".analysis .analysis-chart svg") >= 12
        seats = page.locator(".analysis section.analysis-seat")
        assert seats.count() == 2
        points = page.locator(".analysis .analysis-points li")
        rings = chart.locator("circle.turning-point")
        assert points.count() == rings.count()
        if points.count():
            assert points.first.inner_text().startswith("Move ")
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth + 1")
        assert not errors, errors
    finally:
        context.close()

    # the replay page shows the kept analysis at once; a turning point shows its move
    context, page, errors = _page(browser, PHONE, "de")
    try:
        page.goto(f"{quick_server}/replay/{token}")
        page.wait_for_selector("#analysis-section .analysis-chart svg", timeout=60_000)
        assert "Analyse" in page.locator("#analysis-section h3").inner_text()
        chart = page.locator("#analysis-section .analysis-chart svg")
        assert float(chart.get_attribute("width")) <= PHONE[0]
        assert page.evaluate(SMALLEST_TEXT, "#analysis-section .analysis-chart svg") >= 12
        moves = page.locator("#analysis-section button.analysis-move")
        if moves.count():
            first = moves.first
            assert first.inner_text().startswith("Zug ")
            move = int(first.locator("xpath=..").get_attribute("data-move"))
            first.click()
            page.wait_for_function(f"() => (window.spieltischReplay.shown || {{}}).step === {move}")
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth + 1")
        assert not errors, errors
    finally:
        context.close()


def test_no_analysis_button_while_the_game_runs(quick_server: str, browser: Any) -> None:
    made = create_table(quick_server, "kingdoms-of-crusaders", 2, seed=6)  # seat 0 human
    context, page, errors = _page(browser, DESKTOP)
    try:
        page.goto(made["seats"][0]["link"])
        page.wait_for_selector("#board svg", timeout=60_000)
        assert page.locator(".analysis").count() == 0
        assert not errors, errors
    finally:
        context.close()
