"""The 2nd edition (MD-R49 to MD-R58, MD-E20 to MD-E24)."""

from __future__ import annotations

import pytest

from .positions import act, build, force_turn, fresh, legal, legal_cells, pid, place, position, rule

E2 = {"edition": 2, "well_cell": [8, 6], "start_merchant_cell": [3, 8]}


def pos(pieces, palaces=None, options=None, **kw):
    return position(pieces, palaces, options={**E2, **(options or {})}, **kw)


def test_md_r49_purple_replaces_black():
    s = fresh(3, **E2)
    assert s.colours == ("grey", "purple", "brown", "orange")
    force_turn(s, 0)
    assert rule(s, 0, build("black", 12, 3)) == "MD-D4"
    place(s, 0, build("purple", 12, 3))


def test_md_r50_well_and_zone():
    s = pos([("b", "g", 6, 5)], {"g": ("grey", None)})
    assert rule(s, 0, act("merchant", 8, 6)) in ("MD-R31", "MD-R32", "MD-R50")
    assert rule(s, 0, build("orange", 8, 6)) in ("MD-R22", "MD-R24", "MD-R50")
    assert rule(s, 0, build("orange", 9, 7)) in ("MD-R24", "MD-R50")  # zone
    assert rule(s, 0, act("stable", 7, 5)) in ("MD-R29", "MD-R50")  # next to (6,5), in zone
    assert rule(s, 0, build("grey", 7, 5)) in ("MD-R23", "MD-R50")
    assert rule(s, 0, act("wall", 8, 6)) == "MD-R34"
    assert (7, 5) not in legal_cells(s, "stable")
    free = {s.board.xy(c) for c in s.free_start}
    zone = {(x, y) for x in range(7, 10) for y in range(5, 8)}
    assert not free & zone


def test_md_e21_palace_closed_by_the_zone():
    opts = {"well_cell": [2, 2], "start_merchant_cell": [2, 5]}
    s = pos([("m", 2, 4), ("m", 1, 5), ("b", "g", 1, 4)], {"g": ("grey", None)}, opts)
    g = pid(s, 1, 4)
    assert s.pal_exp[g] == 0 and s.incomplete[0] == 0  # (1,3) is in the zone
    assert s.view(None)["palaces"][0]["status"] == "closed"
    s2 = fresh(3, edition=2, well_cell=[13, 2], start_merchant_cell=[5, 5])
    assert len(s2.bonus) == 3


@pytest.mark.parametrize(("players", "quotas"), [(2, [1, 2, 2, 2]), (3, [1, 1, 2, 2, 2]),
                                                  (4, [1, 1, 2, 2, 2, 2])])  # fmt: skip
def test_md_r52_opening_quotas(players, quotas):
    s = fresh(players, edition=2, well_cell=[8, 6], start_merchant_cell=[3, 8])
    walls = iter([(x, 0) for x in range(1, 8)] + [(0, y) for y in range(1, 6)]
                 + [(x, s.board.height - 1) for x in range(1, 8)])  # fmt: skip
    seen = []
    for _ in quotas:
        seat, quota = s.active, s.quota
        seen.append(quota)
        for _ in range(quota):
            s.apply(seat, act("wall", *next(walls)))
        assert s.active == (seat + 1) % players
    assert seen == quotas


def test_md_r53_neutral_roofs_any_unclaimed_palace():
    s = pos(
        [("b", "c", 1, 1), ("s", "c", 2, 1), ("s", "c", 1, 2), ("b", "g", 5, 2), ("r", "g"),
         ("b", "h", 12, 3)],
        {"c": ("grey", None), "g": ("grey", 0), "h": ("grey", None)},
        supply={0: {"neutral_roofs": 2}},
    )  # fmt: skip
    assert legal_cells(s, "neutral_roof") == {(1, 1), (12, 3)}  # seat 0 owns grey
    s.apply(0, act("neutral_roof", 1, 1))
    s.apply(0, act("neutral_roof", 12, 3))  # two neutral roofs on grey palaces
    assert s.pal_owner[pid(s, 1, 1)] == s.pal_owner[pid(s, 12, 3)] == -2
    assert s.pal_roof_time[pid(s, 12, 3)] == s.time
    # a neutral roof, too, needs an unclaimed palace
    assert rule(s, 1, act("neutral_roof", 5, 2)) == "MD-R53"


def test_md_r54_neutral_palace_belongs_to_nobody():
    s = pos(
        [("b", "n", 3, 3), ("b", "n", 4, 3), ("n", "n", 1), ("w", 1, 0), ("m", 3, 7),
         ("b", "o", 12, 3), ("r", "o"), ("b", "p", 12, 9), ("r", "p"), ("b", "q", 5, 10)],
        {"n": ("grey", "neutral"), "o": ("grey", 0), "p": ("grey", 1), "q": ("grey", None)},
        palace_tiles={"grey": "n"},
        active=2,
    )  # fmt: skip
    assert s.owns[2] == 0 and s.retired == 0  # the neutral grey palace counts for nobody
    assert s.scores() == [1.0, 1.0, 0.0]  # the grey tile on the neutral palace: nobody
    place(s, 2, act("stable", 3, 4))  # stables may join a neutral palace
    assert s.size(pid(s, 3, 3)) == 3
    assert rule(s, 2, build("grey", 5, 3)) == "MD-R23"  # it takes no buildings
    place(s, 2, act("roof", 5, 10))  # still roof-eligible, and now grey retires
    assert s.retired == 1


def _e22(flag):
    return pos(
        [("b", "p1", 3, 3), ("r", "p1"), *[("w", x, 0) for x in range(16, 9, -1)],
         ("b", "p2", 12, 1), ("b", "p2", 13, 1)],
        {"p1": ("purple", 0), "p2": ("purple", None)},
        options={"neutral_takes_tiles": flag},
        palace_tiles={"purple": "p1"},
        data={"purple_roofs": 1, "tea_pool": 3, "tea": [3, 0, 0]},
    )  # fmt: skip


def test_md_r55_md_e22_md_e23_neutral_takes_tiles_default():
    s = _e22(True)
    place(s, 1, act("neutral_roof", 12, 1))
    p2 = pid(s, 12, 1)
    assert s.palace_tile[1] == p2  # larger: the tile moves to the neutral palace
    assert s.tower_tile[2] == p2  # T3 (top-right) through its top chain
    assert s.boxed_merchants == 1 and s.tower_merchants[2] == 0  # MD-E23: to the box
    assert s.scores() == [1.0, 0.0, 0.0]  # the tiles score for nobody
    place(s, 2, act("stable", 14, 1))  # a stable on the neutral palace
    # a later strictly larger claimed palace takes the tile over
    for x in (3, 4, 5):
        place(s, 0, build("purple", x, 9))
    place(s, 2, act("stable", 2, 9))
    place(s, 2, act("roof", 3, 9))
    assert s.palace_tile[1] == pid(s, 3, 9)
    assert s.breakdown()[2]["palace_tiles"] == 2


def test_md_r55_neutral_ignored_when_option_false():
    s = _e22(False)
    place(s, 1, act("neutral_roof", 12, 1))
    assert s.palace_tile[1] == pid(s, 3, 3) and s.tower_tile == [0, 0, 0, 0]
    place(s, 2, act("wall", 17, 1))  # touches nothing
    place(s, 2, act("stable", 14, 1))  # touches (14,0): ignored
    assert s.tower_tile == [0, 0, 0, 0] and s.tower_merchants[2] == 1


def test_md_r56_tower_merchants_first_holder_only():
    s = pos(
        [("w", 1, 0), ("b", "g", 1, 1), ("b", "k", 4, 1), ("w", 2, 0), ("w", 3, 0), ("w", 4, 0)],
        {"g": ("grey", None), "k": ("brown", None)},
    )  # fmt: skip
    before = s.supply[0][7]
    place(s, 0, act("roof", 1, 1))
    assert s.supply[0][7] == before + 3 and s.received[0] == 3 and s.tower_merchants[0] == 0
    assert {"type": "tower_merchants", "tower": 1, "count": 3, "to": 0} in s.events
    place(s, 1, act("roof", 4, 1))
    assert s.tower_tile[0] == pid(s, 4, 1) and s.received[1] == 0
    assert s.supply[0] == s.ledger_supply(0)


def test_md_e23_neutral_first_holder_boxes_merchants():
    s = pos(
        [("w", 1, 0), ("b", "g", 1, 1), ("b", "k", 4, 1), ("w", 2, 0), ("w", 3, 0), ("w", 4, 0)],
        {"g": ("grey", None), "k": ("brown", None)},
    )  # fmt: skip
    place(s, 0, act("neutral_roof", 1, 1))
    assert s.boxed_merchants == 3 and s.tower_merchants[0] == 0
    place(s, 1, act("roof", 4, 1))
    assert s.tower_tile[0] == pid(s, 4, 1) and s.received == [0, 0, 0]


def test_md_r57_tea_tiles():
    s = pos(
        [("b", "a", 2, 2), ("b", "b", 6, 2), ("b", "c", 10, 2), ("b", "d", 14, 2)],
        {"a": ("purple", None), "b": ("grey", None), "c": ("brown", None), "d": ("orange", None)},
    )  # fmt: skip
    place(s, 0, act("roof", 2, 2))
    assert (s.tea, s.tea_pool, s.purple_roofs) == ([3, 0, 0], 3, 1)
    for k, (seat, x) in enumerate(((1, 6), (2, 10)), start=2):
        place(s, seat, build("purple", x, 9))
        place(s, seat, act("roof", x, 9) if k == 3 else act("neutral_roof", x, 9))
    assert (s.tea, s.tea_pool, s.tea_box) == ([3, 0, 1], 0, 2)
    place(s, 1, build("purple", 14, 9))
    place(s, 1, act("roof", 14, 9))  # 4th roof: 0
    assert s.tea == [3, 0, 1] and s.purple_roofs == 4
    # min(pool, ...): a first roof with one tile left takes one
    t = pos([("b", "a", 2, 2)], {"a": ("purple", None)}, data={"tea_pool": 1, "tea_box": 5})
    place(t, 2, act("roof", 2, 2))
    assert (t.tea[2], t.tea_pool) == (1, 0)


def test_md_r58_and_md_e24_tea_discard():
    s = pos([], data={"tea": [2, 0, 0], "tea_pool": 4})
    assert act("discard_tea") not in legal(s)  # never the first action
    assert rule(s, 0, act("discard_tea")) == "MD-R58"
    s.apply(0, act("wall", 1, 0))
    assert legal(s)[-1] == act("discard_tea")
    s.apply(0, act("discard_tea"))
    assert s.tea == [1, 0, 0] and s.tea_box == 1 and s.active == 1
    assert s.events[-1] == {"type": "discard_tea", "seat": 0}
    # no tile: no discard
    s.apply(1, act("wall", 2, 0))
    assert act("discard_tea") not in legal(s)
    # quota-1 opening turn: no discard
    q = fresh(3, **E2)
    q.tea[0] = 1
    assert act("discard_tea") not in q.legal_actions(0) and q.quota == 1
    # no legal placement left: the turn ends automatically, no discard
    z = pos([], data={"tea": [1, 0, 0], "tea_pool": 5},
            supply={0: {"b0": 0, "b1": 0, "b2": 0, "b3": 0, "roofs": 0, "neutral_roofs": 0,
                        "stables": 0, "merchants": 0, "walls": 1}})  # fmt: skip
    z.apply(0, act("wall", 1, 0))
    assert z.active == 1 and z.tea[0] == 1
    # a seat with tea still places at least one piece: the discard is never first
    assert all(a.kind != "discard_tea" for a in z.legal_actions(1))
