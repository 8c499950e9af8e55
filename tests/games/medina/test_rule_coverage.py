"""Every rule id of the Medina rules file is cited by a test in this directory."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES = HERE.parents[2] / ".." / "shared" / "rules" / "medina.md"
ID = re.compile(r"MD-[DSREX]\d+")

EMBEDDED = (
    [f"MD-D{i}" for i in range(1, 10)]
    + ["MD-S1", "MD-S2"]
    + [f"MD-R{i}" for i in range(1, 71)]
    + [f"MD-E{i}" for i in range(1, 26)]
    + [f"MD-X{i}" for i in range(1, 6)]
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
        out.update(ID.findall(text))
        # test names use underscores: test_md_r41_... cites MD-R41
        out.update(
            f"MD-{m.group(1).upper()}{m.group(2)}" for m in re.finditer(r"md_([dsrex])(\d+)", text)
        )
    return out


def test_every_rule_id_is_cited():
    ids = rule_ids()
    assert len(ids) >= len(EMBEDDED)
    missing = sorted(ids - cited(), key=lambda i: (i[3], int(i[4:])))
    assert not missing, f"rule ids without a test: {missing}"


def test_embedded_list_matches_the_rules_file():
    if RULES.is_file():
        assert rule_ids() == set(EMBEDDED)
