"""Options (section 7 of the rules; MD-R59 last_player_must_roof)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction, OptionError

from .positions import GAME, act, legal, position

ZERO = dict.fromkeys(
    ("b0", "b1", "b2", "b3", "roofs", "neutral_roofs", "stables", "merchants", "walls"), 0
)


def test_defaults():
    s = GAME.new_game(3, 0)
    assert s.options == {
        "edition": 1, "open_screens": False, "last_player_must_roof": False,
        "start_merchant_anywhere": False, "neutral_takes_tiles": True, "well_cell": None,
        "start_merchant_cell": None, "returns_mode": "win_loss", "ruleset_data": "default",
    }  # fmt: skip
    # 2nd-edition options at their defaults are accepted with edition 1
    GAME.new_game(3, 0, {"well_cell": None, "neutral_takes_tiles": True})


@pytest.mark.parametrize(
    ("players", "options", "name"),
    [
        (3, {"colour_blind": True}, "colour_blind"),
        (3, {"edition": 3}, "edition"),
        (3, {"open_screens": "yes"}, "open_screens"),
        (3, {"returns_mode": "elo"}, "returns_mode"),
        (3, {"last_player_must_roof": 1.5}, "last_player_must_roof"),
        (2, {"edition": 1}, "edition"),
        (2, {}, "edition"),
        (3, {"well_cell": [5, 5]}, "well_cell"),
        (3, {"start_merchant_cell": [5, 5]}, "start_merchant_cell"),
        (3, {"neutral_takes_tiles": False}, "neutral_takes_tiles"),
        (3, {"edition": 2, "start_merchant_anywhere": True}, "start_merchant_anywhere"),
        (3, {"edition": 2, "well_cell": [5]}, "well_cell"),
        (3, {"edition": 2, "well_cell": [1, 5]}, "well_cell"),  # not an inner cell
        (3, {"edition": 2, "well_cell": [40, 5]}, "well_cell"),  # off the board
        (3, {"edition": 2, "start_merchant_cell": [0, 5]}, "start_merchant_cell"),
        (3, {"edition": 2, "well_cell": [6, 6], "start_merchant_cell": [6, 6]},
         "start_merchant_cell"),
        (3, {"ruleset_data": {"boards": {}}}, "ruleset_data"),
        (5, {}, "5"),
    ],
)  # fmt: skip
def test_bad_options_name_the_option(players, options, name):
    with pytest.raises(OptionError) as err:
        GAME.new_game(players, 0, options)
    assert name in str(err.value)


PIECES = [("m", 8, 8), ("b", "g", 3, 3)]


def must_roof_state(flag, edition=1):
    opts = {"last_player_must_roof": flag}
    pieces = PIECES
    if edition == 2:
        opts.update(edition=2, well_cell=[12, 8], start_merchant_cell=[8, 8])
        pieces = PIECES[1:]
    return position(
        pieces,
        {"g": ("grey", None)},
        options=opts,
        supply={0: {**ZERO, "roofs": 2, "walls": 3}, 1: ZERO, 2: ZERO},
        data={"tea": [1, 0, 0], "tea_pool": 5} if edition == 2 else None,
    )


def test_md_r59_last_player_must_roof():
    s = must_roof_state(True)
    assert {a.kind for a in legal(s)} == {"roof", "wall"}  # the first action is free
    s.apply(0, act("wall", 1, 0))
    assert legal(s) == [act("roof", 3, 3)]
    with pytest.raises(IllegalAction) as err:
        s.clone().apply(0, act("wall", 2, 0))
    assert err.value.rule == "MD-R59"
    s.apply(0, act("roof", 3, 3))
    # without the option the second piece is free
    s = must_roof_state(False)
    s.apply(0, act("wall", 1, 0))
    assert {a.kind for a in legal(s)} == {"roof", "wall"}


def test_md_r59_first_placement_roof_unrestricted():
    s = must_roof_state(True)
    s.apply(0, act("roof", 3, 3))
    assert {a.kind for a in legal(s)} == {"wall"}


def test_md_r59_and_md_e24_forced_roof_forbids_tea_discard():
    s = must_roof_state(True, edition=2)
    s.apply(0, act("wall", 1, 0))
    assert legal(s) == [act("roof", 3, 3)]
    with pytest.raises(IllegalAction) as err:
        s.clone().apply(0, act("discard_tea"))
    assert err.value.rule in ("MD-R59", "MD-R58")
    s2 = must_roof_state(False, edition=2)
    s2.apply(0, act("wall", 1, 0))
    assert act("discard_tea") in legal(s2)
