"""Component data of Tumult Royal (TR-D1 to TR-D13, TR-S2, TR-S3)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from spieltisch.engine.errors import DataError
from spieltisch.games.tumult_royal.data import (
    Tile,
    builtin_ruleset,
    default_ruleset,
    game_tiles,
    load_ruleset_file,
    parse_ruleset,
    ruleset_for,
    ruleset_from_text,
)

# TR-D13: the data object printed in the rules text, ruleset reconstructed-1
SPEC_RECONSTRUCTED_1 = {
    "ruleset_id": "tumult-royal/reconstructed-1",
    "player_counts": [2, 3, 4],
    "goods": ["bread", "marble", "tools"],
    "goods_tile_id_prefix": {"bread": "BR", "marble": "MA", "tools": "TO"},
    "goods_tile_template": [
        {"index": i, "value": v, "min_players": m}
        for i, v, m in [
            (1, 1, 2), (2, 1, 2), (3, 1, 2), (4, 1, 2), (5, 1, 3), (6, 1, 4), (7, 2, 2),
            (8, 2, 2), (9, 2, 2), (10, 2, 4), (11, 3, 2), (12, 3, 2), (13, 3, 3),
        ]
    ],
    "statues_per_player": 25,
    "followers_start": {"2": 30, "3": 20, "4": 15},
    "terrains": {
        "meadow": {"code": "M", "capacity": 1, "cost": {"bread": 1, "marble": 0, "tools": 1},
                   "nonadjacent_allowed": True},
        "forest": {"code": "F", "capacity": 1, "cost": {"bread": 0, "marble": 1, "tools": 1},
                   "nonadjacent_allowed": True},
        "mountain": {"code": "H", "capacity": 1, "cost": {"bread": 1, "marble": 1, "tools": 1},
                     "nonadjacent_allowed": False},
        "village": {"code": "V", "capacity": 2, "cost": {"bread": 2, "marble": 2, "tools": 1},
                    "nonadjacent_allowed": False},
        "castle": {"code": "C", "capacity": 3, "cost": {"bread": 3, "marble": 3, "tools": 2},
                   "nonadjacent_allowed": False},
    },
    "nonadjacent_cost_multiplier": 2,
    "start_terrain": "meadow",
    "landscape_tiles": {
        "L01": ["MFM", "HVM", "MFH"], "L02": ["MMF", "MHV", "FHM"], "L03": ["FMH", "MMV", "HFM"],
        "L04": ["VMF", "MHM", "FMH"], "L05": ["MHM", "FVF", "MHM"], "L06": ["MFM", "CHV", "MFM"],
        "L07": ["MMF", "FCM", "HVM"], "L08": ["CMM", "MFH", "VFM"], "L09": ["MHC", "FMH", "VFM"],
        "L10": ["HMF", "VCM", "FHM"],
    },
    "layout": {
        "2": {"columns": 2, "face_down_columns": [1], "reveal_after_round": {"3": [1]}},
        "3": {"columns": 3, "face_down_columns": [0, 2],
              "reveal_after_round": {"2": [0], "4": [2]}},
        "4": {"columns": 4, "face_down_columns": [0, 3],
              "reveal_after_round": {"2": [0], "4": [3]}},
    },
    "chronicle": {
        "statues_per_field": [1, 1, 1, 1, 1, 2, 2, 2, 2, 2],
        "end_threshold": [None, None, None, None, None, 6, 5, 4, 3, 2],
    },
    "max_rounds": 10,
    "spinner": {"values": [2, 3, 4, 5], "weights": [15, 35, 35, 15]},
    "set_aside_per_player": 3,
    "king_tax": 5,
    "tumult_follower_loss": 3,
    "no_build_bonus": 2,
    "surplus_followers_per_unit": 1,
    "grace_reduction": 1,
}  # fmt: skip

# ruleset reconstructed-2, the default: half the tiles face down at every player count
# (TR-D8, TR-R6), the 3-player positions and reveals chosen by `spieltisch calibrate`
# (TR-D10, TR-R7); a face_down entry is a column (both tiles) or a [row, column] tile
SPEC_DEFAULT = {
    **SPEC_RECONSTRUCTED_1,
    "ruleset_id": "tumult-royal/reconstructed-2",
    "layout": {
        "2": {"columns": 2, "face_down": [1], "reveal_after_round": {"3": [1]}},
        "3": {"columns": 3, "face_down": [0, [0, 2]],
              "reveal_after_round": {"2": [0], "4": [[0, 2]]}},
        "4": {"columns": 4, "face_down": [0, 3], "reveal_after_round": {"2": [0], "4": [3]}},
    },
}  # fmt: skip


def raw_data(name="tumult_royal.json"):
    text = resources.files("spieltisch.games.tumult_royal").joinpath(f"data/{name}")
    return json.loads(text.read_text("utf-8"))


def strip_provenance(value):
    if isinstance(value, dict):
        return {k: strip_provenance(v) for k, v in value.items() if k != "provenance"}
    if isinstance(value, list):
        return [strip_provenance(v) for v in value]
    return value


# --- the default file -------------------------------------------------------------------


def test_tr_d13_file_is_the_spec_default_plus_provenance():
    doc = raw_data()
    assert isinstance(doc.pop("source"), str)
    assert strip_provenance(doc) == SPEC_DEFAULT


def test_tr_d13_reconstructed_1_is_kept_as_printed_in_the_rules():
    """Ruleset reconstructed-1 (the rules text's TR-D13 object) stays, unchanged, for the
    records made under it."""
    doc = raw_data("tumult_royal_reconstructed-1.json")
    assert "frozen" in doc.pop("source")
    assert strip_provenance(doc) == SPEC_RECONSTRUCTED_1
    old = builtin_ruleset("reconstructed-1")
    assert old.ruleset_id == "tumult-royal/reconstructed-1"
    assert old.layouts[3].face_down == ((0, 0), (0, 2), (1, 0), (1, 2))  # 4 of 6
    assert ruleset_for("reconstructed-1") is old and ruleset_for("default") is default_ruleset()


def test_tr_d13_provenance_notes_on_reconstructed_objects():
    doc = raw_data()
    assert "reconstructed" in doc["provenance"]  # goods_tile_template (R1, R2)
    for key in ("terrains", "landscape_tiles", "layout", "chronicle", "spinner"):
        assert isinstance(doc[key]["provenance"], str)
        assert "reconstructed" in doc[key]["provenance"], key


def test_tr_d13_default_validates_and_spec_object_validates():
    rs = default_ruleset()
    assert rs is default_ruleset()
    assert rs.ruleset_id == "tumult-royal/reconstructed-2"
    assert parse_ruleset(SPEC_DEFAULT).landscape_tiles == rs.landscape_tiles
    assert json.loads(rs.raw) == raw_data()
    assert ruleset_from_text(rs.raw) == rs


# --- TR-D1 goods tiles ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "tiles", "units", "per_good"),
    [(4, 39, 69, (6, 4, 3)), (3, 33, 60, (5, 3, 3)), (2, 27, 48, (4, 3, 2))],
)
def test_tr_d1_game_set_counts(players, tiles, units, per_good):
    rs = default_ruleset()
    game = game_tiles(rs, players)
    assert len(game) == tiles  # TR-S3
    assert sum(t.value for t in game) == units
    for good in range(3):
        values = Counter(t.value for t in game if t.good == good)
        assert (values[1], values[2], values[3]) == per_good
        assert sum(values.values()) == tiles // 3
    assert len({t.id for t in game}) == tiles


def test_tr_d1_tile_ids_and_template():
    rs = default_ruleset()
    assert rs.goods == ("bread", "marble", "tools")
    assert rs.tile_prefix == ("BR", "MA", "TO")
    assert [(s.index, s.value, s.min_players) for s in rs.tile_template] == [
        (e["index"], e["value"], e["min_players"]) for e in SPEC_DEFAULT["goods_tile_template"]
    ]
    game = game_tiles(rs, 4)
    assert game[0] == Tile(id="BR01", good=0, value=1)
    assert game[12] == Tile(id="BR13", good=0, value=3)
    assert game[13] == Tile(id="MA01", good=1, value=1)
    assert game[-1] == Tile(id="TO13", good=2, value=3)
    ids2 = {t.id for t in game_tiles(rs, 2)}
    assert "BR05" not in ids2 and "BR06" not in ids2 and "BR10" not in ids2  # R2
    assert "BR13" not in ids2 and "BR13" in {t.id for t in game_tiles(rs, 3)}


# --- TR-D2, TR-D3, TR-D6, TR-D7, TR-D9, TR-D11, TR-D12 ----------------------------------


def test_tr_d2_followers_and_tr_d3_statues():
    rs = default_ruleset()
    assert rs.followers_start == {2: 30, 3: 20, 4: 15}
    assert rs.statues_per_player == 25
    assert rs.player_counts == (2, 3, 4)


def test_tr_d6_terrains_costs_capacities():
    rs = default_ruleset()
    table = {
        "M": ("meadow", 1, (1, 0, 1), True),
        "F": ("forest", 1, (0, 1, 1), True),
        "H": ("mountain", 1, (1, 1, 1), False),
        "V": ("village", 2, (2, 2, 1), False),
        "C": ("castle", 3, (3, 3, 2), False),
    }
    assert list(rs.terrains) == list(table)
    for code, (name, cap, cost, allowed) in table.items():
        t = rs.terrains[code]
        assert (t.name, t.code, t.capacity, t.cost, t.nonadjacent_allowed) == (
            name, code, cap, cost, allowed,
        )  # fmt: skip
    assert rs.nonadjacent_cost_multiplier == 2
    assert rs.start_terrain == "M"
    assert rs.terrain_code("castle") == "C"


TR_D7_TABLE = {
    # tile: (meadows, forests, mountains, villages, castles, capacity)
    "L01": (4, 2, 2, 1, 0, 10),
    "L02": (4, 2, 2, 1, 0, 10),
    "L03": (4, 2, 2, 1, 0, 10),
    "L04": (4, 2, 2, 1, 0, 10),
    "L05": (4, 2, 2, 1, 0, 10),
    "L06": (4, 2, 1, 1, 1, 12),
    "L07": (4, 2, 1, 1, 1, 12),
    "L08": (4, 2, 1, 1, 1, 12),
    "L09": (3, 2, 2, 1, 1, 12),
    "L10": (3, 2, 2, 1, 1, 12),
}


def test_tr_d7_landscape_tiles_per_tile_counts():
    rs = default_ruleset()
    assert list(rs.landscape_tiles) == [f"L{i:02d}" for i in range(1, 11)]
    for tid, rows in rs.landscape_tiles.items():
        counts = Counter("".join(rows))
        capacity = sum(rs.terrains[c].capacity * n for c, n in counts.items())
        got = (*(counts[c] for c in "MFHVC"), capacity)
        assert got == TR_D7_TABLE[tid], tid
        assert counts["M"] >= 3  # TR-S7 start placement always possible


def test_tr_d7_totals():
    rs = default_ruleset()
    counts = Counter("".join("".join(rows) for rows in rs.landscape_tiles.values()))
    assert (counts["M"], counts["F"], counts["H"], counts["V"], counts["C"]) == (38, 20, 17, 10, 5)
    assert sum(counts.values()) == 90
    assert sum(rs.terrains[c].capacity * n for c, n in counts.items()) == 110


def test_tr_d8_tr_d10_layouts():
    """TR-D8: half the tile positions face down at every count (a column stands for both its
    tiles); TR-D10: the reveal schedule by tile position."""
    rs = default_ruleset()
    assert {p: (lay.columns, lay.face_down) for p, lay in rs.layouts.items()} == {
        2: (2, ((0, 1), (1, 1))),
        3: (3, ((0, 0), (0, 2), (1, 0))),
        4: (4, ((0, 0), (0, 3), (1, 0), (1, 3))),
    }
    for p, lay in rs.layouts.items():
        assert len(lay.face_down) == p  # half of the 2p tiles
    assert rs.layouts[2].reveal_after_round == {3: ((0, 1), (1, 1))}
    assert rs.layouts[3].reveal_after_round == {2: ((0, 0), (1, 0)), 4: ((0, 2),)}
    assert rs.layouts[4].reveal_after_round == {2: ((0, 0), (1, 0)), 4: ((0, 3), (1, 3))}


def test_tr_d8_rulesets_with_face_down_columns_still_load():
    """A ruleset written before tile positions existed (key ``face_down_columns``) loads
    with the same meaning."""
    doc = copy.deepcopy(raw_data())
    doc["layout"]["4"] = {"columns": 4, "face_down_columns": [0, 3],
                          "reveal_after_round": {"2": [0], "4": [3]}}  # fmt: skip
    assert parse_ruleset(doc).layouts[4] == default_ruleset().layouts[4]
    doc["layout"]["4"]["face_down_columns"] = [[0, 0]]
    reject(doc, "layout.4.face_down_columns lists columns only")
    doc["layout"]["4"]["face_down"] = [0, 3]
    reject(doc, "layout.4 has both face_down and face_down_columns")


def test_tr_d9_chronicle():
    rs = default_ruleset()
    assert rs.max_rounds == 10
    assert rs.chronicle_statues == (1, 1, 1, 1, 1, 2, 2, 2, 2, 2)
    assert rs.end_threshold == (None, None, None, None, None, 6, 5, 4, 3, 2)
    # end checks exactly on the two-statue fields in the default data
    checks = [k for k, t in enumerate(rs.end_threshold) if t is not None]
    assert checks == [k for k, s in enumerate(rs.chronicle_statues) if s == 2]


def test_tr_d11_spinner():
    rs = default_ruleset()
    assert rs.spinner_values == (2, 3, 4, 5)
    assert rs.spinner_weights == (15, 35, 35, 15)
    mean = sum(v * w for v, w in zip(rs.spinner_values, rs.spinner_weights, strict=True))
    assert mean / sum(rs.spinner_weights) == 3.5


def test_tr_d12_scalars():
    rs = default_ruleset()
    assert (
        rs.statues_per_player,
        rs.max_rounds,
        rs.set_aside_per_player,
        rs.king_tax,
        rs.tumult_follower_loss,
        rs.no_build_bonus,
        rs.surplus_followers_per_unit,
        rs.grace_reduction,
        rs.nonadjacent_cost_multiplier,
        rs.start_terrain,
    ) == (25, 10, 3, 5, 3, 2, 1, 1, 2, "M")


# --- TR-D13 load-time validation: one test per failure kind -----------------------------


def broken(mutate):
    doc = copy.deepcopy(raw_data())
    mutate(doc)
    return doc


def set_in(path, value):
    def mutate(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def reject(doc, *fragments):
    with pytest.raises(DataError) as info:
        parse_ruleset(doc)
    message = str(info.value)
    assert message.startswith("ruleset data: ")
    for fragment in fragments:
        assert fragment in message, message


def test_tr_d13_rejects_unknown_terrain_code():
    doc = broken(set_in(("landscape_tiles", "L03", 1), "MXV"))
    reject(doc, "landscape_tiles.L03 row 1 has an unknown terrain code 'X'")


def test_tr_d13_rejects_short_landscape_row():
    reject(broken(set_in(("landscape_tiles", "L02", 2), "FH")), "landscape_tiles.L02 row 2")


def test_tr_d13_rejects_landscape_tile_without_three_rows():
    reject(broken(set_in(("landscape_tiles", "L05"), ["MHM", "FVF"])), "landscape_tiles.L05")


def test_tr_d13_rejects_too_few_landscape_tiles():
    def mutate(doc):
        for tid in ("L08", "L09", "L10"):
            del doc["landscape_tiles"][tid]

    reject(broken(mutate), "landscape_tiles has 7 tiles")


@pytest.mark.parametrize("key", ["statues_per_field", "end_threshold"])
def test_tr_d13_rejects_chronicle_length(key):
    def mutate(doc):
        doc["chronicle"][key] = doc["chronicle"][key][:-1]

    reject(broken(mutate), f"chronicle.{key} must have length 10")


@pytest.mark.parametrize("weight", [0, -1, 1.5, True])
def test_tr_d13_rejects_non_positive_spinner_weight(weight):
    reject(broken(set_in(("spinner", "weights", 2), weight)), "spinner.weights[2]")


def test_tr_d13_rejects_spinner_weight_count():
    reject(broken(set_in(("spinner", "weights"), [50, 50])), "spinner.weights")


def test_tr_d13_rejects_non_positive_spinner_value():
    reject(broken(set_in(("spinner", "values", 0), 0)), "spinner.values[0]")


def test_tr_d13_rejects_design_without_meadow():
    # any design can be dealt to a face-up position (TR-S5), so every design needs one
    reject(broken(set_in(("landscape_tiles", "L09"), ["FHC", "FFH", "VFH"])),
           "landscape_tiles.L09 has no meadow")  # fmt: skip


def test_tr_d8_rejects_columns_not_players():
    reject(broken(set_in(("layout", "3", "columns"), 4)), "layout.3.columns must be 3")


def test_tr_d8_rejects_missing_layout():
    def mutate(doc):
        del doc["layout"]["2"]

    reject(broken(mutate), "layout.2 must be an object")


def test_tr_d8_rejects_face_down_column_out_of_range():
    reject(broken(set_in(("layout", "4", "face_down"), [0, 4])),
           "layout.4.face_down has column 4")  # fmt: skip


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        ([[2, 0]], "layout.3.face_down has tile [2, 0] outside rows 0-1, columns 0-2"),
        ([[0, 3]], "layout.3.face_down has tile [0, 3] outside"),
        ([[0, 0, 1]], "a tile is [row, column]"),
        ([0, [1, 0]], "layout.3.face_down lists tile [1, 0] twice"),
    ],
)
def test_tr_d8_rejects_bad_tile_positions(tiles, message):
    reject(broken(set_in(("layout", "3", "face_down"), tiles)), message)


def test_tr_d10_rejects_reveal_column_out_of_range():
    reject(broken(set_in(("layout", "2", "reveal_after_round"), {"3": [2]})),
           "layout.2.reveal_after_round.3 has column 2")  # fmt: skip


def test_tr_d10_rejects_revealing_face_up_column():
    reject(
        broken(set_in(("layout", "4", "reveal_after_round"), {"2": [1]})),
        "layout.4.reveal_after_round.2 reveals tile [0, 1], which is already face up",
    )


def test_tr_d10_rejects_revealing_a_column_twice():
    reject(broken(set_in(("layout", "3", "reveal_after_round"), {"2": [0], "4": [[1, 0]]})),
           "layout.3.reveal_after_round.4 reveals tile [1, 0]")  # fmt: skip


def test_tr_d10_rejects_reveal_round_out_of_range():
    reject(broken(set_in(("layout", "2", "reveal_after_round"), {"11": [1]})),
           "layout.2.reveal_after_round round 11")  # fmt: skip


@pytest.mark.parametrize("good", ["bread", "marble", "tools"])
def test_tr_d6_rejects_negative_cost(good):
    reject(
        broken(set_in(("terrains", "village", "cost", good), -1)), f"terrains.village.cost.{good}"
    )


def test_tr_d6_rejects_missing_cost_good():
    def mutate(doc):
        del doc["terrains"]["castle"]["cost"]["tools"]

    reject(broken(mutate), "terrains.castle.cost")


def test_tr_d6_rejects_capacity_below_one():
    reject(broken(set_in(("terrains", "castle", "capacity"), 0)), "terrains.castle.capacity")


def test_tr_d6_rejects_duplicate_code():
    reject(broken(set_in(("terrains", "forest", "code"), "M")), "terrains.")


def test_tr_d6_rejects_unknown_start_terrain():
    reject(broken(set_in(("start_terrain",), "swamp")), "start_terrain")


@pytest.mark.parametrize("players", ["2", "3", "4"])
def test_tr_d2_rejects_missing_followers_start(players):
    def mutate(doc):
        del doc["followers_start"][players]

    reject(broken(mutate), f"followers_start.{players}")


@pytest.mark.parametrize("goods", [["bread", "marble"], ["bread", "bread", "tools"], [1, 2, 3]])
def test_tr_d1_rejects_goods_not_three_names(goods):
    reject(broken(set_in(("goods",), goods)), "goods")


def test_tr_d1_rejects_missing_prefix():
    def mutate(doc):
        del doc["goods_tile_id_prefix"]["marble"]

    reject(broken(mutate), "goods_tile_id_prefix.marble")


def test_tr_d1_rejects_duplicate_template_index():
    reject(broken(set_in(("goods_tile_template", 4, "index"), 3)),
           "goods_tile_template indices must be unique")  # fmt: skip


def test_tr_d1_rejects_template_index_out_of_range():
    reject(broken(set_in(("goods_tile_template", 12, "index"), 14)),
           "goods_tile_template[12].index")  # fmt: skip


def test_tr_d1_rejects_template_value_below_one():
    reject(broken(set_in(("goods_tile_template", 0, "value"), 0)), "goods_tile_template[0].value")


@pytest.mark.parametrize("min_players", [1, 5, "2"])
def test_tr_d1_rejects_template_min_players(min_players):
    reject(broken(set_in(("goods_tile_template", 5, "min_players"), min_players)),
           "goods_tile_template[5].min_players")  # fmt: skip


@pytest.mark.parametrize(
    "key", ["king_tax", "max_rounds", "statues_per_player", "nonadjacent_cost_multiplier"]
)
def test_tr_d12_rejects_bad_scalar(key):
    reject(broken(set_in((key,), -1)), key)


def test_tr_d13_rejects_missing_field():
    def mutate(doc):
        del doc["spinner"]

    reject(broken(mutate), "missing field 'spinner'")


def test_tr_d13_rejects_non_object():
    reject([1, 2], "the document")


# --- --edition FILE ---------------------------------------------------------------------


def test_tr_d13_load_ruleset_file(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(raw_data()), encoding="utf-8")
    assert load_ruleset_file(good) == raw_data()
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match="not valid JSON"):
        load_ruleset_file(bad_json)
    with pytest.raises(DataError, match="cannot read"):
        load_ruleset_file(tmp_path / "missing.json")
    invalid = tmp_path / "invalid.json"
    invalid.write_text(json.dumps(broken(set_in(("king_tax",), "5"))), encoding="utf-8")
    with pytest.raises(DataError, match="king_tax"):
        load_ruleset_file(invalid)


def test_tr_d13_ruleset_from_text_is_cached_and_validates():
    raw = default_ruleset().raw
    assert ruleset_from_text(raw) is ruleset_from_text(raw)
    with pytest.raises(DataError):
        ruleset_from_text(json.dumps(broken(set_in(("max_rounds",), 0)), sort_keys=True))
