"""Plain-language log lines for The Kingdoms of Crusaders (English here, German in
``describe_de``)."""

from __future__ import annotations

from typing import Any

from .describe_de import describe_event_de


def _who(seat: int, viewer: int | None) -> str:
    return "You" if seat == viewer else f"Player {seat + 1}"


def describe_event(event: dict[str, Any], viewer: int | None, lang: str = "en") -> str:
    """``event`` as ``viewer`` reads it, in ``lang`` ("en" or "de"; others read English)."""
    if lang == "de":
        german = describe_event_de(event, viewer)
        if german is not None:
            return german
    kind = event.get("type")
    if kind == "start":
        return f"{_who(event['first_player'], viewer)} will start."
    if kind == "draw":
        return f"{_who(event['seat'], viewer)} drew a card."
    if kind == "pass":
        return f"{_who(event['seat'], viewer)} passed: 4 cards in every open territory."
    if kind == "play":
        return (
            f"{_who(event['seat'], viewer)} played {event['card']} into territory "
            f"{event['territory']} (play {event['play']})."
        )
    if kind == "claim":
        return f"{_who(event['seat'], viewer)} claimed territory {event['territory']}."
    if kind == "end_claims":
        return f"{_who(event['seat'], viewer)} made no further claim."
    if kind == "decide":
        winner = "you" if event["winner"] == viewer else f"Player {event['winner'] + 1}"
        how = (
            "by proof: nobody can beat that army" if event["method"] == "claim" else "by completion"
        )
        return (
            f"Territory {event['territory']} goes to {winner} ({how}), "
            f"with victory marker {event['marker']}."
        )
    if kind == "end":
        names = ", ".join(_who(s, viewer) for s in event["winners"])
        why = (
            "every territory is decided"
            if event["reason"] == "all territories decided"
            else "the winners can no longer change"
        )
        return f"Game over ({why}). Winner: {names}."
    return str(event)
