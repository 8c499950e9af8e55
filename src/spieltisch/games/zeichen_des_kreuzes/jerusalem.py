"""The siege of Jerusalem (ZK-J1 to ZK-J12): the declaration and the papal reward, each
round's secret commitments - the attacker's, then the defender's garrison (ZK-H4) - and
the choice to go on after a won round. A round is fought as a fight of type
``jerusalem_round`` (``combat``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import Catalog
from . import actions as A
from .actions import ZkAction
from .combat import emptying_window, end_siege, holy_lances, take_lance, throw
from .constants import ATTACK, CONTINUE, DEFEND, SIEGE_ARMY
from .fight import JERUSALEM_ROUND, Fight
from .papal import ON_DECLARATION, papal_reward
from .phase import ZkPhase
from .refusals import Found, commit_refusal, defend_refusal

if TYPE_CHECKING:
    from .state import ZkState


def declare_siege(state: ZkState, seat: int) -> None:
    """ZK-J2: the siege gets the next number; the papal reward is paid now or promised for
    a lost round (``papal_reward``)."""
    state.sieges += 1
    k = state.sieges
    reward = papal_reward(k)
    if state.options["papal_reward"] == ON_DECLARATION:
        state.treasure[seat] += reward
        state.log_event({"type": "siege", "seat": seat, "number": k, "reward": reward})
    else:  # paid only if the siege is lost (ZK-J11)
        state.log_event({"type": "siege", "seat": seat, "number": k, "if_lost": reward})
    state.siege_round = 0
    siege_round(state, seat)


def siege_round(state: ZkState, p: int) -> None:
    """ZK-J4: a new round; it opens with the emptying window."""
    state.siege_round += 1
    state.fight = Fight(JERUSALEM_ROUND, p, 0, state.pawn[p], then=("discard",))
    state.log_event(
        {
            "type": "siege_round",
            "seat": p,
            "round": state.siege_round,
            "defender": state.defender(),
        }
    )
    emptying_window(state)


class SiegeAttack(ZkPhase):
    """ZK-J4 steps 2 and 3, ZK-J5, ZK-H4: the attacker secretly commits 5 or more troops,
    with a Holy Lance if he plays one."""

    kind = ATTACK
    accepts = ("commit",)

    def listed(self, state: ZkState) -> list[ZkAction]:
        fight = state.fight
        assert fight is not None
        options = [-1, *holy_lances(state, fight.fighter)]
        hi = state.army[fight.fighter]
        return [A.commit(n, lance) for lance in options for n in range(SIEGE_ARMY, hi + 1)]

    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        if action.card >= 0:
            take_lance(state, seat, action.card)
        assert state.secret is not None
        state.secret.submit(seat, ZkAction("commit", amount=action.amount))
        state.log_event({"type": "committed", "seat": seat})
        state.decide(DEFEND, state.defender())

    def reason(self, state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
        return commit_refusal(state, seat, action, _)


class GarrisonCommitment(ZkPhase):
    """ZK-J3, ZK-J5: the defender commits the garrison's greens; both numbers are revealed
    and the round is thrown (ZK-J4 steps 4 to 6, ZK-J6)."""

    kind = DEFEND
    accepts = ("defend",)

    def listed(self, state: ZkState) -> list[ZkAction]:
        lo, hi = state.defend_range()
        return [A.defend(d) for d in range(lo, hi + 1)]

    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        fight, secret = state.fight, state.secret
        assert fight is not None and secret is not None
        attack = secret.own_choice(fight.fighter)
        assert isinstance(attack, ZkAction)
        state.secret = None
        d = action.amount
        state.log_event(
            {"type": "reveal", "attacker": fight.fighter, "a": attack.amount, "d": d, "seat": seat}
        )
        state.garrison -= d  # ZK-J6: committed greens leave the garrison at the throw
        fight.enemy = d
        throw(state, fight, attack.amount, d)

    def reason(self, state: ZkState, seat: int, action: ZkAction, _: Catalog) -> Found:
        return defend_refusal(state, seat, action, _)


class ContinueSiege(ZkPhase):
    """ZK-J10: after a won round, with 5 troops or more, another round or stop."""

    kind = CONTINUE
    accepts = ("continue_siege", "stop_siege")

    def listed(self, state: ZkState) -> list[ZkAction]:
        return [A.CONTINUE_SIEGE, A.STOP_SIEGE]

    def act(self, state: ZkState, seat: int, action: ZkAction) -> None:
        if action.kind == "continue_siege":
            siege_round(state, seat)
        else:
            end_siege(state)
