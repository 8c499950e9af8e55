"""``spieltisch position`` and ``spieltisch schema``: positions written by hand, and the
published JSON Schemas of state documents.

``position example GAME`` prints a position of a game in progress, in the game's
human-writable format, to start from; ``position check GAME FILE`` reads a position (``-``:
standard input), reports what is inconsistent, and shows the table as the actor sees it;
``position save GAME FILE --out STATE`` writes it as a state document that ``play --load``
and the research tools read. ``schema GAME`` prints (or writes) the schema of the game's
state document."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Annotated

import typer

from ..engine.game import Game, State
from .config import load_game
from .console import fail, out, reports_errors
from .params import GameId
from .show import board

position = typer.Typer(help="Write, check and convert positions written by hand.")

PositionFile = Annotated[
    str, typer.Argument(help="The position file, in the game's format ('-': standard input).")
]


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    file = Path(path)
    if not file.is_file():
        fail(f"no file {path}")
    return file.read_text(encoding="utf-8")


def _load(game: Game, path: str) -> State:
    return game.from_position(_read(path))  # PositionError names the inconsistency


@position.command()
@reports_errors
def example(
    game: GameId,
    players: Annotated[int | None, typer.Option(help="Players (the game's default).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the game played to get there.")] = 1,
    moves: Annotated[int, typer.Option(help="Random moves played before printing.")] = 12,
) -> None:
    """Print a position of GAME after a few random moves, to edit by hand."""
    g = load_game(game)
    state = g.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    print(state.to_position())


@position.command()
@reports_errors
def check(
    game: GameId,
    file: PositionFile,
    lang: Annotated[str, typer.Option(help="Language of the board: en or de.")] = "en",
) -> None:
    """Check a position: name what is inconsistent, or show it as the actor sees it."""
    g = load_game(game)
    state = _load(g, file)
    console = out()
    actors = state.actors()
    board(console, g, state, actors[0] if actors else None, lang)
    if state.is_over():
        console.print("The position is consistent; the game is over.")
    else:
        seats = ", ".join(g.seat_name(s, lang) for s in actors)
        moves = sum(len(state.legal_actions(s)) for s in actors)
        console.print(f"The position is consistent: {seats} to act, {moves} legal moves.")


@position.command()
@reports_errors
def save(
    game: GameId,
    file: PositionFile,
    out_file: Annotated[Path, typer.Option("--out", help="Where to write the state document.")],
) -> None:
    """Convert a position into a state document (JSON) that the engine loads."""
    g = load_game(game)
    state = _load(g, file)
    out_file.write_text(json.dumps(state.to_json(), indent=1) + "\n", encoding="utf-8")
    out().print(f"state document written to {out_file}")


@reports_errors
def schema(
    game: GameId,
    out_file: Annotated[
        Path | None, typer.Option("--out", help="Write the schema here instead of printing it.")
    ] = None,
) -> None:
    """The JSON Schema of GAME's state document (published in docs/schemas)."""
    text = json.dumps(load_game(game).state_schema(), indent=2, ensure_ascii=False) + "\n"
    if out_file is None:
        print(text, end="")
    else:
        out_file.write_text(text, encoding="utf-8")
        out().print(f"schema written to {out_file}")
