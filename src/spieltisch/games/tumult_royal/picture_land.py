"""The landscape of Tumult Royal's board picture: cardboard tiles of 3 × 3 fields drawn with
their terrain, the cost of every free field as goods icons (what it costs the builder, TR-R18,
when it is a place to build), statues as figures with their owner's seat mark, and face-down
tiles under clouds with the round that reveals them (TR-D10)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine.picture import FONT, LARGE, MUTED, SMALL, box, key, place, text, text_width, tip
from ...engine.svg import attr, num
from .icons import GOOD_INK, icon, statue, terrain_field
from .picture_base import LABEL_W, TILE_GAP, M, Pic, cost_words, fog_round, statues_words
from .picture_moves import field_cost


def land_x(pic: Pic, c: int) -> float:
    return M + LABEL_W + c * pic.f + (c // 3) * TILE_GAP


def land_y(pic: Pic, top: float, r: int) -> float:
    return top + r * pic.f + (r // 3) * TILE_GAP


def landscape(pic: Pic, y: float) -> float:
    """The heading, the row and column numbers (as the captions name fields), the tiles,
    then every face-up field; returns the y below."""
    v, w = pic.view, pic.w
    y += 18
    pic.out.append(text(M, y + 20, w["landscape"], LARGE, font_weight="bold"))
    if pic.plan.fields:
        start = v["phase"] == "setup_start_statues"
        hint = w["landscape_hint_start" if start else "landscape_hint_build"]
        x = M + text_width(w["landscape"], LARGE) + 16
        pic.out.append(text(x, y + 20, hint, FONT, fill=MUTED))
    top = y + 50
    f = pic.f
    for c in range(3 * pic.columns):
        x = land_x(pic, c) + f / 2
        pic.out.append(text(x, top - 8, str(c), SMALL, text_anchor="middle", fill=MUTED))
    for r in range(6):
        ry = land_y(pic, top, r) + f / 2 + 5
        pic.out.append(text(M + LABEL_W - 6, ry, str(r), SMALL, text_anchor="end", fill=MUTED))
    for pos in v["landscape"]["positions"]:
        pic.out.append(land_tile(pic, pos, top))
    statues = {(b["field"][0], b["field"][1]): b for b in v["board"]}
    for r in range(6):
        for c in range(3 * pic.columns):
            code = pic.grid[r][c]
            if code is None:
                continue
            here = statues.get((r, c))
            x, fy = land_x(pic, c), land_y(pic, top, r)
            if here is not None:
                pic.out.append(statue_group(pic, r, c, code, here, x, fy))
            else:
                pic.out.append(free_field(pic, r, c, code, x, fy))
    return land_y(pic, top, 6) - TILE_GAP


def land_tile(pic: Pic, pos: dict[str, Any], top: float) -> str:
    """A landscape tile (the piece ``land:TR,TC``); face down with its reveal round."""
    tr, tc = int(pos["row"]), int(pos["col"])
    x, y = land_x(pic, 3 * tc), land_y(pic, top, 3 * tr)
    size = 3 * pic.f
    grid = None if not pos["face_up"] else tuple(tuple(row) for row in pos["rows"])
    hint = label = ""
    if grid is None:
        k = fog_round(pic.view, tr, tc)
        hint = pic.w["fog_tip"].format(k=k) if k is not None else pic.w["fog_never"]
        if k is not None:
            words = pic.w["fog_label"].format(k=k)
            lw = text_width(words, FONT) + 16
            label = box(
                x + (size - lw) / 2, y + size / 2 - 14, lw, 28, "#37474f", "#eceff1", 14
            ) + text(x + size / 2, y + size / 2 + 5, words, FONT, text_anchor="middle", fill="#fff")
    return (
        f"<g{key(f'land:{tr},{tc}')}{tip(hint)}>"
        + _land_tile(x, y, size, pic.f, grid, tr, tc)
        + label
        + "</g>"
    )


def statue_group(
    pic: Pic, r: int, c: int, code: str, here: dict[str, Any], x: float, y: float
) -> str:
    """The statues on a field (the piece ``statue:R,C``)."""
    w = pic.w
    owner, n = int(here["seat"]), int(here["statues"])
    hint = w["statue_tip"].format(
        terrain=w.get(f"t_{code}", code),
        r=r,
        c=c,
        cap=statues_words(n, pic.lang),
        name=pic.name(owner),
    )
    return (
        f'<g data-kind="statue" data-field="{r},{c}" data-seat="{owner}" data-statues="{n}"'
        f"{key(f'statue:{r},{c}')}{tip(hint)}>{_statues_svg(owner, n, x, y, pic.f)}</g>"
    )


def field_tip(pic: Pic, r: int, c: int, code: str) -> str:
    """A free field: its terrain, statues, cost, the cost when not adjacent (TR-R18), and
    what it costs the builder now."""
    w, v = pic.w, pic.view
    terrain = pic.rs.terrains.get(code)
    cap = terrain.capacity if terrain else 1
    cost = terrain.cost if terrain else (0, 0, 0)
    out = w["field_tip"].format(
        terrain=w.get(f"t_{code}", code),
        r=r,
        c=c,
        cap=statues_words(cap, pic.lang),
        cost=cost_words(cost, pic.goods, pic.lang),
    )
    if terrain is not None and terrain.nonadjacent_allowed:
        far = tuple(k * pic.rs.nonadjacent_cost_multiplier for k in cost)
        out += w["field_far"].format(cost=cost_words(far, pic.goods, pic.lang))
    elif terrain is not None:
        out += w["field_near"]
    moves = pic.plan.fields.get((r, c), 0)
    if moves and v["phase"] == "build":
        mine = field_cost(v, (r, c))
        if mine is not None:
            sentence = w["field_yours_far" if mine != cost else "field_yours"]
            out += sentence.format(cost=cost_words(mine, pic.goods, pic.lang))
        out += w["field_pays"].format(n=moves) if moves > 1 else w["field_pays_one"]
    elif moves:
        out += w["field_start"]
    return out


def free_field(pic: Pic, r: int, c: int, code: str, x: float, y: float) -> str:
    """A free field: its cost strip, and when a move goes there, the place ``field:R,C``
    marked with a dashed frame."""
    v, f = pic.view, pic.f
    terrain = pic.rs.terrains.get(code)
    cost: Sequence[int] = terrain.cost if terrain else (0, 0, 0)
    moves = pic.plan.fields.get((r, c), 0)
    attrs = f' data-field="{r},{c}" data-terrain={attr(code)}'
    if moves:
        attrs += place(f"field:{r},{c}")
    out = [
        f"<g{attrs}{tip(field_tip(pic, r, c, code))}>",
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(f)}" height="{num(f)}" fill="#fff" '
        'opacity="0"/>',
    ]
    if v["phase"] != "setup_start_statues":  # the start statue is free (TR-S7)
        mine = field_cost(v, (r, c)) if moves and v["phase"] == "build" else None
        shown = mine if mine is not None else cost
        out.append(cost_strip(pic, shown, x, y, moves > 0, mine is not None and mine != cost))
    if moves:
        frame = f'x="{num(x + 2.5)}" y="{num(y + 2.5)}" width="{num(f - 5)}" height="{num(f - 5)}"'
        out.append(
            f'<rect {frame} rx="6" fill="none" stroke="#fffde7" stroke-width="4"/>'
            f'<rect {frame} rx="6" fill="none" stroke="#1b5e20" stroke-width="2" '
            'stroke-dasharray="6 3"/>'
        )
    out.append("</g>")
    return "".join(out)


def cost_strip(
    pic: Pic, cost: Sequence[int], x: float, y: float, bright: bool, doubled: bool
) -> str:
    """The cost of a field as goods icons with numbers, at its foot; framed red when it is
    doubled for the builder (not next to its statues, TR-R18)."""
    items = [(g, k) for g, k in zip(pic.goods, cost, strict=True) if k]
    if not items:
        return ""
    f = pic.f
    wid = len(items) * 24 + 2
    sx, sy = x + (f - wid) / 2, y + f - 22
    edge = "#c62828" if doubled else "#8d7b5a"
    out = [
        f'<rect x="{num(sx)}" y="{num(sy)}" width="{num(wid)}" height="19" rx="5" '
        f'fill="{"#fffef5" if bright else "#fff"}" opacity="{0.95 if bright else 0.72}" '
        f'stroke="{edge}" stroke-width="{1.4 if doubled else 0.8}"/>'
    ]
    for i, (g, k) in enumerate(items):
        kind = pic.kind(g)
        gx = sx + 1 + i * 24
        out.append(icon(kind, gx, sy + 2, 14))
        out.append(text(gx + 15, sy + 14.5, str(k), SMALL, font_weight="bold", fill=GOOD_INK[kind]))
    return "".join(out)


# -- memoised drawings ----------------------------------------------------------------------
@lru_cache(maxsize=256)
def _land_tile(
    x: float,
    y: float,
    size: float,
    f: float,
    grid: tuple[tuple[str, ...], ...] | None,
    tr: int,
    tc: int,
) -> str:
    """A landscape tile: a cardboard square of 3 × 3 fields, or its back under clouds."""
    shadow = (
        f'<rect x="{num(x + 3)}" y="{num(y + 4)}" width="{num(size)}" height="{num(size)}" '
        'rx="8" fill="#000" opacity="0.22"/>'
    )
    if grid is None:
        return shadow + _fog(x, y, size, f, tr, tc)
    fields = "".join(
        terrain_field(grid[r][c], x + c * f, y + r * f, f) for r in range(3) for c in range(3)
    )
    return (
        shadow
        + fields
        + f'<rect x="{num(x)}" y="{num(y)}" width="{num(size)}" height="{num(size)}" rx="3" '
        'fill="none" stroke="#4e3b24" stroke-width="2.5"/>'
    )


def _fog(x: float, y: float, size: float, f: float, tr: int, tc: int) -> str:
    clouds = []
    for fx, fy in ((0.3, 0.3), (0.7, 0.45), (0.35, 0.72), (0.72, 0.8)):
        cx, cy = x + fx * size, y + fy * size
        clouds.append(
            f'<path d="M{num(round(cx - 22, 1))},{num(round(cy, 1))} a12,10 0 0 1 14,-10 '
            'a14,12 0 0 1 24,2 a10,9 0 0 1 8,16 h-42 a8,8 0 0 1 -4,-8 Z" fill="#eef2f3" '
            'opacity="0.85"/>'
        )
    cells = "".join(  # the fields under the fog, for tools that read the grid
        f'<rect class="fog" data-fog="{3 * tr + r},{3 * tc + c}" x="{num(x + c * f)}" '
        f'y="{num(y + r * f)}" width="{num(f)}" height="{num(f)}" fill="none"/>'
        for r in range(3)
        for c in range(3)
    )
    return (
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(size)}" height="{num(size)}" rx="8" '
        'fill="#7d8f96" stroke="#37474f" stroke-width="2"/>' + "".join(clouds) + cells
    )


def _statues_svg(seat: int, n: int, x: float, y: float, f: float) -> str:
    """``n`` statues of ``seat`` standing on a field (a village holds 2, a castle 3)."""
    n = max(1, n)
    height = f * (0.6 if n == 1 else 0.5 if n == 2 else 0.44)
    step = min(height * 0.66, (f - 8) / n)
    out = [
        f'<rect x="{num(x + 3)}" y="{num(y + f * 0.5)}" width="{num(f - 6)}" '
        f'height="{num(f * 0.46)}" rx="6" fill="#fff" opacity="0.35"/>'
    ]
    for j in range(n):
        cx = x + f / 2 + (j - (n - 1) / 2) * step
        out.append(statue(seat, cx, y + f - 5, height))
    return "".join(out)
