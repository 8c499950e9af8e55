"""Records saved before ruleset reconstructed-2 (rules version 1: the consolation for
anyone who built nothing, 3 players with 4 of 6 tiles face down, no ``consolation``
option) still replay exactly (TR-R21, TR-D8, TR-D10).

The fixtures in ``legacy/`` were written by the engine of rules version 1 from seeded bot
games (random bots pass turns they could build in), with a fingerprint of the final state:
scores, followers, the number of consolations, the fog per tile column and its events, and
SHA-256 digests of the state's data (without the fog, whose format changed from columns to
tile positions) and chance documents."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import spieltisch
from spieltisch.engine import GameRecord, RecordError, replay
from spieltisch.engine.errors import StateFormatError

LEGACY = Path(__file__).resolve().parent / "legacy"
FIXTURES = sorted(LEGACY.glob("tr_*.json"))
GAME = spieltisch.game("tumult-royal")


def _digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()


def _load(path: Path) -> tuple[GameRecord, dict[str, Any]]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    return GameRecord.from_json(doc["record"]), doc["final"]


def _columns(face_up: list[bool]) -> list[bool]:
    """Fog per tile column from fog per tile position (both rows of a column alike)."""
    n = len(face_up) // 2
    assert face_up[:n] == face_up[n:], "a column half face down cannot be written per column"
    return face_up[:n]


def _as_version_1(data: dict[str, Any]) -> tuple[dict[str, Any], list[bool], list[Any]]:
    """The state data without its fog, the fog per column and the fog events, as rules
    version 1 wrote them."""
    data = dict(data)
    face_up = _columns(data.pop("face_up"))
    fog = [e for e in data["events"] if e["type"] == "fog"]
    data["events"] = [e for e in data["events"] if e["type"] != "fog"]
    old_fog = [{"type": "fog", "columns": sorted({c for _, c in e["tiles"]})} for e in fog]
    return data, face_up, old_fog


def test_fixtures_are_records_of_version_1_without_the_option() -> None:
    assert {p.stem.split("_")[1] for p in FIXTURES} == {"2p", "3p", "4p"}
    for path in FIXTURES:
        record, final = _load(path)
        assert record.version == 1 and "consolation" not in record.options
        assert record.options["ruleset_data"] == "default"
        assert final["no_build_events"] > 0


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_version_1_record_replays_exactly(path: Path) -> None:
    """A record that lacks ``consolation`` plays by ``built_nothing`` and the data of its
    day, ruleset reconstructed-1."""
    record, final = _load(path)
    state = replay(record)
    assert state.options["consolation"] == "built_nothing"
    assert state.options["ruleset_data"] == "reconstructed-1"
    doc = state.to_json()
    data, face_up, fog = _as_version_1(doc["data"])
    assert _digest(data) == final["data_sha256"]
    assert _digest(doc["chance"]) == final["chance_sha256"]
    assert face_up == final["face_up_columns"] and fog == final["fog_events"]
    assert state.scores() == final["scores"] and state.winners() == final["winners"]
    assert data["followers"] == final["followers"]
    # saved again, the record names the options and the current rules version
    again = state.record()
    assert again.version == GAME.version == 2
    assert again.options["consolation"] == "built_nothing"
    assert replay(again).to_json() == doc


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_the_new_defaults_would_play_those_moves_differently(path: Path) -> None:
    """The legacy values matter: under the defaults the same moves do not reach the
    recorded final state (or stop being legal)."""
    record, final = _load(path)
    record.version = 2  # as if written by this engine without options
    record.options = {k: v for k, v in record.options.items() if k != "ruleset_data"}
    try:
        state = replay(record)
    except RecordError:
        return
    assert state.scores() != final["scores"] or (
        _digest(_as_version_1(state.to_json()["data"])[0]) != final["data_sha256"]
    )


def test_version_1_state_document_loads_with_the_old_rules() -> None:
    """A state saved by rules version 1 (fog per column) loads on ruleset
    reconstructed-1 with ``built_nothing`` and plays on."""
    record, _ = _load(next(p for p in FIXTURES if "3p" in p.stem))
    record.moves = record.moves[:60]
    state = replay(record)
    doc = state.to_json()
    doc["version"] = 1
    doc["options"] = {k: v for k, v in doc["options"].items() if k != "consolation"}
    doc["options"]["ruleset_data"] = "default"
    doc["data"] = dict(doc["data"], face_up=_columns(doc["data"]["face_up"]))
    back = GAME.state_from_json(doc)
    assert back.options["consolation"] == "built_nothing"
    assert back.options["ruleset_data"] == "reconstructed-1"
    assert back.to_json()["data"] == state.to_json()["data"]


def test_a_bad_version_1_state_names_the_problem() -> None:
    record, _ = _load(FIXTURES[0])
    doc = replay(record).to_json()
    doc["version"] = 1
    del doc["data"]["face_up"]
    with pytest.raises(StateFormatError, match="rules version 1"):
        GAME.state_from_json(doc)
