"""German log sentences for The Kingdoms of Crusaders, addressed to the reader with "du".

German conjugates the verb by the subject ("Du hast ..." / "Spieler 2 hat ..."), so every
sentence about a seat comes in two forms: the reader's own, and another seat's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# event type -> (the reader's own sentence, another seat's sentence with {who})
SEAT_PHRASES: dict[str, tuple[str, str]] = {
    "start": ("Du beginnst.", "{who} beginnt."),
    "draw": ("Du hast eine Karte gezogen.", "{who} hat eine Karte gezogen."),
    "pass": (
        "Du hast gepasst: du hast 4 Karten in jedem offenen Gebiet.",
        "{who} hat gepasst: 4 Karten in jedem offenen Gebiet.",
    ),
    "play": (
        "Du hast {card} in Gebiet {territory} ausgespielt (Ausspielung {play}).",
        "{who} hat {card} in Gebiet {territory} ausgespielt (Ausspielung {play}).",
    ),
    "claim": (
        "Du hast Gebiet {territory} beansprucht.",
        "{who} hat Gebiet {territory} beansprucht.",
    ),
    "end_claims": (
        "Du hast keinen weiteren Anspruch erhoben.",
        "{who} hat keinen weiteren Anspruch erhoben.",
    ),
}
SEAT_KEY = {"start": "first_player"}  # the field naming the seat, where it is not "seat"

METHODS = {
    "claim": "durch Beweis: niemand kann diese Armee mehr schlagen",
    "completion": "durch Vervollständigung",
}
END_REASONS = {
    "all territories decided": "alle Gebiete sind entschieden",
    "winners fixed": "die Sieger stehen fest",
}


def _player(seat: int) -> str:
    return f"Spieler {seat + 1}"


def _object(seat: int, viewer: int | None) -> str:
    """The seat as the object of "an" (accusative): "dich" or "Spieler n"."""
    return "dich" if seat == viewer else _player(seat)


def _names(seats: Sequence[int], viewer: int | None) -> str:
    return ", ".join("du" if s == viewer else _player(s) for s in seats) or "niemand"


def describe_event_de(event: dict[str, Any], viewer: int | None) -> str | None:
    """The German sentence for ``event``, or ``None`` for an event type this game never logs
    (the caller then falls back to the raw event)."""
    kind = event.get("type")
    if kind in SEAT_PHRASES:
        seat = event[SEAT_KEY.get(str(kind), "seat")]
        own, other = SEAT_PHRASES[str(kind)]
        template = own if seat == viewer else other
        return template.format(who=_player(seat), **event)
    if kind == "decide":
        how = METHODS.get(event["method"], METHODS["completion"])
        return (
            f"Gebiet {event['territory']} geht an {_object(event['winner'], viewer)} ({how}), "
            f"mit Siegmarker {event['marker']}."
        )
    if kind == "end":
        why = END_REASONS.get(event["reason"], END_REASONS["winners fixed"])
        return f"Spielende ({why}). Sieger: {_names(event['winners'], viewer)}."
    return None
