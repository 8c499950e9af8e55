"""Board geometry and component data (MD-D1 to MD-D9)."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from spieltisch.engine.errors import DataError, OptionError
from spieltisch.games.medina.board import CITY, TOWER, WALL_CELL
from spieltisch.games.medina.data import default_ruleset, parse_ruleset

from .positions import GAME, cells, fresh


def raw_data():
    text = resources.files("spieltisch.games.medina").joinpath("data/medina.json")
    return json.loads(text.read_text("utf-8"))


def test_md_d1_coordinates_row_major():
    s = fresh(3)
    b = s.board
    assert (b.width, b.height) == (18, 13)  # landscape: long sides top and bottom
    assert b.cell(3, 2) == 2 * 18 + 3
    assert b.xy(b.cell(17, 12)) == (17, 12)
    assert list(b.city_cells) == sorted(b.city_cells)  # ascending ints = row-major
    assert b.xy(b.city_cells[0]) == (1, 1) and b.xy(b.city_cells[1]) == (2, 1)


@pytest.mark.parametrize(
    ("players", "edition", "size", "counts"),
    [(3, 1, (18, 13), (54, 176, 126)), (4, 2, (18, 13), (54, 176, 126)),
     (2, 2, (16, 12), (48, 140, 96))],
)  # fmt: skip
def test_md_d2_cell_sets(players, edition, size, counts):
    b = fresh(players, edition=edition).board
    w, h = size
    assert (b.width, b.height) == size
    assert cells_of(b, TOWER) == {(0, 0), (w - 1, 0), (w - 1, h - 1), (0, h - 1)}
    assert (len(b.wall_cells), len(b.city_cells), len(b.inner_cells)) == counts
    for c in b.wall_cells:  # a wall cell touches exactly one city cell
        assert sum(b.cls[d] == CITY for d in b.n4[c]) == 1
    for c in b.tower_cells:  # a tower touches two wall cells and no city cell
        assert sorted(b.cls[d] for d in b.n4[c]) == [WALL_CELL, WALL_CELL]
    for c in b.inner_cells:  # MD-R2: inner = city cells not adjacent to a wall cell
        assert all(b.cls[d] == CITY for d in b.n4[c])
    for x, y in ((1, 1), (w - 2, 1), (w - 2, h - 2), (1, h - 2)):
        assert sum(b.cls[d] == WALL_CELL for d in b.n4[b.cell(x, y)]) == 2


def cells_of(b, cls):
    return {b.xy(c) for c in range(b.size) if b.cls[c] == cls}


def test_md_d3_tower_values_and_chains():
    b = fresh(3).board
    assert b.tower_value == {b.cell(0, 0): 1, b.cell(17, 0): 3, b.cell(17, 12): 2, b.cell(0, 12): 4}
    assert sorted(b.chains) == sorted(
        [(1, "top"), (1, "left"), (3, "top"), (3, "right"), (2, "bottom"), (2, "right"),
         (4, "bottom"), (4, "left")]
    )  # fmt: skip
    # side lengths 16 / 11 on the standard board
    assert sum(1 for c in b.wall_cells if b.side_of[c] == 0) == 16
    assert sum(1 for c in b.wall_cells if b.side_of[c] == 2) == 11


def test_md_d4_colours_and_tile_values():
    r = default_ruleset()
    assert r.colours[1] == ("grey", "black", "brown", "orange")
    assert r.colours[2] == ("grey", "purple", "brown", "orange")
    assert r.palace_tile_values == {"grey": 1, "black": 2, "purple": 2, "brown": 3, "orange": 4}


def test_md_d5_first_edition_supplies():
    assert fresh(3).supply[0] == [6, 6, 6, 6, 4, 0, 4, 8, 10]
    assert fresh(4).supply[3] == [5, 5, 5, 5, 4, 0, 3, 6, 8]
    with pytest.raises(OptionError):
        fresh(2)  # the 1st edition is for 3-4 players


def test_md_d6_second_edition_supplies():
    assert fresh(2, edition=2).supply[1] == [8, 8, 8, 8, 4, 2, 4, 12, 15]
    assert fresh(3, edition=2).supply[0] == [6, 6, 6, 6, 4, 1, 4, 8, 12]
    s = fresh(4, edition=2)
    assert s.supply[2] == [5, 5, 5, 5, 4, 0, 3, 6, 9]
    assert s.tower_merchants == [3, 2, 1, 0] and s.tea_pool == 6
    r = default_ruleset()
    assert r.tea_per_purple_roof == (3, 2, 1) and r.well_bonus == 4
    for n in (2, 3, 4):  # 31 merchants in every count
        assert n * r.supply[(2, n)].merchants + 1 + 6 == 31


def test_md_d7_adjacency_orthogonal_and_king():
    b = fresh(3).board
    c = b.cell(5, 5)
    assert cells(fresh(3), b.n4[c]) == {(4, 5), (6, 5), (5, 4), (5, 6)}
    assert len(b.n8[c]) == 8
    assert len(b.n4[b.cell(0, 0)]) == 2 and len(b.n8[b.cell(0, 0)]) == 3
    # king adjacency is used only for spacing: a merchant diagonal to a palace does not
    # touch it; an orthogonal one does (MD-R12)
    from .positions import position

    s = position([("m", 8, 8), ("b", "g", 4, 4), ("r", "g")], {"g": ("grey", 0)})
    assert s.palace_points(1)["merchants"] == 0


def test_md_d8_well_geometry_edge():
    s = fresh(3, edition=2, well_cell=[2, 5], start_merchant_cell=[9, 7])
    assert cells(s, s.bonus) == {(4, 5), (2, 3), (2, 7)}  # 3 bonus cells at the edge
    assert len(s.board.well_zone(s.well)) == 8


def test_md_d9_default_file_matches_spec():
    doc = raw_data()
    assert doc["ruleset_id"] == "medina/reconstructed-1"
    r = parse_ruleset(doc)
    assert r.boards == {"standard": (18, 13), "small": (16, 12)}
    assert r.tower_values == {"top_left": 1, "top_right": 3, "bottom_right": 2, "bottom_left": 4}
    assert r.tower_merchants == {1: 3, 2: 2, 3: 1, 4: 0}
    assert r.tea_tiles == 6


def _set(doc, path, value):
    d = doc
    for k in path[:-1]:
        d = d[k]
    if value is KeyError:
        del d[path[-1]]
    else:
        d[path[-1]] = value


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("boards", "standard", "width"), 6, "boards.standard.width"),
        (("boards", "small", "height"), 5, "boards.small.height"),
        (("tower_values", "top_left"), 2, "tower_values"),
        (("tower_values", "top_right"), 0, "tower_values.top_right"),
        (("palace_tile_values", "brown"), 0, "palace_tile_values.brown"),
        (("palace_tile_values", "grey"), 1.5, "palace_tile_values.grey"),
        (("supply", "1", "3", "walls"), -1, "supply.1.3.walls"),
        (("supply", "2", "2", "merchants"), "12", "supply.2.2.merchants"),
        (("tea_per_purple_roof",), [3, 3, 1], "tea_per_purple_roof"),
        (("tea_tiles",), KeyError, "tea_tiles"),
        (("well_bonus",), -4, "well_bonus"),
        (("colours", "1"), ["grey", "grey", "brown", "orange"], "colours.1"),
    ],
)
def test_md_d9_bad_data_names_the_field(path, value, field):
    doc = copy.deepcopy(raw_data())
    _set(doc, path, value)
    with pytest.raises(DataError) as err:
        parse_ruleset(doc)
    assert field in str(err.value)
    with pytest.raises(OptionError) as err:  # the option rejects it too, naming ruleset_data
        GAME.new_game(3, 0, {"ruleset_data": doc})
    assert "ruleset_data" in str(err.value)


def test_md_d9_replacement_data_is_used():
    doc = copy.deepcopy(raw_data())
    doc["palace_tile_values"]["grey"] = 7
    doc["supply"]["1"]["3"]["walls"] = 3
    s = GAME.new_game(3, 0, {"ruleset_data": doc})
    assert s.supply[0][8] == 3
    assert s.rules.palace_tile_values["grey"] == 7
