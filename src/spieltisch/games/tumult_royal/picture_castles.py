"""The players' castles in Tumult Royal's board picture: their tiles, followers, statues,
rank, grace and the crown, and the chips that choose how one good is paid."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine.picture import (
    FONT,
    INK,
    MUTED,
    PANEL_FILL,
    SMALL,
    box,
    key,
    seat_colour,
    seat_mark,
    seat_name,
    text,
    text_width,
    tip,
    wrap,
)
from ...engine.picture import pick as pick_attr
from ...engine.svg import num
from .icons import GOOD_INK, icon, statue_icon
from .names import catalog, good_name
from .picture_base import WIDTH, Look, M, Pic
from .picture_goods import frozen
from .picture_moves import Face, values_text
from .text_words import face_text

CASTLE_TILE, CASTLE_STEP = 30, 36


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
            out.append(_castle_tile(look, k, frozen(face), hint, tx, tyy))
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
