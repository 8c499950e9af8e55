"""How moves of Im Zeichen des Kreuzes are made on the picture, and what a click means:
``move`` gives each legal action its pick, place and button (``svg.board_moves``);
``attempt`` reads the action a click on any key means, legal or not, for "Why can't I?"
(``docs/board-interface.md``); ``place_name`` names a cell as players do."""

from __future__ import annotations

from typing import Any

from ...engine import picture as pic
from .board import SEA
from .components import JOKER, MOVEMENT
from .fight import JERUSALEM_ROUND, MIN_COMMIT
from .names import card_name, city_name, unit_name
from .picture_text import words
from .shown import board, card_of, use_edition
from .text_words import labels

CELL_MOVES = ("move", "event", "step", "move_unit", "retreat")
AMOUNT_MOVES = ("commit", "defend", "recruit")


def attempt(view: dict[str, Any], pick: str | None, place: str | None) -> dict[str, Any] | None:
    """The action a player means by clicking ``place`` (or the pick ``pick`` alone when
    ``place`` is None) with ``pick`` selected, even if the rules forbid it now (the server
    then asks ``Game.why_illegal``); ``None`` when the click means no action at all.

    A card with a cell is a step there (a movement card, Forced march, Genoese ships); a
    card alone is what the card is played for now (a discard, a Holy Lance with the
    smallest commitment, a Truce, a Tower shaking) or else played towards a neighbouring
    cell of its terrain, or an Ambush on the first player it could strike; a unit with a
    cell is its symbol move, alone a move where it stands; a cell alone is a second step
    or a retreat; a number is a commitment (with the picked Holy Lance), the garrison's or
    the treasure paid for recruits."""
    use_edition(view)
    decision = str((view.get("decision") or {}).get("type"))
    card = pick[5:] if isinstance(pick, str) and pick.startswith("card:") else None
    unit = _number(pick[5:]) if isinstance(pick, str) and pick.startswith("unit:") else None
    if pick is not None and card is None and unit is None:
        return None
    if place is None:
        if card is not None:
            return _card_alone(view, decision, card)
        if unit is not None:
            return _unit_alone(view, unit)
        return None
    if place.startswith("cell:"):
        xy = _cell_key(place[5:])
        return None if xy is None else _onto_cell(view, decision, card, unit, xy)
    amount = _number(place[7:]) if place.startswith("amount:") else None
    if amount is None or unit is not None:
        return None
    if decision in ("commit", "attack"):
        return {"type": "commit", "amount": amount, "card": card}
    if card is not None:
        return None  # the garrison's and the recruits' numbers go with no card
    if decision == "defend":
        return {"type": "defend", "amount": amount}
    if decision == "city":
        return {"type": "recruit", "amount": amount}
    return None


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def _cell_key(text: str) -> list[int] | None:
    """``[x, y]`` of a ``cell:x,y`` key on the board, else None."""
    x, _, y = text.partition(",")
    if not (x.isdigit() and y.isdigit()) or not board().on_board(int(x), int(y)):
        return None
    return [int(x), int(y)]


def _onto_cell(
    view: dict[str, Any], decision: str, card: str | None, unit: int | None, xy: list[int]
) -> dict[str, Any] | None:
    if unit is not None:
        return {"type": "move_unit", "unit": unit, "to": xy}
    if card is not None:
        found = card_of(card)
        if found is None:
            return None
        if found.kind == MOVEMENT:
            return {"type": "move", "card": card, "to": xy}
        if found.event in ("forced_march", "genoese_ships"):
            return {"type": "event", "card": card, "to": xy, "target": None}
        return None  # the other cards go nowhere on the map
    if decision == "second_step":
        return {"type": "step", "to": xy}
    if decision == "retreat":
        return {"type": "retreat", "to": xy}
    return None


def _card_alone(view: dict[str, Any], decision: str, code: str) -> dict[str, Any] | None:
    card = card_of(code)
    pawn = _own(view).get("pawn")
    if card is None or not isinstance(pawn, list):
        return None
    event = card.event or ""
    if decision == "discard":
        return {"type": "discard", "card": code}
    if event in ("truce", "tower_shaking", "holy_lance") and decision == "cards":
        return {"type": "event", "card": code, "to": None, "target": None}  # out of its moment
    if event == "holy_lance" and decision in ("commit", "attack"):
        return {"type": "commit", "amount": _least_commitment(view, decision), "card": code}
    if event == "truce":
        return {"type": "truce", "card": code}
    if event == "tower_shaking":
        return {"type": "empty_tower", "card": code}
    if card.kind == MOVEMENT:
        return {"type": "move", "card": code, "to": _neighbour(pawn, card.terrain)}
    if event == "forced_march":
        return {"type": "event", "card": code, "to": _neighbour(pawn, -1), "target": None}
    if event == "genoese_ships":
        return {"type": "event", "card": code, "to": _neighbour(pawn, SEA), "target": None}
    if event == "ambush":
        return {"type": "event", "card": code, "to": None, "target": _ambushed(view)}
    return {"type": "event", "card": code, "to": None, "target": None}


def _least_commitment(view: dict[str, Any], decision: str) -> int:
    """The smallest number a fight asks for (ZK-C3, ZK-J5), for a lance picked alone."""
    fight = view.get("fight") or {}
    if decision == "attack":
        return MIN_COMMIT[JERUSALEM_ROUND]
    seats = view.get("seats") or []
    fighter = fight.get("fighter")
    army = seats[fighter]["army"] if isinstance(fighter, int) and fighter < len(seats) else 1
    return int(min(MIN_COMMIT.get(str(fight.get("type")), 1), army))


def _neighbour(xy: list[int], terrain: int) -> list[int]:
    """A cell next to ``xy``: of ``terrain`` if one is (a joker: any; -1: land), else the
    first one."""
    b = board()
    around = b.neighbours[b.cell(xy[0], xy[1])]
    kind = [
        n
        for n in around
        if terrain == JOKER
        or (terrain < 0 and b.terrain[n] != SEA)
        or (terrain >= 0 and b.terrain[n] == terrain)
    ]
    return b.cell_json((kind or list(around))[0])


def _ambushed(view: dict[str, Any]) -> int | None:
    """The first other player an Ambush could strike (on land, not on Jerusalem), else the
    first other player."""
    b = board()
    me = view.get("seat")
    others = [s for s in view.get("seats") or [] if s.get("seat") != me]
    for s in others:
        x, y = s["pawn"]
        cell = b.cell(x, y)
        if b.terrain[cell] != SEA and cell != b.jerusalem.cell:
            return int(s["seat"])
    return int(others[0]["seat"]) if others else None


def _unit_alone(view: dict[str, Any], unit: int) -> dict[str, Any] | None:
    """A unit clicked without a cell: a move where it stands (which the rules never allow;
    the reason says when and where it may move)."""
    for u in view.get("units") or []:
        if u.get("unit") == unit and isinstance(u.get("cell"), list):
            return {"type": "move_unit", "unit": unit, "to": list(u["cell"])}
    return None


# -- the moves ----------------------------------------------------------------------------
def move(action: dict[str, Any], view: dict[str, Any], lang: str) -> dict[str, Any]:
    w = words(lang)
    kind = str(action.get("type"))
    card, to, amount = action.get("card"), action.get("to"), action.get("amount")
    cell = f"cell:{to[0]},{to[1]}" if isinstance(to, list) and len(to) == 2 else None
    pick = f"card:{card}" if isinstance(card, str) else None
    if kind == "move":
        return _m(pick, cell, f"{card_name(card, lang)} → {place_name(to, lang)}")
    if kind == "event":
        if cell is not None:
            return _m(pick, cell, f"{card_name(card, lang)} → {place_name(to, lang)}")
        target = action.get("target")
        if isinstance(target, int):
            return _m(pick, None, w["b_against"].format(name=pic.seat_name(target, lang)))
        return _m(pick, None, w["b_play"])
    if kind in ("step", "retreat"):
        return _m(None, cell, place_name(to, lang))
    if kind == "move_unit":
        unit = action.get("unit")
        return _m(f"unit:{unit}", cell, f"{unit_name(unit, lang)} → {place_name(to, lang)}")
    if kind in AMOUNT_MOVES:
        key = "b_" + kind
        return _m(pick if kind == "commit" else None, f"amount:{amount}", w[key].format(n=amount))
    if kind == "discard":
        return _m(pick, None, w["b_discard"])
    # a window's card is played as it is held: the card picked, then its button
    if kind == "truce":
        return _m(pick, None, w["b_truce"].format(code=card))
    if kind == "empty_tower":
        if isinstance(card, str):
            return _m(pick, None, w["b_empty_tower_card"].format(code=card))
        return _m(None, None, w["b_empty_tower"].format(n=_own(view).get("markers", "?")))
    if kind == "plunder":
        pawn = _own(view).get("pawn")
        return _m(None, None, w["b_plunder"].format(city=place_name(pawn, lang)))
    return _m(None, None, w.get("b_" + kind, kind))


def _m(pick: str | None, place: str | None, button: str) -> dict[str, Any]:
    return {"pick": pick, "place": place, "button": button}


def _own(view: dict[str, Any]) -> dict[str, Any]:
    seat, seats = view.get("seat"), view.get("seats") or []
    if isinstance(seat, int) and 0 <= seat < len(seats):
        row: dict[str, Any] = seats[seat]
        return row
    return {}


def place_name(xy: Any, lang: str) -> str:
    """A cell as players name it: the city there, else its coordinates and terrain."""
    if not (isinstance(xy, list) and len(xy) == 2):
        return "?"
    b = board()
    x, y = xy
    index = b.city_at.get(b.cell(x, y))
    if index is not None:
        return city_name(b.cities[index].name, lang)
    terrain = ("sea", "plain", "mountain")[b.terrain[b.cell(x, y)]]
    return f"({x},{y}) {labels(lang)['t_' + terrain]}"
