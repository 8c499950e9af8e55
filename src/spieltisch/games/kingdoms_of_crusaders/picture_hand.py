"""The row under the territories of the Kingdoms of Crusaders picture: the viewer's hand as
large cards (picks when playable), and right of it the deck as a pile, the table facts
and the victory markers still to take."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.picture import FONT, LARGE, MUTED, SMALL, text, tip
from ...engine.svg import attr, num
from .icons import ON_COLOUR, icon_on_colour
from .picture_context import (
    CARD_FILL,
    GOLD,
    GOLD_EDGE,
    HAND_GAP,
    HAND_H,
    HAND_PER_ROW,
    HAND_W,
    INFO_X,
    MARGIN,
    WIDTH,
    Ctx,
)
from .picture_territories import coin
from .svg_text import spelled
from .symbols import COLOURS
from .words import catalog, claims_mode, symbol_names


def hand_row(ctx: Ctx, top: float) -> tuple[list[str], float]:
    """The hand and, beside it, the deck and table facts; as tall as the taller."""
    hand, y = _hand(ctx, top)
    view = ctx.view
    # everything the table facts show; the same for every seat, so a move draws them once
    key = (
        "table-info",
        ctx.lang,
        ctx.over,
        top,
        view["deck_size"],
        view["players"],
        view["play_counter"],
        view["claims"],
        bool(view.get("stop_when_decided")),
        tuple(_markers_left(view)),
    )
    info, y2 = pic.kept(key, lambda: _table_info(ctx, top))
    return [*hand, info], max(y, y2)


def _hand(ctx: Ctx, top: float) -> tuple[list[str], float]:
    """The viewer's hand as large cards (the drawn one marked); picks when playable."""
    hand = ctx.view.get("hand")
    _ = ctx.words
    if hand is None:
        hidden = _("Spectator view: the hands are hidden")
        return [text(MARGIN + 8, top + 22, hidden, FONT, fill=MUTED)], top + 34
    drawn = ctx.view.get("drawn")
    playable = {card for cards in ctx.plays.values() for card in cards}
    title = _.ngettext("Your hand · {n} card", "Your hand · {n} cards", len(hand))
    out = [
        '<g class="hand">',
        text(MARGIN + 8, top + 20, title.format(n=len(hand)), LARGE, font_weight="bold"),
    ]
    y = top + 30
    for i, card in enumerate(hand):
        col, row = i % HAND_PER_ROW, i // HAND_PER_ROW
        x = MARGIN + 8 + col * (HAND_W + HAND_GAP)
        code, slots = str(card["card"]), str(card["slots"])
        hint = _hand_tip(code, slots, code == drawn, code in playable, ctx.lang)
        cy = y + row * (HAND_H + HAND_GAP)
        out.append(_hand_card(code, slots, x, cy, code == drawn, code in playable, hint, ctx.lang))
    rows = max(1, -(-len(hand) // HAND_PER_ROW))
    out.append("</g>")
    return out, y + rows * (HAND_H + HAND_GAP)


@lru_cache(maxsize=4096)
def _hand_tip(code: str, slots: str, drawn: bool, playable: bool, lang: str) -> str:
    """A hand card's symbols and id; whether it was just drawn; how to play it."""
    _ = catalog(lang)
    line = (
        _("{symbols} — card {code} in your hand (just drawn)")
        if drawn
        else _("{symbols} — card {code} in your hand")
    )
    line = line.format(symbols=spelled(slots, lang), code=code)
    if playable:
        line = _("{card}. Pick it, then the territory to play it into.").format(card=line)
    return line


@lru_cache(maxsize=4096)
def _hand_card(
    code: str, slots: str, x: float, y: float, drawn: bool, playable: bool, hint: str, lang: str
) -> str:
    _ = catalog(lang)
    names = symbol_names(lang)
    attrs = f'data-kind="hand-card" data-card={attr(code)} data-slots={attr(slots)}'
    if drawn:
        attrs += ' data-drawn="true"'
    # every hand card is a pick, also one that cannot be played now: a click on it asks why
    attrs += f' data-key="card:{code}" data-pick="card:{code}"'
    out = [
        f'<g {attrs} transform="translate({num(x)},{num(y)})"{tip(hint)}>',
        f'<rect x="0" y="0" width="{HAND_W}" height="{HAND_H}" rx="8" fill="{CARD_FILL}" '
        f'stroke="{GOLD_EDGE if drawn else "#6d5a3a"}" stroke-width="{3 if drawn else 1.5}"/>',
        text(8, 16, code, SMALL, fill=MUTED),
    ]
    if drawn:
        out.append(
            text(
                HAND_W - 7,
                16,
                _("◆ new"),
                SMALL,
                text_anchor="end",
                font_weight="bold",
                fill=GOLD_EDGE,
            )
        )
    for i, ch in enumerate(slots[:5]):
        ry = 22 + i * 21
        if ch == ".":
            out.append(
                f'<rect x="5.5" y="{ry + 0.5}" width="{HAND_W - 11}" height="18" rx="3" '
                'fill="none" stroke="#d9cfb8" stroke-dasharray="3,2"/>'
            )
            continue
        out.append(
            f'<rect x="5" y="{ry}" width="{HAND_W - 10}" height="19" rx="3" fill="{COLOURS[i]}"/>'
        )
        out.append(icon_on_colour(i, 8, ry + 1.5, 16))
        ink = ON_COLOUR[i]
        out.append(text(27, ry + 14, ch, SMALL, font_weight="bold", fill=ink))
        out.append(text(38, ry + 14, names[i], SMALL, fill=ink))
    out.append("</g>")
    return "".join(out)


def _table_info(ctx: Ctx, top: float) -> tuple[list[str], float]:
    """Right of the hand: the deck as a pile, the table facts and the markers to take."""
    view, _ = ctx.view, ctx.words
    x = INFO_X
    n = int(view["deck_size"])
    deck_tip = _.ngettext(
        "Deck: {n} card face down. A player draws one at the start of each turn, then plays "
        "one card.",
        "Deck: {n} cards face down. A player draws one at the start of each turn, then plays "
        "one card.",
        n,
    ).format(n=n)
    out = [f'<g data-kind="deck" data-count="{n}" data-key="deck"{tip(deck_tip)}>']
    piles = min(3, max(n, 1))
    for k in range(piles):
        out.append(_card_back(x + 8 + 3 * k, top + 14 + 3 * k))
    last_x, last_y = x + 8 + 3 * (piles - 1), top + 14 + 3 * (piles - 1)
    out.append(
        text(
            last_x + 38,
            last_y + 76,
            str(n),
            LARGE,
            font_weight="bold",
            text_anchor="middle",
            fill="#fff",
        )
    )
    out.append("</g>")
    col = pic.Column(x + 100, top, WIDTH - MARGIN - x - 100)
    col.line(
        _.ngettext("Deck: {n} card", "Deck: {n} cards", n).format(n=n), FONT, font_weight="bold"
    )
    col.line(_("{n} players").format(n=view["players"]), FONT)
    plays_tip = _("Cards played so far; each card shows its play number #n.")
    col.line(_("Cards played: {n}").format(n=view["play_counter"]), FONT, data_tip=plays_tip)
    mode = claims_mode(view["claims"], _, picture=True)
    mode_tip = _("How territories are decided early: {mode}.").format(mode=mode)
    col.line(_("Claims: {mode}").format(mode=mode), FONT, data_tip=mode_tip)
    if view.get("stop_when_decided"):
        stop_tip = _("The game ends as soon as the remaining markers cannot change the winners.")
        col.line(_("Ends as soon as the winners are fixed"), SMALL, data_tip=stop_tip, fill=MUTED)
    out += col.out
    y = max(col.y, top + 110) + 8
    left = _markers_left(view)
    if left and not ctx.over:
        out.append(text(x + 8, y + 14, _("Victory markers to take"), SMALL, font_weight="bold"))
        coin_tip = _(
            "Victory marker {m}: goes to the winner of the next territory decided. In a tie on "
            "territories the lower marker sum wins."
        )
        for k, m in enumerate(left):
            out.append(coin(m, x + 26 + k * 38, y + 40, None, coin_tip.format(m=m)))
        y += 62
    return out, y


@lru_cache(maxsize=64)
def _card_back(x: float, y: float) -> str:
    """A face-down card: dark red back, a gold frame and a cross."""
    return (
        f'<rect x="{num(x)}" y="{num(y)}" width="76" height="96" rx="7" fill="#7b2d26" '
        'stroke="#3b1410" stroke-width="1.5"/>'
        f'<rect x="{num(x + 5)}" y="{num(y + 5)}" width="66" height="86" rx="5" fill="none" '
        f'stroke="{GOLD}" stroke-width="1.2"/>'
        f'<path d="M{num(x + 38)} {num(y + 16)} V{num(y + 44)} M{num(x + 26)} {num(y + 27)} '
        f'H{num(x + 50)}" stroke="{GOLD}" stroke-width="5"/>'
    )


def _markers_left(view: dict[str, Any]) -> list[int]:
    taken = {int(m) for markers in view["markers"] for m in markers}
    return [m for m in range(1, len(view["territories"]) + 1) if m not in taken]
