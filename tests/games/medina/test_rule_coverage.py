"""Every rule id of the Medina rules file is cited by a test in this directory."""

from __future__ import annotations

from pathlib import Path

from ...rule_coverage import RuleCoverage

COVERAGE = RuleCoverage(
    rules_file="medina.md",
    prefix="MD",
    fallback=tuple(
        [f"MD-D{i}" for i in range(1, 10)]
        + ["MD-S1", "MD-S2"]
        + [f"MD-R{i}" for i in range(1, 71)]
        + [f"MD-E{i}" for i in range(1, 26)]
        + [f"MD-X{i}" for i in range(1, 6)]
    ),
    test_dir=Path(__file__).resolve().parent,
)


def test_every_rule_id_is_cited() -> None:
    assert len(COVERAGE.rule_ids()) >= len(COVERAGE.fallback)
    missing = COVERAGE.missing(exclude=[Path(__file__).name])
    assert not missing, f"rule ids without a test: {missing}"


def test_embedded_list_matches_the_rules_file() -> None:
    assert COVERAGE.fallback_is_current()
