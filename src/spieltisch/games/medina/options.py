"""Medina's options (rules §7) and the checks that tie them to the edition and the player
count (MD-S1, MD-S2)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...engine.errors import OptionError
from ...engine.i18n import N_
from ...engine.options import Option, data_option
from .data import parse_ruleset, ruleset_of


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


def check_options(players: int, options: dict[str, Any]) -> None:
    """Options that do not go with the edition or the player count raise ``OptionError``."""
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
        _check_cells(players, options)


def _check_cells(players: int, options: dict[str, Any]) -> None:
    """MD-S2: a fixed well and start merchant stand on inner cells, not on each other."""
    width, height = ruleset_of(options).boards["small" if players == 2 else "standard"]
    inner = f"an inner cell: 2 <= x <= {width - 3}, 2 <= y <= {height - 3}"
    well, start = options["well_cell"], options["start_merchant_cell"]
    for name, cell in (("well_cell", well), ("start_merchant_cell", start)):
        if cell is not None and not (2 <= cell[0] <= width - 3 and 2 <= cell[1] <= height - 3):
            raise OptionError(f"option {name!r}: {cell} is not {inner}")
    if well is not None and start is not None and well == start:
        raise OptionError("option 'start_merchant_cell' must differ from 'well_cell'")
