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
SEAT = {"en": "Seat {n}", "de": "Platz {n}"}
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
    """``Seat 2`` / ``Platz 2``; the reader is ``you`` / ``du``, ``dich``, ``dir``."""
    if seat == viewer and viewer is not None:
        return YOU_DE[case] if lang_of(lang) == "de" else "you"
    return SEAT[lang_of(lang)].format(n=seat)


def seat_list(seats: Sequence[Any], viewer: int | None, lang: str, case: str = "nom") -> str:
    """``Platz 1, Platz 3 und dich``: seats joined as a sentence would."""
    names = [seat_name(s, viewer, lang, case) for s in seats]
    if len(names) < 2:
        return "".join(names)
    last = " und " if lang_of(lang) == "de" else " and "
    return ", ".join(names[:-1]) + last + names[-1]
