"""\"Why can't I?\" (issue 15): a click on a piece or a place that no legal move uses now is
read as the move the player means (``svg.attempt``), and the game says why the rules forbid
it (``Game.why_illegal``), in English and German, with a rule of the rulebook, without
changing the game. Legal moves are never refused.

Seeded games of several configurations are walked step by step; at sampled steps every key
of the acting seat's picture that no legal move uses is tried alone and with each legal pick
selected, and so is every key of another seat's picture (it is not that seat's turn)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from spieltisch.engine.errors import IllegalAction
from spieltisch.engine.rulebook import rulebook
from spieltisch.games.zeichen_des_kreuzes import actions as A
from spieltisch.games.zeichen_des_kreuzes.catalog import PACKAGE
from spieltisch.games.zeichen_des_kreuzes.state import ZkState
from spieltisch.games.zeichen_des_kreuzes.svg import attempt, board_moves, render_svg

from ...caption_checks import bot_steps
from .helpers import GAME, cell, do, new, on_jerusalem, place, set_hand

RULES = rulebook(PACKAGE, "en").rules
# (players, seed, options): both tie rules, both towers, both papal rewards, 2 to 5 seats
GAMES = [
    (2, 1, {}),
    (3, 2, {"papal_reward": "declaration", "tower_model": "A"}),
    (4, 4, {"tie_rule": "attacker", "turn_limit": 60}),
    (5, 3, {"exhaustion_winner": "most_muslim_cities"}),
]
STRIDE, MAX_STEPS = 23, 300


def _keys(svg: str) -> tuple[set[str], set[str]]:
    root = ET.fromstring(svg.split("?>", 1)[1] if svg.startswith("<?xml") else svg)
    picks = {el.get("data-pick", "") for el in root.iter() if el.get("data-pick")}
    places = {el.get("data-place", "") for el in root.iter() if el.get("data-place")}
    return picks, places


def refused(state: ZkState, seat: int, meant: dict[str, Any]) -> dict[str, IllegalAction]:
    """``why_illegal`` of the move ``meant`` in both languages: a reason with a rule of the
    rulebook, German unlike English."""
    action = GAME.action_from_json(meant)
    out = {}
    for lang in ("en", "de"):
        why = GAME.why_illegal(state, seat, action, lang)
        assert why is not None, (meant, "is legal")
        assert why.reason and why.rule in RULES, (meant, why.reason, why.rule)
        assert "{" not in why.reason, why.reason  # every placeholder filled
        out[lang] = why
    assert out["en"].rule == out["de"].rule
    assert out["en"].reason != out["de"].reason, out["en"].reason
    return out


def check_clicks(state: ZkState, seat: int, acting: bool) -> int:
    """Every key of ``seat``'s picture that no legal move uses, alone and with each legal
    pick selected: ``attempt`` means no move or a move the rules forbid, and says why.
    Returns how many moves were explained."""
    view = state.view(seat)
    legal = [a.to_json() for a in state.legal_actions(seat)] if acting else []
    picks, places = _keys(render_svg(view, "en", legal))
    moves = board_moves(view, legal, "en")
    used = {m["pick"] for m in moves} | {m["place"] for m in moves}
    pairs = {(m["pick"], m["place"]) for m in moves}
    chosen = [None, *sorted({m["pick"] for m in moves if m["pick"] is not None})]
    explained = 0
    for key in sorted(picks - used):
        meant = attempt(view, key, None)
        if meant is not None:
            refused(state, seat, meant)
            explained += 1
    for key in sorted(places - used):
        for pick in chosen:
            meant = attempt(view, pick, key)
            if meant is not None:
                refused(state, seat, meant)
                explained += 1
    # a legal pick with a place of another pick's move: not that move
    for pick in chosen[1:]:
        for key in sorted(places & used):
            if (pick, key) not in pairs:
                meant = attempt(view, pick, key)
                if meant is not None:
                    refused(state, seat, meant)
    for action in state.legal_actions(seat) if acting else []:
        assert GAME.why_illegal(state, seat, action, "de") is None, action
    return explained


@pytest.mark.parametrize(("players", "seed", "options"), GAMES, ids=[f"{g[0]}p" for g in GAMES])
def test_every_click_without_a_move_is_explained_and_changes_nothing(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """The acting seat and the next seat (whose turn it is not), at every STRIDE-th step."""
    explained = 0
    for step, (state, seat, _legal) in enumerate(bot_steps(GAME, players, options, seed)):
        if step >= MAX_STEPS:
            break
        if step % STRIDE:
            continue
        assert isinstance(state, ZkState)
        before = state.to_json()
        explained += check_clicks(state, seat, True)
        explained += check_clicks(state, (seat + 1) % players, False)
        assert state.to_json() == before
    assert explained > 100


def _why(state: ZkState, seat: int, pick: str | None, place: str | None) -> dict[str, Any]:
    meant = attempt(state.view(seat), pick, place)
    assert meant is not None
    out = refused(state, seat, meant)
    return {"rule": out["en"].rule, "en": out["en"].reason, "de": out["de"].reason}


def test_a_card_on_a_cell_of_another_terrain() -> None:
    """ZK-R14: a plain card clicked onto a sea cell names both terrains."""
    s = new(3)
    place(s, 0, 12, 7)
    set_hand(s, 0, [6])
    why = _why(s, 0, "card:ZK006", "cell:12,6")
    assert why["rule"] == "ZK-R14"
    assert why["en"] == "Plain (ZK006) moves onto plain only; (12,6) is sea"
    assert why["de"] == "Ebene (ZK006) zieht nur auf Ebene; (12,6) ist Meer"


def test_a_card_without_any_cell_of_its_terrain() -> None:
    """ZK-R14: a sea card inland cannot be played at all; the card alone says so."""
    s = new(3)
    place(s, 0, 8, 2)  # Cologne, no sea around
    set_hand(s, 0, [62])
    why = _why(s, 0, "card:ZK062", None)
    assert why["rule"] == "ZK-R14" and "No sea cell is next to your knight on Cologne" in why["en"]
    assert "Köln" in why["de"]


def test_a_window_card_in_the_card_phase() -> None:
    """ZK-R38: a Truce clicked in the card phase waits for its moment in a fight."""
    s = new(3)
    set_hand(s, 0, [126])
    why = _why(s, 0, "card:ZK126", None)
    assert why["rule"] == "ZK-R38"
    assert why["en"] == "Truce is played only at its moment in a fight, not in the card phase"
    assert "Waffenstillstand" in why["de"]


def test_a_unit_clicked_in_the_card_phase() -> None:
    """ZK-R16: fleets and armies move only by a card's symbol."""
    s = new(3)
    why = _why(s, 0, "unit:0", None)
    assert why["rule"] == "ZK-R16"
    assert why["en"].startswith("You cannot move a fleet or an army now")
    assert why["de"].startswith("Du kannst jetzt nicht eine Flotte oder ein Heer versetzen")


def test_another_seat_clicks_its_card() -> None:
    """ZK-R13: in another player's card phase a card says whose turn it is."""
    s = new(3)
    code = f"card:ZK{s.hands[1][0]:03d}"
    why = _why(s, 1, code, None)
    assert why["rule"] == "ZK-R13"
    assert why["en"] == "It is not your turn: Player 1 decides now (card phase)"
    assert why["de"] == "Du bist nicht am Zug: Jetzt entscheidet Spieler 1 (Kartenphase)"


def test_a_siege_commitment_below_five() -> None:
    """ZK-J5: the number 4 on the attacker's track."""
    s = on_jerusalem(army=9)
    do(s, 0, A.SIEGE)
    why = _why(s, 0, None, "amount:4")
    assert why["rule"] == "ZK-J5"
    assert why["en"] == "A siege round needs at least 5 troops, not 4"


def test_a_plundered_city_clicked_for_a_step() -> None:
    """ZK-R14: a cell the card cannot reach, here a city, is explained like any other."""
    s = new(3)
    place(s, 0, 12, 7)
    set_hand(s, 0, [62])  # sea
    why = _why(s, 0, "card:ZK062", "cell:11,7")  # Rome, a plain city
    assert why["rule"] == "ZK-R14" and "Rome is plain" in why["en"] and "Rom" in why["de"]


def test_a_fleet_onto_land_in_a_symbol_move() -> None:
    """ZK-R20: the fleet picked and a land cell clicked."""
    s = new(3)
    place(s, 0, 19, 11)
    set_hand(s, 0, [56])
    do(s, 0, A.move(56, cell(s, 19, 12)))
    assert s.decision_kind == "symbol"
    why = _why(s, 0, "unit:0", "cell:9,8")
    assert why["rule"] == "ZK-R20" and "onto sea only" in why["en"]


def test_a_click_that_means_nothing() -> None:
    """A cell clicked with nothing selected in the card phase is no move at all."""
    s = new(3)
    assert attempt(s.view(0), None, "cell:3,3") is None
    assert attempt(s.view(0), "tower", None) is None
    assert attempt(s.view(0), None, "amount:x") is None


def test_why_illegal_of_a_finished_game_cites_its_ending() -> None:
    """ZK-W2: the deck ran out; nothing is legal any more."""
    s = new(3, turn_limit=1)
    do(s, 0, A.END_CARDS)
    while not s.is_over():
        seat = s.actors()[0]
        do(s, seat, s.legal_actions(seat)[-1])
    why = GAME.why_illegal(s, 0, A.END_CARDS, "de")
    assert why is not None and why.rule == "ZK-W3" and why.reason == "Das Spiel ist vorbei"


def test_every_rule_the_reasons_cite_is_in_the_rulebook() -> None:
    """Each rule id ``explain`` (and the state, for the seat to act) may cite opens a rule."""
    from importlib import resources

    from spieltisch.engine.rulebook import RULE_ID
    from spieltisch.games.zeichen_des_kreuzes.components import EVENT_RULES

    cited = set(EVENT_RULES.values())
    for module in resources.files(PACKAGE).iterdir():  # every module may cite a rule
        if module.name.endswith(".py"):
            cited |= set(RULE_ID.findall(module.read_text("utf-8")))
    assert cited and cited <= set(RULES), sorted(cited - set(RULES))
