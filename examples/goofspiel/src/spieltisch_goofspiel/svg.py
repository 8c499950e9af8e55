"""The picture of Toy Goofspiel at the web table (``docs/board-interface.md``): the prize
up for bidding, and per seat its points and the cards left in its hand. The viewer bids by
clicking a card of its own hand (a ``data-place``; no pick first).

The shared parts (header, seat names and marks, text at readable sizes, the document) come
from ``spieltisch.engine.picture``; this module draws only the cards."""

from __future__ import annotations

from typing import Any

from spieltisch.engine import picture as pic

WIDTH = 640
CARD_W, CARD_H = 44, 62  # a clickable card: well over the 24-pixel minimum target
ROW_H = CARD_H + 24


def _card(x: float, y: float, value: int, attrs: str = "", fill: str = "#fff") -> str:
    return (
        f"<g{attrs}>"
        + pic.box(x, y, CARD_W, CARD_H, fill=fill, stroke=pic.INK, rx=5)
        + pic.text(
            x + CARD_W / 2,
            y + CARD_H / 2 + 8,
            str(value),
            pic.LARGE,
            text_anchor="middle",
            font_weight="bold",
        )
        + "</g>"
    )


def _status(view: dict[str, Any], lang: str) -> str:
    if not view["prize"]:
        return "The prizes are out: the game is over."
    viewer = view.get("seat")
    waiting = view["bids"]["waiting_for"]
    if viewer in waiting:
        return "Bid a card of your hand for the prize: click it."
    names = ", ".join(pic.seat_name(s, lang, viewer) for s in waiting)
    return f"Waiting for the bids of {names}."


def render_svg(view: dict[str, Any], lang: str, legal: list[dict[str, Any]]) -> str:
    viewer = view.get("seat")
    body, y = pic.header("Toy Goofspiel", _status(view, lang), WIDTH)
    y += 16
    prize = view["prize"]
    body.append(pic.text(16, y + 20, "Prize", pic.LARGE, font_weight="bold"))
    if prize:
        tip = pic.tip(f"The prize: {prize} points to the highest bid")
        body.append(_card(100, y, prize, pic.key(f"prize:{prize}") + tip, fill="#ffe08a"))
    body.append(pic.text(160, y + 38, f"{view['prizes_left']} more in the deck", pic.FONT))
    y += CARD_H + 24
    mine = view["bids"].get("my_choice")
    for seat, hand in enumerate(view["hands"]):
        name = pic.seat_name(seat, lang, viewer)
        body.append(pic.seat_mark(seat, 24, y + 14, 7))
        body.append(pic.text(38, y + 19, name, pic.FONT, font_weight="bold"))
        points = view["points"][seat]
        body.append(pic.text(220, y + 19, f"{points} points", pic.FONT, data_key=f"points:{seat}"))
        if seat == viewer and mine is not None:
            body.append(pic.text(330, y + 19, f"you bid {mine['card']}", pic.FONT))
        elif seat in view["bids"]["waiting_for"] and prize:
            body.append(pic.text(330, y + 19, "bidding", pic.FONT, fill=pic.MUTED))
        for i, card in enumerate(hand):
            x = 38 + i * (CARD_W + 10)
            attrs = pic.key(f"card:{seat}:{card}")
            if seat == viewer:  # the viewer's cards are places, legal now or not
                attrs += pic.place(f"card:{card}") + pic.tip(f"Bid {card}")
            body.append(_card(x, y + 26, card, attrs))
        y += ROW_H + 12
    return pic.document("toy-goofspiel", WIDTH, y, body, "Toy Goofspiel", viewer)


def board_moves(
    view: dict[str, Any], legal: list[dict[str, Any]], lang: str
) -> list[dict[str, Any]]:
    """Each legal bid is made by clicking that card."""
    return [
        {"pick": None, "place": f"card:{a['card']}", "button": f"Bid {a['card']}"} for a in legal
    ]


def attempt(view: dict[str, Any], pick: str | None, place: str | None) -> dict[str, Any] | None:
    """The bid a click on a card of the viewer's hand means, legal now or not."""
    if pick is None and place is not None and place.startswith("card:"):
        return {"type": "bid", "card": int(place.removeprefix("card:"))}
    return None


def log_keys(event: dict[str, Any]) -> list[str]:
    """A round touched the winner's points."""
    winner = event.get("winner")
    return [] if winner is None else [f"points:{winner}"]
