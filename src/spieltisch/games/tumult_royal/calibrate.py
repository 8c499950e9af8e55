"""``spieltisch calibrate tumult-royal``: the calibration report of the reconstructed numbers,
a command of the game's own (``manifest.py``; the CLI mounts it, ``engine.manifest.Tool``).

The games and the arithmetic are in ``calibration.py`` and ``fog_layouts.py``; the CLI
gives the bot games, the progress bars and the output (``ToolContext``)."""

from __future__ import annotations

import argparse
import os
import shlex
from pathlib import Path

from ...engine.errors import OptionError
from ...engine.manifest import ToolContext
from ...engine.options import parse_option_assignments
from . import calibration, fog_layouts


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", "-n", type=int, default=1000, help="Games per player count.")
    parser.add_argument("--players", default="2,3,4", help="Player counts, comma-separated.")
    parser.add_argument("--bots", default="heuristic", help="The bot in every seat.")
    parser.add_argument("--seed", type=int, default=0, help="Game i uses seed S+i.")
    parser.add_argument(
        "--option", "-o", action="append", default=[], help="Game option name=value."
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="Processes to play in."
    )
    parser.add_argument("--out", type=Path, help="Write the Markdown report here.")
    parser.add_argument(
        "--fog-layouts",
        action="store_true",
        help="Also compare the 3-player layouts of face-down tiles (TR-D8, TR-D10) that the "
        "ruleset could use, with the same games per layout.",
    )


def _counts(players: str) -> list[int]:
    counts = []
    for part in players.split(","):
        if not part.strip().isdigit():
            raise OptionError(f"--players must list player counts like 2,3,4, not {players!r}")
        counts.append(int(part))
    return counts


def _check_out(path: Path | None) -> None:
    """Fail before the games, not after them, when the report cannot be written."""
    if path is None:
        return
    if not path.parent.is_dir():
        raise OptionError(f"cannot write {path}: directory {path.parent} does not exist")
    if path.is_dir():
        raise OptionError(f"cannot write {path}: it is a directory")


def _command(args: argparse.Namespace) -> str:
    """The command that reproduces the report, as its header quotes it."""
    words = ["spieltisch", "calibrate", "tumult-royal", "--games", str(args.games)]
    words += ["--players", args.players]
    if args.bots != "heuristic":
        words += ["--bots", args.bots]
    if args.seed:
        words += ["--seed", str(args.seed)]
    for o in args.option:
        words += ["--option", o]
    if args.fog_layouts:
        words.append("--fog-layouts")
    return shlex.join(words)


def run(args: argparse.Namespace, context: ToolContext) -> None:
    """Measure game length, tumults, statues and end conditions with bots."""
    for name in ("games", "jobs"):
        if getattr(args, name) < 1:
            raise OptionError(f"--{name} must be at least 1, not {getattr(args, name)}")
    counts = _counts(args.players)
    options = parse_option_assignments(args.option)
    for n in counts:  # every error before the first game
        context.check_seats([args.bots] * n, options)
    _check_out(args.out)
    reports = [
        calibration.calibrate(
            context,
            n,
            args.games,
            args.seed,
            args.bots,
            options,
            args.jobs,
            context.progress(f"{n} players", args.games),
        )
        for n in counts
    ]
    extra = ""
    if args.fog_layouts:
        bars = {
            layout.name: context.progress(f"3 players, {layout.name}", args.games)
            for layout in fog_layouts.LAYOUTS
        }
        results = fog_layouts.compare_layouts(
            context,
            args.games,
            args.seed,
            args.bots,
            options,
            args.jobs,
            lambda name, k: bars[name](k),
        )
        extra = fog_layouts.fog_markdown(results)
    text = calibration.report_markdown(
        reports, _command(args), options, args.bots, context.wilson_interval, extra
    )
    if args.out is None:
        context.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
        context.write(f"Report written to {args.out}\n")
