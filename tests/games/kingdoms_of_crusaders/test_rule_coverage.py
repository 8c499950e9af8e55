"""Every rule id of the rules file (KC-R*, KC-E*, KC-X*) is cited by a test of this directory,
in a comment, a docstring or a test name (``kc_r12`` cites KC-R12)."""

from __future__ import annotations

from pathlib import Path

from ...rule_coverage import RuleCoverage

COVERAGE = RuleCoverage(
    rules_file="kingdoms_of_crusaders.md",
    prefix="KC",
    fallback=tuple(
        [f"KC-R{i}" for i in range(1, 38)]
        + [f"KC-E{i}" for i in range(1, 27)]
        + [f"KC-X{i}" for i in range(1, 7)]
    ),
    test_dir=Path(__file__).resolve().parent,
    glob="test_*.py",
)


def test_every_rule_id_is_cited() -> None:
    assert len(COVERAGE.rule_ids()) >= 37 + 26 + 6
    missing = COVERAGE.missing(exclude=[Path(__file__).name])
    assert not missing, f"rule ids without a test: {', '.join(missing)}"


def test_the_fallback_list_matches_the_rules_file() -> None:
    assert COVERAGE.fallback_is_current()
    assert len(COVERAGE.fallback) == 69
