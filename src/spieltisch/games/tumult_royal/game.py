"""Tumult Royal as a Spieltisch game: options, factory, parsing, log text and button
captions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from ...engine.action import Action
from ...engine.errors import IllegalAction
from ...engine.game import JSON, ConformanceCase, Game, State
from ...engine.i18n import N_
from ...engine.options import Option, data_option, resolve_options
from ...engine.result import ResultSheet
from . import actions
from .data import BUILTIN_RULESETS, Ruleset, load_ruleset_file, parse_ruleset, ruleset_for
from .describe import describe_event
from .encoding import TumultEncoding, encoding_for
from .labels import action_label
from .state import BUILT_NOTHING, CONSOLATIONS, COULD_NOT, TumultState


def _positive_int(value: Any, players: int) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"must be an integer >= 1, not {value!r}")
    return value


# TR-G14: a newcomer peeks in one tick and decides Keep or Put back in the next; the
# decision takes about 1 s plus the page's update (about 0.2 s), so 1250 ms ticks let both
# fit (docs/games/tumult-royal.md, "The length of a tick"). Presets: the old fast grab,
# the standard, a relaxed and a slow one.
TICK_MS = 1250
TICK_PRESETS = (800, 1250, 2000, 3000)

OPTIONS = (
    Option(
        "variant",
        "standard",
        "standard: one spin for all goods in phase 1; zocker: no spin in phase 1, one spin per "
        "good just before its tumult check (TR-R5, TR-R8).",
        choices=("standard", "zocker"),
        label=N_("Variant"),
        summary=N_(
            "Standard: one spin before the grab sets the demand for every good. Zocker: nobody "
            "knows the demand while grabbing; it is spun for each good just before its check."
        ),
        value_labels=(
            ("standard", N_("standard: the demand is known before the grab")),
            ("zocker", N_("Zocker: the demand is spun per good after the grab")),
        ),
        source="seed",
    ),
    Option(
        "keep_goods",
        False,
        "Unspent tiles stay with their owner (face up) into the next round and count for the "
        "greed measure (TR-R10, TR-R29).",
        choices=(False, True),
        label=N_("Keep unspent goods"),
        summary=N_(
            "Goods tiles you do not spend stay with you, face up, into the next round and "
            "count when the greediest is sought."
        ),
        value_labels=(
            (False, N_("no: unspent tiles go back to the people every round")),
            (True, N_("yes: unspent tiles stay with their owner")),
        ),
        source="reconstructed",
    ),
    Option(
        "greed_measure",
        "units",
        "What 'most of a good' counts in a tumult: units or tiles (TR-R10).",
        choices=("units", "tiles"),
        label=N_("Greed is counted in"),
        summary=N_(
            "In a tumult, the greediest player is the one with the most units of the good, "
            "or with the most tiles of it."
        ),
        value_labels=(
            ("units", N_("units: the values on the tiles are added up")),
            ("tiles", N_("tiles: each tile counts 1, whatever its value")),
        ),
        source="reconstructed",
    ),
    Option(
        "consolation",
        "could_not",
        "Who gets the +2 followers of a build turn without a statue: could_not = only a "
        "player who had no legal build at the start of the turn (the seed's reading), "
        "built_nothing = anyone who builds nothing (ruleset reconstructed-1) (TR-R21).",
        choices=CONSOLATIONS,
        label=N_("Consolation"),
        summary=N_(
            "Who gets 2 followers as a consolation at the end of a build turn without a statue."
        ),
        value_labels=(
            (COULD_NOT, N_("only a player who could not build anything")),
            (BUILT_NOTHING, N_("every player who builds nothing")),
        ),
        source="seed",
    ),
    Option(
        "grab_ticks",
        24,
        "Ticks T of the grab phase (TR-G1).",
        validate=_positive_int,
        values="an integer >= 1",
        label=N_("Grab ticks"),
        summary=N_(
            "How many ticks the tax robbery lasts at most; in each tick every player makes one "
            "grab."
        ),
        value_labels=((24, N_("24 ticks (about 20 seconds at the table)")),),
        source="digital",
    ),
    Option(  # wall time only: stored tables keep theirs, records replay alike (TR-G14)
        "tick_ms",
        TICK_MS,
        "Real-time table only: the milliseconds a grab tick lasts at most, the same for every "
        "seat (TR-G14); it ends early once everyone has chosen. 1250 gives a new player time "
        "for one peek or one keep/put-back decision per tick; 800 for a fast grab, 2000 or "
        "3000 for a slower one. No effect in the engine.",
        validate=_positive_int,
        values="an integer >= 1",
        presets=TICK_PRESETS,
        label=N_("Tick length"),
        summary=N_(
            "At a live table: how long one grab tick lasts at most, in milliseconds; a tick "
            "ends early once everyone has chosen."
        ),
        value_labels=(
            (800, N_("0.8 s: fast, close to the 20-second sand timer")),
            (1250, N_("1.25 s: time for one look or one decision per tick")),
            (2000, N_("2 s: relaxed")),
            (3000, N_("3 s: slow")),
        ),
        source="digital",
    ),
    replace(
        data_option(
            "ruleset_data",
            "Every printed number (TR-D13): 'default' (ruleset reconstructed-2), "
            "'reconstructed-1' (3 players with 4 of 6 tiles face down, kept for old records) or "
            "a full data object; --edition FILE loads one.",
            parse_ruleset,
            tuple(BUILTIN_RULESETS),
        ),
        label=N_("Game numbers"),
        summary=N_(
            "Every printed number: goods tiles, build costs, landscape tiles, chronicle and "
            "spinner; an owner of the game can correct the reconstructed ones."
        ),
        value_labels=(
            ("default", N_("this engine's numbers (ruleset reconstructed-2)")),
            ("reconstructed-1", N_("the older numbers: 3 players with 4 of 6 tiles face down")),
        ),
        source="reconstructed",
    ),
)


class TumultRoyal(Game):
    id = "tumult-royal"
    name = "Tumult Royal"
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

    def why_illegal(
        self, state: State, seat: int, action: Action, lang: str = "en"
    ) -> IllegalAction | None:
        """Why ``seat`` may not make ``action``, in ``lang``, with the rule (``explain``)."""
        from .explain import why_illegal

        assert isinstance(state, TumultState)
        return why_illegal(state, seat, action, lang)

    def result_sheet(self, state: State, lang: str = "en") -> ResultSheet:
        """Statues on the landscape and the chronicle, followers, rank, statues placed;
        the tie-breaks and the ending in words (``result.py``)."""
        from . import result

        assert isinstance(state, TumultState)
        return result.result_sheet(state, lang)

    def progress(self, state: State) -> list[float]:
        """The statues placed so far per seat (public)."""
        from . import result

        assert isinstance(state, TumultState)
        return result.progress(state)

    def progress_label(self, lang: str = "en") -> str:
        from . import result

        return result.progress_label(lang)

    def round_of(self, state: State) -> int | None:
        """The round, 1 to 10 (the start statues count to round 1)."""
        from . import result

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


TumultState.game = TumultRoyal()
GAME = TumultState.game
