"""The Kingdoms of Crusaders as a standalone SVG picture of one seat's view (standard library
only).

Left: the header (title, players, whose view, whose turn or the result), the five
territories as columns, each with its status (open, claimable by, or won by whom with which
victory marker, by completion or by claim, at which play) and one row per seat with that
seat's army: its cards as small cards showing their five symbol slots (Lance 1 ... Banner 5
in the symbol colours, blanks empty) and play numbers, its formation (``R(5) B(4) C(2)``) and
the play that completed it; the viewer's row comes last, nearest the hand. Below: the viewer's
hand as card faces (the card just drawn marked ◆) and the action buttons. Right: the standing
(every seat's hand size, victory markers, territories won and marker sum; only counts for
other hands), the deck size, the play counter, the claims mode, the public unseen pool by
symbol sets, and the result at the end.

Every territory is a group with ``data-kind="territory"``, ``data-territory`` (1-5) and, when
decided, ``data-decided-by``, ``data-marker`` and ``data-method``; every army a group with
``data-kind="army"``, ``data-territory``, ``data-seat``, ``data-army`` (the formation) and
``data-complete-at``; every card on the table ``data-kind="card"`` with ``data-card``,
``data-slots``, ``data-play``, ``data-seat`` and ``data-territory``; every hand card
``data-kind="hand-card"`` with ``data-card`` and ``data-slots`` (and ``data-drawn="true"``
for the drawn card); every seat's standing ``data-kind="seat"`` with ``data-seat``,
``data-hand-size`` and ``data-markers``; every unseen symbol set ``data-kind="unseen"`` with
``data-slots`` and ``data-count``. With ``legal`` (action JSON objects), every legal action is
one clickable element (class ``target``) whose ``data-action`` holds the action's JSON: a
play is a chip in the drop zone (``data-kind="drop-zone"``) under the viewer's army in that
territory (``data-target`` = the territory, ``data-card`` = the card), a claim a button on the
territory's header (``data-target``), everything else a button below the hand."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from html import escape
from typing import Any

from ...engine.markup import strip_markup
from ...engine.svg import Panel, action_payload, button_rows
from ...engine.svg import attr as _attr
from ...engine.svg import text_element as _text
from .symbols import COLOURS
from .text import LABELS

MARGIN = 28
HEADER = 62
COL_W = 206
COL_GAP = 10
TERR_HEAD = 50
CARD_W, CARD_H, CARD_GAP = 44, 46, 4
ROW_LABEL = 16
ROW_H = ROW_LABEL + CARD_H + 10
DROP_H = 24
HAND_W, HAND_H, HAND_GAP = 76, 100, 10
PANEL_W = 400

SEAT_COLOURS = ("#1565c0", "#c62828", "#6a1b9a", "#ef6c00")
DECIDED_FILL = "#fdf2d0"
OPEN_FILL = "#f4f6f7"

SVG_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "seat_view": "view of {name} (seat {seat})",
        "hand_of": "hand {n}",
        "your_hand": "Your hand ({n} cards)",
        "drawn": "◆ drawn",
        "complete": "✓#{n}",
        "no_formation": "no formation",
        "claim_button": "claim",
        "play_title": "play {card} ({slots}) into territory {t}",
        "standing": "Standing",
        "seat_markers": "markers {m} · territories {w} · sum {s}",
        "table": "Table",
        "unseen_head": "Unseen pool ({n} cards in hands and deck)",
        "formations": "R = Regiment (4× a symbol) · B = Battalion (3×) · C = Company (2×)",
        "stop": "ends when the winners are fixed",
        "symbols": "Lance,Bow,Sword,Helmet,Banner",
        "result": "Result",
        "drop": "drop a card here",
        "ranking": "Ranking",
        "ranking_rule": "more territories first, then the lower marker sum; equal ones share",
        "rank_line": "{n}. {name}: territories {w} · marker sum {s}",
        "won": "won: {t}",
        "won_none": "no territory yet",
        "left": "markers still to take: {m}",
    },
    "de": {
        "seat_view": "Sicht von {name} (Platz {seat})",
        "hand_of": "Hand {n}",
        "your_hand": "Deine Hand ({n} Karten)",
        "drawn": "◆ gezogen",
        "complete": "✓#{n}",
        "no_formation": "keine Formation",
        "claim_button": "beanspruchen",
        "play_title": "{card} ({slots}) in Gebiet {t} ausspielen",
        "standing": "Stand",
        "seat_markers": "Siegmarker {m} · Gebiete {w} · Summe {s}",
        "table": "Tisch",
        "unseen_head": "Ungesehene Karten ({n} in Händen und Stapel)",
        "formations": "R = Regiment (4× ein Symbol) · B = Bataillon (3×) · C = Kompanie (2×)",
        "stop": "endet, sobald die Sieger feststehen",
        "symbols": "Lanze,Bogen,Schwert,Helm,Banner",
        "result": "Ergebnis",
        "drop": "Karte hier ausspielen",
        "ranking": "Rangfolge",
        "ranking_rule": "mehr Gebiete zuerst, dann die kleinere Markersumme; Gleiche teilen",
        "rank_line": "{n}. {name}: Gebiete {w} · Markersumme {s}",
        "won": "gewonnen: {t}",
        "won_none": "noch kein Gebiet",
        "left": "noch zu vergeben: Marker {m}",
    },
}


@lru_cache(maxsize=8)
def _labels(lang: str) -> dict[str, str]:
    """text.py's labels for ``lang`` without their Rich markup (computed once per language;
    the renderer only reads the dict)."""
    return {k: strip_markup(v) for k, v in LABELS.get(lang, LABELS["en"]).items()}


def _name(seat: int, viewer: int | None, lab: dict[str, str]) -> str:
    name = lab["player"].format(n=seat + 1)
    return f"{name} ({lab['you']})" if seat == viewer else name


def _short(seat: int, viewer: int | None, lab: dict[str, str]) -> str:
    """``You`` for the viewer, else ``Player n``: for the narrow territory columns."""
    return lab["you"] if seat == viewer else lab["player"].format(n=seat + 1)


def _names(seats: Sequence[int], viewer: int | None, lab: dict[str, str]) -> str:
    return ", ".join(_name(s, viewer, lab) for s in seats) or lab["none"]


def _colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _col_x(i: int) -> int:
    return MARGIN + i * (COL_W + COL_GAP)


def _seat_order(view: dict[str, Any]) -> list[int]:
    """The seats of a territory column, top to bottom: the viewer last, nearest the hand."""
    seat = view.get("seat")
    seats = [p for p in range(view["players"]) if p != seat]
    return seats if seat is None else [*seats, seat]


# Cards keep their place once played and the hand and the unseen pool change little from
# move to move, so the card pictures are memoised on everything they show, including their
# position (bounded: a game has 5 territories x 4 seats x 4 places).
@lru_cache(maxsize=4096)
def _slot_strip(slots: str, x: float, y: float, size: int = 8, gap: float = 0.6) -> str:
    """Five squares, one per symbol rank: present ones filled in the symbol's colour with
    their rank digit, blank ones empty."""
    out = []
    for i, ch in enumerate(slots[:5]):
        sx = x + i * (size + gap)
        if ch == ".":
            out.append(
                f'<rect x="{sx:g}" y="{y:g}" width="{size}" height="{size}" fill="#ffffff" '
                'stroke="#bdbdbd" stroke-width="0.5"/>'
            )
        else:
            out.append(
                f'<rect x="{sx:g}" y="{y:g}" width="{size}" height="{size}" '
                f'fill="{COLOURS[i]}" stroke="#333" stroke-width="0.4"/>'
                + _text(
                    sx + size / 2,
                    y + size - 1.5,
                    ch,
                    max(6, size - 2),
                    fill="#ffffff",
                    text_anchor="middle",
                    font_weight="bold",
                )
            )
    return "".join(out)


@lru_cache(maxsize=4096)
def _table_card_svg(
    code: str, slots: str, play: Any, seat: int, territory: int, x: float, y: float
) -> str:
    return (
        f'<g data-kind="card" data-card={_attr(code)} data-slots={_attr(slots)} '
        f'data-play="{play}" data-seat="{seat}" data-territory="{territory}">'
        f"<title>{escape(code)} {escape(slots)} #{play}</title>"
        f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="3" '
        f'fill="#fffef8" stroke="{_colour(seat)}" stroke-width="1.2"/>'
        + _text(x + 3, y + 10, code, 8, fill="#444")
        + _slot_strip(slots, x + 1.5, y + 15)
        + _text(x + CARD_W / 2, y + CARD_H - 7, f"#{play}", 9, text_anchor="middle")
        + "</g>"
    )


@lru_cache(maxsize=512)
def _empty_slot(x: float, y: float) -> str:
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="3" fill="none" '
        'stroke="#cfd8dc" stroke-width="0.8" stroke-dasharray="3,2"/>'
    )


def _formation(army: dict[str, Any], slab: dict[str, str]) -> str:
    text = str(army["army"])
    return slab["no_formation"] if text == "(none)" else text


def _territory(
    view: dict[str, Any],
    territory: dict[str, Any],
    i: int,
    top: int,
    plays: list[dict[str, Any]],
    claims: list[dict[str, Any]],
    lab: dict[str, str],
    slab: dict[str, str],
) -> tuple[list[str], int]:
    """One territory column: header, one army row per seat, the viewer's drop zone."""
    seat = view.get("seat")
    t = int(territory["territory"])
    x0 = _col_x(i)
    d = territory.get("decided")
    attrs = f'data-kind="territory" data-territory="{t}"'
    if d is not None:
        attrs += (
            f' data-decided-by="{d["winner"]}" data-marker="{d["marker"]}" '
            f"data-method={_attr(d['method'])}"
        )
    claimable = territory.get("claimable_by")
    if claimable:
        attrs += f" data-claimable-by={_attr(','.join(str(p) for p in claimable))}"
    body: list[str] = []
    # the header
    body.append(_text(x0 + 6, top + 16, lab["territory"].format(n=t), 14, font_weight="bold"))
    if d is None:
        body.append(_text(x0 + 6, top + 32, lab["open"], 10, fill="#1e8449"))
        if claimable:
            names = ", ".join(_short(p, seat, lab) for p in claimable)
            claim_text = lab["claimable"].format(names=names)
            body.append(_text(x0 + 6, top + 45, claim_text, 9 if len(claim_text) < 40 else 8))
    else:
        how = lab["completion"] if d["method"] == "completion" else lab["claim"]
        winner = int(d["winner"])
        won = "★ " + lab["won_by"].format(name=_name(winner, seat, lab))
        body.append(
            f'<g data-kind="marker" data-seat="{winner}" data-marker="{d["marker"]}">'
            f"<title>{escape(lab['marker'].format(n=d['marker']))} · {escape(how)} "
            f"{escape(lab['at_play'].format(n=d['play']))}</title>"
            f'<circle cx="{x0 + COL_W - 18}" cy="{top + 16}" r="11" fill="{_colour(winner)}" '
            'stroke="#7d6608" stroke-width="2"/>'
            + _text(
                x0 + COL_W - 18,
                top + 21,
                str(d["marker"]),
                13,
                fill="#ffffff",
                text_anchor="middle",
                font_weight="bold",
            )
            + "</g>"
        )
        body.append(
            _text(
                x0 + 6,
                top + 32,
                won,
                10 if len(won) < 25 else 8,
                font_weight="bold",
                fill=_colour(winner),
            )
        )
        body.append(
            _text(
                x0 + 6,
                top + 45,
                f"{how} · #{d['play']}",
                9,
                fill="#555",
            )
        )
    for k, action in enumerate(claims):
        w = 14 + 7 * len(slab["claim_button"])
        bx = x0 + COL_W - 8 - w
        by = top + 4 + k * 24
        body.append(
            f'<g class="target button" data-action={_attr(action_payload(action))} '
            f'data-target="{t}" style="cursor:pointer">'
            f"<title>{escape(lab['act_claim'].format(n=t))}</title>"
            f'<rect x="{bx}" y="{by}" width="{w}" height="20" rx="5" fill="#e8f8f5" '
            'stroke="#00c853" stroke-width="2"/>'
            + _text(bx + 7, by + 14, slab["claim_button"], 11, font_weight="bold")
            + "</g>"
        )
    # the armies
    y = top + TERR_HEAD
    armies = {int(a["seat"]): a for a in territory["armies"]}
    winner_seat = None if d is None else int(d["winner"])
    for p in _seat_order(view):
        army = armies.get(p)
        if army is None:
            continue
        complete = army.get("complete_at")
        label = _short(p, seat, lab)
        if p == winner_seat:
            label = "★ " + label
        formation = _formation(army, slab)
        if complete:
            formation += " " + slab["complete"].format(n=complete)
        cards = tuple((str(c["card"]), str(c["slots"]), c["play"]) for c in army["cards"][:4])
        body.append(
            _army_row(
                t,
                p,
                x0,
                y,
                str(army["army"]),
                complete,
                p == seat,
                d is None,
                label,
                formation,
                cards,
            )
        )
        y += ROW_H
        if p == seat and d is None:
            body.extend(_drop_zone(x0, y - 6, t, plays, view, slab))
            y += DROP_H
    fill = DECIDED_FILL if d is not None else OPEN_FILL
    stroke = _colour(int(d["winner"])) if d is not None else "#90a4ae"
    frame = (
        f'<rect x="{x0}" y="{top}" width="{COL_W}" height="{y - top + 4}" rx="6" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{2.5 if d is not None else 1}"/>'
    )
    return [f"<g {attrs}>", frame, *body, "</g>"], y + 4


@lru_cache(maxsize=1024)
def _army_row(
    t: int,
    p: int,
    x0: int,
    y: int,
    army: str,
    complete: Any,
    mine: bool,
    open_: bool,
    label: str,
    formation: str,
    cards: tuple[tuple[str, str, Any], ...],
) -> str:
    """One seat's army in one territory, memoised: most rows do not change in a move."""
    row = [
        f'<g data-kind="army" data-territory="{t}" data-seat="{p}" '
        f"data-army={_attr(army)}" + (f' data-complete-at="{complete}"' if complete else "") + ">"
    ]
    if mine:
        row.append(
            f'<rect x="{x0 + 2}" y="{y}" width="{COL_W - 4}" '
            f'height="{ROW_H - 4 + (DROP_H if open_ else 0)}" rx="4" fill="#ffffff" '
            f'fill-opacity="0.7" stroke="{_colour(p)}" stroke-width="1"/>'
        )
    row.append(
        f'<rect x="{x0 + 6}" y="{y + 4}" width="9" height="9" fill="{_colour(p)}" '
        'stroke="#222" stroke-width="0.6"/>'
    )
    row.append(_text(x0 + 19, y + 12, label, 10, font_weight="bold" if mine else "normal"))
    row.append(
        _text(
            x0 + COL_W - 6,
            y + 12,
            formation,
            10,
            text_anchor="end",
            font_weight="bold",
            fill="#1e8449" if complete else "#333",
        )
    )
    cy = y + ROW_LABEL
    for k in range(4):
        cx = x0 + 6 + k * (CARD_W + CARD_GAP)
        if k < len(cards):
            row.append(_table_card_svg(*cards[k], p, t, cx, cy))
        else:
            row.append(_empty_slot(cx, cy))
    row.append("</g>")
    return "\n".join(row)  # the picture puts each element on its own line


def _drop_zone(
    x0: int,
    y: int,
    t: int,
    plays: list[dict[str, Any]],
    view: dict[str, Any],
    slab: dict[str, str],
) -> list[str]:
    """The viewer's drop zone in territory ``t``: one clickable chip per legal play there."""
    slots = {str(c["card"]): str(c["slots"]) for c in view.get("hand") or []}
    zx, zw = x0 + 6, COL_W - 12
    out = [
        f'<g data-kind="drop-zone" data-territory="{t}">',
        f'<rect x="{zx}" y="{y}" width="{zw}" height="{DROP_H - 4}" rx="4" '
        f'fill="{"#e8f8f5" if plays else "none"}" '
        f'stroke="{"#00c853" if plays else "#cfd8dc"}" stroke-width="1" '
        'stroke-dasharray="4,2"/>',
    ]
    if plays:
        w = zw / len(plays)
        for k, action in enumerate(plays):
            code = str(action.get("card"))
            card_slots = slots.get(code, "?????")
            title = slab["play_title"].format(card=code, slots=card_slots, t=t)
            cx = zx + k * w
            out.append(
                f'<g class="target" data-action={_attr(action_payload(action))} data-target="{t}" '
                f'data-card={_attr(code)} style="cursor:pointer">'
                f"<title>{escape(title)}</title>"
                f'<rect x="{cx + 1:g}" y="{y + 1}" width="{w - 2:g}" height="{DROP_H - 6}" '
                'rx="3" fill="#ffffff" fill-opacity="0.8" stroke="#00c853" stroke-width="1.5"/>'
                + _text(cx + w / 2, y + 13, code, 8 if w >= 30 else 6, text_anchor="middle")
                + "</g>"
            )
    out.append("</g>")
    return out


def _hand_card(card: dict[str, Any], x: int, y: int, drawn: bool, slab: dict[str, str]) -> str:
    return _hand_card_svg(
        str(card["card"]), str(card["slots"]), x, y, drawn, slab["symbols"], slab["drawn"]
    )


@lru_cache(maxsize=1024)
def _hand_card_svg(
    code: str, slots: str, x: int, y: int, drawn: bool, symbols: str, drawn_label: str
) -> str:
    names = symbols.split(",")
    mark = ' data-drawn="true"' if drawn else ""
    body = [
        f'<rect x="{x}" y="{y}" width="{HAND_W}" height="{HAND_H}" rx="5" fill="#fffef8" '
        f'stroke="{"#d4a017" if drawn else "#333"}" stroke-width="{3 if drawn else 1}"/>',
        _text(x + 5, y + 13, code, 11, font_weight="bold"),
    ]
    for i, ch in enumerate(slots[:5]):
        sy = y + 19 + i * 15
        if ch == ".":
            body.append(
                f'<rect x="{x + 5}" y="{sy}" width="{HAND_W - 10}" height="13" rx="2" '
                'fill="none" stroke="#cfd8dc" stroke-width="0.6" stroke-dasharray="2,2"/>'
            )
        else:
            body.append(
                f'<rect x="{x + 5}" y="{sy}" width="{HAND_W - 10}" height="13" rx="2" '
                f'fill="{COLOURS[i]}" stroke="#333" stroke-width="0.4"/>'
                + _text(x + 9, sy + 10, f"{ch} {names[i]}", 9, fill="#ffffff", font_weight="bold")
            )
    if drawn:
        body.append(_text(x + HAND_W / 2, y + HAND_H + 13, drawn_label, 11, text_anchor="middle"))
    return (
        f'<g data-kind="hand-card" data-card={_attr(code)} data-slots={_attr(slots)}{mark}>'
        + "".join(body)
        + "</g>"
    )


def _hand(view: dict[str, Any], top: int, slab: dict[str, str]) -> tuple[list[str], int]:
    hand = view.get("hand")
    if hand is None:
        return [], top
    drawn = view.get("drawn")
    out = [
        '<g class="hand">',
        _text(MARGIN, top + 14, slab["your_hand"].format(n=len(hand)), 14, font_weight="bold"),
    ]
    for i, card in enumerate(hand):
        x = MARGIN + i * (HAND_W + HAND_GAP)
        out.append(_hand_card(card, x, top + 22, card["card"] == drawn, slab))
    out.append("</g>")
    return out, top + 22 + HAND_H + 20


def _button_label(action: dict[str, Any], lab: dict[str, str], slab: dict[str, str]) -> str:
    kind = str(action.get("type", ""))
    if kind == "end_claims":
        return lab["act_end_claims"]
    if kind == "claim":
        return lab["act_claim"].format(n=action.get("territory"))
    if kind == "play":
        return slab["play_title"].format(
            card=action.get("card"), slots="?", t=action.get("territory")
        )
    return kind.replace("_", " ")


def _buttons(
    actions: Sequence[dict[str, Any]],
    top: int,
    width: int,
    lab: dict[str, str],
    slab: dict[str, str],
) -> tuple[list[str], int]:
    if not actions:
        return [], top
    items = [(_button_label(action, lab, slab), action) for action in actions]
    return button_rows(items, MARGIN, MARGIN + width, top)


def _status(view: dict[str, Any], lab: dict[str, str]) -> str:
    seat = view.get("seat")
    over = view["phase"] == "over"
    if over:
        winners = view.get("winners") or []
        key = "winners" if len(winners) > 1 else "winner"
        text = f"{lab['over']} {lab[key].format(names=_names(winners, seat, lab))}"
    else:
        active = view.get("active")
        key = "to_claim" if view["phase"] == "claim" else "to_play"
        text = lab[key].format(name=_name(int(active), seat, lab)) if active is not None else ""
    active_attr = "" if over or view.get("active") is None else f' data-active="{view["active"]}"'
    return (
        f'<g data-kind="status" data-over="{"true" if over else "false"}" '
        f"data-phase={_attr(view['phase'])}{active_attr}>"
        + _text(
            MARGIN, MARGIN + 26, text, 14, font_weight="bold", fill="#1b5e20" if over else "#000"
        )
        + "</g>"
    )


def _header(view: dict[str, Any], lab: dict[str, str], slab: dict[str, str]) -> list[str]:
    seat = view.get("seat")
    who = (
        slab["seat_view"].format(name=lab["player"].format(n=seat + 1), seat=seat)
        if seat is not None
        else lab["spectator"]
    )
    info = " · ".join(
        (
            lab["players"].format(n=view["players"]),
            who,
            lab["plays"].format(n=view["play_counter"]),
            lab["deck"].format(n=view["deck_size"]),
            lab["claims"].format(mode=view["claims"]),
        )
    )
    return [
        _text(MARGIN, MARGIN + 4, lab["title"], 20, font_weight="bold"),
        _status(view, lab),
        _text(MARGIN, MARGIN + 44, info, 12, fill="#333"),
    ]


def _panel(view: dict[str, Any], x: int, lab: dict[str, str], slab: dict[str, str]) -> Panel:
    seat, active = view.get("seat"), view.get("active")
    over = view["phase"] == "over"
    panel = Panel(x, MARGIN + 4)
    panel.line(slab["standing"], 15, font_weight="bold")
    for p in range(view["players"]):
        markers = [int(m) for m in view["markers"][p]]
        won, total = view["standing"][p]
        panel.out.append(
            f'<g data-kind="seat" data-seat="{p}" data-hand-size="{view["hand_sizes"][p]}" '
            f"data-markers={_attr(','.join(str(m) for m in markers))}>"
        )
        mark = "▶ " if p == active and not over else ""
        panel.line(
            f"{mark}{_name(p, seat, lab)} · {slab['hand_of'].format(n=view['hand_sizes'][p])}",
            13,
            indent=16,
            font_weight="bold" if p == seat else "normal",
        )
        panel.swatch(_colour(p))
        panel.line(
            slab["seat_markers"].format(
                m=", ".join(str(m) for m in markers) or "–", w=won, s=total
            ),
            12,
            indent=16,
            fill="#333",
        )
        panel.out.append("</g>")
    panel.gap()
    panel.line(slab["table"], 15, font_weight="bold")
    panel.line(lab["deck"].format(n=view["deck_size"]), 12, indent=16)
    panel.out[-1] = panel.out[-1].replace(
        "<text ", f'<text data-kind="deck" data-count="{view["deck_size"]}" ', 1
    )
    panel.line(lab["plays"].format(n=view["play_counter"]), 12, indent=16)
    panel.line(lab["claims"].format(mode=view["claims"]), 12, indent=16)
    if view.get("stop_when_decided"):
        panel.line(slab["stop"], 12, indent=16)
    # the unseen pool
    unseen = view.get("unseen") or {}
    panel.gap()
    panel.line(
        slab["unseen_head"].format(n=sum(int(n) for n in unseen.values())), 13, font_weight="bold"
    )
    panel.y += 4
    per_row = 4
    for k, (slots, n) in enumerate(unseen.items()):
        col = k % per_row
        if col == 0:
            panel.y += 16
        ux = panel.x + 16 + col * 92
        panel.out.append(
            f'<g data-kind="unseen" data-slots={_attr(slots)} data-count="{n}">'
            + _slot_strip(str(slots), ux, panel.y - 11, size=10, gap=0.8)
            + _text(ux + 56, panel.y - 2, f"×{n}", 11)
            + "</g>"
        )
    panel.gap()
    panel.wrapped(slab["formations"].split(" "), 0, 10, 66, fill="#555")
    panel.wrapped(lab["legend"].split(" "), 0, 10, 66, fill="#555")
    # the result
    if over:
        winners = view.get("winners") or []
        key = "winners" if len(winners) > 1 else "winner"
        panel.gap()
        panel.line(slab["result"], 15, font_weight="bold")
        panel.out.append(
            f'<g data-kind="result" data-winners={_attr(",".join(str(w) for w in winners))}>'
        )
        panel.line(lab["over"], 13, indent=16, font_weight="bold")
        panel.line(
            lab[key].format(names=_names(winners, seat, lab)),
            13,
            indent=16,
            font_weight="bold",
            fill="#1b5e20",
        )
        panel.out.append("</g>")
    _ranking(view, panel, lab, slab)
    return panel


def _ranking(view: dict[str, Any], panel: Panel, lab: dict[str, str], slab: dict[str, str]) -> None:
    """The standing by KC-R35 (territories won, then the lower sum of victory markers), each
    seat with the territories it won and their markers (KC-R32), and the markers still to
    be taken. Everything here is public."""
    seat = view.get("seat")
    won: dict[int, list[tuple[int, int]]] = {p: [] for p in range(view["players"])}
    for territory in view["territories"]:
        d = territory.get("decided")
        if d is not None:
            won.setdefault(int(d["winner"]), []).append(
                (int(territory["territory"]), int(d["marker"]))
            )
    keys = {p: (len(view["markers"][p]), -sum(view["markers"][p])) for p in range(view["players"])}
    order = sorted(keys, key=lambda p: (-keys[p][0], -keys[p][1], p))
    taken = {int(m) for markers in view["markers"] for m in markers}
    panel.gap()
    panel.line(slab["ranking"], 15, font_weight="bold")
    panel.line(slab["ranking_rule"], 10, indent=16, fill="#555")
    place, previous = 0, None
    for i, p in enumerate(order, 1):
        if keys[p] != previous:
            place, previous = i, keys[p]
        count, total = keys[p][0], -keys[p][1]
        panel.out.append(
            f'<g data-kind="ranking" data-seat="{p}" data-place="{place}" '
            f'data-territories="{count}" data-sum="{total}">'
        )
        panel.line(
            slab["rank_line"].format(n=place, name=_name(p, seat, lab), w=count, s=total),
            13,
            indent=16,
            font_weight="bold" if p == seat else "normal",
        )
        panel.swatch(_colour(p))
        items = [f"{lab['territory'].format(n=t)} ★{m}" for t, m in sorted(won.get(p, []))]
        text = slab["won"].format(t=", ".join(items)) if items else slab["won_none"]
        panel.line(text, 12, indent=28, fill="#333")
        panel.out.append("</g>")
    left = [m for m in range(1, len(view["territories"]) + 1) if m not in taken]
    if left and view["phase"] != "over":
        panel.line(slab["left"].format(m=", ".join(str(m) for m in left)), 12, indent=16)


def render_svg(
    view: dict[str, Any], lang: str = "en", legal: Sequence[dict[str, Any]] | None = None
) -> str:
    """A standalone SVG document of ``view``; with ``legal``, one clickable element per
    legal action (``data-action`` = the action's JSON)."""
    lab = _labels(lang)
    slab = SVG_LABELS.get(lang, SVG_LABELS["en"])
    territories = view["territories"]
    numbers = {int(t["territory"]) for t in territories}
    seat = view.get("seat")
    plays: dict[int, list[dict[str, Any]]] = {}
    claims: dict[int, list[dict[str, Any]]] = {}
    decided = {int(t["territory"]) for t in territories if t.get("decided") is not None}
    buttons_for: list[dict[str, Any]] = []
    for action in legal or []:
        kind, t = action.get("type"), action.get("territory")
        if kind == "play" and seat is not None and t in numbers and t not in decided:
            plays.setdefault(int(t), []).append(action)
        elif kind == "claim" and t in numbers:
            claims.setdefault(int(t), []).append(action)
        else:
            buttons_for.append(action)
    top = MARGIN + HEADER
    body = _header(view, lab, slab)
    bottom = top
    for i, territory in enumerate(territories):
        t = int(territory["territory"])
        column, y = _territory(
            view, territory, i, top, plays.get(t, []), claims.get(t, []), lab, slab
        )
        body += column
        bottom = max(bottom, y)
    left_w = max(len(territories) * (COL_W + COL_GAP) - COL_GAP, 6 * (HAND_W + HAND_GAP))
    hand, y = _hand(view, bottom + 12, slab)
    body += hand
    buttons, y = _buttons(buttons_for, y + 4, left_w, lab, slab)
    body += buttons
    px = MARGIN + left_w + 24
    panel = _panel(view, px, lab, slab)
    width = px + PANEL_W
    height = max(y + MARGIN, panel.y + MARGIN)
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'data-game="kingdoms-of-crusaders" '
        f"data-seat={_attr('' if seat is None else seat)}>"
    )
    title = f"<title>{escape(lab['title'])}</title>"
    background = f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fffdf7"/>'
    return "\n".join([head, title, background, *body, *panel.out, "</svg>"]) + "\n"
