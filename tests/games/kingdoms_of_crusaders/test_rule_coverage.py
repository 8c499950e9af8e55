"""Every rule id of the rules file (KC-R*, KC-E*, KC-X*) is cited by a test of this directory,
in a comment, a docstring or a test name (``kc_r12`` cites KC-R12)."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]  # tests/games/kingdoms_of_crusaders -> repository root
RULES = REPO.parent / "shared" / "rules" / "kingdoms_of_crusaders.md"

ID = re.compile(r"\bKC-([REX])(\d+)\b")
NAME = re.compile(r"kc_([rex])(\d+)(?!\d)")

# used only when the rules file is not available next to the repository
FALLBACK_IDS = (
    [f"KC-R{i}" for i in range(1, 38)]
    + [f"KC-E{i}" for i in range(1, 27)]
    + [f"KC-X{i}" for i in range(1, 7)]
)


def rule_ids() -> set[str]:
    if RULES.is_file():
        text = RULES.read_text(encoding="utf-8")
        return {f"KC-{kind}{int(num)}" for kind, num in ID.findall(text)}
    return set(FALLBACK_IDS)


def cited_ids() -> set[str]:
    cited: set[str] = set()
    for path in sorted(HERE.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue  # the fallback list above must not count as a citation
        text = path.read_text(encoding="utf-8")
        cited |= {f"KC-{kind}{int(num)}" for kind, num in ID.findall(text)}
        cited |= {f"KC-{kind.upper()}{int(num)}" for kind, num in NAME.findall(text)}
    return cited


def test_every_rule_id_is_cited() -> None:
    ids = rule_ids()
    assert len(ids) >= 37 + 26 + 6
    missing = sorted(ids - cited_ids(), key=lambda i: (i[3], int(i[4:])))
    assert not missing, f"rule ids without a test: {', '.join(missing)}"


def test_the_fallback_list_matches_the_rules_file() -> None:
    if RULES.is_file():
        assert rule_ids() == set(FALLBACK_IDS)
    else:
        assert len(FALLBACK_IDS) == 69
