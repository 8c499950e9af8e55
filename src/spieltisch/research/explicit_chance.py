"""Explicit chance for the research adapters, standard library only: a step of a game
(its setup or a seat's action) played with chosen outcomes for its draws
(``engine.chance.ExplicitChance``), stopping at the next draw it needs
(``ChanceNeeded``); loading and replaying games whose draws were chosen that way.
``research.openspiel`` builds its chance nodes on it (see its docstring)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..engine.chance import PENDING, ChanceNeeded, ExplicitChance
from ..engine.errors import RecordError
from ..engine.game import Game, State
from ..engine.record import GameRecord, replay
from ._core import Config


def created(config: Config, seed: int, draws: Sequence[int]) -> State | ChanceNeeded:
    """The new game with ``draws`` as its setup's outcomes, or the draw it needs next."""
    token = PENDING.set(ExplicitChance(seed, draws))
    try:
        state = config.new_game(seed)
    except ChanceNeeded as need:
        return need
    finally:
        PENDING.reset(token)
    check_explicit(state, len(draws))
    return state


@lru_cache(maxsize=64)
def first_setup(config: Config, seed: int) -> State | ChanceNeeded:
    """``created`` without draws, which every fresh initial state asks for (OpenSpiel
    creates one for every clone and tensor-size query); a state is never handed out, only
    cloned."""
    return created(config, seed, ())


def played(
    config: Config, state: State, seat: int, index: int, draws: Sequence[int]
) -> State | ChanceNeeded:
    """``state`` after ``seat`` plays action ``index`` with ``draws`` as the outcomes of
    its chance, or the draw it needs next (``state`` itself never changes)."""
    trial = state.clone()
    chance = trial.chance
    assert isinstance(chance, ExplicitChance)
    before = chance.at
    chance.draws.extend(draws)
    encoding = config.encoding
    try:
        trial.apply(seat, encoding.action_from_index(trial, seat, index))
    except ChanceNeeded as need:
        return need
    check_explicit(trial, before + len(draws))
    return trial


def check_explicit(state: State, draws: int) -> None:
    chance = state.chance
    if not isinstance(chance, ExplicitChance):
        raise RuntimeError(
            f"{state.game.name} did not take the generator it was given (State._init_common "
            "takes engine.chance.PENDING), so its chance cannot be explicit"
        )
    if chance.at != draws:  # pragma: no cover - a step stops at its first missing draw
        raise RuntimeError(f"the step used {chance.at} of {draws} draws")


def load_explicit(game: Game, doc: Any) -> State:
    """``game.state_from_json(doc)`` with an explicit generator (the draws saved in the
    document's ``chance``; none if it has none)."""
    token = PENDING.set(ExplicitChance(0))
    try:
        state = game.state_from_json(doc)
    finally:
        PENDING.reset(token)
    chance = state.chance
    check_explicit(state, chance.at if isinstance(chance, ExplicitChance) else -1)
    return state


def replay_explicit(
    record: GameRecord | Mapping[str, Any], draws: Sequence[int], game: Game | None = None
) -> State:
    """The engine state of a game played with explicit chance: its record (``State.record``)
    replayed with ``draws`` (``SpieltischState.draws``) as every chance outcome. Raises
    ``RecordError`` if the draws do not fit the moves."""
    rec = record if isinstance(record, GameRecord) else GameRecord.from_json(record)
    token = PENDING.set(ExplicitChance(rec.seed, draws))
    try:
        state = replay(rec, game)
    except ChanceNeeded as need:
        raise RecordError(
            f"the draws end before the record does (at a draw of {need.event!r})"
        ) from None
    except ValueError as exc:
        raise RecordError(f"the draws do not fit the record: {exc}") from None
    finally:
        PENDING.reset(token)
    chance = state.chance
    if not isinstance(chance, ExplicitChance) or chance.at != len(draws):
        used = chance.at if isinstance(chance, ExplicitChance) else 0
        raise RecordError(f"the record uses {used} of the {len(draws)} draws")
    return state


SAMPLERS: dict[tuple[Config, int], random.Random] = {}


def sampler(config: Config, seed: int) -> random.Random:
    """The generator of sampled (``unit``) outcomes of a configuration and seed, shared by
    its states as a sampled-stochastic OpenSpiel game's generator is (one per process)."""
    key = (config, seed)
    if key not in SAMPLERS:
        SAMPLERS[key] = random.Random(seed)
    return SAMPLERS[key]
