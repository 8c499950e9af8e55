"""Every rule id of the Tumult Royal rules file is cited by a test in this directory."""

from __future__ import annotations

from pathlib import Path

from ...rule_coverage import RuleCoverage

COVERAGE = RuleCoverage(
    rules_file="tumult_royal.md",
    prefix="TR",
    fallback=tuple(
        [f"TR-D{i}" for i in range(1, 14)]
        + [f"TR-S{i}" for i in range(1, 9)]
        + [f"TR-R{i}" for i in range(1, 32)]
        + [f"TR-G{i}" for i in range(1, 17)]
        + [f"TR-V{i}" for i in range(1, 7)]
        + [f"TR-H{i}" for i in range(1, 8)]
        + [f"TR-E{i}" for i in range(1, 31)]
        + [f"TR-X{i}" for i in range(1, 6)]
    ),
    test_dir=Path(__file__).resolve().parent,
    names=False,  # literal ids only, in names' comments and docstrings
)


def test_every_rule_id_is_cited() -> None:
    assert len(COVERAGE.rule_ids()) >= len(COVERAGE.fallback)
    missing = COVERAGE.missing(exclude=[Path(__file__).name])
    assert not missing, f"rule ids without a test: {missing}"


def test_embedded_list_matches_the_rules_file() -> None:
    assert COVERAGE.fallback_is_current()
