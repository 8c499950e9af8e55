"""The terminal's words, colours and names for Medina (``text.py``): the catalog's labels,
the building letters, the owners' roof colours and how seats, owners and cells are named."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine.i18n import lang_of
from ...engine.markup import visible_len, wrap
from .words import catalog, colour_name

WIDTH = 78  # wrap long lists before the 80-column limit of a terminal
CELL = 3  # characters per board cell

# building colour -> (map letter, terminal colour)
LETTERS = {"grey": "g", "black": "k", "purple": "p", "brown": "n", "orange": "o"}
COLOURS = {
    "grey": "#c8c8c8",
    "black": "#8395a7",
    "purple": "#c27ce8",
    "brown": "#c68a3c",
    "orange": "#ff8c1a",
}
# palace owners: seat 0-3 roof colours (dark backgrounds), neutral roofs
OWNER_BG = ("#6b5800", "#7a1f1f", "#1f3a7a", "#1f5f2a")
OWNER_FG = ("#f1c40f", "#e74c3c", "#5dade2", "#2ecc71")
NEUTRAL_BG = "#5a5a5a"
NEUTRAL_FG = "#ecf0f1"
# towers 1-4 and their walls
TOWER_COLOURS = {1: "#48c9b0", 2: "#f06292", 3: "#f4d03f", 4: "#a569bd"}

# the supply table's heads for stables, merchants and walls: the board's letters, in every
# language (like the building letters)
HIDDEN_HEADS = ("s", "m", "W")


@lru_cache(maxsize=8)
def _labels_of(lang: str) -> dict[str, str]:
    _ = catalog(lang)
    return {
        "title": _("Medina"),
        "edition": _("{n}. edition"),
        "players": _("{n} players"),
        "you_are": _("you are [bold]{name}[/bold]"),
        "spectator": _("spectator view"),
        "player": _("Player {n}"),
        "you": _("You"),
        "neutral": _("neutral"),
        "unclaimed": _("unclaimed"),
        "incomplete": _("incomplete"),
        "closed": _("closed"),
        "to_start": _("[bold]{name}[/bold] places the start merchant"),
        "to_start_you": _("[bold]{name}[/bold] place the start merchant"),
        "to_place": _("[bold]{name}[/bold] to place: piece {k} of {q}"),
        "retired": _("retired colours: {names}"),
        "tea_pool": _("tea pool: {n}"),
        "legend": _(
            "g k/p n o = buildings (UPPER CASE = claimed palace, background = owner) · s stable "
            "· m merchant (reversed = line end) · W wall · 1-4 tower · @ well · + bonus cell "
            "(underlined when built on)"
        ),
        "palaces": _("Palaces"),
        "size": _("size {n}"),
        "palace_tiles": _("Palace tiles"),
        "tower_tiles": _("Tower tiles"),
        "tower": _("tower {n}"),
        "merchants_on": _("merchants: {n}"),
        "nobody": _("nobody"),
        "supplies": _("Supplies"),
        "col_player": _("Player"),
        "col_roofs": _("roofs"),
        "col_neutral": _("n.roofs"),
        "col_tea": _("tea"),
        "col_owns": _("owns"),
        "hidden": _("your pieces behind the screen"),
        "scores": _("Scores"),
        "score_legend": _("palace points = pieces + W walls + m merchants + @ well bonus"),
        "tiles_pts": _("palace tiles {p} + tower tiles {t}"),
        "over": _("Game over."),
        "winner": _("Winner: {names}"),
        "winners": _("Winners: {names} (shared win)"),
        "none": _("none"),
        "act_start": _("Place the start merchant on:"),
        "act_build": _("Build {colour}:"),
        "act_roof": _("Put your roof on a palace:"),
        "act_neutral_roof": _("Put a neutral roof on a palace:"),
        "act_stable": _("Place a stable:"),
        "act_merchant": _("Place a merchant:"),
        "act_wall": _("Build a wall:"),
        "act_discard_tea": _("discard a tea tile instead of a second piece"),
    }


def labels(lang: str) -> dict[str, str]:
    """The terminal's words in ``lang``, looked up in the catalog once per language."""
    return _labels_of(lang_of(lang))


def colour_word(colour: str, lang: str) -> str:
    return colour_name(colour, lang)


def seat_label(seat: int, viewer: int | None, lab: dict[str, str]) -> str:
    return lab["you"] if seat == viewer else lab["player"].format(n=seat + 1)


def owner_label(owner: Any, viewer: int | None, lab: dict[str, str]) -> str:
    if owner == "neutral":
        return lab["neutral"]
    if owner is None:
        return lab["unclaimed"]
    return seat_label(int(owner), viewer, lab)


def owner_markup(owner: Any, viewer: int | None, lab: dict[str, str]) -> str:
    """The owner's name in the owner's roof colour."""
    name = owner_label(owner, viewer, lab)
    if owner == "neutral":
        return f"[bold {NEUTRAL_FG} on {NEUTRAL_BG}]{name}[/]"
    if isinstance(owner, int) and 0 <= owner < len(OWNER_FG):
        return f"[bold {OWNER_FG[owner]}]{name}[/]"
    return name


def owner_bg(owner: Any) -> str | None:
    if owner == "neutral":
        return NEUTRAL_BG
    if isinstance(owner, int) and 0 <= owner < len(OWNER_BG):
        return OWNER_BG[owner]
    return None


def wrap_titled(items: Sequence[str], title: str, gap: str) -> list[str]:
    """``wrap_items`` with ``title`` before the first line and the others indented under it."""
    indent = " " * visible_len(title)
    lines = wrap_items(items, indent, gap=gap) or [indent]
    return [title + lines[0][len(indent) :], *lines[1:]]


def cell_text(xy: Sequence[int]) -> str:
    return f"({xy[0]},{xy[1]})"


def building_letter(colour: str, claimed: bool) -> str:
    letter = LETTERS.get(colour, "?")
    return letter.upper() if claimed else letter


def wrap_items(items: Sequence[str], indent: str, width: int = WIDTH, gap: str = "  ") -> list[str]:
    return wrap(items, indent, width, gap)
