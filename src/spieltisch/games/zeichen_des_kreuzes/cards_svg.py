"""The cards of Im Zeichen des Kreuzes drawn as cards (standard library only): a picture band
(sea, plain, mountain, joker landscape or the event's emblem), the name, the effect in
words (``names.card_effect``, from the catalogs, from the card's data: terrain, symbol,
event type; rules 2.5 and section 6), the symbol and the code that tells equal cards
apart. The tip adds when the card is played and its rule."""

from __future__ import annotations

from functools import lru_cache

from ...engine.picture import MUTED, text
from ...engine.svg import attr, num
from .catalog import catalog
from .components import EVENT_RULES, IMMEDIATE, MOVEMENT
from .names import card_effect, card_name, lang_of
from .shown import card_of

CARD_W, CARD_H = 120, 196
BAND = 40  # height of the picture band

TERRAIN_KEYS = ("sea", "plain", "mountain", "joker")
EDGE = {
    "sea": "#1f6fb2",
    "plain": "#b7950b",
    "mountain": "#6d4c41",
    "joker": "#7b1fa2",
    "immediate": "#b71c1c",
    "held": "#4a148c",
}
BAND_FILL = {
    "sea": "#8fc1e8",
    "plain": "#e9d98f",
    "mountain": "#c8b39b",
    "joker": "#e1bee7",
    "immediate": "#f3c0b8",
    "held": "#d7c4ea",
}


@lru_cache(maxsize=4)
def _when(lang: str) -> dict[str, str]:
    """When a card is played, by card kind or held event (one table per language)."""
    _ = catalog(lang)
    return {
        "movement": _("Movement card: play it in your card phase."),
        "immediate": _("Immediate event: it acts when drawn, then is discarded."),
        "card_phase": _("Held event: play it in your card phase."),
        "truce": _("Held event: play it when a fleet or army fight of yours begins."),
        "tower_shaking": _("Held event: play it in your turn, just before a throw."),
        "holy_lance": _("Held event: play it in a fight of yours, before committing."),
    }


def card_style(code: str) -> str:
    """``sea``, ``plain``, ``mountain``, ``joker``, ``immediate`` or ``held``."""
    card = card_of(code)
    if card is None:
        return "held"
    if card.kind == MOVEMENT:
        return TERRAIN_KEYS[card.terrain]
    return "immediate" if card.kind == IMMEDIATE else "held"


def effect(code: str, lang: str) -> str:
    """What the card does (the game's own words for it, ``names.card_effect``), as a
    sentence printed on the card."""
    words = card_effect(code, lang)
    return words[:1].upper() + words[1:] + "." if words else ""


def card_tip(code: str, lang: str) -> str:
    """The card's full text: name and code, when it is played, its effect, the rule."""
    lang = lang_of(lang)
    card = card_of(code)
    if card is None:
        return str(code)
    if card.kind == MOVEMENT:
        when, rule = _when(lang)["movement"], "ZK-R14" + (", ZK-R16" if card.symbol else "")
    elif card.kind == IMMEDIATE:
        when, rule = _when(lang)["immediate"], EVENT_RULES.get(card.event or "", "")
    else:
        event = card.event or ""
        when = _when(lang).get(event, _when(lang)["card_phase"])
        rule = EVENT_RULES.get(event, "")
    return f"{card_name(code, lang)} ({code})\n{when}\n{effect(code, lang)} [{rule}]"


@lru_cache(maxsize=512)
def card(code: str, x: float, y: float, lang: str, edition: str, dim: bool = False) -> str:
    """The face of card ``code`` of ``edition`` (the cache key of the edition being drawn)
    with its top-left corner at (x, y) (no attributes: the caller wraps it in its pick/key
    group)."""
    style = card_style(code)
    edge = EDGE[style]
    out = [
        f'<rect x="{num(x + 2)}" y="{num(y + 3)}" width="{CARD_W}" height="{CARD_H}" rx="9" '
        'fill="#000000" opacity="0.18"/>',
        f'<rect x="{num(x)}" y="{num(y)}" width="{CARD_W}" height="{CARD_H}" rx="9" '
        f'fill="#fffaf0" stroke="{edge}" stroke-width="2.5"/>',
        f'<rect x="{num(x + 5)}" y="{num(y + 5)}" width="{CARD_W - 10}" height="{BAND}" rx="5" '
        f'fill="{BAND_FILL[style]}"/>',
        _band_art(code, style, x + 5, y + 5),
    ]
    ty = y + BAND + 24
    for line in fit(card_name(code, lang), CARD_W - 14, 14, bold=True)[:2]:
        out.append(text(x + 7, ty, line, 14, font_weight="bold", fill=edge))
        ty += 17
    ty += 2
    for line in fit(effect(code, lang), CARD_W - 12, 12)[:6]:
        out.append(text(x + 7, ty, line, 12, fill="#2b2b2b"))
        ty += 15
    out.append(text(x + CARD_W - 7, y + CARD_H - 7, code, 12, fill=MUTED, text_anchor="end"))
    if dim:  # not playable now
        out.append(
            f'<rect x="{num(x)}" y="{num(y)}" width="{CARD_W}" height="{CARD_H}" rx="9" '
            'fill="#ffffff" opacity="0.45"/>'
        )
    return "".join(out)


def fit(body: str, width: float, size: int, bold: bool = False) -> list[str]:
    """``body`` wrapped into ``width``; a word too long for a line (German compounds:
    Turmerschütterung) is hyphenated."""
    per_line = int(width / (size * (0.68 if bold else 0.6)))
    words: list[str] = []
    for word in body.split():
        while len(word) > per_line:
            words.append(word[: per_line - 1] + "-")
            word = word[per_line - 1 :]
        words.append(word)
    lines: list[str] = []
    for word in words:
        if lines and not lines[-1].endswith("-") and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _band_art(code: str, style: str, x: float, y: float) -> str:
    """The picture band: waves, fields, peaks, all three for a joker; the event's emblem;
    the symbol (ship or army) in a badge."""
    w, h = CARD_W - 10, BAND
    art = []
    if style in ("sea", "joker"):
        x1 = x if style == "sea" else x + w * 2 / 3
        span = w if style == "sea" else w / 3
        for row in range(3):
            yy = y + 14 + row * 11
            d = "".join(
                f"M{num(round(xx, 1))},{num(yy)} q4,-4 8,0 "
                for xx in (x1 + 4 + i * 14 + (row % 2) * 6 for i in range(int(span // 14)))
            )
            art.append(f'<path d="{d}" fill="none" stroke="#ffffff" stroke-width="1.6"/>')
    if style in ("plain", "joker"):
        x1, span = (x, w) if style == "plain" else (x + w / 3, w / 3)
        art.append(
            f'<path d="M{num(x1)},{num(y + h - 12)} Q{num(x1 + span / 2)},{num(y + h - 26)} '
            f'{num(x1 + span)},{num(y + h - 14)} V{num(y + h)} H{num(x1)} Z" fill="#c5b358"/>'
        )
        for i in range(int(span // 12)):
            xx = x1 + 6 + i * 12
            art.append(
                f'<path d="M{num(xx)},{num(y + h - 4)} v-7 m-2,3 l2,-3 l2,3" stroke="#7d6608" '
                'fill="none" stroke-width="1"/>'
            )
    if style in ("mountain", "joker"):
        x1, span = (x, w) if style == "mountain" else (x, w / 3)
        for px, ph in ((x1 + span * 0.3, 30), (x1 + span * 0.68, 22)):
            art.append(
                f'<path d="M{num(px - 16)},{num(y + h)} L{num(px)},{num(y + h - ph)} '
                f'L{num(px + 16)},{num(y + h)} Z" fill="#8d6e4a" stroke="#5d4037"/>'
                f'<path d="M{num(px - 5)},{num(y + h - ph + 9)} L{num(px)},{num(y + h - ph)} '
                f'L{num(px + 5)},{num(y + h - ph + 9)} Z" fill="#ffffff"/>'
            )
    if style in ("immediate", "held"):
        art.append(_event_emblem(style, x + w / 2, y + h / 2))
    card_data = card_of(code)
    symbol = card_data.symbol if card_data is not None else None
    if symbol:
        bx, by = x + w - 14, y + 13
        art.append(
            f'<circle cx="{num(bx)}" cy="{num(by)}" r="12" fill="#fffaf0" stroke="#3e2c1c" '
            'stroke-width="1.2"/>'
        )
        art.append(_mini_ship(bx, by) if symbol == "ship" else _mini_army(bx, by))
    return "".join(art)


def _event_emblem(style: str, cx: float, cy: float) -> str:
    """An event's emblem: a lightning bolt (acts at once) or a scroll with a seal (held)."""
    if style == "immediate":
        return (
            f'<path d="M{num(cx + 4)},{num(cy - 17)} L{num(cx - 9)},{num(cy + 3)} H{num(cx)} '
            f'L{num(cx - 4)},{num(cy + 17)} L{num(cx + 10)},{num(cy - 4)} H{num(cx + 1)} Z" '
            'fill="#fdd835" stroke="#8d1c1c" stroke-width="1.4"/>'
        )
    return (
        f'<rect x="{num(cx - 22)}" y="{num(cy - 13)}" width="44" height="26" rx="4" '
        'fill="#fff8e1" stroke="#4a148c" stroke-width="1.2"/>'
        f'<path d="M{num(cx - 16)},{num(cy - 5)} h26 M{num(cx - 16)},{num(cy + 1)} h22 '
        f'M{num(cx - 16)},{num(cy + 7)} h16" stroke="#7e57c2" stroke-width="1.3"/>'
        f'<circle cx="{num(cx + 16)}" cy="{num(cy + 9)}" r="6" fill="#c62828"/>'
    )


def _mini_ship(cx: float, cy: float) -> str:
    return (
        f'<path d="M{num(cx - 8)},{num(cy + 2)} h16 l-3,5 h-10 Z" fill="#4e342e"/>'
        f'<path d="M{num(cx)},{num(cy + 2)} V{num(cy - 8)} L{num(cx + 7)},{num(cy + 1)} Z" '
        'fill="#1f4e9c"/>'
    )


def _mini_army(cx: float, cy: float) -> str:
    return (
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="7.5" fill="#b9770e" stroke="#4a2a05"/>'
        f'<path d="M{num(cx + 1.5)},{num(cy - 4)} A4,4 0 1,0 {num(cx + 1.5)},{num(cy + 4)} '
        f'A3,3 0 1,1 {num(cx + 1.5)},{num(cy - 4)} Z" fill="#ffffff"/>'
    )


@lru_cache(maxsize=256, typed=True)  # the pile's size changes by a card now and then
def card_back(x: float, y: float, count: int, tip_text: str) -> str:
    """The draw pile: a stack of card backs with its size."""
    out = [f'<g data-key="deck" data-tip={attr(tip_text)}>']
    for i in (2, 1, 0):
        out.append(
            f'<rect x="{num(x + i * 3)}" y="{num(y - i * 3)}" width="{CARD_W}" '
            f'height="{CARD_H}" rx="9" fill="#6d1b1b" stroke="#3e0d0d" stroke-width="1.5"/>'
        )
    cx, cy = x + CARD_W / 2, y + CARD_H / 2
    out.append(
        f'<rect x="{num(x + 8)}" y="{num(y + 8)}" width="{CARD_W - 16}" height="{CARD_H - 16}" '
        'rx="6" fill="none" stroke="#e0b34a" stroke-width="1.5"/>'
        f'<path d="M{num(cx)},{num(cy - 34)} v50 M{num(cx - 18)},{num(cy - 18)} h36" '
        'stroke="#e0b34a" stroke-width="7"/>'
    )
    out.append(
        text(
            cx,
            y + CARD_H - 22,
            str(count),
            17,
            fill="#ffffff",
            font_weight="bold",
            text_anchor="middle",
        )
    )
    out.append("</g>")
    return "".join(out)
