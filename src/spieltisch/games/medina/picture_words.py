"""The words of Medina's board picture, from the package's catalogs: status lines, captions of the
supply tray and the moves, and the tips (``data-tip``) of every square and piece.

Only the picture uses these; the terminal has its own (``text.py``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine.i18n import Catalog
from ...engine.picture import lang_of, seat_name
from .words import catalog


@lru_cache(maxsize=8)
def _words_of(lang: str) -> dict[str, str]:
    _ = catalog(lang)
    return {
        **_status_words(_),
        **_tray_words(_),
        **_square_words(_),
        **_tile_words(_),
        **_table_words(_),
        **_legend_words(_),
        **_button_words(_),
    }


def _status_words(_: Catalog) -> dict[str, str]:
    """The words of status lines of the picture."""
    return {
        "title": _("Medina"),
        "edition": _("edition {n}, {p} players"),
        "spectator": _("spectator view"),
        "to_start": _("{name} places the start merchant"),
        "to_place": _("{name} to place: piece {k} of {q}"),
        "over": _("Game over"),
        "winners": _("Game over. Winner: {names}"),
    }


def _tray_words(_: Catalog) -> dict[str, str]:
    """The words of the supply tray and its tips."""
    return {
        "tray": _("Your supply: pick a piece, then a lit square"),
        "tray_wait": _("Your supply ({name} is placing)"),
        "tray_over": _("Your supply (left over)"),
        "item_roof": _.pgettext("tray", "roof"),
        "item_neutral_roof": _.pgettext("tray", "neutral"),
        "item_stable": _.pgettext("tray", "stable"),
        "item_merchant": _.pgettext("tray", "merchant"),
        "item_wall": _.pgettext("tray", "wall"),
        "item_tea": _.pgettext("tray", "tea"),
        "item_start_merchant": _.pgettext("tray", "start"),
        "tip_building_item": _(
            "{colour} buildings: {n} in your supply (palace tile of {colour}: {value}). A "
            "building joins the unfinished {colour} palace, or founds a new one with a free "
            "square all round."
        ),
        "tip_retired_item": _(
            "{colour} has retired: every player owns a palace of it, the remaining {colour} "
            "buildings left the game."
        ),
        "tip_roof_item": _(
            "Roofs: {n} left. A roof claims an unroofed palace of a colour you do not own yet."
        ),
        "tip_neutral_roof_item": _(
            "Neutral roofs: {n} left. A neutral roof closes a palace for nobody."
        ),
        "tip_stable_item": _(
            "Stables: {n} left. A stable goes next to a building and enlarges its palace."
        ),
        "tip_merchant_item": _(
            "Merchants: {n} left. A merchant extends the merchant line at one of its ends."
        ),
        "tip_wall_item": _("Walls: {n} left. A wall grows a tower's chain along the edge."),
        "tip_tea_item": _("Tea tiles: {n}. Discard one instead of your second piece."),
        "tip_start_item": _(
            "The start merchant: place it on an inner square; the merchant line starts there."
        ),
        "playable": _(" Pick it, then click a lit square."),
    }


def _square_words(_: Catalog) -> dict[str, str]:
    """The words of the tips of squares, palaces and pieces."""
    return {
        "square": _("Square ({x},{y})"),
        "ring_square": _("Wall square ({x},{y}), side: {side}"),
        "bonus": _("Bonus square ({x},{y}): a building or stable here scores +{n} for its palace"),
        "zone": _("Square ({x},{y}) by the well: no building or stable here"),
        "well": _(
            "The well ({x},{y}): no building or stable on the 8 squares around it; the marked "
            "bonus squares score +{n}"
        ),
        "palace": _("Palace #{id} ({colour}), size {size}"),
        "owner": _("owned by {name}"),
        "neutral_owner": _("neutral roof (nobody)"),
        "neutral_short": _("neutral roof"),
        "unclaimed": _("no roof yet"),
        "incomplete": _("unfinished: {colour} buildings must join it"),
        "closed": _("closed: it cannot grow"),
        "points": _("{total} ({parts})"),
        "parts_well": _("well +{n}"),
        "holds_palace_tile": _("holds the {colour} palace tile ({n})"),
        "holds_tower_tile": _("holds tower tile {n}"),
        "building": _("Building at ({x},{y})"),
        "stable": _("Stable at ({x},{y})"),
        "merchant": _("Merchant at ({x},{y})"),
        "line_end": _("an end of the merchant line: a new merchant goes next to an end"),
        "wall": _("Wall at ({x},{y}): chain of tower {tower}, side {side}, {n}"),
    }


def _tile_words(_: Catalog) -> dict[str, str]:
    """The words of towers and tiles."""
    return {
        "tower": _("Tower {n}: its tile is worth {pts}"),
        "tower_held": _.pgettext("tower", "held by palace #{id} {owner}"),
        "tower_free": _(
            "not held yet: the first roofed palace touching a wall of its chains takes it"
        ),
        "tower_merchants": _("{n} on its tile for the first holder"),
        "palace_tiles": _("Palace tiles"),
        "tower_tiles": _("Tower tiles"),
        "tile_palace": _(
            "Palace tile {colour}: {n} for the owner of the largest roofed {colour} palace"
        ),
        "tile_holder": _.pgettext("tile", "held by palace #{id} {owner}"),
        "of_seat": _("of {name}"),
        "of_neutral": _("with a neutral roof"),
        "tile_free": _("not held yet"),
        "nobody": _("nobody"),
        "points_short": _("{n} pts"),
        "merchants_short": _("{n} merch."),
        "tower_short": _("Tower {n}"),
    }


def _table_words(_: Catalog) -> dict[str, str]:
    """The words of the players table and the scores."""
    return {
        "standings": _("Players"),
        "col_roofs": _("Roofs"),
        "col_neutral": _("Neutral"),
        "col_stables": _("Stables"),
        "col_merchants": _("Merchants"),
        "col_walls": _("Walls"),
        "col_tea": _("Tea"),
        "col_palaces": _("Palaces"),
        "col_tiles": _("Tiles"),
        "col_score": _("Score"),
        "hidden_note": _("? = behind the player's screen"),
        "scores": _("Scores"),
        "score_line": _("{name}: {parts} = {total}"),
        "score_rule": _(
            "A roofed palace scores its pieces and the walls and merchants touching it{well}; "
            "tiles score their value."
        ),
        "score_rule_well": _(", +4 per bonus square"),
        "score_palace": _("#{id} {colour} {points}"),
        "score_tiles": _("tiles {n}"),
        "no_palace": _("no palace"),
        "tea_pool": _("Tea pool: {n}"),
        "tip_tea_pool": _("Tea pool: {n} tiles. Roofs on purple palaces take tea (3, 2, 1)."),
        "retired": _("Retired colours: {names}"),
    }


def _legend_words(_: Catalog) -> dict[str, str]:
    """The words of the legend."""
    return {
        "legend": _("Legend"),
        "lg_building": _("building (dots = tile value)"),
        "lg_roof": _("roof: owner's mark, palace no."),
        "lg_stable": _("stable"),
        "lg_merchant": _("merchant"),
        "lg_end": _("line end"),
        "lg_wall": _("wall (tower no.)"),
        "lg_tower": _("tower"),
        "lg_well": _("well"),
        "lg_bonus": _("bonus square"),
    }


def _button_words(_: Catalog) -> dict[str, str]:
    """The words of the captions of the moves."""
    return {
        "btn_new": _("{colour}: new palace"),
        "btn_join": _("{colour}: palace #{id}"),
        "btn_roof": _("Roof palace #{id}"),
        "btn_neutral_roof": _("Neutral roof #{id}"),
        "btn_stable": _("Stable for #{id}"),
        "btn_merchant": _("Merchant at ({x},{y})"),
        "btn_wall": _("Wall of tower {tower}"),
        "btn_start": _("Start merchant ({x},{y})"),
        "btn_tea": _("Discard a tea tile"),
        "btn_at": _("at ({x},{y})"),
    }


@lru_cache(maxsize=8)
def _sides_of(lang: str) -> dict[str, str]:
    _ = catalog(lang)
    return {
        "top": _.pgettext("side", "top"),
        "bottom": _.pgettext("side", "bottom"),
        "left": _.pgettext("side", "left"),
        "right": _.pgettext("side", "right"),
    }


def count(n: int, noun: str, lang: str) -> str:
    """``1 point``, ``2 points`` (``1 Punkt``, ``2 Punkte``)."""
    _ = catalog(lang)
    if noun == "point":
        text = _.ngettext("{n} point", "{n} points", n)
    elif noun == "piece":
        text = _.ngettext("{n} piece", "{n} pieces", n)
    elif noun == "wall":
        text = _.ngettext("{n} wall", "{n} walls", n)
    else:
        text = _.ngettext("{n} merchant", "{n} merchants", n)
    return text.format(n=n)


def words(lang: str) -> dict[str, str]:
    """The picture's words in ``lang``, looked up in the catalog once per language."""
    return _words_of(lang_of(lang))


def side_name(side: str, lang: str) -> str:
    return _sides_of(lang_of(lang)).get(side, side)


def owner_name(owner: Any, lang: str, viewer: int | None) -> str:
    """A palace owner as the picture names it: a seat's name, neutral, or nobody."""
    w = words(lang)
    if owner == "neutral":
        return w["neutral_owner"]
    if isinstance(owner, int):
        return seat_name(owner, lang, viewer)
    return w["nobody"]


def holder_text(palace: Any, owner: Any, lang: str, viewer: int | None, key: str) -> str:
    """``held by palace #6 of Player 1 (you)`` (``key`` names the sentence: a tile's or a
    tower's holder)."""
    w = words(lang)
    if isinstance(owner, int):
        whose = w["of_seat"].format(name=seat_name(owner, lang, viewer))
    else:
        whose = w["of_neutral"] if owner == "neutral" else ""
    return w[key].format(id=palace, owner=whose).rstrip()


def points_text(points: dict[str, Any], lang: str) -> str:
    """A palace's points as ``7 points (4 pieces, 2 walls, 1 merchant)`` (MD-R60)."""
    w = words(lang)
    parts = [count(int(points["components"]), "piece", lang)]
    if points.get("walls"):
        parts.append(count(int(points["walls"]), "wall", lang))
    if points.get("merchants"):
        parts.append(count(int(points["merchants"]), "merchant", lang))
    if points.get("well"):
        parts.append(w["parts_well"].format(n=points["well"]))
    return w["points"].format(
        total=count(int(points["total"]), "point", lang), parts=", ".join(parts)
    )
