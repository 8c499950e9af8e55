"""The terminal text of Medina: a seat's view as Rich console markup.

Standard library only: games never import Rich. The markup uses plain Rich tags (``[bold]``,
``[#c0392b on #4a3b00]`` ...) so that the CLI can print it and tests can strip it to plain
text. The board is drawn as in the rules' maps (x across, y down); every line stays within
100 columns for every board and player count."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.markup import escape, pad, visible_len
from .text_words import (
    CELL,
    COLOURS,
    HIDDEN_HEADS,
    LETTERS,
    OWNER_FG,
    TOWER_COLOURS,
    WIDTH,
    building_letter,
    cell_text,
    colour_word,
    labels,
    owner_bg,
    owner_markup,
    seat_label,
    wrap_items,
    wrap_titled,
)


# -- board ---------------------------------------------------------------------------------
def _board(view: dict[str, Any]) -> list[str]:
    width, height = view["board"]["width"], view["board"]["height"]
    palaces = {p["id"]: p for p in view["palaces"]}
    chain_tower = [c["tower"] for c in view["wall_chains"]]
    ends = {tuple(c) for c in view["merchant_line_ends"]}
    bonus = {tuple(c) for c in view["bonus_cells"]}
    grid: dict[tuple[int, int], tuple[str, str]] = {}  # cell -> (char, style)
    for tower in view["towers"]:
        colour = TOWER_COLOURS.get(tower["tower"], "white")
        grid[tuple(tower["cell"])] = (str(tower["tower"]), f"bold #000000 on {colour}")
    if view.get("well"):
        grid[tuple(view["well"])] = ("@", "bold #5dade2")
    for piece in view["pieces"]:
        cell = tuple(piece["cell"])
        kind = piece["kind"]
        if kind in ("building", "stable"):
            palace = palaces.get(piece["palace"], {})
            owner = palace.get("owner")
            claimed = palace.get("status") == "claimed"
            if kind == "building":
                colour = piece["colour"]
                char = building_letter(colour, claimed)
                style = f"bold {COLOURS.get(colour, 'white')}"
            else:
                char = "s"
                style = "#d8c3a5"
            bg = owner_bg(owner)
            if bg:
                style += f" on {bg}"
        elif kind == "merchant":
            char, style = "m", "bold reverse" if cell in ends else "#aab7b8"
        elif kind == "wall":
            chain = piece.get("chain", -1)
            tower = chain_tower[chain] if 0 <= chain < len(chain_tower) else 0
            char, style = "W", f"bold {TOWER_COLOURS.get(tower, 'white')}"
        else:
            continue
        if cell in bonus:
            style += " underline"
        grid[cell] = (char, style)
    lines = ["    " + "".join(str(x).rjust(CELL) for x in range(width))]
    for y in range(height):
        row = [str(y).rjust(3) + " "]
        for x in range(width):
            entry = grid.get((x, y))
            ring = x in (0, width - 1) or y in (0, height - 1)
            if entry is None:
                if (x, y) in bonus:
                    row.append("[bold #5dade2] + [/]")
                else:
                    row.append("[dim] · [/dim]" if ring else "[dim] . [/dim]")
                continue
            char, style = entry
            row.append(f"[{style}] {char} [/]")
        lines.append("".join(row))
    return lines


# -- sections ------------------------------------------------------------------------------
def _header(view: dict[str, Any], lab: dict[str, str], lang: str) -> list[str]:
    seat = view.get("seat")
    who = (
        lab["you_are"].format(name=lab["player"].format(n=seat + 1), seat=seat)
        if seat is not None
        else lab["spectator"]
    )
    first = (
        f"[bold]{lab['title']}[/bold] · {lab['edition'].format(n=view['edition'])}"
        f" · {lab['players'].format(n=view['players'])} · {who}"
    )
    parts = []
    active = view.get("active")
    if view["phase"] != "over" and active is not None:
        name = seat_label(active, seat, lab)
        if view["phase"] == "start_merchant":
            key = "to_start_you" if active == seat else "to_start"
            parts.append(lab[key].format(name=name))
        else:
            k = view.get("placements_this_turn", 0) + 1
            parts.append(lab["to_place"].format(name=name, k=k, q=view.get("quota", 1)))
    if view.get("retired"):
        names = ", ".join(colour_word(c, lang) for c in view["retired"])
        parts.append(lab["retired"].format(names=names))
    if view["edition"] == 2:
        parts.append(lab["tea_pool"].format(n=view.get("tea_pool", 0)))
    return [first, *wrap_items(parts, "", gap=" · ")] if parts else [first]


def _palace_tiles_of(view: dict[str, Any]) -> dict[int, list[str]]:
    """Palace id -> short names of the tiles it holds (``P4`` palace tile, ``T2`` tower)."""
    out: dict[int, list[str]] = {}
    values = {"grey": 1, "black": 2, "purple": 2, "brown": 3, "orange": 4}
    for colour, holder in view["palace_tiles"].items():
        if holder:
            out.setdefault(holder, []).append(f"P{values.get(colour, '?')}")
    for value, holder in view["tower_tiles"].items():
        if holder:
            out.setdefault(holder, []).append(f"T{value}")
    return out


def _palaces(view: dict[str, Any], lab: dict[str, str], lang: str) -> list[str]:
    seat = view.get("seat")
    tiles = _palace_tiles_of(view)
    items = []
    for p in view["palaces"]:
        claimed = p["status"] == "claimed"
        colour = p["colour"]
        letter = building_letter(colour, claimed)
        style = f"bold {COLOURS.get(colour, 'white')}"
        bg = owner_bg(p.get("owner"))
        if bg:
            style += f" on {bg}"
        status = (
            owner_markup(p.get("owner"), seat, lab)
            if claimed
            else f"[dim]{lab.get(p['status'], p['status'])}[/dim]"
        )
        held = " ".join(tiles.get(p["id"], []))
        text = (
            f"{str(p['id']).rjust(2)} [{style}] {letter} [/] "
            f"{pad(colour_word(colour, lang), 7)} {pad(cell_text(p['cell']), 7)} "
            f"{pad(lab['size'].format(n=p['size']), 8)} {status}"
        )
        if held:
            text += f" [bold]{held}[/bold]"
        items.append(text)
    if not items:
        return []
    item_w = max(visible_len(i) for i in items)
    if 2 + 2 * item_w + 2 <= WIDTH:  # two aligned columns, else one palace a line
        items = [pad(i, item_w) for i in items]
    lines = wrap_items(items, "  ", gap="  ")
    return [f"[bold]{lab['palaces']}[/bold]", *(line.rstrip() for line in lines)]


def _tiles(view: dict[str, Any], lab: dict[str, str], lang: str) -> list[str]:
    seat = view.get("seat")
    palaces = {p["id"]: p for p in view["palaces"]}
    values = {"grey": 1, "black": 2, "purple": 2, "brown": 3, "orange": 4}

    def holder(p: int | None) -> str:
        if not p:
            return f"[dim]{lab['nobody']}[/dim]"
        owner = palaces.get(p, {}).get("owner")
        return f"#{p} ({owner_markup(owner, seat, lab)})"

    ptiles = [
        f"{colour_word(c, lang)} {values.get(c, '?')} → {holder(h)}"
        for c, h in view["palace_tiles"].items()
    ]
    towers = {t["tower"]: t for t in view["towers"]}
    ttiles = []
    for value in sorted(view["tower_tiles"], key=int):
        t = towers.get(int(value), {})
        text = f"{lab['tower'].format(n=value)} → {holder(view['tower_tiles'][value])}"
        if view["edition"] == 2:
            text += f" [dim]({lab['merchants_on'].format(n=t.get('merchants', 0))})[/dim]"
        ttiles.append(text)
    return [
        *wrap_titled(ptiles, f"[bold]{lab['palace_tiles']}[/bold]: ", gap=" · "),
        *wrap_titled(ttiles, f"[bold]{lab['tower_tiles']}[/bold]: ", gap=" · "),
    ]


def _supplies(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    seat = view.get("seat")
    supplies = view["supplies"]
    second = view["edition"] == 2
    hidden = any("buildings" in s for s in supplies)
    colours = list(view["palace_tiles"])
    names = [seat_label(p, seat, lab) for p in range(view["players"])]
    name_w = max(len(lab["col_player"]), *(len(n) for n in names)) + 2
    cols = [lab["col_roofs"]]
    if second:
        cols += [lab["col_neutral"], lab["col_tea"]]
    rows: list[list[str]] = []
    for s in supplies:
        row = [str(s["roofs"])]
        if second:
            row += [str(s["neutral_roofs"]), str(s["tea"])]
        rows.append(row)
    widths = [max(len(c), *(len(r[i]) for r in rows)) + 2 for i, c in enumerate(cols)]
    hid_cols = [LETTERS.get(c, "?") for c in colours]
    hid_cols += HIDDEN_HEADS
    head = "  " + pad(lab["col_player"], name_w)
    head += "".join(c.rjust(w) for c, w in zip(cols, widths, strict=True))
    head += "  " + pad(lab["col_owns"], 12)
    title = f"[bold]{lab['supplies']}[/bold]"
    if hidden:  # the note goes on the title line, so that the table stays within 80 columns
        head += "  " + "".join(c.rjust(3) for c in hid_cols)
        title += f" [dim]({' '.join(hid_cols)}: {lab['hidden']})[/dim]"
    lines = [title, f"[dim]{head}[/dim]"]
    active = view.get("active")
    for p, (s, row) in enumerate(zip(supplies, rows, strict=True)):
        mark = "[bold]▶[/bold] " if p == active and view["phase"] != "over" else "  "
        style = OWNER_FG[p] if p < len(OWNER_FG) else "white"
        name = f"[bold {style}]{names[p]}[/]"
        line = mark + pad(name, name_w)
        line += "".join(c.rjust(w) for c, w in zip(row, widths, strict=True))
        owns = "".join(
            f"[bold {COLOURS.get(c, 'white')}]{LETTERS.get(c, '?').upper()}[/]" for c in s["owns"]
        )
        line += "  " + pad(owns or "–", 12)
        if "buildings" in s:
            counts = [s["buildings"].get(c, 0) for c in colours]
            counts += [s["stables"], s["merchants"], s["walls"]]
            line += "  " + "".join(str(n).rjust(3) for n in counts)
        lines.append(line)
    return lines


def _scores(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    seat = view.get("seat")
    winners = set(view.get("winners") or [])
    lines = [f"[bold]{lab['scores']}[/bold] [dim]({lab['score_legend']})[/dim]"]
    names = [seat_label(p, seat, lab) for p in range(view["players"])]
    name_w = max(len(n) for n in names) + 2
    for p, score in enumerate(view["scores"]):
        style = OWNER_FG[p] if p < len(OWNER_FG) else "white"
        star = "[bold green]★[/bold green]" if p in winners else " "
        head = f"{star} " + pad(f"[bold {style}]{names[p]}[/]", name_w)
        head += f"[bold]{str(score['total']).rjust(3)}[/bold] = "
        items = []
        for pal in score["palaces"]:
            items.append(palace_sum(pal, building_letter(pal["colour"], True)))
        items.append(lab["tiles_pts"].format(p=score["palace_tiles"], t=score["tower_tiles"]))
        wrapped = wrap_items(items, "", width=WIDTH - visible_len(head), gap=" + ")
        lines.append(head + wrapped[0])
        lines.extend(" " * visible_len(head) + w for w in wrapped[1:])
    return lines


def _result(view: dict[str, Any], lab: dict[str, str]) -> list[str]:
    winners = view.get("winners")
    if view["phase"] != "over" or winners is None:
        return []
    key = "winners" if len(winners) > 1 else "winner"
    names = ", ".join(seat_label(s, view.get("seat"), lab) for s in winners) or lab["none"]
    return [f"[bold]{lab['over']}[/bold] [bold green]{lab[key].format(names=names)}[/bold green]"]


def palace_sum(pal: dict[str, Any], letter: str) -> str:
    """One palace's points as a sum: ``O#12 13+3W+4m+4@=20`` (MD-R60)."""
    text = f"{letter}#{pal['palace']} {pal['components']}"
    if pal["walls"]:
        text += f"+{pal['walls']}W"
    if pal["merchants"]:
        text += f"+{pal['merchants']}m"
    if pal.get("well"):
        text += f"+{pal['well']}@"
    return f"{text}={pal['total']}"


def render_view(view: dict[str, Any], lang: str = "en") -> str:
    """The whole table as ``view`` shows it: header and turn, the board with coordinates,
    the palaces with their owners, the tiles, the supplies (the viewer's hidden supply if
    the view has it), the scores with their breakdown, and the winners at the end."""
    lab = labels(lang)
    lines = _header(view, lab, lang)
    lines.append("")
    lines.extend(_board(view))
    lines.extend(f"[dim]{w}[/dim]" for w in wrap_items(lab["legend"].split(" · "), "", gap=" · "))
    for section in (
        _palaces(view, lab, lang),
        _tiles(view, lab, lang),
        _supplies(view, lab),
        _scores(view, lab),
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
    """The legal actions as a numbered menu (``1``-based, in the given order), grouped by
    kind and building colour, each group listing ``number)(x,y)`` for its target cells;
    roofs name the palace they go on."""
    lab = labels(lang)
    palace_at: dict[tuple[int, int], dict[str, Any]] = {}
    for p in view.get("palaces", []):
        for c in p["buildings"]:
            palace_at[(c[0], c[1])] = p
    groups: dict[tuple[str, str], list[str]] = {}
    others: list[str] = []
    for number, action in enumerate(actions, start=1):
        num = f"[bold]{number})[/bold]"
        kind = str(action.get("type"))
        cell = action.get("cell")
        if kind == "discard_tea":
            others.append(f"  {num} {lab['act_discard_tea']}")
            continue
        if not isinstance(cell, list) or len(cell) != 2:
            others.append(f"  {num} {escape(str(action))}")
            continue
        colour = str(action.get("colour", ""))
        item = f"{num}{cell_text(cell)}"
        if kind in ("roof", "neutral_roof"):
            pal = palace_at.get((cell[0], cell[1]))
            if pal is not None:
                c = pal["colour"]
                letter = f"[bold {COLOURS.get(c, 'white')}]{LETTERS.get(c, '?')}[/]"
                item = f"{num} {letter}#{pal['id']} {cell_text(cell)}"
        groups.setdefault((kind, colour), []).append(item)
    lines: list[str] = []
    for (kind, colour), items in groups.items():
        if kind == "build":
            name = f"[bold {COLOURS.get(colour, 'white')}]{colour_word(colour, lang)}[/]"
            title = lab["act_build"].format(colour=name)
        else:
            key = "act_start" if kind == "start_merchant" else f"act_{kind}"
            title = lab.get(key, escape(kind))
        lines.append(title)
        lines.extend(wrap_items(items, "  ", gap=" "))
    lines.extend(others)
    return "\n".join(lines)
