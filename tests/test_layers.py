"""The layers import in one direction only (DESIGN.md §1), read from the source with ``ast``:

* ``engine`` imports no other layer of spieltisch;
* a game (``games/<g>``, and the example game's package) imports only the engine and
  itself, never another game;
* ``bots``, ``research`` and ``analysis`` import neither ``cli`` nor ``server``; ``server``
  does not import ``cli``;
* no module outside ``games/<g>`` imports ``spieltisch.games.<g>``: games are found through
  their manifests (the entry points of ``pyproject.toml``), never by their module names.

Every import counts, also one inside a function or under ``TYPE_CHECKING``. A failure names
the file, the line and the import."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PACKAGE = SRC / "spieltisch"
EXAMPLES = ROOT / "examples"

# layer -> the layers it must not import
FORBIDDEN = {
    "bots": ("cli", "server", "research", "analysis", "table"),
    "research": ("cli", "server"),
    "analysis": ("cli", "server"),
    "server": ("cli",),
}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, root: Path) -> Iterator[tuple[int, str]]:
    """``(line, absolute module)`` of every import in the file; ``from X import y`` also
    yields ``X.y`` (``y`` may be a module)."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            yield node.lineno, target
            for alias in node.names:
                yield node.lineno, f"{target}.{alias.name}"


def layer_of(module: str) -> list[str]:
    """``spieltisch.games.medina.state`` -> ``["games", "medina"]``; ``[]`` for others."""
    parts = module.split(".")
    return parts[1:3] if parts[0] == "spieltisch" else []


def problems() -> list[str]:
    found: list[str] = []
    games = PACKAGE / "games"
    game_dirs = sorted(p.name for p in games.iterdir() if (p / "__init__.py").exists())
    for path in sorted(PACKAGE.rglob("*.py")):
        me = layer_of(module_name(path, SRC)) or ["spieltisch"]  # the package's own facade
        where = path.relative_to(ROOT)
        for line, target in imports(path, SRC):
            them = layer_of(target)
            if not them:
                continue
            said = f"{where}:{line} imports {target}"
            if me[0] == "engine" and them[0] != "engine":
                found.append(f"{said}: the engine imports no other layer")
            elif me[0] == "games" and len(me) > 1:
                if them[0] != "engine" and them[:2] != me[:2]:
                    found.append(f"{said}: a game imports only the engine and itself")
            elif them[0] in FORBIDDEN.get(me[0], ()):
                found.append(f"{said}: {me[0]} does not import {them[0]}")
            if them[0] == "games" and len(them) > 1 and them[1] in game_dirs and me[:2] != them[:2]:
                found.append(f"{said}: games are found through their manifests (the registry)")
    for path in sorted(EXAMPLES.glob("*/src/*/**/*.py")):
        root = next(p for p in path.parents if p.name == "src")
        own = module_name(path, root).split(".")[0]
        for line, target in imports(path, root):
            top = target.split(".")[0]
            if top == "spieltisch" and layer_of(target)[:1] not in ([], ["engine"]):
                found.append(
                    f"{path.relative_to(ROOT)}:{line} imports {target}: a game imports only "
                    f"spieltisch.engine and itself"
                )
            elif top.startswith("spieltisch_") and top != own:
                found.append(f"{path.relative_to(ROOT)}:{line} imports {target}: another game")
    return found


def test_imports_follow_the_layers() -> None:
    found: list[str] = []
    for problem in problems():  # one line per import statement and reason
        where, _, rest = problem.partition(" imports ")
        if not any(f.startswith(where + " ") and f.endswith(rest.split(": ")[-1]) for f in found):
            found.append(problem)
    assert not found, "imports against the layers:\n" + "\n".join(found)


def test_the_check_names_the_file_and_the_import(tmp_path: Path) -> None:
    """The check itself: relative imports resolve, and a bad one is reported by file."""
    pkg = tmp_path / "spieltisch" / "games" / "medina"
    pkg.mkdir(parents=True)
    path = pkg / "state.py"
    path.write_text("from ...cli import main\nfrom . import board\nimport spieltisch.server\n")
    found = list(imports(path, tmp_path))
    assert (1, "spieltisch.cli.main") in found and (2, "spieltisch.games.medina.board") in found
    assert (3, "spieltisch.server") in found
    assert layer_of("spieltisch.games.medina.board") == ["games", "medina"]
