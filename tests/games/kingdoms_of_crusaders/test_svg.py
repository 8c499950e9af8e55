"""The Kingdoms of Crusaders' SVG renderer over whole seeded random games of 2, 3 and 4
players (claims auto, manual and off), every seat and the spectator at every sampled state:
valid XML, every territory with every seat's army and every table card (with its slots and
play number), decided territories with their winner and marker, the viewer's own hand (the
drawn card marked) and never another seat's hand card ids, the standing and the unseen pool,
every legal action made on the board (a play picks its hand card and places it on the
viewer's army in its territory, a claim is a place on its territory's header, ending the
claims a button; ``board_moves``), no ``data-action`` left, the German labels and the
game-over rendering."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from typing import Any

import pytest

from spieltisch.engine.game import State
from spieltisch.games.kingdoms_of_crusaders.svg import board_moves, render_svg

from .helpers import GAME

CONFIGS: list[tuple[int, int, dict[str, Any]]] = [
    (2, 3, {}),
    (2, 11, {"claims": "manual"}),
    (3, 5, {"claims": "manual"}),
    (3, 8, {"claims": "off", "stop_when_decided": True}),
    (4, 2, {}),
    (4, 9, {"claims": "manual"}),
]
IDS = [f"{p}p-seed{s}-{o.get('claims', 'auto')}" for p, s, o in CONFIGS]
CARD_ID = re.compile(r"K\d\d(?:-[AB])?")


@cache
def _game(players: int, seed: int, options_json: str) -> tuple[State, ...]:
    """A seeded random game: the state before every move and the final one."""
    state = GAME.new_game(players, seed, json.loads(options_json))
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state.clone())
    return tuple(states)


def _states(players: int, seed: int, options: dict[str, Any]) -> tuple[State, ...]:
    return _game(players, seed, json.dumps(options, sort_keys=True))


def _key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def _check_svg(
    state: State, view: dict[str, Any], legal: list[dict[str, Any]] | None, lang: str = "en"
) -> ET.Element:
    svg = render_svg(view, lang, legal)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("data-game") == "kingdoms-of-crusaders"
    seat = view["seat"]
    assert root.get("data-seat") == ("" if seat is None else str(seat))
    els = list(root.iter())
    _check_table(view, els)
    _check_hands_and_panels(state, view, els, svg)
    _check_moves(state, view, legal, lang, els)
    return root


def _check_table(view: dict[str, Any], els: list[ET.Element]) -> None:
    """The territories, their decisions and every seat's army and cards in them."""
    territories = {
        el.get("data-territory", ""): el for el in els if el.get("data-kind") == "territory"
    }
    assert sorted(territories) == sorted(str(t["territory"]) for t in view["territories"])
    armies = {
        (el.get("data-territory"), el.get("data-seat")): el
        for el in els
        if el.get("data-kind") == "army"
    }
    assert len(armies) == len(view["territories"]) * view["players"]
    cards = Counter(
        tuple(el.get(f"data-{k}") for k in ("card", "slots", "play", "seat", "territory"))
        for el in els
        if el.get("data-kind") == "card"
    )
    want: Counter[tuple[Any, ...]] = Counter()
    for t in view["territories"]:
        el = territories[str(t["territory"])]
        d = t["decided"]
        if d is None:
            assert el.get("data-decided-by") is None
        else:
            assert el.get("data-decided-by") == str(d["winner"])
            assert el.get("data-marker") == str(d["marker"])
            assert el.get("data-method") == d["method"]
        for army in t["armies"]:
            a = armies[(str(t["territory"]), str(army["seat"]))]
            assert a.get("data-army") == army["army"]
            done = army["complete_at"]
            assert a.get("data-complete-at") == (None if done is None else str(done))
            for c in army["cards"]:
                key = (c["card"], c["slots"], str(c["play"]), str(army["seat"]))
                want[(*key, str(t["territory"]))] += 1
    assert cards == want


def _check_hands_and_panels(
    state: State, view: dict[str, Any], els: list[ET.Element], svg: str
) -> None:
    """The hand (own cards only, the drawn one marked; other hands only as counts), the
    standing, the deck, the unseen pool and the status line."""
    seat = view["seat"]
    hand = [el for el in els if el.get("data-kind") == "hand-card"]
    if seat is None:
        assert not hand
    else:
        assert [(el.get("data-card"), el.get("data-slots")) for el in hand] == [
            (c["card"], c["slots"]) for c in view["hand"]
        ]
        drawn = [el.get("data-card") for el in hand if el.get("data-drawn") == "true"]
        assert drawn == ([view["drawn"]] if view.get("drawn") else [])
    ids_shown = set(CARD_ID.findall(svg))
    for other in range(view["players"]):
        if other != seat:
            assert not ids_shown & state.private_facts(other), (seat, other)
    seats = {el.get("data-seat", ""): el for el in els if el.get("data-kind") == "seat"}
    assert sorted(seats) == [str(p) for p in range(view["players"])]
    for p in range(view["players"]):
        assert seats[str(p)].get("data-hand-size") == str(view["hand_sizes"][p])
        assert seats[str(p)].get("data-markers") == ",".join(str(m) for m in view["markers"][p])
    deck = [el for el in els if el.get("data-kind") == "deck"]
    assert len(deck) == 1 and deck[0].get("data-count") == str(view["deck_size"])
    unseen = {
        el.get("data-slots"): el.get("data-count") for el in els if el.get("data-kind") == "unseen"
    }
    assert unseen == {k: str(v) for k, v in view["unseen"].items()}

    # the status line
    status = [el for el in els if el.get("data-kind") == "status"]
    assert len(status) == 1
    over = view["phase"] == "over"
    assert status[0].get("data-over") == ("true" if over else "false")
    if not over:
        assert status[0].get("data-active") == str(view["active"])


def _check_moves(
    state: State,
    view: dict[str, Any],
    legal: list[dict[str, Any]] | None,
    lang: str,
    els: list[ET.Element],
) -> None:
    """The legal actions are made on the board, each on its own card and territory."""
    seat = view["seat"]
    assert not [el for el in els if el.get("data-action") is not None]
    picks = {el.get("data-pick"): el for el in els if el.get("data-pick")}
    places = {el.get("data-place"): el for el in els if el.get("data-place")}
    _check_keys(view, picks, places)
    if not legal:
        return
    moves = board_moves(view, legal, lang)
    allowed = set(state.legal_actions(seat))
    for action, move in zip(legal, moves, strict=True):
        assert GAME.action_from_json(action) in allowed
        if action["type"] == "play":
            card = picks[move["pick"]]
            assert card.get("data-kind") == "hand-card"
            assert card.get("data-card") == action["card"]
            army = places[move["place"]]
            assert army.get("data-kind") == "army"
            assert army.get("data-territory") == str(action["territory"])
            assert army.get("data-seat") == str(seat)
        elif action["type"] == "claim":
            claim = places[move["place"]]
            assert claim.get("data-kind") == "claim"
            assert claim.get("data-territory") == str(action["territory"])
        else:
            assert move["pick"] is None and move["place"] is None and move["button"]
    # every legal move is on the board (the page arms these keys; the others ask why not)
    assert {m["pick"] for m in moves if m["pick"]} <= set(picks)
    assert {m["place"] for m in moves if m["place"]} <= set(places)


def _check_keys(
    view: dict[str, Any], picks: dict[str, ET.Element], places: dict[str, ET.Element]
) -> None:
    """The keys a player may try, legal now or not (svg.py): every hand card; the viewer's
    army in every territory; under manual claims the ⚑ Claim control of every open territory
    where the viewer's army is complete. A spectator has none."""
    seat = view["seat"]
    if seat is None:
        assert not picks and not places
        return
    assert set(picks) == {f"card:{c['card']}" for c in view["hand"]}
    claims = set()
    if view["claims"] == "manual" and view["phase"] != "over":
        for territory in view["territories"]:
            mine = territory["armies"][seat]
            if territory["decided"] is None and len(mine["cards"]) == 4:
                claims.add(f"claim:{territory['territory']}")
    assert set(places) == {f"territory:{t}" for t in range(1, 6)} | claims
    for key, el in places.items():
        kind = "army" if key.startswith("territory:") else "claim"
        assert el.get("data-kind") == kind
        assert el.get("data-territory") == key.split(":")[1]
        assert kind == "claim" or el.get("data-seat") == str(seat)


@pytest.mark.parametrize(("players", "seed", "options"), CONFIGS, ids=IDS)
def test_every_view_of_every_state_renders(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    states = _states(players, seed, options)
    assert states[-1].is_over()
    kinds: Counter[str] = Counter()
    for step, state in enumerate(states):
        if not state.is_over():
            kinds.update(a.kind for a in state.legal_actions(state.actors()[0]))
        # every third state (and the last) keeps the file fast
        if step % 3 and step != len(states) - 1:
            continue
        for seat in [None, *range(players)]:
            view = state.view(seat)
            legal = [a.to_json() for a in state.legal_actions(seat)] if seat is not None else None
            _check_svg(state, view, legal)
    assert kinds["play"] > 0
    if options.get("claims") == "manual":
        assert kinds["claim"] > 0 and kinds["end_claims"] > 0


def test_claims_are_places_on_their_territory() -> None:
    """KC-R29: a legal claim is a place on the header of its own territory, nowhere else."""
    seen = 0
    for players, seed, options in CONFIGS:
        if options.get("claims") != "manual":
            continue
        for state in _states(players, seed, options):
            if state.is_over():
                continue
            seat = state.actors()[0]
            legal = [a.to_json() for a in state.legal_actions(seat)]
            claims = [a for a in legal if a["type"] == "claim"]
            if not claims:
                continue
            root = _check_svg(state, state.view(seat), legal)
            for el in root.iter():
                if el.get("data-kind") == "territory":
                    inside = [e for e in el.iter() if e.get("data-place", "").startswith("claim")]
                    t = int(el.get("data-territory", "0"))
                    legal_here = [f"claim:{a['territory']}" for a in claims if a["territory"] == t]
                    offered = [e.get("data-place") for e in inside if not e.get("data-available")]
                    assert offered == legal_here
            seen += 1
    assert seen > 0


def test_plays_are_places_on_the_viewers_army() -> None:
    """KC-R12, KC-R15: the viewer's army in every territory is a place (open to it or not:
    a click on a closed one asks why not), every hand card a pick; nobody else's army, and
    nothing for a spectator."""
    state = _states(3, 5, {"claims": "manual"})[10]
    seat = state.actors()[0]
    view = state.view(seat)
    legal = [a.to_json() for a in state.legal_actions(seat)]
    root = _check_svg(state, view, legal)
    places = [el for el in root.iter() if el.get("data-place")]
    assert {(el.get("data-kind"), el.get("data-seat")) for el in places} == {("army", str(seat))}
    assert {int(el.get("data-territory", "0")) for el in places} == {1, 2, 3, 4, 5}
    assert {a["territory"] for a in legal if a["type"] == "play"} <= {1, 2, 3, 4, 5}
    picks = [el.get("data-pick") for el in root.iter() if el.get("data-pick")]
    assert picks == [f"card:{c['card']}" for c in view["hand"]]
    other = (seat + 1) % 3
    _check_svg(state, state.view(other), [])
    spectator = ET.fromstring(render_svg(state.view(None)).split("?>", 1)[1])
    assert not [el for el in spectator.iter() if el.get("data-place") or el.get("data-pick")]
    assert "Your hand" not in render_svg(state.view(None))


def test_german_labels() -> None:
    states = _states(2, 11, {"claims": "manual"})
    state = states[len(states) // 2]
    seat = state.actors()[0]
    legal = [a.to_json() for a in state.legal_actions(seat)]
    root = _check_svg(state, state.view(seat), legal, "de")
    text = " ".join("".join(el.itertext()) for el in root)
    assert "Die Königreiche der Kreuzritter" in text
    assert "Gebiet 1" in text and "Deine Hand" in text and "Lanze" in text
    assert "Ungesehene Karten" in text and "Stand" in text and "Formationen" in text
    assert "Du bist am Zug" in text or "Du darfst" in text
    final = render_svg(states[-1].view(None), "de")
    assert "Spielende." in final and "Sieger" in final


def test_game_over_rendering() -> None:
    for players, seed, options in CONFIGS:
        final = _states(players, seed, options)[-1]
        for seat in [None, *range(players)]:
            view = final.view(seat)
            root = _check_svg(final, view, [] if seat is not None else None)
            status = next(el for el in root.iter() if el.get("data-kind") == "status")
            assert status.get("data-over") == "true"
            assert "Game over." in "".join(status.itertext())
            result = next(el for el in root.iter() if el.get("data-kind") == "result")
            assert result.get("data-winners") == ",".join(str(w) for w in view["winners"])
            words = "".join(result.itertext())
            assert ("Winners:" if len(view["winners"]) > 1 else "Winner:") in words
            for w in view["winners"]:
                assert f"Player {w + 1}" in words
            decided = [t for t in view["territories"] if t["decided"] is not None]
            markers = sorted(
                int(el.get("data-marker", "0"))
                for el in root.iter()
                if el.get("data-kind") == "marker"
            )
            assert markers == sorted(t["decided"]["marker"] for t in decided)
            for el in root.iter():
                if el.get("data-kind") == "seat":
                    assert "▶" not in "".join(el.itertext())
