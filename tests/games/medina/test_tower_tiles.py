"""Tower tiles (MD-R42 to MD-R48, MD-E9 to MD-E11)."""

from __future__ import annotations

from .positions import act, build, pid, place, position, started


def holders(s):
    return [s.pal_owner[p] if p else None for p in s.tower_tile]


def test_md_r42_state_and_value():
    s = started(3)
    assert s.tower_tile == [0, 0, 0, 0]
    place(s, 0, act("wall", 16, 12))
    place(s, 1, build("orange", 16, 11))
    place(s, 2, act("roof", 16, 11))
    assert holders(s) == [None, 2, None, None]  # (17,12) is T2
    assert s.breakdown()[2]["tower_tiles"] == 2


def test_md_r43_roof_takes_even_from_another_palace():
    s = position(
        [("m", 8, 8), ("w", 1, 0), ("b", "g", 1, 1), ("r", "g"), ("w", 2, 0), ("w", 3, 0),
         ("w", 4, 0), ("b", "k", 4, 1)],
        {"g": ("grey", 0), "k": ("black", None)},
        tower_tiles={1: "g"},
    )  # fmt: skip
    place(s, 1, act("roof", 4, 1))  # touched (1,top) long before the roof
    assert holders(s) == [1, None, None, None]


def test_md_r44_wall_trigger_chain_is_the_unit_and_md_e11():
    s = position(
        [("m", 8, 8), ("w", 1, 0), ("b", "g", 1, 1), ("b", "g", 2, 1), ("b", "g", 1, 2),
         ("r", "g"), ("w", 2, 0), ("w", 3, 0), ("w", 4, 0), ("b", "k", 4, 1), ("r", "k")],
        {"g": ("grey", 0), "k": ("black", 1)},
        tower_tiles={1: "k"},
    )  # fmt: skip
    assert holders(s)[0] == 1
    c = s.clone()
    place(c, 2, act("wall", 5, 0))  # k touches (1,top) already: nothing
    assert holders(c)[0] == 1
    place(s, 2, act("wall", 0, 1))  # g: (1,left) is new -> T1
    assert holders(s)[0] == 0
    assert s.events[-1] == {"type": "tower_tile", "tower": 1, "palace": pid(s, 1, 1), "owner": 0}
    place(s, 2, act("wall", 0, 2))  # (1,left) already touched by g
    assert holders(s)[0] == 0


def test_md_r45_stable_trigger():
    s = position(
        [("m", 8, 8), ("w", 1, 0), ("w", 0, 1), ("w", 0, 2), ("w", 0, 3), ("b", "o", 2, 3),
         ("r", "o"), ("b", "g", 2, 1), ("r", "g")],
        {"o": ("orange", 1), "g": ("grey", 0)},
        tower_tiles={1: "g"},
    )  # fmt: skip
    assert holders(s)[0] == 0
    place(s, 2, act("stable", 1, 3))  # joins o next to (0,3): (1,left) new for o
    assert holders(s)[0] == 1


def test_md_r46_nothing_else_and_md_e10():
    s = position(
        [("m", 8, 8), ("w", 1, 0), ("b", "g", 1, 1), ("r", "g"), ("w", 16, 12)],
        {"g": ("grey", 0)},
        tower_tiles={1: "g"},
    )
    before = list(s.tower_tile)
    place(s, 1, build("brown", 16, 11))  # a building next to a wall of T2
    place(s, 1, act("stable", 15, 11))  # a stable joining an unclaimed palace
    place(s, 1, act("wall", 17, 11))  # MD-E10: a wall touching an unclaimed palace
    place(s, 1, act("merchant", 8, 9))
    place(s, 1, act("wall", 2, 0))  # a wall touching nothing new
    assert s.tower_tile == before
    place(s, 2, act("roof", 16, 11))  # the connection counts at the roof
    assert holders(s) == [0, 2, None, None]


def test_md_r47_and_md_e9_several_towers_one_roof():
    left = [("b", "g", 1, y) for y in range(1, 12)]
    s = position([("m", 8, 8), ("w", 0, 1), ("w", 0, 11), ("w", 1, 0), *left],
                 {"g": ("grey", None)})  # fmt: skip
    place(s, 2, act("roof", 1, 1))
    assert holders(s) == [2, None, None, 2]  # T1 and T4 at once
    towers = [e for e in s.events if e["type"] == "tower_tile"]
    assert [e["tower"] for e in towers] == [1, 4]  # T1 only once (both of its chains)


def test_md_r47_later_placement_wins():
    s = position(
        [("m", 8, 8), ("w", 0, 1), ("w", 0, 2), ("b", "g", 2, 1), ("r", "g"), ("b", "k", 1, 3),
         ("r", "k"), ("w", 1, 0)],
        {"g": ("grey", 0), "k": ("black", 1)},
    )  # fmt: skip
    place(s, 2, act("wall", 2, 0))  # g: (1,top) new -> T1 to seat 0
    assert holders(s)[0] == 0
    s.apply(2, act("wall", 0, 3))  # second piece of the turn: k, (1,left) new -> seat 1
    assert holders(s)[0] == 1


def test_md_r48_effect_order_in_the_log():
    s = position(
        [("w", 1, 0), ("b", "p0", 4, 4), ("r", "p0"), ("b", "p1", 10, 4), ("r", "p1"),
         ("b", "p2", 1, 1), ("b", "p2", 2, 1)],
        {"p0": ("purple", 0), "p1": ("purple", 1), "p2": ("purple", None)},
        options={"edition": 2, "well_cell": [8, 8], "start_merchant_cell": [12, 9]},
        palace_tiles={"purple": "p0"},
        active=2,
        data={"purple_roofs": 2, "tea_pool": 1, "tea": [3, 2, 0]},
    )  # fmt: skip
    n = len(s.events)
    s.apply(2, act("roof", 1, 1))
    types = [e["type"] for e in s.events[n:]]
    assert types == ["roof", "palace_tile", "tower_tile", "tower_merchants", "tea", "retire"]
    assert s.supply[2][7] == s.ledger_supply(2)[7] and s.received[2] == 3
