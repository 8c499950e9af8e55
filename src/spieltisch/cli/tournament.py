"""``spieltisch tournament``: a round robin between bots, with win rates per pairing, a
rating table, JSON and a plot; or, with ``--curve REF``, each bot against one reference
bot, for a plot of strength against thinking time.

The games and the arithmetic are in ``spieltisch.analysis``; this module checks the
arguments (all of them, before any game), shows progress and formats."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..analysis.pool import play_round_robin, ray_module
from ..analysis.round_robin import RoundRobin
from ..analysis.round_robin_results import RoundRobinResult, Side, curve, thinking
from ..engine.errors import OptionError
from .config import check_writable, game_options, load_game
from .console import err, out, reports_errors
from .params import GameId, OptionList

BotList = Annotated[
    str,
    typer.Option(
        help="Comma-separated bots: levels (easy, normal, hard, expert), bots of the game "
        "(random, heuristic), search budgets (hard@800it, hard@0.5s, expert@2s)."
    ),
]


@reports_errors
def tournament(
    game: GameId,
    bots: BotList,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per pairing.")] = 100,
    players: Annotated[
        int, typer.Option(help="Players per game: one bot alone against the other's P−1.")
    ] = 2,
    workers: Annotated[
        int,
        typer.Option(
            help="Games at once on local processes. An expert searches on processes of its "
            "own: on C cores use about C ÷ (its processes) workers.",
        ),
    ] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the whole tournament.")] = 0,
    option: OptionList = None,
    reference: Annotated[
        str | None,
        typer.Option(
            "--curve",
            help="Curve mode: every bot of --bots plays only this reference bot; the plot "
            "shows win rate against seconds per decision.",
        ),
    ] = None,
    alone: Annotated[
        str | None,
        typer.Option(
            help="At 3 or more players, this bot sits alone against P−1 of the other in "
            "every game of its pairings (e.g. one hard against two normal); without it the "
            "bots take turns sitting alone.",
        ),
    ] = None,
    out_file: Annotated[
        Path | None, typer.Option("--out", help="Write every game and the tables as JSON.")
    ] = None,
    plot_file: Annotated[
        Path | None, typer.Option("--plot", help="Draw the ratings and win rates (PNG).")
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            help="Run the games as tasks on this Ray cluster (auto, host:port, "
            "ray://host:10001); needs the extra 'distributed'."
        ),
    ] = None,
) -> None:
    """Play a round robin between bots and rate them (OpenSkill)."""
    g = load_game(game)
    spec = RoundRobin(
        game=g.id,
        bots=tuple(_bot_names(bots)),
        games=games,
        players=players,
        seed=seed,
        options=game_options(g, option or [], None),
        reference=reference.strip() if reference is not None else None,
        alone=alone.strip() if alone is not None else None,
    )
    spec.check()
    _check_running(workers, ray)
    check_writable(out_file)
    _check_plot(plot_file)
    result = _play(spec, workers, ray)
    console = out()
    report(console, result)
    if out_file is not None:
        out_file.write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")
        console.print(f"Results written to {escape(str(out_file))}")
    if plot_file is not None:
        from ..analysis.tournament_plot import plot

        plot(result, plot_file)
        console.print(f"Plot written to {escape(str(plot_file))}")


def _bot_names(text: str) -> list[str]:
    names = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not name for name in names):
        raise OptionError(f"--bots must be a comma-separated list of bot names, not {text!r}")
    return names


def _check_running(workers: int, ray: str | None) -> None:
    if workers < 1:
        raise OptionError(f"--workers must be 1 or more, not {workers}")
    if ray is not None:
        if workers != 1:
            raise OptionError("give --workers or --ray, not both: on Ray the cluster's CPUs decide")
        ray_module()  # fails now, not after the check of everything else, if Ray is missing


def _check_plot(path: Path | None) -> None:
    if path is None:
        return
    if path.suffix.lower() != ".png":
        raise OptionError(f"--plot writes a PNG: give a file name ending in .png, not {path}")
    check_writable(path)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise OptionError("--plot needs matplotlib: pip install matplotlib") from None


def _play(spec: RoundRobin, workers: int, ray: str | None) -> RoundRobinResult:
    """The tournament, with a progress bar on stderr while it runs; when stderr is no
    terminal (a log file, a batch job), a plain line every tenth of the games instead."""
    total = len(spec.pairings()) * spec.games
    console = err()
    if not console.is_terminal:
        return play_round_robin(spec, workers, ray, progress=_log_lines(console, total))
    with Progress(
        TextColumn("[bold]tournament[/bold]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("games", total=total)
        return play_round_robin(
            spec,
            workers,
            ray,
            progress=lambda done, _total: progress.update(task, completed=done),
        )


def _log_lines(console: Console, total: int) -> Callable[[int, int], None]:
    """A progress callback that prints ``tournament: 20/200 games, 3m05s`` at every tenth
    of ``total`` (and at the end): a long run in a log shows that it is alive and when it
    will end."""
    start = time.monotonic()
    step = max(1, total // 10)

    def progress(done: int, _total: int) -> None:
        if done % step and done != total:
            return
        minutes, seconds = divmod(int(time.monotonic() - start), 60)
        console.print(f"tournament: {done}/{total} games, {minutes}m{seconds:02d}s", markup=False)

    return progress


def report(console: Console, result: RoundRobinResult) -> None:
    """The pairings, the curve (if any) and the rating table."""
    spec = result.spec
    pairings = len(spec.pairings())
    last = spec.seed + pairings * spec.games - 1
    title = (
        f"{spec.game}, {spec.players} players: {pairings} pairing{'s' if pairings > 1 else ''} "
        f"× {spec.games} game{'s' if spec.games > 1 else ''}, "
        f"seeds {spec.seed}..{last}"
    )
    console.print(f"[bold]{escape(title)}[/bold]")
    console.print(pairing_table(result))
    if spec.reference is not None:
        console.print(curve_table(result))
    console.print(rating_table(result))
    balanced = spec.balanced()
    if spec.games % balanced:
        console.print(
            f"[yellow]A multiple of {balanced} games per pairing seats "
            f"{'the lone bot' if spec.alone else 'each bot alone'} in every seat equally "
            "often.[/yellow]"
        )


def _rate_cells(side: Side) -> list[str]:
    """Games, win rate and its interval (dashes for a bot that never sat alone)."""
    if not side.games:
        return ["0", "—", "—"]
    low, high = side.ci95
    return [str(side.games), f"{side.win_rate:.1%}", f"{low * 100:.1f}–{high * 100:.1f}%"]


def pairing_table(result: RoundRobinResult) -> Table:
    """Per pairing, each bot's win rate where it sat alone against the other."""
    crowd = result.spec.players - 1
    table = Table(
        title="Pairings",
        caption=f"Win rate: the bot's share of the wins where it sat alone against {crowd} of "
        f"the other (ties share); fair share {result.fair_share:.0%}",
    )
    table.add_column("Pairing")
    table.add_column("Bot")
    for name in ("Games", "Win rate", "95% CI"):
        table.add_column(name, justify="right")
    table.add_column("CPU s/dec.", justify="right")
    for pairing in result.pairings():
        label = f"{pairing.a} vs {pairing.b}"
        for side in pairing.sides:
            cells = _rate_cells(side)
            seconds = f"{thinking(pairing.games, side.bot).cpu_per_decision:.4f}"
            table.add_row(escape(label), escape(side.bot), *cells, seconds)
            label = ""
    return table


def curve_table(result: RoundRobinResult) -> Table:
    """Each bot's win rate against the reference by its measured seconds per decision."""
    table = Table(
        title=f"Strength against thinking time (reference: {result.spec.reference})",
        caption="Seconds: CPU time per decision of the bot's own process; wall clock for a "
        "bot that searches on several processes",
    )
    table.add_column("Bot")
    table.add_column("s/decision", justify="right")
    table.add_column("Clock")
    for name in ("Games", "Win rate", "95% CI"):
        table.add_column(name, justify="right")
    for point in curve(result):
        side = point.side
        cells = _rate_cells(side)
        table.add_row(escape(point.bot), f"{point.seconds:.4f}", point.clock, *cells)
    return table


def rating_table(result: RoundRobinResult) -> Table:
    """OpenSkill ratings, best first by ordinal."""
    table = Table(
        title="Ratings (OpenSkill, Plackett–Luce)",
        caption="Ordinal = μ − 3σ; a bot in several seats of a game: each seat rated as a "
        "team of its own, the bot's rating their average",
    )
    table.add_column("#", justify="right")
    table.add_column("Bot")
    for name in ("Ordinal", "μ", "σ", "Games", "CPU s/dec.", "Wall s/dec."):
        table.add_column(name, justify="right")
    times = result.thinking()
    for place, (name, rating) in enumerate(result.ratings(), start=1):
        t = times[name]
        table.add_row(
            str(place),
            escape(name),
            f"{rating.ordinal:.2f}",
            f"{rating.mu:.2f}",
            f"{rating.sigma:.2f}",
            str(rating.games),
            f"{t.cpu_per_decision:.4f}",
            f"{t.per_decision:.4f}",
        )
    return table
