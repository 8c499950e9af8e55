"""OpenSpiel reference games for ``spieltisch bench`` (DESIGN.md §7).

Kept apart from ``bench`` because importing it imports ``pyspiel``: ``bench`` imports this
module only when references are wanted, and treats its ``ImportError`` as "not installed".
The loops mirror ``bench_ours.OurGame`` step for step so the two sets of figures compare.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Sequence
from importlib import metadata

import pyspiel  # type: ignore[import-not-found]

from .bench import CLONE, PLAIN, Plan, PlayBatch, Subject, Timed

# registers the python_* games (python_kuhn_poker ...) with pyspiel
with contextlib.suppress(ImportError):
    import open_spiel.python.games  # type: ignore[import-untyped]  # noqa: F401


def openspiel_version() -> str:
    try:
        return metadata.version("open_spiel")
    except metadata.PackageNotFoundError:  # pragma: no cover - built from source
        return "unknown"


def _sample(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    actions, probs = zip(*outcomes, strict=True)
    return int(rng.choices(actions, probs)[0])


class Reference(Subject):
    """The random-play loops and replays of one OpenSpiel game at its default settings."""

    source = "openspiel"

    def __init__(self, name: str) -> None:
        if name not in pyspiel.registered_names():  # load_game's own error lists them all
            raise ValueError(f"OpenSpiel has no game {name!r} to use as a reference")
        self.game = pyspiel.load_game(name)
        kind = self.game.get_type()
        if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
            raise ValueError(
                f"OpenSpiel game {name!r} has simultaneous moves; the protocol's one-actor "
                "step loop needs a sequential reference game"
            )
        self.name = name
        self.players = self.game.num_players()
        if kind.provides_observation_string:
            self.view_kind = "observation_string"
        elif kind.provides_information_state_string:
            self.view_kind = "information_state_string"
        else:
            self.view_kind = "none"
        self.histories: list[list[list[int]]] = []  # per plain batch: action ids per game

    def play(self, plan: Plan, batch: int, mode: str) -> PlayBatch:
        rng = plan.rng(batch)
        new_state = self.game.new_initial_state
        clock = time.perf_counter_ns
        keep: list[list[int]] | None = [] if mode == PLAIN else None
        seeds = plan.seeds(batch)
        steps = step_ns = total_ns = 0
        # a negative current player is chance: terminal is tested first and simultaneous
        # games are refused in __init__
        for _ in seeds:
            t0 = clock()
            state = new_state()
            t1 = clock()
            if mode == PLAIN:
                while not state.is_terminal():
                    player = state.current_player()
                    if player < 0:
                        state.apply_action(_sample(state.chance_outcomes(), rng))
                    else:
                        state.apply_action(rng.choice(state.legal_actions(player)))
                    steps += 1
            elif mode == CLONE:
                while not state.is_terminal():
                    state = state.clone()
                    player = state.current_player()
                    if player < 0:
                        state.apply_action(_sample(state.chance_outcomes(), rng))
                    else:
                        state.apply_action(rng.choice(state.legal_actions(player)))
                    steps += 1
            elif self.view_kind == "observation_string":
                while not state.is_terminal():
                    player = state.current_player()
                    if player < 0:
                        state.apply_action(_sample(state.chance_outcomes(), rng))
                    else:
                        state.observation_string(player)
                        state.apply_action(rng.choice(state.legal_actions(player)))
                    steps += 1
            else:
                while not state.is_terminal():
                    player = state.current_player()
                    if player < 0:
                        state.apply_action(_sample(state.chance_outcomes(), rng))
                    else:
                        state.information_state_string(player)
                        state.apply_action(rng.choice(state.legal_actions(player)))
                    steps += 1
            t2 = clock()
            step_ns += t2 - t1
            total_ns += t2 - t0
            if keep is not None:
                keep.append(list(state.history()))
        if keep is not None:
            self.histories.append(keep)
        return PlayBatch(len(seeds), steps, step_ns, total_ns)

    def forget(self) -> None:
        self.histories.clear()

    def replay(self, batch: int) -> Timed:
        new_state = self.game.new_initial_state
        clock = time.perf_counter_ns
        units = ns = 0
        for history in self.histories[batch % len(self.histories)]:
            state = new_state()
            t0 = clock()
            for action in history:
                state.apply_action(action)
            ns += clock() - t0
            units += len(history)
        return Timed(units, ns)
