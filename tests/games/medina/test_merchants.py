"""Merchants (MD-R10, MD-R31 to MD-R33, MD-E3, MD-E4)."""

from __future__ import annotations

import random

from .positions import act, build, legal_cells, place, position, rule, started


def test_md_r10_terms_single_merchant_is_both_ends():
    s = started(3, (8, 6))
    assert legal_cells(s, "merchant") == {(7, 6), (9, 6), (8, 5), (8, 7)}
    place(s, 0, act("merchant", 9, 6))
    assert legal_cells(s, "merchant") == {(7, 6), (8, 5), (8, 7), (10, 6), (9, 5), (9, 7)}
    place(s, 0, act("merchant", 10, 6))
    # (9,5)/(9,7) touch only the middle merchant: neither extension nor isolated
    assert legal_cells(s, "merchant") == {(7, 6), (8, 5), (8, 7), (11, 6), (10, 5), (10, 7)}
    assert sorted(map(tuple, s.view(None)["merchant_line_ends"])) == [(8, 6), (10, 6)]


def test_md_r31_merchant_destinations():
    s = position([("m", 2, 1), ("b", "g", 3, 2), ("r", "g"), ("w", 1, 0)], {"g": ("grey", 0)})
    ok = legal_cells(s, "merchant")
    assert (1, 1) in ok and (3, 1) in ok  # edge row; next to a building and a wall
    assert rule(s, 0, act("merchant", 2, 0)) == "MD-R31"  # a wall cell


def test_md_r32_extend_the_line():
    s = started(3, (8, 6))
    assert rule(s, 0, act("merchant", 3, 3)) == "MD-R32"
    place(s, 0, act("merchant", 8, 7))
    place(s, 0, act("merchant", 8, 8))
    assert rule(s, 0, act("merchant", 9, 7)) == "MD-R32"  # next to the middle of the line
    assert rule(s, 0, act("merchant", 7, 7)) == "MD-R32"


def test_md_r33_restart_and_newest_line():
    # the MD-X1 P1b position: a blocked line
    s = position(
        [("m", 3, 2), ("m", 2, 2), ("m", 2, 1), ("m", 1, 1), ("b", "o", 4, 2), ("b", "o", 4, 3),
         ("b", "o", 3, 3)],
        {"o": ("orange", None)},
    )  # fmt: skip
    assert rule(s, 0, act("merchant", 1, 2)) == "MD-R33"
    place(s, 0, act("merchant", 1, 11))  # MD-E20: a restart may be on the edge
    assert legal_cells(s, "merchant") == {(2, 11), (1, 10)}
    place(s, 0, act("merchant", 1, 10))
    assert legal_cells(s, "merchant") == {(2, 11), (1, 9), (2, 10)}


def test_md_e4_no_loop_no_branch_diagonal_irrelevant():
    s = position([("m", 5, 5), ("m", 5, 6), ("m", 6, 6), ("m", 7, 6), ("m", 7, 5)])
    ok = legal_cells(s, "merchant")
    assert (6, 5) not in ok  # would close the U
    assert (6, 7) not in ok and (4, 6) not in ok  # next to a middle merchant
    assert (4, 5) in ok and (8, 5) in ok  # diagonal contact does not matter
    assert ok == {(4, 5), (5, 4), (7, 4), (8, 5)}


def test_md_e3_no_placement_other_than_a_merchant_creates_merchant_squares():
    rng = random.Random(11)
    s = started(3, (8, 6))
    for _ in range(120):
        if s.is_over():
            break
        acts = s.legal_actions(s.active)
        a = rng.choice(acts)
        if a.kind != "merchant":
            before_ext, before_iso = set(s.ext_squares), set(s.isolated)
            s.apply(s.active, a)
            assert s.ext_squares <= before_ext and set(s.isolated) <= before_iso
        else:
            s.apply(s.active, a)
    # and build something that fills an isolated square
    s2 = started(3, (8, 6))
    n = len(s2.isolated)
    place(s2, 0, build("grey", 3, 3))
    assert len(s2.isolated) == n - 1
