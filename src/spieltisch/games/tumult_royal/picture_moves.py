"""How each legal action of Tumult Royal is made on the board picture
(``docs/board-interface.md``): peeks on their slot, Keep and Put back on the tile in hand,
start statues and builds on their field; a build's payment is its button caption and a small
drawing of the goods paid (``art``). A field with more than 12 payments is reached through a
pick of how one good is paid (``pay:GOOD:V+V``), so that no choice offers more than 12."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ...engine.picture import lang_of
from ...engine.svg import num
from .board_words import words
from .data import Ruleset
from .icons import GOOD_INK, good_kind
from .names import catalog, good_name
from .text_words import rules, terrain_grid

MAX_BUTTONS = 12
Face = Sequence[Any]


class FieldCosts:
    """``field_cost`` for one view, each field worked out once (a build turn lists many
    payments per field) and the landscape's grid and the ruleset looked up once."""

    def __init__(self, view: dict[str, Any], rs: Ruleset) -> None:
        self.view, self.rs = view, rs
        self.grid: list[list[str | None]] | None = None
        self.known: dict[tuple[int, int], tuple[int, int, int] | None] = {}

    def of(self, rc: tuple[int, int]) -> tuple[int, int, int] | None:
        if rc not in self.known:
            if self.grid is None:
                self.grid = terrain_grid(self.view)
            self.known[rc] = _field_cost(self.view, self.grid, self.rs, rc)
        return self.known[rc]


@dataclass
class Plan:
    """How each legal action is made on the picture, and what the picture must offer."""

    moves: list[dict[str, Any]] = field(default_factory=list)
    fields: dict[tuple[int, int], int] = field(default_factory=dict)  # field -> moves there
    chips: dict[str, tuple[tuple[str, tuple[int, ...]], ...]] = field(default_factory=dict)
    slots: set[int] = field(default_factory=set)
    hand: set[str] = field(default_factory=set)  # keep, put_back
    costs: FieldCosts | None = None  # what a build costs, field by field


def _parts(payment: Sequence[Face], goods: Sequence[str]) -> dict[str, tuple[int, ...]]:
    return {g: tuple(sorted(int(v) for pg, v in payment if pg == g)) for g in goods}


def values_text(values: Sequence[int]) -> str:
    return "+".join(str(v) for v in values) or "0"


def _pay_key(parts: Sequence[tuple[str, tuple[int, ...]]]) -> str:
    return "pay:" + "/".join(f"{g}:{values_text(v)}" for g, v in parts)


def _groups(payments: list[dict[str, tuple[int, ...]]], goods: Sequence[str]) -> list[str]:
    """The goods whose parts split one field's payments into choices of at most 12: those
    with the most different parts first."""
    distinct = {g: len({p[g] for p in payments}) for g in goods}
    order = sorted((g for g in goods if distinct[g] > 1), key=lambda g: -distinct[g])
    chosen: list[str] = []
    for g in order:
        chosen.append(g)
        sizes = Counter(tuple(p[c] for c in chosen) for p in payments)
        if max(sizes.values()) <= MAX_BUTTONS:
            break
    return chosen


def plan_moves(view: dict[str, Any], legal: Sequence[dict[str, Any]], lang: str) -> Plan:
    lang = lang_of(lang)
    w, _ = words(lang), catalog(lang)
    rs = rules(view)
    goods = rs.goods
    plan = Plan()
    builds: dict[tuple[int, int], list[int]] = {}
    for i, action in enumerate(legal):
        kind = action.get("type")
        if kind == "build":
            builds.setdefault((int(action["field"][0]), int(action["field"][1])), []).append(i)
    grouping: dict[tuple[int, int], list[str]] = {}
    for rc, indices in builds.items():
        if len(indices) > MAX_BUTTONS:
            grouping[rc] = _groups([_parts(legal[i]["payment"], goods) for i in indices], goods)
    hand = (view.get("me") or {}).get("hand")
    hand_face = face_words(hand, lang) if hand else "?"
    costs = plan.costs = FieldCosts(view, rs)
    for action in legal:
        kind = str(action.get("type"))
        move: dict[str, Any] = {"pick": None, "place": None, "button": None}
        if kind == "peek":
            plan.slots.add(int(action["slot"]))
            move["place"] = f"slot:{action['slot']}"
            move["button"] = w["act_peek"].format(s=action["slot"])
        elif kind in ("keep", "put_back"):
            plan.hand.add(kind)
            move["place"] = "hand:keep" if kind == "keep" else "hand:put-back"
            move["button"] = w[f"btn_{kind}"].format(face=hand_face)
        elif kind in ("place_start", "build"):
            rc = (int(action["field"][0]), int(action["field"][1]))
            plan.fields[rc] = plan.fields.get(rc, 0) + 1
            move["place"] = f"field:{rc[0]},{rc[1]}"
            if kind == "place_start":
                move["button"] = w["btn_start"]
            else:
                payment = action.get("payment", [])
                move["button"] = _payment_caption(payment, costs.of(rc), goods, lang)
                move["art"] = payment_art(payment, goods)
                if rc in grouping:
                    parts = _parts(payment, goods)
                    chosen = tuple((g, parts[g]) for g in grouping[rc])
                    chip = _pay_key(chosen)
                    plan.chips[chip] = chosen
                    move["pick"] = chip
        elif kind == "end_turn":
            move["button"] = w["btn_end_turn"]
            if view.get("consolation_due"):  # TR-R21
                n = rs.no_build_bonus
                consoled = _.ngettext("End turn (+{n} follower)", "End turn (+{n} followers)", n)
                move["button"] = consoled.format(n=n)
        else:
            move["button"] = w.get(f"btn_{kind}", kind)
        plan.moves.append(move)
    return plan


def _surplus(
    payment: Sequence[Face], cost: tuple[int, int, int] | None, goods: Sequence[str]
) -> int:
    if cost is None:
        return 0
    units = [sum(int(v) for g, v in payment if g == good) for good in goods]
    return sum(u - c for u, c in zip(units, cost, strict=True))


def _payment_caption(
    payment: Sequence[Face], cost: tuple[int, int, int] | None, goods: Sequence[str], lang: str
) -> str:
    """``bread 1+2, tools 1 (+1)``: the tiles paid per good and the followers gained."""
    w = words(lang)
    parts = []
    for good in goods:
        values = sorted(int(v) for g, v in payment if g == good)
        if values:
            parts.append(f"{good_name(good, lang)} {values_text(values)}")
    caption = ", ".join(parts) or w["nothing"]
    extra = _surplus(payment, cost, goods)
    return caption + (w["surplus"].format(n=extra) if extra > 0 else "")


# the goods drawn small for a button (a payment's art): few bytes, a build turn lists many
_ART_ICONS = {
    "bread": '<path d="M2 15C2 7 8 4 12 4s10 3 10 11c0 4-3 5-10 5S2 19 2 15z" fill="#d98c34" '
    'stroke="#6b3d0c" stroke-width="1.4"/>',
    "marble": '<path d="M4 3h16v4H4zM6.5 7h11v11h-11zM3 18h18v4H3z" fill="#eef1f4" '
    'stroke="#455a64" stroke-width="1.3"/>',
    "tools": '<path d="M10.5 9h3l.5 13h-4z" fill="#a0703c"/><path d="M4 4h16l1 5H3z" '
    'fill="#607d8b" stroke="#263238" stroke-width="1.4"/>',
}


def _art_label(values: list[int], compact: bool) -> str:
    if not compact:
        return values_text(values)
    counts = Counter(values)
    return "+".join(f"{n}×{v}" if n > 1 else str(v) for v, n in sorted(counts.items()))


@lru_cache(maxsize=2048)
def _art(items: tuple[tuple[str, tuple[int, ...]], ...]) -> str:
    for compact in (False, True):  # 1+1+1 as 3×1 when the long form is too wide
        x = 2.0
        body = []
        for kind, values in items:
            label = _art_label(list(values), compact)
            body.append(f'<g transform="translate({num(x)},7) scale(.8)">{_ART_ICONS[kind]}</g>')
            body.append(f'<text x="{num(x + 21)}" y="21" fill="{GOOD_INK[kind]}">{label}</text>')
            x += 21 + len(label) * 12 * 0.7 + 5  # bold digits are about 0.7 em wide
        if x <= 160:
            break
    width = min(160, max(32, int(x)))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="32" '
        f'viewBox="0 0 {width} 32" font-family="DejaVu Sans, Verdana, Arial, sans-serif" '
        f'font-size="12" font-weight="bold">' + "".join(body) + "</svg>"
    )


def payment_art(payment: Sequence[Face], goods: Sequence[str]) -> str:
    """A small SVG document (at most 160×32) of a payment: per good its icon and the values
    of the tiles paid."""
    items = []
    for good in goods:
        values = sorted(int(v) for g, v in payment if g == good)
        if values:
            items.append((good_kind(good, goods), tuple(values)))
    return _art(tuple(items))


def face_words(face: Face | None, lang: str) -> str:
    if not face:
        return "?"
    return f"{good_name(str(face[0]), lang)} {face[1]}"


def _adjacent(view: dict[str, Any], rc: tuple[int, int], seat: int) -> bool:
    r, c = rc
    near = {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
    return any(b["seat"] == seat and (b["field"][0], b["field"][1]) in near for b in view["board"])


def field_cost(view: dict[str, Any], rc: tuple[int, int]) -> tuple[int, int, int] | None:
    """What building on ``rc`` costs the seat whose turn it is (TR-R18: double for a meadow
    or forest not next to its statues), or None if it may not build there."""
    return _field_cost(view, terrain_grid(view), rules(view), rc)


def _field_cost(
    view: dict[str, Any],
    grid: list[list[str | None]],
    rs: Ruleset,
    rc: tuple[int, int],
    seat: int | None = None,
) -> tuple[int, int, int] | None:
    """What building on ``rc`` costs ``seat`` (by default the seat whose turn it is)."""
    code = grid[rc[0]][rc[1]]
    terrain = rs.terrains.get(code or "")
    if seat is None:
        seat = view.get("turn_of")
    if terrain is None or seat is None:
        return None
    if _adjacent(view, rc, seat):
        return terrain.cost
    if not terrain.nonadjacent_allowed:
        return None
    m = rs.nonadjacent_cost_multiplier
    c = terrain.cost
    return (c[0] * m, c[1] * m, c[2] * m)


def meant_payment(
    view: dict[str, Any], rc: tuple[int, int], chosen: dict[str, tuple[int, ...]]
) -> list[list[Any]]:
    """The payment a click on the field ``rc`` means for the viewer, legal or not: per good
    of the cost the tiles ``chosen`` (a payment chip), else the viewer's cheapest cover of
    it, else (too few units) every tile of that good the viewer holds; nothing where the
    viewer may not build at all (the rules then say why, TR-R16 to TR-R18)."""
    if not 0 <= rc[0] < 6 or not 0 <= rc[1] < 3 * int(view["landscape"]["columns"]):
        return []
    rs = rules(view)
    cost = _field_cost(view, terrain_grid(view), rs, rc, view.get("seat"))
    if cost is None:
        return []
    tiles = (view.get("me") or {}).get("tiles") or []
    out: list[list[Any]] = []
    for good, need in zip(rs.goods, cost, strict=True):
        if not need:
            continue
        values = sorted(int(v) for g, v in tiles if g == good)
        paid = chosen.get(good)
        if paid is None:
            paid = _cheapest_cover(values, need) or tuple(values)
        out += [[good, v] for v in paid]
    return sorted(out)


def _cheapest_cover(values: list[int], need: int) -> tuple[int, ...] | None:
    """The fewest units of ``values`` that reach ``need`` with no tile too many (TR-R19),
    fewest tiles first."""
    best: tuple[int, int, tuple[int, ...]] | None = None
    for mask in range(1, 1 << len(values)):
        chosen = tuple(v for i, v in enumerate(values) if mask >> i & 1)
        total = sum(chosen)
        if total >= need and total - min(chosen) < need:
            key = (total, len(chosen), chosen)
            if best is None or key < best:
                best = key
    return None if best is None else best[2]


def chip_parts(chip: str | None) -> dict[str, tuple[int, ...]]:
    """The goods and tile values a payment chip (``pay:bread:1+2/tools:1``) names."""
    if not chip or not chip.startswith("pay:"):
        return {}
    out = {}
    for part in chip[4:].split("/"):
        good, _, values = part.partition(":")
        out[good] = tuple(int(v) for v in values.split("+") if v != "0")
    return out
