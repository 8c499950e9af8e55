"""Why a seat may not make an action now, in the reader's language, with the rule that
forbids it (``Game.why_illegal``). The rules' own reasons are the ``Refusal``s their phases
explain (``State.explain``, ``refusal.py``); the reasons the kernel gives before the rules
see the action (the game is over, it is not the seat's turn) are said here."""

from __future__ import annotations

from ...engine.action import Action
from ...engine.errors import IllegalAction
from ...engine.i18n import N_
from .actions import TumultAction
from .refusal import Refusal, SeatRef
from .table import BUILD, GRAB, OVER, START, Table


def why_illegal(state: Table, seat: int, action: Action, lang: str) -> IllegalAction | None:
    """The reason ``seat`` may not make ``action`` in ``state`` (``None`` if it may), in
    ``lang``; ``state`` is not changed."""
    refusal = _not_now(state, seat)
    if refusal is None:
        reason = state.explain(seat, action)
        if not isinstance(reason, Refusal):
            return reason  # legal, or input that is no action of the game: no rule
        refusal = reason
    return IllegalAction(refusal.text(lang), refusal.rule)


def _not_now(state: Table, seat: int) -> Refusal | None:
    """TR-V1 to TR-V3, TR-S7, TR-G6, TR-R15: the game is over, or ``seat`` does not act."""
    if state.phase == OVER:
        return _over(state)
    if not 0 <= seat < state.players or seat in state.actors():
        return None
    if state.phase == START:
        return Refusal(
            N_(
                "It is {player}'s turn to place a start statue: the lowest rank places "
                "first, the King last."
            ),
            "TR-S7",
            player=SeatRef(state.actor()),
        )
    if state.phase == GRAB:
        pending = state.pending.get(seat)
        if state.done[seat] or (isinstance(pending, TumultAction) and pending.kind == "done"):
            return Refusal(N_("You are done grabbing for this round."), "TR-G6")
        return Refusal(
            N_("You have already chosen for this tick; it is resolved once everyone has chosen."),
            "TR-G6",
        )
    if state.phase == BUILD:
        return Refusal(
            N_("It is {player}'s build turn: the players build one after another, in rank order."),
            "TR-R15",
            player=SeatRef(state.actor()),
        )
    return None


def _over(state: Table) -> Refusal:
    if state.end_reason == "25th statue":
        return Refusal(
            N_("The game is over: {player} has placed all their statues."),
            "TR-V1",
            player=SeatRef(state.winner),
        )
    if state.end_reason == "threshold":
        return Refusal(
            N_("The game is over: the chronicle's end check in round {n} ended it."),
            "TR-V2",
            n=state.round,
        )
    return Refusal(N_("The game is over: round {n} was the last."), "TR-V3", n=state.round)
