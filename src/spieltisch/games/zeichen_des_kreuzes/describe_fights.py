"""The log's sentences about fights (``describe``): the fight and its foe, a Truce, a fight
without troops, the tower emptied, a Holy Lance, the secret commitment and its reveal, the
throw, the result, a unit removed, a city plundered, a retreat."""

from __future__ import annotations

from typing import Any

from .catalog import catalog
from .describe_parts import by, cap, city_words, count_words, cubes_words
from .edition import shown_components
from .names import city_name, place, unit_name

JSON = dict[str, Any]


def _foe(e: JSON, lang: str) -> str:
    """Whom a fight is against: the unit or the city by name where the event says."""
    _ = catalog(lang)
    kind = str(e.get("fight"))
    unit, city = e.get("unit"), e.get("city")
    cities = shown_components().board.cities
    if kind in ("unit_fleet", "unit_army") and isinstance(unit, int) and unit >= 0:
        return unit_name(unit, lang, article=True)
    if kind.startswith("plunder") and isinstance(city, int) and 0 <= city < len(cities):
        return _("the defenders of {city}").format(city=city_name(cities[city].name, lang))
    foes = {
        "unit_fleet": _("a fleet"),
        "unit_army": _("a Muslim army"),
        "plunder_muslim": _("the defenders of a Muslim city"),
        "plunder_christian": _("the defenders of a Christian city"),
        "jerusalem_round": _("the garrison of Jerusalem"),
    }
    return foes.get(kind) or _("an enemy")


def _fight(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    fighter, cell = e.get("fighter"), place(e.get("cell"), lang)
    if e.get("fight") == "ambush":
        return by(
            fighter,
            v,
            lang,
            _("You fight an ambush at {cell}."),
            _("{who} fights an ambush at {cell}."),
            cell=cell,
        )
    return by(
        fighter,
        v,
        lang,
        _("You fight {foe} at {cell}."),
        _("{who} fights {foe} at {cell}."),
        cell=cell,
        foe=_foe(e, lang),
    )


def _truce(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("You played a Truce: the fight is cancelled."),
        _("{who} played a Truce: the fight is cancelled."),
    )


def _no_troops(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("You had no troops: the fight is lost without a throw."),
        _("{who} had no troops: the fight is lost without a throw."),
    )


def _empty_tower(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    if e.get("card"):
        mine = _("You emptied the tower with Tower shaking: {cubes} came out.")
        theirs = _("{who} emptied the tower with Tower shaking: {cubes} came out.")
    else:
        mine = _("You emptied the tower with a purple marker: {cubes} came out.")
        theirs = _("{who} emptied the tower with a purple marker: {cubes} came out.")
    return by(e.get("seat"), v, lang, mine, theirs, cubes=cubes_words(e.get("cubes"), v, lang))


def _lance(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("You raised the Holy Lance (+1 in this fight)."),
        _("{who} raised the Holy Lance (+1 in this fight)."),
    )


def _committed(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("You committed troops in secret."),
        _("{who} committed troops in secret."),
    )


def _reveal(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return _("Revealed: the attacker commits {troops}, the garrison {cubes}.").format(
        troops=count_words(_, "troops", e.get("a")), cubes=count_words(_, "cubes", e.get("d"))
    )


def _throw(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return _("Tower: {thrown} thrown in, {tray} came out; inside now {after}.").format(
        thrown=cubes_words(e.get("thrown"), v, lang),
        tray=cubes_words(e.get("tray"), v, lang),
        after=cubes_words(e.get("after"), v, lang),
    )


def _fight_result(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    if e.get("won"):
        mine, theirs = _("You won the fight."), _("{who} won the fight.")
    else:
        mine, theirs = _("You lost the fight."), _("{who} lost the fight.")
    return by(e.get("seat"), v, lang, mine, theirs)


def _unit_removed(e: JSON, v: int | None, lang: str) -> str:
    unit = unit_name(e.get("unit"), lang, article=True)
    _ = catalog(lang)
    sentence = _("{unit} was beaten on its start cell and leaves the game.")
    return cap(sentence.format(unit=unit))


def _plundered(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("You plundered {city}: a tile worth {value}."),
        _("{who} plundered {city}: a tile worth {value}."),
        city=city_words(e.get("city"), lang),
        value=e.get("value"),
    )


def _retreat(e: JSON, v: int | None, lang: str) -> str:
    _ = catalog(lang)
    return by(
        e.get("seat"),
        v,
        lang,
        _("You retreated to {to}."),
        _("{who} retreated to {to}."),
        to=place(e.get("to"), lang),
    )
