"""Plain-language log lines for Tumult Royal; German ones come from ``describe_de``."""

from __future__ import annotations

from typing import Any

from .describe_de import describe_event_de
from .names import fog_tiles, tiles_text


def _who(seat: Any, viewer: int | None) -> str:
    if seat is None:
        return "nobody"
    return "you" if seat == viewer else f"Player {seat + 1}"


def _does(seat: Any, viewer: int | None, verb: str, third: str | None = None) -> str:
    """Subject and verb that agree: "You keep", "Player 2 keeps" (``third``: the
    third-person form where it is not verb + s)."""
    if seat == viewer:
        return f"You {verb}"
    return f"{_who(seat, viewer)} {third or verb + 's'}"


def _field(event: dict[str, Any]) -> str:
    r, c = event["field"]
    return f"({r},{c})"


def _count(n: int, noun: str) -> str:
    """``1 statue``, ``2 statues``, ``0 followers``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def describe_event(event: dict[str, Any], viewer: int | None, lang: str = "en") -> str:
    """``event`` as ``viewer`` reads it, in German for ``lang == "de"``, else in English."""
    if lang == "de":
        german = describe_event_de(event, viewer)
        if german is not None:
            return german
    kind = event.get("type")
    who = _who(event["seat"], viewer).capitalize() if "seat" in event else ""
    if kind == "setup":
        order = ", ".join(_who(s, viewer) for s in event["ranks"])
        return f"Ranks dealt, King first: {order}."
    if kind == "start_statue":
        return f"{who} placed a start statue on the meadow {_field(event)}."
    if kind == "spin":
        if "good" in event:
            return f"The spinner demands {event['demand']} {event['good']}."
        return f"Round {event['round']}: the people demand {event['demand']} of every good."
    if kind == "zocker":
        return f"Round {event['round']}: the demand stays secret until the tumult check."
    if kind == "grab":
        return (
            f"The tax robbery begins: {event['slots']} tiles to grab, "
            f"{event['set_aside']} set aside."
        )
    if kind == "tick":
        parts: list[str] = []
        for a in event["actions"]:
            seat, slot = a["seat"], a.get("slot")
            if a["action"] == "peek":
                part = f"{_who(seat, viewer)} {'peeked at' if a['won'] else 'missed'} slot {slot}"
            elif a["action"] == "keep":
                part = f"{_does(seat, viewer, 'keep')} slot {slot}"
            elif a["action"] == "put_back":
                part = f"{_does(seat, viewer, 'put')} back slot {slot}"
            elif a["action"] == "done":
                part = _does(seat, viewer, "are", "is") + " done"
            else:
                continue
            parts.append(part[0].upper() + part[1:] if not parts else part)
        return f"Tick {event['tick']}: " + ("; ".join(parts) or "everybody waited") + "."
    if kind == "reveal":
        return "The tiles are revealed."
    if kind == "tumult":
        if event["greediest"] is None:
            return (
                f"Tumult in {event['good']} ({event['remaining']} < {event['demand']}), "
                "but nobody is punished."
            )
        return (
            f"Tumult in {event['good']} ({event['remaining']} < {event['demand']}): "
            f"{_does(event['greediest'], viewer, 'are', 'is')} the greediest and "
            f"{'lose' if event['greediest'] == viewer else 'loses'} followers and goods."
        )
    if kind == "build":
        return (
            f"{who} built a {event['terrain']} on {_field(event)} with "
            f"{_count(event['statues'], 'statue')}, "
            f"{_count(event['surplus'], 'follower')} for overpaying."
        )
    if kind == "no_build":
        gains = "gain" if event["seat"] == viewer else "gains"
        if event.get("could_not"):  # TR-R21, consolation = could_not
            return (
                f"{who} could not build anything and {gains} {event['bonus']} followers "
                "as a consolation."
            )
        return f"{who} built nothing and {gains} {event['bonus']} followers."
    if kind == "end_turn":
        return f"{who} ended the build turn."
    if kind == "crown":
        return (
            f"{_does(event['king'], viewer, 'are', 'is').capitalize()} King, "
            f"{'pay' if event['king'] == viewer else 'pays'} the tax and "
            f"{'add' if event['king'] == viewer else 'adds'} "
            f"{_count(event['chronicle'], 'statue')} to the chronicle."
        )
    if kind == "fog":
        tiles, columns = fog_tiles(event)
        where, plural = tiles_text(tiles, columns, "en")
        return f"The fog lifts: {where} {'lie' if plural else 'lies'} face up now."
    if kind == "grace":
        names = ", ".join(_who(s, viewer) for s in event["seats"])
        return f"Grace for {names}."
    if kind == "end":
        names = ", ".join(_who(s, viewer) for s in event["winners"])
        return f"Game over ({event['reason']}). Winner: {names}."
    return str(event)
