"""Tumult Royal's board picture (``docs/board-interface.md``): one seat's view drawn for the
screen at 1:1, 1000 wide, and the moves the player makes on it.

From the top: the header (round, phase, tick, who chooses), the people's demand, then the
part the current decision needs first. In the grab: the people's goods, one tile per slot,
face down (the tiles the viewer saw carry what it saw, TR-G12), the tile in the viewer's hand
lifted face up over its slot with Keep and Put back under it; then the players' castles and
the landscape. Otherwise: the castles, the landscape (each free field with its cost in goods
icons) and the pool after the reveal. Then the King's chronicle (beside a 2-player landscape)
and the standing. The modules: ``picture_moves`` (how each action is made),
``picture_goods`` (pool, hand), ``picture_castles``, ``picture_land``, ``picture_scores``,
``icons`` and ``board_words``.

Places (``data-place``): ``slot:N`` (peek), ``hand:keep`` and ``hand:put-back`` (the tile in
hand), ``field:R,C`` (start statue, build). A field with more than 12 payments is reached
through a pick: ``pay:GOOD:V+V`` chips (``pay:GOOD:V+V/GOOD:V`` for two goods) choose how
one good is paid. For a seated viewer the places are there also where no legal move uses
them, so that a click can ask why not (``attempt``, then ``Game.why_illegal``): during the
grab every slot (held, kept, or while the viewer's choice waits for the tick), Keep and Put
back on the tile in hand after the viewer has chosen, and in the start placement, the grab
and the build phase every field: free ones, ones with statues (the statue piece is the
place) and the fields of face-down tiles. Pieces (``data-key``,
never nested): ``statue:R,C``, ``tile:N`` (the tile of slot N, in its slot, in a hand or in a
castle; ``tile:cSEAT-…`` for one kept from an earlier round), ``land:TR,TC``,
``chronicle:K``, ``crown``, ``rank:SEAT``, ``castle:SEAT``, ``grace:SEAT``, ``demand:GOOD``.
Older attributes stay for tests and tools: ``data-kind`` (statue, slot, standing,
end-check), ``data-field``, ``data-slot``, ``data-state``, ``data-face``…"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine.picture import (
    FONT,
    LARGE,
    MUTED,
    box,
    document,
    header,
    key,
    seat_name,
    text,
    text_width,
    tip,
)
from ...engine.svg import attr
from .board_words import words
from .icons import GOOD_EDGE, GOOD_FILL, GOOD_INK, defs, icon, terrain_defs, tile_back
from .names import good_name
from .picture_base import WIDTH, M, Pic
from .picture_castles import castles, pay_chips
from .picture_goods import pool
from .picture_land import land_x, landscape
from .picture_moves import chip_parts, meant_payment, payment_art, plan_moves
from .picture_scores import chronicle, standing

__all__ = ["attempt", "board_moves", "log_keys", "payment_art", "render_svg"]


def render_svg(
    view: dict[str, Any], lang: str = "en", legal: Sequence[dict[str, Any]] | None = None
) -> str:
    """One seat's view as a standalone SVG document, 1000 wide, drawn at 1:1; with
    ``legal``, the places of the moves (``board_moves``) are marked on it."""
    pic = Pic(view, lang, list(legal or []))
    pic.out += [defs(), terrain_defs(pic.f)]
    y = demand(pic, head(pic))
    if view["phase"] == "grab":  # the decision first: the people's goods and the hand
        y = land_and_chronicle(pic, castles(pic, pool(pic, y)))
    else:
        y = land_and_chronicle(pic, pay_chips(pic, castles(pic, y)))
        if view["phase"] != "setup_start_statues":
            y = pool(pic, y)
    y = standing(pic, y)
    pic.out += pic.overlay
    seat = view.get("seat")
    title = words(lang)["title"] + ("" if seat is None else " — " + seat_name(seat, lang))
    return document("tumult-royal", WIDTH, y + M, pic.out, title, seat)


def land_and_chronicle(pic: Pic, y: float) -> float:
    """The landscape, and the chronicle beside it if there is room (2 players), else
    below it."""
    right = land_x(pic, 3 * pic.columns - 1) + pic.f + 24
    if WIDTH - M - right >= 360:
        return max(landscape(pic, y), chronicle(pic, y, right, WIDTH - M - right))
    return chronicle(pic, landscape(pic, y))


def board_moves(
    view: dict[str, Any], legal: Sequence[dict[str, Any]], lang: str = "en"
) -> list[dict[str, Any]]:
    """For each legal action (same order): its pick, place, button caption (and for a
    build the payment drawn as goods icons, ``art``)."""
    return plan_moves(view, legal, lang).moves


def attempt(view: dict[str, Any], pick: str | None, place: str | None) -> dict[str, Any] | None:
    """The action a click means, legal or not: on ``place`` (or on ``pick`` alone when
    ``place`` is None) with ``pick`` selected. A slot is a peek, Keep and Put back on the tile
    in hand are keep and put back, a field a start statue (in the start placement) or a
    build, paid as the selected payment chip says for its goods and otherwise as cheaply as
    the viewer's tiles allow. A payment chip alone is no action (it only selects)."""
    if place is None:
        return None
    kind, _, rest = place.partition(":")
    try:
        if kind == "slot":
            return {"type": "peek", "slot": int(rest)}
        if kind == "field":
            r, c = (int(v) for v in rest.split(","))
            if view["phase"] == "setup_start_statues":
                return {"type": "place_start", "field": [r, c]}
            payment = meant_payment(view, (r, c), chip_parts(pick))
            return {"type": "build", "field": [r, c], "payment": payment}
    except ValueError:  # not a key of this picture
        return None
    return {"hand:keep": {"type": "keep"}, "hand:put-back": {"type": "put_back"}}.get(place)


def log_keys(event: dict[str, Any]) -> list[str]:
    """The pieces a log event touched, as ``data-key``s of the picture."""
    kind = event.get("type")
    if kind in ("start_statue", "build") and "field" in event:
        r, c = event["field"]
        return [f"statue:{r},{c}"]
    if kind == "tick":
        return sorted(
            {f"tile:{a['slot']}" for a in event.get("actions", []) if "slot" in a},
            key=lambda k: int(k.split(":")[1]),
        )
    if kind == "spin":
        goods = [event["good"]] if "good" in event else ["bread", "marble", "tools"]
        return [f"demand:{g}" for g in goods]
    if kind == "tumult":
        out = [f"demand:{event.get('good')}"]
        if event.get("greediest") is not None:
            out.append(f"castle:{event['greediest']}")
        return out
    if kind == "no_build":
        return [f"castle:{event.get('seat')}"]
    if kind == "crown":
        return ["crown", f"castle:{event.get('king')}"]
    if kind == "fog":
        tiles = event.get("tiles")
        if tiles is None:  # rules version 1 named whole columns
            tiles = [[r, c] for c in event.get("columns", []) for r in (0, 1)]
        return [f"land:{r},{c}" for r, c in tiles]
    if kind == "grace":
        return [f"grace:{s}" for s in event.get("seats", [])]
    if kind == "end":
        return [f"castle:{s}" for s in event.get("winners", [])]
    return []


def head(pic: Pic) -> float:
    """The title (the game and the reader) and the status: round, phase, tick, who acts."""
    v, w = pic.view, pic.w
    phase = v["phase"]
    parts = []
    if v["round"]:
        parts.append(w["round"].format(n=v["round"], N=pic.rs.max_rounds))
    parts.append(w.get(f"phase_{phase}", phase))
    if phase == "grab":
        parts.append(w["tick"].format(t=v["tick"] + 1, T=v["grab_ticks"]))
        waiting = (v.get("pending") or {}).get("waiting_for", v.get("actors", []))
        names = ", ".join(pic.name(s) for s in waiting)
        parts.append(w["choosing"].format(names=names) if names else w["all_chosen"])
    elif phase == "game_over":
        reason = w.get(f"reason_{v.get('end_reason')}", str(v.get("end_reason")))
        winners = v.get("winners") or []
        names = ", ".join(pic.name(s) for s in winners)
        parts = [
            w["over"].format(reason=reason),
            w["winners" if len(winners) > 1 else "winner"].format(names=names),
        ]
    elif v.get("turn_of") is not None:
        name = pic.name(v["turn_of"])
        key_ = "start_turn" if phase == "setup_start_statues" else "build_turn"
        parts.append(w[key_].format(name=name))
    status = " · ".join(parts)
    title = w["title"]
    if pic.seat is not None:
        title += " — " + seat_name(pic.seat, pic.lang)
    out, y = _header(title, status)
    pic.out += out
    return y


@lru_cache(maxsize=512)
def _header(title: str, status: str) -> tuple[tuple[str, ...], float]:
    """``header``, memoised on its texts: the status line stays for several moves."""
    out, y = header(title, status, WIDTH)
    return tuple(out), y


def demand(pic: Pic, y: float) -> float:
    """What the people need of each good (TR-R4; ? until spun in the Zocker variant) and
    the tiles set aside this round (TR-G2)."""
    v = pic.view
    if not v["round"] or v["phase"] == "game_over":
        return y
    needs = tuple((good, pic.kind(good), d) for good, d in v["demand"].items())
    k = int(v["set_aside"])
    aside = k if k and v["phase"] == "grab" else 0
    loss = pic.rs.tumult_follower_loss
    pic.out += _demand(pic.lang, y, needs, loss, aside, v["variant"] == "zocker")
    return y + 12 + 40


@lru_cache(maxsize=256)
def _demand(
    lang: str,
    y: float,
    needs: tuple[tuple[str, str, int | None], ...],
    loss: int,
    aside: int,
    zocker: bool,
) -> tuple[str, ...]:
    """The demand's elements, memoised on all they show: it changes once a round."""
    w = words(lang)
    y += 12
    out = [text(M, y + 26, w["demand"], LARGE, font_weight="bold")]
    x = M + text_width(w["demand"], LARGE) + 16
    for good, kind, d in needs:
        name = good_name(good, lang)
        hint = (
            w["demand_unknown_tip"].format(good=name)
            if d is None
            else w["demand_tip"].format(d=d, good=name, loss=loss)
        )
        out.append(
            f"<g data-demand={attr(good)}{key('demand:' + good)}{tip(hint)}>"
            + box(x, y, 86, 40, GOOD_FILL[kind], GOOD_EDGE[kind], 8)
            + icon(kind, x + 6, y + 6, 28)
            + text(
                x + 66,
                y + 28,
                "?" if d is None else str(d),
                21,
                font_weight="bold",
                text_anchor="middle",
                fill=GOOD_INK[kind],
            )
            + "</g>"
        )
        x += 96
    if aside:
        x += 12
        backs = "".join(tile_back(x + i * 6, y + 6, 28) for i in range(min(3, aside)))
        label = w["aside"].format(k=aside)
        out.append(
            f"<g{tip(w['aside_tip'].format(k=aside))}>{backs}"
            + text(x + 50, y + 26, label, FONT, fill=MUTED)
            + "</g>"
        )
        x += 50 + text_width(label, FONT) + 16
    if zocker:  # TR-R5: the needs are spun in the tumult check
        out.append(f"<g{tip(w['zocker_tip'])}>" + text(x, y + 26, w["zocker"], FONT) + "</g>")
    return tuple(out)
