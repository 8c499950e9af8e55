"""Bad input: illegal and malformed actions, options, state JSON, records and deck files.

Every rejection must name the problem and leave the state unchanged (KC-E18; docs/
architecture.md "Errors")."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from spieltisch.engine.errors import (
    DataError,
    IllegalAction,
    MalformedAction,
    OptionError,
    RecordError,
    SpieltischError,
    StateFormatError,
)
from spieltisch.engine.record import GameRecord, replay
from spieltisch.games.kingdoms_of_crusaders import deck as deck_module

from .helpers import GAME, Claim, EndClaims, Play, hand_ids, random_game, snapshot
from .positions import TWO_CLAIMS_PLAY, X4_PLAY_19, A, B, two_claims_state, x4_state


# -- illegal actions ------------------------------------------------------------------------------
def _reject(state: Any, seat: Any, action: Any, text: str, rule: str | None = None) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert text in str(info.value), str(info.value)
    if rule is not None:
        assert info.value.rule == rule
    assert snapshot(state) == before


def test_card_not_in_hand() -> None:
    state = GAME.new_game(2, 1, {"first_player": 0})
    theirs = hand_ids(state, B)[0]
    _reject(state, A, Play(theirs, 1), f"Card {theirs} is not in your hand", "KC-R15")


def test_unknown_card_id() -> None:
    state = GAME.new_game(2, 1, {"first_player": 0})
    _reject(state, A, Play("K99", 1), "no card K99", "KC-R2")
    _reject(state, A, Play("K01-A", 1), "no card K01-A", "KC-R2")  # suffixes only for 3-4


@pytest.mark.parametrize("territory", [0, 6, -1])
def test_territory_out_of_range(territory: int) -> None:
    state = GAME.new_game(2, 1, {"first_player": 0})
    card = hand_ids(state, A)[0]
    _reject(state, A, Play(card, territory), f"no territory {territory}", "KC-R6")


def test_territory_closed() -> None:
    state = x4_state("auto")
    state.apply(A, X4_PLAY_19)
    card = hand_ids(state, B)[0]
    _reject(state, B, Play(card, 1), "Territory 1 is already decided: Player 1 won it", "KC-R31")


def test_fifth_card_in_a_territory() -> None:
    state = x4_state("off")
    state.apply(A, X4_PLAY_19)
    state.apply(B, Play(hand_ids(state, B)[0], 4))
    # A has 4 cards in territory 1 (undecided under claims=off)
    _reject(
        state, A, Play(hand_ids(state, A)[0], 1), "already have 4 cards in territory 1", "KC-R7"
    )


def test_claim_that_is_not_valid() -> None:
    state = two_claims_state("manual")
    state.apply(A, TWO_CLAIMS_PLAY)
    _reject(state, A, Claim(4), "claim on territory 4 is not proven", "KC-R27")


@pytest.mark.parametrize("claims", ["auto", "off"])
def test_claim_under_auto_or_off(claims: str) -> None:
    state = x4_state(claims)
    # KC-R28 (auto: proven territories are won without a claim), KC-R30 (off: no claims)
    text = "Claims are automatic" if claims == "auto" else "Claims are off"
    _reject(state, A, Claim(1), text, "KC-R28" if claims == "auto" else "KC-R30")


def test_claim_in_the_play_phase_under_manual() -> None:
    state = two_claims_state("manual")
    _reject(state, A, Claim(2), "Claims come after your play", "KC-R29")


def test_end_claims_outside_a_claim_phase() -> None:
    for claims in ("auto", "manual", "off"):
        state = GAME.new_game(2, 1, {"first_player": 0, "claims": claims})
        _reject(state, A, EndClaims(), "There is nothing to end", "KC-R29")


def test_action_of_a_non_actor() -> None:
    state = GAME.new_game(3, 1, {"first_player": 0})
    card = hand_ids(state, 1)[0]
    _reject(state, 1, Play(card, 1), "seat 1 may not act now; waiting for seat(s) 0")
    _reject(state, 5, Play(card, 1), "no seat 5")
    _reject(state, True, Play(card, 1), "no seat True")
    _reject(state, 0, {"type": "play"}, "is not an action")


def test_actions_after_the_end() -> None:
    state = random_game(2, 3)
    _reject(state, state.first_player, EndClaims(), "the game is over")


# -- malformed action JSON ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("obj", "text"),
    [
        ([1, 2], "must be a JSON object"),
        ("play", "must be a JSON object"),
        ({}, "unknown action type None"),
        ({"type": "fly"}, "unknown action type 'fly'"),
        ({"type": "play", "card": "K01"}, "a play is"),
        ({"type": "play", "card": "K01", "territory": 1, "x": 0}, "a play is"),
        ({"type": "play", "card": 7, "territory": 1}, "'card' must be a card id string"),
        ({"type": "play", "card": "K01", "territory": "1"}, "'territory' must be an integer"),
        ({"type": "play", "card": "K01", "territory": True}, "'territory' must be an integer"),
        ({"type": "claim"}, "a claim is"),
        ({"type": "claim", "territory": 2.0}, "'territory' must be an integer"),
        ({"type": "end_claims", "territory": 1}, "end_claims takes no fields"),
    ],
)
def test_malformed_action_json(obj: object, text: str) -> None:
    with pytest.raises(MalformedAction) as info:
        GAME.action_from_json(obj)
    assert text in str(info.value)


def test_action_json_round_trip() -> None:
    for action in (Play("K07", 3), Claim(5), EndClaims()):
        assert GAME.action_from_json(action.to_json()) == action
    assert str(Play("K07", 3)) == "play K07 -> 3"


# -- options --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "options", "name"),
    [
        (2, {"colour": "red"}, "colour"),
        (2, {"claims": "sometimes"}, "claims"),
        (2, {"claims": None}, "claims"),
        (2, {"stop_when_decided": "maybe"}, "stop_when_decided"),
        (2, {"stop_when_decided": 1}, "stop_when_decided"),
        (2, {"first_player": 2}, "first_player"),
        (2, {"first_player": -1}, "first_player"),
        (3, {"first_player": "first"}, "first_player"),
        (3, {"first_player": True}, "first_player"),
        (2, {"deck": "proposal-b"}, "deck"),
        (2, {"deck": {}}, "deck"),
        (2, {"deck": []}, "deck"),
    ],
)
def test_bad_options_name_the_option(players: int, options: dict[str, Any], name: str) -> None:
    with pytest.raises(OptionError) as info:
        GAME.new_game(players, 0, options)
    assert repr(name) in str(info.value)


@pytest.mark.parametrize(("players", "seed"), [("2", 0), (True, 0), (2, "x"), (2, 1.5)])
def test_bad_players_or_seed(players: Any, seed: Any) -> None:
    with pytest.raises(OptionError, match="players|seed"):
        GAME.new_game(players, seed)


# -- corrupt state JSON ---------------------------------------------------------------------------
def _doc() -> dict[str, Any]:
    state = GAME.new_game(2, 4, {"first_player": 0})
    state.apply(0, Play(hand_ids(state, 0)[0], 2))
    state.apply(1, Play(hand_ids(state, 1)[0], 2))
    doc: dict[str, Any] = state.to_json()
    return doc


def _set(path: str, value: Any) -> Any:
    def edit(doc: dict[str, Any]) -> None:
        *head, last = path.split(".")
        target: Any = doc
        for key in head:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        elif value is _DELETE:
            del target[last]
        else:
            target[last] = value

    return edit


_DELETE = object()


def _move_card_twice(doc: dict[str, Any]) -> None:
    doc["data"]["hands"][1].append(doc["data"]["hands"][0][0])


def _drop_card(doc: dict[str, Any]) -> None:
    doc["data"]["deck"].pop()


def _five_in_a_territory(doc: dict[str, Any]) -> None:
    army = doc["data"]["armies"][0][1]
    deck = doc["data"]["deck"]
    for n in range(3, 7):
        army.append([deck.pop(), n])
    doc["data"]["play_counter"] = 6


CORRUPTIONS: list[tuple[str, Any, str]] = [
    ("schema", _set("schema", "spieltisch.state/0"), "unknown state schema"),
    ("game", _set("game", "chess"), "of game 'chess'"),
    ("version", _set("version", 2), "rules version 2"),
    ("players", _set("players", "2"), "'players' must be an integer"),
    ("seed", _set("seed", None), "'seed' must be an integer"),
    ("options", _set("options.claims", "never"), "state options: option 'claims'"),
    ("data", _set("data", []), "'data' must be an object"),
    ("chance", _set("chance", {"splitmix64": "x"}), "chance must be an object"),
    ("moves", _set("moves", {}), "'moves' must be a list or null"),
    ("move seat", _set("moves.0", {"seat": "0", "action": {}}), "move 0 must be an object"),
    ("deck missing", _set("data.deck", _DELETE), "deck"),
    ("unknown card", _set("data.deck.0", "K57"), "unknown card id 'K57'"),
    ("card twice", _move_card_twice, "appears twice"),
    ("card missing", _drop_card, "1 card(s) of the pool are nowhere"),
    ("five cards", _five_in_a_territory, "more than 4 cards in territory 2"),
    ("hands", _set("data.hands", [[]]), "'hands' must have 2 entries"),
    ("armies", _set("data.armies", [[[]] * 5]), "'armies' must be 2 rows of 5 territories"),
    ("play number", _set("data.armies.0.1.0.1", 0), "bad or repeated play number 0"),
    ("counter", _set("data.play_counter", 3), "play numbers must be exactly 1..play_counter"),
    ("decided", _set("data.decided", [None] * 4), "'decided' must have 5 entries"),
    (
        "decision",
        _set("data.decided.0", {"winner": 2, "marker": 1, "method": "claim", "play": 1}),
        "territory 1: bad decision",
    ),
    (
        "markers",
        _set("data.decided.0", {"winner": 0, "marker": 2, "method": "claim", "play": 1}),
        "markers must be exactly 1..number of decided territories",
    ),
    ("active", _set("data.active", 2), "'active' must be a seat 0-1"),
    ("phase", _set("data.phase", "dance"), "unknown phase 'dance'"),
    ("drawn", _set("data.drawn", "K99"), "K99"),
    ("events", _set("data.events", ["x"]), "'events' must be a list of objects"),
]


@pytest.mark.parametrize(("label", "corrupt", "text"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_corrupt_state_json(label: str, corrupt: Any, text: str) -> None:
    doc = _doc()
    assert GAME.state_from_json(copy.deepcopy(doc)).to_json() == doc  # the original loads
    corrupt(doc)
    kept = copy.deepcopy(doc)
    with pytest.raises(StateFormatError) as info:
        GAME.state_from_json(doc)
    assert text in str(info.value), str(info.value)
    assert doc == kept  # the rejected document is not modified


def test_state_json_must_be_an_object() -> None:
    with pytest.raises(StateFormatError, match="a state must be a JSON object"):
        GAME.state_from_json([1, 2])


def test_corrupt_move_action_in_state_json_is_a_state_format_error() -> None:
    # docs/architecture.md: state_from_json rejects malformed documents with StateFormatError
    doc = _doc()
    doc["moves"][0]["action"] = {"type": "fly"}
    with pytest.raises(StateFormatError, match="fly"):
        GAME.state_from_json(doc)


def test_state_json_first_player_must_be_a_seat() -> None:
    # data.first_player is "the seat that took the first turn" (docs/games/...md)
    doc = _doc()
    doc["data"]["first_player"] = 7
    with pytest.raises(StateFormatError, match="first_player"):
        GAME.state_from_json(doc)


def test_state_json_decision_play_number_must_be_an_integer() -> None:
    doc = _doc()
    doc["data"]["armies"][0][1].extend(
        [[c, n] for c, n in zip(doc["data"]["deck"][:3], (3, 4, 5), strict=True)]
    )
    del doc["data"]["deck"][:3]
    doc["data"]["play_counter"] = 5
    doc["data"]["decided"][1] = {"winner": 0, "marker": 1, "method": "claim", "play": "soon"}
    with pytest.raises(StateFormatError, match="play"):
        GAME.state_from_json(doc)


# -- corrupt records ------------------------------------------------------------------------------
def _record() -> dict[str, Any]:
    state = GAME.new_game(2, 8, {"first_player": 1})
    for _ in range(3):
        (seat,) = state.actors()
        state.apply(seat, state.legal_actions(seat)[0])
    rec: dict[str, Any] = state.record().to_json()
    return rec


@pytest.mark.parametrize(
    ("edit", "text"),
    [
        (lambda r: r.pop("moves"), "lacks field(s): moves"),
        (lambda r: r.update(comment="hi"), "unknown field(s): comment"),
        (lambda r: r.update(game=5), "'game' must be a string"),
        (lambda r: r.update(version="1"), "'version' must be an integer"),
        (lambda r: r.update(seed=True), "'seed' must be an integer"),
        (lambda r: r.update(options=[]), "'options' must be an object"),
        (lambda r: r.update(moves={}), "'moves' must be a list"),
        (lambda r: r["moves"].append([0, {}]), "move 3 must be an object"),
        (lambda r: r["moves"].append({"seat": 0}), "move 3 must be an object"),
        (lambda r: r["moves"].append({"seat": 0, "action": "play"}), "move 3 must be an object"),
    ],
)
def test_corrupt_record_json(edit: Any, text: str) -> None:
    rec = _record()
    edit(rec)
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(rec)
    assert text in str(info.value)


def test_record_must_be_an_object() -> None:
    with pytest.raises(RecordError, match="JSON object"):
        GameRecord.from_json("record")


@pytest.mark.parametrize(
    ("edit", "text"),
    [
        (lambda r: r.update(game="chess"), "no game 'chess'"),
        (lambda r: r.update(version=2), "rules version 2"),
        (lambda r: r.update(players=5), "cannot start the game"),
        (lambda r: r.update(options={"claims": "never"}), "option 'claims'"),
        (lambda r: r["moves"].append({"seat": 0, "action": {"type": "fly"}}), "move 3"),
        (
            lambda r: r["moves"].append(
                {"seat": 0, "action": {"type": "play", "card": "K99", "territory": 1}}
            ),
            "no card K99",
        ),
        (lambda r: r["moves"].append({"seat": 5, "action": {"type": "end_claims"}}), "move 3"),
        (lambda r: r["moves"][1].update(seat=r["moves"][0]["seat"]), "move 1"),
    ],
)
def test_records_that_do_not_replay(edit: Any, text: str) -> None:
    rec = _record()
    assert replay(GameRecord.from_json(rec)).move_count == 3
    edit(rec)
    with pytest.raises(RecordError) as info:
        replay(GameRecord.from_json(rec))
    assert text in str(info.value)


def test_record_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.load(path)
    with pytest.raises(RecordError, match="cannot read record"):
        GameRecord.load(tmp_path / "missing.json")


# -- bad edition / deck files (KC-R3, KC-R5) ----------------------------------------------------
def _card(i: int, symbols: str, extra: str = "") -> str:
    return f'[[card]]\nid = "K{i:02d}"\nsymbols = {symbols}\n{extra}\n'


def _default_cards(n: int) -> str:
    names = ["LANCE", "BOW", "SWORD", "HELMET", "BANNER"]
    return "".join(_card(i, f'["{names[(i - 1) % 5]}"]') for i in range(1, n + 1))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[[card]\nid = 'K01'", "is not valid TOML"),
        ('[edition]\nname = "empty"\n', "no [[card]] entries"),
        (_default_cards(3) + _card(4, "[]"), "card 4 (K04): a card must show at least one symbol"),
        (_default_cards(3) + '[[card]]\nid = "K04"\n', "card 4 (K04) needs 'symbols'"),
        (_default_cards(3) + _card(4, '["LANCE", "KNIGHT"]'), "unknown symbol 'KNIGHT'"),
        (_default_cards(3) + _card(4, '["BOW", "BOW"]'), "symbol BOW appears twice"),
        (_default_cards(3) + _card(5, '["BOW"]'), "has id 'K05'; ids go in list order"),
        (
            _default_cards(3) + _card(4, '["BOW", "SWORD"]', 'slots = ".2..."'),
            "'symbols' and 'slots' disagree",
        ),
        (_default_cards(3) + '[[card]]\nid = "K04"\nslots = "12"\n', "slot string"),
        (_default_cards(3) + _card(4, '["BOW"]', 'provenance = "rumour"'), "provenance 'rumour'"),
    ],
)
def test_bad_deck_files(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        deck_module.load_edition(path)
    assert problem in str(info.value), str(info.value)
    assert str(path) in str(info.value)


def test_missing_deck_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read deck file"):
        deck_module.load_edition(tmp_path / "nope.toml")


def test_deck_file_too_small_for_the_player_count(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(_default_cards(40), encoding="utf-8")
    slots = deck_module.load_edition(path)
    assert len(slots) == 40
    GAME.new_game(3, 0, {"deck": slots})  # 80 >= 75
    for players in (2, 4):  # 40 < 50, 80 < 100
        with pytest.raises(OptionError) as info:
            GAME.new_game(players, 0, {"deck": slots})
        assert "option 'deck'" in str(info.value)
        assert f"at least {25 * players} cards" in str(info.value)


def test_every_error_is_a_value_error() -> None:
    for cls in (IllegalAction, MalformedAction, OptionError, StateFormatError, RecordError):
        assert issubclass(cls, SpieltischError) and issubclass(cls, ValueError)
    assert issubclass(DataError, SpieltischError)
