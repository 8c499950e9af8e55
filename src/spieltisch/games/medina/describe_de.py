"""German log sentences for Medina, addressed to the reader with "du", in the German
edition's terms (Palast, Gebäude, Dach, Stall, Kaufmann, Mauer, Turm, Brunnen,
Teeplättchen) and the board's own words (Palastkarte, Turmkarte) from ``text.py``.

German conjugates the verb by the subject ("Du hast ..." / "Spieler 2 hat ..."), so every
sentence about a seat's move comes in two forms; colour adjectives are declined
(``colour_adjective``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .text import COLOUR_NAMES

# lila takes no ending ("ein lila Gebäude"); bare orange declines awkwardly, so it is declined
# as "orangefarben" ("den orangefarbenen Palast")
INDECLINABLE = frozenset({"lila"})
DECLINED_STEM = {"orange": "orangefarben"}

# placement event -> (the reader's own sentence, another seat's sentence with {who});
# {cell} is the cell as the board shows it, {adj_*} the declined colour
SEAT_PHRASES: dict[str, tuple[str, str]] = {
    "start_merchant": (
        "Du hast den Startkaufmann auf {cell} gesetzt.",
        "{who} hat den Startkaufmann auf {cell} gesetzt.",
    ),
    "build": (
        "Du hast ein {adj_es} Gebäude auf {cell} gebaut (Palast {palace}).",
        "{who} hat ein {adj_es} Gebäude auf {cell} gebaut (Palast {palace}).",
    ),
    "roof": (
        "Du hast ein Dach auf den Palast bei {cell} gesetzt und besitzt ihn jetzt.",
        "{who} hat ein Dach auf den Palast bei {cell} gesetzt und besitzt ihn jetzt.",
    ),
    "neutral_roof": (
        "Du hast ein neutrales Dach auf den Palast bei {cell} gesetzt.",
        "{who} hat ein neutrales Dach auf den Palast bei {cell} gesetzt.",
    ),
    "stable": (
        "Du hast einen Stall auf {cell} gesetzt (Palast {palace}).",
        "{who} hat einen Stall auf {cell} gesetzt (Palast {palace}).",
    ),
    "merchant": (
        "Du hast einen Kaufmann auf {cell} gesetzt.",
        "{who} hat einen Kaufmann auf {cell} gesetzt.",
    ),
    "wall": (
        "Du hast eine Mauer auf {cell} gebaut.",
        "{who} hat eine Mauer auf {cell} gebaut.",
    ),
    "discard_tea": (
        "Du hast ein Teeplättchen abgeworfen statt eines zweiten Teils.",
        "{who} hat ein Teeplättchen abgeworfen statt eines zweiten Teils.",
    ),
    "pass": (
        "Du kannst nichts setzen und passt.",
        "{who} kann nichts setzen und passt.",
    ),
}


def colour_adjective(colour: str, ending: str) -> str:
    """The German colour adjective with its declension ``ending`` ("grau" + "es" ->
    "graues"); lila stays as it is."""
    stem = COLOUR_NAMES["de"].get(colour, colour)
    if stem in INDECLINABLE:
        return stem
    return DECLINED_STEM.get(stem, stem) + ending


def _cell(xy: Sequence[int]) -> str:
    return f"({xy[0]},{xy[1]})"


def _player(seat: int) -> str:
    return f"Spieler {seat + 1}"


def _to(owner: Any, viewer: int | None) -> str:
    """Where a tile or piece goes: "an dich", "an Spieler 2", "an einen neutralen Palast",
    "in die Schachtel"."""
    if owner == "neutral":
        return "an einen neutralen Palast"
    if owner == "box":
        return "in die Schachtel"
    if not isinstance(owner, int):
        return "an niemanden"
    return "an dich" if owner == viewer else f"an {_player(owner)}"


def _count(n: int, one: str, many: str) -> str:
    """``3 Kaufleute`` / ``1 Kaufmann`` / ``Kein Kaufmann``, with the verb in number."""
    if n == 0:
        return f"Kein {one} geht"
    return f"1 {one} geht" if n == 1 else f"{n} {many} gehen"


def _names(seats: Sequence[int], viewer: int | None) -> str:
    return ", ".join("du" if s == viewer else _player(s) for s in seats) or "niemand"


def describe_event_de(event: dict[str, Any], viewer: int | None) -> str | None:
    """The German sentence for ``event``, or ``None`` for an event type Medina never logs
    (the caller then falls back to the raw event)."""
    kind = event.get("type")
    if kind in SEAT_PHRASES:
        seat = event["seat"]
        own, other = SEAT_PHRASES[str(kind)]
        template = own if seat == viewer else other
        colour = str(event.get("colour", ""))
        return template.format(
            who=_player(seat),
            cell=_cell(event["cell"]) if "cell" in event else "",
            palace=event.get("palace", ""),
            adj_es=colour_adjective(colour, "es"),
        )
    if kind == "setup":
        return (
            f"Der Brunnen steht auf {_cell(event['well'])}, "
            f"der Startkaufmann auf {_cell(event['start_merchant'])}."
        )
    if kind == "palace_tile":
        adj = colour_adjective(event["colour"], "e")
        return (
            f"Die {adj} Palastkarte geht {_to(event['owner'], viewer)} (Palast {event['palace']})."
        )
    if kind == "tower_tile":
        return (
            f"Die Turmkarte von Turm {event['tower']} geht {_to(event['owner'], viewer)} "
            f"(Palast {event['palace']})."
        )
    if kind == "tower_merchants":
        to = _to(event["to"], viewer)
        if event["to"] == "neutral":  # MD-R56: a neutral owner's merchants go to the box
            to += " und damit in die Schachtel"
        what = _count(event["count"], "Kaufmann", "Kaufleute")
        return f"{what} von Turm {event['tower']} {to}."
    if kind == "tea":
        what = _count(event["count"], "Teeplättchen", "Teeplättchen")
        return f"{what} {_to(event['to'], viewer)}."
    if kind == "retire":
        return (
            f"Jeder Spieler besitzt jetzt einen {colour_adjective(event['colour'], 'en')} "
            f"Palast: die übrigen {colour_adjective(event['colour'], 'en')} Gebäude "
            "scheiden aus dem Spiel aus."
        )
    if kind == "end":
        return (
            "Niemand kann mehr etwas setzen: das Spiel ist vorbei. "
            f"Sieger: {_names(event['winners'], viewer)}."
        )
    return None
