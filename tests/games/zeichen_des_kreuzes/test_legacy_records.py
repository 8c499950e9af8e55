"""Records saved before spec version 2 (papal reward on declaring, no ``papal_reward``
option, rules version 1) still replay exactly (ZK-J2, ZK-O12).

The fixtures in ``legacy/`` were written by the engine of rules version 1 from seeded bot
games, with a fingerprint of the final state: scores, treasure, the siege events and
SHA-256 digests of the state's data and chance documents."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import spieltisch
from spieltisch.engine import GameRecord, RecordError, replay

LEGACY = Path(__file__).resolve().parent / "legacy"
FIXTURES = sorted(LEGACY.glob("zk_*.json"))


def _digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()


def _as_version_2(data: dict[str, Any]) -> dict[str, Any]:
    """The data as rules version 2 wrote it: log events named by "kind", the fight event's
    type as "type" (version 3 renamed them, ``upgrade``)."""
    log = []
    for event in data["log"]:
        old = {k: v for k, v in event.items() if k not in ("type", "fight")}
        old["kind"] = event["type"]
        if event["type"] == "fight":
            old["type"] = event["fight"]
        log.append(old)
    return {**data, "log": log}


def _load(path: Path) -> tuple[GameRecord, dict[str, Any]]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    return GameRecord.from_json(doc["record"]), doc["final"]


def test_fixtures_are_records_of_version_1_without_the_option() -> None:
    assert len(FIXTURES) == 2
    for path in FIXTURES:
        record, final = _load(path)
        assert record.version == 1 and "papal_reward" not in record.options
        assert any(e["reward"] > 0 for e in final["sieges"])  # the old rule paid something


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_version_1_record_replays_exactly(path: Path) -> None:
    """ZK-O12: a record that lacks the option plays by ``papal_reward = declaration``."""
    record, final = _load(path)
    state = replay(record)
    assert state.options["papal_reward"] == "declaration"
    doc = state.to_json()
    assert _digest(_as_version_2(doc["data"])) == final["data_sha256"]
    assert _digest(doc["chance"]) == final["chance_sha256"]
    assert state.scores() == final["scores"] and state.winners() == final["winners"]
    assert doc["data"]["treasure"] == final["treasure"]
    sieges = [e for e in _as_version_2(doc["data"])["log"] if e["kind"] == "siege"]
    assert sieges == final["sieges"]
    # saved again, the record names the option and the current rules version
    again = state.record()
    assert again.version == spieltisch.game("im-zeichen-des-kreuzes").version == 3
    assert again.options["papal_reward"] == "declaration"
    assert replay(again).to_json() == doc


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_the_new_default_would_play_those_moves_differently(path: Path) -> None:
    """The legacy value matters: under the default ``lost_siege`` the same moves do not
    reach the recorded final state (or stop being legal)."""
    record, final = _load(path)
    record.version = 2  # as if the record had been written by this engine without options
    try:
        state = replay(record)
    except RecordError:
        return
    assert _digest(_as_version_2(state.to_json()["data"])) != final["data_sha256"]


def test_version_1_state_document_loads_with_the_old_rule() -> None:
    """A state saved by rules version 1 loads, playing on by ``declaration``."""
    record, _ = _load(FIXTURES[0])
    record.moves = record.moves[:40]
    doc = replay(record).to_json()
    current = doc["data"]
    doc["version"] = 1
    doc["options"].pop("papal_reward")
    doc["data"] = _as_version_2(current)  # version 1 wrote the log as version 2 did
    game = spieltisch.game("im-zeichen-des-kreuzes")
    state = game.state_from_json(doc)
    assert state.options["papal_reward"] == "declaration"
    assert state.to_json()["data"] == current


def test_newer_records_are_refused() -> None:
    record, _ = _load(FIXTURES[0])
    record.version = 4
    with pytest.raises(RecordError, match="rules version 4"):
        replay(record)
