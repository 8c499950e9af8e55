"""The five territories of the Kingdoms of Crusaders picture as columns: each column's
header (open, claimable by whom, the ⚑ Claim control, or won by whom, how and when with
its victory marker as a coin) and one army per seat, the viewer's last (the armies are
drawn by ``picture_armies``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.i18n import Catalog
from ...engine.picture import FONT, INK, LARGE, MUTED, SMALL, seat_colour, text, tip
from ...engine.svg import attr, num
from .picture_armies import draw_army
from .picture_context import (
    ARMY_H,
    COL_GAP,
    COL_W,
    GOLD,
    GOLD_EDGE,
    MARGIN,
    OPEN_FILL,
    OPEN_HEAD,
    PLACE_GREEN,
    TERR_HEAD,
    WON_FILL,
    WON_HEAD,
    Ctx,
)
from .svg_text import names_of


def _seat_order(ctx: Ctx) -> list[int]:
    """The seats of a territory column, top to bottom: the viewer last, nearest the hand."""
    seats = [p for p in range(ctx.view["players"]) if p != ctx.seat]
    return seats if ctx.seat is None else [*seats, ctx.seat]


def territories(ctx: Ctx, top: float) -> tuple[list[str], float]:
    """The five territory columns side by side, each as tall as one army per seat needs."""
    order = _seat_order(ctx)
    height = TERR_HEAD + len(order) * ARMY_H + 4
    out: list[str] = []
    claims = ctx.view.get("claims")
    for i, territory in enumerate(ctx.view["territories"]):
        x0 = MARGIN + i * (COL_W + COL_GAP)
        t = int(territory["territory"])
        # a column is its frame and header, then its armies, each kept on its own: a card
        # played changes one army, and the reader's turn only the frames of the reader's
        # armies (``draw_army``). The header's key names everything it shows: the territory
        # without its armies, the reader, the claims option and the reader's claims there.
        head = {k: v for k, v in territory.items() if k != "armies"}
        key = (
            "territory",
            ctx.lang,
            ctx.seat,
            ctx.over,
            claims,
            t in ctx.claims,
            _may_try_claim(ctx, territory),
            x0,
            top,
            height,
            repr(head),
        )

        def draw(territory: dict[str, Any] = territory, x0: float = x0) -> tuple[list[str], float]:
            return _column_head(ctx, territory, x0, top, height), top + height

        out.append(pic.kept(key, draw)[0])
        armies = {int(a["seat"]): a for a in territory["armies"]}
        for k, p in enumerate(order):
            if p in armies:
                out.append(draw_army(ctx, territory, armies[p], x0, top + TERR_HEAD + k * ARMY_H))
        out.append("</g>")
    return out, top + height


def _column_head(
    ctx: Ctx,
    territory: dict[str, Any],
    x0: float,
    top: float,
    height: float,
) -> list[str]:
    """One territory column's group, frame and header (its armies and its end follow)."""
    t = int(territory["territory"])
    d = territory.get("decided")
    attrs = f'data-kind="territory" data-territory="{t}" data-key="territory:{t}"'
    if d is not None:
        attrs += (
            f' data-decided-by="{d["winner"]}" data-marker="{d["marker"]}" '
            f"data-method={attr(d['method'])}"
        )
    claimable = territory.get("claimable_by")
    if claimable:
        attrs += f" data-claimable-by={attr(','.join(str(p) for p in claimable))}"
    fill, head = (OPEN_FILL, OPEN_HEAD) if d is None else (WON_FILL, WON_HEAD)
    edge = pic.PANEL_EDGE if d is None else seat_colour(int(d["winner"]))
    _ = ctx.words
    out = [
        f"<g {attrs}{tip(_territory_tip(ctx, territory))}>",
        pic.box(x0, top, COL_W, height, fill=fill, stroke=edge, rx=10),
        f'<path d="M{num(x0 + 1)} {num(top + TERR_HEAD)} V{num(top + 10)} '
        f'q0 -9 9 -9 H{num(x0 + COL_W - 10)} q9 0 9 9 V{num(top + TERR_HEAD)} Z" '
        f'fill="{head}"/>',
        text(x0 + 10, top + 24, _("Territory {n}").format(n=t), LARGE, font_weight="bold"),
    ]
    if d is not None:
        out += _won_header(ctx, territory, x0, top)
    else:
        out += _open_header(ctx, territory, x0, top)
    return out


def _territory_tip(ctx: Ctx, territory: dict[str, Any]) -> str:
    _, t, d = ctx.words, int(territory["territory"]), territory.get("decided")
    if d is not None:
        won = (
            _(
                "Territory {t}: won by {name} by completion (the strongest complete army) at "
                "play #{play}; victory marker {m}."
            )
            if d["method"] == "completion"
            else _(
                "Territory {t}: won by {name} by claim (no cards off the table can beat that "
                "army) at play #{play}; victory marker {m}."
            )
        )
        return won.format(t=t, name=ctx.name(int(d["winner"])), play=d["play"], m=d["marker"])
    body = _open_tip(ctx.view.get("claims"), _).format(t=t)
    claimable = territory.get("claimable_by")
    if claimable:
        names = names_of(claimable, ctx.lang, ctx.seat, _)
        body = _("{territory} Claimable now by {names}.").format(territory=body, names=names)
    return body


def _open_tip(mode: object, _: Catalog) -> str:
    """How an open territory is decided under the claims option (KC-R28-R30)."""
    if mode == "auto":
        return _(
            "Territory {t}: open. Each player fields up to 4 cards here; it is decided when "
            "every army is complete, or as soon as a complete army provably cannot be beaten."
        )
    if mode == "manual":
        return _(
            "Territory {t}: open. Each player fields up to 4 cards here; it is decided when "
            "every army is complete, or when a player claims it with a proven army."
        )
    return _(
        "Territory {t}: open. Each player fields up to 4 cards here; it is decided when "
        "every army is complete."
    )


def _won_header(ctx: Ctx, territory: dict[str, Any], x0: float, top: float) -> list[str]:
    """The winner (mark and name), how and when, and the victory marker as a coin."""
    d = territory["decided"]
    winner, t = int(d["winner"]), int(territory["territory"])
    _, marker = ctx.words, int(d["marker"])
    how = _("by completion · #{n}") if d["method"] == "completion" else _("by claim · #{n}")
    coin_tip = _(
        "Victory marker {m}: {name} won territory {t}, the territory decided {nth}. In a tie "
        "on territories the lower marker sum wins."
    ).format(m=marker, name=ctx.name(winner), t=t, nth=_ordinal(marker, _))
    return [
        pic.seat_mark(winner, x0 + 17, top + 40, 6),
        text(x0 + 28, top + 45, "★ " + ctx.name(winner), FONT, font_weight="bold"),
        text(x0 + 10, top + 64, how.format(n=d["play"]), SMALL, fill=MUTED),
        coin(marker, x0 + COL_W - 24, top + 22, winner, coin_tip),
    ]


def _ordinal(n: int, _: Catalog) -> str:
    """``1st`` … ``5th`` (German ``1.`` … ``5.``): the place of a victory marker (KC-R32)."""
    ordinals = (
        _.pgettext("ordinal", "1st"),
        _.pgettext("ordinal", "2nd"),
        _.pgettext("ordinal", "3rd"),
        _.pgettext("ordinal", "4th"),
        _.pgettext("ordinal", "5th"),
    )
    return ordinals[n - 1] if 1 <= n <= len(ordinals) else str(n)


def _open_header(ctx: Ctx, territory: dict[str, Any], x0: float, top: float) -> list[str]:
    """ "Open", who may claim it, and the viewer's ⚑ Claim control when a claim is legal."""
    t = int(territory["territory"])
    _ = ctx.words
    if t in ctx.claims:
        w, h, y = COL_W - 16, 32, top + 34
        claim_tip = _(
            "Claim territory {t}: no cards that are not on the table can beat your army there "
            "any more."
        ).format(t=t)
        return [
            f'<g data-kind="claim" data-territory="{t}" data-place="claim:{t}"{tip(claim_tip)}>',
            pic.box(x0 + 8, y, w, h, fill="#e3f4e1", stroke=PLACE_GREEN, rx=6),
            f'<rect x="{num(x0 + 9)}" y="{num(y + 1)}" width="{num(w - 2)}" '
            f'height="{num(h - 2)}" rx="5" fill="none" stroke="{PLACE_GREEN}" stroke-width="1.5"/>',
            text(
                x0 + COL_W / 2,
                y + 21,
                _("⚑ Claim"),
                FONT,
                font_weight="bold",
                text_anchor="middle",
                fill=PLACE_GREEN,
            ),
            "</g>",
        ]
    if _may_try_claim(ctx, territory):
        out = [_claim_not_now(ctx, t, x0, top)]
    else:
        out = [text(x0 + 10, top + 45, _("Open"), FONT, font_weight="bold", fill=PLACE_GREEN)]
    claimable = territory.get("claimable_by")
    if claimable:
        names = names_of(claimable, ctx.lang, ctx.seat, _)
        out.append(text(x0 + 10, top + 66, _("Claimable: {names}").format(names=names), SMALL))
    return out


def _may_try_claim(ctx: Ctx, territory: dict[str, Any]) -> bool:
    """Under ``claims = manual`` a player whose army in an open territory is complete may
    try to claim it (KC-R25), even when the claim is not legal now (then the page asks why)."""
    if ctx.view.get("claims") != "manual" or ctx.seat is None or ctx.over:
        return False
    mine = [a for a in territory["armies"] if a["seat"] == ctx.seat]
    return bool(mine) and len(mine[0]["cards"]) == 4


def _claim_not_now(ctx: Ctx, t: int, x0: float, top: float) -> str:
    """The ⚑ Claim control greyed out: a claim the viewer may try but not make now."""
    _ = ctx.words
    w, h, y = COL_W - 16, 24, top + 31
    hint = _(
        "Claim territory {t}: possible after your play once no cards that are not on the table "
        "can beat your army there. Click to see why not now."
    ).format(t=t)
    return "".join(
        [
            f'<g data-kind="claim" data-territory="{t}" data-place="claim:{t}" '
            f'data-available="false"{tip(hint)}>',
            pic.box(x0 + 8, y, w, h, fill="#f1ede4", stroke="#b3a98f", rx=6),
            text(x0 + COL_W / 2, y + 17, _("⚑ Claim"), FONT, text_anchor="middle", fill=MUTED),
            "</g>",
        ]
    )


@lru_cache(maxsize=1024)  # the same few coins in the same places, move after move
def coin(marker: int, cx: float, cy: float, winner: int | None, hint: str) -> str:
    """A victory marker: a gold coin with its value (and its winner's mark once won)."""
    kind = "marker" if winner is not None else "marker-left"
    won = "" if winner is None else f' data-seat="{winner}"'
    out = [
        f'<g data-kind="{kind}" data-marker="{marker}"{won} data-key="marker:{marker}"{tip(hint)}>',
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="15" fill="{GOLD}" stroke="{GOLD_EDGE}" '
        'stroke-width="2"/>',
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="11" fill="none" stroke="{GOLD_EDGE}" '
        'stroke-width="0.8"/>',
        text(cx, cy + 6, str(marker), LARGE, font_weight="bold", text_anchor="middle", fill=INK),
    ]
    if winner is not None:
        out.append(pic.seat_mark(winner, cx + 13, cy + 12, 5))
    out.append("</g>")
    return "".join(out)
