"""What one seat (or a spectator) sees: exactly ZK-H1 plus the seat's own ZK-H2 facts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.game import JSON
from .board import GREEN_CITY, RED, TERRAIN_NAMES
from .components import card_code
from .constants import draw_limit
from .edition import edition_key
from .fight import JERUSALEM_ROUND
from .papal import reward_if_lost
from .tower import GREEN

if TYPE_CHECKING:
    from .state import ZkState


def phase_of(state: ZkState) -> str:
    """The turn phase (ZK-R11) the pending decision belongs to."""
    decision = state.decision_kind
    if decision == "over":
        return "over"
    if decision == "discard":
        return "discard"
    fight = state.fight
    if decision in ("city", "continue") or (fight is not None and fight.then == ("discard",)):
        return "city"
    return "card"


def state_view(state: ZkState, seat: int | None) -> JSON:
    """What ``seat`` sees (ZK-H1; its hand, ZK-H2); ``None``: a spectator (ZK-H5)."""
    out: JSON = {
        "game": "im-zeichen-des-kreuzes",
        "edition": edition_key(state.options["edition_data"]),
        "seat": seat,
        "players": state.players,
        "turn": state.turn,
        "active": state.active,
        "start_player": state.start_player,
        "phase": phase_of(state),
        "decision": {
            "type": state.decision_kind,
            "seat": None if state.decider < 0 else state.decider,
        },
        "seats": [_seat_view(state, p) for p in range(state.players)],
        **_board_view(state),
        "garrison": state.garrison,
        "sieges": state.sieges,
        "tower": {
            ("G" if c == GREEN else f"P{c}"): n for c, n in sorted(state.tower.counts().items())
        },
        "draw_pile": len(state.draw_pile),
        "discard": [card_code(c) for c in state.discard],
        "exhaustions": state.exhaustions,
        "fight": _fight_view(state, seat),
        "plunder_limit": state.plunder_limit,
        "jerusalem_tiles_needed": state.jerusalem_tiles,
        "options": {
            "tie_rule": state.options["tie_rule"],
            "tower_model": state.options["tower_model"],
            "exhaustion_winner": state.options["exhaustion_winner"],
            "papal_reward": state.options["papal_reward"],
        },
        "over": state.decision_kind == "over",
        "winners": list(state.winner_seats),
        "end_reason": state.end_reason_code or None,
    }
    if state.decision_kind == "symbol":
        out["symbol"] = state.symbol
    if state.two_step >= 0:
        out["two_step_card"] = card_code(state.two_step)
    if seat is not None:
        out["hand"] = [card_code(c) for c in state.hands[seat]]
    return out


def _seat_view(state: ZkState, p: int) -> JSON:
    """A seat's public tableau and pawn (ZK-H1)."""
    xy = state.comp.board.cell_json
    knight = state.comp.knight(state.knights[p])
    return {
        "seat": p,
        "knight": knight.id,
        "knight_name": knight.name,
        "army": state.army[p],
        "supply": state.supply[p],
        "tower": state.tower.count(p),
        "treasure": state.treasure[p],
        "motivation": state.motivation[p],
        "draw_limit": draw_limit(state.motivation[p]),
        "markers": state.markers[p],
        "hand_size": len(state.hands[p]),
        "pawn": xy(state.pawn[p]),
        "origin": None if state.origin[p] < 0 else xy(state.origin[p]),
        "green_tiles": list(state.green_tiles[p]),
        "red_tiles": list(state.red_tiles[p]),
        "siege_eligible": state.siege_eligible(p),
    }


def _board_view(state: ZkState) -> JSON:
    """The cities (a tile only once plundered, ZK-E48), the face-down tiles' values per
    colour and the neutral units."""
    comp = state.comp
    board = comp.board
    xy = board.cell_json
    cities = []
    for city in board.cities:
        by = state.plundered_by[city.index]
        cities.append(
            {
                "name": city.name,
                "cell": xy(city.cell),
                "kind": city.kind,
                "plundered_by": None if by < 0 else by,
                "tile": state.tile[city.index] if by >= 0 else None,
            }
        )
    face_down: dict[str, list[int]] = {}
    for colour, kind in (("red", RED), ("green", GREEN_CITY)):
        face_down[colour] = sorted(
            state.tile[c.index]
            for c in board.cities
            if c.kind == kind and state.plundered_by[c.index] < 0
        )
    units = [
        {
            "unit": u.index,
            "id": u.id,
            "kind": u.kind,
            "cell": None if state.units[u.index] < 0 else xy(state.units[u.index]),
            "start": xy(u.start_cell),
        }
        for u in comp.units
    ]
    return {"cities": cities, "face_down_tiles": face_down, "units": units}


def _fight_view(state: ZkState, seat: int | None) -> JSON | None:
    fight = state.fight
    if fight is None:
        return None
    board = state.comp.board
    out: JSON = {
        "type": fight.kind,
        "fighter": fight.fighter,
        "enemy": fight.enemy,
        "cell": board.cell_json(fight.cell),
        "terrain": TERRAIN_NAMES[board.terrain[fight.cell]],
        "unit": None if fight.unit < 0 else state.comp.units[fight.unit].id,
        "city": None if fight.city < 0 else board.cities[fight.city].name,
        "lance": None if fight.lance < 0 else card_code(fight.lance),
        "committed": None if fight.committed < 0 else fight.committed,
        "outcome": fight.outcome or None,
    }
    if fight.kind == JERUSALEM_ROUND:
        secret = state.secret
        out["round"] = state.siege_round
        out["defender"] = state.defender()
        out["siege_number"] = state.sieges
        # ZK-J2, ZK-J11: what the Pope pays if this siege is lost (0: nothing, or paid already)
        out["papal_reward_if_lost"] = reward_if_lost(state.options, state.sieges)
        chosen = secret is not None and secret.own_choice(fight.fighter) is not None
        out["attacker_committed"] = chosen
        if chosen and seat == fight.fighter and secret is not None:
            mine = secret.own_choice(fight.fighter)
            assert mine is not None
            out["my_commitment"] = mine.to_json()["amount"]
    return out
