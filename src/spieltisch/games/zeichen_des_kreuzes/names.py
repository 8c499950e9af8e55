"""The names players use for cards, places, units and seats, in English and German.

Shared by the log sentences (``describe_de``) and the button captions (``labels``). Every
name comes from static component data (the edition being shown) or from a JSON event or
view, never from a state. The German event names are the rules file's (section 6); city and
unit names are translated where the default edition names them, and fall back to the
edition's own name otherwise (a user's edition may name places we do not know)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .board import TERRAIN_NAMES
from .components import EVENT_NAMES, MOVEMENT, shown_components
from .text import card_of, labels

# rules section 6, column "Type (de / en)"
EVENT_NAMES_DE = {
    "plague": "Seuche",
    "storm_at_sea": "Sturm auf See",
    "saracen_reinforcement": "Sarazenische Verstärkung",
    "papal_blessing": "Päpstlicher Segen",
    "forced_march": "Gewaltmarsch",
    "mercenaries": "Söldner",
    "relic": "Reliquie",
    "tribute": "Tribut",
    "truce": "Waffenstillstand",
    "tower_shaking": "Turmerschütterung",
    "genoese_ships": "Genuesische Schiffe",
    "ambush": "Hinterhalt",
    "holy_lance": "Heilige Lanze",
    "crusade_sermon": "Kreuzzugspredigt",
}
# the card symbols of the seed: "ein Schiffs- oder Heeressymbol"
SYMBOLS = {"en": {"army": "army", "ship": "ship"}, "de": {"army": "Heer", "ship": "Schiff"}}
CARD_TERRAINS = {
    "en": ("Sea", "Plain", "Mountain", "Joker"),
    "de": ("Meer", "Ebene", "Gebirge", "Joker"),
}
# the city names of the default map (data/map.txt) as German speakers call them
CITIES_DE = {
    "Cologne": "Köln",
    "Genoa": "Genua",
    "Venice": "Venedig",
    "Rome": "Rom",
    "Constantinople": "Konstantinopel",
    "Nicosia": "Nikosia",
    "Seville": "Sevilla",
    "Cordoba": "Córdoba",
    "Tripoli": "Tripolis",
    "Cairo": "Kairo",
    "Nicaea": "Nicäa",
    "Iconium": "Ikonion",
    "Antioch": "Antiochia",
    "Damascus": "Damaskus",
    "Tyre": "Tyros",
}
# unit id -> (caption form, form with article); feminine and neuter articles read the same
# as subject and object, so one form serves every sentence
UNITS_DE = {
    "FLEET_W": ("Westflotte (ziridische Korsaren)", "die Westflotte (ziridische Korsaren)"),
    "FLEET_E": ("Ostflotte (Fatimidenflotte)", "die Ostflotte (Fatimidenflotte)"),
    "ARMY_I": ("Iberisches Heer (Almoraviden)", "das iberische Heer (Almoraviden)"),
    "ARMY_A": ("Anatolisches Heer (Seldschuken)", "das anatolische Heer (Seldschuken)"),
}
# seat 0 is "Player 1", as everywhere else (pictures, page, log, terminal)
SEAT = {"en": "Player {n}", "de": "Spieler {n}"}
# German pronouns of the reader by grammatical case
YOU_DE = {"nom": "du", "acc": "dich", "dat": "dir"}


def lang_of(lang: str) -> str:
    """``de`` or ``en`` (any other language reads English)."""
    return "de" if lang == "de" else "en"


def event_name(event: Any, lang: str) -> str:
    key = str(event)
    if lang_of(lang) == "de":
        return EVENT_NAMES_DE.get(key, "ein Ereignis")
    return EVENT_NAMES.get(key, "an event")


def card_name(code: Any, lang: str) -> str:
    """A card as players call it: ``Plain + army`` / ``Ebene + Heer``, or the event's
    title; ``?`` for an unknown code."""
    card = card_of(code)
    if card is None:
        return "?"
    lang = lang_of(lang)
    if card.kind != MOVEMENT:
        return event_name(card.event, lang)
    name = CARD_TERRAINS[lang][card.terrain]
    if card.symbol:
        name += " + " + SYMBOLS[lang].get(card.symbol, card.symbol)
    return name


def card_text(code: Any, lang: str) -> str:
    """The name and the code that tells equal cards apart: ``Plain + army (ZK002)``."""
    return f"{card_name(code, lang)} ({code})"


def city_name(name: str, lang: str) -> str:
    return CITIES_DE.get(name, name) if lang_of(lang) == "de" else name


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


def terrain_name(xy: Sequence[int], lang: str) -> str:
    """``sea``, ``plain`` or ``mountain`` (German: ``Meer`` ...) of cell ``xy``."""
    board = shown_components().board
    key = TERRAIN_NAMES[board.terrain[board.cell(xy[0], xy[1])]]
    return labels(lang_of(lang))[f"t_{key}"]


def unit_name(index: Any, lang: str, article: bool = False) -> str:
    """A neutral unit by index: its name (German: with ``die``/``das`` when ``article``)."""
    units = shown_components().units
    if not (isinstance(index, int) and 0 <= index < len(units)):
        return "eine neutrale Einheit" if lang_of(lang) == "de" else "a neutral unit"
    unit = units[index]
    if lang_of(lang) == "de":
        forms = UNITS_DE.get(unit.id)
        if forms is not None:
            return forms[1] if article else forms[0]
    return unit.name or unit.id


def seat_name(seat: Any, viewer: int | None, lang: str, case: str = "nom") -> str:
    """``Player 3`` / ``Spieler 3`` for seat 2; the reader is ``you`` / ``du``, ``dich``,
    ``dir`` (``Spieler N`` reads the same in every case)."""
    if seat == viewer and viewer is not None:
        return YOU_DE[case] if lang_of(lang) == "de" else "you"
    number = seat + 1 if isinstance(seat, int) else seat
    return SEAT[lang_of(lang)].format(n=number)


def seat_list(seats: Sequence[Any], viewer: int | None, lang: str, case: str = "nom") -> str:
    """``Spieler 1, Spieler 3 und dich``: seats joined as a sentence would."""
    names = [seat_name(s, viewer, lang, case) for s in seats]
    if len(names) < 2:
        return "".join(names)
    last = " und " if lang_of(lang) == "de" else " and "
    return ", ".join(names[:-1]) + last + names[-1]


# what a card does, in the players' words (rules ZK-R14, ZK-R16 and section 6)
EVENT_EFFECTS = {
    "en": {
        "plague": "on draw: the drawer loses up to 2 troops to the supply",
        "storm_at_sea": "on draw: every pawn at sea loses up to 2 troops to the supply",
        "saracen_reinforcement": "on draw: Jerusalem's garrison +2",
        "papal_blessing": "on draw: every player's motivation +1",
        "forced_march": "on land: step to an adjacent land cell, then maybe a second",
        "mercenaries": "pay 1 treasure: up to 2 troops from supply to army",
        "relic": "on a city: motivation +2",
        "tribute": "with a green tile: treasure +2",
        "truce": "cancel your fight against a fleet or Muslim army",
        "tower_shaking": "empty the tower without a purple marker",
        "genoese_ships": "at or by the sea: step to an adjacent sea cell, then maybe a second",
        "ambush": "a player on land (not Jerusalem) must fight an ambush",
        "holy_lance": "+1 in your current fight",
        "crusade_sermon": "on an unplundered red city or Candia: up to 3 troops to the army",
    },
    "de": {
        "plague": "beim Ziehen: der Ziehende verliert bis zu 2 Truppen in den Vorrat",
        "storm_at_sea": "beim Ziehen: jede Figur auf dem Meer verliert bis zu 2 Truppen",
        "saracen_reinforcement": "beim Ziehen: Besatzung Jerusalems +2",
        "papal_blessing": "beim Ziehen: Motivation aller Spieler +1",
        "forced_march": "an Land: Schritt auf ein Landfeld, dann evtl. ein zweiter",
        "mercenaries": "1 Schatz zahlen: bis zu 2 Truppen vom Vorrat ins Heer",
        "relic": "auf einer Stadt: Motivation +2",
        "tribute": "mit einem grünen Plättchen: Schatz +2",
        "truce": "deinen Kampf gegen eine Flotte oder ein Heer abwenden",
        "tower_shaking": "den Turm ohne lila Marker leeren",
        "genoese_ships": "auf/am Meer: Schritt auf ein Meerfeld, dann evtl. ein zweiter",
        "ambush": "ein Spieler an Land (nicht Jerusalem) kämpft gegen einen Hinterhalt",
        "holy_lance": "+1 in deinem laufenden Kampf",
        "crusade_sermon": "auf ungeplünderter roter Stadt oder Candia: bis zu 3 Truppen ins Heer",
    },
}
STEP_EFFECTS = {
    "en": (
        "step to an adjacent sea cell",
        "step to an adjacent plain cell",
        "step to an adjacent mountain cell",
        "step to any adjacent cell",
    ),
    "de": (
        "Schritt auf ein Nachbarfeld Meer",
        "Schritt auf ein Nachbarfeld Ebene",
        "Schritt auf ein Nachbarfeld Gebirge",
        "Schritt auf ein beliebiges Nachbarfeld",
    ),
}
SYMBOL_EFFECTS = {
    "en": {"army": "then you may move a Muslim army", "ship": "then you may move a fleet"},
    "de": {
        "army": "dann darfst du ein Heer ziehen",
        "ship": "dann darfst du eine Flotte ziehen",
    },
}


def card_effect(code: Any, lang: str) -> str:
    """What the card does: ``step to an adjacent plain cell; then you may move a Muslim
    army``, or an event's effect; empty for an unknown code."""
    card = card_of(code)
    if card is None:
        return ""
    lang = lang_of(lang)
    if card.kind != MOVEMENT:
        return EVENT_EFFECTS[lang].get(str(card.event), "")
    text = STEP_EFFECTS[lang][card.terrain]
    if card.symbol:
        text += "; " + SYMBOL_EFFECTS[lang].get(card.symbol, card.symbol)
    return text
