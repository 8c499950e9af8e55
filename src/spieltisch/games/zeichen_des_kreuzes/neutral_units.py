"""The neutral units (ZK-R16, ZK-R18 to ZK-R23): a card's ship or army symbol lets the
active player move one fleet or Muslim army by one field; a unit moved onto pawns fights
them one at a time, the active player's first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import Catalog
from . import actions as A
from .actions import ZkAction
from .combat import start_unit_fight
from .components import ARMY, FLEET
from .constants import CARDS, SYMBOL
from .movement import unit_moves
from .phase import ZkPhase
from .refusals import Found, unit_move_refusal

if TYPE_CHECKING:
    from .state import ZkState


def offer_symbol_move(state: ZkState, card: int) -> bool:
    """ZK-R16: after the step and its fight, the card's symbol offers a unit move when a
    unit of its kind can make one (True when it is offered)."""
    kind = ARMY if state.comp.cards[card].symbol == "army" else FLEET
    if not unit_moves(state, kind):
        return False  # ZK-E10: the symbol has no effect
    state.symbol = kind
    state.decide(SYMBOL, state.active)
    return True


def next_unit_fight(state: ZkState, unit: int, seats: list[int]) -> None:
    """ZK-R22: the unit fights the next pawn on its cell; after the last one, or once it is
    beaten or sent back by a truce, the card phase goes on."""
    if not seats:
        state.decide(CARDS, state.active)
        return
    start_unit_fight(state, seats[0], unit, ("units", unit, *seats[1:]))


class SymbolMove(ZkPhase):
    """ZK-R16, ZK-R20: move one unit of the symbol's kind by one field, or leave them."""

    kind = SYMBOL
    accepts = ("move_unit", "no_unit_move")

    def listed(self, state: ZkState) -> list[ZkAction]:
        moves = unit_moves(state, state.symbol)
        return [*(A.move_unit(u, n) for u, n in moves), A.NO_UNIT_MOVE]

    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        state.symbol = ""
        if action.kind == "no_unit_move":
            state.decide(CARDS, state.active)
            return
        unit, to = action.unit, action.to
        state.units[unit] = to
        state.log_event({"type": "move_unit", "seat": seat, "unit": unit, "to": state.xy(to)})
        # ZK-R21, ZK-R22: the pawns there, the active player's first, then in turn order
        order = [(state.active + i) % state.players for i in range(state.players)]
        next_unit_fight(state, unit, [s for s in order if state.pawn[s] == to])

    def reason(self, state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
        return unit_move_refusal(state, seat, action, _) if action.kind == "move_unit" else None
