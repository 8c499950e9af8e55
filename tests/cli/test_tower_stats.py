"""``spieltisch tower-stats``: the tower calibration table (ZK-T9) on the command line."""

from __future__ import annotations

import json

from .conftest import assert_user_error, run


def test_zk_t9_table_with_the_rules_reference_column() -> None:
    result = run(["tower-stats", "--throws", "200", "--seed", "1"])
    assert result.exit_code == 0, result.output
    for word in ("Rules", "ZK-T9", "0.65", "0.81", "8 own vs 5", "0.92", "S14", "S16", "S17"):
        assert word in result.output, word


def test_zk_t9_json_output_parses() -> None:
    result = run(["tower-stats", "-n", "150", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["throws"] == 150 and data["model"] == "B"
    assert len(data["rows"]) == 30
    assert data["rows"][0]["reference"] == 0.65


def test_zk_o6_model_a_and_params() -> None:
    result = run(["tower-stats", "--model", "A", "-n", "100", "--json", "--params", "p_old=0.5"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["model"] == "A" and data["params"]["p_old"] == 0.5


def test_bad_model_and_params_are_user_errors_zk_o6_o7() -> None:
    assert_user_error(run(["tower-stats", "--model", "C", "-n", "10"]), "tower_model", "ZK-O6")
    assert_user_error(run(["tower-stats", "-n", "10", "--params", "x=1"]), "'x'", "ZK-O7")
