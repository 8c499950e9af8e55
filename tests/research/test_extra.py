"""The research extra stays optional: its libraries are imported only by
``spieltisch.research``, and a missing one gives an error naming the install command."""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from pathlib import Path

import pytest

import spieltisch.research

SRC = Path(spieltisch.research.__file__).resolve().parents[1]
OPTIONAL = ("numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel")
# the benchmark times OpenSpiel's reference games beside ours (DESIGN.md §7), when installed
ALSO_ALLOWED = {"analysis/bench_openspiel.py": {"pyspiel", "open_spiel"}}


def test_only_the_research_package_imports_the_optional_libraries() -> None:
    pattern = re.compile(r"^\s*(?:from|import)\s+(" + "|".join(OPTIONAL) + r")\b", re.M)
    offenders = []
    for path in SRC.rglob("*.py"):
        relative = path.relative_to(SRC)
        if relative.parts[0] == "research":
            continue
        allowed = ALSO_ALLOWED.get(relative.as_posix(), set())
        for found in pattern.findall(path.read_text(encoding="utf-8")):
            if found not in allowed:
                offenders.append(f"{relative}: {found}")
    assert not offenders, offenders


@pytest.mark.parametrize(
    ("module", "blocked"),
    [
        ("spieltisch.research.pettingzoo", "pettingzoo"),
        ("spieltisch.research.openspiel", "pyspiel"),
        ("spieltisch.research.gym", "gymnasium"),
    ],
)
def test_a_missing_library_names_the_extra(
    module: str, blocked: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a None entry in sys.modules makes "import blocked" fail as if it were not installed;
    # the module under test is imported afresh and put back afterwards
    monkeypatch.setitem(sys.modules, blocked, None)
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError, match=re.escape("pip install -e '.[research]'")) as info:
        importlib.import_module(module)
    missing = [
        name
        for name in OPTIONAL
        if name != blocked and name != "open_spiel" and importlib.util.find_spec(name) is None
    ]
    # the first missing library is named: the blocked one, unless another is missing too
    assert blocked in str(info.value) or any(name in str(info.value) for name in missing)


def test_the_research_package_itself_needs_no_extra() -> None:
    assert spieltisch.research.INSTALL_HINT == "pip install -e '.[research]'"


def test_explicit_chance_needs_no_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replaying a game's record with its chosen chance outcomes works without OpenSpiel."""
    for blocked in OPTIONAL:
        monkeypatch.setitem(sys.modules, blocked, None)
    monkeypatch.delitem(sys.modules, "spieltisch.research.explicit_chance", raising=False)
    module = importlib.import_module("spieltisch.research.explicit_chance")
    from .toy_encoding import TOY

    state = module.replay_explicit(TOY.new_game(2).record(), [0, 0, 0, 0], TOY)
    assert state.prize == 1 and state.prizes == [2, 3, 4, 5]  # outcome 0: swap with the first
