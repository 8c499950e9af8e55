"""Our games under the protocol of ``spieltisch bench``: the random-play loops (plain,
+clone, +view, +obs), the replays, the SVG renders and the size of a clone."""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable, Mapping
from typing import Any

from ..engine.action import Action
from ..engine.encoding import Encoding
from ..engine.game import Game
from ..engine.record import GameRecord, replay_steps
from .bench_batches import (
    CLONE,
    OBS,
    PLAIN,
    VIEW,
    BenchRow,
    Plan,
    PlayBatch,
    Series,
    Stat,
    Subject,
    Timed,
)


class OurGame(Subject):
    """The random-play loops and replays of one Spieltisch game configuration."""

    source = "spieltisch"
    view_kind = "view"

    def __init__(
        self,
        game: Game,
        players: int,
        options: Mapping[str, Any] | None,
        render: Callable[..., str] | None = None,
        encoding: Encoding | None = None,
    ) -> None:
        self.game = game
        self.encoding = encoding  # the game's numeric encoding, when --obs asks for it
        self._plan: Plan | None = None
        self.name = game.id
        self.players = players
        self.options = dict(options or {})
        self.render = render  # the game's ``render_svg``, when --svg asks for it
        self.records: list[list[GameRecord]] = []  # per plain batch
        self.parsed: list[list[tuple[int, list[tuple[int, Action]]]]] = []  # the same, parsed

    def play(self, plan: Plan, batch: int, mode: str) -> PlayBatch:
        rng = plan.rng(batch)
        new_game, players, options = self.game.new_game, self.players, self.options
        clock = time.perf_counter_ns
        keep: list[GameRecord] | None = [] if mode == PLAIN else None
        seeds = plan.seeds(batch)
        steps = step_ns = total_ns = 0
        for seed in seeds:
            t0 = clock()
            state = new_game(players, seed, options)
            t1 = clock()
            # three copies of the loop so that the plain one is exactly the protocol's loop
            if mode == PLAIN:
                while not state.is_over():
                    seat = rng.choice(state.actors())
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    steps += 1
            elif mode == CLONE:
                while not state.is_over():
                    state = state.clone()
                    seat = rng.choice(state.actors())
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    steps += 1
            elif mode == VIEW:
                while not state.is_over():
                    seat = rng.choice(state.actors())
                    state.view(seat)
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    steps += 1
            else:
                assert self.encoding is not None
                observe = self.encoding.observation
                while not state.is_over():
                    seat = rng.choice(state.actors())
                    observe(state, seat)
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    steps += 1
            t2 = clock()
            step_ns += t2 - t1
            total_ns += t2 - t0
            if keep is not None:
                keep.append(state.record())
        if keep is not None:
            self.records.append(keep)
            # parsed once, outside any timing: replay speed is the speed of ``apply``
            parse = self.game.action_from_json
            self.parsed.append([(r.seed, [(seat, parse(a)) for seat, a in r.moves]) for r in keep])
        return PlayBatch(len(seeds), steps, step_ns, total_ns)

    def forget(self) -> None:
        self.records.clear()
        self.parsed.clear()

    def replay(self, batch: int) -> Timed:
        new_game, players, options = self.game.new_game, self.players, self.options
        clock = time.perf_counter_ns
        units = ns = 0
        for seed, moves in self.parsed[batch % len(self.parsed)]:
            state = new_game(players, seed, options)
            t0 = clock()
            for seat, action in moves:
                state.apply(seat, action)
            ns += clock() - t0
            units += len(moves)
        return Timed(units, ns)

    def json_replay(self, batch: int) -> Timed:
        clock = time.perf_counter_ns
        units = ns = 0
        for record in self.records[batch % len(self.records)]:
            t0 = clock()
            for _ in replay_steps(record):
                pass
            ns += clock() - t0
            units += len(record.moves)
        return Timed(units, ns)

    def svg_renders(self, batch: int) -> Timed:
        """Replay the games kept by plain batch ``batch`` and render, before every step, the
        picture the web table sends the mover: ``render_svg(view, "en", legal)``. Only the
        rendering is timed (the view and the legal actions are the +view figure's)."""
        render = self.render
        assert render is not None
        new_game, players, options = self.game.new_game, self.players, self.options
        clock = time.perf_counter_ns
        units = ns = 0
        for seed, moves in self.parsed[batch % len(self.parsed)]:
            state = new_game(players, seed, options)
            for seat, action in moves:
                view = state.view(seat)
                legal = [a.to_json() for a in state.legal_actions(seat)]
                t0 = clock()
                render(view, "en", legal)
                ns += clock() - t0
                units += 1
                state.apply(seat, action)
        return Timed(units, ns)

    def start(self, plan: Plan) -> list[Series[Any]]:
        self._plan = plan  # the +obs batches play the plain batches' games
        return super().start(plan)

    def observed(self, batch: int) -> Timed:
        """The plain batch's games again, with the mover's observation tensor computed
        before every step (what a learning loop pays)."""
        assert self._plan is not None
        played = self.play(self._plan, batch, OBS)
        return Timed(played.steps, played.step_ns)

    def extra_series(self) -> dict[str, Series[Timed]]:
        extras = {"json_replay": Series(self.json_replay, lambda r: r.ns)}
        if self.render is not None:
            extras["svg"] = Series(self.svg_renders, lambda r: r.ns)
        if self.encoding is not None:
            extras["obs"] = Series(self.observed, lambda r: r.ns)
        return extras

    def clone_bytes(self) -> int:
        """Bytes newly allocated by cloning the state halfway through a recorded game (what
        a search pays in memory per stored node; shared immutable data is not counted)."""
        seed, moves = self.parsed[0][0]
        state = self.game.new_game(self.players, seed, self.options)
        for seat, action in moves[: len(moves) // 2]:
            state.apply(seat, action)
        started = not tracemalloc.is_tracing()
        if started:
            tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            copy = state.clone()
            size = tracemalloc.get_traced_memory()[0] - before
            del copy
        finally:
            if started:
                tracemalloc.stop()
        return size

    def row(self, notes: list[str]) -> BenchRow:
        out = super().row(notes)
        out.state_clone_bytes = self.clone_bytes()
        svg = self.extras.get("svg")
        if svg is not None:
            out.us_per_svg_render = Stat.of([b.ns / max(b.units, 1) / 1e3 for b in svg.results])
        obs = self.extras.get("obs")
        if obs is not None:
            out.us_per_step_obs = Stat.of([b.ns / max(b.units, 1) / 1e3 for b in obs.results])
            out.obs_over_plain = out.us_per_step_obs.median / out.us_per_step_plain.median
        return out
