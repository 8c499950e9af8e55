"""The foot of the Kingdoms of Crusaders picture: the standing of every seat beside the
rule of which army is stronger, and the public pool of unseen cards by symbol sets."""

from __future__ import annotations

from functools import lru_cache

from ...engine import picture as pic
from ...engine.picture import FONT, LARGE, MUTED, SMALL, text, tip
from ...engine.svg import attr, num
from .icons import ON_COLOUR
from .picture_context import MARGIN, WIDTH, Ctx
from .svg_text import spelled
from .symbols import COLOURS
from .words import catalog


def standing_row(ctx: Ctx, top: float) -> tuple[list[str], float]:
    """The standing of every seat (hand, territories, markers, sum, place) and its rule."""
    view, _ = ctx.view, ctx.words
    players = int(view["players"])
    keys = {p: (len(view["markers"][p]), -sum(view["markers"][p])) for p in range(players)}
    rank = {p: 1 + sum(1 for q in range(players) if keys[q] > keys[p]) for p in range(players)}
    won: dict[int, list[tuple[int, int]]] = {p: [] for p in range(players)}
    for territory in view["territories"]:
        d = territory.get("decided")
        if d is not None:
            won[int(d["winner"])].append((int(territory["territory"]), int(d["marker"])))
    rows = []
    for p in range(players):
        markers = [int(m) for m in view["markers"][p]]
        cells = (
            str(view["hand_sizes"][p]),
            str(len(markers)),
            ", ".join(str(m) for m in markers) or "–",
            str(sum(markers)),
            str(rank[p]),
        )
        rows.append((p, ctx.name(p), cells))
    heads = [_("Hand"), _("Won"), _("Markers"), _("Sum"), _("Place")]
    active = () if ctx.over or view.get("active") is None else (int(view["active"]),)
    out = [text(MARGIN + 8, top + 20, _("Standing"), LARGE, font_weight="bold")]
    keyed = []
    for p, name, cells in rows:
        markers = [int(m) for m in view["markers"][p]]
        items = [_("territory {t} (marker {m})").format(t=t, m=m) for t, m in sorted(won[p])]
        hand = int(view["hand_sizes"][p])
        hint = _.ngettext(
            "{name}: {h} card in hand; territories won: {won}; marker sum {s}; place {r}",
            "{name}: {h} cards in hand; territories won: {won}; marker sum {s}; place {r}",
            hand,
        ).format(name=name, h=hand, won=", ".join(items) or _("none"), s=sum(markers), r=rank[p])
        attrs = (
            f' data-kind="seat" data-key="seat:{p}" data-hand-size="{view["hand_sizes"][p]}"'
            f' data-markers={attr(",".join(str(m) for m in markers))} data-rank="{rank[p]}"'
            f' data-territories="{len(markers)}" data-sum="{sum(markers)}"'
        )
        keyed.append(pic.Row(p, name, cells, tip=hint, attrs=attrs))
    widths = (200, 64, 76, 100, 64, 64)
    table, y = pic.standings(keyed, heads, MARGIN + 8, top + 26, widths, active)
    out += table
    rule = _("Place: more territories, then the lower marker sum; equal ones share.")
    out.append(text(MARGIN + 8, y + 14, rule, SMALL, fill=MUTED))
    rules, bottom = _comparison(ctx, top)
    return out + rules, max(y + 22, bottom)


def _comparison(ctx: Ctx, top: float) -> tuple[list[str], float]:
    """Beside the standing: how armies compare (KC-R21, KC-R22), for reference."""
    _ = ctx.words
    x, w = 600, WIDTH - MARGIN - 600
    col = pic.Column(x + 12, top + 2, w - 24)
    col.line(_("Which army is stronger?"), FONT, font_weight="bold")
    rules = (
        _("More regiments (a symbol on all 4 cards) win"),
        _("With as many, the higher regiment symbols win"),
        _("Then battalions (3 cards), then companies (2), the same way"),
        _("Equally strong: the army completed first wins"),
    )
    for n, rule in enumerate(rules, 1):
        col.line(f"{n}. {rule}", SMALL)
    frame = pic.box(x, top + 4, w, col.y - top + 8, fill="#f7f1e3")
    return [frame, *col.out], col.y + 12


def unseen_pool(ctx: Ctx, top: float) -> tuple[list[str], float]:
    """The public pool of unseen cards (hands and deck) by symbol sets, with counts."""
    _ = ctx.words
    unseen = ctx.view.get("unseen") or {}
    total = sum(int(n) for n in unseen.values())
    pool_tip = _.ngettext(
        "Unseen cards: the {n} card in all hands and the deck, by its symbols. A claim is "
        "proven when no choice of them can beat the army.",
        "Unseen cards: the {n} cards in all hands and the deck, by their symbols. A claim is "
        "proven when no choice of them can beat the army.",
        total,
    ).format(n=total)
    head = _("Unseen cards · {n} in the hands and the deck").format(n=total)
    out = [
        f"<g{tip(pool_tip)}>",
        text(MARGIN + 8, top + 20, head, LARGE, font_weight="bold"),
        "</g>",
    ]
    per_row, item_w = 8, 122
    y = top + 30
    for k, (slots, n) in enumerate(unseen.items()):
        x = MARGIN + 8 + (k % per_row) * item_w
        iy = y + (k // per_row) * 28
        out.append(_unseen_item(str(slots), int(n), x, iy, ctx.lang))
    rows = -(-len(unseen) // per_row)
    return out, y + rows * 28


@lru_cache(maxsize=4096)
def _unseen_item(slots: str, n: int, x: float, y: float, lang: str) -> str:
    """One set of the unseen pool with its tip (a move changes one or two of them)."""
    hint = (
        catalog(lang)
        .ngettext("{n} unseen card with {symbols}", "{n} unseen cards with {symbols}", n)
        .format(n=n, symbols=spelled(slots, lang))
    )
    return _unseen_set(slots, n, x, y, hint)


@lru_cache(maxsize=4096)
def _unseen_set(slots: str, n: int, x: float, y: float, hint: str) -> str:
    """Five small cells (rank digit on the symbol's colour, blanks empty) and the count."""
    out = [f'<g data-kind="unseen" data-slots={attr(slots)} data-count="{n}"{tip(hint)}>']
    for i, ch in enumerate(slots[:5]):
        cx = x + i * 15
        if ch == ".":
            out.append(
                f'<rect x="{num(cx + 0.5)}" y="{num(y + 0.5)}" width="13" height="21" rx="2" '
                'fill="none" stroke="#d9cfb8"/>'
            )
        else:
            out.append(
                f'<rect x="{num(cx)}" y="{num(y)}" width="14" height="22" rx="2" '
                f'fill="{COLOURS[i]}"/>'
                + text(
                    cx + 7,
                    y + 16,
                    ch,
                    SMALL,
                    font_weight="bold",
                    text_anchor="middle",
                    fill=ON_COLOUR[i],
                )
            )
    out.append(text(x + 80, y + 16, f"×{n}", FONT))
    out.append("</g>")
    return "".join(out)
