"""``spieltisch serve``: the web table, as one process or several (``--workers``,
``--redis``)."""

from __future__ import annotations

import os
from typing import Annotated

import typer
from rich.console import Console

from .console import fail

DB_ENV, REDIS_ENV = "SPIELTISCH_DB", "SPIELTISCH_REDIS"  # what the worker processes read


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///FILE, or postgresql://user:pass@host/db. Default: "
            "SQLite in your data directory."
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://host:6379/0) shared by several server processes, on "
            "this machine or others; needs a PostgreSQL --db."
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            help="Server processes on this machine, sharing the port; more than 1 needs "
            "--redis and a PostgreSQL --db.",
        ),
    ] = 1,
) -> None:
    """Start the web table: play every game in the browser, with friends and bots."""
    import uvicorn

    from ..server.app import check_shared, create_app, tune_gc
    from ..server.db import default_url

    url = db or default_url()
    if workers > 1 and redis is None:
        fail(
            "--workers needs --redis URL (a Redis server the processes share) and a "
            "PostgreSQL --db: each table is served by one process at a time"
        )
    if redis is not None:
        try:
            check_shared(url)
        except ValueError as exc:
            fail(str(exc))
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    console = Console()
    console.print(f"Spieltisch is running at [bold]http://{shown}:{port}/[/bold]")
    processes = f" by {workers} server processes" if workers > 1 else ""
    console.print(f"Games are stored in {url}{processes}. Stop with Ctrl+C.")
    # updates are compressed once per seat by the table (?compress=deflate), not per socket
    options = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "ws_max_size": 1024 * 1024,
        "ws_per_message_deflate": False,
    }
    if workers == 1:
        tune_gc()
        uvicorn.run(create_app(url, redis_url=redis), **options)  # type: ignore[arg-type]
        return
    # each worker process builds its own application from the environment
    os.environ[DB_ENV] = url
    os.environ[REDIS_ENV] = redis or ""
    uvicorn.run(
        "spieltisch.server.app:app_from_env",
        factory=True,
        workers=workers,
        **options,  # type: ignore[arg-type]
    )
