"""Medina as a Spieltisch game: its options, chance events, positions, texts and tools
around the rules (``state.py``)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from ...engine.action import Action
from ...engine.chance import ChanceEvent
from ...engine.encoding import Encoding
from ...engine.errors import IllegalAction, OptionError, StateFormatError
from ...engine.game import JSON, ConformanceCase, Game, State
from ...engine.options import resolve_options
from ...engine.result import ResultSheet
from ...engine.schema import state_document_schema
from ...engine.search_hooks import SearchHooks
from . import actions, result
from .data import Ruleset, load_ruleset_file, ruleset_of
from .describe import describe_event
from .encoding import medina_encoding
from .explain import why_illegal
from .labels import action_label
from .notation import parse_position
from .options import OPTIONS, check_options
from .schema import DATA_SCHEMA
from .state import MedinaState


def _setup_cell(event: str) -> Any:
    """Decode a scripted setup draw (MD-S2): ``[x, y]``, an inner square of the board the
    game is played on, into the cell the draw takes."""

    def decode(outcome: Any, players: int, options: Mapping[str, Any]) -> int:
        if int(options["edition"]) != 2:
            raise ValueError(f"the 1st edition has no {event} draw (MD-S1)")
        width, height = ruleset_of(options).boards["small" if players == 2 else "standard"]
        if not (
            isinstance(outcome, list | tuple)
            and len(outcome) == 2
            and all(type(v) is int for v in outcome)
        ):
            raise ValueError(f"the {event} goes on a square [x, y], not {outcome!r}")
        x, y = int(outcome[0]), int(outcome[1])
        if not (2 <= x <= width - 3 and 2 <= y <= height - 3):
            raise ValueError(
                f"the {event} goes on an inner square, 2 <= x <= {width - 3} and "
                f"2 <= y <= {height - 3}; ({x},{y}) is not one"
            )
        return y * width + x

    return decode


CHANCE_EVENTS = {
    "well": ChanceEvent(
        "well",
        "choice",
        "2nd edition: the well's square, drawn at setup among the inner squares",
        "the square [x, y], an inner square",
        _setup_cell("well"),
        "MD-S2",
    ),
    "start merchant": ChanceEvent(
        "start merchant",
        "choice",
        "2nd edition: the start merchant's square, drawn at setup among the inner squares "
        "other than the well's",
        "the square [x, y], an inner square other than the well's",
        _setup_cell("start merchant"),
        "MD-S2",
    ),
}


class Medina(Game):
    id = "medina"
    name = "Medina"
    version = 1
    min_players = 2
    max_players = 4
    default_players = 3
    options = OPTIONS
    bench_references = ("go", "quoridor")
    state_class = MedinaState
    chance_events: ClassVar[Mapping[str, ChanceEvent]] = CHANCE_EVENTS

    def ruleset(self, options: Mapping[str, Any]) -> Ruleset:
        """The numbers resolved ``options`` play with (MD-D9)."""
        return ruleset_of(options)

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        check_options(players, options)
        return MedinaState.new(players, seed, options)

    def _state_from_data(
        self, players: int, seed: int, options: dict[str, Any], data: JSON
    ) -> State:
        """The declared state loads, checks (``rebuild.py``) and is normalized: a seat
        that cannot place passes (MD-R18 to MD-R20)."""
        try:
            check_options(players, options)
        except OptionError as exc:
            raise StateFormatError(str(exc)) from None
        state = super()._state_from_data(players, seed, options, data)
        state.normalize()
        return state

    def from_position(self, text: str) -> State:
        """A position in the Medina notation (``docs/positions/medina.md``), checked and
        normalized; ``PositionError`` names the line, character and rule of a problem."""
        return parse_position(text)

    def state_schema(self) -> JSON:
        return state_document_schema(self, DATA_SCHEMA)

    def action_from_json(self, obj: Any) -> Action:
        return actions.action_from_json(obj)

    def describe(self, event: JSON, seat: int | None, lang: str = "en") -> str:
        return describe_event(event, seat, lang)

    def action_label(self, action: Action, view: JSON, lang: str = "en") -> str:
        return action_label(action, view, lang)

    def why_illegal(
        self, state: State, seat: int, action: Action, lang: str = "en"
    ) -> IllegalAction | None:
        """The reason in ``lang`` with its rule (``explain.py``); ``state`` is untouched."""
        assert isinstance(state, MedinaState)
        return why_illegal(state, seat, action, lang)

    def result_sheet(self, state: State, lang: str = "en") -> ResultSheet:
        """MD-R60 to MD-R64 broken down (``result.py``)."""
        assert isinstance(state, MedinaState)
        return result.result_sheet(state, lang)

    def progress(self, state: State) -> list[float]:
        """The score so far (MD-R63), public at every moment."""
        assert isinstance(state, MedinaState)
        return result.progress(state)

    def progress_label(self, lang: str = "en") -> str:
        return result.progress_label(lang)

    def round_of(self, state: State) -> int | None:
        """Rounds from the start player's turns (``result.round_of``)."""
        assert isinstance(state, MedinaState)
        return result.round_of(state)

    def edition_options(self, path: Path) -> dict[str, Any]:
        """``--edition FILE``: a ruleset JSON file in the format of ``data/medina.json``."""
        return {"ruleset_data": load_ruleset_file(path)}

    def encoding(self, players: int, options: Mapping[str, Any] | None = None) -> Encoding:
        """The numeric encoding (``encoding.py``), one per configuration."""
        if not (type(players) is int and self.min_players <= players <= self.max_players):
            raise OptionError(f"Medina is played by 2 to 4 players, not {players!r}")
        resolved = resolve_options(self.options, options, players)
        check_options(players, resolved)
        rules = self.ruleset(resolved)
        encoding = medina_encoding(players, resolved, rules)
        mode = resolved["returns_mode"]
        if mode == "win_loss":
            return encoding
        # the other return formulas need their own bounds (OpenSpiel's GameInfo); the
        # cached encoding is shared, so a shallow copy carries them
        bounded = copy.copy(encoding)
        if mode == "rank":
            bounded.utility_bounds = (-1.0, 1.0)  # 1 - 2*place/(N-1)
        else:
            top = float(score_bound(rules, players, int(resolved["edition"])))
            bounded.utility_bounds = (-top, top)  # score - mean score, |.| <= any score
        return bounded

    def bots(self) -> dict[str, Any]:
        from .heuristic import HeuristicBot

        return {"heuristic": HeuristicBot}

    def make_search_hooks(self) -> SearchHooks:
        """The heuristic's graded prior and a fitted win chance (``search.py``)."""
        from .search import MedinaSearchHooks

        return MedinaSearchHooks(self)

    def conformance_cases(self) -> list[ConformanceCase]:
        return [
            ConformanceCase(players=3, games=300, deep_every=50, label="1st ed 3p"),
            ConformanceCase(players=4, games=300, deep_every=50, label="1st ed 4p"),
            ConformanceCase(
                players=2, options={"edition": 2}, games=300, deep_every=50, label="2nd ed 2p"
            ),
            ConformanceCase(
                players=3, options={"edition": 2}, games=300, deep_every=50, label="2nd ed 3p"
            ),
            ConformanceCase(
                players=4, options={"edition": 2}, games=300, deep_every=50, label="2nd ed 4p"
            ),
        ]


GAME = Medina()
MedinaState.game = GAME  # the kernel's link from a state to its game (``State.game``)


def score_bound(rules: Any, players: int, edition: int) -> int:
    """No seat can score more (MD-R60, MD-R63): every building and stable counts once (plus
    the well bonus), every wall and merchant at most once for each of its 4 neighbours
    (the 6 tower merchants included), and every palace and tower tile once."""
    supply = rules.supply[(edition, players)]
    components = players * (4 * supply.buildings_per_colour + supply.stables)
    pieces = players * (supply.walls + supply.merchants) + 6
    tiles = sum(rules.palace_tile_values.values()) + (1 + 2 + 3 + 4)
    return int(components * (1 + rules.well_bonus) + 4 * pieces + tiles)
