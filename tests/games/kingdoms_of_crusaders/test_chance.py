"""Chance scripted from the first shuffle on (``Game.chance_events``): the deck order as
card ids, top first (KC-R9), and the first player (KC-R10); a bad outcome is refused with
an error naming it, before any state exists."""

from __future__ import annotations

import pytest

from spieltisch.engine.errors import ChanceScriptError

from .helpers import GAME, Play, deck_ids, hand_ids, pool_ids


def test_the_game_declares_its_chance_events() -> None:
    events = GAME.chance_events
    assert set(events) == {"shuffle deck", "first player"}
    assert (events["shuffle deck"].kind, events["shuffle deck"].rule) == ("shuffle", "KC-R9")
    assert (events["first player"].kind, events["first player"].rule) == ("below", "KC-R10")
    for event in events.values():
        assert event.doc and event.outcome


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kc_r9_a_scripted_deck_is_dealt_top_first(players: int) -> None:
    order = list(reversed(pool_ids(players)))  # K56 on top
    state = GAME.new_game(players, 7, {"first_player": 0}, chance_script={"shuffle deck": [order]})
    for seat in range(players):  # P1 is dealt the first five, P2 the next five ...
        assert set(order[5 * seat : 5 * seat + 5]) <= set(hand_ids(state, seat))
    top = order[5 * players]
    assert top in hand_ids(state, 0)  # P1 drew the top card of the rest (KC-R14)
    assert state.view(0)["drawn"] == top
    assert deck_ids(state) == order[5 * players + 1 :]


@pytest.mark.parametrize(("who", "seat"), [("P1", 0), ("P2", 1), ("P3", 2)])
def test_kc_r10_a_scripted_first_player(who: str, seat: int) -> None:
    state = GAME.new_game(3, 11, chance_script={"first player": [who]})
    assert state.actors() == (seat,) and state.first_player == seat
    assert state.log(None)[0] == {"type": "start", "first_player": seat}


def test_both_events_at_once_give_the_same_game_on_every_seed() -> None:
    order = pool_ids(2)
    script = {"shuffle deck": [order], "first player": ["P2"]}
    one, two = (GAME.new_game(2, seed, chance_script=script) for seed in (1, 99))
    assert one.to_position() == two.to_position()
    assert hand_ids(one, 0) == order[:5] and one.actors() == (1,)
    one.apply(1, Play(hand_ids(one, 1)[0], 3))  # the game goes on from there


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ({"shuffle deck": [["K01"] * 56]}, "card K01 is given twice"),
        ({"shuffle deck": [pool_ids(2)[:-1]]}, "lists 55 of the 56 cards; missing: K56"),
        ({"shuffle deck": [[*pool_ids(2)[:-1], "K57"]]}, "'K57' is not a card of this game"),
        ({"shuffle deck": ["K01 K02"]}, "give the deck as a list of card ids"),
        ({"first player": ["P3"]}, "one of P1, P2, not 'P3'"),
        ({"first player": [1]}, "not 1"),
        ({"dice": [3]}, "no chance event 'dice'"),
    ],
)
def test_a_bad_outcome_is_refused_naming_it(script: dict[str, list[object]], message: str) -> None:
    with pytest.raises(ChanceScriptError) as info:
        GAME.new_game(2, 1, chance_script=script)
    assert message in str(info.value), str(info.value)
