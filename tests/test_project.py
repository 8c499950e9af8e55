"""Project-level checks: lint, types, docs in sync with the code, the README quick start."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import spieltisch
from tests.shipped import shipped_games

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail(f"{name} is not installed next to {sys.executable}; install '.[test]'")
    return found


def test_ruff_lint_and_format() -> None:
    ruff = _tool("ruff")
    folders = ["src", "tests", "examples"]
    lint = subprocess.run([ruff, "check", *folders], cwd=ROOT, capture_output=True, text=True)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    fmt = subprocess.run(
        [ruff, "format", "--check", *folders], cwd=ROOT, capture_output=True, text=True
    )
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr


def test_mypy_strict_on_engine_and_games() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_and_games_use_the_standard_library_only() -> None:
    # Parsed, not matched line by line: a docstring line that begins with "from" is no import.
    allowed_roots = set(sys.stdlib_module_names) | {"spieltisch"}
    offenders = []
    for folder in ("engine", "games"):
        for path in (ROOT / "src" / "spieltisch" / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    roots = [alias.name.split(".")[0] for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    roots = [node.module.split(".")[0]]
                else:
                    continue
                offenders += [
                    f"{path.relative_to(ROOT)}:{node.lineno}: {root}"
                    for root in roots
                    if root not in allowed_roots
                ]
    assert not offenders, offenders


def test_a_game_never_imports_another_game() -> None:
    games = ROOT / "src" / "spieltisch" / "games"
    packages = [p.name for p in games.iterdir() if (p / "__init__.py").exists()]
    for package in packages:
        for path in (games / package).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for other in packages:
                if other != package:
                    assert f"games.{other}" not in text and f"from ..{other}" not in text, path


@pytest.mark.parametrize("game", shipped_games(), ids=lambda g: g.id)  # docs/games: its own
def test_game_docs_contain_the_current_rules_text(game: spieltisch.Game) -> None:
    page = ROOT / "docs" / "games" / f"{game.id}.md"
    assert page.exists(), f"missing {page}"
    assert game.rules_markdown() in page.read_text(encoding="utf-8"), (
        f"{page} is out of date: paste the output of "
        f"`spieltisch rules {game.id} --markdown` at its top"
    )


def test_readme_quick_start_has_exactly_two_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = re.search(r"## Quick start\n(.*?)\n## ", text, re.S)
    assert section, "README.md needs a '## Quick start' section"
    blocks = re.findall(r"```(?:sh|bash|console)?\n(.*?)```", section.group(1), re.S)
    commands = [line for block in blocks for line in block.splitlines() if line.strip()]
    assert len(commands) == 2, commands
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1].strip() in ci, ".ci/run must run the README's test command"
