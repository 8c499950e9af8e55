"""End of game, winners and returns (ZK-W1..ZK-W5) and the options (ZK-O1..ZK-O11)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from spieltisch.engine.errors import DataError, OptionError
from spieltisch.games.zeichen_des_kreuzes.board import MOUNTAIN, PLAIN

from .helpers import GAME, A, cell, do, new, place, script_tower, set_cubes, to_phase, tray

DATA = resources.files("spieltisch.games.zeichen_des_kreuzes").joinpath("data")


def end_reason(s):
    return s.view(None)["end_reason"]


def finish_turn(s):
    p = s.active
    do(s, p, A.END_CARDS)
    if s.decision_kind == "city":
        do(s, p, A.PASS)
    if s.decision_kind == "discard":
        do(s, p, A.END_DISCARD)


def fall_of_jerusalem(players=4):
    """Seat 0 besieges Jerusalem with a garrison of 3 and wins the round."""
    s = new(players)
    place(s, 0, 23, 12, origin=(23, 11))
    s.green_tiles[0] = [3, 4]
    s.garrison = 3
    script_tower(s, tray(P0=5, G=1))
    to_phase(s, "city")
    do(s, 0, A.SIEGE)
    do(s, 0, A.commit(5))
    do(s, players - 1, A.defend(3))
    return s


def exhaust(s, **_):
    """Make the active player's next draw the second exhaustion."""
    s.exhaustions = 1
    s.discard.extend(s.draw_pile)
    s.draw_pile = []
    s.hands[s.active][:] = s.hands[s.active][:4]  # D >= 1


# -- ZK-W1 --------------------------------------------------------------------------------


def test_jerusalem_falls_sole_winner():
    """ZK-W1, ZK-J9: the garrison at 0 after a won round ends the game at once; the attacker
    is the sole winner; the rest of the turn is not played."""
    s = fall_of_jerusalem()
    assert s.garrison == 0
    assert s.is_over() and s.actors() == ()
    assert s.winners() == [0]
    assert end_reason(s) == "jerusalem"
    assert s.turn == 1 and s.active == 0  # no discard or draw phase, no next turn
    assert s.legal_actions(0) == []
    assert s.scores() == [1.0, 0.0, 0.0, 0.0]


def test_jerusalem_falls_returns():
    """ZK-W5: r = 1 for the sole winner; u_i = r_i - mean(r)."""
    s = fall_of_jerusalem(4)
    assert s.returns() == [0.75, -0.25, -0.25, -0.25]
    t = fall_of_jerusalem(2)
    assert t.scores() == [1.0, 0.0]
    assert t.returns() == [0.5, -0.5]


# -- ZK-W2, ZK-W4 -------------------------------------------------------------------------


def test_deck_exhausted_twice_no_winner_by_default():
    """ZK-W2, ZK-W4, ZK-O9: after the second exhaustion the turn ends and the game ends;
    by default nobody wins and every return is 0."""
    s = new()
    s.green_tiles[2] = [5]
    exhaust(s)
    finish_turn(s)
    assert s.is_over() and end_reason(s) == "deck"
    assert s.winners() == []
    assert s.scores() == [0.0] * 4
    assert s.returns() == [0.0] * 4


def test_game_goes_on_after_first_exhaustion():
    """ZK-W2: the first exhaustion does not end the game."""
    s = new()
    s.discard.extend(s.draw_pile[:-1])
    s.draw_pile = s.draw_pile[-1:]
    s.hands[0][:] = s.hands[0][:2]
    finish_turn(s)
    assert s.exhaustions == 1 and not s.is_over() and s.active == 1


@pytest.mark.parametrize(
    ("tiles", "armies", "treasures", "winners"),
    [
        ([2, 1, 0, 0], [5, 5, 5, 5], [1, 1, 1, 1], [0]),  # most green tiles
        ([1, 1, 0, 1], [3, 7, 9, 5], [1, 1, 1, 1], [1]),  # tie -> larger army
        ([1, 1, 0, 1], [7, 7, 9, 5], [1, 4, 1, 1], [1]),  # then more treasure
        ([1, 1, 0, 1], [7, 7, 9, 7], [4, 4, 1, 4], [0, 1, 3]),  # still tied: shared
        ([0, 0, 0, 0], [7, 8, 9, 5], [1, 4, 1, 1], []),  # maximum 0: no winner
    ],
)
def test_most_muslim_cities(tiles, armies, treasures, winners):
    """ZK-W4, ZK-O9: exhaustion_winner = most_muslim_cities: most green tiles, then army,
    then treasure; still tied share the win; no winner if the maximum is 0. ZK-W5 returns."""
    s = new(exhaustion_winner="most_muslim_cities")
    for seat in range(4):
        s.green_tiles[seat] = [3] * tiles[seat]
        set_cubes(s, seat, armies[seat])
        s.treasure[seat] = treasures[seat]
    exhaust(s)
    finish_turn(s)
    assert s.is_over()
    assert s.winners() == winners
    k = len(winners)
    r = [1 / k if seat in winners else 0.0 for seat in range(4)]
    assert s.scores() == pytest.approx(r)
    mean = sum(r) / 4
    assert s.returns() == pytest.approx([x - mean for x in r])
    assert sum(s.returns()) == pytest.approx(0.0)


def test_shared_win_two_players():
    """ZK-W5: two winners of two: r = 1/2 each, u = 0 each."""
    s = new(2, exhaustion_winner="most_muslim_cities")
    s.green_tiles[0] = s.green_tiles[1] = [2]
    set_cubes(s, 0, 5)
    set_cubes(s, 1, 5)
    s.treasure[0] = s.treasure[1] = 2
    exhaust(s)
    finish_turn(s)
    assert s.winners() == [0, 1]
    assert s.scores() == [0.5, 0.5]
    assert s.returns() == [0.0, 0.0]


# -- ZK-W3, ZK-O10 ------------------------------------------------------------------------


def test_turn_limit_ends_game():
    """ZK-W3, ZK-O10: the game ends when turn number turn_limit ends, as in ZK-W2."""
    s = new(turn_limit=3)
    finish_turn(s)
    finish_turn(s)
    assert not s.is_over() and s.turn == 3
    finish_turn(s)
    assert s.is_over() and end_reason(s) == "turn_limit"
    assert s.winners() == [] and s.returns() == [0.0] * 4


def test_turn_limit_with_most_muslim_cities():
    """ZK-W3, ZK-W4: the turn limit uses the exhaustion winner rule."""
    s = new(turn_limit=1, exhaustion_winner="most_muslim_cities")
    s.green_tiles[3] = [6]
    finish_turn(s)
    assert s.winners() == [3]


def test_turn_limit_none_and_default():
    """ZK-O10: default 1000; 'none' disables the limit."""
    assert new().options["turn_limit"] == 1000
    s = new(2, turn_limit="none")
    for _ in range(6):
        finish_turn(s)
    assert not s.is_over() and s.turn == 7


def test_non_terminal_returns():
    """ZK-W5: a running game has no winner."""
    s = new()
    assert not s.is_over() and s.winners() == []


# -- options ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 6])
def test_players_range(players):
    """ZK-O1: 2 to 5 players."""
    with pytest.raises(OptionError):
        GAME.new_game(players, 1, {})


def test_defaults():
    """ZK-O3, ZK-O4, ZK-O5, ZK-O6, ZK-O8, ZK-O9, ZK-O10: the documented defaults."""
    opts = GAME.new_game(3, 1, {}).options
    assert opts["knight_assignment"] == "random"
    assert opts["start_player"] == "random"
    assert opts["tie_rule"] == "defender"
    assert opts["tower_model"] == "B"
    assert opts["tower_shelf_memory"] == "persistent"
    assert opts["exhaustion_winner"] == "none"
    assert opts["turn_limit"] == 1000


def test_seed_option():
    """ZK-O2: the seed drives all chance."""
    assert GAME.new_game(3, 5, {}).to_json() == GAME.new_game(3, 5, {}).to_json()
    assert GAME.new_game(3, 5, {}).draw_pile != GAME.new_game(3, 6, {}).draw_pile


def test_tie_rule_attacker():
    """ZK-O5, ZK-C8: with tie_rule attacker a tie is a win."""
    s = new(tie_rule="attacker")
    script_tower(s, tray(P0=2, G=2))
    to_phase(s, "city")
    do(s, 0, A.PLUNDER)
    do(s, 0, A.commit(2))
    assert s.red_tiles[0] != []


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"tie_rule": "nobody"}, "tie_rule"),
        ({"tower_model": "C"}, "tower_model"),
        ({"knight_assignment": ["K_BOH"]}, "knight_assignment"),
        ({"knight_assignment": ["K_BOH", "K_BOH"]}, "knight_assignment"),
        ({"knight_assignment": ["K_BOH", "K_NOBODY"]}, "knight_assignment"),
        ({"start_player": 2}, "start_player"),
        ({"start_player": -1}, "start_player"),
        ({"turn_limit": 0}, "turn_limit"),
        ({"turn_limit": "soon"}, "turn_limit"),
        ({"tower_params": "foo=1"}, "tower_params"),
        ({"tower_shelf_memory": "forget"}, "tower_shelf_memory"),
        ({"exhaustion_winner": "everybody"}, "exhaustion_winner"),
    ],
)
def test_option_errors_name_the_option(options, name):
    """ZK-O3, ZK-O4, ZK-O5, ZK-O6, ZK-O7, ZK-O8, ZK-O9, ZK-O10: every invalid value gives an
    OptionError naming the option."""
    with pytest.raises(OptionError) as err:
        GAME.new_game(2, 1, options)
    assert name in str(err.value)


def test_unknown_knight_names_the_knight():
    """ZK-O3: an unknown knight id is named."""
    with pytest.raises(OptionError, match="K_NOBODY"):
        GAME.new_game(2, 1, {"knight_assignment": ["K_BOH", "K_NOBODY"]})


def test_tower_options_accepted():
    """ZK-O6, ZK-O7, ZK-O8: model A, parameters and resampled shelves are valid."""
    s = GAME.new_game(2, 1, {"tower_model": "A", "tower_params": "p_new=0.5,p_old=0.25"})
    assert s.tower.to_json()["model"] == "A"
    GAME.new_game(2, 1, {"tower_shelf_memory": "resample", "tower_params": "s0=0.2,K=20,d=0.05"})


# -- ZK-O11: edition data -----------------------------------------------------------------


def components_json():
    return json.loads(DATA.joinpath("components.json").read_text("utf-8"))


def test_edition_components_file(tmp_path):
    """ZK-O11, 2.7: a components JSON with a changed tableau is used by new games."""
    data = components_json()
    data["knights"][0]["troops"] = 7
    data["knights"][0]["treasure"] = 9
    path = tmp_path / "edition.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    options = GAME.edition_options(path)
    s = GAME.new_game(2, 1, {**options, "knight_assignment": ["K_BOH", "K_GOT"]})
    assert (s.army[0], s.supply[0], s.treasure[0]) == (7, 23, 9)
    assert (s.army[1], s.treasure[1]) == (8, 4)


def test_edition_map_file(tmp_path):
    """ZK-O11, 3.1: a map .txt file replaces the board, with the default other data."""
    lines = DATA.joinpath("map.txt").read_text("utf-8").split("\n")
    assert lines[5][9] == "."  # (9,5) plain
    lines[5] = lines[5][:9] + "^" + lines[5][10:]
    path = tmp_path / "map.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    options = GAME.edition_options(path)
    s = GAME.new_game(2, 1, options)
    assert s.comp.board.terrain[cell(s, 9, 5)] == MOUNTAIN
    assert new(2).comp.board.terrain[cell(s, 9, 5)] == PLAIN


def test_edition_broken_components(tmp_path):
    """ZK-O11: a broken components file gives a DataError naming the field."""
    data = components_json()
    data["knights"][1]["troops"] = "many"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError, match=r"knights\[1\]\.troops"):
        GAME.edition_options(path)
    data = components_json()
    data["tiles"]["red"] = data["tiles"]["red"][:-1]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError, match=r"tiles\.red"):
        GAME.edition_options(path)
    data = components_json()
    data["cards"][3][2] = "swamp"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError, match=r"cards\[3\]"):
        GAME.edition_options(path)


def test_edition_broken_map(tmp_path):
    """ZK-O11, 3.1: a broken map file gives a DataError naming the line."""
    lines = DATA.joinpath("map.txt").read_text("utf-8").split("\n")
    lines[2] = lines[2][:3] + "X" + lines[2][4:]
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(DataError, match="map line 3"):
        GAME.edition_options(path)


def test_edition_missing_file(tmp_path):
    """ZK-O11: a missing file is a DataError, not a crash."""
    with pytest.raises(DataError):
        GAME.edition_options(tmp_path / "nothing.json")
