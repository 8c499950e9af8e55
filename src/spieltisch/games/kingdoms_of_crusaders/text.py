"""The terminal text of The Kingdoms of Crusaders: a seat's view as Rich console markup.

Standard library only: games never import Rich. The markup uses plain Rich tags (``[bold]``,
``[#c0392b]`` ...) so that the CLI can print it, and tests can strip it to plain text. Every
line stays within 100 columns for 2-4 players. The words come from the game's message
catalogs (``words.py``); a message may hold Rich tags, which its translation keeps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.i18n import Catalog
from ...engine.markup import escape, pad, visible_len, wrap
from .symbols import COLOURS
from .words import catalog, claims_mode, player, symbol_names

WIDTH = 78  # wrap long lists before the 80-column limit of a terminal


def render_slots(slots: str) -> str:
    """A slot string with each present symbol in its colour and blanks dimmed."""
    out = []
    blanks = 0
    for i, ch in enumerate(slots):
        if ch == ".":
            blanks += 1
            continue
        if blanks:
            out.append(f"[dim]{'.' * blanks}[/dim]")
            blanks = 0
        colour = COLOURS[i] if i < len(COLOURS) else "white"
        out.append(f"[bold {colour}]{escape(ch)}[/]")
    if blanks:
        out.append(f"[dim]{'.' * blanks}[/dim]")
    return "".join(out)


def render_card(slots: str, card_id: str) -> str:
    """``..34. K07``: the coloured slot string, then the card id."""
    return f"{render_slots(slots)} {escape(card_id)}"


def _name(seat: int, viewer: int | None, _: Catalog) -> str:
    return _("You") if seat == viewer else player(seat, _)


def _by(seat: int, viewer: int | None, _: Catalog) -> str:
    """The seat after "by" ("won by you"; German takes the dative: "von dir")."""
    return _.pgettext("after by", "you") if seat == viewer else player(seat, _)


def _names(seats: Sequence[int], viewer: int | None, _: Catalog) -> str:
    return ", ".join(_name(s, viewer, _) for s in seats) or _("none")


def _to_act(view: dict[str, Any], active: int, seat: int | None, _: Catalog) -> str:
    """Who acts now; the reader's own turn in a message of its own (German: "du bist")."""
    if view["phase"] == "claim":
        if active == seat:
            return _("[bold]You[/bold] may claim territories")
        return _("[bold]{name}[/bold] may claim territories").format(name=player(active, _))
    if active == seat:
        return _("[bold]You[/bold] to play")
    return _("[bold]{name}[/bold] to play").format(name=player(active, _))


def _header(view: dict[str, Any], _: Catalog) -> list[str]:
    seat = view.get("seat")
    who = (
        _("you are [bold]{name}[/bold]").format(name=player(seat, _))
        if seat is not None
        else _("spectator view")
    )
    title = _("The Kingdoms of Crusaders")
    players = _("{n} players").format(n=view["players"])
    first = f"[bold]{title}[/bold] · {players} · {who}"
    parts = [
        _("plays so far: {n}").format(n=view["play_counter"]),
        _.ngettext("deck: {n} card", "deck: {n} cards", view["deck_size"]).format(
            n=view["deck_size"]
        ),
        _("claims: {mode}").format(mode=escape(claims_mode(view["claims"], _))),
    ]
    active = view.get("active")
    if view["phase"] != "over" and active is not None:
        parts.append(_to_act(view, active, seat, _))
    return [first, *_wrap(parts, "", gap=" · ")]


def _standing(view: dict[str, Any], _: Catalog) -> list[str]:
    seat, active = view.get("seat"), view.get("active")
    names = [_name(p, seat, _) for p in range(view["players"])]
    col_player = _("Player")
    name_w = max(len(col_player), *(len(n) for n in names)) + 2
    cols = (_("hand"), _("markers"), _("territories"), _("marker sum"))
    rows = []
    for p in range(view["players"]):
        markers = ", ".join(str(m) for m in view["markers"][p]) or "–"
        won, total = view["standing"][p]
        rows.append((str(view["hand_sizes"][p]), markers, str(won), str(total)))
    widths = [max(len(c), *(len(r[i]) for r in rows)) + 2 for i, c in enumerate(cols)]
    head = "  " + pad(col_player, name_w)
    head += "".join(c.rjust(w) for c, w in zip(cols, widths, strict=True))
    lines = [f"[dim]{head}[/dim]"]
    for p, cells in enumerate(rows):
        mark = "[bold]▶[/bold] " if p == active and view["phase"] != "over" else "  "
        name = f"[bold]{names[p]}[/bold]" if p == seat else names[p]
        line = mark + pad(name, name_w)
        line += "".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))
        lines.append(line)
    return lines


def _decision(territory: dict[str, Any], viewer: int | None, _: Catalog) -> str:
    d = territory.get("decided")
    if d is None:
        status = "[green]" + _("open") + "[/green]"
        claimable = territory.get("claimable_by")
        if claimable:
            names = ", ".join(_by(s, viewer, _) for s in claimable)
            status += " · " + _("claimable by {names}").format(names=names)
        return status
    how = (
        _("by completion at play {n}") if d["method"] == "completion" else _("by claim at play {n}")
    )
    marker = _("marker {n}").format(n=d["marker"])
    return " · ".join(
        (
            _("won by [bold]{name}[/bold]").format(name=_by(d["winner"], viewer, _)),
            f"[bold]{marker}[/bold]",
            how.format(n=d["play"]),
        )
    )


def _card_width(view: dict[str, Any]) -> int:
    """One width for every card cell on the table, so that the columns line up."""
    ids = [c["card"] for t in view["territories"] for a in t["armies"] for c in a["cards"]]
    id_w = max((len(i) for i in ids), default=3)
    play_w = max(2, len(str(view["play_counter"])))
    return 5 + 1 + id_w + 2 + play_w  # "..34. K07 #12"


def _territory(view: dict[str, Any], territory: dict[str, Any], _: Catalog) -> list[str]:
    seat = view.get("seat")
    armies = territory["armies"]
    card_w = _card_width(view)
    names = [_name(p, seat, _) for p in range(view["players"])]
    name_w = max(len(n) for n in names) + 1
    d = territory.get("decided")
    winner = None if d is None else d["winner"]
    title = _("Territory {n}").format(n=territory["territory"])
    head = f"[bold reverse] {title} [/]"
    lines = _wrap([head, *_decision(territory, seat, _).split(" · ")], "  ", gap=" · ")
    lines[0] = lines[0].replace(f"{head} · ", f"{head} ", 1)[2:]
    for army in armies:
        p = army["seat"]
        mark = "[bold #d4a017]★[/] " if p == winner else "  "
        name = f"[bold]{names[p]}[/bold]" if p == seat else names[p]
        cells = []
        for card in army["cards"]:
            play = f"[dim]#{card['play']}[/dim]"
            cells.append(pad(f"{render_card(card['slots'], card['card'])} {play}", card_w))
        for _slot in range(4 - len(army["cards"])):
            cells.append(pad("[dim]·[/dim]", card_w))
        # the notation is the same in every language; only "no formation" is a word
        formation = _("(none)") if army["army"] == "(none)" else army["army"]
        army_text = f"[bold]{escape(formation)}[/bold]"
        if army.get("complete_at"):
            army_text = pad(army_text, 12) + f" [green]✓#{army['complete_at']}[/green]"
        line = mark + pad(name, name_w) + " ".join(cells)
        if visible_len(line) + 1 + visible_len(army_text) <= WIDTH:
            lines.append(line + " " + army_text)
        else:  # 80 columns: the army's formation under its cards
            lines.append(line.rstrip())
            lines.append(" " * (2 + name_w) + army_text)
    return lines


def symbol_legend(lang: str = "en") -> list[str]:
    """``Symbols: 1 Lance · 2 Bow · 3 Sword · 4 Helmet · 5 Banner`` in the symbols' colours,
    and what the army notation ``R(5,1) B(4) C(2)`` means (KC-R4, KC-R19)."""
    _ = catalog(lang)
    names = symbol_names(lang)
    items = [
        f"[bold {COLOURS[i]}]{i + 1}[/] {name}" for i, name in enumerate(names[: len(COLOURS)])
    ]
    lines = _wrap([_("Symbols, weak → strong:"), *items], "", gap=" · ")
    lines[0] = lines[0].replace(": · ", ": ", 1)
    notation = (
        _("R(5,1) = Regiments (a symbol on 4 cards) of Banner and Lance"),
        _("B = Battalion (3 cards)"),
        _("C = Company (2 cards)"),
    )
    lines.extend(f"[dim]{w}[/dim]" for w in _wrap(notation, "", gap=" · "))
    return lines


def _hand(view: dict[str, Any], _: Catalog) -> list[str]:
    hand = view.get("hand")
    if hand is None:
        return []
    drawn = view.get("drawn")
    items = []
    for card in hand:
        text = render_card(card["slots"], card["card"])
        if card["card"] == drawn:
            text = f"[reverse]{text}[/reverse][bold]◆[/bold]"
        items.append(text)
    notes = [_.ngettext("{n} card", "{n} cards", len(hand)).format(n=len(hand))]
    if drawn is not None:
        notes.append(_("◆ = just drawn"))
    title = _("Your hand")
    return [f"[bold]{title}[/bold] ({', '.join(notes)})", *_wrap(items, "  ")]


def _unseen(view: dict[str, Any], _: Catalog) -> list[str]:
    unseen = view.get("unseen") or {}
    items = [f"{render_slots(slots)}[dim]×{n}[/dim]" for slots, n in unseen.items()]
    head = _("Unseen cards (all hands and the deck), by symbols:")
    return [f"[dim]{head}[/dim]", *_wrap(items, "  ", gap="  ")]


def _result(view: dict[str, Any], _: Catalog) -> list[str]:
    winners = view.get("winners")
    if view["phase"] != "over" or winners is None:
        return []
    names = _names(winners, view.get("seat"), _)
    line = _.ngettext("Winner: {names}", "Winners: {names} (shared win)", max(1, len(winners)))
    over = _("Game over.")
    return [f"[bold]{over}[/bold] [bold green]{line.format(names=names)}[/bold green]"]


def _wrap(items: Sequence[str], indent: str, width: int = WIDTH, gap: str = "   ") -> list[str]:
    return wrap(items, indent, width, gap)


def _legend(_: Catalog) -> list[str]:
    """What the marks on the table mean, one item a mark."""
    items = (
        _("#n = play number"),
        _("✓#n = 4th card, at play n"),
        _("★ = won the territory"),
        _("▶ = to act"),
    )
    return [f"[dim]{w}[/dim]" for w in _wrap(items, "", gap=" · ")]


def render_view(view: dict[str, Any], lang: str = "en") -> str:
    """The whole table as ``view`` shows it: header, standing, the five territories, the
    viewer's hand (none for a spectator), the unseen pool, and the winners at the end."""
    _ = catalog(lang)
    lines = _header(view, _)
    lines.append("")
    lines.extend(_standing(view, _))
    for territory in view["territories"]:
        lines.append("")
        lines.extend(_territory(view, territory, _))
    lines.append("")
    lines.extend(_legend(_))
    lines.extend(symbol_legend(lang))
    hand = _hand(view, _)
    if hand:
        lines.append("")
        lines.extend(hand)
    lines.append("")
    lines.extend(_unseen(view, _))
    result = _result(view, _)
    if result:
        lines.append("")
        lines.extend(result)
    return "\n".join(lines)


def render_actions(
    actions: Sequence[dict[str, Any]], view: dict[str, Any], lang: str = "en"
) -> str:
    """The legal actions as a numbered menu (``1``-based, in the given order): plays grouped
    by card, one line per card with its territories, then claims and ``end claims``."""
    _ = catalog(lang)
    slots = {c["card"]: c["slots"] for c in view.get("hand") or []}
    width = len(str(len(actions)))
    by_card: dict[str, list[str]] = {}
    others: list[str] = []
    for number, action in enumerate(actions, start=1):
        num = f"[bold]{str(number).rjust(width)})[/bold]"
        kind = action.get("type")
        if kind == "play":
            card = str(action["card"])
            by_card.setdefault(card, []).append(f"{num} → {action['territory']}")
        elif kind == "claim":
            claim = _("claim territory {n}").format(n=action["territory"])
            others.append(f"  {num} {claim}")
        elif kind == "end_claims":
            end = _("end claims (claim nothing more this turn)")
            others.append(f"  {num} {end}")
        else:
            others.append(f"  {num} {escape(str(action))}")
    lines: list[str] = []
    if by_card:
        lines.append(_("Play a card into a territory (→ territory):"))
        id_w = max(len(c) for c in by_card)
        for card, choices in by_card.items():
            shown = render_card(slots.get(card, "?????"), card)
            lines.append("  " + pad(shown, 6 + id_w) + "   " + "   ".join(choices))
    lines.extend(others)
    return "\n".join(lines)
