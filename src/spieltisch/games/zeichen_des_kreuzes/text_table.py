"""The terminal's table (``text``): the header, the map one character per cell, the cities,
the neutral units, the tower and the deck."""

from __future__ import annotations

from typing import Any

from ...engine.markup import escape, wrap
from .board import GREEN_CITY, RED
from .catalog import catalog
from .shown import board
from .text_markup import (
    CITY_COLOURS,
    CITY_LETTERS,
    GREEN_CUBE,
    SEAT_FG,
    SEAT_PAWN,
    TERRAIN_CHARS,
    TERRAIN_STYLES,
    UNIT_LETTERS,
    UNIT_STYLES,
    WIDTH,
    card_label,
    cell_text,
    city_cells,
    city_name,
    city_value,
    pawn_cells,
    seat_markup,
    tower_items,
    unit_cells,
    unit_name,
    viewer_of,
    wrap_titled,
)


# -- sections ------------------------------------------------------------------------------
def header_section(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    seat = viewer_of(view)
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
    return [*wrap(first, "", WIDTH, " · "), *wrap_titled(parts, "", " · ")]


def map_section(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
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


def cities_section(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    seat = viewer_of(view)
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


def units_section(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    items = []
    for u in view["units"]:
        kind = str(u["kind"])
        glyph = f"[{UNIT_STYLES.get(kind, 'bold')}]{UNIT_LETTERS.get(kind, '?')}[/]"
        name = escape(unit_name(u["id"], lab["lang"]))
        where = cell_text(u["cell"]) if u.get("cell") is not None else f"[red]{lab['removed']}[/]"
        items.append(f"{glyph} {name} {where}")
    return wrap_titled(items, f"[bold]{lab['units']}[/bold]: ", " · ")


def table_section(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    cubes = []
    for key, n in tower_items(view):
        if key == "G":
            cubes.append(f"[bold {GREEN_CUBE}]G[/]×{n}")
        else:
            p = int(key[1:])
            cubes.append(f"[bold {SEAT_FG[p % len(SEAT_FG)]}]P{p + 1}[/]×{n}")
    lines = wrap_titled(cubes, f"[bold]{lab['tower']}[/bold]: ", " ")
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
        lab["discard_top"].format(n=len(discard), card=card_label(discard[-1], lab))
        if discard
        else lab["discard_none"]
    )
    deck = [
        lab["draw_pile"].format(n=view["draw_pile"]),
        top,
        lab["exhaustions"].format(n=view["exhaustions"]),
    ]
    lines.extend(wrap_titled(deck, f"[bold]{lab['deck']}[/bold]: ", " · "))
    return lines
