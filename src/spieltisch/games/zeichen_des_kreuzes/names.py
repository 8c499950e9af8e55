"""The names players use for cards, places, units and seats, in the reader's language.

Shared by the log sentences (``describe``), the button captions (``labels``), the terminal
text and the picture. Every name comes from static component data (the edition being
shown) or from a JSON event or view, never from a state. Names that are data (cities, neutral
units, events) are looked up in the catalog by their English name; a name the catalog does
not know (a user's edition may name places we do not know) is shown as the edition has it.
The German event names are the rules file's (section 6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.i18n import Catalog
from ...engine.i18n import lang_of as catalog_lang
from .board import TERRAIN_NAMES
from .catalog import catalog, pgettext
from .components import EVENT_NAMES, MOVEMENT
from .edition import shown_components
from .shown import card_of

# the city names of the default map (data/map.txt), so the catalogs hold each
CITIES = (
    pgettext("city", "London"),
    pgettext("city", "Rouen"),
    pgettext("city", "Paris"),
    pgettext("city", "Cologne"),
    pgettext("city", "Toulouse"),
    pgettext("city", "Genoa"),
    pgettext("city", "Venice"),
    pgettext("city", "Rome"),
    pgettext("city", "Bari"),
    pgettext("city", "Thessaloniki"),
    pgettext("city", "Constantinople"),
    pgettext("city", "Nicosia"),
    pgettext("city", "Candia"),
    pgettext("city", "Seville"),
    pgettext("city", "Cordoba"),
    pgettext("city", "Tunis"),
    pgettext("city", "Tripoli"),
    pgettext("city", "Alexandria"),
    pgettext("city", "Cairo"),
    pgettext("city", "Nicaea"),
    pgettext("city", "Iconium"),
    pgettext("city", "Antioch"),
    pgettext("city", "Aleppo"),
    pgettext("city", "Damascus"),
    pgettext("city", "Tyre"),
    pgettext("city", "Jerusalem"),
)
# the neutral units of the default edition by English name: the form with its article
# (German: feminine and neuter articles read the same as subject and object, so one form
# serves every sentence)
UNITS = {
    pgettext("unit", "Western fleet (Zirid corsairs)"): pgettext(
        "unit with article", "the Western fleet (Zirid corsairs)"
    ),
    pgettext("unit", "Eastern fleet (Fatimid fleet)"): pgettext(
        "unit with article", "the Eastern fleet (Fatimid fleet)"
    ),
    pgettext("unit", "Iberian army (Almoravids)"): pgettext(
        "unit with article", "the Iberian army (Almoravids)"
    ),
    pgettext("unit", "Anatolian army (Seljuks)"): pgettext(
        "unit with article", "the Anatolian army (Seljuks)"
    ),
}
# what a card does, in the players' words (rules ZK-R14, ZK-R16 and section 6)
EVENT_EFFECTS = {
    "plague": pgettext("effect", "on draw: the drawer loses up to 2 troops to the supply"),
    "storm_at_sea": pgettext(
        "effect", "on draw: every pawn at sea loses up to 2 troops to the supply"
    ),
    "saracen_reinforcement": pgettext("effect", "on draw: Jerusalem's garrison +2"),
    "papal_blessing": pgettext("effect", "on draw: every player's motivation +1"),
    "forced_march": pgettext(
        "effect", "on land: step to an adjacent land cell, then maybe a second"
    ),
    "mercenaries": pgettext("effect", "pay 1 treasure: up to 2 troops from supply to army"),
    "relic": pgettext("effect", "on a city: motivation +2"),
    "tribute": pgettext("effect", "with a green tile: treasure +2"),
    "truce": pgettext("effect", "cancel your fight against a fleet or Muslim army"),
    "tower_shaking": pgettext("effect", "empty the tower without a purple marker"),
    "genoese_ships": pgettext(
        "effect", "at or by the sea: step to an adjacent sea cell, then maybe a second"
    ),
    "ambush": pgettext("effect", "a player on land (not Jerusalem) must fight an ambush"),
    "holy_lance": pgettext("effect", "+1 in your current fight"),
    "crusade_sermon": pgettext(
        "effect", "on an unplundered red city or Candia: up to 3 troops to the army"
    ),
}


def lang_of(lang: str) -> str:
    """``de`` or ``en`` (any other language reads English)."""
    return catalog_lang(lang)


def event_name(event: Any, lang: str) -> str:
    _ = catalog(lang)
    name = EVENT_NAMES.get(str(event))
    return _("an event") if name is None else _.pgettext("event", name)


def _terrains(_: Catalog) -> tuple[str, str, str, str]:
    """The terrains a movement card names, by its terrain index."""
    return (
        _.pgettext("card", "Sea"),
        _.pgettext("card", "Plain"),
        _.pgettext("card", "Mountain"),
        _.pgettext("card", "Joker"),
    )


def _symbol(symbol: str, _: Catalog) -> str:
    """The card symbols of the seed: "ein Schiffs- oder Heeressymbol"."""
    if symbol == "army":
        return _.pgettext("card symbol", "army")
    if symbol == "ship":
        return _.pgettext("card symbol", "ship")
    return symbol


def card_name(code: Any, lang: str) -> str:
    """A card as players call it: ``Plain + army`` / ``Ebene + Heer``, or the event's
    title; ``?`` for an unknown code."""
    card = card_of(code)
    if card is None:
        return "?"
    if card.kind != MOVEMENT:
        return event_name(card.event, lang)
    _ = catalog(lang)
    terrain = _terrains(_)[card.terrain]
    if not card.symbol:
        return terrain
    return _("{terrain} + {symbol}").format(terrain=terrain, symbol=_symbol(card.symbol, _))


def card_text(code: Any, lang: str) -> str:
    """The name and the code that tells equal cards apart: ``Plain + army (ZK002)``."""
    return f"{card_name(code, lang)} ({code})"


def city_name(name: str, lang: str) -> str:
    return catalog(lang).pgettext("city", name)


def city_at(xy: Sequence[int]) -> str | None:
    """The (data) name of the city on cell ``xy``, ``None`` off the cities."""
    board = shown_components().board
    if len(xy) != 2 or not board.on_board(xy[0], xy[1]):
        return None
    index = board.city_at.get(board.cell(xy[0], xy[1]))
    return None if index is None else board.cities[index].name


def place(xy: Any, lang: str) -> str:
    """A cell as players name it: the city there, else ``(x,y)``."""
    if not (isinstance(xy, Sequence) and len(xy) == 2 and all(isinstance(v, int) for v in xy)):
        return "?"
    city = city_at(xy)
    return city_name(city, lang) if city is not None else f"({xy[0]},{xy[1]})"


def terrain_word(key: str, lang: str) -> str:
    """``sea``, ``plain`` or ``mountain`` in the reader's words (German: ``Meer`` ...)."""
    _ = catalog(lang)
    words = {
        "sea": _.pgettext("terrain", "sea"),
        "plain": _.pgettext("terrain", "plain"),
        "mountain": _.pgettext("terrain", "mountain"),
    }
    return words.get(key, key)


def terrain_name(xy: Sequence[int], lang: str) -> str:
    """``sea``, ``plain`` or ``mountain`` (German: ``Meer`` ...) of cell ``xy``."""
    board = shown_components().board
    return terrain_word(TERRAIN_NAMES[board.terrain[board.cell(xy[0], xy[1])]], lang)


def unit_title(name: str, lang: str, article: bool = False) -> str:
    """A neutral unit by its (data) name, in the reader's words; with its article (``the
    Iberian army (Almoravids)``) for a sentence."""
    _ = catalog(lang)
    if article and name in UNITS:
        return _.pgettext("unit with article", UNITS[name])
    return _.pgettext("unit", name)


def unit_name(index: Any, lang: str, article: bool = False) -> str:
    """A neutral unit by index: its name (with ``the`` / ``die``, ``das`` when
    ``article``)."""
    units = shown_components().units
    if not (isinstance(index, int) and 0 <= index < len(units)):
        _ = catalog(lang)
        return _("a neutral unit")
    unit = units[index]
    return unit_title(unit.name, lang, article) if unit.name else unit.id


def seat_name(seat: Any, viewer: int | None, lang: str, case: str = "nom") -> str:
    """``Player 3`` / ``Spieler 3`` for seat 2; the reader is ``you`` (German ``du``,
    ``dich``, ``dir`` by ``case``; ``Spieler N`` reads the same in every case)."""
    _ = catalog(lang)
    if seat == viewer and viewer is not None:
        if case == "acc":
            return _.pgettext("you, as object", "you")
        if case == "dat":
            return _.pgettext("you, after a preposition with the dative", "you")
        return _.pgettext("you, as subject", "you")
    number = seat + 1 if isinstance(seat, int) else seat
    return _("Player {n}").format(n=number)


def seat_list(seats: Sequence[Any], viewer: int | None, lang: str, case: str = "nom") -> str:
    """``Player 1, Player 3 and you``: seats joined as a sentence would."""
    names = [seat_name(s, viewer, lang, case) for s in seats]
    if len(names) < 2:
        return "".join(names)
    _ = catalog(lang)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _steps(_: Catalog) -> tuple[str, str, str, str]:
    """What a movement card of each terrain does."""
    return (
        _("step to an adjacent sea cell"),
        _("step to an adjacent plain cell"),
        _("step to an adjacent mountain cell"),
        _("step to any adjacent cell"),
    )


def card_effect(code: Any, lang: str) -> str:
    """What the card does: ``step to an adjacent plain cell; then you may move a Muslim
    army``, or an event's effect; empty for an unknown code."""
    card = card_of(code)
    if card is None:
        return ""
    _ = catalog(lang)
    if card.kind != MOVEMENT:
        effect = EVENT_EFFECTS.get(str(card.event))
        return "" if effect is None else _.pgettext("effect", effect)
    step = _steps(_)[card.terrain]
    if card.symbol == "army":
        return _("{step}; then you may move a Muslim army").format(step=step)
    if card.symbol == "ship":
        return _("{step}; then you may move a fleet").format(step=step)
    return step if not card.symbol else f"{step}; {card.symbol}"
