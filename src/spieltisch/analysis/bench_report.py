"""The report of ``spieltisch bench``: the machine it ran on, the report as JSON, and as a
Rich table for the terminal."""

from __future__ import annotations

import platform
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .bench_batches import BenchReport, BenchRow, MachineInfo, Stat

if TYPE_CHECKING:
    from rich.table import Table

REPORT_SCHEMA = "spieltisch.bench/1"


def _cpu_model() -> str:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    for key in ("model name", "Hardware", "cpu model", "Processor"):
        for line in text.splitlines():
            name, sep, value = line.partition(":")
            if sep and name.strip() == key and value.strip():
                return value.strip()
    return platform.processor() or platform.machine() or "unknown"


def machine_info(openspiel_version: str | None = None) -> MachineInfo:
    return MachineInfo(
        python=f"{platform.python_implementation()} {platform.python_version()}",
        platform=platform.platform(),
        cpu=_cpu_model(),
        threads=1,
        openspiel=openspiel_version,
    )


def report_to_json(report: BenchReport) -> dict[str, Any]:
    """The report as plain JSON types (for ``--json`` and for comparing machines later)."""
    out: dict[str, Any] = {"schema": REPORT_SCHEMA}
    out.update(asdict(report))
    out["references"] = list(report.references)
    return out


def _num(x: float) -> str:
    """Three significant digits, with k/M for large rates, so columns stay narrow."""
    for scale, suffix in ((1e6, "M"), (1e3, "k")):
        if abs(x) >= scale:
            return f"{x / scale:.3g}{suffix}"
    return f"{x:.3g}"


def _stat(s: Stat | None) -> str:
    if s is None:
        return "n/a"
    return f"{_num(s.median)} [{_num(s.q1)}–{_num(s.q3)}]"


def format_report(report: BenchReport) -> Table:
    """A Rich table, one row per game; machine and footnotes in the caption."""
    svg = any(row.us_per_svg_render is not None for row in report.rows)
    obs = any(row.us_per_step_obs is not None for row in report.rows)
    table = _empty_table(report, svg, obs)
    for row in report.rows:
        table.add_row(*_cells(row, svg, obs))
    return table


def _empty_table(report: BenchReport, svg: bool, obs: bool) -> Table:
    """The table's title, caption (machine and footnotes) and columns (+svg and +obs only
    where some row has them)."""
    from rich.table import Table

    m = report.machine
    table = Table(
        title=f"spieltisch bench: {report.game_id}, {report.players} players",
        caption="\n".join(
            [
                f"{m.python} · {m.platform} · {m.cpu} · {m.threads} thread"
                + (f" · open_spiel {m.openspiel}" if m.openspiel else ""),
                *(f"{i}. {note}" for i, note in enumerate(report.notes, 1)),
            ]
        ),
        caption_justify="left",
    )
    table.add_column("game", no_wrap=True)
    table.add_column("players", justify="right")
    table.add_column("plain µs/step¹ ²", justify="right")
    table.add_column("+clone µs/step³", justify="right")
    table.add_column("+view µs/step³", justify="right")
    table.add_column("games/s²", justify="right")
    table.add_column("avg steps⁴", justify="right")
    table.add_column("replay act/s⁵", justify="right")
    table.add_column("JSON replay act/s⁵", justify="right")
    table.add_column("÷ plain: clone, view", justify="right")
    table.add_column("plain ÷ reference", justify="right", no_wrap=True)
    table.add_column("clone bytes", justify="right")
    if svg:
        table.add_column("+svg µs/render", justify="right")
    if obs:
        table.add_column("+obs µs/step (÷ plain)", justify="right")
    return table


def _cells(row: BenchRow, svg: bool, obs: bool) -> list[str]:
    """One game's row of the table."""
    cells = [
        row.name,
        str(row.players),
        _stat(row.us_per_step_plain),
        _stat(row.us_per_step_clone),
        _stat(row.us_per_step_view),
        _stat(row.games_per_second),
        f"{row.avg_game_length:.1f}",
        _stat(row.replay_actions_per_second),
        _stat(row.json_replay_actions_per_second),
        f"{row.clone_over_plain:.2f}, "
        + ("n/a" if row.view_over_plain is None else f"{row.view_over_plain:.2f}"),
        "\n".join(f"{k} ×{v:.2f}" for k, v in row.plain_over_reference.items()) or "",
        "" if row.state_clone_bytes is None else f"{row.state_clone_bytes:,}",
    ]
    if svg:
        cells.append(_stat(row.us_per_svg_render))
    if obs:
        cells.append(
            ""
            if row.us_per_step_obs is None
            else f"{_stat(row.us_per_step_obs)} ({row.obs_over_plain:.2f})"
        )
    return cells
