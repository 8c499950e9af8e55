"""``spieltisch rulebook``: keep each game's rulebook (the text of every rule id, for the
Rules panel and ``spieltisch rules --rule``) in step with its rules specification.

``extract SPEC GAME`` writes the English rulebook of GAME from the specification SPEC (the
rules file, e.g. ``shared/rules/medina.md``); ``check`` reports rule ids that one language
has and another lacks, and rule ids the game's code cites that no rulebook explains."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer

from ..engine import rulebook as books
from ..engine.i18n import LANGUAGES
from ..engine.registry import games as all_games
from .config import load_game
from .console import fail, out, reports_errors
from .params import GameId

rulebook = typer.Typer(help="Keep the games' rulebooks in step with their specifications.")


def _package_dir(game_id: str) -> Path:
    import importlib

    game = load_game(game_id)
    module = importlib.import_module(game.package)
    assert module.__file__ is not None
    return Path(module.__file__).parent


@rulebook.command()
@reports_errors
def extract(
    spec: Annotated[Path, typer.Argument(help="The game's rules specification (Markdown).")],
    game: GameId,
) -> None:
    """Write the game's English rulebook from its specification."""
    if not spec.is_file():
        fail(f"no file {spec}")
    rules = books.extract(spec.read_text("utf-8"))
    if not rules:
        fail(f"{spec} has no numbered rules")
    target = _package_dir(game) / "rulebook.en.md"
    target.write_text(books.write(rules, f"the rules specification {spec.name}"), "utf-8")
    out().print(f"{len({r for _, r, _ in rules})} rules written to {target}")


def problems(game_id: str) -> list[str]:
    """What is missing: ids one language lacks, ids cited in the code but in no rulebook."""
    game = load_game(game_id)
    package = game.package
    found = {lang: books.rulebook(package, lang) for lang in LANGUAGES}
    english = list(found["en"].rules)
    out_: list[str] = []
    for lang, book in found.items():
        if lang == "en":
            continue
        missing = [r for r in english if r not in book.rules]
        extra = [r for r in book.rules if r not in found["en"].rules]
        if missing:
            out_.append(f"{game_id}: rulebook.{lang}.md lacks {', '.join(missing[:10])}")
        if extra:
            out_.append(f"{game_id}: rulebook.{lang}.md has ids English lacks: {', '.join(extra)}")
        empty = [r for r, rule in book.rules.items() if not rule.text.strip()]
        if empty:
            out_.append(f"{game_id}: rulebook.{lang}.md has no text for {', '.join(empty)}")
    cited: set[str] = set()
    for path in _package_dir(game_id).rglob("*"):
        if path.suffix in (".py", ".po", ".json") or path.name.startswith("rules"):
            cited |= set(books.RULE_ID.findall(path.read_text("utf-8", errors="replace")))
    prefix = english[0].split("-")[0] if english else ""
    unknown = sorted(r for r in cited if r.startswith(prefix) and r not in found["en"].rules)
    if unknown:
        out_.append(f"{game_id}: cited but in no rulebook: {', '.join(unknown)}")
    return out_


@rulebook.command()
@reports_errors
def check() -> None:
    """Report rule ids missing from a language, and ids cited that no rulebook explains."""
    found = [p for g in all_games() for p in problems(g.id)]
    for line in found:
        out().print(re.sub(r"\[", r"\\[", line))
    if found:
        fail(f"{len(found)} rulebook problems")
    out().print("every rulebook is complete")
