"""The goods side of Tumult Royal's board picture: the people's goods in their slots (face
down; what the viewer saw drawn on the tiles, TR-G12), the viewer's hand with Keep and Put
back, the pool after the reveal, the players' castles with their tiles, followers, statues,
rank, grace and the crown, and the chips that choose how one good is paid."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from ...engine.picture import (
    FONT,
    INK,
    LARGE,
    MUTED,
    PANEL_EDGE,
    PANEL_FILL,
    SMALL,
    box,
    key,
    place,
    seat_colour,
    seat_mark,
    seat_name,
    text,
    text_width,
    tip,
    wrap,
)
from ...engine.picture import pick as pick_attr
from ...engine.svg import attr, num
from .icons import GOOD_EDGE, GOOD_INK, icon, statue_icon
from .names import catalog, good_name
from .picture_base import WIDTH, Look, M, Pic
from .picture_moves import Face, values_text
from .text import face_text

SLOT = 52  # a pool tile
SLOT_STEP_X, SLOT_STEP_Y = 60, 76
HAND_W, HAND_H = 140, 192  # the tile in hand with Keep and Put back
SIDE_W = 220  # the units left, beside the pool after the reveal
CASTLE_TILE, CASTLE_STEP = 30, 36


class _Slot(NamedTuple):
    """One slot as the viewer sees it."""

    number: int
    state: str  # down, held, taken
    seat: int | None  # holder or taker
    face: Face | None  # the face the view shows (memory, or every face after the reveal)
    seen: Face | None  # the viewer's memory of it
    revealed: bool
    chosen: bool  # the viewer's choice this tick
    peek: bool  # the viewer may peek it now
    target: bool  # a place to click: a seated viewer may try to peek it (why not: TR-G6)


# -- the people's goods ------------------------------------------------------------------
def pool(pic: Pic, y: float) -> float:
    """The slots in rows, with the hand (grab) or the units left (after the reveal) at the
    right; returns the y below."""
    v, w = pic.view, pic.w
    if not v["slots"]:
        return y
    revealed = v.get("pool") is not None
    grid_w = WIDTH - 2 * M - (SIDE_W + 16 if revealed else 0)
    per_row = max(1, int((grid_w + SLOT_STEP_X - SLOT) // SLOT_STEP_X))
    y += 18
    title = w["pool_open"] if revealed else w["pool"]
    pic.out.append(text(M, y + 20, title, LARGE, font_weight="bold"))
    hint = pool_hint(pic)
    if hint:
        pic.out.append(text(M + text_width(title, LARGE) + 16, y + 20, hint, FONT, fill=MUTED))
    top = y + 34
    memory = (v.get("me") or {}).get("memory") or {}
    chosen = ((v.get("pending") or {}).get("my_choice") or {}).get("slot")
    for i, entry in enumerate(v["slots"]):
        x = M + (i % per_row) * SLOT_STEP_X
        sy = top + (i // per_row) * SLOT_STEP_Y
        info = _slot_of(pic, entry, revealed, memory, chosen)
        pic.out.append(_slot_svg(pic.look, info, x, sy))
        if info.state == "held" and info.seat == pic.seat and v["phase"] == "grab":
            pic.overlay.append(hand(pic, info.number, x, sy))
    bottom = top + (len(v["slots"]) + per_row - 1) // per_row * SLOT_STEP_Y
    if revealed:
        bottom = max(bottom, pool_summary(pic, WIDTH - M - SIDE_W, top))
    return bottom


def _slot_of(
    pic: Pic, entry: dict[str, Any], revealed: bool, memory: dict[str, Face], chosen: Any
) -> _Slot:
    s = int(entry["slot"])
    holder = entry.get("seat")
    face, seen = entry.get("face"), memory.get(str(s))
    return _Slot(  # positional: built for every slot of every picture
        s,
        str(entry["state"]),
        None if holder is None else int(holder),
        None if face is None else tuple(face),
        None if seen is None else tuple(seen),
        revealed,
        chosen == s,
        s in pic.plan.slots,
        pic.seat is not None and pic.view["phase"] == "grab",
    )


def _frozen(face: Face | None) -> tuple[Any, ...] | None:
    """A face as a tuple: the slot is part of a cache key."""
    return None if face is None else tuple(face)


def pool_hint(pic: Pic) -> str:
    """What the viewer does now in the grab, in a few words."""
    v, w = pic.view, pic.w
    if v["phase"] != "grab":
        return ""
    if pic.plan.slots:
        return w["pool_hint_peek"]
    if pic.plan.hand:
        return w["pool_hint_hold"]
    if (v.get("pending") or {}).get("my_choice"):
        return w["pool_hint_wait"]
    if pic.seat is not None and pic.players[pic.seat]["done"]:
        return w["pool_hint_done"]
    return w["pool_hint_watch"]


def slot_tip(look: Look, s: _Slot) -> str:
    """What a slot holds as the viewer knows it, then what the viewer may do with it."""
    w = look.w
    if s.state == "down":
        out = w["slot_down"].format(s=s.number)
        if s.seen is not None and not s.revealed:
            out += w["slot_memory"].format(face=look.face_tip(s.seen))
        if s.peek:
            out += w["slot_peek"]
    else:
        holder = look.name(s.seat if s.seat is not None else 0)
        known = s.face or s.seen
        sentence = ("slot_held" if s.state == "held" else "slot_taken") + ("_face" if known else "")
        face = look.face_tip(known) if known else ""
        out = w[sentence].format(s=s.number, name=holder, face=face)
    return out + (w["slot_chosen"] if s.chosen else "")


@lru_cache(maxsize=2048)
def _slot_svg(look: Look, s: _Slot, x: float, y: float) -> str:
    """One slot: its place on the table (a place to click while it may be peeked), its
    number, and the tile in it, lifted by its holder, or gone to a castle. Memoised on all
    it shows: from tick to tick most slots stay as they were, and every seat sees the slots
    it has not seen alike."""
    attrs = f'data-kind="slot" data-slot="{s.number}" data-state={attr(s.state)}'
    if s.seat is not None:
        attrs += f' data-seat="{s.seat}"'
    if s.face is not None:
        attrs += f" data-face={attr(face_text(s.face))}"
    if s.target:
        attrs += place(f"slot:{s.number}")
    hint = slot_tip(look, s)
    body = [
        f"<g {attrs}{tip(hint)}>",
        f'<rect x="{num(x - 2)}" y="{num(y - 2)}" width="{SLOT + 4}" height="{SLOT + 4}" '
        'rx="8" fill="#e9dfc8" stroke="#c9b99a" stroke-dasharray="4 3"/>',
        text(x + SLOT / 2, y + SLOT + 16, str(s.number), SMALL, text_anchor="middle", fill=MUTED),
    ]
    tile_key = key(f"tile:{s.number}")
    if s.state == "down":
        shown = s.face if s.revealed else None
        body.append(f"<g{tile_key}{tip(hint)}>{look.tile(shown, x, y, SLOT)}</g>")
        if s.seen is not None and not s.revealed:
            body.append(memory_badge(look, s.seen, x, y))
    elif s.state == "held" and s.seat != look.seat and s.seat is not None:
        body.append(f"<g{tile_key}{tip(hint)}>{_lifted(look, s, x, y)}</g>")
    elif s.seat is not None:  # kept by someone, or in the viewer's hand: the place is empty
        body.append(_empty_slot(look, s, x, y))
    if s.chosen:
        colour = seat_colour(look.seat or 0)
        body.append(
            f'<rect x="{num(x - 5)}" y="{num(y - 5)}" width="{SLOT + 10}" height="{SLOT + 10}" '
            f'rx="10" fill="none" stroke="{colour}" stroke-width="3" stroke-dasharray="6 3"/>'
        )
    body.append("</g>")
    return "".join(body)


def _lifted(look: Look, s: _Slot, x: float, y: float) -> str:
    """A tile another player holds: lifted off its place, framed in the holder's colour."""
    assert s.seat is not None
    return (
        look.tile(s.face, x - 3, y - 5, SLOT)
        + f'<rect x="{num(x - 5)}" y="{num(y - 7)}" width="{SLOT + 4}" height="{SLOT + 4}" '
        f'rx="8" fill="none" stroke="{seat_colour(s.seat)}" stroke-width="3"/>'
        + seat_mark(s.seat, x + SLOT - 6, y - 4, 8)
    )


def _empty_slot(look: Look, s: _Slot, x: float, y: float) -> str:
    """The place of a tile that was kept (the taker's mark and ✓) or is in the viewer's
    hand; what the viewer knows of its face is noted on it."""
    assert s.seat is not None
    known = s.face or s.seen
    out = [seat_mark(s.seat, x + SLOT / 2, y + (14 if known else SLOT / 2 - 4), 10)]
    if known:
        out.append(memory_badge(look, known, x, y))
    elif s.state == "taken":
        out.append(
            text(
                x + SLOT / 2,
                y + SLOT - 6,
                "✓",
                FONT,
                text_anchor="middle",
                fill=seat_colour(s.seat),
                font_weight="bold",
            )
        )
    return "".join(out)


def memory_badge(look: Look, face: Face, x: float, y: float) -> str:
    """What the viewer saw on a tile now face down (or gone): a small note on it."""
    kind = look.kind(str(face[0]))
    return (
        f'<rect x="{num(x + 4)}" y="{num(y + SLOT - 24)}" width="{SLOT - 8}" height="21" '
        f'rx="5" fill="#fffdf0" stroke="{GOOD_EDGE[kind]}" stroke-width="1.2" '
        'stroke-dasharray="3 2"/>'
        + icon(kind, x + 6, y + SLOT - 22, 17)
        + text(
            x + SLOT - 8,
            y + SLOT - 8,
            str(face[1]),
            13,
            text_anchor="end",
            font_weight="bold",
            fill=GOOD_INK[kind],
        )
    )


# -- the hand ------------------------------------------------------------------------------
def hand(pic: Pic, s: int, x: float, y: float) -> str:
    """The tile in the viewer's hand, lifted face up over its slot (only its holder sees
    it, TR-G12), with Keep and Put back right under it: the pointer that peeked is already
    there. Drawn over the picture; the slots it covers cannot be peeked meanwhile (TR-G6)."""
    w = pic.w
    face = (pic.view.get("me") or {}).get("hand")
    if face is None or pic.seat is None:
        return ""
    px = min(max(M, x + SLOT / 2 - HAND_W / 2), WIDTH - M - HAND_W)
    py = y - 10
    colour = seat_colour(pic.seat)
    hint = w["hand_tip"].format(s=s, face=pic.face_tip(face))
    tx = px + (HAND_W - 64) / 2
    return (
        f'<g class="hand"><rect x="{num(px + 3)}" y="{num(py + 5)}" width="{HAND_W}" '
        f'height="{HAND_H}" rx="12" fill="#000" opacity="0.25"/>'
        + box(px, py, HAND_W, HAND_H, "#fffdf7", colour, 12)
        + f'<rect x="{num(px)}" y="{num(py)}" width="{HAND_W}" height="6" rx="3" '
        f'fill="{colour}"/>'
        + seat_mark(pic.seat, px + 16, py + 20, 6)
        + text(px + 28, py + 25, w["hand"], SMALL, font_weight="bold")
        + f"<g{key(f'tile:{s}')}{tip(hint)}>{pic.tile(face, tx, py + 34, 64)}</g>"
        + hand_button(pic, "keep", px + 8, py + 106, face, s)
        + hand_button(pic, "put_back", px + 8, py + 148, face, s)
        + "</g>"
    )


def hand_button(pic: Pic, kind: str, x: float, y: float, face: Face, s: int) -> str:
    """Keep or Put back: a place on the tile in hand, bright while the viewer may choose it
    (after the viewer's choice in this tick a click asks why not)."""
    w = pic.w
    bw, bh = HAND_W - 16, 36
    active = kind in pic.plan.hand
    chosen = ((pic.view.get("pending") or {}).get("my_choice") or {}).get("type") == kind
    fill = ("#2e7d32" if kind == "keep" else "#8d6e63") if active or chosen else "#d7ccc8"
    where = "hand:keep" if kind == "keep" else "hand:put-back"
    hint = w[f"{kind}_tip"].format(face=pic.face_tip(face), s=s)
    arrow = "✓" if chosen else "⬇" if kind == "keep" else "↩"
    return (
        f"<g{place(where)}{tip(hint)}>"
        + box(x, y, bw, bh, fill, INK, 8)
        + text(
            x + bw / 2,
            y + 23,
            f"{arrow} {w[kind]}",
            FONT,
            text_anchor="middle",
            fill="#fff" if active or chosen else MUTED,
            font_weight="bold",
        )
        + "</g>"
    )


def pool_summary(pic: Pic, x: float, y: float) -> float:
    """After the reveal: the units of each good left in the pool against the demand (the
    tumult check, TR-R9)."""
    v, w = pic.view, pic.w
    faces = v.get("pool") or []
    pic.out.append(box(x, y - 6, SIDE_W, 150, PANEL_FILL, PANEL_EDGE, 10))
    yy = y + 8
    for good in pic.goods:
        n = sum(int(val) for g, val in faces if g == good)
        d = v["demand"].get(good)
        need = "?" if d is None else str(d)
        name = good_name(good, pic.lang)
        left = catalog(pic.lang).ngettext(
            "{n} unit of {good} is in the pool; the people need {d}.",
            "{n} units of {good} are in the pool; the people need {d}.",
            n,
        )
        pic.out.append(
            f"<g{tip(left.format(n=n, good=name, d=need))}>"
            + icon(pic.kind(good), x + 10, yy, 26)
            + text(x + 44, yy + 19, w["left"].format(good=name, n=n, d=need), FONT)
            + "</g>"
        )
        yy += 44
    return y + 144


# -- the castles ---------------------------------------------------------------------------
def castle_tiles(pic: Pic, seat: int) -> list[tuple[str, Face | None, str]]:
    """The tiles ``seat`` holds as the viewer may see them: (key, face or None, tip). A tile
    kept from slot N keeps the key ``tile:N`` it had in the pool."""
    v, w = pic.view, pic.w
    p = pic.players[seat]
    memory = (v.get("me") or {}).get("memory") or {}
    source = (v.get("me") or {}).get("tiles", []) if seat == pic.seat else p["public_tiles"]
    known = [list(f) for f in source]
    kept = [int(s) for s in p.get("kept_slots", [])]
    faces = {int(e["slot"]): e.get("face") for e in v["slots"]}
    slot_face = {s: faces.get(s) or memory.get(str(s)) for s in kept}
    free = [s for s in kept if slot_face[s] is not None]
    out: list[tuple[str, Face | None, str]] = []
    for i, face in enumerate(known):
        match = next((s for s in free if list(slot_face[s] or []) == face), None)
        if match is not None:
            free.remove(match)
            hint = _capital(w["tile_tip"].format(face=pic.face_tip(face), s=match))
            out.append((f"tile:{match}", face, hint))
        else:  # carried from an earlier round (keep_goods)
            hint = _capital(w["tile_carried_tip"].format(face=pic.face_tip(face)))
            out.append((f"tile:c{seat}-{face_text(face)}-{i}", face, hint))
    for s in kept:
        if slot_face[s] is None:  # a face the viewer has not seen
            out.append((f"tile:{s}", None, w["tile_back_tip"].format(name=pic.name(seat), s=s)))
    return out


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def castles(pic: Pic, y: float) -> float:
    """One panel per player, in seat order, all as high as the fullest. Each part of a
    panel is memoised on what it shows (a move changes few of them)."""
    v, look = pic.view, pic.look
    seats = [p["seat"] for p in v["players_state"]]
    gap = 12
    pw = (WIDTH - 2 * M - (len(seats) - 1) * gap) / len(seats)
    per_row = max(1, int((pw - 20 + CASTLE_STEP - CASTLE_TILE) // CASTLE_STEP))
    tiles = {s: castle_tiles(pic, s) for s in seats}
    rows = max((len(t) + per_row - 1) // per_row for t in tiles.values())
    status = {s: _two_lines(castle_status(pic, s), pw - 20) for s in seats}
    known = {s: [f for _, f, _ in tiles[s] if f is not None] for s in seats}
    totals = v["phase"] == "build" and any(known.values())
    lines = max(max(len(v) for v in status.values()), 1 if totals else 0)
    ph = 84 + lines * 17 + rows * CASTLE_STEP
    y += 14
    actors = [] if v["phase"] == "game_over" else v.get("actors") or []
    players, tax = len(pic.players), pic.rs.king_tax
    for i, s in enumerate(seats):
        x = M + i * (pw + gap)
        p = pic.players[s]
        out = [
            _castle_frame(look, s, x, y, pw, ph, s in actors, int(p["rank"]), players, tax),
            _counters(
                look,
                s,
                x,
                y + 44,
                int(p["followers"]),
                int(p["reserve"]),
                int(p["placed"]),
                bool(p["grace"]),
            ),
            _status_lines(x, y, status[s]),
        ]
        if totals and known[s]:
            out.append(_units(look, tuple(tuple(f) for f in known[s]), x + 10, y + 76))
        ty = y + 80 + lines * 17
        for j, (k, face, hint) in enumerate(tiles[s]):
            tx = x + 10 + (j % per_row) * CASTLE_STEP
            tyy = ty + (j // per_row) * CASTLE_STEP
            out.append(_castle_tile(look, k, _frozen(face), hint, tx, tyy))
        pic.out.append("".join(out))
    return y + ph


@lru_cache(maxsize=512)
def _two_lines(status: str, width: float) -> tuple[str, ...]:
    """The first two lines of a castle's status wrapped to ``width``."""
    return tuple(wrap(status, width, SMALL)[:2])


@lru_cache(maxsize=512)
def _status_lines(x: float, y: float, lines: tuple[str, ...]) -> str:
    return "".join(
        text(x + 10, y + 90 + j * 17, line, SMALL, fill=MUTED) for j, line in enumerate(lines)
    )


@lru_cache(maxsize=2048)
def _castle_tile(
    look: Look, k: str, face: tuple[Any, ...] | None, hint: str, x: float, y: float
) -> str:
    """A tile in a castle (the piece ``k``), face up or, unseen, face down."""
    return f"<g{key(k)}{tip(hint)}>{look.tile(face, x, y, CASTLE_TILE)}</g>"


@lru_cache(maxsize=256)
def _units(look: Look, faces: Sequence[Face], x: float, y: float) -> str:
    """The units held of each good (what building costs are counted in, TR-R19)."""
    label = look.w["units"]
    out = [text(x, y + 14, label, SMALL, fill=MUTED)]
    x += text_width(label, SMALL) + 8
    for good in look.goods:
        n = sum(int(v) for g, v in faces if g == good)
        if not n:
            continue
        kind = look.kind(good)
        units = catalog(look.lang).ngettext("{n} unit of {good}", "{n} units of {good}", n)
        hint = units.format(n=n, good=good_name(good, look.lang))
        label = f"{n}"
        out.append(
            f"<g{tip(hint)}>{icon(kind, x, y + 1, 16)}"
            + text(x + 18, y + 14, label, SMALL, font_weight="bold", fill=GOOD_INK[kind])
            + "</g>"
        )
        x += 18 + text_width(label, SMALL) + 14
    return "".join(out)


@lru_cache(maxsize=512)
def _castle_frame(
    look: Look,
    seat: int,
    x: float,
    y: float,
    pw: float,
    ph: float,
    acting: bool,
    rank: int,
    players: int,
    king_tax: int,
) -> str:
    """The panel (the piece ``castle:SEAT``; the pieces on it are its siblings, since the
    page animates only outermost pieces) with the seat's mark and name, then its rank or
    the crown; the acting seats framed in their colour."""
    w = look.w
    name = look.name(seat)
    own = seat == look.seat
    hint = w["castle_tip_own"] if own else w["castle_tip"].format(name=name)
    edge = seat_colour(seat)
    out = [
        f"<g{key(f'castle:{seat}')}{tip(hint)}>",
        box(x, y, pw, ph, "#fbf6ea" if own else PANEL_FILL, edge, 10),
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(pw)}" height="6" rx="3" fill="{edge}"/>',
    ]
    if acting:
        out.append(
            f'<rect x="{num(x - 3)}" y="{num(y - 3)}" width="{num(pw + 6)}" '
            f'height="{num(ph + 6)}" rx="12" fill="none" stroke="{edge}" stroke-width="2.5" '
            'stroke-dasharray="7 4"/>'
        )
    out.append(seat_mark(seat, x + 18, y + 26, 8))
    label = name if text_width(name, FONT) < pw - 80 else seat_name(seat, look.lang)
    out.append(text(x + 32, y + 31, label, FONT, font_weight="bold") + "</g>")
    if rank == 1:
        hint = w["crown_tip"].format(name=name, tax=king_tax)
        out.append(f"<g{key('crown')}{tip(hint)}>{icon('crown', x + pw - 36, y + 12, 28)}</g>")
    else:
        hint = w["rank_tip"].format(r=rank, n=players, nth=rank)
        out.append(
            f"<g{key(f'rank:{seat}')}{tip(hint)}>"
            + text(
                x + pw - 10, y + 31, w["rank"].format(r=rank), SMALL, text_anchor="end", fill=MUTED
            )
            + "</g>"
        )
    return "".join(out)


@lru_cache(maxsize=512)
def _counters(
    look: Look,
    seat: int,
    x: float,
    cy: float,
    followers: int,
    reserve: int,
    placed: int,
    grace: bool,
) -> str:
    """Followers, statues in reserve and the grace card, as icons with numbers."""
    w, _ = look.w, catalog(look.lang)
    followers_tip = _.ngettext(
        "{n} follower (public points; ties of statues go to more followers).",
        "{n} followers (public points; ties of statues go to more followers).",
        followers,
    )
    reserve_tip = _.ngettext(
        "{n} statue in reserve, {p} placed.", "{n} statues in reserve, {p} placed.", reserve
    )
    sx = x + 40 + text_width(str(followers), FONT) + 14
    gx = sx + 26 + text_width(str(reserve), FONT) + 14
    out = [
        f"<g{tip(followers_tip.format(n=followers))}>"
        + icon("followers", x + 10, cy, 24)
        + text(x + 38, cy + 18, str(followers), FONT, font_weight="bold")
        + "</g>",
        f"<g{tip(reserve_tip.format(n=reserve, p=placed))}>"
        + statue_icon(seat, sx, cy, 24)
        + text(sx + 26, cy + 18, str(reserve), FONT, font_weight="bold")
        + "</g>",
    ]
    if grace:
        hint = w["grace_tip"].format(name=look.name(seat))
        out.append(f"<g{key(f'grace:{seat}')}{tip(hint)}>{icon('grace', gx, cy, 24)}</g>")
    return "".join(out)


def castle_status(pic: Pic, seat: int) -> str:
    """During the grab: what the seat holds, whether it is done or still choosing, and what
    it did in the last tick; at the end, the winner."""
    v, w = pic.view, pic.w
    if v["phase"] == "game_over" and seat in (v.get("winners") or []):
        return w["winner_mark"]
    if v["phase"] != "grab":
        return ""
    p = pic.players[seat]
    parts = []
    if p["done"]:
        parts.append(w["done"])
    else:
        if p.get("hand_slot") is not None:
            parts.append(w["holding"].format(s=p["hand_slot"]))
        waiting = (v.get("pending") or {}).get("waiting_for", [])
        parts.append(w["choosing_one"] if seat in waiting else w["chosen_one"])
    for a in v.get("last_tick") or []:
        if a["seat"] != seat or (a["action"] == "done" and "slot" not in a):
            continue
        if a["action"] == "peek" and a.get("won") and a.get("slot") == p.get("hand_slot"):
            continue  # "holds slot N" says it
        kind = a["action"]
        if kind == "peek":
            kind = "peek" if a.get("won") else "lost"
        elif kind == "done":  # with a tile in hand: it went back
            kind = "put_back"
        parts.append(w.get(f"last_{kind}", kind).format(s=a.get("slot")))
    return " · ".join(parts)


# -- how to pay ------------------------------------------------------------------------------
def pay_chips(pic: Pic, y: float) -> float:
    """Choices of how to pay one good, for fields with more than 12 payments: pick one,
    then click the field."""
    chips = pic.plan.chips
    if not chips:
        return y
    w = pic.w
    y += 14
    goods = sorted({g for parts in chips.values() for g, _ in parts})
    names = ", ".join(good_name(g, pic.lang) for g in goods)
    heading = w["pay_with"].format(good=names)
    pic.out.append(text(M, y + 24, heading, FONT, font_weight="bold"))
    x, top = M + text_width(heading, FONT) + 14, y
    for chip, parts in sorted(chips.items()):
        cw = sum(34 + text_width(values_text(v), FONT) for _, v in parts) + 8
        if x + cw > WIDTH - M:
            x, top = M, top + 44
        paid = "; ".join(f"{good_name(g, pic.lang)} {values_text(v)}" for g, v in parts)
        hint = w["pay_chip_tip"].format(good=names, tiles=paid)
        body = [f"<g{pick_attr(chip)}{tip(hint)}>", box(x, top, cw, 36, "#fff", INK, 8)]
        cx = x + 6
        for g, values in parts:
            kind = pic.kind(g)
            body.append(icon(kind, cx, top + 6, 24))
            body.append(
                text(
                    cx + 28,
                    top + 24,
                    values_text(values),
                    FONT,
                    font_weight="bold",
                    fill=GOOD_INK[kind],
                )
            )
            cx += 34 + text_width(values_text(values), FONT)
        pic.out.append("".join(body) + "</g>")
        x += cw + 10
    return top + 40
