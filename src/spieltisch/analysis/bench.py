"""``spieltisch bench``: the performance protocol of DESIGN.md §7.

Single thread, seeded random legal play, the same loop for our game and for the OpenSpiel
reference games, so that figures taken on different machines compare as ratios to the
references. Each measurement runs in batches and reports the median over batches, because
one slow batch (a GC pause, a scheduler hiccup) should not move the headline figure. The
garbage collector stays enabled: its pauses are part of what a bot pays.

Benchmarks are not tests: nothing here asserts a time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..engine.encoding import Encoding
from ..engine.errors import NoEncoding
from ..engine.game import Game
from ..engine.registry import game as lookup_game
from ..engine.registry import manifest_of
from .bench_batches import (
    BATCHES,
    BENCH_SEED,
    CLONE,
    MIN_BATCHES,
    OBS,
    PLAIN,
    VIEW,
    WARMUP_GAMES,
    BenchReport,
    BenchRow,
    MachineInfo,
    Plan,
    PlayBatch,
    Series,
    Stat,
    Subject,
    Timed,
)
from .bench_ours import OurGame
from .bench_report import REPORT_SCHEMA, format_report, machine_info, report_to_json

DEFAULT_REFERENCES = ("gin_rummy", "crazy_eights", "python_kuhn_poker")


def svg_renderer(game: Game) -> Callable[..., str] | None:
    """The game's ``render_svg`` (its manifest's picture module), if it has one."""
    module = manifest_of(game).picture_module()
    if module is None:
        return None
    render = getattr(module, "render_svg", None)
    return render if callable(render) else None


def run_bench(
    game_id: str,
    players: int | None = None,
    games: int = 200,
    seconds: float = 0.0,
    openspiel: bool = True,
    *,
    references: tuple[str, ...] | None = None,
    options: Mapping[str, Any] | None = None,
    svg: bool = False,
    obs: bool = False,
) -> BenchReport:
    """Measure ``game_id`` and, if ``openspiel`` and pyspiel imports, each of ``references``
    (OpenSpiel game names, played with their default player counts; by default the three of
    DESIGN.md §7 plus the game's own ``bench_references``, e.g. go and quoridor for Medina).

    ``games`` random games per measurement, split into batches; with ``seconds`` > 0 each
    measurement instead runs batches until it has taken at least that long. With ``svg``,
    also the µs per SVG picture of the mover's view (what the web table renders per seat and
    move). With ``obs``, also the µs per step with the mover's observation tensor computed
    before every step (the game's ``encoding``)."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ValueError(f"games must be a positive integer, not {games!r}")
    if seconds < 0:
        raise ValueError(f"seconds must not be negative, not {seconds!r}")
    game = lookup_game(game_id)
    if references is None:
        references = DEFAULT_REFERENCES + tuple(
            r for r in game.bench_references if r not in DEFAULT_REFERENCES
        )
    seats = game.default_players if players is None else players
    plan = Plan(games, float(seconds))
    notes = _protocol_notes(games, plan)
    render = _renderer(game, svg, notes)
    encoding = _encoding(game, seats, options, obs, notes)
    subjects: list[Subject] = [OurGame(game, seats, options, render, encoding)]
    openspiel_note, version = _add_references(subjects, openspiel, references)
    plan.run([series for subject in subjects for series in subject.start(plan)])
    rows = _rows(subjects, notes)
    if openspiel_note is not None:
        notes.append(openspiel_note)
    return BenchReport(
        game_id=game.id,
        players=seats,
        games=games,
        seconds=float(seconds),
        references=tuple(references) if openspiel else (),
        rows=rows,
        machine=machine_info(version),
        openspiel_note=openspiel_note,
        notes=notes,
    )


def _protocol_notes(games: int, plan: Plan) -> list[str]:
    """The report's footnotes on what every figure measures."""
    return [
        f"µs/step and rates: median over batches (of about {max(1, games // plan.batches)} "
        "games each), interquartile range in brackets; single thread, GC enabled; games "
        "and modes interleaved batch by batch so that outside load hits them alike.",
        "plain: pick an actor, list its legal actions, apply a random one; game creation is "
        "excluded from µs/step and included in games/s.",
        "+clone: state = state.clone() before every step. +view: the acting seat's view "
        "before every step (OpenSpiel: observation_string, else information_state_string).",
        "OpenSpiel references: every chance outcome (a card dealt, a die rolled) counts as a "
        "step, sampled from chance_outcomes() with the same RNG; our games draw chance "
        "inside apply.",
        "replay: re-apply the recorded actions (parsed Action objects; OpenSpiel action ids "
        "with chance outcomes) to fresh states, creation excluded. JSON replay: replay_steps "
        "over each GameRecord, game creation and action parsing included.",
    ]


def _renderer(game: Game, svg: bool, notes: list[str]) -> Callable[..., str] | None:
    """The game's SVG renderer if ``svg`` asks for it (and a note on the +svg figure)."""
    render = svg_renderer(game) if svg else None
    if svg and render is None:
        notes.append(f"{game.id} has no SVG renderer: +svg omitted.")
    elif render is not None:
        notes.append(
            "+svg: µs per render_svg(view, 'en', legal) of the mover's view before every step "
            "of the plain games replayed (view and legal actions not timed; the renderers' "
            "caches stay warm from batch to batch, as on a running server)."
        )
    return render


def _encoding(
    game: Game, seats: int, options: Mapping[str, Any] | None, obs: bool, notes: list[str]
) -> Encoding | None:
    """The game's numeric encoding if ``obs`` asks for it (and a note on the +obs figure)."""
    if not obs:
        return None
    try:
        encoding = game.encoding(seats, options)
    except NoEncoding:
        notes.append(f"{game.id} has no numeric encoding: +obs omitted.")
        return None
    notes.append(
        "+obs: the plain games again with encoding.observation(state, mover) before "
        "every step; ÷ plain is the issue's figure (target ≤ 2)."
    )
    return encoding


def _add_references(
    subjects: list[Subject], openspiel: bool, references: tuple[str, ...]
) -> tuple[str | None, str | None]:
    """Add the OpenSpiel reference games to ``subjects`` where asked and possible:
    (why they are missing or ``None``, OpenSpiel's version or ``None``)."""
    if not openspiel:
        return "OpenSpiel references not requested.", None
    if not references:
        return "no OpenSpiel reference games were named.", None
    try:
        from . import bench_openspiel
    except ImportError as exc:
        return (
            f"OpenSpiel references omitted: pyspiel cannot be imported ({exc}); "
            "install it with `pip install open-spiel`."
        ), None
    version = bench_openspiel.openspiel_version()
    subjects.extend(bench_openspiel.Reference(name) for name in references)
    return None, version


def _rows(subjects: list[Subject], notes: list[str]) -> list[BenchRow]:
    """A row per game measured; ours first, with its ratios to each reference."""
    rows = [subject.row(notes) for subject in subjects]
    ours = rows[0]
    for row in rows[1:]:
        ours.plain_over_reference[row.name] = (
            ours.us_per_step_plain.median / row.us_per_step_plain.median
        )
    return rows


__all__ = [
    "BATCHES",
    "BENCH_SEED",
    "CLONE",
    "DEFAULT_REFERENCES",
    "MIN_BATCHES",
    "OBS",
    "PLAIN",
    "REPORT_SCHEMA",
    "VIEW",
    "WARMUP_GAMES",
    "BenchReport",
    "BenchRow",
    "MachineInfo",
    "Plan",
    "PlayBatch",
    "Series",
    "Stat",
    "Subject",
    "Timed",
    "format_report",
    "machine_info",
    "report_to_json",
    "run_bench",
    "svg_renderer",
]
