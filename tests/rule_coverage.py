"""Shared check that every rule id of a game's rules file is cited by that game's tests.

Ids are read from ``<repo>/../shared/rules/<file>`` (``shared/`` sits beside the repository);
where that file is missing, a game's embedded fallback list stands in. A test cites an id by
writing it (``MD-R14``) in a comment, a docstring or a message, or, where a game allows it,
by its test-name form (``md_r14``)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

SHARED_RULES = Path(__file__).resolve().parents[1].parent / "shared" / "rules"


@dataclass(frozen=True)
class RuleCoverage:
    rules_file: str  # e.g. "medina.md"
    prefix: str  # e.g. "MD"
    fallback: tuple[str, ...]  # the ids, for when the rules file is not there
    test_dir: Path
    glob: str = "*.py"  # which files of test_dir may cite
    names: bool = True  # whether test_md_r14_... cites MD-R14

    @property
    def path(self) -> Path:
        return SHARED_RULES / self.rules_file

    def _ids(self, text: str) -> set[str]:
        found = re.findall(rf"\b{self.prefix}-([A-Z]+)(\d+)\b", text)
        return {f"{self.prefix}-{kind}{int(num)}" for kind, num in found}

    def rule_ids(self) -> set[str]:
        if self.path.is_file():
            return self._ids(self.path.read_text(encoding="utf-8"))
        return set(self.fallback)

    def cited(self, exclude: Iterable[str] = ()) -> set[str]:
        skip = set(exclude)
        out: set[str] = set()
        for path in sorted(self.test_dir.glob(self.glob)):
            if path.name in skip:
                continue  # the fallback list itself must not count as a citation
            text = path.read_text(encoding="utf-8")
            out |= self._ids(text)
            if self.names:
                for kind, num in re.findall(rf"{self.prefix.lower()}_([a-z]+)(\d+)(?!\d)", text):
                    out.add(f"{self.prefix}-{kind.upper()}{int(num)}")
        return out

    def missing(self, exclude: Iterable[str] = ()) -> list[str]:
        def order(rule: str) -> tuple[str, int]:
            kind, num = re.fullmatch(r"[A-Z]+-([A-Z]+)(\d+)", rule).groups()  # type: ignore[union-attr]
            return kind, int(num)

        return sorted(self.rule_ids() - self.cited(exclude), key=order)

    def fallback_is_current(self) -> bool:
        return not self.path.is_file() or self.rule_ids() == set(self.fallback)
