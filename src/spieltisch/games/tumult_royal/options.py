"""Tumult Royal's options (TR section 7): the variant, the readings the rules leave open,
the grab's length and the printed numbers."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...engine.i18n import N_
from ...engine.options import Option, data_option
from .data import BUILTIN_RULESETS, parse_ruleset
from .table import BUILT_NOTHING, CONSOLATIONS, COULD_NOT


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
