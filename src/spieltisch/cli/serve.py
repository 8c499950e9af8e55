"""``spieltisch serve``: the web table."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console


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
) -> None:
    """Start the web table: play every game in the browser, with friends and bots."""
    import uvicorn

    from ..server.app import create_app
    from ..server.db import default_url

    url = db or default_url()
    app = create_app(url)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    console = Console()
    console.print(f"Spieltisch is running at [bold]http://{shown}:{port}/[/bold]")
    console.print(f"Games are stored in {url}. Stop with Ctrl+C.")
    # updates are compressed once per seat by the table (?compress=deflate), not per socket
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=1024 * 1024,
        ws_per_message_deflate=False,
    )
