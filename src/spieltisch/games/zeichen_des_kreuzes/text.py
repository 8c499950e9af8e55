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
from functools import lru_cache
from typing import Any

from ...engine.i18n import lang_of
from ...engine.markup import escape, pad, visible_len, wrap
from .board import CRETE, GREEN_CITY, JERUSALEM, MOUNTAIN, RED, SEA, Board
from .catalog import catalog
from .components import (
    SHOWN_EDITION,
    Card,
    Components,
    Unit,
    parse_card_code,
    shown_components,
)

WIDTH = 78  # wrap long lists before the 80-column limit of a terminal
MOTIVATION_MAX = 20
JERUSALEM_MOTIVATION = 6  # ZK-J1

TERRAIN_CHARS = {SEA: "~", 1: ".", MOUNTAIN: "^"}
# terrain -> (foreground, background)
TERRAIN_STYLES = {
    SEA: ("#7fb3d5", "#123a5c"),
    1: ("#c9b27c", "#4a3f22"),
    MOUNTAIN: ("#d7ccc8", "#5d4037"),
}
# city kind -> (letter, colour)
CITY_LETTERS = {RED: "C", CRETE: "K", GREEN_CITY: "M", JERUSALEM: "J"}
CITY_COLOURS = {
    RED: "#ff6b6b",
    CRETE: "#f8c471",
    GREEN_CITY: "#58d68d",
    JERUSALEM: "#ffffff",
}
UNIT_LETTERS = {"fleet": "F", "army": "A"}
UNIT_STYLES = {"fleet": "bold #ffffff on #1f6fb2", "army": "bold #ffffff on #b9770e"}
# seats 0-4: red, yellow, white, black, brown (rules 2.2)
SEAT_FG = ("#e74c3c", "#f1c40f", "#ffffff", "#9e9e9e", "#c68642")
SEAT_PAWN = (
    "bold #ffffff on #c0392b",
    "bold #000000 on #f1c40f",
    "bold #000000 on #ffffff",
    "bold #ffffff on #000000",
    "bold #ffffff on #8b4513",
)
GREEN_CUBE = "#27ae60"


@lru_cache(maxsize=16)
def labels(lang: str) -> dict[str, str]:
    """The terminal's words in ``lang`` (``de``, else English), from the catalog."""
    return _labels(lang_of(lang))


@lru_cache(maxsize=4)
def _labels(lang: str) -> dict[str, str]:
    """One table per language, read from the catalog once (the renderers run for every
    seat after every move)."""
    _ = catalog(lang)
    return {
        "lang": _.lang,
        "title": "Im Zeichen des Kreuzes",
        "you_are": _("you are [bold]{name}[/bold] ({knight})"),
        "spectator": _("spectator view"),
        "player": _("Player {n}"),
        "you": _("You"),
        "turn": _("Turn {n}"),
        "active": _("active: {name}"),
        "phase": _("phase: {p}"),
        "phase_card": _("cards"),
        "phase_city": _("city"),
        "phase_discard": _("discard and draw"),
        "phase_over": _("game over"),
        "decision": _("Decision"),
        "decides": _("{what} ({name})"),
        "d_cards": _("play cards or end the card phase"),
        "d_city": _("city action"),
        "d_discard": _("discard, then draw"),
        "d_second_step": _("second step"),
        "d_symbol": _("symbol move of a {unit}"),
        "unit_army": _.pgettext("symbol move", "Muslim army"),
        "unit_fleet": _.pgettext("symbol move", "fleet"),
        "unit_ship": _.pgettext("symbol move", "fleet"),
        "d_truce": _("Truce or fight"),
        "d_empty": _("empty the tower?"),
        "d_commit": _("commit troops"),
        "d_attack": _("attacker commits troops in secret"),
        "d_defend": _("commit the garrison"),
        "d_retreat": _("retreat"),
        "d_continue": _("continue the siege?"),
        "d_over": _("none"),
        "two_step": _("two-step card: {card}"),
        "map": _("Map"),
        "legend": _(
            "~ sea · . plain · ^ mountain · C red city · M green city · K Candia · J Jerusalem · "
            "lower case: plundered · F fleet · A Muslim army · 1-5 pawn of Player 1-5 · + several "
            "pawns"
        ),
        "cities": _("Cities"),
        "cities_legend": _("cell (x,y), tile value once plundered and by whom; ? face down"),
        "face_down": _("face-down tiles: red {red} · green {green}"),
        "units": _("Neutral units"),
        "removed": _("removed"),
        "tower": _("Tower"),
        "tower_empty": _("empty"),
        "garrison": _("Jerusalem garrison: {n}"),
        "sieges": _("sieges so far: {n}"),
        "deck": _("Deck"),
        "draw_pile": _("draw pile {n}"),
        "discard_top": _("discard {n}, top: {card}"),
        "discard_none": _("discard empty"),
        "exhaustions": _("exhaustions {n}/2"),
        "seats": _("Players"),
        "knight": _("knight"),
        "army": _("army {n}"),
        "supply": _("supply {n}"),
        "in_tower": _("tower {n}"),
        "treasure": _("treasure {n}"),
        "motivation": _("motivation"),
        "draws": _("draws {n}"),
        "markers": _("markers {n}"),
        "hand_size": _("hand {n}"),
        "tiles": _("tiles red {red} · green {green}"),
        "pawn": _("at {cell}"),
        "eligible": _("may besiege Jerusalem"),
        "hand": _("Your hand"),
        "empty": _("empty"),
        "none": _("none"),
        "fight": _.pgettext("heading", "Fight"),
        "f_unit_fleet": _("a fleet"),
        "f_unit_army": _("a Muslim army"),
        "f_plunder_muslim": _("the defenders of a Muslim city"),
        "f_plunder_christian": _("the defenders of a Christian city"),
        "f_ambush": _("an ambush"),
        "f_jerusalem_round": _("the garrison of Jerusalem"),
        "fight_line": _("{fighter} against {foe} on {cell} ({terrain})"),
        "enemy": _("enemy cubes {n}"),
        "lance": _("Holy Lance {card}"),
        "round": _("siege no. {s}, round {r}, garrison commanded by {d}"),
        "if_lost": _("if lost, the Pope pays {n} treasure"),
        "committed": _("attacker committed: {yes}"),
        "yes": _("yes"),
        "no": _("no"),
        "my_commitment": _("your commitment: {n}"),
        "over": _("Game over ({reason})."),
        "reason_jerusalem": _("Jerusalem has fallen"),
        "reason_deck": _("the deck ran out twice"),
        "reason_turn_limit": _("turn limit"),
        "no_winner": _("No winner."),
        "t_sea": _.pgettext("terrain", "sea"),
        "t_plain": _.pgettext("terrain", "plain"),
        "t_mountain": _.pgettext("terrain", "mountain"),
        "act_move": _("Move with {card}:"),
        "act_event": _("Play {card}:"),
        "act_step": _("Second step:"),
        "act_move_unit": _("Move {unit}:"),
        "act_retreat": _("Retreat to:"),
        "act_commit": _("Commit troops:"),
        "act_commit_lance": _("Commit troops with the Holy Lance {card}:"),
        "act_defend": _("Commit the garrison:"),
        "act_recruit": _("Recruit (treasure → troops):"),
        "act_discard": _("Discard:"),
        "act_end_cards": _("end the card phase"),
        "act_stop_steps": _("forgo the second step"),
        "act_no_unit_move": _("do not move a neutral unit"),
        "act_truce": _("play Truce {card}"),
        "act_fight": _("fight"),
        "act_empty_tower": _("empty the tower with a purple marker"),
        "act_empty_tower_card": _("empty the tower with Tower shaking {card}"),
        "act_keep_tower": _("do not empty the tower"),
        "act_pray": _("pray (motivation +2)"),
        "act_plunder": _("plunder the city"),
        "act_siege": _("besiege Jerusalem"),
        "act_pass": _("no city action"),
        "act_continue_siege": _("another round of the siege"),
        "act_stop_siege": _("end the siege"),
        "act_end_discard": _("end discarding and draw"),
        "against": _("against {name}"),
        "no_step": _("(no step)"),
    }


def components() -> Components:
    """The static data the renderers draw from (terrain, names, card labels): the edition
    the view being rendered names."""
    return shown_components()


def use_edition(view: dict[str, Any]) -> None:
    """Render (and describe log events) with the components of the edition ``view`` names."""
    SHOWN_EDITION.set(str(view.get("edition", "default")))


def board() -> Board:
    return components().board


def card_of(code: Any) -> Card | None:
    """The card a code like ``ZK012`` names, ``None`` for anything else."""
    cards = components().cards
    try:
        cid = parse_card_code(code)
    except ValueError:
        return None
    return cards[cid] if 0 <= cid < len(cards) else None


CARD_COLOURS = {
    "sea": "#5dade2",
    "plain": "#d4ac0d",
    "mountain": "#bcaaa4",
    "joker": "#ffffff",
    "event": "#c39bd3",
}


def card_markup(code: Any, lang: str = "en") -> str:
    """``ZK012 Plain + army``: the code dimmed, the name in the card's terrain colour."""
    from .names import card_name  # names reads this module's labels: import when used

    card = card_of(code)
    if card is None:
        return escape(str(code))
    key = card.label().split("+", 1)[0] if card.kind == "movement" else "event"
    name = escape(card_name(code, lang))
    return f"[dim]{escape(str(code))}[/dim] [bold {CARD_COLOURS.get(key, 'white')}]{name}[/]"


def _card(code: Any, lab: dict[str, str]) -> str:
    return card_markup(code, lab["lang"])


def unit_of(unit_id: Any) -> Unit | None:
    for u in components().units:
        if u.id == unit_id:
            return u
    return None


def unit_name(unit_id: Any, lang: str = "en") -> str:
    """A neutral unit's name by its id, in the reader's words (``names.unit_title``)."""
    from .names import unit_title

    u = unit_of(unit_id)
    if u is None:
        return str(unit_id)
    return unit_title(u.name, lang) if u.name else u.id


def city_name(name: str, lang: str) -> str:
    """A city as the reader's language calls it (the catalog's name for the default map's
    cities)."""
    from .names import city_name as named

    return named(name, lang)


def cell_text(xy: Sequence[int] | None) -> str:
    if xy is None:
        return "–"
    return f"({xy[0]},{xy[1]})"


def seat_name(seat: int, viewer: int | None, lab: dict[str, str]) -> str:
    return lab["you"] if seat == viewer else lab["player"].format(n=seat + 1)


def seat_markup(seat: int, viewer: int | None, lab: dict[str, str]) -> str:
    return f"[bold {SEAT_FG[seat % len(SEAT_FG)]}]{seat_name(seat, viewer, lab)}[/]"


def pawn_cells(view: dict[str, Any]) -> dict[tuple[int, int], list[int]]:
    """Cell -> the seats whose pawn stands there."""
    out: dict[tuple[int, int], list[int]] = {}
    for s in view["seats"]:
        pawn = s.get("pawn")
        if pawn is not None:
            out.setdefault((pawn[0], pawn[1]), []).append(s["seat"])
    return out


def unit_cells(view: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    return {(u["cell"][0], u["cell"][1]): u for u in view["units"] if u.get("cell") is not None}


def city_cells(view: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    return {(c["cell"][0], c["cell"][1]): c for c in view["cities"]}


def motivation_track(m: int) -> str:
    """A 0-20 track: one block per point, the Jerusalem threshold (6) marked."""
    m = max(0, min(MOTIVATION_MAX, m))
    colour = "#e74c3c" if m < 4 else "#f1c40f" if m < JERUSALEM_MOTIVATION else "#2ecc71"
    filled = f"[{colour}]{'█' * m}[/]" if m else ""
    empty = f"[#555555]{'·' * (MOTIVATION_MAX - m)}[/]" if m < MOTIVATION_MAX else ""
    return f"▕{filled}{empty}▏"


def _wrap_titled(items: Sequence[str], title: str, gap: str) -> list[str]:
    indent = " " * min(visible_len(title), 24)
    lines = wrap(items, indent, WIDTH, gap) or [indent]
    return [title + lines[0][len(indent) :], *lines[1:]]


def _viewer(view: dict[str, Any]) -> int | None:
    seat = view.get("seat")
    return seat if isinstance(seat, int) else None


# -- sections ------------------------------------------------------------------------------
def _header(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    seat = _viewer(view)
    if seat is not None:
        me = view["seats"][seat]
        who = lab["you_are"].format(
            name=lab["player"].format(n=seat + 1), knight=escape(str(me["knight_name"]))
        )
    else:
        who = lab["spectator"]
    players = catalog(lab["lang"]).ngettext("{n} player", "{n} players", view["players"])
    first = [f"[bold]{lab['title']}[/bold]", players.format(n=view["players"]), who]
    phase = str(view["phase"])
    parts = [f"[bold]{lab['turn'].format(n=view['turn'])}[/bold]"]
    if not view["over"]:
        parts.append(lab["active"].format(name=seat_markup(view["active"], seat, lab)))
    parts.append(lab["phase"].format(p=lab.get(f"phase_{phase}", escape(phase))))
    return [*wrap(first, "", WIDTH, " · "), *_wrap_titled(parts, "", " · ")]


def _map(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    b = board()
    pawns = pawn_cells(view)
    units = unit_cells(view)
    cities = city_cells(view)
    tens = "".join(str(x // 10) if x % 10 == 0 else " " for x in range(b.width))
    ones = "".join(str(x % 10) for x in range(b.width))
    lines = [
        f"[bold]{lab['map']}[/bold]",
        f"[dim]    {tens.rstrip()}[/dim]",
        f"[dim]    {ones}[/dim]",
    ]
    for y in range(b.height):
        cells: list[tuple[str, str]] = []  # (style, character) per cell
        for x in range(b.width):
            terrain = b.terrain[b.cell(x, y)]
            bg = TERRAIN_STYLES[terrain][1]
            here = pawns.get((x, y))
            unit = units.get((x, y))
            city = cities.get((x, y))
            if here:
                if len(here) == 1:
                    cells.append((SEAT_PAWN[here[0] % len(SEAT_PAWN)], str(here[0] + 1)))
                else:
                    cells.append(("bold #000000 on #e0e0e0", "+"))
            elif unit is not None:
                kind = str(unit["kind"])
                cells.append((UNIT_STYLES.get(kind, "bold"), UNIT_LETTERS.get(kind, "?")))
            elif city is not None:
                letter = CITY_LETTERS.get(str(city["kind"]), "?")
                colour = CITY_COLOURS.get(str(city["kind"]), "white")
                if city.get("plundered_by") is not None:
                    cells.append((f"{colour} on {bg}", letter.lower()))
                else:
                    cells.append((f"bold {colour} on {bg}", letter))
            else:
                fg = TERRAIN_STYLES[terrain][0]
                cells.append((f"{fg} on {bg}", TERRAIN_CHARS[terrain]))
        row = f"[dim]{str(y).rjust(3)}[/dim] "
        start = 0
        while start < len(cells):  # one tag per run of equally styled cells
            end = start
            while end < len(cells) and cells[end][0] == cells[start][0]:
                end += 1
            row += f"[{cells[start][0]}]{''.join(c for _, c in cells[start:end])}[/]"
            start = end
        row += f" [dim]{y}[/dim]"
        lines.append(row)
    lines.append(f"[dim]    {ones}[/dim]")
    lines.extend(f"[dim]{w}[/dim]" for w in wrap(lab["legend"].split(" · "), "", WIDTH, " · "))
    return lines


def city_value(city: dict[str, Any]) -> str:
    """The tile value when plundered, ``?`` while face down, ``–`` for Candia/Jerusalem."""
    if city["kind"] not in (RED, GREEN_CITY):
        return "–"
    tile = city.get("tile")
    return "?" if tile is None else str(tile)


def _cities(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    seat = _viewer(view)
    items = []
    for city in view["cities"]:
        kind = str(city["kind"])
        letter = CITY_LETTERS.get(kind, "?")
        colour = CITY_COLOURS.get(kind, "white")
        by = city.get("plundered_by")
        if by is not None:
            letter = letter.lower()
        name = escape(city_name(str(city["name"]), lab["lang"]))
        text = f"[bold {colour}]{letter}[/] {name} {cell_text(city['cell'])}"
        if kind in (RED, GREEN_CITY):
            value = city_value(city)
            if by is None:
                text += f" [dim]{value}[/dim]"
            else:
                text += f" [bold]{value}[/bold]({seat_markup(by, seat, lab)})"
        items.append(text)
    lines = [f"[bold]{lab['cities']}[/bold] [dim]({lab['cities_legend']})[/dim]"]
    lines.extend(wrap(items, "  ", WIDTH, " · "))
    down = view.get("face_down_tiles") or {}
    red = " ".join(str(v) for v in down.get("red", [])) or lab["none"]
    green = " ".join(str(v) for v in down.get("green", [])) or lab["none"]
    down_text = lab["face_down"].format(red=red, green=green)
    lines.extend(f"[dim]{w}[/dim]" for w in wrap(down_text.split(" · "), "  ", WIDTH, " · "))
    return lines


def _units(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    items = []
    for u in view["units"]:
        kind = str(u["kind"])
        glyph = f"[{UNIT_STYLES.get(kind, 'bold')}]{UNIT_LETTERS.get(kind, '?')}[/]"
        name = escape(unit_name(u["id"], lab["lang"]))
        where = cell_text(u["cell"]) if u.get("cell") is not None else f"[red]{lab['removed']}[/]"
        items.append(f"{glyph} {name} {where}")
    return _wrap_titled(items, f"[bold]{lab['units']}[/bold]: ", " · ")


def tower_items(view: dict[str, Any]) -> list[tuple[str, int]]:
    """The tower's contents per colour in seat order, green last: ``("P0", 3)``."""
    tower = view.get("tower") or {}
    keys = [f"P{p}" for p in range(view["players"])] + ["G"]
    return [(k, int(tower.get(k, 0))) for k in keys]


def _table(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    cubes = []
    for key, n in tower_items(view):
        if key == "G":
            cubes.append(f"[bold {GREEN_CUBE}]G[/]×{n}")
        else:
            p = int(key[1:])
            cubes.append(f"[bold {SEAT_FG[p % len(SEAT_FG)]}]P{p + 1}[/]×{n}")
    lines = _wrap_titled(cubes, f"[bold]{lab['tower']}[/bold]: ", " ")
    lines.append(
        f"{lab['garrison'].format(n=view['garrison'])} · {lab['sieges'].format(n=view['sieges'])}"
    )
    tiles = view.get("jerusalem_tiles_needed")
    needs = (
        catalog(lab["lang"])
        .ngettext(
            "siege needs {t} green tile, motivation ≥ 6 and 5 troops; at most {p} Muslim plunders "
            "each",
            "siege needs {t} green tiles, motivation ≥ 6 and 5 troops; at most {p} Muslim plunders "
            "each",
            tiles if isinstance(tiles, int) else 2,
        )
        .format(t=tiles, p=view.get("plunder_limit"))
    )
    lines.extend(f"[dim]{w}[/dim]" for w in wrap(needs.split("; "), "", WIDTH, "; "))
    discard = view.get("discard") or []
    top = (
        lab["discard_top"].format(n=len(discard), card=_card(discard[-1], lab))
        if discard
        else lab["discard_none"]
    )
    deck = [
        lab["draw_pile"].format(n=view["draw_pile"]),
        top,
        lab["exhaustions"].format(n=view["exhaustions"]),
    ]
    lines.extend(_wrap_titled(deck, f"[bold]{lab['deck']}[/bold]: ", " · "))
    return lines


def _seats(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    viewer = _viewer(view)
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
    from .names import card_effect

    if not hand:
        return [f"[bold]{lab['hand']}[/bold]: [dim]{lab['empty']}[/dim]"]
    lines = [f"[bold]{lab['hand']}[/bold]:"]
    for code in hand:
        card = _card(code, lab)
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
    viewer = _viewer(view)
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
        lines.append("  " + lab["two_step"].format(card=_card(view["two_step_card"], lab)))
    return lines


def _fight(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    fight = view.get("fight")
    if not fight:
        return []
    viewer = _viewer(view)
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
        parts.append(lab["lance"].format(card=_card(fight["lance"], lab)))
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
    viewer = _viewer(view)
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
    lines = _header(view, lab)
    for section in (
        _map(view, lab),
        _cities(view, lab),
        _units(view, lab),
        _table(view, lab),
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
    viewer = _viewer(view)
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
            titles[key] = lab["act_move"].format(card=_card(card, lab))
            groups.setdefault(key, []).append(f"{num}{cell}")
        elif kind == "event":
            key = (kind, str(card))
            titles[key] = lab["act_event"].format(card=_card(card, lab))
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
                lab["act_commit_lance"].format(card=_card(card, lab)) if card else lab["act_commit"]
            )
            groups.setdefault(key, []).append(f"{num}{action.get('amount')}")
        elif kind in ("defend", "recruit"):
            key = (kind, "")
            titles[key] = lab[f"act_{kind}"]
            groups.setdefault(key, []).append(f"{num}{action.get('amount')}")
        elif kind == "discard":
            key = (kind, "")
            titles[key] = lab["act_discard"]
            groups.setdefault(key, []).append(f"{num} {_card(card, lab)}")
        elif kind == "truce":
            others.append(f"  {num} {lab['act_truce'].format(card=_card(card, lab))}")
        elif kind == "empty_tower":
            text = (
                lab["act_empty_tower_card"].format(card=_card(card, lab))
                if card
                else lab["act_empty_tower"]
            )
            others.append(f"  {num} {text}")
        elif f"act_{kind}" in lab:
            others.append(f"  {num} {lab[f'act_{kind}']}")
        else:
            others.append(f"  {num} {escape(str(action))}")
    lines: list[str] = []
    for key, items in groups.items():
        lines.append(titles[key])
        lines.extend(wrap(items, "  ", WIDTH, "  "))
    lines.extend(others)
    return "\n".join(lines)
