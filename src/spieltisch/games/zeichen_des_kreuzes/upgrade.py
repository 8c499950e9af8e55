"""State documents of older rules versions in today's data format (``Game.upgrade_state_data``).

* Versions 1 and 2 named each log event by ``"kind"`` (``{"kind": "move", ...}``), and the
  fight event carried its fight type as ``"type"``; since version 3 every event names
  itself by ``"type"``, as in every game, and the fight event's type is ``"fight"``.

Version 2 changed a rule (the papal reward, ZK-J2), not the data: its option is upgraded
by ``Game.legacy_options``."""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]


def upgrade_event(event: JSON) -> JSON:
    """One log event of versions 1 and 2 as version 3 writes it."""
    if "kind" not in event:
        return event
    out = {k: v for k, v in event.items() if k != "kind"}
    if event["kind"] == "fight":
        out["fight"] = out.pop("type", None)
    out["type"] = event["kind"]
    return out


def upgrade_data(data: JSON, version: int) -> JSON:
    """The ``data`` of a document of rules ``version`` in today's format."""
    if version < 3:
        log = data.get("log")
        if isinstance(log, list):
            data = {**data, "log": [upgrade_event(e) if isinstance(e, dict) else e for e in log]}
    return data
