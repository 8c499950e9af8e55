"""Palace tiles (MD-R38 to MD-R41)."""

from __future__ import annotations

import random

from .positions import act, build, fresh, pid, place, position, started


def test_md_r38_initially_unheld_value_by_colour():
    s = started(3)
    assert s.palace_tile == [0, 0, 0, 0]
    place(s, 0, build("black", 4, 4))
    place(s, 1, act("roof", 4, 4))
    assert s.palace_tile[1] == pid(s, 4, 4)
    assert s.breakdown()[1]["palace_tiles"] == 2  # black = 2


def test_md_r39_roof_larger_takes_equal_keeps():
    s = position(
        [("m", 8, 8), ("b", "g", 3, 3), ("b", "g", 4, 3), ("r", "g"),
         ("b", "h", 10, 3), ("b", "h", 11, 3)],
        {"g": ("grey", 0), "h": ("grey", None)},
        palace_tiles={"grey": "g"},
    )  # fmt: skip
    c = s.clone()
    place(c, 1, act("roof", 10, 3))
    assert c.palace_tile[0] == pid(s, 3, 3)  # equal: the holder stays
    place(s, 2, build("grey", 12, 3))
    place(s, 1, act("roof", 10, 3))
    assert s.palace_tile[0] == pid(s, 10, 3)
    assert {"type": "palace_tile", "colour": "grey", "palace": pid(s, 10, 3), "owner": 1} in (
        s.events
    )


def test_md_r40_stable_on_claimed_unclaimed_and_holder():
    s = position(
        [("m", 8, 8), ("b", "g", 3, 3), ("r", "g"), ("b", "h", 10, 3), ("r", "h"),
         ("b", "i", 4, 9)],
        {"g": ("grey", 0), "h": ("grey", 1), "i": ("grey", None)},
        palace_tiles={"grey": "g"},
        supply={2: {"stables": 6}},
    )  # fmt: skip
    g, h = pid(s, 3, 3), pid(s, 10, 3)
    place(s, 2, act("stable", 3, 4))  # on the holder: nothing
    assert s.palace_tile[0] == g
    place(s, 2, act("stable", 5, 9))  # unclaimed: nothing now
    place(s, 2, act("stable", 4, 8))
    assert s.palace_tile[0] == g
    place(s, 2, act("stable", 10, 4))  # 2 == 2
    assert s.palace_tile[0] == g
    place(s, 2, act("stable", 10, 2))  # 3 > 2
    assert s.palace_tile[0] == h


def _expected_holders(s):
    """MD-R41 end-state formula from the replayable piece list."""
    reached = {}
    for t, kind, _c, p in s.pieces:
        if kind < 0 or (kind == 2 and p in reached):
            reached[p] = t
    out = [0, 0, 0, 0]
    for colour in range(4):
        claimed = [
            p
            for p in range(1, len(s.pal_colour))
            if s.pal_colour[p] == colour
            and s.pal_owner[p] != -1
            and (s.pal_owner[p] != -2 or s.options["neutral_takes_tiles"])
        ]
        if claimed:
            out[colour] = min(claimed, key=lambda p: (-s.size(p), reached[p]))
    return out


def test_md_r41_end_state_formula_in_random_games():
    rng = random.Random(5)
    for players, opts in ((3, {}), (4, {}), (3, {"edition": 2}), (2, {"edition": 2})):
        for _ in range(3):
            s = fresh(players, seed=rng.randrange(1000), **opts)
            while not s.is_over():
                acts = s.legal_actions(s.active)
                # prefer roofs and stables so that ties happen often
                good = [a for a in acts if a.kind in ("roof", "neutral_roof", "stable")]
                s.apply(s.active, rng.choice(good if good and rng.random() < 0.5 else acts))
                assert s.palace_tile == _expected_holders(s)
