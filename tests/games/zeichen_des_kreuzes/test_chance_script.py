"""Chance scripted from the first shuffle on (``new_game(..., chance_script=...)``): each of
the game's chance events, given in public names (``chance_events``, the positions docs), does
what it says; a bad outcome is refused naming the event; unscripted events stay random."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.engine.errors import ChanceScriptError
from spieltisch.games.zeichen_des_kreuzes.components import IMMEDIATE, card_code
from spieltisch.games.zeichen_des_kreuzes.state import ZkState

from .helpers import GAME, city


def new(players: int = 3, seed: int = 1, script: Any = None, **options: Any) -> ZkState:
    state = GAME.new_game(players, seed, options, chance_script=script)
    assert isinstance(state, ZkState)
    return state


def test_every_chance_call_of_the_game_is_a_declared_event() -> None:
    """Setup (ZK-S10), the reshuffle (ZK-R36) and the tower (ZK-T7): nothing else draws."""
    assert set(GAME.chance_events) == {
        "knights",
        "start player",
        "red tiles",
        "green tiles",
        "deck",
        "deck after the deal",
        "reshuffle",
        "tower",
    }
    for name, event in GAME.chance_events.items():
        assert event.name == name and event.kind in ("below", "choice", "shuffle", "bernoulli")
        assert event.doc and event.outcome and event.rule and event.rule.startswith("ZK-")


def test_knights_and_start_player() -> None:
    """ZK-S2, ZK-S3: the seats' knights (the rest follow) and the seat that begins."""
    s = new(script={"knights": [["K_SIG", "K_RAI", "K_BOH"]], "start player": [2]})
    assert s.knights == ["K_SIG", "K_RAI", "K_BOH"]
    assert s.start_player == s.active == 2 and s.actors() == (2,)


def test_tiles_by_city_name_or_in_map_order() -> None:
    """ZK-S6: a city named gets its value; the others the values left, smallest first."""
    s = new(script={"red tiles": [{"London": 5, "Bari": 4}]})
    assert s.tile[city(s, "London")] == 5 and s.tile[city(s, "Bari")] == 4
    assert s.tile[city(s, "Rouen")] == 1 and s.tile[city(s, "Paris")] == 1
    greens = [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6]
    order = greens[::-1]
    s = new(script={"green tiles": [order]})
    assert s.tile[city(s, "Seville")] == 6 and s.tile[city(s, "Tyre")] == 2


def test_the_deck_top_first_deals_in_turn_order() -> None:
    """ZK-S8, ZK-S9: the first card named is dealt first, to the start player."""
    top = [card_code(c) for c in (1, 34, 62, 2, 35, 63)]
    s = new(script={"start player": [1], "deck": [top]}, knight_assignment="random")
    assert {1, 2} <= set(s.hands[1]) and {34, 35} <= set(s.hands[2])
    assert {62, 63} <= set(s.hands[0])
    assert s.set_aside == []  # the cards not named follow in id order: ZK000 ... no immediate


def test_the_shuffle_after_the_deal() -> None:
    """ZK-S9: an immediate event dealt is set aside, and the pile shuffled again."""
    top = ["ZK100", *(card_code(c) for c in range(15))]
    s = new(script={"start player": [0], "deck": [top]})
    assert s.set_aside == [100]
    pile = sorted(s.draw_pile)
    again = new(
        script={
            "start player": [0],
            "deck": [top],
            "deck after the deal": [[card_code(c) for c in pile]],  # top first
        }
    )
    assert again.draw_pile == pile[::-1]  # stored top last
    with pytest.raises(ChanceScriptError, match="deck after the deal"):
        new(script={"start player": [0], "deck": [top], "deck after the deal": [["ZK001"]]})


def _to_first_exhaustion(
    state: ZkState, moves: list[tuple[int, Any]] | None = None
) -> tuple[list[tuple[int, Any]], list[str]]:
    """Play (random moves, or ``moves``) until the deck first runs out; the moves and the
    order the reshuffle gave the pile, top first (cards drawn, then the rest)."""
    rng = random.Random(4)
    played: list[tuple[int, Any]] = []
    while state.exhaustions == 0:
        seat = state.actors()[0]
        action = moves[len(played)][1] if moves else rng.choice(state.legal_actions(seat))
        played.append((seat, action))
        logged = len(state.events)
        state.apply(seat, action)
    after = state.events.events()[logged:]
    start = next(i for i, e in enumerate(after) if e["type"] == "exhausted")
    drawn = [e["card"] for e in after[start:] if e["type"] in ("draw", "immediate")]
    return played, drawn + [card_code(c) for c in reversed(state.draw_pile)]


def test_the_reshuffle_at_the_first_exhaustion() -> None:
    """ZK-R36: the discard pile becomes the new pile, in the order scripted (top first)."""
    moves, order = _to_first_exhaustion(new(2, 4, turn_limit="none"))
    wanted = sorted(order)
    assert wanted != order
    scripted = new(2, 4, {"reshuffle": [wanted]}, turn_limit="none")
    _played, got = _to_first_exhaustion(scripted, moves)
    assert got == wanted


@pytest.mark.parametrize("model", ["B", "A"])
def test_a_scripted_tower_throw_lets_out_its_tray(model: str) -> None:
    """ZK-T1, ZK-C7, ZK-C8: the first throw lets out the scripted tray (one green: the
    fighter, with no own cube out, loses); later throws are the model's own again."""
    s = new(3, 2, {"tower": [{"G": 1}]}, tower_model=model)
    rng = random.Random(2)
    while not any(e["type"] == "throw" for e in s.log(None)):
        seat = s.actors()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    throw, result = (e for e in s.log(None) if e["type"] in ("throw", "fight_result"))
    assert throw["tray"] == {"G": 1} and result["won"] is False
    assert sum(throw["thrown"].values()) - 1 == s.tower.total()
    assert "tower" not in s.chance.to_json().get("script", {})  # used up: random again


def test_a_tray_the_tower_cannot_let_out_is_refused() -> None:
    """ZK-T8: the tray must be a sub-multiset of the tower's cubes and the thrown ones."""
    s = new(3, 2, {"tower": [{"G": 9}]})
    rng = random.Random(2)
    with pytest.raises(ValueError, match="ZK-T8"):
        while not s.is_over():
            seat = s.actors()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))


@pytest.mark.parametrize(
    ("script", "words"),
    [
        ({"knights": [["K_XYZ", "K_BOH", "K_RAI"]]}, "unknown knight 'K_XYZ'"),
        ({"knights": [["K_BOH"]]}, "at least the 3 knights"),
        ({"start player": [3]}, "seat 0..2"),
        ({"red tiles": [{"Tunis": 4}]}, "'Tunis' is not one of the cities"),
        ({"red tiles": [{"London": 9}]}, "no tile of value 9"),
        ({"green tiles": [[1, 2, 3]]}, "the tiles are the values"),
        ({"deck": [["ZK140"]]}, "no card ZK140"),
        ({"deck": [["ZK001", "ZK001"]]}, "named twice"),
        ({"tower": [{"P4": 1}]}, "P4 plays no part"),
        ({"tower": [["P0", "X"]]}, "not a colour name"),
        ({"dice": [1]}, "no chance event 'dice'"),
        ({"deck": "ZK001"}, "give a list of outcomes"),
    ],
)
def test_a_bad_outcome_is_refused_naming_the_event(script: Any, words: str) -> None:
    with pytest.raises(ChanceScriptError) as err:
        new(script=script)
    assert words in str(err.value), str(err.value)


def test_the_example_of_the_docs() -> None:
    """The chance_script example of ``docs/positions/im-zeichen-des-kreuzes.md``."""
    state = GAME.new_game(
        3,
        seed=1,
        chance_script={
            "knights": [["K_SIG", "K_BOH", "K_RAI"]],
            "start player": [2],
            "deck": [["ZK001", "ZK034", "ZK062"]],
            "tower": [{"P2": 3, "G": 1}, {"P2": 1, "G": 2}],
        },
    )
    assert isinstance(state, ZkState)
    assert state.knights == ["K_SIG", "K_BOH", "K_RAI"] and state.active == 2
    assert 1 in state.hands[2] and 34 in state.hands[0] and 62 in state.hands[1]
    assert all(state.comp.cards[c].kind != IMMEDIATE for h in state.hands for c in h)
