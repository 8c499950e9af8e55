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

Moves are made on the picture, select then target (``board_moves``). The keys:

- ``card:<code>`` (``data-pick``): every card in the viewer's hand, playable or not.
- ``territory:<n>`` (``data-place``): the viewer's army in territory n (1-5), the place of a
  play there; also when it is closed (decided), full (4 cards) or not the viewer's turn.
- ``claim:<n>`` (``data-place``): under ``claims = manual``, the ⚑ Claim control on the
  header of an open territory where the viewer's army is complete: green when the claim is
  legal now, greyed (``data-available="false"``) when it is not.
- Ending the claims is a button of the page.

A key of a move that is not legal now is still there, so that a click on it asks why not:
``attempt`` says which action the click means and ``Game.why_illegal`` why the rules forbid
it. A spectator has no keys. Pieces carry ``data-key`` (a card keeps ``card:<code>`` from
hand to table) and ``data-tip`` in the reader's language.

Attributes the tests read: every territory ``data-kind="territory"`` with ``data-territory``
(1-5) and, when decided, ``data-decided-by``, ``data-marker`` and ``data-method``; every army
``data-kind="army"`` with ``data-territory``, ``data-seat``, ``data-army`` (the notation)
and ``data-complete-at``; every table card ``data-kind="card"`` with ``data-card``,
``data-slots``, ``data-play``, ``data-seat`` and ``data-territory``; every hand card
``data-kind="hand-card"`` with ``data-card``, ``data-slots`` and ``data-drawn="true"`` for the
drawn card; every seat's row of the standing ``data-kind="seat"`` with ``data-seat``,
``data-hand-size``, ``data-markers``, ``data-rank``, ``data-territories`` and ``data-sum``;
every unseen symbol set ``data-kind="unseen"`` with ``data-slots`` and ``data-count``; the
deck ``data-kind="deck"`` with ``data-count``; the status and, at the end, the result.

This module draws the header, the result and the key and puts the parts together; the parts
are drawn in ``picture_territories`` (the columns and their headers), ``picture_armies``
(the armies, their cards and formation chips), ``picture_hand`` (the hand, the deck and the
table facts) and ``picture_standing`` (the standing and the unseen pool), on the grid and
context of ``picture_context``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...engine import picture as pic
from ...engine.picture import LARGE, MUTED, SMALL, seat_name, text, tip
from ...engine.svg import attr
from .icons import defs, legend_icon
from .picture_armies import chip_box
from .picture_context import GOLD_EDGE, MARGIN, WIDTH, Ctx, context
from .picture_hand import hand_row
from .picture_standing import standing_row, unseen_pool
from .picture_territories import territories
from .svg_text import names_of
from .words import catalog, symbol_names, tier_letters, tier_names

__all__ = ["attempt", "board_moves", "log_keys", "render_svg"]


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


def attempt(view: dict[str, Any], pick: str | None, place: str | None) -> dict[str, Any] | None:
    """The action a click means, legal or not (the page asks why not for an unarmed key):
    ``place`` clicked with ``pick`` selected, or the pick ``pick`` clicked alone (``place``
    None). A territory means playing the selected card there; clicked with no card selected,
    it means a play only where no card could go (closed, full, not now), so that the answer
    names that reason; an open territory needs a card first (``None``). A hand card clicked
    alone means playing it into the first territory open to the viewer. A claim control
    means claiming that territory."""
    seat = view.get("seat")
    hand = [str(c["card"]) for c in view.get("hand") or []]
    if seat is None or not hand:
        return None
    card = _key_value(pick, "card")
    if place is None:
        if card is None:
            return None
        return {"type": "play", "card": card, "territory": _first_open(view, int(seat))}
    claim = _key_number(place, "claim")
    if claim is not None:
        return {"type": "claim", "territory": claim}
    t = _key_number(place, "territory")
    if t is None:
        return None
    if card is not None:
        return {"type": "play", "card": card, "territory": t}
    if _open_to(view, int(seat), t) and view.get("active") == seat and view["phase"] == "play":
        return None  # a card has to be picked first
    return {"type": "play", "card": hand[0], "territory": t}


def _key_value(key: str | None, kind: str) -> str | None:
    if key is None or not key.startswith(kind + ":"):
        return None
    return key[len(kind) + 1 :] or None


def _key_number(key: str | None, kind: str) -> int | None:
    value = _key_value(key, kind)
    return int(value) if value is not None and value.isdigit() else None


def _open_to(view: dict[str, Any], seat: int, t: int) -> bool:
    """Territory ``t`` is open and the seat has fewer than 4 cards there (KC-R12)."""
    for territory in view["territories"]:
        if territory["territory"] == t:
            army = [a for a in territory["armies"] if a["seat"] == seat]
            return territory.get("decided") is None and bool(army) and len(army[0]["cards"]) < 4
    return False


def _first_open(view: dict[str, Any], seat: int) -> int:
    opened = [t for t in range(1, 6) if _open_to(view, seat, t)]
    return opened[0] if opened else 1


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
    ctx = context(view, lang, legal)
    head, y = _status(ctx)
    body = [defs(), *head]
    if ctx.over:
        part, y = _result(ctx, y + 8)
        body += part
    for section in (_kept_key, territories, hand_row, _kept_standing, _kept_unseen):
        part, y = section(ctx, y + 10)
        body += part
    _ = ctx.words
    title = _("The Kingdoms of Crusaders")
    return pic.document("kingdoms-of-crusaders", WIDTH, y + 12, body, title, ctx.seat)


def _status(ctx: Ctx) -> tuple[list[str], float]:
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


def _winners_line(ctx: Ctx) -> str:
    """``Winner: Player 2`` or ``Winners: … (shared win)``."""
    _ = ctx.words
    winners = [int(w) for w in ctx.view.get("winners") or []]
    line = _.ngettext("Winner: {names}", "Winners: {names} (shared win)", max(1, len(winners)))
    return line.format(names=names_of(winners, ctx.lang, ctx.seat, _))


def _result(ctx: Ctx, y: float) -> tuple[list[str], float]:
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


# the parts that a table keeps from move to move (``picture.kept``): the key, the standing
# and the unseen pool rarely change, each kept by everything it shows
Section = Callable[[Ctx, float], tuple[list[str], float]]


def _kept(key: tuple[Any, ...], section: Section, ctx: Ctx, y: float) -> tuple[list[str], float]:
    drawn, bottom = pic.kept((section.__name__, y, *key), lambda: section(ctx, y))
    return ([drawn] if drawn else []), bottom


def _kept_key(ctx: Ctx, y: float) -> tuple[list[str], float]:
    return _kept((ctx.lang,), _key, ctx, y)


def _kept_standing(ctx: Ctx, y: float) -> tuple[list[str], float]:
    view = ctx.view
    decided = repr([(t["territory"], t.get("decided")) for t in view["territories"]])
    shown = (view["players"], repr(view["markers"]), repr(view["hand_sizes"]), decided)
    key = (ctx.lang, ctx.seat, ctx.over, view.get("active"), *shown)
    return _kept(key, standing_row, ctx, y)


def _kept_unseen(ctx: Ctx, y: float) -> tuple[list[str], float]:
    return _kept((ctx.lang, repr(ctx.view.get("unseen"))), unseen_pool, ctx, y)


def _key(ctx: Ctx, y: float) -> tuple[list[str], float]:
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
        out.append(chip_box(x, row, letters[tier], None))
        out.append(text(x + 28, row + 15, words, SMALL))
        out.append("</g>")
        x += 28 + pic.text_width(words, SMALL) + 22
    return out, row + 24
