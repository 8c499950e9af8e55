"""Im Zeichen des Kreuzes as a standalone SVG picture of one seat's view, drawn for the
screen at 1:1 (``docs/board-interface.md``; standard library only).

From the top: the header (turn, who acts, the decision), the map of the Mediterranean
computed from the board data (``map_svg``: coasts, sea, mountains, the faint square grid of
the rules) with the cities, the neutral fleets and armies and the knights as figures
(``figures``); the current fight and a number track when the decision is a number; the
viewer's hand as cards with their effect printed on them (``cards_svg``) beside the draw
and discard piles; a legend; then the tower, Jerusalem and the neutral units, the shared
motivation track, the knights' standings and the road to victory (``panels_svg``).

Moves are made on the picture (``board_moves``): a hand card is a pick (``card:ZK012``) and
its reachable cells are places (``cell:x,y``); a neutral unit's symbol move picks the unit
(``unit:0``) and places its cell; second steps and retreats are places on the map; troop,
garrison and recruiting numbers are places on the number track (``amount:5``), with the
Holy Lance picked first when it goes with them; a Truce or a Tower shaking is its card
picked, then a button; city options, the other window choices and the ends of phases are
buttons.

The keys, each on exactly one element, also where no legal move uses them now (the page
lights only the legal ones; a click on another asks the server why not, which reads the
move it means from ``attempt``): ``card:CODE`` every card in the viewer's hand; ``unit:N``
every neutral unit on the map; ``cell:x,y`` every cell of the map: a lit target over
everything when a legal move goes there, else the city on it (its whole cell) or the
cell's own transparent rect under the pieces; ``amount:N`` every number of the number
track, from 0 to the largest legal one. ``log_keys`` names the keyed pieces a log event
touched
(``knight:0``, ``unit:1``, ``city:4``, ``cell:x,y``, ``card:ZK012``, ``tower``,
``cubes:P0``, ``cubes:G``, ``garrison``, ``deck``, ``seat:0``).

Data attributes kept for scripts and tests: every map cell ``data-kind="cell"`` with
``data-cell`` and ``data-terrain``; cities ``data-kind="city"`` with ``data-city``,
``data-city-kind``, ``data-plundered-by`` and ``data-tile``; pawns ``data-kind="pawn"``
with ``data-cell`` and ``data-seat``; neutral units ``data-kind="fleet"``/``"army"`` with
``data-unit`` and ``data-cell`` (``data-removed="true"`` in the panel once removed); the
status ``data-kind="status"`` with ``data-over``; hand cards ``data-kind="card"`` with
``data-card``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.svg import num
from . import cards_svg, figures, map_svg, panels_svg, picture_moves
from .board import JERUSALEM
from .names import lang_of
from .picture_moves import attempt as attempt  # the server reads it here (board-interface.md)
from .picture_text import counted, words
from .pieces_svg import CELL, MAP_X, coordinates, drawn_edition, map_pieces, target_cells
from .shown import board, use_edition
from .text_words import labels
from .upgrade import upgrade_event

GAME = "im-zeichen-des-kreuzes"
WIDTH = 1000
AMOUNT_MOVES = ("commit", "defend", "recruit")


# -- the entry points the server calls ----------------------------------------------------
def render_svg(
    view: dict[str, Any], lang: str = "en", legal: Sequence[dict[str, Any]] | None = None
) -> str:
    """The picture of ``view`` in ``lang``; ``legal`` (the viewer's legal actions as JSON)
    decides which cells, cards, units and numbers are places and picks."""
    use_edition(view)
    lang = lang_of(lang)
    w = words(lang)
    legal = list(legal or [])
    head, y = _header(view, lang)
    map_y = y + 24
    body = [map_svg.STYLE, map_svg.defs(), *head]
    body.append(coordinates(drawn_edition(), map_y))
    lab = labels(lang)
    terrains = (lab["t_sea"], lab["t_plain"], lab["t_mountain"])
    body.append(map_svg.static_map(drawn_edition(), MAP_X, map_y, terrains))
    targets = target_cells(legal)
    b = board()
    skip = frozenset(b.cell(x, y) for x, y in targets) | frozenset(b.city_at)
    body.append(map_svg.cells(drawn_edition(), MAP_X, map_y, terrains, skip))
    body += map_pieces(view, legal, lang, map_y, targets)
    y = map_y + board().height * CELL + 12
    now, y = panels_svg.decision(view, legal, lang, y)  # a fight and its numbers first
    body += now
    top = y - 2
    cards, y = _cards_row(view, legal, lang, top)  # then the hand
    body += cards
    if view.get("hand") is None:  # a spectator: the legend beside the piles
        x = MAP_X + 2 * cards_svg.CARD_W + 48
        body += _legend(lang, top + 40, x, WIDTH - MAP_X - x)[0]
    else:
        legend, y = _legend(lang, y + 4)
        body += legend
    table, y = panels_svg.table(view, lang, y + 8)
    body += table
    title = (
        f"{w['title']} · {pic.seat_name(view['seat'], lang, view['seat'])}"
        if isinstance(view.get("seat"), int)
        else f"{w['title']} · {w['spectator']}"
    )
    return pic.document(GAME, WIDTH, y + 16, body, title, view.get("seat"))


def board_moves(
    view: dict[str, Any], legal: Sequence[dict[str, Any]], lang: str = "en"
) -> list[dict[str, Any]]:
    """For each legal action, how it is made on the picture: ``pick``, ``place`` and a
    short ``button`` caption (see the module's docstring)."""
    use_edition(view)
    lang = lang_of(lang)
    return [picture_moves.move(action, view, lang) for action in legal]


def log_keys(event: dict[str, Any]) -> list[str]:
    """The ``data-key``s of the pieces a log event touched (an older log's event too)."""
    event = upgrade_event(event)
    kind = event.get("type")
    seat = event.get("seat")
    keys: list[str] = []
    if isinstance(seat, int) and kind not in _SEATLESS:
        keys.append(f"knight:{seat}")
    to = event.get("to") if kind != "fight" else event.get("cell")
    if isinstance(to, list) and len(to) == 2:
        keys.append(f"cell:{to[0]},{to[1]}")
    card = event.get("card")
    if isinstance(card, str) and kind in _CARD_EVENTS:
        keys.append(f"card:{card}")
    if kind in ("move_unit", "unit_removed") or (kind == "fight" and _index(event, "unit")):
        keys.append(f"unit:{event.get('unit')}")
    if kind in ("plundered",) or (kind == "fight" and _index(event, "city")):
        keys.append(f"city:{event.get('city')}")
    if kind == "event" and isinstance(event.get("target"), int):
        keys.append(f"knight:{event['target']}")
    if kind == "fight" and isinstance(event.get("fighter"), int):
        keys.append(f"knight:{event['fighter']}")
    if kind == "reveal" and isinstance(event.get("attacker"), int):
        keys.append(f"knight:{event['attacker']}")
    keys += _EXTRA.get(str(kind), [])
    if kind == "throw":
        colours = {**(event.get("thrown") or {}), **(event.get("tray") or {})}
        keys += [f"cubes:{c}" for c in sorted(colours)]
    if kind in ("papal_reward", "recruit", "pray"):
        keys.append(f"seat:{seat}")
    return list(dict.fromkeys(keys))  # once each, in order


_SEATLESS = ("throw", "draw", "immediate", "siege_ends", "reveal", "fight")
_CARD_EVENTS = ("move", "event", "truce", "lance", "discard", "immediate", "empty_tower", "draw")
_EXTRA = {
    "throw": ["tower"],
    "empty_tower": ["tower"],
    "reveal": ["garrison"],
    "siege": ["garrison"],
    "siege_round": ["garrison"],
    "jerusalem_falls": ["garrison"],
    "immediate": ["deck"],
    "draw": ["deck"],
    "exhausted": ["deck"],
}


def _index(event: dict[str, Any], name: str) -> bool:
    value = event.get(name)
    return isinstance(value, int) and value >= 0


# -- the header and the legend ------------------------------------------------------------
def _header(view: dict[str, Any], lang: str) -> tuple[list[str], float]:
    w = words(lang)
    lab = labels(lang)
    seat = view.get("seat")
    viewer = seat if isinstance(seat, int) else None
    parts = [w["turn"].format(n=view["turn"])]
    if view["over"]:
        reason = str(view.get("end_reason") or "")
        parts = [w["over"].format(reason=lab.get(f"reason_{reason}", reason))]
        winners = view.get("winners") or []
        names = ", ".join(pic.seat_name(s, lang, viewer) for s in winners)
        won = counted(lang, "winners", len(winners)) if winners else w["no_winner"]
        parts.append(won.format(names=names))
    else:
        parts.append(w["to_act"].format(name=pic.seat_name(view["active"], lang, viewer)))
        decision = view["decision"]
        kind = str(decision.get("type"))
        what = lab.get(f"d_{kind}", kind)
        if kind == "symbol":
            unit = str(view.get("symbol", "?"))
            what = what.format(unit=w.get(f"legend_{unit}", unit))
        who = decision.get("seat")
        if isinstance(who, int) and who != view["active"]:
            what = w["decider"].format(what=what, name=pic.seat_name(who, lang, viewer))
        phase = w.get(f"phase_{view['phase']}", str(view["phase"]))
        parts.append(w["decision"].format(phase=phase, what=what))
    status = " · ".join(parts)
    head, y = pic.header(w["title"], status, WIDTH)
    if viewer is not None and 16 + pic.text_width(status) < WIDTH - 214:  # room beside
        you = pic.seat_name(viewer, lang, viewer)
        head.append(
            f"<g{pic.tip(you)}>"
            + figures.knight(viewer, WIDTH - 200, 32, 1.1)
            + pic.text(WIDTH - 182, 38, you, pic.FONT, fill="#ffffff", font_weight="bold")
            + "</g>"
        )
    over = "true" if view["over"] else "false"
    return [f'<g data-kind="status" data-over="{over}">', *head, "</g>"], y


def _legend(
    lang: str, y: float, x: float = MAP_X, width: float = WIDTH - 2 * MAP_X
) -> tuple[list[str], float]:
    """What the map's figures are (their tips say more)."""
    out, bottom = _legend_drawn(lang, y, x, width)
    return list(out), bottom


@lru_cache(maxsize=64)
def _legend_drawn(lang: str, y: float, x: float, width: float) -> tuple[tuple[str, ...], float]:
    """The legend depends on nothing but the language and where it goes."""
    w = words(lang)
    items = [
        (figures.city("city_red", 15, 16, False), w["legend_red"]),
        (figures.city("city_green", 15, 16, False), w["legend_green"]),
        (figures.city(JERUSALEM, 15, 17, False), w["legend_jerusalem"]),
        (figures.fleet(15, 15), w["legend_fleet"]),
        (figures.army(15, 14), w["legend_army"]),
        (figures.knight(0, 15, 13, 0.8), w["legend_knight"]),
    ]
    out, bottom = pic.legend(items, x, y, width, icon=30)
    return tuple(out), bottom


# -- the hand and the piles ---------------------------------------------------------------
def _cards_row(
    view: dict[str, Any], legal: Sequence[dict[str, Any]], lang: str, y: float
) -> tuple[list[str], float]:
    """The viewer's hand at the left, the draw and discard piles at the right (at the left
    for a spectator, who has no hand)."""
    hand = view.get("hand")
    out = [] if hand is None else _hand([str(c) for c in hand], legal, lang, y)
    px = WIDTH - MAP_X - 2 * cards_svg.CARD_W - 16 if hand is not None else MAP_X
    out += _piles(view, lang, px, y)
    return out, y + 34 + cards_svg.CARD_H + 8


def _hand(hand: list[str], legal: Sequence[dict[str, Any]], lang: str, y: float) -> list[str]:
    """Each card a pick (``card:CODE``); cards without a move now are dimmed."""
    w = words(lang)
    playable = {a.get("card") for a in legal if isinstance(a.get("card"), str)}
    choosing = any(a.get("type") in ("move", "event", "discard") for a in legal)
    head = w["hand"].format(n=len(hand))
    out = [pic.text(MAP_X, y + 16, head, pic.LARGE, font_weight="bold")]
    hint = ""
    if any(a.get("type") == "discard" for a in legal):
        hint = w["discard_hint"]
    elif choosing:
        hint = w["hand_hint"]
    if hint:
        x = MAP_X + pic.text_width(head, pic.LARGE) + 16
        out.append(pic.text(x, y + 16, hint, pic.FONT, fill="#1b5e20", font_weight="bold"))
    edition = drawn_edition()
    for i, code in enumerate(hand):
        x = MAP_X + i * (cards_svg.CARD_W + 10)
        dim = choosing and code not in playable
        out.append(_hand_card(code, x, y + 28, lang, edition, dim))
    return out


@lru_cache(maxsize=512, typed=True)
def _hand_card(code: str, x: float, y: float, lang: str, edition: str, dim: bool) -> str:
    """A hand card with its pick, key and tip (``edition`` keys the cards being drawn)."""
    return (
        f'<g data-kind="card" data-card="{code}"{pic.pick(f"card:{code}")}'
        f"{pic.key(f'card:{code}')}{pic.tip(_card_tip(code, lang, edition))}>"
        + cards_svg.card(code, x, y, lang, edition, dim)
        + "</g>"
    )


def _piles(view: dict[str, Any], lang: str, px: float, y: float) -> list[str]:
    """The draw pile (backs and its size) and the discard pile's top card."""
    w = words(lang)
    out = [pic.text(px, y + 16, w["deck"], pic.FONT, font_weight="bold")]
    deck_tip = counted(lang, "deck_tip", int(view["draw_pile"])).format(
        n=view["draw_pile"], e=view["exhaustions"]
    )
    out.append(cards_svg.card_back(px, y + 34, int(view["draw_pile"]), deck_tip))
    dx = px + cards_svg.CARD_W + 16
    out.append(pic.text(dx, y + 16, w["discard"], pic.FONT, font_weight="bold"))
    discard = view.get("discard") or []
    if discard:
        top = str(discard[-1])
        tip = (
            counted(lang, "discard_tip", len(discard)).format(n=len(discard))
            + "\n"
            + _card_tip(top, lang, drawn_edition())
        )
        out.append(
            f'<g data-kind="discard-top" data-card="{top}"{pic.key(f"card:{top}")}'
            f"{pic.tip(tip)}>" + cards_svg.card(top, dx, y + 34, lang, drawn_edition()) + "</g>"
        )
        return out
    out.append(
        f'<rect x="{num(dx)}" y="{num(y + 34)}" width="{cards_svg.CARD_W}" '
        f'height="{cards_svg.CARD_H}" rx="9" fill="none" stroke="#b8a98c" '
        'stroke-dasharray="6 4"/>'
    )
    cx, cy = dx + cards_svg.CARD_W / 2, y + 34 + cards_svg.CARD_H / 2
    out.append(pic.text(cx, cy, w["discard_empty"], pic.FONT, fill=pic.MUTED, text_anchor="middle"))
    return out


@lru_cache(maxsize=512)
def _card_tip(code: str, lang: str, edition: str) -> str:
    """A card's tip (``edition`` keys the cards being drawn)."""
    return cards_svg.card_tip(code, lang)
