"""Plain-language log lines for Medina (English here, German in ``describe_de``)."""

from __future__ import annotations

from typing import Any

from .describe_de import describe_event_de


def _who(seat: Any, viewer: int | None) -> str:
    if seat == "neutral":
        return "a neutral palace"
    if seat == "box":
        return "the box"
    if seat is None:  # a palace nobody has roofed yet
        return "nobody"
    return "you" if seat == viewer else f"Player {seat + 1}"


def _cell(event: dict[str, Any]) -> str:
    x, y = event["cell"]
    return f"({x},{y})"


def describe_event(event: dict[str, Any], viewer: int | None, lang: str = "en") -> str:
    """``event`` as ``viewer`` reads it, in ``lang`` ("en" or "de"; others read English)."""
    if lang == "de":
        german = describe_event_de(event, viewer)
        if german is not None:
            return german
    kind = event.get("type")
    who = _who(event["seat"], viewer).capitalize() if "seat" in event else ""
    if kind == "setup":
        (wx, wy), (mx, my) = event["well"], event["start_merchant"]
        return f"The well stands at ({wx},{wy}); the start merchant at ({mx},{my})."
    if kind == "start_merchant":
        return f"{who} placed the start merchant on {_cell(event)}."
    if kind == "build":
        colour, palace = event["colour"], event["palace"]
        article = "an" if colour[:1] in "aeiou" else "a"
        return f"{who} built {article} {colour} building on {_cell(event)} (palace {palace})."
    if kind == "roof":
        owns = "own" if event["seat"] == viewer else "owns"  # "you own", "Player 2 owns"
        return f"{who} roofed the palace at {_cell(event)} and now {owns} it."
    if kind == "neutral_roof":
        return f"{who} put a neutral roof on the palace at {_cell(event)}."
    if kind == "stable":
        return f"{who} added a stable on {_cell(event)} (palace {event['palace']})."
    if kind == "merchant":
        return f"{who} placed a merchant on {_cell(event)}."
    if kind == "wall":
        return f"{who} built a wall on {_cell(event)}."
    if kind == "palace_tile":
        to = _who(event["owner"], viewer)
        return f"The {event['colour']} palace tile goes to {to} (palace {event['palace']})."
    if kind == "tower_tile":
        to = _who(event["owner"], viewer)
        return f"Tower {event['tower']}'s tile goes to {to} (palace {event['palace']})."
    if kind == "tower_merchants":
        to = _who(event["to"], viewer)
        n = event["count"]
        what = f"{n} merchant goes" if n == 1 else f"{n} merchants go"
        return f"{what} from tower {event['tower']} to {to}."
    if kind == "tea":
        n = event["count"]
        what = (
            "No tea tile goes" if n == 0 else "1 tea tile goes" if n == 1 else f"{n} tea tiles go"
        )
        return f"{what} to {_who(event['to'], viewer)}."
    if kind == "discard_tea":
        return f"{who} discarded a tea tile instead of a second piece."
    if kind == "retire":
        colour = event["colour"]
        return f"Every player owns {colour} now: the remaining {colour} buildings leave the game."
    if kind == "pass":
        verb = "pass" if event["seat"] == viewer else "passes"
        return f"{who} cannot place anything and {verb}."
    if kind == "end":
        names = ", ".join(_who(s, viewer) for s in event["winners"])
        return f"Nobody can place any more: the game is over. Winner: {names}."
    return str(event)
