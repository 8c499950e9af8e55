"""The terminal text of Im Zeichen des Kreuzes: a seat's view as Rich console markup.

Standard library only: games never import Rich. The markup uses plain Rich tags so that the
CLI can print it and tests can strip it to plain text. Every line stays within 100 columns
for every player count.

The renderers read nothing but ``view(seat)`` plus the static default components (the
terrain of every cell, city names, unit names, card labels): a card's face is printed only
for the viewer's own hand and for the public cards (discard top, lance, two-step card), so
a seat's rendering never shows more than the seat knows (ZK-H1, ZK-H2).

The map is drawn one character per cell as in the rules' grid (3.2): ``~`` sea, ``.`` plain,
``^`` mountain; cities ``C`` (red tile), ``K`` (Candia), ``M`` (green tile), ``J``
(Jerusalem), in lower case once plundered; ``F`` a fleet, ``A`` a Muslim army; a pawn is
its seat's digit (``+`` when several pawns share a cell)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.markup import escape, pad, visible_len, wrap
from . import text_table
from .catalog import catalog
from .names import card_effect
from .shown import components, use_edition
from .text_markup import (
    SEAT_FG,
    SEAT_PAWN,
    WIDTH,
    card_label,
    cell_text,
    city_name,
    motivation_track,
    seat_markup,
    seat_name,
    unit_name,
    viewer_of,
)
from .text_words import labels


def _seats(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    viewer = viewer_of(view)
    lines = [f"[bold]{lab['seats']}[/bold]"]
    names = [seat_name(s["seat"], viewer, lab) for s in view["seats"]]
    name_w = max(len(n) for n in names) + 1
    for s, name in zip(view["seats"], names, strict=True):
        p = s["seat"]
        mark = "[bold]▶[/bold] " if p == view["active"] and not view["over"] else "  "
        colour = SEAT_FG[p % len(SEAT_FG)]
        head = (
            mark
            + f"[{SEAT_PAWN[p % len(SEAT_PAWN)]}]{p + 1}[/] "
            + pad(f"[bold {colour}]{name}[/]", name_w)
            + f"{escape(str(s['knight_name']))} · {lab['pawn'].format(cell=cell_text(s['pawn']))}"
        )
        if s.get("siege_eligible"):
            head += f" · [bold]{lab['eligible']}[/bold]"
        lines.append(head)
        numbers = [
            lab["army"].format(n=s["army"]),
            lab["supply"].format(n=s["supply"]),
            lab["in_tower"].format(n=s["tower"]),
            lab["treasure"].format(n=s["treasure"]),
            lab["markers"].format(n=s["markers"]),
            lab["hand_size"].format(n=s["hand_size"]),
        ]
        lines.extend(wrap(numbers, "      ", WIDTH, " · "))
        red = " ".join(str(v) for v in s["red_tiles"]) or "–"
        green = " ".join(str(v) for v in s["green_tiles"]) or "–"
        lines.append(
            f"      {lab['motivation']} {motivation_track(s['motivation'])} "
            f"{str(s['motivation']).rjust(2)} · {lab['draws'].format(n=s['draw_limit'])}"
            f" · {lab['tiles'].format(red=red, green=green)}"
        )
    return lines


def _hand(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    hand = view.get("hand")
    if hand is None:
        return []
    if not hand:
        return [f"[bold]{lab['hand']}[/bold]: [dim]{lab['empty']}[/dim]"]
    lines = [f"[bold]{lab['hand']}[/bold]:"]
    for code in hand:
        card = card_label(code, lab)
        effect = escape(card_effect(code, lab["lang"]))
        line = f"  {card} [dim]– {effect}[/dim]"
        if visible_len(line) <= WIDTH:
            lines.append(line)
        else:  # the effect under its card, word-wrapped
            lines.append(f"  {card}")
            words = wrap(f"– {effect}".split(" "), "    ", WIDTH, " ")
            lines.extend(f"[dim]{w}[/dim]" for w in words)
    return lines


def _decision(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    if view["over"]:
        return []
    viewer = viewer_of(view)
    decision = view["decision"]
    kind = str(decision.get("type"))
    what = lab.get(f"d_{kind}", escape(kind))
    if kind == "symbol":
        symbol = str(view.get("symbol", "?"))  # the unit kind the card's symbol moves
        what = what.format(unit=escape(lab.get(f"unit_{symbol}", symbol)))
    who = decision.get("seat")
    text = (
        what
        if who is None
        else lab["decides"].format(what=what, name=seat_markup(who, viewer, lab))
    )
    lines = [f"[bold]{lab['decision']}[/bold]: {text}"]
    if view.get("two_step_card"):
        lines.append("  " + lab["two_step"].format(card=card_label(view["two_step_card"], lab)))
    return lines


def _fight(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    fight = view.get("fight")
    if not fight:
        return []
    viewer = viewer_of(view)
    kind = str(fight["type"])
    foe = lab.get(f"f_{kind}", escape(kind))
    if fight.get("city"):
        foe += f" ({escape(city_name(str(fight['city']), lab['lang']))})"
    elif fight.get("unit"):
        foe += f" ({escape(unit_name(fight['unit'], lab['lang']))})"
    terrain = lab.get(f"t_{fight.get('terrain')}", escape(str(fight.get("terrain"))))
    line = lab["fight_line"].format(
        fighter=seat_markup(fight["fighter"], viewer, lab),
        foe=foe,
        cell=cell_text(fight.get("cell")),
        terrain=terrain,
    )
    parts = [lab["enemy"].format(n=fight.get("enemy"))]
    if fight.get("lance"):
        parts.append(lab["lance"].format(card=card_label(fight["lance"], lab)))
    if kind == "jerusalem_round":
        parts.append(
            lab["round"].format(
                s=fight.get("siege_number"),
                r=fight.get("round"),
                d=seat_markup(fight["defender"], viewer, lab)
                if isinstance(fight.get("defender"), int)
                else "–",
            )
        )
        parts.append(
            lab["committed"].format(
                yes=lab["yes"] if fight.get("attacker_committed") else lab["no"]
            )
        )
        if fight.get("papal_reward_if_lost"):
            parts.append(lab["if_lost"].format(n=fight["papal_reward_if_lost"]))
        if fight.get("my_commitment") is not None:
            parts.append(lab["my_commitment"].format(n=fight["my_commitment"]))
    lines = wrap(line.split(" "), "", WIDTH, " ")
    lines[0] = f"[bold]{lab['fight']}[/bold]: {lines[0]}"
    lines.extend(wrap(parts, "  ", WIDTH, " · "))
    return lines


def _result(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    if not view["over"]:
        return []
    viewer = viewer_of(view)
    reason = str(view.get("end_reason") or "")
    reason_text = lab.get(f"reason_{reason}", escape(reason))
    winners = view.get("winners") or []
    if winners:
        names = ", ".join(seat_markup(s, viewer, lab) for s in winners)
        won = catalog(lab["lang"]).ngettext("Winner: {names}", "Winners: {names}", len(winners))
        result = f"[bold green]{won.format(names=names)}[/bold green]"
    else:
        result = f"[bold]{lab['no_winner']}[/bold]"
    return [f"[bold]{lab['over'].format(reason=reason_text)}[/bold] {result}"]


def render_view(view: dict[str, Any], lang: str = "en") -> str:
    """The whole table as ``view`` shows it: header (turn, active seat, phase), the map
    with terrain, cities, neutral units and pawns, the cities with their tiles, the neutral
    units, the tower, garrison and deck, every seat's tableau with its motivation track, the
    viewer's hand, the pending decision and fight, and the result at the end."""
    use_edition(view)
    lab = labels(lang)
    lines = text_table.header_section(view, lab)
    for section in (
        text_table.map_section(view, lab),
        text_table.cities_section(view, lab),
        text_table.units_section(view, lab),
        text_table.table_section(view, lab),
        _seats(view, lab),
        _hand(view, lab),
        _decision(view, lab) + _fight(view, lab),
        _result(view, lab),
    ):
        if section:
            lines.append("")
            lines.extend(section)
    return "\n".join(lines)


# -- the action menu -----------------------------------------------------------------------
def render_actions(
    actions: Sequence[dict[str, Any]], view: dict[str, Any], lang: str = "en"
) -> str:
    """The legal actions as a numbered menu (``1``-based, in the given order): moves grouped
    by card (``n)(x,y)`` per target cell), events, second steps, unit moves, retreats,
    commitments, recruiting and discards grouped likewise; then the single actions."""
    use_edition(view)
    lab = labels(lang)
    viewer = viewer_of(view)
    groups: dict[tuple[str, str], list[str]] = {}
    titles: dict[tuple[str, str], str] = {}
    others: list[str] = []
    for number, action in enumerate(actions, start=1):
        num = f"[bold]{number})[/bold]"
        kind = str(action.get("type"))
        card = action.get("card")
        to = action.get("to")
        cell = cell_text(to) if isinstance(to, list) and len(to) == 2 else None
        if kind == "move" and cell is not None:
            key = (kind, str(card))
            titles[key] = lab["act_move"].format(card=card_label(card, lab))
            groups.setdefault(key, []).append(f"{num}{cell}")
        elif kind == "event":
            key = (kind, str(card))
            titles[key] = lab["act_event"].format(card=card_label(card, lab))
            if cell is not None:
                item = f"{num}{cell}"
            elif action.get("target") is not None:
                item = f"{num} " + lab["against"].format(
                    name=seat_markup(int(action["target"]), viewer, lab)
                )
            else:
                others.append(f"  {num} {titles.pop(key).rstrip(':')}")
                continue
            groups.setdefault(key, []).append(item)
        elif kind in ("step", "retreat") and cell is not None:
            key = (kind, "")
            titles[key] = lab[f"act_{kind}"]
            groups.setdefault(key, []).append(f"{num}{cell}")
        elif kind == "move_unit" and cell is not None:
            unit = action.get("unit")
            units = components().units
            uid = units[unit].id if isinstance(unit, int) and 0 <= unit < len(units) else "?"
            key = (kind, str(unit))
            titles[key] = lab["act_move_unit"].format(unit=escape(unit_name(uid, lang)))
            groups.setdefault(key, []).append(f"{num}{cell}")
        elif kind == "commit":
            key = (kind, str(card))
            titles[key] = (
                lab["act_commit_lance"].format(card=card_label(card, lab))
                if card
                else lab["act_commit"]
            )
            groups.setdefault(key, []).append(f"{num}{action.get('amount')}")
        elif kind in ("defend", "recruit"):
            key = (kind, "")
            titles[key] = lab[f"act_{kind}"]
            groups.setdefault(key, []).append(f"{num}{action.get('amount')}")
        elif kind == "discard":
            key = (kind, "")
            titles[key] = lab["act_discard"]
            groups.setdefault(key, []).append(f"{num} {card_label(card, lab)}")
        else:
            others.append(f"  {num} {_single(action, lab)}")
    lines: list[str] = []
    for key, items in groups.items():
        lines.append(titles[key])
        lines.extend(wrap(items, "  ", WIDTH, "  "))
    lines.extend(others)
    return "\n".join(lines)


def _single(action: dict[str, Any], lab: dict[str, str]) -> str:
    """The menu line of an action that is not grouped (a button's words)."""
    kind, card = str(action.get("type")), action.get("card")
    if kind == "truce":
        return lab["act_truce"].format(card=card_label(card, lab))
    if kind == "empty_tower":
        if card:
            return lab["act_empty_tower_card"].format(card=card_label(card, lab))
        return lab["act_empty_tower"]
    if f"act_{kind}" in lab:
        return lab[f"act_{kind}"]
    return escape(str(action))
