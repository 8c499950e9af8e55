"""Setup (MD-S1, MD-S2), seats and the start merchant (MD-R13, MD-R14, MD-R51, MD-E20)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction

from .positions import act, cells, fresh, legal_cells


@pytest.mark.parametrize("players", [3, 4])
def test_md_s1_first_edition_setup(players):
    s = fresh(players)
    assert s.phase == "start_merchant" and s.actors() == (0,)
    # only the four towers are on the board
    assert [s.board.xy(c) for c in range(s.board.size) if s.cellv[c]] == [
        (0, 0), (17, 0), (0, 12), (17, 12)
    ]  # fmt: skip
    assert s.palace_tile == [0] * 4 and s.tower_tile == [0] * 4
    assert all(row == s.supply[0] for row in s.supply)
    acts = s.legal_actions(0)
    assert {a.kind for a in acts} == {"start_merchant"}
    assert cells(s, s.board.inner_cells) == {(a.x, a.y) for a in acts}  # MD-R14
    assert s.legal_actions(1) == []


def test_md_s1_start_merchant_then_first_turn():
    s = fresh(3)
    s.apply(0, act("start_merchant", 8, 6))  # MD-R14: not one of the two placements
    assert s.phase == "turn" and s.active == 0 and s.quota == 2 and s.turn_placements == 0
    assert s.supply[0][7] == 8  # the start merchant belongs to no supply
    s.apply(0, act("merchant", 8, 7))  # an ordinary merchant for every other rule
    assert s.active == 0
    s.apply(0, act("wall", 1, 0))
    assert s.active == 1


def test_md_r14_start_merchant_inner_only():
    s = fresh(3)
    with pytest.raises(IllegalAction) as err:
        s.apply(0, act("start_merchant", 1, 5))
    assert err.value.rule == "MD-R14"
    with pytest.raises(IllegalAction) as err:
        s.apply(0, act("wall", 1, 0))  # nothing else during the start-merchant phase
    assert err.value.rule == "MD-R14"
    s.apply(0, act("start_merchant", 2, 2))
    with pytest.raises(IllegalAction) as err:
        s.apply(0, act("start_merchant", 5, 5))
    assert err.value.rule == "MD-R14"


def test_md_r14_start_merchant_anywhere_option():
    s = fresh(3, start_merchant_anywhere=True)
    assert len(s.legal_actions(0)) == 176
    s.apply(0, act("start_merchant", 1, 11))  # MD-E20: edge row allowed with the option
    assert s.phase == "turn"


def test_md_r13_turn_order_wraps():
    s = fresh(4)
    s.apply(0, act("start_merchant", 8, 6))
    order = []
    walls = iter([(x, 0) for x in range(1, 16)] + [(0, y) for y in range(1, 11)])
    for _ in range(10):
        order.append(s.active)
        seat = s.active
        s.apply(seat, act("wall", *next(walls)))
        s.apply(seat, act("wall", *next(walls)))
    assert order == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]


@pytest.mark.parametrize(("players", "width"), [(2, 16), (3, 18), (4, 18)])
def test_md_s2_second_edition_setup(players, width):
    s = fresh(players, seed=7, edition=2)
    b = s.board
    assert b.width == width
    assert s.phase == "turn" and s.active == 0  # no start-merchant phase
    assert b.inner[s.well]  # the well on an inner cell
    merchants = [c for c in range(b.size) if s.cellv[c] == 3]
    assert len(merchants) == 1 and b.inner[merchants[0]] and merchants[0] != s.well
    assert s.tower_merchants == [3, 2, 1, 0] and s.tea_pool == 6
    assert s.supply[0][5] == {2: 2, 3: 1, 4: 0}[players]  # neutral roofs
    assert s.quota == 1  # MD-R52 opening
    setup = [e for e in s.events if e["type"] == "setup"]
    assert setup == [{"type": "setup", "well": list(b.xy(s.well)),
                      "start_merchant": list(b.xy(merchants[0]))}]  # fmt: skip


def test_md_r51_random_setup_is_seeded():
    wells = {}
    for seed in range(12):
        a = fresh(3, seed=seed, edition=2)
        b = fresh(3, seed=seed, edition=2)
        assert a.to_json() == b.to_json()  # reproducible from the seed
        wells[seed] = a.well
    assert len(set(wells.values())) > 1  # drawn, not fixed
    assert fresh(3, seed=5).to_json()["chance"] == fresh(3, seed=5).to_json()["chance"]


def test_md_e20_second_edition_start_merchant_may_be_in_well_zone():
    s = fresh(3, edition=2, well_cell=[8, 6], start_merchant_cell=[9, 7])
    assert s.board.cell(9, 7) in s.board.well_zone(s.well)
    # 1st edition restarted lines may start on edge rows: see test_merchants (MD-R33)
    s1 = fresh(3)
    s1.apply(0, act("start_merchant", 8, 6))
    assert (1, 1) not in legal_cells(s1, "merchant")
