"""The terminal text of The Kingdoms of Crusaders: a seat's view as Rich console markup.

Standard library only: games never import Rich. The markup uses plain Rich tags (``[bold]``,
``[#c0392b]`` ...) so that the CLI can print it, and tests can strip it to plain text. Every
line stays within 100 columns for 2-4 players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.markup import escape, pad, visible_len, wrap
from .symbols import COLOURS

WIDTH = 78  # wrap long lists before the 80-column limit of a terminal

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "The Kingdoms of Crusaders",
        "players": "{n} players",
        "you_are": "you are [bold]{name}[/bold]",
        "spectator": "spectator view",
        "player": "Player {n}",
        "you": "You",
        "plays": "plays so far: {n}",
        "deck": "deck: {n} cards",
        "claims": "claims: {mode}",
        "to_play": "[bold]{name}[/bold] to play",
        "to_claim": "[bold]{name}[/bold] may claim territories",
        "territory": "Territory {n}",
        "open": "open",
        "won_by": "won by [bold]{name}[/bold]",
        "marker": "marker {n}",
        "completion": "by completion",
        "claim": "by claim",
        "at_play": "at play {n}",
        "claimable": "claimable by {names}",
        "col_player": "Player",
        "col_hand": "hand",
        "col_markers": "markers",
        "col_won": "territories",
        "col_sum": "marker sum",
        "hand": "Your hand",
        "hand_note": "{n} cards",
        "drawn_note": "◆ = just drawn",
        "unseen": "Unseen cards (all hands and the deck), by symbols:",
        "legend": "#n = play number · ✓#n = 4th card, at play n · ★ = won the territory "
        "· ▶ = to act",
        "symbols": "Symbols, weak → strong",
        "no_formation": "(none)",
        "symbol_names": "Lance,Bow,Sword,Helmet,Banner",
        "formations": "R(5,1) = Regiments (a symbol on 4 cards) of Banner and Lance "
        "· B = Battalion (3 cards) · C = Company (2 cards)",
        "over": "Game over.",
        "winner": "Winner: {names}",
        "winners": "Winners: {names} (shared win)",
        "none": "none",
        "act_play": "Play a card into a territory (→ territory):",
        "act_claim": "claim territory {n}",
        "act_end_claims": "end claims (claim nothing more this turn)",
    },
    "de": {
        "title": "Die Königreiche der Kreuzritter",
        "players": "{n} Spieler",
        "you_are": "du bist [bold]{name}[/bold]",
        "spectator": "Zuschauersicht",
        "player": "Spieler {n}",
        "you": "Du",
        "plays": "bisher ausgespielt: {n}",
        "deck": "Stapel: {n} Karten",
        "claims": "Ansprüche: {mode}",
        "mode_auto": "automatisch",
        "mode_manual": "von Hand",
        "mode_off": "aus",
        "to_play": "[bold]{name}[/bold] ist am Zug",
        "to_play_you": "[bold]{name}[/bold] bist am Zug",
        "to_claim": "[bold]{name}[/bold] darf Gebiete beanspruchen",
        "to_claim_you": "[bold]{name}[/bold] darfst Gebiete beanspruchen",
        "territory": "Gebiet {n}",
        "open": "offen",
        "won_by": "gewonnen von [bold]{name}[/bold]",
        "marker": "Siegmarker {n}",
        "completion": "durch Vervollständigung",
        "claim": "durch Anspruch",
        "at_play": "bei Ausspielung {n}",
        "claimable": "beanspruchbar von {names}",
        "col_player": "Spieler",
        "col_hand": "Hand",
        "col_markers": "Siegmarker",
        "col_won": "Gebiete",
        "col_sum": "Markersumme",
        "hand": "Deine Hand",
        "hand_note": "{n} Karten",
        "drawn_note": "◆ = gerade gezogen",
        "unseen": "Ungesehene Karten (alle Hände und der Stapel), nach Symbolen:",
        "legend": "#n = Ausspielung · ✓#n = 4. Karte, bei Ausspielung n · ★ = Gebiet gewonnen "
        "· ▶ = am Zug",
        "symbols": "Symbole, schwach → stark",
        "no_formation": "(keine)",
        "symbol_names": "Lanze,Bogen,Schwert,Helm,Banner",
        "formations": "R(5,1) = Regimenter (ein Symbol auf 4 Karten) aus Banner und Lanze "
        "· B = Bataillon (3 Karten) · C = Kompanie (2 Karten)",
        "over": "Spielende.",
        "winner": "Sieger: {names}",
        "winners": "Sieger: {names} (geteilter Sieg)",
        "none": "keine",
        "act_play": "Eine Karte in ein Gebiet ausspielen (→ Gebiet):",
        "act_claim": "Gebiet {n} beanspruchen",
        "act_end_claims": "Ansprüche beenden (in diesem Zug nichts mehr beanspruchen)",
    },
}


def _labels(lang: str) -> dict[str, str]:
    return LABELS.get(lang, LABELS["en"])


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


def _name(seat: int, viewer: int | None, lab: dict[str, str]) -> str:
    return lab["you"] if seat == viewer else lab["player"].format(n=seat + 1)


def _names(seats: Sequence[int], viewer: int | None, lab: dict[str, str]) -> str:
    return ", ".join(_name(s, viewer, lab) for s in seats) or lab["none"]


def _header(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    seat = view.get("seat")
    who = (
        lab["you_are"].format(name=lab["player"].format(n=seat + 1), seat=seat)
        if seat is not None
        else lab["spectator"]
    )
    first = f"[bold]{lab['title']}[/bold] · {lab['players'].format(n=view['players'])} · {who}"
    parts = [
        lab["plays"].format(n=view["play_counter"]),
        lab["deck"].format(n=view["deck_size"]),
        lab["claims"].format(mode=escape(lab.get(f"mode_{view['claims']}", str(view["claims"])))),
    ]
    active = view.get("active")
    if view["phase"] != "over" and active is not None:
        key = "to_claim" if view["phase"] == "claim" else "to_play"
        if active == seat and f"{key}_you" in lab:  # German: "du bist", "du darfst"
            key += "_you"
        parts.append(lab[key].format(name=_name(active, seat, lab)))
    return [first, *_wrap(parts, "", gap=" · ")]


def _standing(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    seat, active = view.get("seat"), view.get("active")
    names = [_name(p, seat, lab) for p in range(view["players"])]
    name_w = max(len(lab["col_player"]), *(len(n) for n in names)) + 2
    cols = (lab["col_hand"], lab["col_markers"], lab["col_won"], lab["col_sum"])
    rows = []
    for p in range(view["players"]):
        markers = ", ".join(str(m) for m in view["markers"][p]) or "–"
        won, total = view["standing"][p]
        rows.append((str(view["hand_sizes"][p]), markers, str(won), str(total)))
    widths = [max(len(c), *(len(r[i]) for r in rows)) + 2 for i, c in enumerate(cols)]
    head = "  " + pad(lab["col_player"], name_w)
    head += "".join(c.rjust(w) for c, w in zip(cols, widths, strict=True))
    lines = [f"[dim]{head}[/dim]"]
    for p, cells in enumerate(rows):
        mark = "[bold]▶[/bold] " if p == active and view["phase"] != "over" else "  "
        name = f"[bold]{names[p]}[/bold]" if p == seat else names[p]
        line = mark + pad(name, name_w)
        line += "".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))
        lines.append(line)
    return lines


def _decision(territory: dict[str, Any], viewer: int | None, lab: dict[str, str]) -> str:
    d = territory.get("decided")
    if d is None:
        status = f"[green]{lab['open']}[/green]"
        claimable = territory.get("claimable_by")
        if claimable:
            status += " · " + lab["claimable"].format(names=_names(claimable, viewer, lab))
        return status
    how = lab["completion"] if d["method"] == "completion" else lab["claim"]
    return " · ".join(
        (
            lab["won_by"].format(name=_name(d["winner"], viewer, lab)),
            f"[bold]{lab['marker'].format(n=d['marker'])}[/bold]",
            f"{how} {lab['at_play'].format(n=d['play'])}",
        )
    )


def _card_width(view: dict[str, Any]) -> int:
    """One width for every card cell on the table, so that the columns line up."""
    ids = [c["card"] for t in view["territories"] for a in t["armies"] for c in a["cards"]]
    id_w = max((len(i) for i in ids), default=3)
    play_w = max(2, len(str(view["play_counter"])))
    return 5 + 1 + id_w + 2 + play_w  # "..34. K07 #12"


def _territory(view: dict[str, Any], territory: dict[str, Any], lab: dict[str, str]) -> list[str]:
    seat = view.get("seat")
    armies = territory["armies"]
    card_w = _card_width(view)
    names = [_name(p, seat, lab) for p in range(view["players"])]
    name_w = max(len(n) for n in names) + 1
    d = territory.get("decided")
    winner = None if d is None else d["winner"]
    head = f"[bold reverse] {lab['territory'].format(n=territory['territory'])} [/]"
    lines = _wrap([head, *_decision(territory, seat, lab).split(" · ")], "  ", gap=" · ")
    lines[0] = lines[0].replace(f"{head} · ", f"{head} ", 1)[2:]
    for army in armies:
        p = army["seat"]
        mark = "[bold #d4a017]★[/] " if p == winner else "  "
        name = f"[bold]{names[p]}[/bold]" if p == seat else names[p]
        cells = []
        for card in army["cards"]:
            play = f"[dim]#{card['play']}[/dim]"
            cells.append(pad(f"{render_card(card['slots'], card['card'])} {play}", card_w))
        for _ in range(4 - len(army["cards"])):
            cells.append(pad("[dim]·[/dim]", card_w))
        formation = lab["no_formation"] if army["army"] == "(none)" else army["army"]
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
    lab = _labels(lang)
    names = lab["symbol_names"].split(",")
    items = [
        f"[bold {COLOURS[i]}]{i + 1}[/] {name}" for i, name in enumerate(names[: len(COLOURS)])
    ]
    lines = _wrap([f"{lab['symbols']}:", *items], "", gap=" · ")
    lines[0] = lines[0].replace(": · ", ": ", 1)
    lines.extend(f"[dim]{w}[/dim]" for w in _wrap(lab["formations"].split(" · "), "", gap=" · "))
    return lines


def _hand(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
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
    note = lab["hand_note"].format(n=len(hand))
    if drawn is not None:
        note += ", " + lab["drawn_note"]
    return [f"[bold]{lab['hand']}[/bold] ({note})", *_wrap(items, "  ")]


def _unseen(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    unseen = view.get("unseen") or {}
    items = [f"{render_slots(slots)}[dim]×{n}[/dim]" for slots, n in unseen.items()]
    return [f"[dim]{lab['unseen']}[/dim]", *_wrap(items, "  ", gap="  ")]


def _result(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    winners = view.get("winners")
    if view["phase"] != "over" or winners is None:
        return []
    key = "winners" if len(winners) > 1 else "winner"
    names = _names(winners, view.get("seat"), lab)
    return [f"[bold]{lab['over']}[/bold] [bold green]{lab[key].format(names=names)}[/bold green]"]


def _wrap(items: Sequence[str], indent: str, width: int = WIDTH, gap: str = "   ") -> list[str]:
    return wrap(items, indent, width, gap)


def render_view(view: dict[str, Any], lang: str = "en") -> str:
    """The whole table as ``view`` shows it: header, standing, the five territories, the
    viewer's hand (none for a spectator), the unseen pool, and the winners at the end."""
    lab = _labels(lang)
    lines = _header(view, lab)
    lines.append("")
    lines.extend(_standing(view, lab))
    for territory in view["territories"]:
        lines.append("")
        lines.extend(_territory(view, territory, lab))
    lines.append("")
    lines.extend(f"[dim]{w}[/dim]" for w in _wrap(lab["legend"].split(" · "), "", gap=" · "))
    lines.extend(symbol_legend(lang))
    hand = _hand(view, lab)
    if hand:
        lines.append("")
        lines.extend(hand)
    lines.append("")
    lines.extend(_unseen(view, lab))
    result = _result(view, lab)
    if result:
        lines.append("")
        lines.extend(result)
    return "\n".join(lines)


def render_actions(
    actions: Sequence[dict[str, Any]], view: dict[str, Any], lang: str = "en"
) -> str:
    """The legal actions as a numbered menu (``1``-based, in the given order): plays grouped
    by card, one line per card with its territories, then claims and ``end claims``."""
    lab = _labels(lang)
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
            others.append(f"  {num} {lab['act_claim'].format(n=action['territory'])}")
        elif kind == "end_claims":
            others.append(f"  {num} {lab['act_end_claims']}")
        else:
            others.append(f"  {num} {escape(str(action))}")
    lines: list[str] = []
    if by_card:
        lines.append(lab["act_play"])
        id_w = max(len(c) for c in by_card)
        for card, choices in by_card.items():
            shown = render_card(slots.get(card, "?????"), card)
            lines.append("  " + pad(shown, 6 + id_w) + "   " + "   ".join(choices))
    lines.extend(others)
    return "\n".join(lines)
