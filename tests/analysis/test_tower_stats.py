"""The tower calibration by simulation (``spieltisch tower-stats``): ZK-T9 and anchors S14, S16,
S17 of Im Zeichen des Kreuzes."""

from __future__ import annotations

import json

import pytest

from spieltisch.engine.errors import OptionError
from spieltisch.games.zeichen_des_kreuzes import tower_stats as ts


@pytest.fixture(scope="module")
def model_b() -> ts.TowerStats:
    return ts.tower_stats("B", throws=1500, seed=3)


def test_zk_t9_rows_of_model_b(model_b: ts.TowerStats) -> None:
    figures = [r.figure for r in model_b.rows]
    assert figures[:5] == [f"n = {n}" for n in (1, 3, 5, 8, 12)]
    assert "mean tower content" in figures and "share on the upper shelf" in figures
    assert "release rate of lodged cubes" in figures
    assert sum(r.figure.endswith("green") for r in model_b.rows) == 21
    assert len(model_b.rows) == 5 + 4 + 21
    for row in model_b.rows:
        assert row.reference is not None and row.difference is not None
        assert row.source in ("ZK-T9", "S14")
    for row in model_b.rows:
        if "green" in row.figure or row.figure.startswith("n ="):
            assert abs(row.difference or 0) < 0.05, row  # ZK-T9 within sampling noise
    assert model_b.row("n = 1").reference == 0.65
    assert model_b.row("5 own vs 5 green").reference == 0.35
    assert abs(model_b.row("mean tower content").measured - 4.9) < 0.4


def test_zk_t9_reference_constants_match_the_rules_table() -> None:
    assert ts.REF_WIN_B[1, 2] == 0.07 and ts.REF_WIN_B[8, 5] == 0.92
    assert ts.REF_WIN_B[4, 3] == 0.60 and len(ts.REF_WIN_B) == 21
    assert ts.REF_PASS_B == {1: 0.65, 3: 0.69, 5: 0.72, 8: 0.76, 12: 0.81}
    assert (ts.REF_MEAN_CONTENT_B, ts.REF_SD_CONTENT_B, ts.REF_MEAN_CONTENT_A) == (4.9, 2.2, 8.0)


def test_context_lines_cite_the_anchors(model_b: ts.TowerStats) -> None:
    """S14 (2/3 and 1/3), S16 (about 5 inside), S17 (9 in, 2 out)."""
    assert [c.source for c in model_b.context] == ["S14", "S14", "S16", "S17"]
    assert all(c.measured for c in model_b.context)


def test_json_is_machine_readable(model_b: ts.TowerStats) -> None:
    data = json.loads(json.dumps(model_b.to_json()))
    assert data["model"] == "B" and data["throws"] == 1500 and data["seed"] == 3
    assert data["params"] == {"s0": 0.19, "K": 25, "d": 0.065}
    assert len(data["rows"]) == 30
    assert {"figure", "measured", "reference", "difference", "within"} <= set(data["rows"][0])


def test_zk_t4_model_a_rows() -> None:
    stats = ts.tower_stats("A", throws=600, seed=1)
    assert abs(stats.row("n = 5").measured - 2 / 3) < 0.05  # p_new, anchor S14
    assert abs(stats.row("release rate of lodged cubes").measured - 1 / 3) < 0.05  # p_old
    assert stats.row("mean tower content").reference == 8.0  # ZK-T9, Model A
    assert abs(stats.row("mean tower content").measured - 8.0) < 0.8
    assert stats.row("3 own vs 3 green").reference is None
    with pytest.raises(KeyError):
        stats.row("share on the upper shelf")


def test_same_seed_same_figures() -> None:
    """ZK-T7: the simulation is reproducible."""
    assert ts.tower_stats("B", 100, 7).to_json() == ts.tower_stats("B", 100, 7).to_json()


def test_bad_options_zk_o6_o7() -> None:
    with pytest.raises(OptionError, match="ZK-O6"):
        ts.tower_stats("C", 10)
    with pytest.raises(OptionError, match="p_new"):
        ts.tower_stats("B", 10, params={"p_new": 0.5})
