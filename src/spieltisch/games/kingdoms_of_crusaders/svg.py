"""The Kingdoms of Crusaders as a standalone SVG picture of one seat's view, drawn for the
screen at 1:1 (``docs/board-interface.md``; standard library only).

Top to bottom: the header (title, whose turn or the result), a key of the five symbols
(drawn icons with their rank and name) and of the formations, the five territories as
columns, the viewer's hand beside the deck and the table facts, the standing beside the
victory markers still to take, and the unseen pool by symbol sets.

Each territory column has a header (its number; open, claimable by whom, or won by whom, by
completion or by claim, at which play, with its victory marker) and one army per seat, the
viewer's last, nearest the hand. An army shows its cards (rounded cards with five symbol
cells: icon, rank and colour; blanks empty; the play number), the formations it holds as
chips (letter and symbol icon) and the play that completed it.

Moves are made on the picture, select then target: a hand card is a pick
(``data-pick="card:<code>"``); the viewer's army in a territory is the place of a play there
(``territory:<n>``); a claim is a place on the territory's header (``claim:<n>``); ending the
claims is a button of the page (``board_moves``). Pieces carry ``data-key`` (a card keeps
``card:<code>`` from hand to table) and ``data-tip`` in the reader's language.

Attributes the tests read: every territory ``data-kind="territory"`` with ``data-territory``
(1-5) and, when decided, ``data-decided-by``, ``data-marker`` and ``data-method``; every army
``data-kind="army"`` with ``data-territory``, ``data-seat``, ``data-army`` (the notation)
and ``data-complete-at``; every table card ``data-kind="card"`` with ``data-card``,
``data-slots``, ``data-play``, ``data-seat`` and ``data-territory``; every hand card
``data-kind="hand-card"`` with ``data-card``, ``data-slots`` and ``data-drawn="true"`` for the
drawn card; every seat's row of the standing ``data-kind="seat"`` with ``data-seat``,
``data-hand-size``, ``data-markers``, ``data-rank``, ``data-territories`` and ``data-sum``;
every unseen symbol set ``data-kind="unseen"`` with ``data-slots`` and ``data-count``; the
deck ``data-kind="deck"`` with ``data-count``; the status and, at the end, the result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ...engine import picture as pic
from ...engine.i18n import Catalog
from ...engine.picture import FONT, INK, LARGE, MUTED, SMALL, seat_colour, seat_name, text, tip
from ...engine.svg import attr, num
from .icons import BLANK, ON_COLOUR, defs, icon_on_colour, legend_icon
from .svg_text import formation, formations, names_of, spelled
from .symbols import COLOURS
from .words import catalog, claims_mode, symbol_names, tier_letters, tier_names

__all__ = ["board_moves", "log_keys", "render_svg"]

WIDTH = 1000
MARGIN = 8
COL_W, COL_GAP = 192, 6
TERR_HEAD = 72
CARD_W, CARD_H, CARD_GAP = 88, 60, 4
ARMY_H = 182
HAND_W, HAND_H, HAND_GAP = 100, 130, 10
HAND_PER_ROW = 6
INFO_X = 676  # the deck and table facts, right of the hand
CARD_FILL = "#fffdf5"
OPEN_FILL, OPEN_HEAD = "#f4efe2", "#e4d8bd"
WON_FILL, WON_HEAD = "#fbf1d2", "#f0dc9a"
GOLD, GOLD_EDGE = "#e3b842", "#8a6a10"
PLACE_GREEN = "#2e7d32"


@dataclass
class _Ctx:
    """What every part of one picture reads: the view, the reader's words, the moves."""

    view: dict[str, Any]
    lang: str
    words: Catalog  # the reader's messages: each part takes it as ``_``
    seat: int | None
    plays: dict[int, set[str]] = field(default_factory=dict)  # territory -> cards
    claims: set[int] = field(default_factory=set)

    def name(self, seat: int) -> str:
        return seat_name(seat, self.lang, self.seat)

    @property
    def over(self) -> bool:
        return bool(self.view["phase"] == "over")


def _context(view: dict[str, Any], lang: str, legal: Sequence[dict[str, Any]] | None) -> _Ctx:
    lang = pic.lang_of(lang)
    ctx = _Ctx(view, lang, catalog(lang), view.get("seat"))
    for action in legal or ():
        kind, t = action.get("type"), action.get("territory")
        if kind == "play" and isinstance(t, int):
            ctx.plays.setdefault(t, set()).add(str(action.get("card")))
        elif kind == "claim" and isinstance(t, int):
            ctx.claims.add(t)
    return ctx


# -- the moves ----------------------------------------------------------------------------
def board_moves(
    view: dict[str, Any], legal: Sequence[dict[str, Any]], lang: str = "en"
) -> list[dict[str, Any]]:
    """How each legal action is made on the picture: a play picks its hand card and places
    it on the viewer's army in the territory; a claim is the ⚑ on the territory's header;
    ending the claims (and anything unknown) is a button of the page."""
    _ = catalog(lang)
    out: list[dict[str, Any]] = []
    for action in legal:
        kind, t = action.get("type"), action.get("territory")
        if kind == "play":
            move = {"pick": f"card:{action.get('card')}", "place": f"territory:{t}"}
            out.append({**move, "button": None})
        elif kind == "claim":
            out.append({"pick": None, "place": f"claim:{t}", "button": None})
        elif kind == "end_claims":
            out.append({"pick": None, "place": None, "button": _("End claims")})
        else:
            out.append({"pick": None, "place": None, "button": str(kind)[:12]})
    return out


def log_keys(event: dict[str, Any]) -> list[str]:
    """The ``data-key``s of the pieces a log event touched."""
    kind = event.get("type")
    if kind == "play":
        return [f"card:{event['card']}", f"territory:{event['territory']}"]
    if kind == "decide":
        return [f"territory:{event['territory']}", f"marker:{event['marker']}"]
    if kind == "claim":
        return [f"territory:{event['territory']}"]
    if kind == "draw":
        return ["deck", f"seat:{event['seat']}"]
    if kind in ("pass", "end_claims"):
        return [f"seat:{event['seat']}"]
    if kind == "start":
        return [f"seat:{event['first_player']}"]
    if kind == "end":
        return [f"seat:{w}" for w in event.get("winners", [])]
    return []


# -- the picture ---------------------------------------------------------------------------
def render_svg(
    view: dict[str, Any], lang: str = "en", legal: Sequence[dict[str, Any]] | None = None
) -> str:
    """A standalone SVG document of ``view`` in ``lang``; ``legal`` (action JSON objects)
    makes the hand cards of legal plays picks and their territories and claims places."""
    ctx = _context(view, lang, legal)
    head, y = _status(ctx)
    body = [defs(), *head]
    if ctx.over:
        part, y = _result(ctx, y + 8)
        body += part
    for section in (_key, _territories, _hand_row, _standing_row, _unseen):
        part, y = section(ctx, y + 10)
        body += part
    _ = ctx.words
    title = _("The Kingdoms of Crusaders")
    return pic.document("kingdoms-of-crusaders", WIDTH, y + 12, body, title, ctx.seat)


def _status(ctx: _Ctx) -> tuple[list[str], float]:
    """The header: the title and whose turn it is (or the result), as the status group."""
    view, _ = ctx.view, ctx.words
    active = view.get("active")
    claim = view["phase"] == "claim"
    if ctx.over:
        line = _("Game over.") + " " + _winners_line(ctx)
    elif active is not None and active == ctx.seat:
        line = (
            _("Your turn: claim a proven territory (⚑ Claim on it) or choose End claims")
            if claim
            else _("Your turn: pick a card in your hand, then the territory to play it into")
        )
    else:
        line = ""
        if active is not None:
            turn = _("{name} may claim territories") if claim else _("{name} to play")
            line = turn.format(name=ctx.name(int(active)))
        who = (
            _("spectator view")
            if ctx.seat is None
            else _("you are {name}").format(name=seat_name(ctx.seat, ctx.lang))
        )
        line = f"{line} · {who}" if line else who
    head, y = pic.header(_("The Kingdoms of Crusaders"), line, WIDTH)
    act = "" if ctx.over or active is None else f' data-active="{active}"'
    group = (
        f'<g data-kind="status" data-over="{"true" if ctx.over else "false"}" '
        f"data-phase={attr(view['phase'])}{act}>"
    )
    return [group, *head, "</g>"], y


def _winners_line(ctx: _Ctx) -> str:
    """``Winner: Player 2`` or ``Winners: … (shared win)``."""
    _ = ctx.words
    winners = [int(w) for w in ctx.view.get("winners") or []]
    line = _.ngettext("Winner: {names}", "Winners: {names} (shared win)", max(1, len(winners)))
    return line.format(names=names_of(winners, ctx.lang, ctx.seat, _))


def _result(ctx: _Ctx, y: float) -> tuple[list[str], float]:
    """The winners in a ribbon under the header, with their territories and marker sum."""
    view, _ = ctx.view, ctx.words
    winners = [int(w) for w in view.get("winners") or []]
    won, total = view["standing"][winners[0]] if winners else (0, 0)
    out = [
        f'<g data-kind="result" data-winners={attr(",".join(str(w) for w in winners))}>',
        pic.box(MARGIN, y, WIDTH - 2 * MARGIN, 40, fill="#fff3c4", stroke=GOLD_EDGE),
    ]
    x = MARGIN + 16
    for w in winners:
        out.append(pic.seat_mark(w, x, y + 20, 8))
        x += 22
    result = _.ngettext("{w} territory, marker sum {s}", "{w} territories, marker sum {s}", won)
    body = f"{_winners_line(ctx)} · {result.format(w=won, s=total)}"
    out.append(text(x + 4, y + 26, body, LARGE, font_weight="bold"))
    out.append("</g>")
    return out, y + 40


def _key(ctx: _Ctx, y: float) -> tuple[list[str], float]:
    """The key of the symbols (icon, rank, name) and of the formations and marks."""
    _ = ctx.words
    names = symbol_names(ctx.lang)
    items = [(legend_icon(s), f"{s + 1} {names[s]}") for s in range(5)]
    out, bottom = pic.legend(items, MARGIN + 8, y, 560)
    marks = _("#n = play number · ✓ = army complete · ★ = territory won")
    out.append(text(590, y + 16, marks, SMALL, fill=MUTED))
    tiers, letters = tier_names(ctx.lang), tier_letters(ctx.lang)
    x: float = MARGIN + 8
    row = bottom + 2
    head = _("Formations:")
    out.append(text(x, row + 15, head, SMALL, font_weight="bold"))
    x += pic.text_width(head, SMALL) + 10
    for tier in range(3):
        words = _("{tier} = a symbol on {n} cards").format(tier=tiers[tier], n=4 - tier)
        hint = _(
            "{tier}: a symbol on {n} of the army's cards. More regiments win, then the higher "
            "symbols; then battalions, then companies."
        ).format(tier=tiers[tier], n=4 - tier)
        out.append(f"<g{tip(hint)}>")
        out.append(_chip_box(x, row, letters[tier], None))
        out.append(text(x + 28, row + 15, words, SMALL))
        out.append("</g>")
        x += 28 + pic.text_width(words, SMALL) + 22
    return out, row + 24


# -- the territories -----------------------------------------------------------------------
def _seat_order(ctx: _Ctx) -> list[int]:
    """The seats of a territory column, top to bottom: the viewer last, nearest the hand."""
    seats = [p for p in range(ctx.view["players"]) if p != ctx.seat]
    return seats if ctx.seat is None else [*seats, ctx.seat]


def _territories(ctx: _Ctx, top: float) -> tuple[list[str], float]:
    order = _seat_order(ctx)
    height = TERR_HEAD + len(order) * ARMY_H + 4
    out: list[str] = []
    for i, territory in enumerate(ctx.view["territories"]):
        x0 = MARGIN + i * (COL_W + COL_GAP)
        out += _territory(ctx, territory, x0, top, height, order)
    return out, top + height


def _territory(
    ctx: _Ctx,
    territory: dict[str, Any],
    x0: float,
    top: float,
    height: float,
    order: list[int],
) -> list[str]:
    """One territory column: its header and one army per seat."""
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
    armies = {int(a["seat"]): a for a in territory["armies"]}
    for k, p in enumerate(order):
        if p in armies:
            out.append(_army(ctx, territory, armies[p], x0, top + TERR_HEAD + k * ARMY_H))
    out.append("</g>")
    return out


def _territory_tip(ctx: _Ctx, territory: dict[str, Any]) -> str:
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


def _won_header(ctx: _Ctx, territory: dict[str, Any], x0: float, top: float) -> list[str]:
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
        _coin(marker, x0 + COL_W - 24, top + 22, winner, coin_tip),
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


def _open_header(ctx: _Ctx, territory: dict[str, Any], x0: float, top: float) -> list[str]:
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
    out = [text(x0 + 10, top + 45, _("Open"), FONT, font_weight="bold", fill=PLACE_GREEN)]
    claimable = territory.get("claimable_by")
    if claimable:
        names = names_of(claimable, ctx.lang, ctx.seat, _)
        out.append(text(x0 + 10, top + 64, _("Claimable: {names}").format(names=names), SMALL))
    return out


def _coin(marker: int, cx: float, cy: float, winner: int | None, hint: str) -> str:
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


def _army(ctx: _Ctx, territory: dict[str, Any], army: dict[str, Any], x0: float, y: float) -> str:
    """One seat's army in one territory: its name, cards (2×2) and formations."""
    t, p = int(territory["territory"]), int(army["seat"])
    d = territory.get("decided")
    won = d is not None and int(d["winner"]) == p
    can_play = p == ctx.seat and bool(ctx.plays.get(t))
    cards = tuple((str(c["card"]), str(c["slots"]), int(c["play"])) for c in army["cards"][:4])
    key = tuple(tuple(part) if isinstance(part, list) else part for part in army["key"])
    return _army_svg(
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
    if can_play:
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
    return "".join(out)


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
            card = _("{symbols} — card {code}, played #{play} by {name} into territory {t}")
            card_tip = card.format(
                symbols=spelled(slots, lang), code=code, play=play, name=name, t=t
            )
            out.append(_table_card(code, slots, play, p, t, cx, cy, card_tip, play == complete))
        else:
            out.append(_empty_slot(cx, cy, can_play and k == len(cards)))
    return "".join(out)


def _table_card(
    code: str,
    slots: str,
    play: int,
    seat: int,
    t: int,
    x: float,
    y: float,
    hint: str,
    completes: bool,
) -> str:
    return (
        f'<g data-kind="card" data-card={attr(code)} data-slots={attr(slots)} '
        f'data-play="{play}" data-seat="{seat}" data-territory="{t}" data-key="card:{code}" '
        f'transform="translate({num(x)},{num(y)})"{tip(hint)}>'
        + _card_face(slots, play, seat_colour(seat), completes)
        + "</g>"
    )


@lru_cache(maxsize=1024)
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
        out.append(f"<g{tip(hint)}>{_chip_box(x + k * (w + 3), y, letters[tier], s, w)}</g>")
    return "".join(out)


def _chip_box(x: float, y: float, letter: str, symbol: int | None, w: float = 24) -> str:
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


# -- the hand and the table facts -----------------------------------------------------------
def _hand_row(ctx: _Ctx, top: float) -> tuple[list[str], float]:
    hand, y = _hand(ctx, top)
    info, y2 = _table_info(ctx, top)
    return hand + info, max(y, y2)


def _hand(ctx: _Ctx, top: float) -> tuple[list[str], float]:
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


@lru_cache(maxsize=1024)
def _hand_card(
    code: str, slots: str, x: float, y: float, drawn: bool, playable: bool, hint: str, lang: str
) -> str:
    _ = catalog(lang)
    names = symbol_names(lang)
    attrs = f'data-kind="hand-card" data-card={attr(code)} data-slots={attr(slots)}'
    if drawn:
        attrs += ' data-drawn="true"'
    attrs += f' data-key="card:{code}"'
    if playable:
        attrs += f' data-pick="card:{code}"'
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


def _table_info(ctx: _Ctx, top: float) -> tuple[list[str], float]:
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
            out.append(_coin(m, x + 26 + k * 38, y + 40, None, coin_tip.format(m=m)))
        y += 62
    return out, y


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


# -- the standing and the unseen pool -------------------------------------------------------
def _standing_row(ctx: _Ctx, top: float) -> tuple[list[str], float]:
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


def _comparison(ctx: _Ctx, top: float) -> tuple[list[str], float]:
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


def _unseen(ctx: _Ctx, top: float) -> tuple[list[str], float]:
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
        hint = _.ngettext(
            "{n} unseen card with {symbols}", "{n} unseen cards with {symbols}", int(n)
        ).format(n=n, symbols=spelled(str(slots), ctx.lang))
        out.append(_unseen_set(str(slots), int(n), x, iy, hint))
    rows = -(-len(unseen) // per_row)
    return out, y + rows * 28


@lru_cache(maxsize=1024)
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
