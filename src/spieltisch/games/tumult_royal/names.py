"""Where Tumult Royal gets its words, and the names players use for seats, goods, terrains,
payments and landscape tiles.

The words come from the game's message catalogs ``locale/en.po`` and ``locale/de.po``
(``engine.i18n``; ``spieltisch translations update`` extracts the marked messages). The
English text is the message id, so the code reads in English. The names the rules code
passes as data (a good ``bread``, a terrain ``village``) are written out below as marked
literals, since Babel finds only literal strings in calls, and looked up by the English name;
a name a user's ruleset invents stays as it is. Shared by the log (``describe``), the button
captions (``labels``), the terminal (``text``) and the picture."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine.i18n import Catalog, translator

PACKAGE = __package__ or "spieltisch.games.tumult_royal"


def catalog(lang: str | None) -> Catalog:
    """The game's messages in ``lang`` (English for a language without a catalog); cached by
    ``translator``, so every renderer may ask once per call."""
    return translator(PACKAGE, lang)


@lru_cache(maxsize=8)
def good_names(lang: str) -> dict[str, str]:
    """The goods of the default data by their English names."""
    _ = catalog(lang)
    return {
        "bread": _.pgettext("good", "bread"),
        "marble": _.pgettext("good", "marble"),
        "tools": _.pgettext("good", "tools"),
    }


@lru_cache(maxsize=8)
def terrain_names(lang: str) -> dict[str, str]:
    """The terrains of the default data by their English names (a caption's ``meadow``)."""
    _ = catalog(lang)
    return {
        "meadow": _.pgettext("terrain", "meadow"),
        "forest": _.pgettext("terrain", "forest"),
        "mountain": _.pgettext("terrain", "mountain"),
        "village": _.pgettext("terrain", "village"),
        "castle": _.pgettext("terrain", "castle"),
    }


@lru_cache(maxsize=8)
def terrains_built(lang: str) -> dict[str, str]:
    """A terrain as the object of a build in the log, with its article: ``a village``,
    German in the accusative (``ein Dorf``, ``einen Wald``)."""
    _ = catalog(lang)
    return {
        "meadow": _.pgettext("terrain built", "a meadow"),
        "forest": _.pgettext("terrain built", "a forest"),
        "mountain": _.pgettext("terrain built", "a mountain"),
        "village": _.pgettext("terrain built", "a village"),
        "castle": _.pgettext("terrain built", "a castle"),
    }


def good_name(good: Any, lang: str) -> str:
    return good_names(lang).get(str(good), str(good))


def terrain_name(terrain: Any, lang: str) -> str:
    return terrain_names(lang).get(str(terrain), str(terrain))


def seat_name(seat: Any, viewer: int | None, lang: str, case: str = "nom") -> str:
    """``Player 2`` / ``Spieler 2`` (seat 1); the reader is ``you`` / ``du``, as an object
    (``case="acc"``) ``dich``; no seat is ``nobody``."""
    _ = catalog(lang)
    if seat is None:
        return _("nobody")
    if seat == viewer and viewer is not None:
        return _.pgettext("the reader, object", "you") if case == "acc" else _("you")
    return _("Player {n}").format(n=seat + 1)


def seat_list(seats: Sequence[Any], viewer: int | None, lang: str, case: str = "nom") -> str:
    """Seats joined as the log lists players: ``you, Player 2, Player 3`` (German ``du,
    Spieler 2 und Spieler 3``)."""
    names = [seat_name(s, viewer, lang, case) for s in seats]
    if not names:
        return seat_name(None, viewer, lang)
    if len(names) == 1:
        return names[0]
    _ = catalog(lang)
    last = _.pgettext("a list of players", "{rest}, {last}")
    return last.format(rest=", ".join(names[:-1]), last=names[-1])


def payment_text(payment: Sequence[Sequence[Any]], goods: Sequence[str], lang: str) -> str:
    """Paid tiles grouped by good in the ruleset's order, each tile's value shown so that
    two payments of the same units differ: ``bread 1+1, tools 2``."""
    parts = []
    for good in goods:
        values = sorted(int(v) for g, v in payment if g == good)
        if values:
            parts.append(f"{good_name(good, lang)} {'+'.join(map(str, values))}")
    others = sorted(f"{g} {v}" for g, v in payment if g not in goods)
    if parts or others:
        return ", ".join(parts + others)
    _ = catalog(lang)
    return _("nothing")


@lru_cache(maxsize=8)
def _places(lang: str) -> tuple[dict[int, tuple[str, ...]], tuple[str, str]]:
    """Tile columns by their place in a row of 2, 3 or 4 (TR-D8), as a player points at
    them, and the two rows."""
    _ = catalog(lang)
    left = _.pgettext("tile column", "left")
    right = _.pgettext("tile column", "right")
    columns = {
        2: (left, right),
        3: (left, _.pgettext("tile column", "middle"), right),
        4: (
            _.pgettext("tile column", "outer left"),
            _.pgettext("tile column", "inner left"),
            _.pgettext("tile column", "inner right"),
            _.pgettext("tile column", "outer right"),
        ),
    }
    return columns, (_.pgettext("tile row", "top"), _.pgettext("tile row", "bottom"))


def _tile_part(row: int | None, col: int, columns: int, lang: str) -> str:
    """One column (``row`` None) or one tile, as players point at it."""
    _ = catalog(lang)
    names, rows = _places(lang)
    found = names.get(columns)
    where = found[col] if found is not None and 0 <= col < len(found) else None
    if row is None:
        if where is None:  # the number of columns is not known: count from the left
            return _("column {n}").format(n=col + 1)
        return _("the {where} column").format(where=where)
    if where is None:
        return _("the {side} tile of column {n}").format(side=rows[row], n=col + 1)
    return _("the {side} {where} tile").format(side=rows[row], where=where)


def tiles_text(tiles: Sequence[Sequence[int]], columns: int, lang: str) -> tuple[str, bool]:
    """Landscape tiles named as players point at them: a whole column as ``the left
    column`` / ``die Spalte links``, a single tile as ``the top right tile`` / ``das
    Plättchen oben rechts``; and whether that names more than one thing (for the verb)."""
    cells = {(int(r), int(c)) for r, c in tiles}
    parts = []
    for col in sorted({c for _, c in cells}):
        if (0, col) in cells and (1, col) in cells:
            parts.append(_tile_part(None, col, columns, lang))
        else:
            parts.append(_tile_part(0 if (0, col) in cells else 1, col, columns, lang))
    if len(parts) < 2:
        return "".join(parts), False
    _ = catalog(lang)
    joined = _.pgettext("a list of tiles", "{rest} and {last}")
    return joined.format(rest=", ".join(parts[:-1]), last=parts[-1]), True


def fog_tiles(event: dict[str, Any]) -> tuple[list[list[int]], int]:
    """The tiles a ``fog`` event turns face up and the number of tile columns; events of
    rules version 1 named whole columns (``columns``) only."""
    if "tiles" in event:
        return [list(t) for t in event["tiles"]], int(event.get("tile_columns", 0))
    cols = [int(c) for c in event.get("columns", [])]
    return [[r, c] for c in cols for r in (0, 1)], 0
