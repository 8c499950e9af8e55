"""The landscape of Tumult Royal's board picture: cardboard tiles of 3 × 3 fields drawn with
their terrain, the cost of every free field as goods icons (what it costs the builder, TR-R18,
when it is a place to build), statues as figures with their owner's seat mark, and face-down
tiles under clouds with the round that reveals them (TR-D10)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ...engine.picture import FONT, LARGE, MUTED, SMALL, box, key, place, text, text_width, tip
from ...engine.svg import attr, num
from .board_words import words
from .data import Terrain
from .icons import GOOD_INK, good_kind, icon, statue, terrain_field
from .picture_base import LABEL_W, TILE_GAP, Look, M, Pic, cost_words, fog_round, statues_words
from .picture_moves import FieldCosts

Grid = tuple[tuple[str, ...], ...]  # a landscape tile's 3 × 3 terrain codes


def land_x(pic: Pic, c: int) -> float:
    return _x(pic.f, c)


def land_y(pic: Pic, top: float, r: int) -> float:
    return _y(pic.f, top, r)


def _x(f: float, c: int) -> float:
    return M + LABEL_W + c * f + (c // 3) * TILE_GAP


def _y(f: float, top: float, r: int) -> float:
    return top + r * f + (r // 3) * TILE_GAP


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
    pic.out += _land_body(_land_of(pic, top))
    return land_y(pic, top, 6) - TILE_GAP


class _Land(NamedTuple):
    """All the landscape's tiles and fields show (a hashable cache key): most moves leave
    it as it was, and the seats that read one language see it alike but for ``(you)``."""

    look: Look
    top: float
    f: float
    columns: int
    tiles: tuple[tuple[int, int, Grid | None, int | None], ...]  # tr, tc, face up, reveal
    grid: tuple[tuple[str | None, ...], ...]
    statues: tuple[tuple[int, int, int, int], ...]  # r, c, owner, statues
    terrains: tuple[tuple[str, Terrain], ...]
    multiplier: int
    start: bool  # the start statues are placed
    build: bool  # the build phase
    target: bool  # every field is a place a seated viewer may try (why not: TR-S7, TR-R16)
    # per field with moves: the moves and, in a build turn, what it costs the builder
    fields: tuple[tuple[tuple[int, int], int, tuple[int, int, int] | None], ...]


def _land_of(pic: Pic, top: float) -> _Land:
    v = pic.view
    tiles = []
    for pos in v["landscape"]["positions"]:
        tr, tc = int(pos["row"]), int(pos["col"])
        grid = None if not pos["face_up"] else tuple(tuple(row) for row in pos["rows"])
        tiles.append((tr, tc, grid, fog_round(v, tr, tc) if grid is None else None))
    build = v["phase"] == "build"
    costs = pic.plan.costs or FieldCosts(v, pic.rs)
    return _Land(
        look=pic.look,
        top=top,
        f=pic.f,
        columns=pic.columns,
        tiles=tuple(tiles),
        grid=tuple(tuple(row) for row in pic.grid),
        statues=tuple(
            (int(b["field"][0]), int(b["field"][1]), int(b["seat"]), int(b["statues"]))
            for b in v["board"]
        ),
        terrains=tuple(pic.rs.terrains.items()),
        multiplier=pic.rs.nonadjacent_cost_multiplier,
        start=v["phase"] == "setup_start_statues",
        build=build,
        target=pic.seat is not None and v["phase"] in ("setup_start_statues", "grab", "build"),
        fields=tuple(
            (rc, n, costs.of(rc) if build else None) for rc, n in sorted(pic.plan.fields.items())
        ),
    )


@lru_cache(maxsize=256)
def _land_body(land: _Land) -> tuple[str, ...]:
    """The numbers, the tiles (pieces ``land:TR,TC``), then every face-up field: its
    statues (the piece ``statue:R,C``) or, free, its cost and the place to build; each
    piece memoised on its own too, since a move changes few of them."""
    look, f, top = land.look, land.f, land.top
    terrains = dict(land.terrains)
    statues = {(r, c): (owner, n) for r, c, owner, n in land.statues}
    moves = {rc: (n, mine) for rc, n, mine in land.fields}
    out = [_numbers(top, f, land.columns)]
    for tr, tc, grid, k in land.tiles:
        x, y = _x(f, 3 * tc), _y(f, top, 3 * tr)
        out.append(_land_piece(look.lang, x, y, f, grid, tr, tc, k, land.target))
    for r, row in enumerate(land.grid):
        fy = _y(f, top, r)
        for c, code in enumerate(row):
            if code is None:
                continue
            here = statues.get((r, c))
            if here is not None:
                owner, n = here
                name = look.name(owner)
                x = _x(f, c)
                out.append(
                    _statue_piece(look.lang, r, c, code, owner, n, name, x, fy, f, land.target)
                )
                continue
            n, mine = moves.get((r, c), (0, None))
            field = _Field(
                lang=look.lang,
                r=r,
                c=c,
                code=code,
                terrain=terrains.get(code),
                goods=look.goods,
                multiplier=land.multiplier,
                start=land.start,
                moves=n,
                build=land.build and n > 0,
                mine=mine,
                target=land.target,
            )
            out.append(_free_field(field, _x(f, c), fy, f))
    return tuple(out)


@lru_cache(maxsize=64)
def _numbers(top: float, f: float, columns: int) -> str:
    """The column numbers above the landscape and the row numbers left of it, as separate
    elements of the document (joined by the newlines ``document`` puts between elements);
    they depend on the geometry only."""
    out = []
    for c in range(3 * columns):
        x = _x(f, c) + f / 2
        out.append(text(x, top - 8, str(c), SMALL, text_anchor="middle", fill=MUTED))
    for r in range(6):
        ry = _y(f, top, r) + f / 2 + 5
        out.append(text(M + LABEL_W - 6, ry, str(r), SMALL, text_anchor="end", fill=MUTED))
    return "\n".join(out)


@lru_cache(maxsize=512)
def _land_piece(
    lang: str,
    x: float,
    y: float,
    f: float,
    grid: Grid | None,
    tr: int,
    tc: int,
    k: int | None,
    target: bool,
) -> str:
    """The piece ``land:TR,TC``: the tile and, face down, its tip and reveal label (and its
    fields as places a seated viewer may try, ``target``); keyed on all it shows, since the
    same tiles are drawn for every seat after every move."""
    w = words(lang)
    size = 3 * f
    hint = label = ""
    if grid is None:
        hint = w["fog_tip"].format(k=k) if k is not None else w["fog_never"]
        if k is not None:
            fog = w["fog_label"].format(k=k)
            lw = text_width(fog, FONT) + 16
            label = box(
                x + (size - lw) / 2, y + size / 2 - 14, lw, 28, "#37474f", "#eceff1", 14
            ) + text(x + size / 2, y + size / 2 + 5, fog, FONT, text_anchor="middle", fill="#fff")
    return (
        f"<g{key(f'land:{tr},{tc}')}{tip(hint)}>"
        + _land_tile(x, y, size, f, grid, tr, tc, target and grid is None)
        + label
        + "</g>"
    )


@lru_cache(maxsize=1024)
def _statue_piece(
    lang: str,
    r: int,
    c: int,
    code: str,
    owner: int,
    n: int,
    name: str,
    x: float,
    y: float,
    f: float,
    target: bool,
) -> str:
    """The piece ``statue:R,C``, keyed on all it shows (the owner's name as the reader
    reads it: ``(you)`` on the reader's own); with ``target`` also the place ``field:R,C``
    (a build there is refused, TR-R16)."""
    w = words(lang)
    hint = w["statue_tip"].format(
        terrain=w.get(f"t_{code}", code), r=r, c=c, cap=statues_words(n, lang), name=name
    )
    return (
        f'<g data-kind="statue" data-field="{r},{c}" data-seat="{owner}" data-statues="{n}"'
        f"{key(f'statue:{r},{c}')}{place(f'field:{r},{c}') if target else ''}{tip(hint)}>"
        f"{_statues_svg(owner, n, x, y, f)}</g>"
    )


class _Field(NamedTuple):
    """All a free field's drawing depends on: the ruleset's numbers for its terrain, the
    reader's language, the phase and the moves there (a hashable cache key)."""

    lang: str
    r: int
    c: int
    code: str
    terrain: Terrain | None
    goods: tuple[str, ...]
    multiplier: int
    start: bool  # the start statues are placed (free, TR-S7: no cost strip)
    moves: int  # legal actions on the field
    build: bool  # moves are builds: ``mine`` is what the builder pays
    mine: tuple[int, int, int] | None
    target: bool  # a place even without moves: a click asks why not


def _field_tip(fd: _Field) -> str:
    w, lang = words(fd.lang), fd.lang
    terrain = fd.terrain
    cap = terrain.capacity if terrain else 1
    cost = terrain.cost if terrain else (0, 0, 0)
    out = w["field_tip"].format(
        terrain=w.get(f"t_{fd.code}", fd.code),
        r=fd.r,
        c=fd.c,
        cap=statues_words(cap, lang),
        cost=cost_words(cost, fd.goods, lang),
    )
    if terrain is not None and terrain.nonadjacent_allowed:
        far = tuple(k * fd.multiplier for k in cost)
        out += w["field_far"].format(cost=cost_words(far, fd.goods, lang))
    elif terrain is not None:
        out += w["field_near"]
    if fd.build:
        if fd.mine is not None:
            sentence = w["field_yours_far" if fd.mine != cost else "field_yours"]
            out += sentence.format(cost=cost_words(fd.mine, fd.goods, lang))
        out += w["field_pays"].format(n=fd.moves) if fd.moves > 1 else w["field_pays_one"]
    elif fd.moves:
        out += w["field_start"]
    return out


@lru_cache(maxsize=2048)
def _free_field(fd: _Field, x: float, y: float, f: float) -> str:
    """A free field drawn, keyed on all it depends on: most fields look the same from move
    to move and from seat to seat."""
    r, c, moves = fd.r, fd.c, fd.moves
    cost: Sequence[int] = fd.terrain.cost if fd.terrain else (0, 0, 0)
    attrs = f' data-field="{r},{c}" data-terrain={attr(fd.code)}'
    if moves or fd.target:
        attrs += place(f"field:{r},{c}")
    out = [
        f"<g{attrs}{tip(_field_tip(fd))}>",
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(f)}" height="{num(f)}" fill="#fff" '
        'opacity="0"/>',
    ]
    if not fd.start:  # the start statue is free (TR-S7)
        mine = fd.mine
        shown = mine if mine is not None else cost
        doubled = mine is not None and mine != cost
        out.append(cost_strip(fd.goods, f, shown, x, y, moves > 0, doubled))
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
    goods: Sequence[str],
    f: float,
    cost: Sequence[int],
    x: float,
    y: float,
    bright: bool,
    doubled: bool,
) -> str:
    """The cost of a field as goods icons with numbers, at its foot; framed red when it is
    doubled for the builder (not next to its statues, TR-R18)."""
    items = [(g, k) for g, k in zip(goods, cost, strict=True) if k]
    if not items:
        return ""
    wid = len(items) * 24 + 2
    sx, sy = x + (f - wid) / 2, y + f - 22
    edge = "#c62828" if doubled else "#8d7b5a"
    out = [
        f'<rect x="{num(sx)}" y="{num(sy)}" width="{num(wid)}" height="19" rx="5" '
        f'fill="{"#fffef5" if bright else "#fff"}" opacity="{0.95 if bright else 0.72}" '
        f'stroke="{edge}" stroke-width="{1.4 if doubled else 0.8}"/>'
    ]
    for i, (g, k) in enumerate(items):
        kind = good_kind(g, goods)
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
    target: bool = False,
) -> str:
    """A landscape tile: a cardboard square of 3 × 3 fields, or its back under clouds (its
    fields places a seated viewer may try with ``target``: nothing is built there, TR-R16)."""
    shadow = (
        f'<rect x="{num(x + 3)}" y="{num(y + 4)}" width="{num(size)}" height="{num(size)}" '
        'rx="8" fill="#000" opacity="0.22"/>'
    )
    if grid is None:
        return shadow + _fog(x, y, size, f, tr, tc, target)
    fields = "".join(
        terrain_field(grid[r][c], x + c * f, y + r * f, f) for r in range(3) for c in range(3)
    )
    return (
        shadow
        + fields
        + f'<rect x="{num(x)}" y="{num(y)}" width="{num(size)}" height="{num(size)}" rx="3" '
        'fill="none" stroke="#4e3b24" stroke-width="2.5"/>'
    )


def _fog(x: float, y: float, size: float, f: float, tr: int, tc: int, target: bool) -> str:
    clouds = []
    for fx, fy in ((0.3, 0.3), (0.7, 0.45), (0.35, 0.72), (0.72, 0.8)):
        cx, cy = x + fx * size, y + fy * size
        clouds.append(
            f'<path d="M{num(round(cx - 22, 1))},{num(round(cy, 1))} a12,10 0 0 1 14,-10 '
            'a14,12 0 0 1 24,2 a10,9 0 0 1 8,16 h-42 a8,8 0 0 1 -4,-8 Z" fill="#eef2f3" '
            'opacity="0.85"/>'
        )
    # the fields under the fog, for tools that read the grid; clickable (filled, invisible)
    # where a click asks why nothing can be built there
    fill = 'fill="#fff" opacity="0"' if target else 'fill="none"'
    cells = "".join(
        f'<rect class="fog" data-fog="{3 * tr + r},{3 * tc + c}"'
        + (place(f"field:{3 * tr + r},{3 * tc + c}") if target else "")
        + f' x="{num(x + c * f)}" y="{num(y + r * f)}" width="{num(f)}" height="{num(f)}" '
        f"{fill}/>"
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
