"""Every terminal screen fits 80 columns (issue 14, item 8): each game's table, its menu (or
Medina's typed-move help) for every seat and the spectator in both languages, through
whole random games; and ``games``, ``rules``, the options and bench tables, where long
option names and values wrap instead of being cut with "…"."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console
from rich.table import Table

import spieltisch
from spieltisch.cli import renderers
from spieltisch.cli.bench import fit_width
from spieltisch.cli.catalog import games_table, markdown_parts, markdown_table, options_table
from spieltisch.engine.registry import games as all_games

WIDTH = 80
# game, players, options: every count, the editions and variants that change the screen
CONFIGS = [
    ("kingdoms-of-crusaders", 2, {}),
    ("kingdoms-of-crusaders", 4, {"claims": "manual"}),
    ("medina", 3, {}),
    ("medina", 4, {"edition": 2, "open_screens": True}),
    ("medina", 2, {"edition": 2}),
    ("tumult-royal", 2, {}),
    ("tumult-royal", 4, {"variant": "zocker"}),
    ("im-zeichen-des-kreuzes", 2, {}),
    ("im-zeichen-des-kreuzes", 5, {}),
]


def _console() -> Console:
    return Console(width=WIDTH, file=io.StringIO(), record=True, highlight=False)


def _printed(*items: Any, soft_wrap: bool = False) -> list[str]:
    """The lines a terminal of 80 columns shows (``soft_wrap``: as the session prints game
    screens, without Rich re-wrapping them, so an overlong line stays overlong)."""
    console = _console()
    for item in items:
        console.print(item, soft_wrap=soft_wrap)
    return console.export_text().splitlines()


def _too_wide(lines: list[str]) -> list[str]:
    return [line for line in lines if len(line.rstrip()) > WIDTH]


def _screens(
    game_id: str, players: int, options: dict[str, Any], seed: int
) -> list[tuple[str, bool]]:
    """Markup of every view, every few moves, with the menu or typed-move help of the
    seat to move, in English and German; each with whether the session prints it as laid
    out (game screens) or lets Rich wrap it (the typed-move help, plain sentences)."""
    game = spieltisch.game(game_id)
    state = game.new_game(players, seed, options)
    rng = random.Random(seed)
    typed = renderers.typed_moves(game_id)
    out: list[tuple[str, bool]] = []
    step = 0
    while True:
        if step % 9 == 0 or state.is_over():
            for seat in [*range(players), None]:
                view = state.view(seat)
                for lang in ("en", "de"):
                    out.append((renderers.render_view(game_id, view, lang), True))
                    if seat is None or state.is_over() or seat not in state.actors():
                        continue
                    legal = state.legal_actions(seat)
                    moves = [a.to_json() for a in legal]
                    labels = [game.action_label(a, view, lang) for a in legal]
                    out.append((renderers.render_actions(game_id, moves, labels, view, lang), True))
                    if typed is not None:
                        out.append((typed.move_help(moves, view, lang).replace("[", "\\["), False))
        if state.is_over() or step > 600:
            return out
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_every_game_screen_fits_80_columns(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    screens = _screens(game_id, players, options, seed=players)
    assert screens
    for markup, laid_out in screens:
        assert not _too_wide(_printed(markup, soft_wrap=laid_out)), markup


def test_games_table_shows_every_option_name_whole() -> None:
    lines = _printed(games_table(all_games()))
    assert not _too_wide(lines)
    text = "\n".join(lines)
    assert "…" not in text
    for game in all_games():
        for option in game.options:
            assert option.name in text, option.name  # one line each: never cut


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_options_and_rules_tables_wrap_instead_of_cutting(game: Any) -> None:
    lines = _printed(options_table(game))
    assert not _too_wide(lines)
    assert "…" not in "\n".join(lines)
    text = "\n".join(lines)
    for option in game.options:
        assert option.name in text, option.name  # whole: the column is as wide as the names
    for kind, part in markdown_parts(game.rules_markdown()):
        if kind == "table":
            table_lines = _printed(markdown_table(part))
            assert not _too_wide(table_lines)
            assert "…" not in "\n".join(table_lines)


def test_markdown_tables_keep_escaped_bars_and_drop_the_rule_line() -> None:
    table = markdown_table("| a | b |\n|---|:-:|\n| `x\\|y` | **z** |")
    assert [str(c.header) for c in table.columns] == ["a", "b"]
    assert [list(c.cells) for c in table.columns] == [["x|y"], ["z"]]


def test_a_wide_bench_table_turns_on_its_side() -> None:
    wide = Table(title="bench", caption="1. a note that is long enough to matter")
    names = ["game", *(f"measure number {i}" for i in range(12))]
    for name in names:
        wide.add_column(name)
    wide.add_row("medina", *(f"{i}.5 [1–2]" for i in range(12)))
    console = _console()
    turned = fit_width(wide, console)
    lines = _printed(turned)
    assert not _too_wide(lines)
    text = "\n".join(lines)
    assert "…" not in text
    for name in names[1:]:
        assert name in text
    assert "a note that is long enough" in text
    narrow = Table()
    narrow.add_column("game")
    assert fit_width(narrow, console) is narrow
