"""The decisions inside a fight (ZK-C3): the truce window of a unit fight (ZK-EV09), the
active player's emptying window before a throw (ZK-T5, ZK-EV10), the fighter's commitment
with an optional Holy Lance (ZK-C3 step 6, ZK-EV13) and the retreat after a lost fight
(ZK-C12 (b)). ``combat`` moves the fight on between them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import Catalog
from . import actions as A
from .actions import ZkAction
from .combat import (
    after_emptying_window,
    after_truce_window,
    finish_fight,
    holy_lances,
    move_retreat,
    take_lance,
    throw,
)
from .components import card_code
from .constants import COMMIT, EMPTY, RETREAT, TRUCE
from .fight import ENEMY_CUBES, MIN_COMMIT
from .movement import retreat_cells
from .phase import ZkPhase
from .refusals import Found, commit_refusal, empty_refusal, retreat_refusal, truce_refusal
from .tower import named_counts, tally

if TYPE_CHECKING:
    from .state import ZkState


class TruceWindow(ZkPhase):
    """ZK-C3 step 2: the fighter of a unit fight may play a Truce (ZK-EV09), or fight."""

    kind = TRUCE
    accepts = ("truce", "fight")

    def listed(self, state: ZkState) -> list[ZkAction]:
        assert state.fight is not None
        x = state.fight.fighter
        cards = state.comp.cards
        return [*(A.truce(c) for c in state.hands[x] if cards[c].event == "truce"), A.FIGHT]

    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        if action.kind == "fight":
            after_truce_window(state)
            return
        fight = state.fight
        assert fight is not None
        state.play_card(seat, action.card)
        unit = state.comp.units[fight.unit]
        state.units[fight.unit] = unit.start_cell  # never removed by a truce (ZK-EV09)
        state.log_event({"type": "truce", "seat": seat, "card": card_code(action.card)})
        fight.outcome = "truce"
        finish_fight(state)

    def reason(self, state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
        return truce_refusal(state, seat, action, _) if action.kind == "truce" else None


class EmptyingWindow(ZkPhase):
    """ZK-T5: before a throw in his turn the active player may empty a non-empty tower,
    with a purple marker or a Tower shaking (ZK-EV10), or leave it."""

    kind = EMPTY
    accepts = ("empty_tower", "keep_tower")

    def listed(self, state: ZkState) -> list[ZkAction]:
        p = state.active
        if state.tower.total() == 0:  # ZK-E40: an empty tower cannot be emptied
            return [A.KEEP_TOWER]
        out = [A.empty_tower()] if state.markers[p] > 0 else []
        cards = state.comp.cards
        out.extend(A.empty_tower(c) for c in state.hands[p] if cards[c].event == "tower_shaking")
        out.append(A.KEEP_TOWER)
        return out

    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        if action.kind == "empty_tower":
            empty_tower(state, seat, action.card)
        after_emptying_window(state)

    def reason(self, state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
        return empty_refusal(state, seat, action, _) if action.kind == "empty_tower" else None


def empty_tower(state: ZkState, seat: int, card: int) -> None:
    """ZK-T5: every cube leaves the tower for its owner's supply (greens for the green
    supply); it costs a purple marker, or the Tower shaking ``card``."""
    if card >= 0:
        state.play_card(seat, card)
    else:
        state.markers[seat] -= 1
    counts = tally(state.tower.empty())
    for colour in range(state.players):
        state.supply[colour] += counts[colour]
    state.log_event(
        {
            "type": "empty_tower",
            "seat": seat,
            "card": None if card < 0 else card_code(card),
            "cubes": named_counts(counts),
        }
    )


class Commitment(ZkPhase):
    """ZK-C3 step 6: the fighter commits from the fight's minimum (or his whole smaller
    army) up to his army, with a Holy Lance if he plays one (ZK-EV13); then the throw."""

    kind = COMMIT
    accepts = ("commit",)

    def listed(self, state: ZkState) -> list[ZkAction]:
        fight = state.fight
        assert fight is not None
        army = state.army[fight.fighter]
        lo = min(MIN_COMMIT[fight.kind], army)
        options = [-1, *holy_lances(state, fight.fighter)]
        return [A.commit(n, lance) for lance in options for n in range(lo, army + 1)]

    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        fight = state.fight
        assert fight is not None
        if action.card >= 0:
            take_lance(state, seat, action.card)
        throw(state, fight, action.amount, ENEMY_CUBES[fight.kind])

    def reason(self, state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
        return commit_refusal(state, seat, action, _)


class Retreat(ZkPhase):
    """ZK-C12 (b): the loser whose step origin cannot take him chooses an adjacent cell
    without a neutral unit, a land cell if there is one."""

    kind = RETREAT
    accepts = ("retreat",)

    def listed(self, state: ZkState) -> list[ZkAction]:
        assert state.fight is not None
        return [A.retreat(n) for n in retreat_cells(state, state.fight.fighter)]

    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        move_retreat(state, seat, action.to)
        finish_fight(state)

    def reason(self, state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
        return retreat_refusal(state, seat, action, _)
