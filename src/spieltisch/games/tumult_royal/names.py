"""The names players use for seats, goods, terrains and payments, in English and German.

Shared by the German log sentences (``describe_de``) and the button captions (``labels``).
German words are the seed's (Brot, Marmor, Werkzeug, Gefolgsleute, Königs-Chronik) and the
terminal's (``text.LABELS["de"]``); a name a user's ruleset invents stays as it is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

GOODS_DE = {"bread": "Brot", "marble": "Marmor", "tools": "Werkzeug"}
# terrain name -> German with the indefinite article, as an object ("baut ein Dorf")
TERRAINS_DE_ACC = {
    "meadow": "eine Wiese",
    "forest": "einen Wald",
    "mountain": "einen Berg",
    "village": "ein Dorf",
    "castle": "eine Burg",
}
PLAYER = {"en": "Player {n}", "de": "Spieler {n}"}
YOU = {"en": {"nom": "you", "acc": "you"}, "de": {"nom": "du", "acc": "dich"}}


def lang_of(lang: str) -> str:
    """``de`` or ``en`` (any other language reads English)."""
    return "de" if lang == "de" else "en"


def good_name(good: Any, lang: str) -> str:
    return GOODS_DE.get(str(good), str(good)) if lang_of(lang) == "de" else str(good)


def seat_name(seat: Any, viewer: int | None, lang: str, case: str = "nom") -> str:
    """``Player 2`` / ``Spieler 2`` (seat 1); the reader is ``you`` / ``du``, ``dich``."""
    lang = lang_of(lang)
    if seat is None:
        return "niemand" if lang == "de" else "nobody"
    if seat == viewer and viewer is not None:
        return YOU[lang][case]
    return PLAYER[lang].format(n=seat + 1)


def seat_list(seats: Sequence[Any], viewer: int | None, lang: str, case: str = "nom") -> str:
    """Seats joined as a sentence would: ``du, Spieler 2 und Spieler 3``."""
    names = [seat_name(s, viewer, lang, case) for s in seats]
    if not names:
        return seat_name(None, viewer, lang)
    if len(names) == 1:
        return names[0]
    last = " und " if lang_of(lang) == "de" else " and "
    return ", ".join(names[:-1]) + last + names[-1]


def payment_text(payment: Sequence[Sequence[Any]], goods: Sequence[str], lang: str) -> str:
    """Paid tiles grouped by good in the ruleset's order, each tile's value shown so that
    two payments of the same units differ: ``bread 1+1, tools 2``."""
    parts = []
    for good in goods:
        values = sorted(int(v) for g, v in payment if g == good)
        if values:
            parts.append(f"{good_name(good, lang)} {'+'.join(map(str, values))}")
    others = sorted(f"{g} {v}" for g, v in payment if g not in goods)
    return ", ".join(parts + others) or ("nichts" if lang_of(lang) == "de" else "nothing")


# tile columns by their place in a row of 2, 3 or 4 (TR-D8), as a player points at them
_COLUMNS = {
    "en": {
        2: ("left", "right"),
        3: ("left", "middle", "right"),
        4: ("outer left", "inner left", "inner right", "outer right"),
    },
    "de": {
        2: ("links", "rechts"),
        3: ("links", "Mitte", "rechts"),
        4: ("außen links", "innen links", "innen rechts", "außen rechts"),
    },
}
_ROWS = {"en": ("top", "bottom"), "de": ("oben", "unten")}


def _column(col: int, columns: int, lang: str) -> str | None:
    names = _COLUMNS[lang].get(columns)
    return names[col] if names is not None and 0 <= col < len(names) else None


def _tile_part(row: int | None, col: int, columns: int, lang: str) -> str:
    """One column (``row`` None) or one tile, as players point at it."""
    where = _column(col, columns, lang)
    de = lang == "de"
    if row is None:
        if where is None:  # the number of columns is not known: count from the left
            return f"Spalte {col + 1}" if de else f"column {col + 1}"
        return f"die Spalte {where}" if de else f"the {where} column"
    side = _ROWS[lang][row]
    if where is None:
        return (
            f"das Plättchen {side} in Spalte {col + 1}"
            if de
            else f"the {side} tile of column {col + 1}"
        )
    return f"das Plättchen {side} {where}" if de else f"the {side} {where} tile"


def tiles_text(tiles: Sequence[Sequence[int]], columns: int, lang: str) -> tuple[str, bool]:
    """Landscape tiles named as players point at them: a whole column as ``the left
    column`` / ``die Spalte links``, a single tile as ``the top right tile`` / ``das
    Plättchen oben rechts``; and whether that names more than one thing (for the verb)."""
    lang = lang_of(lang)
    cells = {(int(r), int(c)) for r, c in tiles}
    parts = []
    for col in sorted({c for _, c in cells}):
        if (0, col) in cells and (1, col) in cells:
            parts.append(_tile_part(None, col, columns, lang))
        else:
            parts.append(_tile_part(0 if (0, col) in cells else 1, col, columns, lang))
    if len(parts) < 2:
        return "".join(parts), False
    last = " und " if lang == "de" else " and "
    return ", ".join(parts[:-1]) + last + parts[-1], True


def fog_tiles(event: dict[str, Any]) -> tuple[list[list[int]], int]:
    """The tiles a ``fog`` event turns face up and the number of tile columns; events of
    rules version 1 named whole columns (``columns``) only."""
    if "tiles" in event:
        return [list(t) for t in event["tiles"]], int(event.get("tile_columns", 0))
    cols = [int(c) for c in event.get("columns", [])]
    return [[r, c] for c in cols for r in (0, 1)], 0
