"""``spieltisch bench-server``: a thin wrapper over ``spieltisch.analysis.bench_server``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import RenderableType
from rich.markup import escape

from .config import check_writable, load_game
from .console import err, fail, out, reports_errors

# the options, one alias each (the signature below stays readable)
Tables = Annotated[
    int, typer.Option(min=1, help="Concurrent tables (all seats human, one socket each).")
]
Moves = Annotated[int, typer.Option(min=1, help="Moves per table.")]
Game = Annotated[str, typer.Option(help="Game id, e.g. kingdoms-of-crusaders.")]
Players = Annotated[
    int | None, typer.Option(help="Players per table (the game's default if omitted).")
]
Port = Annotated[int, typer.Option(min=0, max=65535, help="Port of the server (0: a free port).")]
Db = Annotated[
    str | None,
    typer.Option(help="Database URL of the server (default: a temporary SQLite file)."),
]
Think = Annotated[
    float,
    typer.Option(min=0.0, help="Seconds a client waits before each move (±50%); 0: move at once."),
]
Timeout = Annotated[
    float, typer.Option(min=1.0, help="Seconds after which the run stops, done or not.")
]
Seed = Annotated[int, typer.Option(help="Seed of the deals and of the clients' moves.")]
Compress = Annotated[
    bool,
    typer.Option(
        help="Clients ask for compressed updates (?compress=deflate), as the game page does."
    ),
]
Patch = Annotated[
    bool,
    typer.Option(
        help="Clients ask for patches after the first update (?patch=1), as the game page does."
    ),
]
Workers = Annotated[
    int,
    typer.Option(
        min=1,
        help="Server processes sharing the port (spieltisch serve --workers); more than 1 "
        "needs --redis and a PostgreSQL --db.",
    ),
]
Redis = Annotated[
    str | None, typer.Option(help="Redis URL the server processes share (redis://host/0).")
]
Url = Annotated[
    str | None,
    typer.Option(
        help="Drive the server already running at this URL (one process or a cluster behind "
        "its load balancer, started with SPIELTISCH_RATE_LIMITS=off) instead of starting one."
    ),
]
Pid = Annotated[
    int | None,
    typer.Option(
        help="With --url: the running server's process on this machine (spieltisch serve's "
        "pid), whose CPU and memory are then measured."
    ),
]
AsJson = Annotated[
    bool, typer.Option("--json", help="Print the report as JSON instead of a table.")
]
OutFile = Annotated[
    Path | None, typer.Option("--out", help="Also write the report as JSON to this file.")
]


@reports_errors
def bench_server(
    tables: Tables = 100,
    moves: Moves = 20,
    game: Game = "kingdoms-of-crusaders",
    players: Players = None,
    port: Port = 0,
    db: Db = None,
    think: Think = 0.0,
    timeout: Timeout = 300.0,
    seed: Seed = 0,
    compress: Compress = True,
    patch: Patch = True,
    workers: Workers = 1,
    redis: Redis = None,
    url: Url = None,
    pid: Pid = None,
    as_json: AsJson = False,
    out_file: OutFile = None,
) -> None:
    """Load-test the web table: N concurrent tables on loopback, scripted WebSocket clients;
    move-to-update latency, payload sizes, memory per table."""
    load_game(game)  # an unknown game is a user error before anything starts
    check_writable(out_file)
    from ..analysis import bench_server as bs

    progress = None if as_json else (lambda message: err().print(f"[dim]{escape(message)}[/dim]"))
    try:
        report = bs.run_server_bench(
            tables=tables,
            moves=moves,
            game=game,
            players=players,
            port=port,
            db=db,
            think=think,
            timeout=timeout,
            seed=seed,
            compress=compress,
            patch=patch,
            workers=workers,
            redis=redis,
            url=url,
            pid=pid,
            progress=progress,
        )
    except ValueError as exc:
        fail(str(exc))
    except RuntimeError as exc:
        fail(f"the benchmark failed: {exc}")
    _show(bs.report_to_json(report), bs.format_report(report) if not as_json else None, out_file)


def _show(data: dict[str, Any], table: RenderableType | None, out_file: Path | None) -> None:
    """The report as a table (``table``) or else as JSON on stdout; and as JSON in
    ``out_file`` if asked."""
    if table is None:
        sys.stdout.write(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    else:
        out().print(table)
    if out_file is not None:
        out_file.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
        if table is not None:
            out().print(f"Report written to {escape(str(out_file))}")
