"""Button captions (``Game.action_label``) in English and German: every legal action of
seeded games for 2 to 4 players, standard and Zocker, gets a real caption, the captions of
one decision are distinct, they are computed from the seat's view alone (TR-H2, TR-G12),
and a few captions read exactly as players say them."""

from __future__ import annotations

import random

import pytest

from spieltisch import bots
from spieltisch.bots import RandomBot
from spieltisch.games.tumult_royal.actions import KINDS, TumultAction
from spieltisch.games.tumult_royal.heuristic import HeuristicBot
from spieltisch.games.tumult_royal.state import TumultState
from spieltisch.games.tumult_royal.text_words import terrain_grid

from .helpers import DONE, END_TURN, GAME, KEEP, PUT_BACK, WAIT, A, B, all_act, build, peek, to_grab
from .helpers import place as start

LANGS = ("en", "de")


def captions(state: TumultState, seat: int, lang: str) -> list[str]:
    view = state.view(seat)
    return [GAME.action_label(a, view, lang) for a in state.legal_actions(seat)]


def check_step(state: TumultState, seat: int, resample: bool, kinds: set[str]) -> None:
    legal = state.legal_actions(seat)
    by_lang = {lang: captions(state, seat, lang) for lang in LANGS}
    for lang, labels in by_lang.items():
        assert all(label.strip() for label in labels), (lang, labels)
        assert len(set(labels)) == len(labels), f"{lang}: duplicate captions {labels}"
        for action, label in zip(legal, labels, strict=True):
            assert label != str(action), f"{lang}: fallback caption for {action}"
    for action, en, de in zip(legal, by_lang["en"], by_lang["de"], strict=True):
        assert isinstance(action, TumultAction)
        assert en != de, f"{action}: the German caption is the English one: {en!r}"
        kinds.add(action.kind)
    if resample:
        other = state.resample(seat, random.Random(len(state.log(seat))))
        assert other.view(seat) == state.view(seat)
        for lang in LANGS:
            assert captions(other, seat, lang) == by_lang[lang]  # TR-H2: view only


def play_and_check(players: int, seed: int, variant: str, kinds: set[str]) -> None:
    """One seeded game (heuristic in one seat, random bots elsewhere); in a grab tick every
    seat that still chooses is checked before it submits."""
    state = GAME.new_game(players, seed, {"variant": variant})
    assert isinstance(state, TumultState)
    rng = random.Random(seed)
    seated: list[bots.Bot] = [
        HeuristicBot() if s == seed % players else RandomBot() for s in range(players)
    ]
    step = 0
    while not state.is_over():
        for seat in state.actors():
            if seat not in state.actors():
                continue
            check_step(state, seat, step % 7 == 0, kinds)
            state.apply(seat, bots.act(seated[seat], state, seat, rng))
            step += 1
            if state.is_over():
                break


@pytest.mark.parametrize("variant", ["standard", "zocker"])
def test_captions_of_played_games(variant: str) -> None:
    """Two seeded games per player count offer every action kind (TR-R2)."""
    kinds: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(2):
            play_and_check(players, seed, variant, kinds)
    assert kinds == set(KINDS)


def test_every_action_kind_has_a_caption_in_both_languages() -> None:
    state = to_grab(3, seed=5)
    view = state.view(A)
    examples = [
        start(0, 0),
        peek(3),
        KEEP,
        PUT_BACK,
        DONE,
        WAIT,
        build(0, 0, ("bread", 1), ("tools", 1)),
        END_TURN,
    ]
    assert {a.kind for a in examples} == set(KINDS)
    for action in examples:
        en = GAME.action_label(action, view, "en")
        de = GAME.action_label(action, view, "de")
        assert en and de and en != str(action) and de != str(action), action
        assert en != de, action
    assert GAME.action_label(WAIT, view, "fr") == GAME.action_label(WAIT, view, "en")


def test_grab_captions_show_only_faces_the_seat_knows() -> None:
    """TR-G6 the grab choices; TR-G12: the face in hand and a remembered face are named,
    an unseen slot is not."""
    s = to_grab(2, seed=3)
    s.apply(A, peek(0))
    s.apply(B, peek(1))
    face = s.view(A)["me"]["hand"]
    good = {"bread": "Brot", "marble": "Marmor", "tools": "Werkzeug"}[face[0]]
    view = s.view(A)
    assert GAME.action_label(KEEP, view) == f"Keep the tile ({face[0]} {face[1]})"
    assert GAME.action_label(KEEP, view, "de") == f"Plättchen behalten ({good} {face[1]})"
    assert GAME.action_label(PUT_BACK, view, "de") == f"Plättchen zurücklegen ({good} {face[1]})"
    s.apply(A, PUT_BACK)
    s.apply(B, WAIT)
    view = s.view(A)
    assert GAME.action_label(peek(0), view) == f"Peek at slot 0 ({face[0]} {face[1]})"
    assert GAME.action_label(peek(0), view, "de") == f"Fach 0 ansehen ({good} {face[1]})"
    assert GAME.action_label(peek(2), view) == "Peek at slot 2"
    assert GAME.action_label(peek(2), view, "de") == "Fach 2 ansehen"
    assert GAME.action_label(DONE, view, "de") == "Fertig: in dieser Runde nicht mehr rauben"


def test_build_captions_name_terrain_field_and_every_tile() -> None:
    """TR-R16 the field and its terrain, TR-R17 the statues a village needs, TR-R19 the
    tiles paid: two payments of the same units are two buttons."""
    s = to_grab(3, seed=5)
    all_act(s, DONE)
    view = s.view(s.actors()[0])
    grid = terrain_grid(view)
    r, c = next((r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t == "V")
    one = build(r, c, ("bread", 1), ("bread", 1), ("marble", 2), ("tools", 1))
    two = build(r, c, ("bread", 2), ("marble", 2), ("tools", 1))
    assert GAME.action_label(one, view) == (
        f"Build village (2 statues) on ({r},{c}), paying bread 1+1, marble 2, tools 1"
    )
    assert GAME.action_label(one, view, "de") == (
        f"Dorf (2 Statuen) auf ({r},{c}) bauen, zahlen: Brot 1+1, Marmor 2, Werkzeug 1"
    )
    assert GAME.action_label(two, view) != GAME.action_label(one, view)
    r, c = next((r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t == "M")
    meadow = build(r, c, ("bread", 1), ("tools", 3))
    assert GAME.action_label(meadow, view) == f"Build meadow on ({r},{c}), paying bread 1, tools 3"
    # nobody holds goods yet, so the builder could not build: the consolation (TR-R21)
    assert view["consolation_due"] and view["consolation"] == "could_not"
    assert GAME.action_label(END_TURN, view) == (
        "End your build turn (+2 followers: you could not build)"
    )
    assert GAME.action_label(END_TURN, view, "de") == (
        "Bauzug beenden (+2 Gefolgsleute zum Trost: du konntest nichts bauen)"
    )
    could = dict(view, consolation_due=False)
    assert GAME.action_label(END_TURN, could) == "End your build turn"
    assert GAME.action_label(END_TURN, could, "de") == "Bauzug beenden"
    anyway = dict(view, consolation="built_nothing")
    assert GAME.action_label(END_TURN, anyway, "de") == (
        "Bauzug beenden (+2 Gefolgsleute für keinen Bau)"
    )


def test_start_statue_caption() -> None:
    """TR-S7: the start statue goes on a meadow."""
    state = GAME.new_game(2, 4, {})
    seat = state.actors()[0]
    view = state.view(seat)
    action = state.legal_actions(seat)[0]
    assert isinstance(action, TumultAction) and action.field is not None
    r, c = action.field
    assert GAME.action_label(action, view) == f"Start statue on the meadow ({r},{c})"
    assert GAME.action_label(action, view, "de") == f"Startstatue auf ({r},{c}) stellen (Wiese)"


def test_the_terminal_menu_marks_an_end_turn_with_the_consolation() -> None:
    """TR-R21: the numbered menu tells a builder who could not build that ending the turn
    brings +2 followers; one who could build sees the plain entry."""
    from spieltisch.engine.markup import strip_markup
    from spieltisch.games.tumult_royal.text import render_actions

    s = to_grab(3, seed=5)
    all_act(s, DONE)
    seat = s.actors()[0]
    view = s.view(seat)
    legal = [a.to_json() for a in s.legal_actions(seat)]
    menu = strip_markup(render_actions(legal, view))
    assert view["consolation_due"] and legal == [END_TURN.to_json()]  # nobody holds goods
    assert "end your build turn (+2 followers as a consolation)" in menu
    assert "(+2 Gefolgsleute zum Trost)" in strip_markup(render_actions(legal, view, "de"))
    plain = strip_markup(render_actions(legal, dict(view, consolation_due=False)))
    assert "end your build turn" in plain and "consolation" not in plain
