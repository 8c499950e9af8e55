"""``spieltisch screenshots``: the README's pictures, taken in headless Chromium."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from spieltisch.cli.screenshots import PHONE, missing_browser, png_size, scenes

from .conftest import assert_user_error, run


def test_the_command_writes_one_picture_per_game_at_the_asked_size(tmp_path: Path) -> None:
    reason = missing_browser()
    if reason is not None:
        pytest.skip(reason)
    out = tmp_path / "shots"
    # a process of its own: Playwright's sync API refuses to start a second time in a
    # process that already drives a browser (the browser tests' session fixture)
    args = ["screenshots", "--out", str(out), "--width", "800", "--height", "600", "--phone"]
    result = subprocess.run(
        [sys.executable, "-m", "spieltisch.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "8 pictures written" in result.stdout
    games = sorted(scenes())  # the games whose manifest has a scene: the four built-in ones
    assert len(games) == 4
    expected = {f"{g}.png": (800, 600) for g in games}
    expected |= {f"{g}-phone.png": PHONE for g in games}
    assert sorted(p.name for p in out.iterdir()) == sorted(expected)
    for name, size in expected.items():
        assert png_size(out / name) == size, name
        assert (out / name).stat().st_size > 10_000, name  # a picture, not a blank page


def test_without_playwright_it_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)  # import fails
    result = run(["screenshots", "--out", str(tmp_path)])
    assert_user_error(result, "Playwright", "pip install -e '.[test]'")
    assert list(tmp_path.iterdir()) == []


def test_without_chromium_it_says_what_to_install(tmp_path: Path) -> None:
    pytest.importorskip("playwright.sync_api")  # without it, the error names Playwright
    result = run(["screenshots", "--out", str(tmp_path), "--chromium", str(tmp_path / "nope")])
    assert_user_error(result, "Chromium", "apt-get install chromium", "--chromium")


def test_an_unknown_game_is_named(tmp_path: Path) -> None:
    result = run(["screenshots", "--out", str(tmp_path), "--game", "chess"])
    assert_user_error(result, "chess", "medina")


def test_png_size_refuses_what_is_not_a_png(tmp_path: Path) -> None:
    path = tmp_path / "x.png"
    path.write_bytes(b"GIF89a" + bytes(30))
    with pytest.raises(ValueError, match="not a PNG"):
        png_size(path)
