"""Medina as a Spieltisch game: options, factory, parsing, log text."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...engine.action import Action
from ...engine.encoding import Encoding
from ...engine.errors import IllegalAction, OptionError
from ...engine.game import JSON, ConformanceCase, Game, State
from ...engine.i18n import N_
from ...engine.options import Option, data_option, resolve_options
from ...engine.result import ResultSheet
from . import actions, result
from .data import default_ruleset, load_ruleset_file, parse_ruleset, ruleset_from_text
from .describe import describe_event
from .encoding import medina_encoding
from .explain import why_illegal
from .labels import action_label
from .state import MedinaState


def _cell_option(value: Any, players: int) -> Any:
    if value is None:
        return None
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ValueError(f"must be null or [x, y], not {value!r}")
    return [value[0], value[1]]


OPTIONS = (
    Option(
        "edition",
        1,
        "1st edition (3-4 players) or 2nd edition (2-4 players: well, tea, "
        "neutral roofs, tower merchants, opening one-piece turns, purple).",
        choices=(1, 2),
        label=N_("Edition"),
        summary=N_(
            "The 1st edition (3-4 players) or the 2nd edition (2-4 players) with the well, "
            "tea tiles, neutral roofs and merchants on the tower tiles."
        ),
        value_labels=((1, N_("1st edition (2001)")), (2, N_("2nd edition (2014)"))),
        source="sourced",
    ),
    Option(
        "open_screens",
        False,
        "Every seat's supply is public (MD-R68).",
        choices=(False, True),
        label=N_("Open screens"),
        summary=N_("Everybody sees every player's supply, not only their own."),
        value_labels=(
            (False, N_("no: supplies behind the screens")),
            (True, N_("yes: all supplies open")),
        ),
        source="digital",
    ),
    Option(
        "last_player_must_roof",
        False,
        "Boardspace anti-stall rule: when nobody else can "
        "place, the second piece of a turn must be a roof if one is possible (MD-R59).",
        choices=(False, True),
        label=N_("Last player must roof"),
        summary=N_(
            "When nobody else can place any more, the second piece of your turn must be a "
            "roof if you can place one (Boardspace house rule)."
        ),
        value_labels=((False, N_("no")), (True, N_("yes"))),
        source="sourced",
    ),
    Option(
        "start_merchant_anywhere",
        False,
        "1st edition: the start merchant may go on any "
        "city square (the seed's literal wording) instead of an inner square (MD-R14).",
        choices=(False, True),
        label=N_("Start merchant anywhere"),
        summary=N_(
            "1st edition: the start merchant may go on any city square, the edge rows "
            "included, instead of one square away from the wall."
        ),
        value_labels=(
            (False, N_("no: an inner square")),
            (True, N_("yes: any city square")),
        ),
        source="seed",
    ),
    Option(
        "neutral_takes_tiles",
        True,
        "2nd edition: neutral palaces can hold palace and tower "
        "tiles (then nobody scores them) and send tower merchants to the box (MD-R55).",
        choices=(False, True),
        label=N_("Neutral palaces take tiles"),
        summary=N_(
            "2nd edition: a palace under a neutral roof can take palace and tower tiles away "
            "(then nobody scores them) and send a tower's merchants to the box."
        ),
        value_labels=((False, N_("no: neutral palaces are ignored")), (True, N_("yes"))),
        source="reconstructed",
    ),
    Option(
        "well_cell",
        None,
        "2nd edition: the well's cell [x, y] (an inner cell); null = random (MD-S2).",
        validate=_cell_option,
        values="null, or [x, y]",
        label=N_("Well square"),
        summary=N_("2nd edition: put the well on a chosen inner square instead of at random."),
        value_labels=((None, N_("at random")),),
        source="digital",
    ),
    Option(
        "start_merchant_cell",
        None,
        "2nd edition: the start merchant's cell [x, y] (an inner "
        "cell other than the well); null = random (MD-S2).",
        validate=_cell_option,
        values="null, or [x, y]",
        label=N_("Start merchant square"),
        summary=N_(
            "2nd edition: put the start merchant on a chosen inner square instead of at random."
        ),
        value_labels=((None, N_("at random")),),
        source="digital",
    ),
    Option(
        "returns_mode",
        "win_loss",
        "Returns for AI: win_loss (+1/k winners, -1/(n-k) "
        "others), rank, or score minus the mean (MD-R66).",
        choices=("win_loss", "rank", "score"),
        label=N_("Bot reward"),
        summary=N_(
            "What the bots play for: winning, a good place, or points ahead of the average."
        ),
        value_labels=(
            ("win_loss", N_("win or lose")),
            ("rank", N_("the place in the standing")),
            ("score", N_("points against the average")),
        ),
        source="digital",
    ),
    replace(
        data_option(
            "ruleset_data",
            "Every printed number (MD-D9): 'default' or a full data object; "
            "--edition FILE loads one.",
            parse_ruleset,
        ),
        label=N_("Game numbers"),
        summary=N_(
            "Every printed number: tower and palace-tile values, the pieces per player; an "
            "owner of the game can correct the reconstructed ones."
        ),
        value_labels=(("default", N_("this engine's numbers (partly reconstructed)")),),
        source="reconstructed",
    ),
)


class Medina(Game):
    id = "medina"
    name = "Medina"
    version = 1
    min_players = 2
    max_players = 4
    default_players = 3
    options = OPTIONS
    bench_references = ("go", "quoridor")

    def _check(self, players: int, options: dict[str, Any]) -> None:
        edition = options["edition"]
        if edition == 1 and players == 2:
            raise OptionError(
                "the 1st edition of Medina is played by 3 or 4 players; use edition=2 for 2"
            )
        if edition == 1:
            for name in ("well_cell", "start_merchant_cell"):
                if options[name] is not None:
                    raise OptionError(f"option {name!r} exists only with edition=2")
            if not options["neutral_takes_tiles"]:
                raise OptionError("option 'neutral_takes_tiles' exists only with edition=2")
        if edition == 2 and options["start_merchant_anywhere"]:
            raise OptionError("option 'start_merchant_anywhere' exists only with edition=1")
        if edition == 2:
            self._check_cells(players, options)

    def _check_cells(self, players: int, options: dict[str, Any]) -> None:
        """MD-S2: a fixed well and start merchant stand on inner cells, not on each other."""
        width, height = self.ruleset(options).boards["small" if players == 2 else "standard"]
        inner = f"an inner cell: 2 <= x <= {width - 3}, 2 <= y <= {height - 3}"
        well, start = options["well_cell"], options["start_merchant_cell"]
        for name, cell in (("well_cell", well), ("start_merchant_cell", start)):
            if cell is not None and not (2 <= cell[0] <= width - 3 and 2 <= cell[1] <= height - 3):
                raise OptionError(f"option {name!r}: {cell} is not {inner}")
        if well is not None and start is not None and well == start:
            raise OptionError("option 'start_merchant_cell' must differ from 'well_cell'")

    def ruleset(self, options: dict[str, Any]) -> Any:
        data = options["ruleset_data"]
        return (
            default_ruleset()
            if data == "default"
            else ruleset_from_text(json.dumps(data, sort_keys=True))
        )

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        self._check(players, options)
        rules = self.ruleset(options)
        return MedinaState.new(players, seed, options, rules)

    def _state_from_data(
        self, players: int, seed: int, options: dict[str, Any], data: JSON
    ) -> State:
        try:
            self._check(players, options)
        except OptionError as exc:
            from ...engine.errors import StateFormatError

            raise StateFormatError(str(exc)) from None
        return MedinaState.from_data(players, seed, options, self.ruleset(options), data)

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
        self._check(players, resolved)
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


MedinaState.game = Medina()
GAME = MedinaState.game


def score_bound(rules: Any, players: int, edition: int) -> int:
    """No seat can score more (MD-R60, MD-R63): every building and stable counts once (plus
    the well bonus), every wall and merchant at most once for each of its 4 neighbours
    (the 6 tower merchants included), and every palace and tower tile once."""
    supply = rules.supply[(edition, players)]
    components = players * (4 * supply.buildings_per_colour + supply.stables)
    pieces = players * (supply.walls + supply.merchants) + 6
    tiles = sum(rules.palace_tile_values.values()) + (1 + 2 + 3 + 4)
    return int(components * (1 + rules.well_bonus) + 4 * pieces + tiles)
