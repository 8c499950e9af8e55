"""Tumult Royal as a Spieltisch game: options, factory, parsing, log text and button
captions."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...engine.action import Action
from ...engine.game import JSON, ConformanceCase, Game, State
from ...engine.options import Option, data_option, resolve_options
from . import actions
from .data import default_ruleset, load_ruleset_file, parse_ruleset, ruleset_from_text
from .describe import describe_event
from .encoding import TumultEncoding, encoding_for
from .labels import action_label
from .state import TumultState


def _positive_int(value: Any, players: int) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"must be an integer >= 1, not {value!r}")
    return value


OPTIONS = (
    Option(
        "variant",
        "standard",
        "standard: one spin for all goods in phase 1; zocker: no spin in phase 1, one spin per "
        "good just before its tumult check (TR-R5, TR-R8).",
        choices=("standard", "zocker"),
    ),
    Option(
        "keep_goods",
        False,
        "Unspent tiles stay with their owner (face up) into the next round and count for the "
        "greed measure (TR-R10, TR-R29).",
        choices=(False, True),
    ),
    Option(
        "greed_measure",
        "units",
        "What 'most of a good' counts in a tumult: units or tiles (TR-R10).",
        choices=("units", "tiles"),
    ),
    Option(
        "grab_ticks",
        24,
        "Ticks T of the grab phase (TR-G1).",
        validate=_positive_int,
        values="an integer >= 1",
    ),
    Option(
        "tick_ms",
        800,
        "Real-time table only: milliseconds per grab tick (TR-G14); no effect in the engine.",
        validate=_positive_int,
        values="an integer >= 1",
    ),
    data_option(
        "ruleset_data",
        "Every printed number (TR-D13): 'default' or a full data object; --edition FILE loads one.",
        parse_ruleset,
    ),
)


class TumultRoyal(Game):
    id = "tumult-royal"
    name = "Tumult Royal"
    version = 1
    min_players = 2
    max_players = 4
    default_players = 3
    options = OPTIONS

    def ruleset(self, options: dict[str, Any]) -> Any:
        data = options["ruleset_data"]
        if data == "default":
            return default_ruleset()
        return ruleset_from_text(json.dumps(data, sort_keys=True))

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return TumultState.new(players, seed, options, self.ruleset(options))

    def _state_from_data(
        self, players: int, seed: int, options: dict[str, Any], data: JSON
    ) -> State:
        return TumultState.from_data(players, seed, options, self.ruleset(options), data)

    def action_from_json(self, obj: Any) -> Action:
        return actions.action_from_json(obj)

    def describe(self, event: JSON, seat: int | None, lang: str = "en") -> str:
        return describe_event(event, seat, lang)

    def action_label(self, action: Action, view: JSON, lang: str = "en") -> str:
        return action_label(action, view, lang)

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
        return cases


TumultState.game = TumultRoyal()
GAME = TumultState.game
