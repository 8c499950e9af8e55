"""The event cards (section 6): the held events a player may play in his card phase, with
their conditions (ZK-R38) and effects, and the immediate events that resolve when drawn
(ZK-R35). The events played in a fight's windows (Truce, Tower shaking, Holy Lance) are in
``fight_windows``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import ZkAction
from .board import CRETE, RED, SEA
from .combat import start_fight, step
from .components import card_code
from .fight import AMBUSH, Fight
from .movement import TWO_STEP_EVENTS, event_steps

if TYPE_CHECKING:
    from .state import ZkState


def event(card: int, to: int = -1, target: int = -1) -> ZkAction:
    return ZkAction("event", card=card, to=to, target=target)


def ambush_targets(state: ZkState, p: int) -> list[int]:
    """ZK-EV12: the other players whose pawn is on land outside Jerusalem."""
    terrain = state.comp.board.terrain
    jerusalem = state.comp.board.jerusalem.cell
    return [
        y
        for y in range(state.players)
        if y != p and terrain[state.pawn[y]] != SEA and state.pawn[y] != jerusalem
    ]


def sermon_city(state: ZkState, p: int) -> bool:
    """ZK-EV14: the pawn stands on an unplundered red city or on Candia."""
    board = state.comp.board
    city = board.city_at.get(state.pawn[p], -1)
    if city < 0:
        return False
    kind = board.cities[city].kind
    return kind == CRETE or (kind == RED and state.plundered_by[city] < 0)


def card_phase_plays(state: ZkState, p: int, c: int, name: str) -> list[ZkAction]:
    """The ways ``p`` may play the held event card ``c`` (event ``name``) in his card phase,
    each with the target it needs; none when its condition fails (ZK-R38)."""
    if name in TWO_STEP_EVENTS:  # ZK-EV05, ZK-EV11: the first step's cell
        return [event(c, to=n) for n in event_steps(state, p, name)]
    if name == "mercenaries":  # ZK-EV06
        ok = state.treasure[p] >= 1 and state.supply[p] >= 1
    elif name == "relic":  # ZK-EV07
        ok = state.pawn[p] in state.comp.board.city_at
    elif name == "tribute":  # ZK-EV08
        ok = bool(state.green_tiles[p])
    elif name == "crusade_sermon":  # ZK-EV14
        ok = state.supply[p] >= 1 and sermon_city(state, p)
    elif name == "ambush":  # ZK-EV12
        return [event(c, target=y) for y in ambush_targets(state, p)]
    else:  # Truce, Tower shaking, Holy Lance: only in their windows
        ok = False
    return [event(c)] if ok else []


def play_event(state: ZkState, seat: int, action: ZkAction) -> None:
    """Play a held event card in the card phase: its effect (section 6)."""
    c = action.card
    name = state.comp.cards[c].event or ""
    state.play_card(seat, c)
    aim: dict[str, Any] = {}
    if action.to >= 0:
        aim["to"] = state.xy(action.to)
    if action.target >= 0:
        aim["target"] = action.target
    state.log_event({"type": "event", "seat": seat, "card": card_code(c), "event": name, **aim})
    if name in TWO_STEP_EVENTS:  # the first step; the second is offered after it
        step(state, seat, action.to, ("second", c))
    elif name == "mercenaries":
        state.treasure[seat] -= 1
        state.supply_to_army(seat, 2)
    elif name == "relic":
        state.motivate(seat, 2)
    elif name == "tribute":
        state.treasure[seat] += 2
    elif name == "crusade_sermon":
        state.supply_to_army(seat, 3)
    elif name == "ambush":
        y = action.target
        start_fight(state, Fight(AMBUSH, y, 2, state.pawn[y]))


def immediate(state: ZkState, p: int, card: int) -> None:
    """ZK-EV01 to ZK-EV04: an immediate event drawn by ``p`` resolves and is discarded."""
    name = state.comp.cards[card].event
    hit: list[int] = []
    if name == "plague":  # ZK-EV01: the drawer
        state.army_to_supply(p, 2)
        hit = [p]
    elif name == "storm_at_sea":  # ZK-EV02: every pawn at sea
        terrain = state.comp.board.terrain
        for seat in range(state.players):
            if terrain[state.pawn[seat]] == SEA:
                state.army_to_supply(seat, 2)
                hit.append(seat)
    elif name == "saracen_reinforcement":  # ZK-EV03
        state.garrison += 2
    elif name == "papal_blessing":  # ZK-EV04
        for seat in range(state.players):
            state.motivate(seat, 1)
    state.discard.append(card)
    state.log_event(
        {"type": "immediate", "seat": p, "card": card_code(card), "event": name, "hit": hit}
    )
