"""Positions shared by several test modules: the worked examples of §10 and a few others.
Each builder returns a fresh state (built from state JSON by ``helpers.build``)."""

from __future__ import annotations

from .helpers import KingdomsState, Play, build

A, B = 0, 1

# -- KC-X4 (two players, A first, 18 plays made; play 19: A plays K56 into territory 1) --------
X4_PLAYS = [
    (A, "K36", 1),
    (B, "K34", 1),
    (A, "K37", 1),
    (B, "K35", 1),
    (A, "K17", 1),
    (B, "K12", 1),
    (A, "K01", 2),
    (B, "K02", 2),
    (A, "K38", 2),
    (B, "K07", 2),
    (A, "K39", 2),
    (B, "K06", 3),
    (A, "K04", 3),
    (B, "K15", 3),
    (A, "K44", 3),
    (B, "K45", 3),
    (A, "K53", 4),
    (B, "K20", 5),
]
X4_PLAY_19 = Play("K56", 1)


def x4_state(claims: str = "auto", **kw: object) -> KingdomsState:
    """KC-X4 before play 19; A holds K56."""
    return build(X4_PLAYS, claims=claims, hands={A: ["K56"]}, **kw)  # type: ignore[arg-type]


# -- KC-X5 (two players, A first, 14 plays made; play 15: A plays K22 into territory 4) --------
X5_PLAYS = [
    (A, "K38", 1),
    (B, "K39", 1),
    (A, "K44", 1),
    (B, "K49", 1),
    (A, "K45", 2),
    (B, "K50", 2),
    (A, "K40", 3),
    (B, "K46", 3),
    (A, "K53", 4),
    (B, "K23", 3),
    (A, "K54", 4),
    (B, "K26", 4),
    (A, "K55", 4),
    (B, "K27", 4),
]
X5_PLAY_15 = Play("K22", 4)
X5_BOW_SWORD = ["K01", "K02", "K03", "K04", "K07", "K08", "K14", "K15"]


def x5_state(claims: str = "manual", **kw: object) -> KingdomsState:
    """KC-X5 before play 15; A holds K22."""
    return build(X5_PLAYS, claims=claims, hands={A: ["K22"]}, **kw)  # type: ignore[arg-type]


# -- KC-X6 (two players, A first, 33 plays made; play 34: B plays K15 into territory 4) --------
# The example states comp(A,1)=7, comp(A,5)=19, comp(A,2)=25, comp(A,4)=29, comp(B,5)=22 and
# "33 plays (A 17, B 16), A first". With strict alternation A's plays are 1, 3, ..., 33, of
# which only 15 are <= 29, yet A would need 16 cards by play 29. So the stated numbers cannot
# arise from alternating turns. We test (a) the stated comp values with a non-alternating
# numbering (the state format allows it) and (b) an alternating numbering with comp(A,4)=31.
X6_CARDS = {
    # seat, territory: cards in play order
    (A, 1): ["K01", "K02", "K04", "K06"],
    (B, 1): ["K38", "K44", "K51"],
    (A, 2): ["K36", "K37", "K17", "K56"],
    (B, 2): ["K34", "K35", "K12"],
    (A, 3): ["K46"],
    (B, 3): ["K42", "K10", "K47"],
    (A, 4): ["K53", "K54", "K55", "K22"],
    (B, 4): ["K26", "K27", "K14"],
    (A, 5): ["K39", "K45", "K49", "K07"],
    (B, 5): ["K40", "K41", "K18", "K09"],
}
X6_NUMBERS = {
    "stated": {
        (A, 1): [1, 3, 5, 7],
        (B, 1): [2, 4, 6],
        (A, 2): [15, 17, 21, 25],
        (B, 2): [14, 16, 18],
        (A, 3): [31],
        (B, 3): [20, 24, 28],
        (A, 4): [23, 26, 27, 29],
        (B, 4): [30, 32, 33],
        (A, 5): [9, 11, 13, 19],
        (B, 5): [8, 10, 12, 22],
    },
    "alternating": {
        (A, 1): [1, 3, 5, 7],
        (B, 1): [2, 4, 6],
        (A, 2): [15, 17, 21, 25],
        (B, 2): [14, 16, 18],
        (A, 3): [33],
        (B, 3): [20, 24, 26],
        (A, 4): [23, 27, 29, 31],
        (B, 4): [28, 30, 32],
        (A, 5): [9, 11, 13, 19],
        (B, 5): [8, 10, 12, 22],
    },
}
X6_PLAY_34 = Play("K15", 4)


def x6_state(
    numbering: str = "alternating",
    *,
    claims: str = "auto",
    stop: bool = False,
    swap_territory_5: bool = False,
) -> KingdomsState:
    """KC-X6 before play 34; B holds K15. With ``swap_territory_5`` the two armies of
    territory 5 change owners, so that A (not B) won it with marker 2."""
    cards = dict(X6_CARDS)
    winner_5 = B
    if swap_territory_5:
        cards[(A, 5)], cards[(B, 5)] = X6_CARDS[(B, 5)], X6_CARDS[(A, 5)]
        winner_5 = A
    plays, numbers = [], []
    for (seat, t), ids in cards.items():
        for cid, n in zip(ids, X6_NUMBERS[numbering][(seat, t)], strict=True):
            plays.append((seat, cid, t))
            numbers.append(n)
    assert sorted(numbers) == list(range(1, 34))
    return build(
        plays,
        numbers=numbers,
        claims=claims,
        stop=stop,
        active=B,
        hands={B: ["K15"]},
        decided={1: (A, 1, "claim", 7), 5: (winner_5, 2, "completion", 22)},
    )


# -- manual claim phase with two valid claims (KC-R29) ---------------------------------------------
# A: territory 1 = K36 K37 K17 (+K56 in hand: R(5) B(4), proven because every Sword+Banner card
# is on the table); territory 2 = K01 K02 K03 K07 = R(4,3,2) B(5,1), proven (B has a Lance
# there, so B's Regiments can only be Lance); territory 4 = four Lances, R(1), not proven
# (B has a Bow there and many Bows are unseen).
TWO_CLAIMS_PLAYS = [
    (A, "K36", 1),
    (B, "K34", 1),
    (A, "K37", 1),
    (B, "K35", 1),
    (A, "K17", 1),
    (B, "K12", 1),
    (A, "K01", 2),
    (B, "K38", 2),
    (A, "K02", 2),
    (B, "K04", 3),
    (A, "K03", 2),
    (B, "K06", 3),
    (A, "K07", 2),
    (B, "K15", 3),
    (A, "K40", 4),
    (B, "K44", 4),
    (A, "K41", 4),
    (B, "K45", 5),
    (A, "K42", 4),
    (B, "K46", 5),
    (A, "K43", 4),
    (B, "K47", 5),
]
TWO_CLAIMS_PLAY = Play("K56", 1)


def two_claims_state(claims: str = "manual", **kw: object) -> KingdomsState:
    """A to make play 23 (K56 into territory 1)."""
    return build(TWO_CLAIMS_PLAYS, claims=claims, hands={A: ["K56"]}, **kw)  # type: ignore[arg-type]
