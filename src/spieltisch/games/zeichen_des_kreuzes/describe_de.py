"""Log events as German sentences, addressed to the reader with "du".

One function per event kind in ``SENTENCES``. German conjugates the verb by person, so a
sentence about the reader and one about another seat are two templates (``_by``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .components import shown_components
from .names import (
    card_text,
    city_name,
    event_name,
    place,
    seat_list,
    seat_name,
    unit_name,
)
from .text import labels

JSON = dict[str, Any]
DE = labels("de")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _by(seat: Any, viewer: int | None, du: str, er: str, **values: Any) -> str:
    """``du`` when the reader is ``seat``, else ``er`` with ``{who}`` the seat's name."""
    if seat == viewer and viewer is not None:
        return _cap(du.format(**values))
    return _cap(er.format(who=seat_name(seat, viewer, "de"), **values))


def _card(event: JSON) -> str:
    code = event.get("card")
    return card_text(code, "de") if isinstance(code, str) else "eine Karte"


def _cubes(counts: Any, viewer: int | None) -> str:
    """Cubes by colour: ``grün ×3, deine ×2, Spieler 2 ×4``."""
    if not counts:
        return "nichts"
    parts = []
    for colour, n in sorted(counts.items()):
        if colour == "G":
            name = "grün"
        elif colour[1:].isdigit() and int(colour[1:]) == viewer:
            name = "deine"
        elif colour[1:].isdigit():
            name = seat_name(int(colour[1:]), None, "de")
        else:
            name = colour
        parts.append(f"{name} ×{n}")
    return ", ".join(parts)


def _number(n: Any, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _setup(e: JSON, v: int | None) -> str:
    comp = shown_components()
    names = []
    for seat, kid in enumerate(e.get("knights", [])):
        try:
            name = comp.knight(kid).name
        except KeyError:
            name = str(kid)
        names.append(f"{name} ({seat_name(seat, v, 'de')})")
    start = e.get("start_player")
    begins = "du beginnst" if start == v else f"{seat_name(start, v, 'de')} beginnt"
    text = f"Ritter: {', '.join(names)}; {begins}."
    aside = e.get("set_aside") or []
    if aside:
        text += (
            f" {_number(len(aside), 'Sofortkarte wurde', 'Sofortkarten wurden')} beim Austeilen "
            "beiseitegelegt und wieder eingemischt."
        )
    return text


def _turn(e: JSON, v: int | None) -> str:
    seat = e.get("seat")
    who = "du bist" if seat == v else f"{seat_name(seat, v, 'de')} ist"
    return f"Zug {e.get('turn')}: {who} am Zug."


def _move(e: JSON, v: int | None) -> str:
    return _by(
        e.get("seat"),
        v,
        "Du spielst {card} und ziehst nach {to}.",
        "{who} spielt {card} und zieht nach {to}.",
        card=_card(e),
        to=place(e.get("to"), "de"),
    )


def _event(e: JSON, v: int | None) -> str:
    name = event_name(e.get("event"), "de")
    seat = e.get("seat")
    if "to" in e:
        return _by(
            seat,
            v,
            "Du spielst {name} und ziehst nach {to}.",
            "{who} spielt {name} und zieht nach {to}.",
            name=name,
            to=place(e["to"], "de"),
        )
    if "target" in e:
        return _by(
            seat,
            v,
            "Du spielst {name} gegen {target}.",
            "{who} spielt {name} gegen {target}.",
            name=name,
            target=seat_name(e["target"], v, "de", "acc"),
        )
    return _by(seat, v, "Du spielst {name}.", "{who} spielt {name}.", name=name)


def _step(e: JSON, v: int | None) -> str:
    return _by(
        e.get("seat"),
        v,
        "Du machst einen zweiten Schritt nach {to}.",
        "{who} macht einen zweiten Schritt nach {to}.",
        to=place(e.get("to"), "de"),
    )


def _move_unit(e: JSON, v: int | None) -> str:
    return _by(
        e.get("seat"),
        v,
        "Du ziehst {unit} nach {to}.",
        "{who} zieht {unit} nach {to}.",
        unit=unit_name(e.get("unit"), "de", article=True),
        to=place(e.get("to"), "de"),
    )


def _foe(e: JSON) -> str:
    kind = str(e.get("type"))
    unit, city = e.get("unit"), e.get("city")
    cities = shown_components().board.cities
    if kind in ("unit_fleet", "unit_army") and isinstance(unit, int) and unit >= 0:
        return unit_name(unit, "de", article=True)
    if kind.startswith("plunder") and isinstance(city, int) and 0 <= city < len(cities):
        return f"die Verteidiger von {city_name(cities[city].name, 'de')}"
    return DE.get(f"f_{kind}", "einen Gegner")


def _fight(e: JSON, v: int | None) -> str:
    fighter, cell = e.get("fighter"), place(e.get("cell"), "de")
    if e.get("type") == "ambush":
        return _by(
            fighter,
            v,
            "Du gerätst bei {cell} in einen Hinterhalt.",
            "{who} gerät bei {cell} in einen Hinterhalt.",
            cell=cell,
        )
    return _by(
        fighter,
        v,
        "Du kämpfst bei {cell} gegen {foe}.",
        "{who} kämpft bei {cell} gegen {foe}.",
        cell=cell,
        foe=_foe(e),
    )


def _truce(e: JSON, v: int | None) -> str:
    return _by(
        e.get("seat"),
        v,
        "Du spielst Waffenstillstand: der Kampf fällt aus.",
        "{who} spielt Waffenstillstand: der Kampf fällt aus.",
    )


def _no_troops(e: JSON, v: int | None) -> str:
    return _by(
        e.get("seat"),
        v,
        "Du hast keine Truppen: der Kampf ist ohne Wurf verloren.",
        "{who} hat keine Truppen: der Kampf ist ohne Wurf verloren.",
    )


def _empty_tower(e: JSON, v: int | None) -> str:
    how = (
        f"mit {event_name('tower_shaking', 'de')}"
        if e.get("card")
        else "mit einem violetten Marker"
    )
    return _by(
        e.get("seat"),
        v,
        "Du leerst den Turm {how}; heraus kommen: {cubes}.",
        "{who} leert den Turm {how}; heraus kommen: {cubes}.",
        how=how,
        cubes=_cubes(e.get("cubes"), v),
    )


def _lance(e: JSON, v: int | None) -> str:
    return _by(
        e.get("seat"),
        v,
        "Du erhebst die Heilige Lanze (+1 in diesem Kampf).",
        "{who} erhebt die Heilige Lanze (+1 in diesem Kampf).",
    )


def _committed(e: JSON, v: int | None) -> str:
    return _by(
        e.get("seat"),
        v,
        "Du setzt verdeckt Truppen ein.",
        "{who} setzt verdeckt Truppen ein.",
    )


def _reveal(e: JSON, v: int | None) -> str:
    return (
        f"Aufgedeckt: der Angreifer setzt {_number(e.get('a'), 'Truppe', 'Truppen')} ein, "
        f"die Besatzung {_number(e.get('d'), 'Verteidigungsstein', 'Verteidigungssteine')}."
    )


def _throw(e: JSON, v: int | None) -> str:
    return (
        f"Turm: eingeworfen {_cubes(e.get('thrown'), v)}; herausgefallen "
        f"{_cubes(e.get('tray'), v)}; im Turm jetzt {_cubes(e.get('after'), v)}."
    )


def _fight_result(e: JSON, v: int | None) -> str:
    if e.get("won"):
        return _by(e.get("seat"), v, "Du gewinnst den Kampf.", "{who} gewinnt den Kampf.")
    return _by(e.get("seat"), v, "Du verlierst den Kampf.", "{who} verliert den Kampf.")


def _unit_removed(e: JSON, v: int | None) -> str:
    unit = unit_name(e.get("unit"), "de", article=True)
    return _cap(f"{unit} wird auf dem eigenen Startfeld geschlagen und verlässt das Spiel.")


def _plundered(e: JSON, v: int | None) -> str:
    cities = shown_components().board.cities
    index = e.get("city")
    city = (
        city_name(cities[index].name, "de")
        if isinstance(index, int) and 0 <= index < len(cities)
        else "eine Stadt"
    )
    return _by(
        e.get("seat"),
        v,
        "Du plünderst {city}: ein Plättchen im Wert von {value}.",
        "{who} plündert {city}: ein Plättchen im Wert von {value}.",
        city=city,
        value=e.get("value"),
    )


def _retreat(e: JSON, v: int | None) -> str:
    return _by(
        e.get("seat"),
        v,
        "Du ziehst dich nach {to} zurück.",
        "{who} zieht sich nach {to} zurück.",
        to=place(e.get("to"), "de"),
    )


def _pray(e: JSON, v: int | None) -> str:
    return _by(e.get("seat"), v, "Du betest (Motivation +2).", "{who} betet (Motivation +2).")


def _recruit(e: JSON, v: int | None) -> str:
    return _by(
        e.get("seat"),
        v,
        "Du zahlst {treasure} und wirbst {troops} an.",
        "{who} zahlt {treasure} und wirbt {troops} an.",
        treasure=_number(e.get("treasure"), "Schatztruhe", "Schatztruhen"),
        troops=_number(e.get("troops"), "Truppe", "Truppen"),
    )


def _pass(e: JSON, v: int | None) -> str:
    return _by(
        e.get("seat"),
        v,
        "Du verzichtest auf eine Stadtaktion.",
        "{who} verzichtet auf eine Stadtaktion.",
    )


def _siege(e: JSON, v: int | None) -> str:
    if "reward" in e:  # papal_reward = declaration
        tail = "; der Papst zahlt {reward}."
        reward = e.get("reward")
    elif e.get("if_lost"):
        tail = "; geht sie verloren, zahlt der Papst {reward}."
        reward = e.get("if_lost")
    else:
        tail, reward = ".", 0
    return _by(
        e.get("seat"),
        v,
        "Du belagerst Jerusalem (Belagerung Nr. {n})" + tail,
        "{who} belagert Jerusalem (Belagerung Nr. {n})" + tail,
        n=e.get("number"),
        reward=_number(reward, "Schatztruhe", "Schatztruhen"),
    )


def _papal_reward(e: JSON, v: int | None) -> str:
    return _by(
        e.get("seat"),
        v,
        "Der Papst tröstet dich über die verlorene Belagerung Nr. {n}: +{reward}.",
        "Der Papst tröstet {who} über die verlorene Belagerung Nr. {n}: +{reward}.",
        n=e.get("number"),
        reward=_number(e.get("reward"), "Schatztruhe", "Schatztruhen"),
    )


def _siege_round(e: JSON, v: int | None) -> str:
    d = e.get("defender")
    commands = "du führst" if d == v else f"{seat_name(d, v, 'de')} führt"
    return f"Belagerungsrunde {e.get('round')}: {commands} die Besatzung."


def _siege_ends(e: JSON, v: int | None) -> str:
    return "Die Belagerung endet."


def _jerusalem_falls(e: JSON, v: int | None) -> str:
    return "Jerusalem fällt! " + _by(
        e.get("seat"), v, "Du gewinnst das Spiel.", "{who} gewinnt das Spiel."
    )


def _discard(e: JSON, v: int | None) -> str:
    return _by(e.get("seat"), v, "Du wirfst {card} ab.", "{who} wirft {card} ab.", card=_card(e))


def _draw(e: JSON, v: int | None) -> str:
    card = _card(e) if "card" in e else "eine Karte"
    return _by(e.get("seat"), v, "Du ziehst {card}.", "{who} zieht {card}.", card=card)


def _immediate(e: JSON, v: int | None) -> str:
    hit = e.get("hit") or []
    extra = f" (trifft {seat_list(hit, v, 'de', 'acc')})" if hit else ""
    return _by(
        e.get("seat"),
        v,
        "Du ziehst {name}, sofort ausgeführt{extra}.",
        "{who} zieht {name}, sofort ausgeführt{extra}.",
        name=event_name(e.get("event"), "de"),
        extra=extra,
    )


def _exhausted(e: JSON, v: int | None) -> str:
    if e.get("count") == 1:
        return "Der Nachziehstapel ist aufgebraucht: die Ablage wird zum neuen Stapel gemischt."
    return "Der Nachziehstapel ist zum zweiten Mal aufgebraucht: das Spiel endet nach diesem Zug."


def _end_cards(e: JSON, v: int | None) -> str:
    return _by(e.get("seat"), v, "Du beendest die Kartenphase.", "{who} beendet die Kartenphase.")


def _game_over(e: JSON, v: int | None) -> str:
    reason = str(e.get("reason") or "")
    why = DE.get(f"reason_{reason}", reason)
    winners = e.get("winners") or []
    head = f"Spielende ({why})" if why else "Spielende"
    if not winners:
        return f"{head}: kein Sieger."
    key = "Sieger" if len(winners) == 1 else "Sieger (gemeinsam)"
    return f"{head}. {key}: {seat_list(winners, v, 'de')}."


SENTENCES: dict[str, Callable[[JSON, int | None], str]] = {
    "setup": _setup,
    "turn": _turn,
    "move": _move,
    "event": _event,
    "step": _step,
    "move_unit": _move_unit,
    "fight": _fight,
    "truce": _truce,
    "no_troops": _no_troops,
    "empty_tower": _empty_tower,
    "lance": _lance,
    "committed": _committed,
    "reveal": _reveal,
    "throw": _throw,
    "fight_result": _fight_result,
    "unit_removed": _unit_removed,
    "plundered": _plundered,
    "retreat": _retreat,
    "pray": _pray,
    "recruit": _recruit,
    "pass": _pass,
    "siege": _siege,
    "papal_reward": _papal_reward,
    "siege_round": _siege_round,
    "siege_ends": _siege_ends,
    "jerusalem_falls": _jerusalem_falls,
    "discard": _discard,
    "draw": _draw,
    "immediate": _immediate,
    "exhausted": _exhausted,
    "end_cards": _end_cards,
    "game_over": _game_over,
}


def describe_event_de(event: JSON, seat: int | None) -> str | None:
    """The German sentence, ``None`` for an event kind this game does not log."""
    sentence = SENTENCES.get(str(event.get("kind")))
    return None if sentence is None else sentence(event, seat)
