"""Im Zeichen des Kreuzes as a Spieltisch game: options, setup, state documents and their
upgrades, positions, chance events, parsing, log text and button captions. The top of the
package: it imports the state and the rules, never the other way round."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from ...engine.action import Action
from ...engine.chance import ChanceEvent
from ...engine.encoding import Encoding
from ...engine.errors import IllegalAction, OptionError, PositionError, StateFormatError
from ...engine.game import JSON, ConformanceCase, Game, State
from ...engine.options import resolve_options
from ...engine.result import ResultSheet
from ...engine.schema import state_document_schema
from ...engine.search_hooks import SearchHooks
from . import actions, position_reading, result
from .chance_events import CHANCE_EVENTS
from .components import Components
from .describe import describe_event
from .edition import components_for, default_components, load_edition_file
from .encoding import encoding_for
from .game_setup import new_state
from .heuristic import HeuristicBot
from .labels import action_label
from .options import OPTIONS
from .refusals import refusal
from .schema import DATA_SCHEMA
from .search import ZkSearchHooks
from .state import ZkState
from .tower import make_tower
from .upgrade import upgrade_data


class ImZeichenDesKreuzes(Game):
    id = "im-zeichen-des-kreuzes"
    name = "Im Zeichen des Kreuzes"
    # 2: the papal reward on a lost siege (ZK-J2, spec version 2); 3: log events name
    # themselves by "type", the fight's own type is "fight" (the data format, ``upgrade``)
    version = 3
    min_players = 2
    max_players = 5
    default_players = 3
    options = OPTIONS
    bench_references = ("backgammon",)
    # records of rules version 1 paid the papal reward on declaring (ZK-O12)
    legacy_options: ClassVar[Mapping[str, tuple[int, Any]]] = {"papal_reward": (2, "declaration")}
    state_class = ZkState
    chance_events: ClassVar[Mapping[str, ChanceEvent]] = CHANCE_EVENTS

    def components(self, options: dict[str, Any]) -> Components:
        return components_for(options["edition_data"])

    def _checked(self, players: int, options: dict[str, Any]) -> Components:
        comp = self.components(options)
        if players > len(comp.knights):
            raise OptionError(f"this edition has only {len(comp.knights)} knights")
        chosen = options["knight_assignment"]
        if chosen != "random":
            unknown = [k for k in chosen if k not in comp.knight_ids]
            if unknown:
                raise OptionError(
                    f"option 'knight_assignment': unknown knight {unknown[0]!r}; the knights "
                    f"are {', '.join(comp.knight_ids)} (ZK-O3)"
                )
        params = options["tower_params"]
        make_tower(
            options["tower_model"],
            None if params == "default" else params,
            options["tower_shelf_memory"],
        )
        return comp

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        self._checked(players, options)
        return new_state(players, seed, options)

    def _state_from_data(
        self, players: int, seed: int, options: dict[str, Any], data: JSON
    ) -> State:
        try:
            self._checked(players, options)
        except OptionError as exc:
            raise StateFormatError(f"state options: {exc}") from None
        return super()._state_from_data(players, seed, options, data)

    def upgrade_state_data(self, data: JSON, version: int) -> JSON:
        """Documents of rules versions 1 and 2 named log events by ``kind`` (``upgrade``)."""
        return upgrade_data(data, version)

    def from_position(self, text: str) -> State:
        """A position in the format of ``docs/positions/im-zeichen-des-kreuzes.md``
        (``position_reading``), checked (``consistency``) and normalized (``automatic``)."""
        doc = position_reading.parse(text)
        players, seed = doc["players"], doc.get("seed", 0)
        try:
            options = resolve_options(self.options, doc.get("options") or {}, players)
            self._checked(players, options)
        except OptionError as exc:
            raise PositionError(f"'options': {exc}") from None
        data = position_reading.to_data(
            doc, components_for(options["edition_data"]), players, options, seed
        )
        try:
            return ZkState.load_data(players, seed, options, data)
        except PositionError:
            raise
        except StateFormatError as exc:
            raise PositionError(str(exc)) from None

    def state_schema(self) -> JSON:
        """The state document's schema with this game's ``data`` (``schema``)."""
        return state_document_schema(self, DATA_SCHEMA)

    def action_from_json(self, obj: Any) -> Action:
        board = default_components().board
        return actions.action_from_json(obj, board.width, board.height)

    def describe(self, event: JSON, seat: int | None, lang: str = "en") -> str:
        return describe_event(event, seat, lang)

    def action_label(self, action: Action, view: JSON, lang: str = "en") -> str:
        return action_label(action, view, lang)

    def why_illegal(
        self, state: State, seat: int, action: Action, lang: str = "en"
    ) -> IllegalAction | None:
        """``state.explain`` in plain words in ``lang``, with the rule (``refusals``); the
        state is untouched."""
        assert isinstance(state, ZkState)
        english = state.explain(seat, action)
        if english is None:
            return None
        return refusal(state, seat, action, lang) or english

    def result_sheet(self, state: State, lang: str = "en") -> ResultSheet:
        """The breakdown, tie-breaks (ZK-W4) and ending (ZK-W1..ZK-W3): ``result``."""
        assert isinstance(state, ZkState)
        return result.result_sheet(state, lang)

    def progress(self, state: State) -> list[float]:
        """The way covered towards Jerusalem, in % per seat (``result.progress``)."""
        assert isinstance(state, ZkState)
        return result.progress(state)

    def progress_label(self, lang: str = "en") -> str:
        return result.progress_label(lang)

    def round_of(self, state: State) -> int | None:
        """The round: each player takes one turn per round (``result.round_of``)."""
        assert isinstance(state, ZkState)
        return result.round_of(state)

    def edition_options(self, path: Path) -> dict[str, Any]:
        """``--edition FILE``: a components JSON file (format of ``data/components.json``)
        or a map text file (rules 3.1) with the default knights, tiles and cards."""
        return {"edition_data": load_edition_file(path)}

    def encoding(self, players: int, options: Mapping[str, Any] | None = None) -> Encoding:
        """The numeric encoding (``encoding.ZkEncoding``), cached per players, edition and
        turn limit, the only options that shape it."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, "
                f"not {players!r}"
            )
        resolved = resolve_options(self.options, options, players)
        return encoding_for(self._checked(players, resolved), players, resolved["turn_limit"])

    def bots(self) -> dict[str, Any]:
        return {"heuristic": HeuristicBot}

    def make_search_hooks(self) -> SearchHooks:
        """The search bot's knowledge of this game (``search``)."""
        return ZkSearchHooks(self)

    def conformance_cases(self) -> list[ConformanceCase]:
        cases = [
            # deep checks replay every view of a ~400-step game: two deep games per count
            ConformanceCase(players=p, options={}, games=200, deep_every=100, label=f"{p}p")
            for p in (2, 3, 4, 5)
        ]
        cases.append(
            ConformanceCase(
                players=3,
                options={
                    "tower_model": "A",
                    "tie_rule": "attacker",
                    "exhaustion_winner": "most_muslim_cities",
                    "papal_reward": "declaration",
                },
                games=40,
                deep_every=40,
                label="3p model A, attacker ties, most Muslim cities, reward on declaring",
            )
        )
        cases.append(
            ConformanceCase(
                players=4,
                options={"tower_shelf_memory": "resample", "turn_limit": 60},
                games=40,
                deep_every=40,
                label="4p resampled shelves, turn limit 60",
            )
        )
        return cases


GAME = ImZeichenDesKreuzes()  # binds ZkState.game (Game.__init__): no module patches another
