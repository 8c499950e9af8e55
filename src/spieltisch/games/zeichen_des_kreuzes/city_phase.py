"""Phase 2, the city phase (ZK-R24 to ZK-R32): in a city the active player chooses at most
one option - pray, recruit, plunder, besiege Jerusalem - or passes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import Catalog
from . import actions as A
from .actions import ZkAction
from .board import CRETE, GREEN_CITY, JERUSALEM, RED
from .card_refusals import city_refusal
from .combat import start_fight
from .constants import CITY
from .fight import ENEMY_CUBES, PLUNDER_CHRISTIAN, PLUNDER_MUSLIM, Fight
from .jerusalem import declare_siege
from .phase import ZkPhase
from .refusals import Found

if TYPE_CHECKING:
    from .state import ZkState


def city_options(state: ZkState, p: int) -> list[ZkAction]:
    """ZK-R25: what the city ``p``'s pawn stands on offers (nothing outside a city)."""
    city = state.city_here(p)
    if city < 0:
        return []
    kind = state.comp.board.cities[city].kind
    out: list[ZkAction] = []
    if kind in (RED, CRETE) and (kind == CRETE or state.plundered_by[city] < 0):
        out.append(A.PRAY)  # ZK-R26
        t, s = state.treasure[p], state.supply[p]
        if t >= 1 and s >= 1:  # ZK-R27: 1 <= k <= treasure, k <= ceil(supply / 2)
            out.extend(A.recruit(k) for k in range(1, min(t, (s + 1) // 2) + 1))
        if kind == RED and state.army[p] >= 1:
            out.append(A.PLUNDER)  # ZK-R28
    elif kind == GREEN_CITY and state.plundered_by[city] < 0:
        if state.army[p] >= 1 and len(state.green_tiles[p]) < state.plunder_limit:
            out.append(A.PLUNDER)  # ZK-R29
    elif kind == JERUSALEM and state.siege_eligible(p):
        out.append(A.SIEGE)  # ZK-J1
    out.append(A.PASS)
    return out


class CityPhase(ZkPhase):
    """ZK-R25: one option of the city, or pass."""

    kind = CITY
    accepts = ("pray", "recruit", "plunder", "siege", "pass")

    def listed(self, state: ZkState) -> list[ZkAction]:
        return city_options(state, state.active)

    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        kind = action.kind
        if kind == "plunder":
            plunder(state, seat)
        elif kind == "siege":
            declare_siege(state, seat)
        else:
            if kind == "pray":  # ZK-R26
                state.motivate(seat, 2)
                state.log_event({"type": "pray", "seat": seat})
            elif kind == "recruit":  # ZK-R27
                k = action.amount
                state.treasure[seat] -= k
                got = state.supply_to_army(seat, 2 * k)
                state.log_event({"type": "recruit", "seat": seat, "treasure": k, "troops": got})
            else:
                state.log_event({"type": "pass", "seat": seat})
            state.enter_discard_phase()

    def reason(self, state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
        if action.kind == "pass":
            return None
        return city_refusal(state, seat, action, _)


def plunder(state: ZkState, seat: int) -> None:
    """ZK-R28, ZK-R29: a fight against the city's greens (2 Christian, 3 Muslim)."""
    city = state.city_here(seat)
    kind = state.comp.board.cities[city].kind
    fight_kind = PLUNDER_MUSLIM if kind == GREEN_CITY else PLUNDER_CHRISTIAN
    fight = Fight(
        fight_kind, seat, ENEMY_CUBES[fight_kind], state.pawn[seat], city=city, then=("discard",)
    )
    start_fight(state, fight)
