"""The words and marks of Tumult Royal's terminal text (``text.py``): colours and letters
of terrains, goods and seats, the labels in each language, faces and fields as the terminal
writes them, and the terrain grid of a view (shared with the captions and the picture)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine.i18n import Catalog
from .data import Ruleset, ruleset_for
from .names import catalog

WIDTH = 78  # wrap long lists before the 80-column limit of a terminal

# terrain code -> terminal colour (TR-D6)
TERRAIN_COLOURS = {
    "M": "#9be564",  # meadow
    "F": "#2e8b57",  # forest
    "H": "#b0a89a",  # mountain
    "V": "#e0a458",  # village
    "C": "#c27ce8",  # castle
}
# good -> (letter, terminal colour)
GOOD_LETTERS = {"bread": "B", "marble": "M", "tools": "T"}
GOOD_COLOURS = {"bread": "#f0b46c", "marble": "#e8e8f0", "tools": "#6fb7e8"}
# seats 0-3: yellow, red, blue, green (names A-D as in the rules' examples)
SEAT_FG = ("#f1c40f", "#e74c3c", "#5dade2", "#2ecc71")
SEAT_BG = ("#6b5800", "#7a1f1f", "#1f3a7a", "#1f5f2a")
SEAT_LETTERS = "ABCD"
FOG = "[#707070]░░░[/]"


def rules(view: dict[str, Any]) -> Ruleset:
    """The data the game is played with (chronicle numbers, terrain capacities and costs)."""
    return ruleset_for(view.get("ruleset_data", "default"))


@lru_cache(maxsize=8)
def labels(lang: str) -> dict[str, str]:
    """The terminal's words in ``lang`` (the game's catalogs; English for a language without
    one), by key: built once per language, since every seat's screen is drawn after every
    move."""
    _ = catalog(lang)
    return {**_header_words(_), **_board_words(_), **_table_words(_), **_action_words(_)}


def _header_words(_: Catalog) -> dict[str, str]:
    """The header: players, variant, round, phase, whose turn, the demand."""
    return {
        "title": _("Tumult Royal"),
        "players": _("{n} players"),
        "variant_standard": _("standard"),
        "variant_zocker": _("Zocker variant"),
        "you_are": _("you are [bold]{name}[/bold]"),
        "spectator": _("spectator view"),
        "player": _("Player {n}"),
        "you": _("You"),
        "round": _("Round {n}"),
        "phase_setup_start_statues": _("start statues"),
        "phase_grab": _("tax robbery (grab)"),
        "phase_build": _("build"),
        "phase_game_over": _("game over"),
        "to_start": _("start statue on a meadow: [bold]{name}[/bold]"),
        "to_build": _("build turn: [bold]{name}[/bold]"),
        "tick": _("tick {t}/{T}"),
        "choosing": _("still choosing: {names}"),
        "chosen": _("your choice this tick: {a}"),
        "demand": _("Demand"),
        "good_bread": _.pgettext("good", "bread"),
        "good_marble": _.pgettext("good", "marble"),
        "good_tools": _.pgettext("good", "tools"),
        "unknown": "?",
    }


def _board_words(_: Catalog) -> dict[str, str]:
    """The landscape, the grab's pool and slots, the viewer's tiles."""
    return {
        "landscape": _("Landscape"),
        "legend": _(
            "M meadow · F forest · H mountain · V village · C castle · ░ fog · statues: "
            "terrain, count, owner A-D (= Player 1-4)"
        ),
        "grab_pool": _("Grab pool"),
        "slots": _("{n} slots, {k} tiles set aside"),
        "pool_legend": _(
            "▒ face down · h held by · k kept by · (B2) a face you remember · B bread, M "
            "marble, T tools"
        ),
        "pool_legend_open": _("▒ face down · h held by · k kept by · B bread, M marble, T tools"),
        "hand": _("Your hand"),
        "empty": _("empty"),
        "slot": _("slot {s}"),
        "your_tiles": _("Your tiles"),
        "memory": _("You remember"),
        "none": _("none"),
    }


def _table_words(_: Catalog) -> dict[str, str]:
    """The chronicle, the players' table, the last tick and the end."""
    return {
        "chronicle": _("Chronicle"),
        "chronicle_legend": _("round: statues of the King (owner) · θ end-check threshold"),
        "players_h": _("Players"),
        "col_player": _("Player"),
        "col_rank": _("rank"),
        "col_followers": _("followers"),
        "col_statues": _("reserve/placed"),
        "col_grace": _("grace"),
        "col_tiles": _("tiles"),
        "col_grab": _("grab"),
        "col_public": _("public tiles"),
        "king": _("King"),
        "grace_yes": _("grace"),
        "grace_no": "–",
        "done": _("done"),
        "holds": _("holds {s}"),
        "kept": _("kept {s}"),
        "last_tick": _("Last tick"),
        "peeked": _("{name}: peek slot {s}"),
        "missed": _("{name}: peek slot {s} (lost the conflict)"),
        "kept_slot": _("{name}: keep slot {s}"),
        "put_back_slot": _("{name}: put back slot {s}"),
        "done_slot": _("{name}: done (slot {s} put back)"),
        "is_done": _("{name}: done"),
        "waited": _("{name}: wait"),
        "pool": _("Pool (face up)"),
        "over": _("Game over ({reason})."),
        "reason_25th statue": _("25th statue placed"),
        "reason_threshold": _("end check"),
        "reason_round limit": _("round limit"),
        "winner": _("Winner: {names}"),
        "winners": _("Winners: {names} (shared win)"),
    }


def _action_words(_: Catalog) -> dict[str, str]:
    """The moves of the menu and the terrains of builds."""
    return {
        "act_start": _("Place your start statue on a meadow:"),
        "act_peek": _("Peek at a face-down slot (s = slot):"),
        "slot_short": _.pgettext("slot, one letter", "s"),
        "act_keep": _("keep the tile in your hand"),
        "act_put_back": _("put the tile back"),
        "act_done": _("done: stop grabbing this round"),
        "act_wait": _("wait"),
        "act_end_turn": _("end your build turn"),
        "act_build": _("Build {terrain} on {field} ({statues}, cost {cost}), paying:"),
        "nothing": _("nothing"),
        "t_M": _.pgettext("terrain, build menu", "a meadow"),
        "t_F": _.pgettext("terrain, build menu", "a forest"),
        "t_H": _.pgettext("terrain, build menu", "a mountain"),
        "t_V": _.pgettext("terrain, build menu", "a village"),
        "t_C": _.pgettext("terrain, build menu", "a castle"),
    }


def seat_name(seat: int, viewer: int | None, lab: dict[str, str]) -> str:
    return lab["you"] if seat == viewer else lab["player"].format(n=seat + 1)


def seat_markup(seat: int, viewer: int | None, lab: dict[str, str]) -> str:
    style = SEAT_FG[seat % len(SEAT_FG)]
    return f"[bold {style}]{seat_name(seat, viewer, lab)}[/]"


def face_text(face: Sequence[Any]) -> str:
    """``B2`` for a bread tile of value 2."""
    good = str(face[0])
    return f"{GOOD_LETTERS.get(good, good[:1].upper())}{face[1]}"


def face_markup(face: Sequence[Any]) -> str:
    return f"[bold {GOOD_COLOURS.get(str(face[0]), 'white')}]{face_text(face)}[/]"


def faces_markup(faces: Sequence[Sequence[Any]]) -> str:
    """Faces grouped: ``B1×2 M3``."""
    return " ".join(face_items(faces))


def face_items(faces: Sequence[Sequence[Any]]) -> list[str]:
    """Faces grouped, one markup item per face: ``B1×2``, ``M3``."""
    counts = Counter(face_text(f) for f in faces)
    good_of = {face_text(f): str(f[0]) for f in faces}
    items = []
    for key in sorted(counts, key=lambda k: ("BMT".find(k[0]), k)):
        colour = GOOD_COLOURS.get(good_of[key], "white")
        n = counts[key]
        items.append(f"[bold {colour}]{key}[/]" + (f"×{n}" if n > 1 else ""))
    return items


def field_text(field: Sequence[int]) -> str:
    return f"({field[0]},{field[1]})"


def terrain_grid(view: dict[str, Any]) -> list[list[str | None]]:
    """The terrain code of every field, ``None`` under fog: 6 rows × 3N columns."""
    land = view["landscape"]
    columns = land["columns"]
    grid: list[list[str | None]] = [[None] * (3 * columns) for _ in range(6)]
    for pos in land["positions"]:
        rows = pos.get("rows")
        if rows is None:
            continue
        for lr in range(3):
            for lc in range(3):
                grid[3 * pos["row"] + lr][3 * pos["col"] + lc] = rows[lr][lc]
    return grid
