"""Bots are fair by construction (DESIGN.md §4): a bot is handed a *determinization* of the
state, ``state.resample(seat, rng)``, never the true state."""

from __future__ import annotations

import random
from typing import Protocol

from ..engine.action import Action
from ..engine.game import State


class Bot(Protocol):
    """Chooses an action for ``seat`` in ``state``. ``state`` is a resampled copy: it agrees
    with everything ``seat`` may see and nothing else; the bot may mutate or clone it."""

    name: str

    def choose(self, state: State, seat: int, rng: random.Random) -> Action: ...


def act(bot: Bot, state: State, seat: int, rng: random.Random) -> Action:
    """Ask ``bot`` for ``seat``'s move in the true ``state`` without showing it the truth."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action: it is not an actor now")
    observe = getattr(bot, "observe", None)
    if observe is not None:  # a bot that keeps its tree learns the public moves since
        observe(public_moves(state, getattr(bot, "seen", 0)))
        bot.seen = state.move_count  # type: ignore[attr-defined]
    if len(legal) == 1:
        return legal[0]
    determinized = state.resample(seat, rng)
    choice = bot.choose(determinized, seat, rng)
    if choice not in legal:
        raise RuntimeError(f"bot {bot.name!r} chose {choice}, which is not legal")
    return choice


def public_moves(state: State, since: int) -> list[tuple[int, Action]] | None:
    """The moves of ``state``'s record from index ``since`` on, if every one of them is
    public (``SearchHooks.public``); ``None`` if one is not or there is no record."""
    moves = state.moves_since(since)
    if moves is None:
        return None
    public = state.game.search_hooks().public
    return moves if all(public(action) for _, action in moves) else None
