"""Every rule id of the Im Zeichen des Kreuzes rules file is cited by a test in this
directory (event cards ZK-EV01 ... count as ZK-EV1 ...)."""

from __future__ import annotations

from pathlib import Path

from ...rule_coverage import RuleCoverage

_COUNTS = {
    "S": 10,
    "R": 38,
    "C": 14,
    "T": 9,
    "J": 12,
    "EV": 14,
    "W": 5,
    "H": 8,
    "O": 12,
    "E": 50,
    "X": 5,
}

COVERAGE = RuleCoverage(
    rules_file="zeichen_des_kreuzes.md",
    prefix="ZK",
    fallback=tuple(f"ZK-{kind}{i}" for kind, n in _COUNTS.items() for i in range(1, n + 1)),
    test_dir=Path(__file__).resolve().parent,
    names=False,  # literal ids only, in comments and docstrings
)


def test_every_rule_id_is_cited() -> None:
    assert len(COVERAGE.rule_ids()) >= len(COVERAGE.fallback)
    missing = COVERAGE.missing(exclude=[Path(__file__).name])
    assert not missing, f"rule ids without a test: {missing}"


def test_embedded_list_matches_the_rules_file() -> None:
    assert COVERAGE.fallback_is_current()
