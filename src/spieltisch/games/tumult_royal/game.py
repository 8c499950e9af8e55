"""Tumult Royal as a Spieltisch game: the factory, documents and positions, parsing, log
text, button captions and the rest the table asks of a game (options in ``options.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from ...engine.action import Action
from ...engine.chance import ChanceEvent
from ...engine.errors import IllegalAction
from ...engine.game import JSON, ConformanceCase, Game, State, state_data_errors
from ...engine.options import resolve_options
from ...engine.result import ResultSheet
from ...engine.schema import state_document_schema
from ...engine.search_hooks import SearchHooks
from . import actions, result
from .chances import CHANCE_EVENTS
from .checks import check
from .data import Ruleset, load_ruleset_file, ruleset_for
from .describe import describe_event
from .encoding import TumultEncoding, encoding_for
from .explain import why_illegal
from .labels import action_label
from .options import OPTIONS
from .position_read import read
from .schema import data_schema
from .start import set_up
from .state import TumultState


class TumultRoyal(Game):
    id = "tumult-royal"
    name = "Tumult Royal"
    state_class = TumultState
    chance_events: ClassVar[Mapping[str, ChanceEvent]] = CHANCE_EVENTS
    version = 2  # 2: ruleset reconstructed-2 (TR-R21 consolation, TR-D8 half face down)
    min_players = 2
    max_players = 4
    default_players = 3
    options = OPTIONS
    # records of rules version 1 gave the consolation to anyone who built nothing
    legacy_options: ClassVar[Mapping[str, tuple[int, Any]]] = {"consolation": (2, "built_nothing")}

    def upgrade_options(
        self, options: Mapping[str, Any], version: int | None = None
    ) -> dict[str, Any]:
        """Rules version 1 played the default data of its day, ruleset reconstructed-1 (3
        players: 4 of 6 tiles face down); options stored then lack ``consolation``."""
        old = "consolation" not in options and (version is None or version < 2)
        out = super().upgrade_options(options, version)
        if old and out.get("ruleset_data", "default") == "default":
            out["ruleset_data"] = "reconstructed-1"
        return out

    def upgrade_state_data(self, data: JSON, version: int) -> JSON:
        """Rules version 1 stored the fog per tile column; now it is per tile position."""
        out = dict(data)
        if version < 2:
            columns = list(data["face_up"])
            out["face_up"] = columns + columns  # row 0, then row 1 (reading order)
        return out

    def ruleset(self, options: dict[str, Any]) -> Ruleset:
        return ruleset_for(options["ruleset_data"])

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """TR-S2 to TR-S7: the supplies, the ranks dealt, the landscape laid; the start
        statues are the first decision."""
        state = TumultState.__new__(TumultState)
        state._init_common(players, seed, options)
        state.configure()
        state.empty()
        set_up(state)
        return state

    def _state_from_data(
        self, players: int, seed: int, options: dict[str, Any], data: JSON
    ) -> State:
        """The kernel loads the declared facts; a document that cannot be a position of
        the game is refused as a hand-written position is (``checks.py``)."""
        with state_data_errors("tumult-royal state data"):  # a value of the wrong type
            state = super()._state_from_data(players, seed, options, data)
            assert isinstance(state, TumultState)
            check(state)
        return state

    def state_from_json(self, obj: Any) -> State:
        """A loaded document whose seats have nothing to decide is normalized (TR-R2)."""
        state = super().state_from_json(obj)
        if state.decision() is not None and not state.actors():
            state.normalize()
        return state

    def from_position(self, text: str) -> State:
        """A position in the format of ``docs/positions/tumult-royal.md``, checked
        (``checks.py``) and normalized."""
        state = read(text, TumultState)
        check(state)
        state.normalize()
        return state

    def state_schema(self) -> JSON:
        return state_document_schema(self, data_schema())

    def action_from_json(self, obj: Any) -> Action:
        return actions.action_from_json(obj)

    def describe(self, event: JSON, seat: int | None, lang: str = "en") -> str:
        return describe_event(event, seat, lang)

    def action_label(self, action: Action, view: JSON, lang: str = "en") -> str:
        return action_label(action, view, lang)

    def why_illegal(
        self, state: State, seat: int, action: Action, lang: str = "en"
    ) -> IllegalAction | None:
        """Why ``seat`` may not make ``action``, in ``lang``, with the rule (``explain``)."""
        assert isinstance(state, TumultState)
        return why_illegal(state, seat, action, lang)

    def result_sheet(self, state: State, lang: str = "en") -> ResultSheet:
        """Statues on the landscape and the chronicle, followers, rank, statues placed;
        the tie-breaks and the ending in words (``result.py``)."""
        assert isinstance(state, TumultState)
        return result.result_sheet(state, lang)

    def progress(self, state: State) -> list[float]:
        """The statues placed so far per seat (public)."""
        assert isinstance(state, TumultState)
        return result.progress(state)

    def progress_label(self, lang: str = "en") -> str:
        return result.progress_label(lang)

    def round_of(self, state: State) -> int | None:
        """The round, 1 to 10 (the start statues count to round 1)."""
        assert isinstance(state, TumultState)
        return result.round_of(state)

    def edition_options(self, path: Path) -> dict[str, Any]:
        """``--edition FILE``: a ruleset JSON file in the format of
        ``data/tumult_royal.json``."""
        return {"ruleset_data": load_ruleset_file(path)}

    def encoding(self, players: int, options: Mapping[str, Any] | None = None) -> TumultEncoding:
        """The numeric encoding of this configuration (``encoding.py``), shared per
        configuration; options resolved as ``new_game`` resolves them."""
        resolved = resolve_options(self.options, options, players)
        return encoding_for(players, resolved, self.ruleset(resolved))

    def bots(self) -> dict[str, Any]:
        from .heuristic import HeuristicBot

        return {"heuristic": HeuristicBot}

    def make_search_hooks(self) -> SearchHooks:
        """The search's knowledge of the game: the heuristic's prior and a fitted
        evaluation after the round is played out (``search.py``)."""
        from .search import TumultSearchHooks

        return TumultSearchHooks(self)

    def conformance_cases(self) -> list[ConformanceCase]:
        cases = []
        for players in (2, 3, 4):
            for variant in ("standard", "zocker"):
                cases.append(
                    ConformanceCase(
                        players=players,
                        options={"variant": variant},
                        games=300,
                        deep_every=100,
                        label=f"{players}p {variant}",
                    )
                )
        cases.append(  # ruleset reconstructed-1, as records of rules version 1 play
            ConformanceCase(
                players=3,
                options={"consolation": "built_nothing", "ruleset_data": "reconstructed-1"},
                games=60,
                deep_every=30,
                label="3p reconstructed-1, built_nothing",
            )
        )
        return cases


GAME = TumultRoyal()
# the kernel's link from a state to its game (``State.game``: documents and records name
# it); state.py does not import this module
TumultState.game = GAME
