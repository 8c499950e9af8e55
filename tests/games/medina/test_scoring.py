"""Scoring, standing and returns (MD-R60 to MD-R66, MD-E17)."""

from __future__ import annotations

import copy

import pytest

from .positions import GAME, finish, pid, position, position_json


def over(doc, **options):
    doc = copy.deepcopy(doc)
    finish(doc)
    doc["options"].update(options)
    return GAME.state_from_json(doc)


def test_md_r60_walls_and_merchants_counted_once_and_md_e17():
    s = position(
        [("m", 3, 2), ("m", 4, 2), ("m", 5, 2), ("w", 1, 0), ("w", 0, 1),
         ("b", "g", 1, 1), ("b", "g", 2, 1), ("b", "g", 3, 1), ("r", "g"),
         ("b", "k", 6, 3), ("r", "k")],
        {"g": ("grey", 0), "k": ("black", 1)},
    )  # fmt: skip
    g, k = pid(s, 1, 1), pid(s, 6, 3)
    # (1,1) touches two walls with one building (MD-E17); (3,2) touches g once
    # although g has two buildings next to... only (3,1); (4,2) touches nothing of g
    pts = s.palace_points(g)
    assert (pts["components"], pts["walls"], pts["merchants"]) == (3, 2, 1)
    assert s.palace_points(k)["merchants"] == 0
    s2 = position(
        [("m", 4, 4), ("m", 4, 5), ("b", "g", 3, 4), ("b", "g", 3, 5), ("r", "g"),
         ("b", "k", 5, 3), ("b", "k", 6, 3), ("r", "k")],
        {"g": ("grey", 0), "k": ("black", 1)},
    )  # fmt: skip
    # (4,4) touches both buildings of g: once; it also touches k's (5,3)? no: (4,3)-(5,3)
    assert s2.palace_points(pid(s2, 3, 4))["merchants"] == 2
    s3 = position(
        [("m", 5, 5), ("b", "g", 4, 5), ("r", "g"), ("b", "k", 6, 5), ("r", "k")],
        {"g": ("grey", 0), "k": ("black", 1)},
    )
    # a merchant touching two palaces counts for both
    assert s3.palace_points(pid(s3, 4, 5))["merchants"] == 1
    assert s3.palace_points(pid(s3, 6, 5))["merchants"] == 1


def test_md_r60_well_bonus_second_edition():
    s = position(
        [("b", "n", 10, 6), ("s", "n", 11, 6), ("r", "n")],
        {"n": ("brown", 1)},
        options={"edition": 2, "well_cell": [8, 6], "start_merchant_cell": [3, 3]},
    )
    assert s.palace_points(pid(s, 10, 6)) == {
        "components": 2, "walls": 0, "merchants": 0, "well": 4, "total": 6
    }  # fmt: skip


def test_md_r61_unclaimed_and_neutral_score_nothing_md_r62_neutral_tile():
    s = position(
        [("b", "p", 4, 4), ("b", "p", 4, 5), ("n", "p", 0), ("m", 5, 4), ("b", "g", 10, 4),
         ("w", 1, 0)],
        {"p": ("purple", "neutral"), "g": ("grey", None)},
        options={"edition": 2, "well_cell": [12, 8], "start_merchant_cell": [5, 3]},
        palace_tiles={"purple": "p"},
    )  # fmt: skip
    assert s.scores() == [0.0, 0.0, 0.0]
    assert all(b["palaces"] == [] for b in s.breakdown())


def test_md_r62_r63_tiles_add_to_owner_total():
    """MD-R62 tile values go to the holder's owner; MD-R63 total = palaces + tiles."""
    s = position(
        [("m", 8, 8), ("w", 1, 0), ("b", "o", 1, 1), ("r", "o"), ("b", "k", 10, 4), ("r", "k")],
        {"o": ("orange", 2), "k": ("black", 0)},
        palace_tiles={"orange": "o", "black": "k"},
        tower_tiles={1: "o"},
    )  # fmt: skip
    bd = s.breakdown()
    assert bd[2] == {
        "palaces": [{"palace": 1, "colour": "orange", "cell": [1, 1], "components": 1,
                     "walls": 1, "merchants": 0, "well": 0, "total": 2}],
        "palace_tiles": 4, "tower_tiles": 1, "total": 7,
    }  # fmt: skip
    assert s.scores() == [3.0, 0.0, 7.0]


TIE = [("m", 8, 8), ("w", 1, 0), ("b", "g", 1, 1), ("b", "k", 10, 5)]
TIE_PAL = {"g": ("grey", 1), "k": ("black", 0)}


@pytest.mark.parametrize(("order", "winner"), [(["g", "k"], 1), (["k", "g"], 0)])
def test_md_r64_tie_break_claim_time(order, winner):
    doc = position_json(
        TIE + [("r", label) for label in order],
        TIE_PAL,
        palace_tiles={"grey": "g", "black": "k"},
    )
    s = over(doc)
    assert s.scores()[:2] == [3.0, 3.0]
    assert s.winners() == [winner]  # equal largest (1): the earlier claim wins


def test_md_r64_tie_break_largest_palace_and_md_r65_standing():
    doc = position_json(
        [("m", 8, 8), ("b", "g", 3, 3), ("b", "g", 4, 3), ("r", "g"), ("b", "k", 10, 5),
         ("r", "k")],
        {"g": ("grey", 0), "k": ("black", 1)},
        palace_tiles={"grey": "g", "black": "k"},
    )  # fmt: skip
    s = over(doc)
    assert s.scores() == [3.0, 3.0, 0.0]
    assert s.winners() == [0]
    keys = s.ranking_keys()
    assert keys[0] > keys[1] > keys[2]
    assert over(doc, returns_mode="rank").returns() == pytest.approx([1.0, 0.0, -1.0])


def test_md_r64_share_when_nobody_owns_and_md_r66_zero():
    doc = position_json([("m", 8, 8)])
    for mode in ("win_loss", "rank", "score"):
        s = over(doc, returns_mode=mode)
        assert s.winners() == [0, 1, 2]
        assert s.returns() == [0.0, 0.0, 0.0]


def test_md_r66_rank_with_a_tie_group():
    doc = position_json([("m", 8, 8), ("b", "g", 3, 3), ("r", "g")], {"g": ("grey", 2)})
    s = over(doc, returns_mode="rank")
    assert s.returns() == pytest.approx([-0.5, -0.5, 1.0])
    assert over(doc).returns() == pytest.approx([-0.5, -0.5, 1.0])  # win_loss
    assert over(doc, returns_mode="score").returns() == pytest.approx([-1 / 3, -1 / 3, 2 / 3])


def test_md_r66_rank_four_players():
    doc = position_json(
        [("m", 8, 8), ("b", "o", 2, 2), ("r", "o"), ("b", "n", 6, 2), ("r", "n"),
         ("b", "k", 10, 2), ("r", "k"), ("b", "g", 14, 2), ("r", "g")],
        {"o": ("orange", 0), "n": ("brown", 1), "k": ("black", 2), "g": ("grey", 3)},
        players=4,
        palace_tiles={"orange": "o", "brown": "n", "black": "k", "grey": "g"},
    )  # fmt: skip
    s = over(doc, returns_mode="rank")
    assert s.scores() == [5.0, 4.0, 3.0, 2.0]
    assert s.returns() == pytest.approx([1.0, 1 / 3, -1 / 3, -1.0])
    assert over(doc).returns() == pytest.approx([1.0, -1 / 3, -1 / 3, -1 / 3])
    assert sum(over(doc, returns_mode="score").returns()) == pytest.approx(0.0)
