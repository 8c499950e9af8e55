"""The kernel contract every game implements (DESIGN.md §2): ``Game``, a game's static
description and its factory of states (``State`` lives in ``engine.state`` and is
re-exported here)."""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from . import picture
from .action import Action
from .chance import PENDING, Chance, ChanceEvent
from .errors import (
    ChanceScriptError,
    DataError,
    IllegalAction,
    MalformedAction,
    NoEncoding,
    OptionError,
    PositionError,
    StateFormatError,
)
from .options import Option, options_markdown, resolve_options
from .search_hooks import SearchHooks
from .state import JSON, STATE_SCHEMA, State, returns_from_winners, state_data_errors

if TYPE_CHECKING:
    from .encoding import Encoding
    from .result import ResultSheet

__all__ = [
    "JSON",
    "STATE_SCHEMA",
    "BotFactory",
    "ConformanceCase",
    "Game",
    "State",
    "returns_from_winners",
    "state_data_errors",
]


@dataclass(frozen=True)
class ConformanceCase:
    """One configuration the generic invariant suite plays: ``games`` seeded random games
    with ``players`` seats and ``options``; the costly checks run on every ``deep_every``-th
    game at every step."""

    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    games: int = 100
    deep_every: int = 25
    label: str = ""


BotFactory = Callable[[], Any]


def _positions_have_no_record(read: Callable[[Any, str], State]) -> Callable[[Any, str], State]:
    """Wrap a game's ``from_position``: a position is not a game played from its seed, so
    its state has no game record (``record()`` refuses; saving writes the state)."""

    @functools.wraps(read)
    def from_position(self: Any, text: str) -> State:
        if not isinstance(text, str):
            raise PositionError(f"a position is text, not {type(text).__name__}")
        state = read(self, text)
        state._moves = None
        return state

    from_position.kernel_wrapped = True  # type: ignore[attr-defined]
    return from_position


class Game(ABC):
    """A game's static description and its factory of states."""

    id: ClassVar[str]
    name: ClassVar[str]
    version: ClassVar[int]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]]
    # OpenSpiel games that `spieltisch bench` measures beside this one, in addition to the
    # three reference games of DESIGN.md §7
    bench_references: ClassVar[tuple[str, ...]] = ()
    # options added after records were first stored: name -> (the rules version that added
    # it, the value that plays as the game did before); see ``upgrade_options``
    legacy_options: ClassVar[Mapping[str, tuple[int, Any]]] = {}

    @property
    def package(self) -> str:
        """The package the game lives in: its rules texts, rulebooks, tutorial, catalogs
        and picture module are found there."""
        return type(self).__module__.rpartition(".")[0]

    def upgrade_options(
        self, options: Mapping[str, Any], version: int | None = None
    ) -> dict[str, Any]:
        """Options stored by an older engine, rewritten to play as they played then.

        ``version`` is the rules version of the record or state that stored them; ``None``
        means unknown, for options that were stored fully resolved (a table in the
        database), where a missing option can only be one added since. An option added in
        a later version than ``version`` and missing from ``options`` gets its old value."""
        out = dict(options)
        for name, (since, old) in self.legacy_options.items():
            if name not in out and (version is None or version < since):
                out[name] = old
        return out

    def upgrade_state_data(self, data: JSON, version: int) -> JSON:
        """The game-specific part of a state stored by rules ``version`` (older than this
        engine's) in this engine's format; games whose format changed override it."""
        return data

    def __init__(self) -> None:
        # the state finds its game (views, describe); the first instance made is the game
        # (a test's variant of a game class must not take over its state class)
        if self.state_class is not None and "game" not in self.state_class.__dict__:
            self.state_class.game = self

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("from_position")
        if own is not None and not getattr(own, "kernel_wrapped", False):
            cls.from_position = _positions_have_no_record(own)  # type: ignore[method-assign,assignment]

    # the game's named chance events, for ``new_game(chance_script=...)`` and the research
    # adapters' chance nodes
    chance_events: ClassVar[Mapping[str, ChanceEvent]] = {}

    def new_game(
        self,
        players: int | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        chance_script: Mapping[str, Sequence[Any]] | None = None,
    ) -> State:
        """A new game. ``chance_script`` forces the outcomes of named chance events from
        the first shuffle on: event name -> outcomes in the order they happen, each in the
        public codes of ``chance_events[name].outcome``; events not named stay random."""
        players = self.default_players if players is None else players
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionError(f"players must be an integer, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError(f"seed must be an integer, not {seed!r}")
        resolved = resolve_options(self.options, options, players)
        if not chance_script:
            return self._new_game(players, seed, resolved)
        chance = self.scripted_chance(seed, players, resolved, chance_script)
        token = PENDING.set(chance)
        try:
            return self._new_game(players, seed, resolved)
        finally:
            PENDING.reset(token)

    def scripted_chance(
        self,
        seed: int,
        players: int,
        options: Mapping[str, Any],
        script: Mapping[str, Sequence[Any]],
    ) -> Chance:
        """The generator of seed ``seed`` with ``script`` decoded from public codes.
        Raises ``ChanceScriptError`` naming an unknown event or an impossible outcome."""
        if not isinstance(script, Mapping):
            raise ChanceScriptError("chance_script must map event names to lists of outcomes")
        chance = Chance(seed)
        for name, outcomes in script.items():
            event = self.chance_events.get(name)
            if event is None:
                known = ", ".join(sorted(self.chance_events)) or "none"
                raise ChanceScriptError(
                    f"{self.name} has no chance event {name!r}; its events: {known}"
                )
            if isinstance(outcomes, (str, bytes)) or not isinstance(outcomes, Sequence):
                raise ChanceScriptError(
                    f"chance event {name!r}: give a list of outcomes ({event.outcome}), "
                    f"not {outcomes!r}"
                )
            for n, outcome in enumerate(outcomes):
                try:
                    chance.script(name, event.decode(outcome, players, options))
                except (ValueError, TypeError, KeyError) as exc:
                    message = exc.args[0] if exc.args else repr(exc)
                    raise ChanceScriptError(
                        f"chance event {name!r}, outcome {n + 1}: {message}"
                    ) from None
        return chance

    @abstractmethod
    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State: ...

    def state_from_json(self, obj: Any) -> State:
        """Rebuild a state from ``to_json``. Raises ``StateFormatError`` naming the problem
        (``PositionError`` for a document whose position cannot be)."""
        version = self._document_version(obj)
        options = self._document_options(obj, version)
        data = obj.get("data")
        if not isinstance(data, dict):
            raise StateFormatError("state field 'data' must be an object")
        if version < self.version:
            with state_data_errors(f"state of rules version {version}"):
                data = self.upgrade_state_data(data, version)
        moves = self._document_moves(obj)
        # the stored generator is the state's from the start, so that a load that
        # normalizes (an automatic draw) draws from it, not from the seed's stream
        # (a caller that set its own kind of generator, such as the research adapters'
        # explicit chance, gets the stored state in that one)
        stored = PENDING.get() or Chance(0)
        stored.restore(obj.get("chance"))
        token = PENDING.set(stored)
        try:
            state = self._state_from_data(obj["players"], obj["seed"], options, data)
        finally:
            PENDING.reset(token)
        if state.chance is not stored:
            # a game that made its own generator: take the stored one in place (components
            # built by the game may hold the generator)
            state.chance.restore(obj.get("chance"))
        state._moves = moves
        return state

    def _document_version(self, obj: Any) -> int:
        """The rules version of a state document, after checking its envelope."""
        if not isinstance(obj, dict):
            raise StateFormatError("a state must be a JSON object")
        if obj.get("schema") != STATE_SCHEMA:
            raise StateFormatError(f"unknown state schema {obj.get('schema')!r}")
        if obj.get("game") != self.id:
            raise StateFormatError(f"this state is of game {obj.get('game')!r}, not {self.id!r}")
        version = obj.get("version")
        if (
            not isinstance(version, int)
            or isinstance(version, bool)
            or not 1 <= version <= self.version
        ):
            raise StateFormatError(
                f"state of rules version {version!r}; this engine plays versions 1 to "
                f"{self.version}"
            )
        for key in ("players", "seed"):
            if not isinstance(obj.get(key), int):
                raise StateFormatError(f"state field {key!r} must be an integer")
        return version

    def _document_options(self, obj: dict[str, Any], version: int) -> dict[str, Any]:
        """A state document's options, upgraded from its version and resolved."""
        stored = obj.get("options")
        if stored is not None and not isinstance(stored, dict):
            raise StateFormatError("state field 'options' must be an object")
        try:
            return resolve_options(
                self.options, self.upgrade_options(stored or {}, version), obj["players"]
            )
        except OptionError as exc:
            raise StateFormatError(f"state options: {exc}") from None

    def _document_moves(self, obj: dict[str, Any]) -> list[tuple[int, Action]] | None:
        """The moves of a state document (``None``: a state without a game record)."""
        moves = obj.get("moves")
        if moves is None:
            return None
        if not isinstance(moves, list):
            raise StateFormatError("state field 'moves' must be a list or null")
        parsed = []
        for i, move in enumerate(moves):
            if not isinstance(move, dict) or not isinstance(move.get("seat"), int):
                raise StateFormatError(f"move {i} must be an object with an integer 'seat'")
            try:
                action = self.action_from_json(move.get("action"))
            except MalformedAction as exc:
                raise StateFormatError(f"move {i}: {exc}") from None
            parsed.append((move["seat"], action))
        return parsed

    # the game's state class, when it is declared (``engine.fields``): the kernel then
    # loads its documents itself
    state_class: ClassVar[type[State] | None] = None

    def _state_from_data(
        self, players: int, seed: int, options: dict[str, Any], data: JSON
    ) -> State:
        """Rebuild the game-specific part; the kernel restores chance and moves. The
        default loads a declared ``state_class``."""
        if self.state_class is None:
            raise TypeError(f"{type(self).__name__} must set state_class or load its state data")
        return self.state_class.load_data(players, seed, options, data)

    def from_position(self, text: str) -> State:
        """A state from a position written in the game's documented human format (see
        ``State.to_position``), checked for consistency and normalized (automatic steps
        applied, so the actor has a legal action or the game is over). Raises
        ``PositionError`` naming the inconsistency."""
        raise PositionError(f"{self.name} has no position format")

    def state_schema(self) -> JSON:
        """A JSON Schema of this game's state document (``State.to_json``); the docs
        publish it and a test checks saved documents against it."""
        from .schema import state_document_schema

        return state_document_schema(self, {"type": "object"})

    @abstractmethod
    def action_from_json(self, obj: Any) -> Action:
        """Parse an action; raises ``MalformedAction`` naming the problem."""

    def describe(self, event: JSON, seat: int | None, lang: str = "en") -> str:
        """One log event in plain language, as ``seat`` reads it, in ``lang`` (``en`` or
        ``de``; an unknown language reads English)."""
        return str(event)

    def seat_name(self, seat: int, lang: str = "en") -> str:
        """What the players call ``seat`` in ``lang``: ``Player 1`` / ``Spieler 1`` unless
        the game numbers its seats otherwise (the log and pictures use the same names)."""
        return picture.seat_name(seat, lang)  # one naming everywhere (the engine's catalog)

    def action_label(self, action: Action, view: JSON, lang: str = "en") -> str:
        """A short caption for a button offering ``action`` to the seat whose view is
        ``view`` (names of cards, places and pieces as the players call them), in ``lang``.
        It may use only what ``view`` shows, so it never tells a seat more than it knows."""
        return str(action)

    def why_illegal(
        self, state: State, seat: int, action: Action, lang: str = "en"
    ) -> IllegalAction | None:
        """Why ``seat`` may not make ``action`` in ``state``, in plain words in ``lang``
        with the rule id; ``None`` if the move is legal. Never changes ``state``. The kernel
        tries the move on a copy (the reason in English); games translate it."""
        trial = state.clone()
        try:
            trial.apply(seat, action)
        except IllegalAction as exc:
            return exc
        return None

    def result_sheet(self, state: State, lang: str = "en") -> ResultSheet:
        """A finished game's score breakdown, tie-breaks and ending (``engine.result``).
        This default shows the raw score only; games break it down."""
        from .i18n import translator
        from .result import ResultSheet

        _ = translator("spieltisch.engine", lang).gettext
        return ResultSheet(
            columns=[_("Score")], rows=[[score] for score in state.scores()], ending=None
        )

    def progress(self, state: State) -> list[float]:
        """Per seat, the measure the standing chart draws over a game (the score so far,
        or the game's own measure of progress), at any point of the game."""
        return [float(s) for s in state.scores()]

    def progress_label(self, lang: str = "en") -> str:
        """What ``progress`` measures, as the chart's axis title in ``lang``."""
        from .i18n import translator

        return translator("spieltisch.engine", lang).gettext("Score")

    def round_of(self, state: State) -> int | None:
        """The round the game is in (for the chart and a replay's "jump to round"); ``None``
        for a game without rounds."""
        return None

    def rules_markdown(self) -> str:
        """Player-facing rules summary, options and reconstructed data, as Markdown: the
        ``rules.md`` of the game's package followed by the table of declared options."""
        package = self.package
        summary = resources.files(package).joinpath("rules.md").read_text("utf-8")
        return (
            summary.rstrip()
            + "\n\n## Options\n\nSet with `--option name=value` (players with `--seats`).\n\n"
            + options_markdown(self.options)
        )

    def edition_options(self, path: Path) -> dict[str, Any]:
        """Options that load a replacement component data file (``--edition FILE``), e.g.
        a transcription of the real deck. Raises ``DataError`` naming the problem."""
        raise DataError(f"{self.name} has no replaceable edition file")

    def encoding(self, players: int, options: Mapping[str, Any] | None = None) -> Encoding:
        """The fixed-size numeric interface of this configuration (``engine.encoding``)
        for learning tools; options are resolved as ``new_game`` resolves them. A game that
        offers none raises ``NoEncoding`` (this base method)."""
        raise NoEncoding(f"{self.name} has no numeric encoding")

    def bots(self) -> dict[str, BotFactory]:
        """Game-specific bots by name (the generic ones live in ``spieltisch.bots``)."""
        return {}

    def search_hooks(self) -> SearchHooks:
        """What the search bot knows of this game (``engine.search_hooks``); games override
        ``make_search_hooks`` to return their own. Made once per game object."""
        hooks = self.__dict__.get("_search_hooks")
        if hooks is None:
            hooks = self.__dict__["_search_hooks"] = self.make_search_hooks()
        return hooks

    def make_search_hooks(self) -> SearchHooks:
        return SearchHooks(self)

    def conformance_cases(self) -> list[ConformanceCase]:
        """Configurations for the generic invariant suite."""
        return [ConformanceCase(players=n) for n in range(self.min_players, self.max_players + 1)]

    def __repr__(self) -> str:
        return f"<Game {self.id}>"
