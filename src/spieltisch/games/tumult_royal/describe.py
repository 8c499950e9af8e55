"""Plain-language log lines for Tumult Royal; German ones come from ``describe_de``."""

from __future__ import annotations

from typing import Any

from .describe_de import describe_event_de


def _who(seat: Any, viewer: int | None) -> str:
    if seat is None:
        return "nobody"
    return "you" if seat == viewer else f"Player {seat + 1}"


def _field(event: dict[str, Any]) -> str:
    r, c = event["field"]
    return f"({r},{c})"


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
        parts = []
        for a in event["actions"]:
            name = _who(a["seat"], viewer)
            if a["action"] == "peek":
                verb = f"peeked at slot {a['slot']}" if a["won"] else f"missed slot {a['slot']}"
            elif a["action"] in ("keep", "put_back"):
                verb = f"{a['action'].replace('_', ' ')} slot {a['slot']}"
            elif a["action"] == "done":
                verb = "is done"
            else:
                continue
            parts.append(f"{name} {verb}")
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
            f"{_who(event['greediest'], viewer)} is the greediest and loses followers and goods."
        )
    if kind == "build":
        return (
            f"{who} built a {event['terrain']} on {_field(event)} with {event['statues']} "
            f"statue(s), {event['surplus']} follower(s) for overpaying."
        )
    if kind == "no_build":
        return f"{who} built nothing and gains {event['bonus']} followers."
    if kind == "end_turn":
        return f"{who} ended the build turn."
    if kind == "crown":
        return (
            f"{_who(event['king'], viewer).capitalize()} is King, pays the tax and adds "
            f"{event['chronicle']} statue(s) to the chronicle."
        )
    if kind == "fog":
        cols = ", ".join(str(c) for c in event["columns"])
        return f"The fog lifts over tile column(s) {cols}."
    if kind == "grace":
        names = ", ".join(_who(s, viewer) for s in event["seats"])
        return f"Grace for {names}."
    if kind == "end":
        names = ", ".join(_who(s, viewer) for s in event["winners"])
        return f"Game over ({event['reason']}). Winner: {names}."
    return str(event)
