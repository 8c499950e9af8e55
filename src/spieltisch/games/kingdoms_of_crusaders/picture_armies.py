"""One seat's army in one territory of the Kingdoms of Crusaders picture: its frame and
name, its four card places (table cards with their play number and five symbol cells,
empty places, the next one marked when the viewer may play there) and the formations it
holds as chips."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.picture import FONT, INK, MUTED, SMALL, seat_colour, text, tip
from ...engine.svg import attr, num
from .icons import BLANK, ON_COLOUR, icon_on_colour
from .picture_context import ARMY_H, CARD_FILL, CARD_GAP, CARD_H, CARD_W, COL_W, PLACE_GREEN, Ctx
from .svg_text import formation, formations, spelled
from .symbols import COLOURS
from .words import catalog, tier_letters


def draw_army(
    ctx: Ctx, territory: dict[str, Any], army: dict[str, Any], x0: float, y: float
) -> str:
    """One seat's army in one territory: its name, cards (2×2) and formations."""
    t, p = int(territory["territory"]), int(army["seat"])
    d = territory.get("decided")
    won = d is not None and int(d["winner"]) == p
    can_play = p == ctx.seat and bool(ctx.plays.get(t))
    cards = tuple((str(c["card"]), str(c["slots"]), int(c["play"])) for c in army["cards"][:4])
    key = tuple(tuple(part) if isinstance(part, list) else part for part in army["key"])
    shown = (
        t,
        p,
        x0,
        y,
        str(army["army"]),
        army.get("complete_at"),
        key,
        cards,
        p == ctx.seat,
        won,
        can_play,
        ctx.name(p),
        ctx.lang,
    )
    # kept by the table (``picture.kept``) as well as in the process's bounded cache, which
    # a thousand tables in play outgrow
    return pic.kept(("army", *shown), lambda: ([_army_svg(*shown)], 0.0))[0]


# Armies rarely change from one move to the next, so their drawings are memoised on
# everything they show, their position included.
@lru_cache(maxsize=2048)
def _army_svg(
    t: int,
    p: int,
    x0: float,
    y: float,
    notation: str,
    complete: int | None,
    key: tuple[Any, ...],
    cards: tuple[tuple[str, str, int], ...],
    mine: bool,
    won: bool,
    can_play: bool,
    name: str,
    lang: str,
) -> str:
    hint = _army_tip(t, complete, key, len(cards), won, can_play, name, lang)
    attrs = (
        f'data-kind="army" data-territory="{t}" data-seat="{p}" data-army={attr(notation)}'
        f' data-key="army:{t}:{p}"'
    )
    if complete:
        attrs += f' data-complete-at="{complete}"'
    if mine:  # the viewer's army is a place even when no card may go there now (why not?)
        attrs += f' data-place="territory:{t}"'
    fill = "#ffffff" if mine else ("#fff7dc" if won else "#fbf8f0")
    edge = PLACE_GREEN if can_play else (seat_colour(p) if mine or won else "#d8ccb0")
    out = [
        f"<g {attrs}{tip(hint)}>",
        pic.box(x0 + 4, y + 2, COL_W - 8, ARMY_H - 6, fill=fill, stroke=edge, rx=8),
        pic.seat_mark(p, x0 + 17, y + 16, 6),
        text(x0 + 29, y + 21, ("★ " if won else "") + name, FONT, font_weight="bold"),
    ]
    if can_play:
        out.append(
            f'<rect x="{num(x0 + 5)}" y="{num(y + 3)}" width="{num(COL_W - 10)}" '
            f'height="{num(ARMY_H - 8)}" rx="7" fill="none" stroke="{PLACE_GREEN}" '
            'stroke-width="1.5" stroke-dasharray="5,3"/>'
        )
    out.append(_army_cards(t, p, x0, y, complete, cards, can_play, name, lang))
    if cards:  # an empty army has nothing to say about formations yet
        out.append(_chips(key, x0 + 8, y + 28 + 2 * CARD_H + CARD_GAP + 6, lang))
    out.append("</g>")
    # a line each: a patch (server/patches.py) resends the lines that changed, and an army
    # whose frame changes (the reader may play to it now) keeps its cards
    return "\n".join(out)


def _army_tip(
    t: int,
    complete: int | None,
    key: tuple[Any, ...],
    count: int,
    won: bool,
    can_play: bool,
    name: str,
    lang: str,
) -> str:
    """What an army holds; then, each a message that takes the sentence so far as ``{army}``
    (so that a language may put it where it needs), when it was completed, that it won, and
    that the viewer may play into it."""
    _ = catalog(lang)
    hint = _("{name} in territory {t}: {k} of 4 cards; {formations}").format(
        name=name, t=t, k=count, formations=formations(key, lang)
    )
    if complete:
        hint = _("{army}; complete at play #{n} (in a tie the earlier complete army wins)").format(
            army=hint, n=complete
        )
    if won:
        hint = _("{army}; won this territory").format(army=hint)
    if can_play:
        hint = _("{army}. Drop a card here to play it.").format(army=hint)
    return hint


def _army_cards(
    t: int,
    p: int,
    x0: float,
    y: float,
    complete: int | None,
    cards: tuple[tuple[str, str, int], ...],
    can_play: bool,
    name: str,
    lang: str,
) -> str:
    """The four places of an army (2×2): its cards in play order, then empty places."""
    _ = catalog(lang)
    out = []
    for k in range(4):
        cx = x0 + 6 + (k % 2) * (CARD_W + CARD_GAP)
        cy = y + 28 + (k // 2) * (CARD_H + CARD_GAP)
        if k < len(cards):
            code, slots, play = cards[k]
            out.append(_placed_card(code, slots, play, p, t, cx, cy, play == complete, name, lang))
        else:
            out.append(_empty_slot(cx, cy, can_play and k == len(cards)))
    return "\n".join(out)


# a card stays where it was played for the rest of the game: drawn once, with its tip
@lru_cache(maxsize=8192)
def _placed_card(
    code: str,
    slots: str,
    play: int,
    seat: int,
    t: int,
    x: float,
    y: float,
    completes: bool,
    name: str,
    lang: str,
) -> str:
    _ = catalog(lang)
    card = _("{symbols} — card {code}, played #{play} by {name} into territory {t}")
    hint = card.format(symbols=spelled(slots, lang), code=code, play=play, name=name, t=t)
    return (
        f'<g data-kind="card" data-card={attr(code)} data-slots={attr(slots)} '
        f'data-play="{play}" data-seat="{seat}" data-territory="{t}" data-key="card:{code}" '
        f'transform="translate({num(x)},{num(y)})"{tip(hint)}>'
        + _card_face(slots, play, seat_colour(seat), completes)
        + "</g>"
    )


@lru_cache(maxsize=8192)
def _card_face(slots: str, play: int, edge: str, completes: bool) -> str:
    """A table card at the origin: its play number (✓ on the card that completed its army)
    and five symbol cells."""
    out = [
        f'<rect x="0" y="0" width="{CARD_W}" height="{CARD_H}" rx="6" fill="{CARD_FILL}" '
        f'stroke="{edge}" stroke-width="2"/>',
        text(6, 14, f"#{play}", SMALL, fill=MUTED),
    ]
    if completes:
        out.append(
            text(CARD_W - 6, 14, "✓", FONT, text_anchor="end", font_weight="bold", fill=PLACE_GREEN)
        )
    for i, ch in enumerate(slots[:5]):
        cx = 3 + i * 16.5
        if ch == ".":
            out.append(f'<use href="#{BLANK}" x="{num(cx)}" y="19"/>')
            continue
        out.append(
            f'<rect x="{num(cx)}" y="19" width="16" height="38" rx="3" fill="{COLOURS[i]}"/>'
        )
        out.append(icon_on_colour(i, cx + 1, 21, 14))
        out.append(
            text(cx + 8, 52, ch, SMALL, font_weight="bold", text_anchor="middle", fill=ON_COLOUR[i])
        )
    return "".join(out)


@lru_cache(maxsize=256)
def _empty_slot(x: float, y: float, next_play: bool) -> str:
    """Where a card of this army can still go; the next one marked when the viewer may play
    here."""
    stroke = PLACE_GREEN if next_play else "#cbbf9f"
    out = (
        f'<rect x="{num(x)}" y="{num(y)}" width="{CARD_W}" height="{CARD_H}" rx="6" '
        f'fill="{"#eef7ec" if next_play else "none"}" stroke="{stroke}" stroke-width="1.2" '
        'stroke-dasharray="4,3"/>'
    )
    if next_play:
        cx, cy = x + CARD_W / 2, y + CARD_H / 2
        out += (
            f'<path d="M{num(cx - 9)} {num(cy)} H{num(cx + 9)} M{num(cx)} {num(cy - 9)} '
            f'V{num(cy + 9)}" stroke="{PLACE_GREEN}" stroke-width="3" stroke-linecap="round"/>'
        )
    return out


@lru_cache(maxsize=4096)
def _chips(key: tuple[Any, ...], x: float, y: float, lang: str) -> str:
    """The formations of an army as chips (tier letter and symbol icon), strongest first."""
    ranks = [(tier, int(r)) for tier in range(3) for r in key[2 * tier + 1]]
    if not ranks:
        _ = catalog(lang)
        return text(x + 2, y + 16, _("no formation"), SMALL, fill=MUTED)
    letters = tier_letters(lang)
    w = min(40.0, (COL_W - 16) / len(ranks) - 3)
    out = []
    for k, (tier, rank) in enumerate(ranks):
        s = rank - 1
        hint = formation(tier, rank, lang)
        out.append(f"<g{tip(hint)}>{chip_box(x + k * (w + 3), y, letters[tier], s, w)}</g>")
    return "".join(out)


def chip_box(x: float, y: float, letter: str, symbol: int | None, w: float = 24) -> str:
    """A formation chip: the tier's letter and, for a symbol, its icon on its colour."""
    fill = "#efe6d2" if symbol is None else COLOURS[symbol]
    ink = INK if symbol is None else ON_COLOUR[symbol]
    out = (
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="22" rx="5" fill="{fill}" '
        'stroke="#5d4a2f" stroke-width="0.8"/>'
        + text(
            x + 5 if symbol is not None else x + w / 2,
            y + 16,
            letter,
            SMALL,
            font_weight="bold",
            fill=ink,
            **({} if symbol is not None else {"text_anchor": "middle"}),
        )
    )
    if symbol is not None:
        out += icon_on_colour(symbol, x + w - 19, y + 3, 16)
    return out
