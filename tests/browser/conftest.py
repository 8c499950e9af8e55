"""Browser tests: a real server process and Debian's Chromium driven by Playwright.

Skipped (with the reason) where Chromium or Playwright is missing; CI installs both. The
server, the browser and the tables come from ``spieltisch.cli.screenshots``, which the
``spieltisch screenshots`` command uses too."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from spieltisch.cli import screenshots


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a ``spieltisch serve`` process on its own database (tutorial bots move
    after a tenth of their usual pause)."""
    os.environ["SPIELTISCH_TUTORIAL_PACE"] = "0.1"
    with screenshots.running_server(tmp_path_factory.mktemp("browser") / "tables.db") as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    reason = screenshots.missing_browser()
    if reason is not None:
        pytest.skip(reason)
    with screenshots.open_browser() as b:
        yield b


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page at 1400×900 in a context of its own; a script error on it fails the test."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors
