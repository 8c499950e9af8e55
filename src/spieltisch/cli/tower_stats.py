"""``spieltisch tower-stats``: the tower calibration of Im Zeichen des Kreuzes (ZK-T9).

The simulation is in ``spieltisch.analysis.tower_stats``."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from ..analysis import tower_stats as ts
from ..games.zeichen_des_kreuzes.tower import parse_tower_params
from .console import out, reports_errors


def _number(x: float | None, digits: int = 3) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def _table(stats: ts.TowerStats) -> Table:
    table = Table(title=escape(ts.describe(stats)), title_justify="left")
    table.add_column("Figure")
    table.add_column("Measured", justify="right")
    table.add_column("Rules", justify="right")
    table.add_column("Source")
    table.add_column("Difference", justify="right")
    table.add_column("Check")
    section = None
    for row in stats.rows:
        if row.section != section:
            if section is not None:
                table.add_section()
            section = row.section
            table.add_row(f"[bold]{escape(section)}[/bold]")
        diff = row.difference
        check = {None: "", True: "[green]ok[/green]", False: "[red]off[/red]"}[row.within]
        if row.tolerance is not None and row.reference is not None:
            check += f" (±{row.tolerance:g})"
        table.add_row(
            f"  {escape(row.figure)}",
            _number(row.measured),
            _number(row.reference, 2),
            escape(row.source),
            "—" if diff is None else f"{diff:+.3f}",
            check,
        )
    return table


@reports_errors
def tower_stats(
    model: Annotated[str, typer.Option(help="Tower model: B (default) or A (ZK-O6).")] = "B",
    throws: Annotated[
        int, typer.Option("--throws", "-n", min=1, help="Simulated throws per figure.")
    ] = 20000,
    seed: Annotated[int, typer.Option(help="Seed of the simulation.")] = 0,
    params: Annotated[
        str, typer.Option(help="tower_params, e.g. 's0=0.2,K=25' (ZK-O7).")
    ] = "default",
    shelf_memory: Annotated[
        str, typer.Option(help="persistent or resample (Model B, ZK-O8).")
    ] = "persistent",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print machine-readable JSON instead of a table.")
    ] = False,
) -> None:
    """Reproduce the tower's calibration table (ZK-T9) by simulation (Im Zeichen des Kreuzes)."""
    stats = ts.tower_stats(
        model.strip().upper(), throws, seed, parse_tower_params(params), shelf_memory
    )
    if as_json:
        sys.stdout.write(json.dumps(stats.to_json(), indent=1, ensure_ascii=False) + "\n")
        return
    console = out()
    console.print(_table(stats))
    console.print("[bold]Public anchors of the calibration[/bold]")
    for c in stats.context:
        console.print(f"  {escape(c.source)}: {escape(c.anchor)} — {escape(c.measured)}")
