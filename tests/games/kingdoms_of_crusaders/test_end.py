"""End of the game, standing, winners and returns (KC-R33 to KC-R36, §7, KC-E17, KC-E21 to
KC-E23)."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import IllegalAction
from spieltisch.games.kingdoms_of_crusaders.standing import winners_fixed, winners_of

from .helpers import (
    Claim,
    EndClaims,
    KingdomsState,
    Play,
    build,
    decided_of,
    events_of,
    random_game,
    snapshot,
)
from .positions import X6_PLAY_34, A, B, x6_state

STRONG = ["K01", "K02", "K03", "K07"]  # R(4,3,2) B(5,1): nothing can beat it
WEAK = [["K38", "K44", "K49", "K53"], ["K39", "K45", "K50", "K54"], ["K40", "K46", "K51", "K55"]]
FILL = [f"K{i}" for i in range(18, 34)]  # 16 pair cards for the already decided territories


def endgame(
    players: int,
    decided: list[tuple[int, int]],
    last: int,
    mover: int,
    *,
    claims: str = "off",
    stop: bool = False,
    others_complete: bool = True,
) -> KingdomsState:
    """Territories in ``decided`` (territory, winner) were won in this order (markers 1, 2,
    ...), each with 4 cards of the winner. In territory ``last`` the ``mover`` has 3 strong
    cards and holds the 4th (``STRONG[3]``); the other players have 4 weak cards there (or none
    if not ``others_complete``). The mover is to play."""

    def cid(base: str) -> str:
        return base if players == 2 else f"{base}-A"

    plays: list[tuple[int, str, int]] = []
    decisions: dict[int, tuple[int, int, str, int]] = {}
    fill = iter(FILL)
    for marker, (t, winner) in enumerate(decided, start=1):
        plays += [(winner, cid(next(fill)), t) for _ in range(4)]
        decisions[t] = (winner, marker, "claim", len(plays))
    weak = iter(WEAK)
    for seat in range(players):
        if seat == mover:
            continue
        cards = next(weak)
        if others_complete:
            plays += [(seat, cid(c), last) for c in cards]
    plays += [(mover, cid(c), last) for c in STRONG[:3]]
    return build(
        plays,
        players=players,
        claims=claims,
        stop=stop,
        active=mover,
        hands={mover: [cid(STRONG[3])]},
        decided=decisions,
    )


def last_play(state: KingdomsState, t: int) -> Play:
    seat = state.actors()[0]
    card = next(c for c in state.to_json()["data"]["hands"][seat] if c.startswith("K07"))
    return Play(card, t)


# -- KC-R33, KC-E17 -------------------------------------------------------------------------------
@pytest.mark.parametrize("claims", ["auto", "manual", "off"])
def test_kc_r33_kc_e17_the_game_ends_when_the_fifth_territory_is_decided(claims: str) -> None:
    state = endgame(2, [(1, A), (2, B), (3, A), (4, B)], last=5, mover=B, claims=claims)
    draws = len(events_of(state, "draw"))
    state.apply(B, last_play(state, 5))
    assert decided_of(state, 5) == {"winner": B, "marker": 5, "method": "completion", "play": 24}
    assert state.is_over()
    assert state.phase == "over"
    assert state.actors() == ()
    assert state.legal_actions(A) == [] and state.legal_actions(B) == []
    assert len(events_of(state, "draw")) == draws  # the rest of the turn is skipped
    assert events_of(state, "end") == [
        {"type": "end", "reason": "all territories decided", "winners": [B]}
    ]
    assert state.winners() == [B]
    assert state.returns() == [-1.0, 1.0]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="over"):
        state.apply(A, EndClaims())
    assert snapshot(state) == before


def test_kc_e17_a_manual_claim_on_the_fifth_territory_ends_the_game_at_once() -> None:
    state = endgame(
        2, [(1, A), (2, B), (3, A), (4, B)], last=5, mover=A, claims="manual", others_complete=False
    )
    state.apply(A, last_play(state, 5))
    assert state.phase == "claim"
    assert set(state.legal_actions(A)) == {Claim(5), EndClaims()}
    state.apply(A, Claim(5))
    assert state.is_over() and state.actors() == ()
    assert decided_of(state, 5)["method"] == "claim"  # type: ignore[index]
    assert state.winners() == [A]
    assert state.log(None)[-1]["type"] == "end"


# -- KC-R34, KC-E23: stop_when_decided ------------------------------------------------------------
def test_kc_r34_kc_e23_stop_after_a_resolution_step_with_two_territories_of_three_players() -> None:
    # P0 won territories 1 and 2, P1 territory 3; P2 now completes territory 4 (marker 4)
    for stop in (True, False):
        state = endgame(3, [(1, 0), (2, 0), (3, 1)], last=4, mover=2, stop=stop)
        state.apply(2, last_play(state, 4))
        assert decided_of(state, 4) == {
            "winner": 2,
            "marker": 4,
            "method": "completion",
            "play": 24,
        }
        assert decided_of(state, 5) is None
        if stop:
            # whoever wins territory 5, P0 keeps the best standing with only 2 territories
            assert state.is_over()
            assert state.winners() == [0]
            assert events_of(state, "end")[-1]["reason"] == "winners fixed"
            assert state.returns() == [1.0, -0.5, -0.5]
        else:
            assert not state.is_over()


def test_kc_r34_stop_is_checked_after_a_manual_claim() -> None:
    for stop in (True, False):
        state = endgame(
            2, [(1, A), (2, A), (3, B)], last=4, mover=A, claims="manual", stop=stop,
            others_complete=False,
        )  # fmt: skip
        state.apply(A, last_play(state, 4))
        assert not state.is_over()  # nothing was decided by the play itself
        state.apply(A, Claim(4))
        assert state.is_over() == stop
        if stop:
            assert state.winners() == [A]
            assert decided_of(state, 5) is None
            assert state.returns() == [1.0, -1.0]


def test_kc_e17_stop_checks_only_after_the_whole_resolution_step() -> None:
    # KC-X6 with territory 5 won by A: play 34 gives A its third territory (2, marker 3) and
    # B territory 4 (marker 4) in the same step; both markers are handed out before the end.
    state = x6_state("alternating", stop=True, swap_territory_5=True)
    assert state.markers == [[1, 2], []]
    state.apply(B, X6_PLAY_34)
    assert decided_of(state, 2)["marker"] == 3  # type: ignore[index]
    assert decided_of(state, 4) == {"winner": B, "marker": 4, "method": "completion", "play": 34}
    assert state.is_over()
    assert decided_of(state, 3) is None
    assert state.markers == [[1, 2, 3], [4]]
    assert state.winners() == [A]


def test_kc_e23_a_certain_result_on_the_table_does_not_stop_the_game() -> None:
    state = endgame(
        2, [(1, A), (2, A), (3, B)], last=4, mover=A, claims="off", stop=True,
        others_complete=False,
    )  # fmt: skip
    state.apply(A, last_play(state, 4))
    assert state.claim_valid(3, A)  # A will certainly win territory 4 and the game
    assert not state.is_over()
    assert winners_fixed(state.markers) is None


def test_kc_e23_winners_fixed_ignores_cards() -> None:
    assert winners_fixed([[1, 2], [3], [4]]) == [0]
    assert winners_fixed([[1, 2], [3], [4], []]) == [0]
    assert winners_fixed([[1, 2], [3]]) is None
    assert winners_fixed([[1, 2, 3], []]) == [0]
    assert winners_fixed([[1], [2]]) is None
    # 2 players: fixed exactly when someone has 3 territories
    assert winners_fixed([[1, 4], [2, 3]]) is None


# -- KC-R35, KC-E22 -------------------------------------------------------------------------------
def test_kc_r35_standing_counts_territories_then_lower_marker_sum() -> None:
    assert winners_of([[1, 2, 5], [3, 4]]) == [0]
    assert winners_of([[3, 4, 5], [1, 2]]) == [0]  # count before sum
    assert winners_of([[1, 2], [3, 4], [5]]) == [0]  # 2-2-1: lower sum
    assert winners_of([[1, 4], [2, 3], [5]]) == [0, 1]  # shared win
    assert winners_of([[1, 5], [2, 3], [4]]) == [1]


@pytest.mark.parametrize(
    ("players", "decided", "winners", "returns"),
    [
        (3, [(1, 0), (2, 1), (3, 1), (4, 0)], [0, 1], [0.5, 0.5, -1.0]),
        (3, [(1, 0), (2, 0), (3, 1), (4, 1)], [0], [1.0, -0.5, -0.5]),
        (4, [(1, 0), (2, 1), (3, 1), (4, 0)], [0, 1], [0.5, 0.5, -0.5, -0.5]),
        (4, [(1, 0), (2, 3), (3, 1), (4, 3)], [3], [-1 / 3, -1 / 3, -1 / 3, 1.0]),
    ],
)
def test_kc_r35_kc_r36_kc_e22_final_standing_and_returns(
    players: int, decided: list[tuple[int, int]], winners: list[int], returns: list[float]
) -> None:
    mover = 2
    state = endgame(players, decided, last=5, mover=mover)
    assert state.returns() == [0.0] * players  # non-terminal
    assert state.winners() == []
    state.apply(mover, last_play(state, 5))
    assert decided_of(state, 5)["winner"] == mover  # type: ignore[index]
    assert state.is_over()
    assert state.winners() == winners
    assert state.returns() == pytest.approx(returns)
    assert sum(state.returns()) == pytest.approx(0.0)
    keys = state.ranking_keys()
    assert keys == [(len(m), -sum(m)) for m in state.markers]
    assert state.scores() == [float(len(m)) for m in state.markers]
    assert state.view(None)["winners"] == winners
    assert state.standing()[0] == winners  # the first place is the winners' (KC-R35)


@pytest.mark.parametrize(
    ("players", "decided", "standing"),
    [
        # 3 territories beat 2 whatever the sums: P1 {1,4,5}, P2 {2,3} (KC-R35 1.)
        (2, [(1, 0), (2, 1), (3, 1), (4, 0)], [[0], [1]]),
        # 2-2-1: the lower marker sum first (KC-R35 2., KC-E22): P1 {1,3}, P2 {2,4}, P3 {5}
        (3, [(1, 0), (2, 1), (3, 0), (4, 1)], [[0], [1], [2]]),
        # equal count and sum share a place (KC-R35 3., KC-E22): {1,4} and {2,3}; P3 {5}
        (3, [(1, 0), (2, 1), (3, 1), (4, 0)], [[0, 1], [2]]),
        # 4 players: P2 {2,3} first; then one territory each, lower sum first: P1 {1},
        # P4 {4}, P3 {5} (KC-R35 2.)
        (4, [(1, 0), (2, 1), (3, 1), (4, 3)], [[1], [0], [3], [2]]),
        # 2-2-1-0 (KC-E22): P1 {1,2}, P2 {3,4}, P3 {5}, P4 without a territory last
        (4, [(1, 0), (2, 0), (3, 1), (4, 1)], [[0], [1], [2], [3]]),
    ],
)
def test_kc_r35_kc_e22_standing_orders_every_seat_by_the_tie_breaks(
    players: int, decided: list[tuple[int, int]], standing: list[list[int]]
) -> None:
    """``standing()`` follows ``ranking_keys``: more territories, then the lower marker
    sum, then a shared place (KC-R35); the last territory (marker 5) goes to the mover,
    P3 (P1 with two players), whose fourth card completes it."""
    mover = 2 if players > 2 else 0
    state = endgame(players, decided, last=5, mover=mover)
    state.apply(mover, last_play(state, 5))
    assert state.is_over()
    assert state.standing() == standing
    assert state.standing()[0] == state.winners()


# -- KC-R36, KC-E21: returns over whole games -----------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"claims": "manual"}, {"stop_when_decided": True}])
def test_kc_r36_kc_e21_returns_of_random_games(players: int, options: dict[str, object]) -> None:
    for seed in range(8):
        state = random_game(players, 400 + seed, dict(options))
        w = state.winners()
        assert 1 <= len(w) < players
        r = state.returns()
        assert sum(r) == pytest.approx(0.0)
        for seat in range(players):
            expected = 1 / len(w) if seat in w else -1 / (players - len(w))
            assert r[seat] == pytest.approx(expected)
        if players == 2:
            assert len(w) == 1 and sorted(r) == [-1.0, 1.0]  # KC-E21
            assert len(state.markers[w[0]]) >= 3
        if not options.get("stop_when_decided"):
            assert all(decided_of(state, t) is not None for t in range(1, 6))
