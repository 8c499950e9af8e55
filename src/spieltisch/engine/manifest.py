"""A game's manifest: everything the table finds about a game, named in one place.

A game is a Python package installed with an entry point in the group ``spieltisch.games``,
named by the game's id, whose value is the package's manifest::

    [project.entry-points."spieltisch.games"]
    my-game = "my_game.manifest:MANIFEST"

What the rules say (id, names, player counts, options, state, bots, encoding, chance
events, conformance cases) comes from the ``Game`` object the manifest points to; the
manifest names what lives beside the rules: the terminal renderer, the typed-move reader,
the web picture, the screenshot scene and the game's own commands. Texts (``rules.md``,
rulebooks, tutorial, message catalogs) are files of the package (``Game.package``).

Modules are named by their path inside the package and imported only when used, so that
listing the installed games (``spieltisch --help``) imports no rules. Standard library only.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from importlib.resources.abc import Traversable
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .errors import UnknownGame

if TYPE_CHECKING:
    from .game import Game, State

T = TypeVar("T")

GROUP = "spieltisch.games"  # the entry point group games are installed under


class GameLoadError(UnknownGame):
    """An installed game whose manifest or ``Game`` object cannot be loaded (a broken or
    half-installed package); the message names the package. Other games are not affected."""


@dataclass(frozen=True)
class Scene:
    """The picture ``spieltisch screenshots`` takes of the game at the web table: seat 0 a
    human, the other seats the heuristic bot, after at least ``min_moves`` moves, once seat 0
    alone has a decision with targets on the board."""

    players: int
    seed: int
    min_moves: int
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Tool:
    """A command of the game's own, mounted by the CLI as ``spieltisch COMMAND [GAME] ...``
    (e.g. a calibration report). ``module`` (inside the game's package) provides
    ``add_arguments(parser: argparse.ArgumentParser)`` and ``run(args, context)`` with a
    ``ToolContext``; ``summary`` is the line ``spieltisch --help`` shows, so listing the
    commands imports nothing."""

    command: str
    module: str
    summary: str


class ToolContext(Protocol):
    """What the CLI gives a game's command: output, progress and bot games, so that the
    command itself needs nothing beyond the engine (the CLI draws with Rich, plays with
    ``spieltisch.bots`` and ``spieltisch.analysis``)."""

    game: Game
    command_line: str  # the command as typed (``spieltisch calibrate tumult-royal -n 10``)

    def write(self, text: str) -> None:
        """Print ``text`` as it is (no markup) to standard output."""

    def table(
        self, title: str, columns: Sequence[str], rows: Sequence[Sequence[str] | str]
    ) -> None:
        """Print a table; a row given as one string is a section heading."""

    def progress(self, label: str, total: int) -> Callable[[int], None]:
        """A progress bar of ``total`` steps shown on standard error; call the result with
        the steps done since the last call."""

    def check_seats(self, seats: Sequence[str], options: Mapping[str, Any]) -> None:
        """Reject unknown bots, a bad player count or bad options (``SpieltischError``)."""

    def play_games(
        self,
        seats: Sequence[str],
        seeds: Sequence[int],
        options: Mapping[str, Any],
        extract: Callable[[State], T],
        jobs: int = 1,
        progress: Callable[[int], None] | None = None,
    ) -> list[T]:
        """One game per seed with the named bots in ``seats`` (the bot of seat s in the game
        of seed g draws from a generator seeded by ``(g, s)``), each final state mapped by
        ``extract`` (a module-level function: with ``jobs`` > 1 it runs in other processes);
        results in the order of ``seeds``, whatever ``jobs``."""
        ...

    def wilson_interval(self, successes: int, trials: int) -> tuple[float, float]:
        """The 95% Wilson score interval of a proportion."""
        ...


@dataclass(frozen=True)
class GameManifest:
    """One installed game: its package, where its ``Game`` object is, and the modules that
    draw it and read it beside the rules. ``None``: the game has no such module (the
    terminal then shows the view's JSON and a numbered menu; the web table no picture)."""

    package: str  # e.g. "spieltisch.games.medina"; texts and modules are found in it
    game_object: str = "game:GAME"  # "module:attribute" of the Game, inside the package
    text: str | None = None  # terminal: render_view(view, lang) [, render_actions(...)]
    typed_moves: str | None = None  # terminal: match_move(...), move_help(...)
    picture: str | None = None  # web table: render_svg, board_moves, log_keys [, attempt]
    scene: Scene | None = None  # spieltisch screenshots
    tools: tuple[Tool, ...] = ()

    @classmethod
    def of(cls, game: Game, **modules: Any) -> GameManifest:
        """The manifest of a ``Game`` object made by hand (a game registered in a test)."""
        manifest = cls(package=game.package, **modules)
        manifest.__dict__["game"] = game  # cached_property's slot: nothing left to load
        return manifest

    @cached_property
    def game(self) -> Game:
        """The game's ``Game`` object (imports its rules on first use)."""
        module_name, _, attribute = self.game_object.partition(":")
        try:
            found = getattr(self._import(module_name), attribute)
        except Exception as exc:
            raise GameLoadError(
                f"the game of package {self.package} ({self.game_object}) could not be "
                f"loaded: {type(exc).__name__}: {exc}"
            ) from exc
        from .game import Game

        if not isinstance(found, Game):
            raise GameLoadError(
                f"{self.package}.{self.game_object} is a {type(found).__name__}, not a Game"
            )
        return found

    def _import(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self.package}.{name}")

    def module(self, name: str | None) -> ModuleType | None:
        """The module ``name`` of the game's package (``None`` stays ``None``)."""
        return None if name is None else self._import(name)

    def text_module(self) -> ModuleType | None:
        return self.module(self.text)

    def typed_moves_module(self) -> ModuleType | None:
        return self.module(self.typed_moves)

    def picture_module(self) -> ModuleType | None:
        return self.module(self.picture)

    def tool(self, command: str) -> Tool | None:
        return next((t for t in self.tools if t.command == command), None)

    def tool_module(self, command: str) -> ModuleType:
        tool = self.tool(command)
        if tool is None:
            raise UnknownGame(f"{self.package} has no command {command!r}")
        return self._import(tool.module)

    def files(self) -> Traversable:
        """The package's files: ``rules.md``, ``rulebook.<lang>.md``, ``tutorial.json``,
        ``locale/``."""
        return resources.files(self.package)

    def has_catalogs(self) -> bool:
        """Whether the package has message catalogs (``locale/<lang>.po``)."""
        return self.files().joinpath("locale").is_dir()
