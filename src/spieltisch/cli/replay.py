"""``spieltisch replay``: check a game record move by move and show it from one seat, in the
terminal or (``--web``) in the browser's replay page."""

from __future__ import annotations

import tempfile
import threading
import time
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

import typer
from rich.console import Console
from rich.markup import escape

from ..engine.game import Game, State
from ..engine.record import GameRecord, replay_steps
from ..engine.record import replay as replay_record
from . import show
from .config import load_game
from .console import fail, out, reports_errors
from .messages import messages
from .play import Lang


@reports_errors
def replay(
    record: Annotated[Path, typer.Argument(help="A game record (JSON) saved by play or simulate.")],
    seat: Annotated[
        int | None,
        typer.Option(help="Show the game as this seat saw it (0 = Player 1, 1 = Player 2 …)."),
    ] = None,
    spectator: Annotated[bool, typer.Option(help="Show the public view (the default).")] = False,
    step: Annotated[
        int | None, typer.Option(min=0, help="Show the table after this many moves.")
    ] = None,
    every: Annotated[bool, typer.Option("--all", help="Show the table after every move.")] = False,
    lang: Annotated[Lang, typer.Option(help="Language of the table.")] = Lang.en,
    web: Annotated[
        bool,
        typer.Option(
            "--web",
            help="Open the record in the browser's replay page (a local web table on a "
            "temporary database) and serve it until Ctrl+C; --seat and --step choose the "
            "view and step it opens at.",
        ),
    ] = False,
    port: Annotated[
        int, typer.Option(min=0, max=65535, help="With --web: the port (0: a free one).")
    ] = 0,
    browser: Annotated[
        bool, typer.Option("--browser/--no-browser", help="With --web: open the browser.")
    ] = True,
) -> None:
    """Replay a saved game and show its table, log and winners."""
    if seat is not None and spectator:
        fail("choose either --seat or --spectator, not both")
    rec = GameRecord.load(record)
    final = replay_record(rec)  # validates every move before anything is shown
    game = load_game(rec.game)
    _check_seat_and_step(rec, seat, step)
    if web:
        if seat is not None and not final.is_over():
            # an unfinished game's replay shows the public view only (nothing hidden leaks)
            fail("this record's game has not ended: its replay shows the public view only")
        serve_replay(rec, game.name, port, browser, seat, step)
        return
    _show(game, rec, final, seat, len(rec.moves) if step is None else step, every, lang.value)


def _check_seat_and_step(rec: GameRecord, seat: int | None, step: int | None) -> None:
    """Refuses a seat the game does not have and a step past its end."""
    if seat is not None and not 0 <= seat < rec.players:
        fail(
            f"there is no seat {seat} in this {rec.players}-player game (seats 0-{rec.players - 1}"
            f" = Player 1-{rec.players})"
        )
    moves = len(rec.moves)
    if step is not None and step > moves:
        fail(f"--step {step} is past the end: the record has {moves} moves")


def _show(
    game: Game, rec: GameRecord, final: State, seat: int | None, last: int, every: bool, lang: str
) -> None:
    """The replay in the terminal: the log and the table after move ``last`` (or after every
    move up to it), then the result if the game is over by then."""
    console = out()
    msg = messages(lang)
    moves = len(rec.moves)
    who = msg["spectator"] if seat is None else show.player_name(seat, lang)
    head = msg["replay_head"].format(players=rec.players, seed=rec.seed, moves=moves, who=who)
    console.print(f"[bold]{escape(game.name)}[/bold] · {escape(head)}")
    if every:
        state = _every_step(console, game, rec, seat, last, lang)
    else:
        state = final if last == moves else _state_at(rec, last)
        show.log(console, game, state.log(seat), seat, msg["replay_log"], lang)
        table = msg["replay_table"].format(last=last, moves=moves)
        console.rule(f"[bold]{escape(table)}[/bold]", align="left")
        show.board(console, game, state, seat, lang)
    if state.is_over():
        console.print()
        console.print(show.result_table(state, [], lang))
        console.print(f"[bold green]{escape(show.winners_line(state, lang))}[/bold green]")


def _state_at(rec: GameRecord, step: int) -> State:
    """The state after ``step`` moves (the generator's state object stops changing there)."""
    for index, (state, _, _) in enumerate(replay_steps(rec)):
        if index == step:
            return state
    raise AssertionError("step was checked against the number of moves")


def _every_step(
    console: Console, game: Game, rec: GameRecord, seat: int | None, last: int, lang: str
) -> State:
    """Print each step's new log lines and table, up to move ``last``; return that state."""
    msg = messages(lang)
    shown = 0
    for index, (state, mover, action) in enumerate(replay_steps(rec)):
        console.print()
        if mover is None:
            console.rule(f"[bold]{escape(msg['replay_start'])}[/bold]", align="left")
        else:
            name = show.player_name(mover, lang)
            title = msg["replay_move"].format(n=index, name=name, action=action)
            console.rule(f"[bold]{escape(title)}[/bold]", align="left")
        events = state.log(seat)
        show.log(console, game, events[shown:], seat, msg["since_move"], lang)
        shown = len(events)
        show.board(console, game, state, seat, lang)
        if index == last:
            return state
    raise AssertionError("last was checked against the number of moves")


def serve_replay(
    rec: GameRecord, name: str, port: int, browser: bool, seat: int | None, step: int | None
) -> None:
    """Import ``rec`` as a table into a temporary SQLite database, serve the web table on
    loopback and open the record's replay page (in the browser unless ``browser`` is false)
    until Ctrl+C."""
    import uvicorn

    from ..analysis.bench_server import LOOPBACK, free_port
    from ..server.app import create_app
    from ..server.replay import import_record
    from ..server.store import Store

    console = out()
    with tempfile.TemporaryDirectory(prefix="spieltisch-replay-") as tmp:
        store = Store.open(f"sqlite:///{Path(tmp) / 'replay.db'}")
        try:
            table = import_record(store, rec)
            app = create_app(store=store)
            # an unfinished record opens too (its public view; the page offers no seat views)
            app.state.replays.open_early.add(table.id)
            port = port or free_port()
            query: dict[str, Any] = {}
            if step is not None:
                query["step"] = step
            if seat is not None:
                query["seat"] = seat
            url = f"http://{LOOPBACK}:{port}/replay/{table.spectator_token}"
            url += f"?{urlencode(query)}" if query else ""
            server = uvicorn.Server(
                uvicorn.Config(
                    app, host=LOOPBACK, port=port, log_level="warning", ws_per_message_deflate=False
                )
            )
            console.print(f"[bold]{escape(name)}[/bold] · {len(rec.moves)} moves")
            # soft_wrap: the address stays on one line, whole, however narrow the output
            console.print(f"Replay at [bold]{escape(url)}[/bold]", soft_wrap=True)
            console.print("Stop with Ctrl+C.")
            if browser:
                threading.Thread(target=_open_when_up, args=(server, url), daemon=True).start()
            server.run()
        finally:
            store.engine.dispose()


def _open_when_up(server: Any, url: str) -> None:
    """Open ``url`` in the browser once the server listens (within half a minute)."""
    import webbrowser

    end = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > end or server.should_exit:
            return
        time.sleep(0.05)
    webbrowser.open(url)
