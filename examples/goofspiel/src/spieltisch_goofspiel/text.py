"""The terminal picture of Toy Goofspiel: a seat's view as Rich markup.

Standard library only (games never import Rich): plain Rich tags the CLI prints and tests
strip. ``spieltisch play`` calls ``render_view``; with no ``render_actions`` here it lists
the legal actions by ``Game.action_label``."""

from __future__ import annotations

from typing import Any

from spieltisch.engine.picture import seat_name


def render_view(view: dict[str, Any], lang: str = "en") -> str:
    viewer = view.get("seat")
    prize, left = view["prize"], view["prizes_left"]
    if prize:
        head = f"[bold]Prize {prize}[/bold] is up ({left} more in the deck)"
    else:
        head = "[bold]The prizes are out:[/bold] the game is over"
    lines = [head, ""]
    waiting = set(view["bids"]["waiting_for"])
    mine = view["bids"].get("my_choice")
    for seat, (hand, points) in enumerate(zip(view["hands"], view["points"], strict=True)):
        name = seat_name(seat, lang, viewer)
        cards = " ".join(str(c) for c in hand) or "-"
        if not prize:
            status = ""
        elif seat == viewer and mine is not None:
            status = f"bid {mine['card']} (hidden from the others)"
        elif seat in waiting:
            status = "[yellow]still bidding[/yellow]"
        else:
            status = "has bid"
        lines.append(f"{name:<18} [bold]{points:>2}[/bold] points   hand {cards:<10} {status}")
    return "\n".join(lines).rstrip()
