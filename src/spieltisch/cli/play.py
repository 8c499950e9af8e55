"""``spieltisch play``: a game at this terminal against bots, or hot seat between humans."""

from __future__ import annotations

import json
import random
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from ..engine.errors import OptionError
from ..engine.game import Game, State
from . import show
from .config import HUMAN, check_options, check_writable, game_options, load_game, parse_seats
from .console import out, reports_errors
from .messages import messages
from .params import EditionFile, GameId, OptionList
from .session import GameAbandoned, TerminalSession

EXIT_ABANDONED = 1  # end of input or Ctrl-C: the game did not finish


class Lang(StrEnum):
    en = "en"
    de = "de"


@reports_errors
def play(
    game: GameId,
    seats: Annotated[
        str,
        typer.Option(
            help="Comma-separated seats: 'you' (a human here) or a bot: a level — easy "
            "(overlooks moves), normal (the game's rules of thumb), hard (searches ~1 s a "
            "move), expert (~4 s on several cores); hard@2s, hard@250ms or hard@800it set "
            "the search's budget — or random, heuristic (= normal)."
        ),
    ] = "you,random",
    seed: Annotated[int | None, typer.Option(help="Seed of the game (random if omitted).")] = None,
    option: OptionList = None,
    edition: EditionFile = None,
    save: Annotated[Path | None, typer.Option(help="Write the game record here.")] = None,
    lang: Annotated[Lang, typer.Option(help="Language of the table.")] = Lang.en,
    position: Annotated[
        Path | None,
        typer.Option(
            help="Start from this position, written in the game's format "
            "(see spieltisch position); --save then writes a state document."
        ),
    ] = None,
) -> None:
    """Play a game in the terminal: type the number of an action (in Medina the move itself,
    such as grey 4 5; list numbers them); hint (the hard bot's suggestion), help, log,
    quit."""
    g = load_game(game)
    names = parse_seats(seats, g, humans=True)
    check_writable(save)
    if position is not None:
        state = _from_position(g, position, len(names), seed, option, edition)
    else:
        options = game_options(g, option or [], edition)
        check_options(g, options, len(names))
        seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
        state = g.new_game(len(names), seed, options)
    console = out()
    language = lang.value
    _introduce(console, g.name, state, names, language)
    session = TerminalSession(console, g, state, names, language)
    try:
        _run(session)
    except GameAbandoned as stop:
        _abandon(console, state, stop.reason, save, language)
    _finish(console, session, names, language)
    _save(console, state, save, language)


def _from_position(
    g: Game,
    path: Path,
    players: int,
    seed: int | None,
    option: list[str] | None,
    edition: Path | None,
) -> State:
    """The state of a hand-written position; its players and options are its own."""
    if seed is not None or option or edition is not None:
        raise OptionError("a position carries its own options and chance: drop --seed/--option")
    if not path.is_file():
        raise OptionError(f"no position file {path}")
    state = g.from_position(path.read_text(encoding="utf-8"))
    if state.players != players:
        raise OptionError(f"the position has {state.players} players but --seats names {players}")
    return state


def _run(session: TerminalSession) -> None:
    try:
        session.run()
    except KeyboardInterrupt:  # Ctrl-C while a bot thinks; while reading, the session maps it
        raise GameAbandoned("interrupt") from None


def _abandon(console: Console, state: State, reason: str, save: Path | None, lang: str) -> None:
    """Say why the game stopped, keep the unfinished record if asked, exit (0 for quit)."""
    msg = messages(lang)
    console.print()
    key = {"quit": "quit", "eof": "eof"}.get(reason, "interrupted")
    console.print(f"[bold red]{escape(msg[key].format(moves=state.move_count))}[/bold red]")
    if save is not None:
        _write(state, save)
        console.print(escape(msg["partial"].format(path=save)))
    raise typer.Exit(0 if reason == "quit" else EXIT_ABANDONED)


def _introduce(console: Console, title: str, state: State, names: list[str], lang: str) -> None:
    msg = messages(lang)
    intro = msg["starting"].format(game=title, players=state.players, seed=state.seed)
    console.print(f"[bold]{escape(intro)}[/bold]")
    for seat, name in enumerate(names):
        who = msg["human"] if name == HUMAN else name
        line = msg["seat_line"].format(name=show.player_name(seat, lang), who=who)
        console.print(escape(line))


def _finish(console: Console, session: TerminalSession, names: list[str], lang: str) -> None:
    """The rest of the log, the final table from the first human's seat, the result."""
    msg = messages(lang)
    viewer = session.viewer
    session.show_news(viewer)
    console.print()
    console.rule(f"[bold]{escape(msg['final'])}[/bold]", align="left")
    show.board(console, session.game, session.state, viewer, lang)
    console.print()
    console.print(show.result_table(session.state, names, lang))
    console.print(f"[bold green]{escape(show.winners_line(session.state, lang))}[/bold green]")


def _save(console: Console, state: State, path: Path | None, lang: str) -> None:
    """Save when asked to; offer it at an interactive terminal; otherwise say how."""
    msg = messages(lang)
    if path is None and sys.stdin.isatty():
        try:
            answer = console.input(msg["save_prompt"]).strip()
        except (EOFError, KeyboardInterrupt):
            answer = ""
        path = Path(answer) if answer else None
        if path is None:
            return
    if path is None:
        console.print(f"[dim]{escape(msg['save_hint'])}[/dim]")
        return
    _write(state, path)
    console.print(escape(msg["saved"].format(path=path)))


def _write(state: State, path: Path) -> None:
    """The game record; a game started from a position has none, so its state document."""
    if state.move_count == 0 and state.to_json()["moves"] is None:
        path.write_text(json.dumps(state.to_json(), indent=1) + "\n", encoding="utf-8")
    else:
        state.record().save(path)
