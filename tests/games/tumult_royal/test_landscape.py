"""Landscape geometry (TR-D8, TR-D10, TR-S5)."""

from __future__ import annotations

import pytest

from spieltisch.games.tumult_royal.data import builtin_ruleset, default_ruleset
from spieltisch.games.tumult_royal.landscape import make_landscape


def deal(players):
    """Designs in reading order (TR-S5), L01 first."""
    land = make_landscape(players)
    ids = list(default_ruleset().landscape_tiles)
    return {pos: ids[land.position_index(*pos)] for pos in land.positions}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tr_d8_grid_size(players):
    land = make_landscape(players)
    assert (land.columns, land.width, land.height) == (players, 3 * players, 6)
    assert land.size == 18 * players
    assert land.positions == tuple((tr, tc) for tr in (0, 1) for tc in range(players))
    assert len(land.positions) == 2 * players  # 4/6/8 tiles
    assert make_landscape(players) is land


def _column(c):
    return ((0, c), (1, c))


@pytest.mark.parametrize(
    ("players", "down", "fields"),
    [
        (2, _column(1), 18),
        (3, ((0, 0), (0, 2), (1, 0)), 27),
        (4, (*_column(0), *_column(3)), 36),
    ],
)
def test_tr_d8_fields_available_at_start(players, down, fields):
    """TR-D8: half the tiles face down at every count, so half the fields exist at the
    start (3 players: 3 of 6 tiles, not the 4 of ruleset reconstructed-1)."""
    land = make_landscape(players)
    assert set(land.face_down) == set(down) and len(down) == players
    up = land.face_up_fields(land.face_down)
    assert len(up) == fields == land.size // 2
    assert up == land.face_up_fields(land.face_down_after(0))
    assert all(land.position_of(f) not in down for f in up)


def test_tr_d8_reconstructed_1_keeps_two_of_six_open_for_three_players():
    land = make_landscape(3, builtin_ruleset("reconstructed-1"))
    assert len(land.face_up_fields(land.face_down)) == 18


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tr_d8_field_numbering_and_positions(players):
    land = make_landscape(players)
    w = land.width
    for f in range(land.size):
        r, c = divmod(f, w)
        assert land.field(r, c) == f and land.rc(f) == (r, c)
        assert land.position_of(f) == (r // 3, c // 3)
        assert land.local(f) == (r % 3, c % 3)
        assert f in land.fields_of_position(*land.position_of(f))
        assert f in land.fields_of_column(c // 3)
    for pos in land.positions:
        assert len(land.fields_of_position(*pos)) == 9
    for tc in range(players):
        assert len(land.fields_of_column(tc)) == 18
        assert set(land.fields_of_column(tc)) == set(
            land.fields_of_position(0, tc) + land.fields_of_position(1, tc)
        )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tr_d8_adjacency_is_orthogonal_only(players):
    land = make_landscape(players)
    for f in range(land.size):
        r, c = land.rc(f)
        expected = {
            land.field(r + dr, c + dc)
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if land.on_grid(r + dr, c + dc)
        }
        assert set(land.neighbours(f)) == expected
        assert list(land.neighbours(f)) == sorted(land.neighbours(f))
        for g in land.neighbours(f):
            assert f in land.neighbours(g)
            gr, gc = land.rc(g)
            assert abs(gr - r) + abs(gc - c) == 1  # never diagonal


def test_tr_d8_adjacency_crosses_tile_borders():
    land = make_landscape(4)
    # horizontal border between (0,0) and (0,1): field (1,2) touches (1,3)
    a, b = land.field(1, 2), land.field(1, 3)
    assert land.position_of(a) == (0, 0) and land.position_of(b) == (0, 1)
    assert b in land.neighbours(a)
    # vertical border between rows of tiles: (2,4) touches (3,4)
    a, b = land.field(2, 4), land.field(3, 4)
    assert land.position_of(a) == (0, 1) and land.position_of(b) == (1, 1)
    assert b in land.neighbours(a)


def test_tr_d8_no_diagonal_adjacency_at_tile_corner():
    land = make_landscape(3)
    corner = land.field(2, 2)  # bottom-right of tile (0,0)
    assert land.field(3, 3) not in land.neighbours(corner)  # tile (1,1), diagonal
    assert land.field(1, 1) not in land.neighbours(corner)
    assert set(land.neighbours(corner)) == {
        land.field(1, 2),
        land.field(3, 2),
        land.field(2, 1),
        land.field(2, 3),
    }


def test_tr_d8_grid_edges():
    land = make_landscape(2)
    assert land.neighbours(0) == (1, land.width)  # top-left corner: two neighbours
    last = land.size - 1
    assert land.neighbours(last) == (last - land.width, last - 1)
    assert len(land.neighbours(land.field(0, 3))) == 3  # top edge


def test_tr_d7_terrain_at_reads_the_design():
    land = make_landscape(2)
    designs = deal(2)  # (0,0)=L01, (0,1)=L02, (1,0)=L03, (1,1)=L04
    assert designs == {(0, 0): "L01", (0, 1): "L02", (1, 0): "L03", (1, 1): "L04"}
    assert land.terrain_at(designs, land.field(0, 0)) == "M"  # L01 "MFM"
    assert land.terrain_at(designs, land.field(1, 1)) == "V"  # L01 "HVM"
    assert land.terrain_at(designs, land.field(1, 5)) == "V"  # L02 "MHV"
    assert land.terrain_at(designs, land.field(3, 0)) == "F"  # L03 "FMH"
    assert land.terrain_at(designs, land.field(5, 5)) == "H"  # L04 "FMH"
    grid = land.terrain_grid(designs)
    assert "".join(grid[land.field(4, c)] for c in range(6)) == "MMVMHM"


@pytest.mark.parametrize(
    ("players", "schedule"),
    [
        (2, [(0, _column(1)), (2, _column(1)), (3, ()), (10, ())]),
        (
            3,
            [
                (0, ((0, 0), (0, 2), (1, 0))),
                (1, ((0, 0), (0, 2), (1, 0))),
                (2, ((0, 2),)),
                (3, ((0, 2),)),
                (4, ()),
            ],
        ),
        (4, [(0, (*_column(0), *_column(3))), (2, _column(3)), (4, ())]),
    ],
)
def test_tr_d10_reveal_schedule(players, schedule):
    land = make_landscape(players)
    for round_no, down in schedule:
        assert land.face_down_after(round_no) == tuple(sorted(down))
    assert len(land.face_up_fields(land.face_down_after(10))) == 18 * players
