"""Every rule id of the Tumult Royal rules file is cited by a test in this directory."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES = HERE.parents[2] / ".." / "shared" / "rules" / "tumult_royal.md"
ID = re.compile(r"TR-[A-Z]+\d+")

EMBEDDED = (
    [f"TR-D{i}" for i in range(1, 14)]
    + [f"TR-S{i}" for i in range(1, 9)]
    + [f"TR-R{i}" for i in range(1, 32)]
    + [f"TR-G{i}" for i in range(1, 17)]
    + [f"TR-V{i}" for i in range(1, 7)]
    + [f"TR-H{i}" for i in range(1, 8)]
    + [f"TR-E{i}" for i in range(1, 31)]
    + [f"TR-X{i}" for i in range(1, 6)]
)


def rule_ids() -> set[str]:
    if RULES.is_file():
        return set(ID.findall(RULES.read_text("utf-8")))
    return set(EMBEDDED)


def cited() -> set[str]:
    out: set[str] = set()
    for path in HERE.glob("*.py"):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text("utf-8")
        out.update(ID.findall(text))  # literal ids in names' comments and docstrings
    return out


def test_every_rule_id_is_cited():
    ids = rule_ids()
    assert len(ids) >= len(EMBEDDED)
    missing = sorted(ids - cited(), key=lambda i: (i[3], int(i[4:])))
    assert not missing, f"rule ids without a test: {missing}"


def test_embedded_list_matches_the_rules_file():
    if RULES.is_file():
        assert rule_ids() == set(EMBEDDED)
