"""The map (rules section 3): data file, geometry, named cells, verified facts (3.5) and the
neutral units' terrain (ZK-R20)."""

from __future__ import annotations

import heapq
import re
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.engine.errors import DataError
from spieltisch.games.zeichen_des_kreuzes.board import MOUNTAIN, PLAIN, SEA, parse_map
from spieltisch.games.zeichen_des_kreuzes.edition import default_components
from spieltisch.games.zeichen_des_kreuzes.movement import unit_moves

from .helpers import new

RULES = Path("/work/shared/rules")
RULES_MAP = RULES / "zeichen_des_kreuzes_map.txt"
PACKAGE_MAP = resources.files("spieltisch.games.zeichen_des_kreuzes").joinpath("data/map.txt")
BOARD = default_components().board
LAND = frozenset((PLAIN, MOUNTAIN))

CITIES = [  # table 3.3
    ("London", (5, 2), "city_red"),
    ("Rouen", (5, 4), "city_red"),
    ("Paris", (6, 4), "city_red"),
    ("Cologne", (8, 2), "city_red"),
    ("Toulouse", (5, 6), "city_red"),
    ("Genoa", (9, 6), "city_red"),
    ("Venice", (11, 5), "city_red"),
    ("Rome", (11, 7), "city_red"),
    ("Bari", (13, 7), "city_red"),
    ("Thessaloniki", (17, 7), "city_red"),
    ("Constantinople", (20, 7), "city_red"),
    ("Nicosia", (21, 11), "city_red"),
    ("Candia", (18, 10), "city_crete"),
    ("Seville", (1, 9), "city_green"),
    ("Cordoba", (2, 9), "city_green"),
    ("Tunis", (10, 10), "city_green"),
    ("Tripoli", (12, 12), "city_green"),
    ("Alexandria", (20, 13), "city_green"),
    ("Cairo", (21, 13), "city_green"),
    ("Nicaea", (20, 8), "city_green"),
    ("Iconium", (22, 8), "city_green"),
    ("Antioch", (24, 10), "city_green"),
    ("Aleppo", (25, 10), "city_green"),
    ("Damascus", (24, 11), "city_green"),
    ("Tyre", (23, 11), "city_green"),
    ("Jerusalem", (23, 12), "jerusalem"),
]
STARTS = {"K_GOT": (8, 2), "K_BOH": (13, 7), "K_RAI": (5, 6), "K_ROB": (5, 4), "K_SIG": (5, 2)}
ORDER = ("K_GOT", "K_BOH", "K_RAI", "K_ROB", "K_SIG")  # the columns of 3.5.2 and 3.5.3
JERUSALEM_STEPS = {  # 3.5.2: any, land only, plain only (-1 impossible), sea cells, nearest
    "K_GOT": (15, 17, 18, 0, ("Cordoba", 7)),
    "K_BOH": (10, 16, 17, 0, ("Tunis", 3)),
    "K_RAI": (18, 20, 21, 0, ("Cordoba", 3)),
    "K_ROB": (18, 20, 21, 0, ("Cordoba", 5)),
    "K_SIG": (18, -1, -1, 1, ("Cordoba", 7)),
}
CITY_STEPS = {  # table 3.5.3: Gottfried, Bohemund, Raimund, Robert, Sigurd
    "London": (3, 8, 4, 2, 0),
    "Rouen": (3, 8, 2, 0, 2),
    "Paris": (2, 7, 2, 1, 2),
    "Cologne": (0, 5, 4, 3, 3),
    "Toulouse": (4, 8, 0, 2, 4),
    "Genoa": (4, 4, 4, 4, 4),
    "Venice": (3, 2, 6, 6, 6),
    "Rome": (5, 2, 6, 6, 6),
    "Bari": (5, 0, 8, 8, 8),
    "Thessaloniki": (9, 4, 12, 12, 12),
    "Constantinople": (12, 7, 15, 15, 15),
    "Nicosia": (13, 8, 16, 16, 16),
    "Candia": (10, 5, 13, 13, 13),
    "Seville": (7, 12, 4, 5, 7),
    "Cordoba": (7, 11, 3, 5, 7),
    "Tunis": (8, 3, 5, 6, 8),
    "Tripoli": (10, 5, 7, 8, 10),
    "Alexandria": (12, 7, 15, 15, 15),
    "Cairo": (13, 8, 16, 16, 16),
    "Nicaea": (12, 7, 15, 15, 15),
    "Iconium": (14, 9, 17, 17, 17),
    "Antioch": (16, 11, 19, 19, 19),
    "Aleppo": (17, 12, 20, 20, 20),
    "Damascus": (16, 11, 19, 19, 19),
    "Tyre": (15, 10, 18, 18, 18),
    "Jerusalem": (15, 10, 18, 18, 18),
}


def c(x, y):
    return BOARD.cell(x, y)


def city_cell(name):
    return next(ct.cell for ct in BOARD.cities if ct.name == name)


def component(start, ok):
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for n in BOARD.neighbours[here]:
            if n not in seen and ok(n):
                seen.add(n)
                todo.append(n)
    return seen


def fewest_sea_cells(start, goal):
    """0-1 costs: entering a sea cell costs 1 (column 'fewest sea cells needed')."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, here = heapq.heappop(heap)
        if here == goal:
            return d
        if d > best[here]:
            continue
        for n in BOARD.neighbours[here]:
            nd = d + (BOARD.terrain[n] == SEA)
            if nd < best.get(n, 1 << 30):
                best[n] = nd
                heapq.heappush(heap, (nd, n))
    return -1


# -- 3.1, 3.2 -----------------------------------------------------------------------------


def test_map_file_validates():
    """3.1, 2.7: the rules' map file parses without error."""
    board = parse_map(RULES_MAP.read_text(encoding="utf-8"))
    assert board.rows == BOARD.rows


def test_package_map_equals_rules_map():
    """2.7: the engine's default map is the rules folder's map file."""
    assert PACKAGE_MAP.read_text(encoding="utf-8") == RULES_MAP.read_text(encoding="utf-8")


def test_grid_matches_rules_document():
    """3.2: the grid printed in the rules document is the data file's grid."""
    text = (RULES / "zeichen_des_kreuzes.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\s+y =\s+\d+\s+(\S{26})\s+\d+$", text, flags=re.MULTILINE)
    assert tuple(rows) == BOARD.rows


def test_grid_size_and_counts():
    """3.1, 3.2: 26 x 14 = 364 cells: 110 sea (108 '~' + 2 'F'), 35 mountain, 219 plain."""
    assert (BOARD.width, BOARD.height) == (26, 14)
    assert len(BOARD.terrain) == 364
    assert BOARD.terrain.count(SEA) == 110
    assert BOARD.terrain.count(MOUNTAIN) == 35
    assert BOARD.terrain.count(PLAIN) == 219
    text = "".join(BOARD.rows)
    assert text.count("~") == 108 and text.count("F") == 2


def test_adjacency_eight_neighbours():
    """3.1: 8-neighbourhood, corners count, no wrap-around."""
    assert set(BOARD.neighbours[c(0, 0)]) == {c(1, 0), c(0, 1), c(1, 1)}
    assert len(BOARD.neighbours[c(10, 5)]) == 8
    assert c(24, 11) in BOARD.neighbours[c(23, 12)]  # diagonal
    assert c(25, 5) not in BOARD.neighbours[c(0, 5)]
    assert len(BOARD.neighbours[c(25, 13)]) == 3


def test_named_cities():
    """3.3: the cities in canonical order, with cells and kinds; all plain."""
    got = [(ct.name, BOARD.xy(ct.cell), ct.kind) for ct in BOARD.cities]
    assert got == CITIES
    assert all(BOARD.terrain[ct.cell] == PLAIN for ct in BOARD.cities)
    faiths = {ct.name: ct.faith for ct in BOARD.cities}
    assert faiths["Candia"] == "christian" and faiths["Jerusalem"] == "muslim"
    assert {faiths[n] for n, _, k in CITIES if k == "city_red"} == {"christian"}
    assert {faiths[n] for n, _, k in CITIES if k == "city_green"} == {"muslim"}


def test_start_cells():
    """2.3, 2.6, 3.3: knight starts and neutral-unit starts."""
    comp = default_components()
    assert {k.id: BOARD.xy(k.start_cell) for k in comp.knights} == STARTS
    assert [(u.id, u.kind, BOARD.xy(u.start_cell)) for u in comp.units] == [
        ("FLEET_W", "fleet", (8, 9)),
        ("FLEET_E", "fleet", (20, 12)),
        ("ARMY_I", "army", (3, 8)),
        ("ARMY_A", "army", (21, 8)),
    ]


# -- 3.5 verified facts -------------------------------------------------------------------


@pytest.mark.parametrize("knight", ORDER)
def test_every_city_reachable(knight):
    """3.5 fact 1: every cell, and so every city, is reachable from every knight start."""
    dist = BOARD.distances(c(*STARTS[knight]))
    assert min(dist) == 0
    assert all(d >= 0 for d in dist)


@pytest.mark.parametrize("knight", ORDER)
def test_fewest_steps_to_jerusalem(knight):
    """3.5 fact 2: fewest steps start -> Jerusalem (any terrain, land only, plain only,
    fewest sea cells) and the nearest Muslim city."""
    any_t, land, plain, sea, (name, steps) = JERUSALEM_STEPS[knight]
    start, goal = c(*STARTS[knight]), city_cell("Jerusalem")
    assert BOARD.distances(start)[goal] == any_t
    assert BOARD.distances(start, LAND)[goal] == land
    assert BOARD.distances(start, frozenset((PLAIN,)))[goal] == plain
    assert fewest_sea_cells(start, goal) == sea
    dist = BOARD.distances(start)
    green = {ct.name: dist[ct.cell] for ct in BOARD.cities if ct.kind == "city_green"}
    nearest = min(green.values())
    assert nearest == steps
    assert green[name] == nearest  # ties (Seville = Cordoba) are possible, see table 3.5.3


@pytest.mark.parametrize("name", list(CITY_STEPS))
def test_steps_to_each_city(name):
    """3.5 fact 3: steps from each start to each city (any terrain)."""
    got = tuple(BOARD.distances(c(*STARTS[k]))[city_cell(name)] for k in ORDER)
    assert got == CITY_STEPS[name]


def test_sea_bodies():
    """3.5 fact 4: one main sea body of 98 cells holds both fleet starts; the Black Sea (8)
    and the Baltic (4) are separate."""
    is_sea = lambda n: BOARD.terrain[n] == SEA  # noqa: E731
    main = component(c(8, 9), is_sea)
    assert len(main) == 98 and c(20, 12) in main
    assert len(component(c(22, 6), is_sea)) == 8
    assert len(component(c(12, 0), is_sea)) == 4
    ports = {ct.name for ct in BOARD.cities if any(n in main for n in BOARD.neighbours[ct.cell])}
    assert ports == {
        "London", "Rouen", "Paris", "Genoa", "Venice", "Rome", "Bari", "Thessaloniki",
        "Nicosia", "Candia", "Seville", "Cordoba", "Tunis", "Tripoli", "Alexandria", "Cairo",
        "Nicaea", "Tyre", "Jerusalem",
    }  # fmt: skip


def test_land_masses():
    """3.5 fact 5: mainland 239, Britain 8, Ireland 4; one-cell islands Sardinia, Candia,
    Nicosia."""
    is_land = lambda n: BOARD.terrain[n] != SEA  # noqa: E731
    assert len(component(c(13, 7), is_land)) == 239
    assert len(component(c(5, 2), is_land)) == 8
    assert len(component(c(0, 0), is_land)) == 4
    for x, y in ((9, 8), (18, 10), (21, 11)):
        assert component(c(x, y), is_land) == {c(x, y)}


def test_army_component():
    """3.5 fact 6: both army starts lie in one land component of 162 non-city cells."""
    ok = lambda n: BOARD.terrain[n] != SEA and n not in BOARD.city_at  # noqa: E731
    comp = component(c(3, 8), ok)
    assert len(comp) == 162 and c(21, 8) in comp


def test_adjacent_cities():
    """3.5 fact 8: Jerusalem is adjacent to Damascus, Tyre and sea cells (22,11), (22,12)."""
    jer = city_cell("Jerusalem")
    near = {BOARD.xy(n) for n in BOARD.neighbours[jer]}
    assert {
        BOARD.cities[BOARD.city_at[n]].name for n in BOARD.neighbours[jer] if n in BOARD.city_at
    } == {"Damascus", "Tyre"}
    assert {xy for xy in near if BOARD.terrain[c(*xy)] == SEA} == {(22, 11), (22, 12)}
    for a, b in (
        ("Rouen", "Paris"),
        ("Seville", "Cordoba"),
        ("Alexandria", "Cairo"),
        ("Constantinople", "Nicaea"),
        ("Antioch", "Aleppo"),
        ("Damascus", "Tyre"),
    ):
        assert city_cell(b) in BOARD.neighbours[city_cell(a)]


# -- neutral units (3.5 facts 6, 7; ZK-R20) -----------------------------------------------


@pytest.mark.parametrize(
    ("unit", "kind", "moves"),
    [
        (2, "army", {(2, 7), (2, 8), (3, 7), (3, 9), (4, 7), (4, 8), (4, 9)}),
        (3, "army", {(20, 9), (21, 7), (21, 9), (22, 7), (22, 9)}),
        (0, "fleet", {(7, 8), (7, 9), (8, 8), (9, 9)}),
        (1, "fleet", {(19, 11), (19, 12), (20, 11), (21, 12)}),
    ],
)
def test_legal_first_moves(unit, kind, moves):
    """3.5 facts 6 and 7, ZK-R20: the legal first moves from the start cells."""
    s = new()
    got = {BOARD.xy(to) for u, to in unit_moves(s, kind) if u == unit}
    assert got == moves


def test_units_start_on_their_terrain():
    """ZK-R20, 2.6: fleets start at sea, armies on land outside cities."""
    for u in default_components().units:
        if u.kind == "fleet":
            assert BOARD.terrain[u.start_cell] == SEA
        else:
            assert BOARD.terrain[u.start_cell] != SEA and u.start_cell not in BOARD.city_at


@settings(derandomize=True, max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["fleet", "army"]), st.integers(0, 10**6)), max_size=60))
def test_random_unit_walks_stay_on_their_terrain(walk):
    """ZK-R20: any sequence of legal unit moves keeps fleets at sea and armies on land
    outside cities, never two units on one cell, never on another in-play unit's start."""
    s = new()
    comp = s.comp
    for kind, pick in walk:
        moves = unit_moves(s, kind)
        if not moves:
            continue
        unit, to = moves[pick % len(moves)]
        units = list(s.units)
        units[unit] = to
        s.units = units
        placed = [cell for cell in s.units if cell >= 0]
        assert len(set(placed)) == len(placed)
        for u in comp.units:
            here = s.units[u.index]
            if u.kind == "fleet":
                assert BOARD.terrain[here] == SEA
            else:
                assert BOARD.terrain[here] != SEA and here not in BOARD.city_at
            others = {o.start_cell for o in comp.units if o.index != u.index}
            assert here not in others


# -- malformed maps -----------------------------------------------------------------------


def map_lines():
    return RULES_MAP.read_text(encoding="utf-8").split("\n")


LONDON = 14  # index of the first named-cell line
GRID_ROW_4 = "~~~..CC.^^^^^............."
BAD_LINES = [
    (4, GRID_ROW_4 + ".", "map line 5: grid rows must all have 26 characters, not 27"),
    (4, GRID_ROW_4[:-1], "map line 5: grid rows must all have 26 characters, not 25"),
    (1, "..~X..~...................", "map line 2, column 4: unknown map character 'X'"),
    (LONDON, "5 3 city_red London christian", "map line 15: .*must be on a 'C' cell"),
    (LONDON, "40 2 city_red London christian", r"map line 15: cell \(40,2\) is off the board"),
    (LONDON, "5 2 castle London christian", "map line 15: unknown kind 'castle'"),
    (LONDON, "5 2 city_red London pagan", "map line 15: unknown faith 'pagan'"),
    (LONDON, "5 2 city_red London", "map line 15: a named cell needs 5 fields"),
    (LONDON, "x 2 city_red London christian", "map line 15: x and y must be integers"),
]


@pytest.mark.parametrize(("index", "text", "pattern"), BAD_LINES)
def test_malformed_map_names_the_line(index, text, pattern):
    """3.1: a malformed map (row width, unknown character, named cell on a wrong letter,
    off-board cell, bad kind or faith, bad field count) raises DataError naming the line."""
    lines = map_lines()
    assert lines[4] == GRID_ROW_4
    lines[index] = text
    with pytest.raises(DataError, match=pattern):
        parse_map("\n".join(lines))


def test_missing_city_line():
    """3.1: a city letter without its named line is an error naming the cell."""
    lines = [ln for ln in map_lines() if "London" not in ln]
    with pytest.raises(DataError, match=r"'C' cell \(5,2\) has no named city line"):
        parse_map("\n".join(lines))


def test_too_few_grid_lines():
    """3.1: the first 14 lines must be the grid."""
    with pytest.raises(DataError, match="first 14 lines"):
        parse_map("\n".join(map_lines()[:10]))
