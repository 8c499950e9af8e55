"""Log events as German sentences, addressed to the reader with "du".

One function per event type in ``SENTENCES``. German conjugates the verb by person, so a
sentence about the reader and one about another player are two templates (``_by``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .data import default_ruleset
from .names import (
    TERRAINS_DE_ACC,
    fog_tiles,
    good_name,
    payment_text,
    seat_list,
    seat_name,
    tiles_text,
)
from .text import field_text, labels

JSON = dict[str, Any]
DE = labels("de")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _by(seat: Any, viewer: int | None, du: str, er: str, cap: bool = True, **values: Any) -> str:
    """``du`` when the reader is ``seat``, else ``er`` with ``{who}`` the player's name;
    capitalised unless ``cap`` is false (a clause after a colon)."""
    if seat == viewer and viewer is not None:
        text = du.format(**values)
    else:
        text = er.format(who=seat_name(seat, viewer, "de"), **values)
    return _cap(text) if cap else text


def _number(n: Any, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _followers(n: Any) -> str:
    return _number(n, "Gefolgsmann", "Gefolgsleute")


def _setup(e: JSON, v: int | None) -> str:
    return f"Adelsränge verteilt, der König zuerst: {seat_list(e['ranks'], v, 'de')}."


def _start_statue(e: JSON, v: int | None) -> str:
    return _by(
        e["seat"],
        v,
        "Du stellst eine Startstatue auf die Wiese {field}.",
        "{who} stellt eine Startstatue auf die Wiese {field}.",
        field=field_text(e["field"]),
    )


def _spin(e: JSON, v: int | None) -> str:
    if "good" in e:  # Zocker: one spin per good just before its check (TR-R8)
        return f"Die Tumult-Scheibe fordert {e['demand']} {good_name(e['good'], 'de')}."
    return f"Runde {e['round']}: das Volk fordert von jeder Ware {e['demand']}."


def _zocker(e: JSON, v: int | None) -> str:
    return f"Runde {e['round']}: die Forderung bleibt bis zur Tumultprüfung geheim."


def _grab(e: JSON, v: int | None) -> str:
    return (
        f"Der Steuerraub beginnt: {e['slots']} Plättchen zu rauben, "
        f"{e['set_aside']} beiseitegelegt."
    )


# tick action -> (about the reader, about another player)
TICK = {
    "peek_won": ("du siehst Fach {s} an", "{who} sieht Fach {s} an"),
    "peek_lost": (
        "du verlierst den Konflikt um Fach {s}",
        "{who} verliert den Konflikt um Fach {s}",
    ),
    "keep": ("du behältst Fach {s}", "{who} behält Fach {s}"),
    "put_back": ("du legst Fach {s} zurück", "{who} legt Fach {s} zurück"),
    "done_slot": (
        "du bist fertig und legst Fach {s} zurück",
        "{who} ist fertig und legt Fach {s} zurück",
    ),
    "done": ("du bist fertig", "{who} ist fertig"),
}


def _tick(e: JSON, v: int | None) -> str:
    parts = []
    for a in e["actions"]:
        kind = a["action"]
        if kind == "peek":
            key = "peek_won" if a["won"] else "peek_lost"
        elif kind == "done":
            key = "done_slot" if "slot" in a else "done"
        elif kind in TICK:
            key = kind
        else:  # waiting is not news
            continue
        du, er = TICK[key]
        if a["seat"] == v:
            parts.append(du.format(s=a.get("slot")))
        else:
            parts.append(er.format(who=seat_name(a["seat"], v, "de"), s=a.get("slot")))
    return f"Takt {e['tick']}: " + ("; ".join(parts) or "alle warten") + "."


def _reveal(e: JSON, v: int | None) -> str:
    return "Die Plättchen werden aufgedeckt."


def _tumult(e: JSON, v: int | None) -> str:
    head = f"Tumult beim {good_name(e['good'], 'de')} ({e['remaining']} < {e['demand']})"
    if e["greediest"] is None:
        return f"{head}, aber niemand wird bestraft."
    return f"{head}: " + _by(
        e["greediest"],
        v,
        "du bist am gierigsten und verlierst Gefolgsleute und Waren.",
        "{who} ist am gierigsten und verliert Gefolgsleute und Waren.",
        cap=False,
    )


def _build(e: JSON, v: int | None) -> str:
    surplus = e["surplus"]
    extra = f"; die Überzahlung bringt {_followers(surplus)}" if surplus else ""
    payment = e.get("payment") or []
    return _by(
        e["seat"],
        v,
        "Du baust {terrain} auf {field} mit {statues} und zahlst {paid}{extra}.",
        "{who} baut {terrain} auf {field} mit {statues} und zahlt {paid}{extra}.",
        terrain=TERRAINS_DE_ACC.get(e["terrain"], e["terrain"]),
        field=field_text(e["field"]),
        statues=_number(e["statues"], "Statue", "Statuen"),
        paid=payment_text(payment, default_ruleset().goods, "de"),
        extra=extra,
    )


def _no_build(e: JSON, v: int | None) -> str:
    if e.get("could_not"):  # TR-R21, consolation = could_not
        return _by(
            e["seat"],
            v,
            "Du konntest nichts aufstellen und erhältst zum Trost {n}.",
            "{who} konnte nichts aufstellen und erhält zum Trost {n}.",
            n=_followers(e["bonus"]),
        )
    return _by(
        e["seat"],
        v,
        "Du baust nichts und erhältst {n}.",
        "{who} baut nichts und erhält {n}.",
        n=_followers(e["bonus"]),
    )


def _end_turn(e: JSON, v: int | None) -> str:
    return _by(e["seat"], v, "Du beendest deinen Bauzug.", "{who} beendet den Bauzug.")


def _crown(e: JSON, v: int | None) -> str:
    return _by(
        e["king"],
        v,
        "Du wirst König, gibst Gefolgsleute ab und setzt {n} in die Königs-Chronik.",
        "{who} wird König, gibt Gefolgsleute ab und setzt {n} in die Königs-Chronik.",
        n=_number(e["chronicle"], "Statue", "Statuen"),
    )


def _fog(e: JSON, v: int | None) -> str:
    tiles, columns = fog_tiles(e)
    where, plural = tiles_text(tiles, columns, "de")
    return f"Der Nebel lichtet sich: {_cap(where)} {'liegen' if plural else 'liegt'} jetzt offen."


def _grace(e: JSON, v: int | None) -> str:
    return f"Gnade des Volkes für {seat_list(e['seats'], v, 'de', 'acc')}."


def _end(e: JSON, v: int | None) -> str:
    reason = str(e["reason"])
    winners = e["winners"]
    key = "Sieger" if len(winners) <= 1 else "Sieger (geteilter Sieg)"
    return (
        f"Spielende ({DE.get(f'reason_{reason}', reason)}). {key}: {seat_list(winners, v, 'de')}."
    )


SENTENCES: dict[str, Callable[[JSON, int | None], str]] = {
    "setup": _setup,
    "start_statue": _start_statue,
    "spin": _spin,
    "zocker": _zocker,
    "grab": _grab,
    "tick": _tick,
    "reveal": _reveal,
    "tumult": _tumult,
    "build": _build,
    "no_build": _no_build,
    "end_turn": _end_turn,
    "crown": _crown,
    "fog": _fog,
    "grace": _grace,
    "end": _end,
}


def describe_event_de(event: JSON, viewer: int | None) -> str | None:
    """The German sentence, ``None`` for an event type this game does not log."""
    sentence = SENTENCES.get(str(event.get("type")))
    return None if sentence is None else sentence(event, viewer)
