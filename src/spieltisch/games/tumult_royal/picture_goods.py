"""The people's goods in Tumult Royal's board picture: the goods in their slots (face down;
what the viewer saw drawn on the tiles, TR-G12), the viewer's hand with Keep and Put back,
and the pool after the reveal. The players' castles are in ``picture_castles.py``."""

from __future__ import annotations

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
    text,
    text_width,
    tip,
)
from ...engine.svg import attr, num
from .icons import GOOD_EDGE, GOOD_INK, icon
from .names import catalog, good_name
from .picture_base import WIDTH, Look, M, Pic
from .picture_moves import Face
from .text_words import face_text

SLOT = 52  # a pool tile
SLOT_STEP_X, SLOT_STEP_Y = 60, 76
HAND_W, HAND_H = 140, 192  # the tile in hand with Keep and Put back
SIDE_W = 220  # the units left, beside the pool after the reveal


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


def frozen(face: Face | None) -> tuple[Any, ...] | None:
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
