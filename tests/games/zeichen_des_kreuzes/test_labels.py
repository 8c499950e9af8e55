"""Button captions (``Game.action_label``) in English and German: every legal action of
seeded games for 2 to 5 players gets a real caption, the captions of one decision are
distinct, they are computed from the seat's view alone (ZK-H1, ZK-H2), and a few captions
read exactly as players say them."""

from __future__ import annotations

import random

from spieltisch import bots
from spieltisch.bots import RandomBot
from spieltisch.games.zeichen_des_kreuzes import actions as A
from spieltisch.games.zeichen_des_kreuzes.actions import KINDS
from spieltisch.games.zeichen_des_kreuzes.heuristic import HeuristicBot
from spieltisch.games.zeichen_des_kreuzes.state import ZkState

from .helpers import GAME, cell, new, place

LANGS = ("en", "de")


def captions(state: ZkState, seat: int, lang: str) -> list[str]:
    view = state.view(seat)
    return [GAME.action_label(a, view, lang) for a in state.legal_actions(seat)]


def play_and_check(players: int, seed: int, kinds: set[str]) -> None:
    """Play one seeded game (heuristic in one seat, random bots elsewhere) and check the
    captions of every step; every 5th step also against a resampled state."""
    state = GAME.new_game(players, seed, {})
    assert isinstance(state, ZkState)
    rng = random.Random(seed)
    seated: list[bots.Bot] = [
        HeuristicBot() if s == seed % players else RandomBot() for s in range(players)
    ]
    step = 0
    while not state.is_over():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        by_lang = {lang: captions(state, seat, lang) for lang in LANGS}
        for lang, labels in by_lang.items():
            assert all(label.strip() for label in labels), (lang, labels)
            assert len(set(labels)) == len(labels), f"{lang}: duplicate captions {labels}"
            for action, label in zip(legal, labels, strict=True):
                assert label != str(action), f"{lang}: fallback caption for {action}"
        for action, en, de in zip(legal, by_lang["en"], by_lang["de"], strict=True):
            assert en != de, f"{action}: the German caption is the English one: {en!r}"
            kinds.add(action.kind)
        if step % 5 == 0:
            other = state.resample(seat, random.Random(step))
            assert other.view(seat) == state.view(seat)
            for lang in LANGS:
                assert captions(other, seat, lang) == by_lang[lang]  # ZK-H1: view only
        state.apply(seat, bots.act(seated[seat], state, seat, rng))
        step += 1


def test_captions_of_played_games() -> None:
    """Three seeded games for each player count offer every action kind once at least,
    and every caption passes the checks of ``play_and_check``."""
    kinds: set[str] = set()
    for players in (2, 3, 4, 5):
        for seed in range(3):
            play_and_check(players, seed, kinds)
    assert kinds == set(KINDS)


def test_every_action_kind_has_a_caption_in_both_languages() -> None:
    """One action of every kind (legal or not: a caption needs only the view)."""
    state = new(3)
    view = state.view(0)
    examples = {
        "move": A.move(2, cell(state, 12, 7)),
        "event": A.event(119),
        "end_cards": A.END_CARDS,
        "step": A.step(cell(state, 12, 7)),
        "stop_steps": A.STOP_STEPS,
        "move_unit": A.move_unit(0, cell(state, 9, 9)),
        "no_unit_move": A.NO_UNIT_MOVE,
        "truce": A.truce(126),
        "fight": A.FIGHT,
        "empty_tower": A.empty_tower(),
        "keep_tower": A.KEEP_TOWER,
        "commit": A.commit(3),
        "defend": A.defend(4),
        "retreat": A.retreat(cell(state, 12, 7)),
        "pray": A.PRAY,
        "recruit": A.recruit(2),
        "plunder": A.PLUNDER,
        "siege": A.SIEGE,
        "pass": A.PASS,
        "continue_siege": A.CONTINUE_SIEGE,
        "stop_siege": A.STOP_SIEGE,
        "discard": A.discard(7),
        "end_discard": A.END_DISCARD,
    }
    assert set(examples) == set(KINDS)
    for kind, action in examples.items():
        en = GAME.action_label(action, view, "en")
        de = GAME.action_label(action, view, "de")
        assert en and de and en != str(action) and de != str(action), kind
        assert en != de, kind
    # an unknown language reads English
    assert GAME.action_label(A.PRAY, view, "fr") == GAME.action_label(A.PRAY, view, "en")


def test_move_names_the_card_and_the_city() -> None:
    """ZK-R14: a movement card's terrain and symbol, its code, and the city entered."""
    state = new(3)
    view = state.view(0)
    action = A.move(2, cell(state, 20, 7))
    assert GAME.action_label(action, view) == "Move with Plain + army (ZK002) to Constantinople"
    assert (
        GAME.action_label(action, view, "de")
        == "Mit Ebene + Heer (ZK002) nach Konstantinopel ziehen"
    )
    plain = A.move(88, cell(state, 12, 6))
    assert GAME.action_label(plain, view) == "Move with Joker (ZK088) to (12,6)"
    assert GAME.action_label(plain, view, "de") == "Mit Joker (ZK088) nach (12,6) ziehen"


def test_event_captions_use_the_card_titles() -> None:
    """ZK-EV06, ZK-EV05, ZK-EV12: the event's title from section 6, its target."""
    state = new(3)
    view = state.view(0)
    assert GAME.action_label(A.event(119), view) == "Play Mercenaries (ZK119)"
    assert GAME.action_label(A.event(119), view, "de") == "Söldner (ZK119) spielen"
    march = A.event(114, to=cell(state, 11, 7))
    assert GAME.action_label(march, view) == "Play Forced march (ZK114): step to Rome"
    assert GAME.action_label(march, view, "de") == "Gewaltmarsch (ZK114) spielen: nach Rom ziehen"
    ambush = A.event(133, target=2)
    assert GAME.action_label(ambush, view) == "Play Ambush (ZK133) against Player 3"
    assert GAME.action_label(ambush, view, "de") == "Hinterhalt (ZK133) gegen Spieler 3 spielen"


def test_fight_captions() -> None:
    """ZK-C3 commitments (with the Holy Lance, ZK-EV13), ZK-J5 the garrison, ZK-T5 the
    tower, ZK-EV09 Truce."""
    state = new(3)
    view = state.view(0)
    cases = [
        (A.commit(3), "Commit 3 troops", "3 Truppen einsetzen"),
        (A.commit(1), "Commit 1 troop", "1 Truppe einsetzen"),
        (
            A.commit(5, 135),
            "Commit 5 troops with Holy Lance (ZK135)",
            "5 Truppen einsetzen, dazu Heilige Lanze (ZK135)",
        ),
        (A.defend(4), "Defend with 4 garrison cubes", "4 Verteidigungssteine einsetzen"),
        (
            A.empty_tower(),
            "Empty the tower with a purple marker (2 left)",
            "Turm mit einem violetten Marker leeren (noch 2)",
        ),
        (
            A.empty_tower(129),
            "Empty the tower with Tower shaking (ZK129)",
            "Turm mit Turmerschütterung (ZK129) leeren",
        ),
        (
            A.truce(126),
            "Play Truce (ZK126): cancel the fight",
            "Waffenstillstand (ZK126) spielen: der Kampf fällt aus",
        ),
        (
            A.move_unit(0, cell(state, 9, 9)),
            "Move Western fleet (Zirid corsairs) to (9,9)",
            "Westflotte (ziridische Korsaren) nach (9,9) ziehen",
        ),
    ]
    for action, en, de in cases:
        assert GAME.action_label(action, view) == en
        assert GAME.action_label(action, view, "de") == de


def test_city_captions_name_the_city_and_what_recruiting_brings() -> None:
    """ZK-R27: treasure for two troops each, as far as the supply reaches; ZK-R28: the
    city plundered is where the pawn stands."""
    state = new(3)
    place(state, 0, 9, 6)  # Genoa
    view = state.view(0)
    assert GAME.action_label(A.PLUNDER, view) == "Plunder Genoa"
    assert GAME.action_label(A.PLUNDER, view, "de") == "Genua plündern"
    assert GAME.action_label(A.recruit(2), view) == "Recruit: 2 treasure for 4 troops"
    assert GAME.action_label(A.recruit(1), view, "de") == "Anwerben: 1 Schatztruhe für 2 Truppen"
    state.supply[0], state.army[0] = 3, state.army[0] + state.supply[0] - 3
    view = state.view(0)
    assert GAME.action_label(A.recruit(2), view) == "Recruit: 2 treasure for 3 troops"


def test_captions_of_one_decision_are_distinct_with_equal_cards() -> None:
    """Two cards of the same kind to the same cell are two buttons (ZK-R14)."""
    state = new(3)
    view = state.view(0)
    to = cell(state, 12, 7)
    labels = {GAME.action_label(A.move(c, to), view) for c in (6, 7, 8)}
    assert len(labels) == 3
